/*
 * inflate_codes.c - compressed data one step at a time: a literal/length
 * code, the length's extra bits, the distance code, its extra bits, and
 * the copy of the match, each a mode of its own so that decoding resumes
 * at any bit when the input comes in small spans.
 *
 * The literal/length handler runs the fast loop first (inflate_fast.c),
 * then decodes one code here. The fast loop stops before end-of-block
 * codes, invalid symbols and distances that reach before the stream
 * start, so these handlers are the only place that ends blocks and
 * reports bad codes: the error offsets are those of the careful path
 * whatever the chunking.
 */
#include "inflate_internal.h"

int tdi_inflate_literal_length(td_inflate_state *z, td_input *in, td_fault *f)
{
    uint32_t e;
    unsigned used, kind;
    tdi_inflate_fast(z, in);
    if (z->next == INFLATE_RING)
        return TDI_AGAIN;
    if (!tdi_inflate_decode(z, in, litlen_table(z), LITLEN_ROOT, &e, &used))
        return tdi_inflate_stall(z, in, f);
    kind = entry_kind(e);
    if (kind & ENTRY_INVALID)
        return tdi_fail(f, TD_E_INFLATE_SYMBOL, inflate_offset(z, in),
                       TDI_REASON("literal/length symbol 286 or 287, or a "
                                 "code the block's code does not assign"));
    inflate_drop(z, used);
    if (kind & ENTRY_LITERAL) {
        z->window[z->next++] = (uint8_t)entry_value(e);
        z->total_out++;
    } else if (kind & ENTRY_END) {
        z->mode = z->last ? IM_END : IM_HEADER;
    } else {
        z->length = (uint16_t)entry_value(e);
        z->extra = (uint8_t)entry_extra(e);
        z->mode = IM_LENGTH_EXTRA;
    }
    return TDI_AGAIN;
}

int tdi_inflate_length_extra(td_inflate_state *z, td_input *in, td_fault *f)
{
    if (!tdi_inflate_need(z, in, z->extra))
        return tdi_inflate_stall(z, in, f);
    z->length = (uint16_t)(z->length + low_bits(z->hold, z->extra));
    inflate_drop(z, z->extra);
    z->code_offset = inflate_offset(z, in);
    z->mode = IM_DIST;
    return TDI_AGAIN;
}

int tdi_inflate_distance(td_inflate_state *z, td_input *in, td_fault *f)
{
    uint32_t e;
    unsigned used;
    if (!tdi_inflate_decode(z, in, dist_table(z), DIST_ROOT, &e, &used))
        return tdi_inflate_stall(z, in, f);
    if (entry_kind(e) & ENTRY_INVALID)
        return tdi_fail(f, TD_E_INFLATE_SYMBOL, z->code_offset,
                       TDI_REASON("distance symbol 30 or 31, or a code the "
                                 "block's distance code does not assign"));
    inflate_drop(z, used);
    z->dist = (uint16_t)entry_value(e);
    z->extra = (uint8_t)entry_extra(e);
    z->mode = IM_DIST_EXTRA;
    return TDI_AGAIN;
}

int tdi_inflate_distance_extra(td_inflate_state *z, td_input *in, td_fault *f)
{
    uint32_t dist;
    if (!tdi_inflate_need(z, in, z->extra))
        return tdi_inflate_stall(z, in, f);
    dist = z->dist + (uint32_t)low_bits(z->hold, z->extra);
    if (dist > z->total_out)
        return tdi_fail(f, TD_E_INFLATE_DISTANCE, z->code_offset,
                       TDI_REASON("match distance reaches before the first "
                                 "byte of the stream"));
    inflate_drop(z, z->extra);
    z->dist = (uint16_t)dist;
    z->mode = IM_COPY;
    return TDI_AGAIN;
}

/* Copy what fits before the ring's end; the rest after it is handed out. */
int tdi_inflate_copy(td_inflate_state *z)
{
    uint8_t *w = z->window;
    uint32_t n = INFLATE_RING - z->next, at = z->next;
    uint32_t from = (z->next - z->dist) & (INFLATE_RING - 1), i;
    if (n > z->length)
        n = z->length;
    for (i = 0; i < n; i++) {
        w[at + i] = w[from];
        from = (from + 1) & (INFLATE_RING - 1);
    }
    z->next += n;
    z->total_out += n;
    z->length = (uint16_t)(z->length - n);
    if (z->length == 0)
        z->mode = IM_CODES;
    return TDI_AGAIN;
}
