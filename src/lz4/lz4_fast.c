/*
 * lz4_fast.c - the hot loop: whole sequences straight from the span.
 *
 * Technique: while the span holds a whole sequence of the current block
 * with bytes to spare, and the ring has room for its output plus
 * LZ4_OVERSHOOT, the loop decodes it with local variables only: literals
 * and matches move in 16-byte strides (8-byte ones, or doubling copies,
 * when a match overlaps itself), and the overshoot lands either on bytes
 * the next copy overwrites or on ring bytes too old for any match to
 * reach. A sequence is checked completely before any byte of it is
 * written; whatever is unusual (a length, offset or size check that fails,
 * the last sequence of the block, a source that wraps near the ring's end,
 * too little input or room) ends the loop before that sequence, and the
 * step-by-step code in lz4_block.c takes it, with the errors and their
 * offsets. The loop leaves at least one byte of the block unread, so a
 * block always ends in lz4_block.c, where the end-of-block rules are
 * checked. Block checksums hash what the loop consumed in one call.
 */
#include "lz4_internal.h"
#include "lz4_copy.h"

/* Input the loop wants before it reads a token: a sequence with short
 * lengths, and the bytes its 16-byte strides read past the literals. */
#define FAST_INPUT 32

/* Add the length bytes at *p (255 means another byte follows) to *len.
 * False when they reach `end` unfinished; *p is then left alone. */
static bool extend(const uint8_t **p, const uint8_t *end, size_t *len)
{
    const uint8_t *q = *p;
    while (q < end) {
        uint8_t byte = *q++;
        *len += byte;
        if (byte != 255) {
            *p = q;
            return true;
        }
    }
    return false;
}

/* Output before the current block that matches may reach (at most 64 KiB
 * matters, as offsets are 16 bits). */
static uint32_t history_before_block(const td_lz4_decoder *d)
{
    uint64_t before = d->frame_out - d->block_out;
    if (d->flags & LZ4_FLG_INDEPENDENT)
        return 0;
    return before > LZ4_MAX_DISTANCE ? LZ4_MAX_DISTANCE + 1 : (uint32_t)before;
}

/* Decode whole sequences from the span at the cursor up to `limit`. */
static void run(td_lz4_decoder *d, const uint8_t *start, const uint8_t *limit)
{
    uint8_t *ring = d->window;
    const uint8_t *ip = start;
    size_t used;
    uint32_t op = d->next, out = d->block_out, block_limit = d->block_limit;
    uint32_t match_start = d->last_match_start, match_end = d->last_match_end;
    uint32_t before = history_before_block(d);

    while (limit - ip >= FAST_INPUT) {
        const uint8_t *p = ip + 1, *q;
        size_t lit = *ip >> 4, len = *ip & 15u;
        uint32_t dist, at, src;
        if (lit == LZ4_LENGTH_MORE && !extend(&p, limit, &lit))
            break;
        if ((size_t)(limit - p) < lit + 2 + LZ4_OVERSHOOT)
            break; /* maybe the last sequence: lz4_block.c ends blocks */
        dist = tdi_le16(p + lit);
        q = p + lit + 2;
        if (len == LZ4_LENGTH_MORE && !extend(&q, limit - 1, &len))
            break;
        len += LZ4_MIN_MATCH;
        if (lit + len > block_limit - out ||
            lit + len + LZ4_OVERSHOOT > LZ4_RING - op)
            break;
        if (dist == 0 || dist > before + out + lit)
            break;
        at = op + (uint32_t)lit;
        src = at >= dist ? at - dist : at + LZ4_RING - dist;
        if (src > at && len + LZ4_OVERSHOOT > LZ4_RING - src)
            break; /* a wrapped source whose strides would pass the end */
        lz4_copy_strided(ring + op, p, lit);
        lz4_match_strided(ring + at, ring + src, dist, len);
        match_start = out + (uint32_t)lit;
        out = match_start + (uint32_t)len;
        match_end = out;
        op = at + (uint32_t)len;
        ip = q;
    }
    used = (size_t)(ip - start);
    if (used == 0)
        return;
    if (d->flags & LZ4_FLG_BLOCK_CHECKSUM)
        td_xxh32_update(&d->block_hash, start, used);
    d->in.pos += used;
    d->block_left -= (uint32_t)used;
    d->frame_out += out - d->block_out;
    d->block_out = out;
    d->next = op;
    d->last_match_start = match_start;
    d->last_match_end = match_end;
}

void tdi_lz4_fast_sequences(td_lz4_decoder *d)
{
    const td_input *in = &d->in;
    size_t span_left = in->span_len - in->pos;
    if (in->staged != 0 || span_left < FAST_INPUT ||
        d->block_left < FAST_INPUT)
        return;
    run(d, in->span + in->pos,
        in->span + in->pos +
            (d->block_left < span_left ? d->block_left : span_left));
}
