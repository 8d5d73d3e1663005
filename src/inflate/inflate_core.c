/*
 * inflate_core.c - the engine's driver: the mode loop, the window ring and
 * handing its bytes out, and the careful byte-at-a-time bit accumulator.
 *
 * Technique: a resumable state machine in the manner of zlib's inflate().
 * Each mode handler either completes its step (and returns TDI_AGAIN) or
 * stops without taking any bit of the step, so that after TD_NEED_INPUT
 * the same handler simply runs again: a field that straddles two spans is
 * finished by pulling its remaining bytes one at a time into the
 * accumulator (tdi_inflate_need, tdi_inflate_decode), which works at any chunking,
 * one-byte spans included. The handler for literals and lengths first
 * runs the fast loop of inflate_fast.c, which does the bulk of the work
 * while the span and the ring have room.
 *
 * Output goes straight into the caller's 32 KiB window, used as a ring:
 * it is both the history that matches copy from and the buffer that DATA
 * events point into. A call writes from z->next up to at most the ring's
 * end and then hands out [z->emitted, z->next) as one span; the next call
 * may overwrite those bytes, which is why events stay valid only until
 * then. Bytes before z->next are never overwritten while not handed out.
 */
#include "inflate_internal.h"

void tdi_inflate_core_init(td_inflate_state *z, uint8_t *window)
{
    memset(z, 0, offsetof(td_inflate_state, lens));
    z->window = window;
    z->in_end = UINT64_MAX;
    z->mode = IM_HEADER;
}

void tdi_inflate_core_limit(td_inflate_state *z, uint64_t end)
{
    z->in_end = end;
}

bool tdi_inflate_need(td_inflate_state *z, td_input *in, unsigned n)
{
    while (z->bits < n) {
        const uint8_t *p;
        if (tdi_input_tell(in) >= z->in_end)
            return false;
        p = tdi_input_peek(in, 1);
        if (p == NULL)
            return false;
        z->hold |= (uint64_t)*p << z->bits;
        z->bits += 8;
        tdi_input_take(in, 1);
    }
    return true;
}

int tdi_inflate_stall(td_inflate_state *z, td_input *in, td_fault *f)
{
    if (tdi_input_tell(in) >= z->in_end)
        return TDI_INFLATE_PAST_LIMIT;
    return tdi_input_stall(in, f, z->block_offset,
                          TDI_REASON("input ends inside a deflate block"));
}

bool tdi_inflate_decode(td_inflate_state *z, td_input *in, const uint32_t *table,
                    unsigned root, uint32_t *entry, unsigned *used)
{
    for (;;) {
        uint32_t e = table[low_bits(z->hold, root)];
        unsigned n = entry_bits(e);
        if (entry_kind(e) & ENTRY_LINK) {
            e = table[entry_value(e) +
                      low_bits(z->hold >> root, entry_extra(e))];
            n = root + entry_bits(e);
        }
        if (n <= z->bits) {
            *entry = e;
            *used = n;
            return true;
        }
        if (!tdi_inflate_need(z, in, z->bits + 1))
            return false;
    }
}

/* The final block ended: the whole bytes in the accumulator belong to
 * what follows the stream (a gzip trailer, a zip descriptor). */
static int give_back(td_inflate_state *z, td_input *in)
{
    uint8_t bytes[8];
    unsigned n = z->bits / 8, i;
    uint64_t rest = z->hold >> (z->bits % 8);
    for (i = 0; i < n; i++)
        bytes[i] = (uint8_t)(rest >> (8 * i));
    if (n > 0)
        tdi_input_unget(in, bytes, n);
    z->hold = 0;
    z->bits = 0;
    z->mode = IM_DONE;
    return TDI_AGAIN;
}

static int step(td_inflate_state *z, td_input *in, td_fault *f)
{
    switch (z->mode) {
    case IM_HEADER:
        return tdi_inflate_block_header(z, in, f);
    case IM_STORED_LENGTH:
        return tdi_inflate_stored_length(z, in, f);
    case IM_STORED_COPY:
        return tdi_inflate_stored_copy(z, in, f);
    case IM_TABLE_COUNTS:
        return tdi_inflate_table_counts(z, in, f);
    case IM_CODELEN_LENS:
        return tdi_inflate_codelen_lens(z, in, f);
    case IM_LENS:
        return tdi_inflate_lens(z, in, f);
    case IM_CODES:
        return tdi_inflate_literal_length(z, in, f);
    case IM_LENGTH_EXTRA:
        return tdi_inflate_length_extra(z, in, f);
    case IM_DIST:
        return tdi_inflate_distance(z, in, f);
    case IM_DIST_EXTRA:
        return tdi_inflate_distance_extra(z, in, f);
    case IM_COPY:
        return tdi_inflate_copy(z);
    case IM_END:
        return give_back(z, in);
    default:
        return TD_END;
    }
}

int tdi_inflate_core_next(td_inflate_state *z, td_input *in, td_fault *f,
                         tdi_inflate_output *out)
{
    int rc;
    if (z->next == INFLATE_RING) {
        z->next = 0;
        z->emitted = 0;
    }
    do {
        rc = z->next == INFLATE_RING ? INFLATE_FULL : step(z, in, f);
    } while (rc == TDI_AGAIN);
    if (z->next == z->emitted)
        return rc;
    out->data = z->window + z->emitted;
    out->len = z->next - z->emitted;
    out->pos = z->total_out - out->len;
    out->block_offset = z->data_offset;
    z->emitted = z->next;
    z->data_offset = z->block_offset;
    return TD_EVENT;
}
