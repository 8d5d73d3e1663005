/*
 * lz4_frames.c - see lz4_frames.h.
 */
#include "lz4_frames.h"

#include <stdlib.h>
#include <string.h>

#include "tracedec.h"

static uint32_t xxh32(const void *data, size_t len)
{
    td_xxh32 h;
    td_xxh32_init(&h, 0);
    td_xxh32_update(&h, data, len);
    return td_xxh32_digest(&h);
}

void lz4_put_header(byte_buf *b, uint8_t flg, uint8_t bd,
                    uint64_t content_size, uint32_t dict_id)
{
    size_t start;
    buf_le32(b, 0x184d2204u);
    start = b->len;
    buf_u8(b, flg);
    buf_u8(b, bd);
    if (flg & T_FLG_CONTENT_SIZE) {
        buf_le32(b, (uint32_t)content_size);
        buf_le32(b, (uint32_t)(content_size >> 32));
    }
    if (flg & T_FLG_DICT_ID)
        buf_le32(b, dict_id);
    buf_u8(b, (xxh32(b->p + start, b->len - start) >> 8) & 0xff);
}

void lz4_put_block(byte_buf *b, const uint8_t *data, size_t len, bool stored,
                   bool checksum)
{
    buf_le32(b, (uint32_t)len | (stored ? 0x80000000u : 0));
    buf_put(b, data, len);
    if (checksum)
        buf_le32(b, xxh32(data, len));
}

void lz4_put_end(byte_buf *b, bool checksum, const uint8_t *content,
                 size_t len)
{
    buf_le32(b, 0);
    if (checksum)
        buf_le32(b, xxh32(content, len));
}

void lz4_put_skippable(byte_buf *b, unsigned magic_low, uint32_t bytes)
{
    uint32_t i;
    buf_le32(b, 0x184d2a50u | (magic_low & 15));
    buf_le32(b, bytes);
    for (i = 0; i < bytes; i++)
        buf_u8(b, 0xee);
}

/* The bytes after a nibble of 15: value - 15 as 255s and a last byte. */
static void put_length_bytes(byte_buf *b, size_t rest)
{
    for (; rest >= 255; rest -= 255)
        buf_u8(b, 255);
    buf_u8(b, (unsigned)rest);
}

void lz4_put_sequence(byte_buf *b, const uint8_t *lit, size_t lit_len,
                      unsigned offset, size_t match_len)
{
    size_t m = match_len >= 4 ? match_len - 4 : 0;
    unsigned token =
        (unsigned)((lit_len < 15 ? lit_len : 15) << 4 | (m < 15 ? m : 15));
    buf_u8(b, token);
    if (lit_len >= 15)
        put_length_bytes(b, lit_len - 15);
    buf_put(b, lit, lit_len);
    if (match_len == 0)
        return;
    buf_le16(b, offset);
    if (m >= 15)
        put_length_bytes(b, m - 15);
}

static uint32_t le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
           (uint32_t)p[3] << 24;
}

static void mark(lz4_layout *l, size_t at)
{
    l->marks = realloc(l->marks, (l->n_marks + 1) * sizeof *l->marks);
    l->marks[l->n_marks++] = at;
}

static void frame_end(lz4_layout *l, size_t at)
{
    l->frame_ends =
        realloc(l->frame_ends, (l->frames + 1) * sizeof *l->frame_ends);
    l->frame_ends[l->frames++] = at;
    mark(l, at);
}

/* The blocks of a frame from `at`; returns the offset after it, or 0. */
static size_t walk_blocks(const uint8_t *data, size_t len, size_t at,
                          uint8_t flg, lz4_layout *l)
{
    for (;;) {
        uint32_t word;
        if (at + 4 > len)
            return 0;
        word = le32(data + at);
        mark(l, at);
        at += 4;
        if (word == 0)
            return at + ((flg & T_FLG_CONTENT_CHECKSUM) ? 4 : 0);
        mark(l, at);
        at += word & 0x7fffffffu;
        mark(l, at);
        if (flg & T_FLG_BLOCK_CHECKSUM)
            at += 4;
    }
}

bool lz4_walk(const uint8_t *data, size_t len, lz4_layout *out)
{
    size_t at = 0;
    memset(out, 0, sizeof *out);
    mark(out, 0);
    while (at < len) {
        uint32_t magic;
        uint8_t flg;
        if (at + 8 > len)
            return false;
        magic = le32(data + at);
        if ((magic & 0xfffffff0u) == 0x184d2a50u) {
            mark(out, at + 8);
            at += 8 + (size_t)le32(data + at + 4);
        } else if (magic == 0x184d2204u) {
            flg = data[at + 4];
            mark(out, at + 4);
            at += 7 + ((flg & T_FLG_CONTENT_SIZE) ? 8 : 0) +
                  ((flg & T_FLG_DICT_ID) ? 4 : 0);
            at = walk_blocks(data, len, at, flg, out);
            if (at == 0)
                return false;
        } else {
            return false;
        }
        if (at > len)
            return false;
        frame_end(out, at);
    }
    return true;
}

void lz4_layout_free(lz4_layout *l)
{
    free(l->frame_ends);
    free(l->marks);
    memset(l, 0, sizeof *l);
}
