/*
 * lz4_frame.c - the frame layer: magic numbers, frame headers, skippable
 * frames, block headers, block checksums and end marks.
 *
 *   frame     := magic FLG BD [content size] [dict ID] HC block* end
 *   block     := size (bit 31: stored) data [checksum]
 *   end       := 0x00000000 [content checksum]
 *   skippable := magic (0x184D2A5x) size data
 *
 * Technique: every fixed field is read with tdi_input_peek(), which stages
 * the bytes of a field that straddles two spans; the frame header is
 * peeked in growing steps (magic, then FLG and BD, then its whole length)
 * so that each check reads only bytes it needs and reports the offset of
 * the byte that failed it. Checks run in a fixed order: FLG, BD, header
 * checksum, dictionary.
 */
#include "lz4_internal.h"

#define FRAME_HEADER_MIN 7 /* magic, FLG, BD, HC */

static int stall(td_lz4_decoder *d, uint64_t offset, const char *reason)
{
    return tdi_input_stall(&d->in, &d->fault, offset, reason);
}

static int skippable_header(td_lz4_decoder *d)
{
    const uint8_t *p = tdi_input_peek(&d->in, 8);
    if (p == NULL)
        return stall(d, d->frame_offset,
                     TDI_REASON("input ends inside a skippable frame's "
                               "header"));
    d->skip_magic = tdi_le32(p);
    d->skip_bytes = d->skip_left = tdi_le32(p + 4);
    tdi_input_take(&d->in, 8);
    d->state = LS_SKIP;
    return TDI_AGAIN;
}

int tdi_lz4_magic(td_lz4_decoder *d)
{
    const uint8_t *p;
    uint32_t magic;
    int more = tdi_input_probe(&d->in);
    if (more < 0)
        return TD_NEED_INPUT;
    if (more == 0 && d->frame == 0)
        return tdi_fail(&d->fault, TD_E_TRUNCATED, 0,
                       TDI_REASON("input ends before the first frame"));
    if (more == 0) {
        d->state = LS_DONE;
        return TD_END;
    }
    d->frame_offset = tdi_input_tell(&d->in);
    p = tdi_input_peek(&d->in, 4);
    if (p == NULL)
        return stall(d, d->frame_offset,
                     TDI_REASON("input ends inside a frame's magic number"));
    magic = tdi_le32(p);
    if (magic == LZ4_MAGIC) {
        d->state = LS_FRAME_HEADER;
        return TDI_AGAIN;
    }
    if ((magic & LZ4_SKIPPABLE_MASK) == LZ4_SKIPPABLE_MAGIC)
        return skippable_header(d);
    if (magic == LZ4_LEGACY_MAGIC)
        return tdi_fail(&d->fault, TD_E_LZ4_MAGIC, d->frame_offset,
                       TDI_REASON("legacy LZ4 format (magic 0x184c2102) is "
                                 "not supported"));
    return tdi_fail(&d->fault, TD_E_LZ4_MAGIC, d->frame_offset,
                   TDI_REASON("magic number is neither an LZ4 frame "
                             "(0x184d2204) nor a skippable frame "
                             "(0x184d2a50-5f)"));
}

/* FLG and BD (at p + 4 and p + 5) leave a header we can decode. */
static int check_descriptor(td_lz4_decoder *d, const uint8_t *p)
{
    uint8_t flg = p[4], bd = p[5];
    if (flg >> 6 != 1)
        return tdi_fail(&d->fault, TD_E_LZ4_VERSION, d->frame_offset + 4,
                       TDI_REASON("FLG version bits are not 01"));
    if (flg & LZ4_FLG_RESERVED)
        return tdi_fail(&d->fault, TD_E_LZ4_VERSION, d->frame_offset + 4,
                       TDI_REASON("FLG reserved bit 1 is set"));
    if (bd & 0x8fu)
        return tdi_fail(&d->fault, TD_E_LZ4_BLOCK_SIZE, d->frame_offset + 5,
                       TDI_REASON("BD reserved bits (7, 3-0) are set"));
    if ((bd >> 4) < 4)
        return tdi_fail(&d->fault, TD_E_LZ4_BLOCK_SIZE, d->frame_offset + 5,
                       TDI_REASON("BD block maximum size is not 4-7 "
                                 "(64 KiB to 4 MiB)"));
    return TD_OK;
}

static size_t header_length(uint8_t flg)
{
    return FRAME_HEADER_MIN + ((flg & LZ4_FLG_CONTENT_SIZE) ? 8 : 0) +
           ((flg & LZ4_FLG_DICT_ID) ? 4 : 0);
}

/* HC: the second byte of the xxHash32 of the descriptor (FLG to dict ID). */
static uint8_t header_checksum(const uint8_t *p, size_t len)
{
    td_xxh32 h;
    td_xxh32_init(&h, 0);
    td_xxh32_update(&h, p + 4, len - 5);
    return (uint8_t)(td_xxh32_digest(&h) >> 8);
}

static void start_frame(td_lz4_decoder *d, const uint8_t *p)
{
    d->flags = p[4];
    d->block_max = 1u << (2 * (p[5] >> 4) + 8);
    d->content_size = (d->flags & LZ4_FLG_CONTENT_SIZE) ? tdi_le64(p + 6) : 0;
    d->frame_out = 0;
    td_xxh32_init(&d->content_hash, 0);
    d->state = LS_BLOCK_HEADER;
}

static int frame_event(td_lz4_decoder *d, td_lz4_event *ev, size_t len)
{
    ev->kind = TD_LZ4_EV_FRAME;
    ev->offset = d->frame_offset;
    ev->size = len;
    ev->frame = d->frame;
    ev->frame_header.independent_blocks =
        (d->flags & LZ4_FLG_INDEPENDENT) != 0;
    ev->frame_header.block_checksum = (d->flags & LZ4_FLG_BLOCK_CHECKSUM) != 0;
    ev->frame_header.content_checksum =
        (d->flags & LZ4_FLG_CONTENT_CHECKSUM) != 0;
    ev->frame_header.has_content_size = (d->flags & LZ4_FLG_CONTENT_SIZE) != 0;
    ev->frame_header.block_max = d->block_max;
    ev->frame_header.content_size = d->content_size;
    return TD_EVENT;
}

int tdi_lz4_frame_header(td_lz4_decoder *d, td_lz4_event *ev)
{
    const uint8_t *p = tdi_input_peek(&d->in, 6);
    size_t len;
    int rc;
    if (p == NULL)
        return stall(d, d->frame_offset,
                     TDI_REASON("input ends inside a frame header"));
    rc = check_descriptor(d, p);
    if (rc != TD_OK)
        return rc;
    len = header_length(p[4]);
    p = tdi_input_peek(&d->in, len);
    if (p == NULL)
        return stall(d, d->frame_offset,
                     TDI_REASON("input ends inside a frame header"));
    if (header_checksum(p, len) != p[len - 1])
        return tdi_fail(&d->fault, TD_E_LZ4_HEADER_CHECKSUM,
                       d->frame_offset + len - 1,
                       TDI_REASON("header checksum is not the second byte "
                                 "of the xxHash32 of the descriptor"));
    if (p[4] & LZ4_FLG_DICT_ID)
        return tdi_fail(&d->fault, TD_E_LZ4_DICTIONARY,
                       d->frame_offset + len - 5,
                       TDI_REASON("frame needs a dictionary (dictID field); "
                                 "dictionaries are not supported"));
    start_frame(d, p);
    tdi_input_take(&d->in, len);
    return frame_event(d, ev, len);
}

int tdi_lz4_skip(td_lz4_decoder *d, td_lz4_event *ev)
{
    while (d->skip_left > 0) {
        uint64_t n = tdi_input_skip(&d->in, d->skip_left);
        if (n == 0)
            return stall(d, d->frame_offset,
                         TDI_REASON("input ends inside a skippable frame"));
        d->skip_left -= (uint32_t)n;
    }
    ev->kind = TD_LZ4_EV_SKIPPABLE;
    ev->offset = d->frame_offset;
    ev->size = 8 + (uint64_t)d->skip_bytes;
    ev->frame = d->frame++;
    ev->skippable.magic = d->skip_magic;
    ev->skippable.bytes = d->skip_bytes;
    d->state = LS_MAGIC;
    return TD_EVENT;
}

/* The end mark, and the content size and checksum it closes. */
static int end_mark(td_lz4_decoder *d, td_lz4_event *ev)
{
    bool checksum = (d->flags & LZ4_FLG_CONTENT_CHECKSUM) != 0;
    size_t len = checksum ? 8 : 4;
    const uint8_t *p = tdi_input_peek(&d->in, len);
    if (p == NULL)
        return stall(d, d->block_offset,
                     checksum ? TDI_REASON("input ends inside the end mark "
                                          "or content checksum")
                              : TDI_REASON("input ends inside the end mark"));
    if ((d->flags & LZ4_FLG_CONTENT_SIZE) && d->frame_out != d->content_size)
        return tdi_fail(&d->fault, TD_E_LZ4_CONTENT_SIZE, d->block_offset,
                       TDI_REASON("frame ends short of its content size"));
    if (checksum && tdi_le32(p + 4) != td_xxh32_digest(&d->content_hash))
        return tdi_fail(&d->fault, TD_E_LZ4_CONTENT_CHECKSUM,
                       d->block_offset + 4,
                       TDI_REASON("content checksum is not the xxHash32 of "
                                 "the frame's output"));
    tdi_input_take(&d->in, len);
    ev->kind = TD_LZ4_EV_FRAME_END;
    ev->offset = d->block_offset;
    ev->size = len;
    ev->frame = d->frame++;
    d->state = LS_MAGIC;
    return TD_EVENT;
}

/* Most output the block may make: the block maximum, or less when the
 * content size leaves less. */
static uint32_t block_limit(const td_lz4_decoder *d)
{
    uint64_t left;
    if (!(d->flags & LZ4_FLG_CONTENT_SIZE))
        return d->block_max;
    left = d->content_size - d->frame_out; /* never exceeded (too_long) */
    return left < d->block_max ? (uint32_t)left : d->block_max;
}

int tdi_lz4_block_header(td_lz4_decoder *d, td_lz4_event *ev)
{
    const uint8_t *p;
    uint32_t word, size;
    d->block_offset = tdi_input_tell(&d->in);
    p = tdi_input_peek(&d->in, 4);
    if (p == NULL)
        return stall(d, d->block_offset,
                     TDI_REASON("input ends inside a block size"));
    word = tdi_le32(p);
    if (word == 0)
        return end_mark(d, ev);
    size = word & 0x7fffffffu;
    if (size > d->block_max)
        return tdi_fail(&d->fault, TD_E_LZ4_BLOCK_SIZE, d->block_offset,
                       TDI_REASON("block size is above the frame's block "
                                 "maximum"));
    d->block_left = size;
    d->block_out = 0;
    d->block_limit = block_limit(d);
    d->last_match_start = d->last_match_end = 0;
    if (d->flags & LZ4_FLG_BLOCK_CHECKSUM)
        td_xxh32_init(&d->block_hash, 0);
    if ((word >> 31) && size > d->block_limit)
        return tdi_fail(&d->fault, TD_E_LZ4_CONTENT_SIZE, d->block_offset,
                       TDI_REASON("stored block goes past the frame's content "
                                 "size"));
    tdi_input_take(&d->in, 4);
    d->state = (word >> 31) ? LS_STORED : LS_TOKEN;
    return TDI_AGAIN;
}

int tdi_lz4_block_checksum(td_lz4_decoder *d)
{
    const uint8_t *p;
    uint64_t at;
    if (!(d->flags & LZ4_FLG_BLOCK_CHECKSUM)) {
        d->state = LS_BLOCK_END;
        return TDI_AGAIN;
    }
    p = tdi_input_peek(&d->in, 4);
    if (p == NULL)
        return stall(d, d->block_offset,
                     TDI_REASON("input ends inside a block checksum"));
    at = tdi_input_tell(&d->in);
    if (tdi_le32(p) != td_xxh32_digest(&d->block_hash))
        return tdi_fail(&d->fault, TD_E_LZ4_BLOCK_CHECKSUM, at,
                       TDI_REASON("block checksum is not the xxHash32 of the "
                                 "block's data"));
    tdi_input_take(&d->in, 4);
    d->state = LS_BLOCK_END;
    return TDI_AGAIN;
}
