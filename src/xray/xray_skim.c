/*
 * xray_skim.c - runs of FDR function records checked in place, without
 * events (TD_XRAY_SKIP_FUNCTIONS with no call matcher).
 *
 * Technique. Function records are 8 bytes and carry everything they need:
 * a metadata bit, a type, a function id and a tsc delta. Once a buffer is
 * in its body, a run of them needs no state beyond the tsc and the type
 * of the last one, so the skim reads one 64-bit word per record straight
 * from the host's span and stops at the first word that is not a valid
 * function record, at the buffer's extents and at the span's end. What
 * stops it (a metadata record, a bad type, a record across the extents or
 * across spans) is then decoded by tdi_xray_fdr_record() exactly as without
 * the skim, so errors and their offsets do not change.
 */
#include "xray_internal.h"

/* A run of little-endian function records: type in bits 1..3, delta in
 * the high 32 bits. Returns the bytes it covers; *last is the type of its
 * last record (unchanged for an empty run). */
static size_t run_le(const uint8_t *p, size_t len, uint64_t *tsc,
                     unsigned *last)
{
    size_t n = 0;
    uint64_t t = *tsc;
    unsigned action = *last;
    while (len - n >= XRAY_FUNCTION_SIZE) {
        uint64_t w = tdi_le64(p + n);
        if ((w & 1u) != 0 || ((w >> 1) & 7u) > TD_XRAY_ENTER_ARGS)
            break;
        action = (unsigned)(w >> 1) & 7u;
        t += w >> 32;
        n += XRAY_FUNCTION_SIZE;
    }
    *tsc = t;
    *last = action;
    return n;
}

/* The same for big-endian producers: type in bits 60..62 of the first
 * word, delta in the low 32 bits. */
static size_t run_be(const uint8_t *p, size_t len, uint64_t *tsc,
                     unsigned *last)
{
    size_t n = 0;
    uint64_t t = *tsc;
    unsigned action = *last;
    while (len - n >= XRAY_FUNCTION_SIZE) {
        uint64_t w = tdi_be64(p + n);
        if ((w >> 63) != 0 || ((w >> 60) & 7u) > TD_XRAY_ENTER_ARGS)
            break;
        action = (unsigned)(w >> 60) & 7u;
        t += w & 0xffffffffu;
        n += XRAY_FUNCTION_SIZE;
    }
    *tsc = t;
    *last = action;
    return n;
}

void tdi_xray_fdr_skim(td_xray_decoder *d)
{
    size_t len, n;
    unsigned last = 8; /* none */
    const uint8_t *p = tdi_input_rest(&d->in, &len);
    if (p == NULL || d->grammar != XG_BODY)
        return;
    if (d->block_end != 0 && d->block_end - tdi_input_tell(&d->in) < len)
        len = (size_t)(d->block_end - tdi_input_tell(&d->in));
    n = d->big_endian ? run_be(p, len, &d->tsc, &last)
                      : run_le(p, len, &d->tsc, &last);
    if (n == 0)
        return;
    d->last_record = last == TD_XRAY_ENTER        ? XL_ENTRY
                     : last == TD_XRAY_ENTER_ARGS ? XL_ENTRY_ARGS
                                                  : XL_OTHER;
    tdi_input_take(&d->in, n);
}
