/*
 * lz4_block.c - block contents, one step at a time: stored blocks, and
 * the sequences of compressed blocks when the fast path (lz4_fast.c)
 * cannot take a whole sequence at once.
 *
 *   sequence := token [literal length bytes] literals
 *               [offset [match length bytes]]       (absent in the last)
 *
 * Technique: each part of a sequence is a state (LS_TOKEN ... LS_MATCH),
 * so decoding can stop at any byte, for input or because the ring is full,
 * and resume there. Length bytes are read one at a time, so they never
 * need staging; only the 2-byte offset may straddle two spans (td_input
 * stages it). Literals are copied from the span in pieces, matches within
 * the ring, each cut at the ring's end. Every check happens here, once the
 * bytes it needs have arrived, so the errors and their offsets do not
 * depend on the chunking: the fast path only takes sequences that pass
 * them all and leaves anything else to these functions.
 */
#include "lz4_internal.h"
#include "lz4_copy.h"

/* Take n bytes of the block that the last peek returned. */
static void block_take(td_lz4_decoder *d, const uint8_t *p, size_t n)
{
    if (d->flags & LZ4_FLG_BLOCK_CHECKSUM)
        td_xxh32_update(&d->block_hash, p, n);
    d->block_left -= (uint32_t)n;
    tdi_input_take(&d->in, n);
}

static int cut(td_lz4_decoder *d)
{
    return tdi_input_stall(&d->in, &d->fault, d->block_offset,
                          TDI_REASON("input ends inside a block"));
}

/* Up to max bytes of the block straight from the span into the ring. */
static int block_piece(td_lz4_decoder *d, uint32_t max, uint32_t *copied)
{
    uint32_t room = LZ4_RING - d->next;
    const uint8_t *p;
    size_t len;
    *copied = 0;
    if (room == 0)
        return TDI_AGAIN; /* next() hands the ring out first */
    p = tdi_input_piece(&d->in, max < room ? max : room, &len);
    if (p == NULL)
        return cut(d);
    if (d->flags & LZ4_FLG_BLOCK_CHECKSUM)
        td_xxh32_update(&d->block_hash, p, len);
    memcpy(d->window + d->next, p, len);
    d->block_left -= (uint32_t)len;
    lz4_produced(d, (uint32_t)len);
    *copied = (uint32_t)len;
    return TD_OK;
}

static int corrupt(td_lz4_decoder *d, uint64_t offset, const char *reason)
{
    return tdi_fail(&d->fault, TD_E_LZ4_CORRUPT, offset, reason);
}

/* The current sequence would make `more` bytes the block cannot hold. */
static int too_long(td_lz4_decoder *d, uint32_t more)
{
    if ((uint64_t)d->block_out + more > d->block_max)
        return tdi_fail(&d->fault, TD_E_LZ4_BLOCK_SIZE, d->seq_offset,
                       TDI_REASON("sequence makes the block's output "
                                 "larger than the frame's block maximum"));
    return tdi_fail(&d->fault, TD_E_LZ4_CONTENT_SIZE, d->seq_offset,
                   TDI_REASON("sequence makes the frame's output larger than "
                             "its content size"));
}

static bool fits(const td_lz4_decoder *d, uint32_t more)
{
    return more <= d->block_limit - d->block_out;
}

int tdi_lz4_stored(td_lz4_decoder *d)
{
    uint32_t copied;
    int rc;
    while (d->block_left > 0) {
        rc = block_piece(d, d->block_left, &copied);
        if (rc != TD_OK)
            return rc;
    }
    d->state = LS_BLOCK_CHECKSUM;
    return TDI_AGAIN;
}

/* The literal length is complete. */
static int literals_known(td_lz4_decoder *d)
{
    if (d->literal_left > d->block_left)
        return corrupt(d, d->seq_offset,
                       TDI_REASON("literals run past the end of the block"));
    if (!fits(d, d->literal_left))
        return too_long(d, d->literal_left);
    d->state = LS_LITERALS;
    return TDI_AGAIN;
}

/* A token is due only while the block has bytes left: its sequences end
 * with literals (block_done) or fail (match_known), and the fast path
 * leaves the block's last byte to these functions. */
int tdi_lz4_token(td_lz4_decoder *d)
{
    const uint8_t *p = tdi_input_peek(&d->in, 1);
    uint8_t token;
    if (p == NULL)
        return cut(d);
    token = *p;
    d->seq_offset = tdi_input_tell(&d->in);
    d->literal_left = token >> 4;
    d->match_left = token & 15u;
    block_take(d, p, 1);
    if (d->literal_left == LZ4_LENGTH_MORE) {
        d->state = LS_LITERAL_LENGTH;
        return TDI_AGAIN;
    }
    return literals_known(d);
}

static int block_done(td_lz4_decoder *d)
{
    if (d->last_match_end > 0 &&
        d->block_out - d->last_match_end < LZ4_LAST_LITERALS)
        return corrupt(d, d->seq_offset,
                       TDI_REASON("fewer than 5 literals after the block's "
                                 "last match"));
    if (d->last_match_end > 0 &&
        d->block_out - d->last_match_start < LZ4_MATCH_LIMIT)
        return corrupt(d, d->seq_offset,
                       TDI_REASON("the block's last match starts less than "
                                 "12 bytes before its end"));
    d->state = LS_BLOCK_CHECKSUM;
    return TDI_AGAIN;
}

int tdi_lz4_literals(td_lz4_decoder *d)
{
    uint32_t copied;
    int rc;
    while (d->literal_left > 0) {
        rc = block_piece(d, d->literal_left, &copied);
        if (rc != TD_OK)
            return rc;
        d->literal_left -= copied;
    }
    if (d->block_left == 0)
        return block_done(d);
    d->state = LS_OFFSET;
    return TDI_AGAIN;
}

/* The match length is complete. */
static int match_known(td_lz4_decoder *d)
{
    if (!fits(d, d->match_left))
        return too_long(d, d->match_left);
    if (d->block_left == 0)
        return corrupt(d, d->seq_offset,
                       TDI_REASON("block ends with a match: its last "
                                 "sequence must hold only literals"));
    d->last_match_start = d->block_out;
    d->last_match_end = d->block_out + d->match_left;
    d->state = LS_MATCH;
    return TDI_AGAIN;
}

int tdi_lz4_offset(td_lz4_decoder *d)
{
    const uint8_t *p;
    uint64_t at;
    uint32_t dist;
    if (d->block_left < 2)
        return corrupt(d, d->seq_offset,
                       TDI_REASON("match offset runs past the end of the "
                                 "block"));
    p = tdi_input_peek(&d->in, 2);
    if (p == NULL)
        return cut(d);
    at = tdi_input_tell(&d->in);
    dist = tdi_le16(p);
    if (dist == 0)
        return corrupt(d, at, TDI_REASON("match offset 0"));
    if (dist > lz4_history(d))
        return corrupt(d, at,
                       (d->flags & LZ4_FLG_INDEPENDENT)
                           ? TDI_REASON("match reaches before the start of "
                                       "its block (independent blocks)")
                           : TDI_REASON("match reaches before the start of "
                                       "the frame"));
    block_take(d, p, 2);
    d->match_dist = dist;
    d->match_left += LZ4_MIN_MATCH;
    if (d->match_left == LZ4_LENGTH_MORE + LZ4_MIN_MATCH) {
        d->state = LS_MATCH_LENGTH;
        return TDI_AGAIN;
    }
    return match_known(d);
}

/* One more byte of a literal length (`literal`) or a match length, whose
 * bytes go on while they are 255: TDI_AGAIN while they do, then the
 * literals or the match; TD_NEED_INPUT, or an error when the block ends
 * first or the length is too large. */
static int length_byte(td_lz4_decoder *d, bool literal)
{
    uint32_t *length = literal ? &d->literal_left : &d->match_left;
    const uint8_t *p;
    uint8_t byte;
    if (d->block_left == 0)
        return corrupt(d, d->seq_offset,
                       literal ? TDI_REASON("literal length runs past the "
                                           "end of the block")
                               : TDI_REASON("match length runs past the "
                                           "end of the block"));
    p = tdi_input_peek(&d->in, 1);
    if (p == NULL)
        return cut(d);
    byte = *p;
    block_take(d, p, 1);
    *length += byte;
    if (literal && *length > d->block_left)
        return corrupt(d, d->seq_offset,
                       TDI_REASON("literals run past the end of the block"));
    if (!literal && !fits(d, *length))
        return too_long(d, *length);
    if (byte == 255)
        return TDI_AGAIN;
    return literal ? literals_known(d) : match_known(d);
}

int tdi_lz4_literal_length(td_lz4_decoder *d)
{
    return length_byte(d, true);
}

int tdi_lz4_match_length(td_lz4_decoder *d)
{
    return length_byte(d, false);
}

int tdi_lz4_match(td_lz4_decoder *d)
{
    while (d->match_left > 0) {
        uint32_t room = LZ4_RING - d->next;
        uint32_t n = d->match_left < room ? d->match_left : room;
        if (room == 0)
            return TDI_AGAIN; /* next() hands the ring out first */
        lz4_copy_match(d->window, d->next, d->match_dist, n);
        lz4_produced(d, n);
        d->match_left -= n;
    }
    d->state = LS_TOKEN;
    return TDI_AGAIN;
}
