/*
 * inflate_fast.c - the inner loop: literals and matches while the input
 * span holds at least 8 more bytes and the ring has room for a longest
 * match before its end.
 *
 * Technique (zlib's inflate_fast, with a 64-bit accumulator): each symbol
 * starts with one refill that loads 8 input bytes at once and leaves 56 to
 * 63 bits in the accumulator. That covers a literal/length code with its
 * extra bits and a distance code with its extra bits (15 + 5 + 15 + 13 =
 * 48 bits), so nothing inside a symbol checks for bits. The refill takes
 * only whole bytes: the bits the load brings in above z->bits belong to
 * bytes not yet taken, and the next load brings the same bits again.
 *
 * Anything unusual - an end-of-block code, an invalid symbol, a distance
 * that reaches before the stream start - puts the accumulator back as it
 * was before the symbol and leaves the loop; the careful handlers of
 * inflate_codes.c then decode that symbol and report errors, at the same
 * offsets as for any other chunking.
 *
 * Copies. The ring is exactly the 32 KiB of history deflate may refer to:
 * the bytes after the write position are the oldest history, which later
 * matches may still reach, so no copy writes past the end of its match
 * (no wide stores that overshoot). Sources at least 8 bytes back are
 * copied 8 bytes at a time; shorter distances repeat a pattern byte by
 * byte; a distance that reaches past the ring's start takes its first
 * part from the ring's end.
 */
#include "inflate_internal.h"

#define FAST_MIN_INPUT 8u
#define LITLEN_MASK ((1u << LITLEN_ROOT) - 1)
#define DIST_MASK ((1u << DIST_ROOT) - 1)

static void store_le64(uint8_t *p, uint64_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
    p[4] = (uint8_t)(v >> 32);
    p[5] = (uint8_t)(v >> 40);
    p[6] = (uint8_t)(v >> 48);
    p[7] = (uint8_t)(v >> 56);
}

static void store_le32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

/* Copy len bytes from `from` to `to` when the regions do not overlap, or
 * `from` is at least 8 bytes before `to` (each 8-byte load then reads
 * bytes already final). The last, partial group is an 8-byte copy that
 * ends exactly at the end, overlapping the previous one. */
static void copy_distant(uint8_t *to, const uint8_t *from, unsigned len)
{
    unsigned done = 0;
    if (len < 8) {
        if (len < 4) {
            for (; done < len; done++)
                to[done] = from[done];
            return;
        }
        store_le32(to, tdi_le32(from));
        store_le32(to + len - 4, tdi_le32(from + len - 4));
        return;
    }
    for (; done + 8 <= len; done += 8)
        store_le64(to + done, tdi_le64(from + done));
    if (done < len)
        store_le64(to + len - 8, tdi_le64(from + len - 8));
}

/* Copy len bytes to out from gap bytes back, gap >= 1: when gap < len the
 * bytes repeat with period gap. */
static void copy_back(uint8_t *out, unsigned gap, unsigned len)
{
    const uint8_t *from = out - gap;
    if (gap >= 8 || gap >= len) {
        copy_distant(out, from, len);
    } else if (gap == 1) {
        memset(out, from[0], len);
    } else {
        tdi_repeat_back(out, gap, len);
    }
}

/* A match whose source starts before the ring's start: its first `head`
 * bytes are the last ones of the ring, ahead of out. */
static void copy_wrapped(uint8_t *window, uint8_t *out, unsigned dist,
                         unsigned len)
{
    unsigned head = dist - (unsigned)(out - window), n, i;
    const uint8_t *from = window + INFLATE_RING - head;
    n = head < len ? head : len;
    if (from >= out + n) {
        copy_distant(out, from, n);
    } else if (from != out) {
        for (i = 0; i < n; i++)
            out[i] = from[i];
    }
    if (n < len)
        copy_back(out + n, dist, len - n);
}

void tdi_inflate_fast(td_inflate_state *z, td_input *in)
{
    const uint32_t *litlen = litlen_table(z), *dists = dist_table(z);
    uint8_t *window = z->window, *out = window + z->next;
    uint8_t *const out_start = out;
    uint8_t *const out_limit = window + INFLATE_RING - INFLATE_MAX_MATCH;
    const uint8_t *next_in, *in_end;
    uint64_t hold = z->hold, avail = in->span_len - in->pos;
    uint64_t before_limit = z->in_end - tdi_input_tell(in);
    /* Output before ring index 0: a distance may reach out - window +
     * behind bytes back. */
    uint64_t behind = z->total_out - z->next;
    unsigned bits = z->bits;

    if (in->staged > 0 || out > out_limit)
        return;
    if (avail > before_limit)
        avail = before_limit;
    if (avail < FAST_MIN_INPUT)
        return;
    next_in = in->span + in->pos;
    in_end = next_in + avail;

    while (in_end - next_in >= (ptrdiff_t)FAST_MIN_INPUT && out <= out_limit) {
        uint64_t saved_hold;
        unsigned saved_bits, len, dist;
        uint32_t e;

        hold |= tdi_le64(next_in) << bits;
        next_in += (63 - bits) >> 3;
        bits |= 56;
        saved_hold = hold;
        saved_bits = bits;

        e = litlen[hold & LITLEN_MASK];
        if (entry_kind(e) & ENTRY_LINK) {
            hold >>= LITLEN_ROOT;
            bits -= LITLEN_ROOT;
            e = litlen[entry_value(e) + low_bits(hold, entry_extra(e))];
        }
        hold >>= entry_bits(e);
        bits -= entry_bits(e);
        if (entry_kind(e) & ENTRY_LITERAL) {
            *out++ = (uint8_t)entry_value(e);
            continue;
        }
        if (entry_kind(e) & (ENTRY_END | ENTRY_INVALID)) {
            hold = saved_hold;
            bits = saved_bits;
            break;
        }
        len = entry_value(e) + (unsigned)low_bits(hold, entry_extra(e));
        hold >>= entry_extra(e);
        bits -= entry_extra(e);

        e = dists[hold & DIST_MASK];
        if (entry_kind(e) & ENTRY_LINK) {
            hold >>= DIST_ROOT;
            bits -= DIST_ROOT;
            e = dists[entry_value(e) + low_bits(hold, entry_extra(e))];
        }
        hold >>= entry_bits(e);
        bits -= entry_bits(e);
        if (entry_kind(e) & ENTRY_INVALID) {
            hold = saved_hold;
            bits = saved_bits;
            break;
        }
        dist = entry_value(e) + (unsigned)low_bits(hold, entry_extra(e));
        hold >>= entry_extra(e);
        bits -= entry_extra(e);
        if (dist > (uint64_t)(out - window) + behind) {
            hold = saved_hold;
            bits = saved_bits;
            break;
        }

        if (dist <= (unsigned)(out - window))
            copy_back(out, dist, len);
        else
            copy_wrapped(window, out, dist, len);
        out += len;
    }

    z->hold = low_bits(hold, bits);
    z->bits = bits;
    in->pos = (size_t)(next_in - in->span);
    z->total_out += (uint64_t)(out - out_start);
    z->next = (uint32_t)(out - window);
}
