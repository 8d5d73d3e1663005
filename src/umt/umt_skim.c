/*
 * umt_skim.c - runs of instruction records checked in place, without
 * events or requests (TD_UMT_SKIP_INSTRUCTIONS with a workspace).
 *
 * Technique. An instruction record needs three things: its window (two
 * offsets of the batch, checked when they were copied), its first 14
 * bytes (ThreadID, Type, Flags, InsID) and its instruction's summary
 * (CSis64Bits and LCSIZE, kept by the record pass the first time it read
 * and checked that instruction). While all three are at hand, the bytes
 * in the host's current span of exec.vtable, and every check passes, the
 * skim takes the record, with its step on its thread's chain, and goes on
 * to the next. It stops at anything else: a record of another type, a
 * check that fails, an instruction not in the cache, the end of the span
 * or of the batch. The record pass then takes that record exactly as it
 * would without the skim, so the events, the errors and their offsets do
 * not change; only the requests do.
 */
#include "umt_internal.h"

/* Whether the instruction record at p, `window` bytes long, passes every
 * check the record pass makes. Only InsIDs below RowCount are cached. */
static bool sound(const td_umt_decoder *d, const umt_space *ws,
                  const uint8_t *p, uint64_t window)
{
    const umt_ins_summary *s;
    if (p[REC_TYPE] != TD_UMT_INSTRUCTION || window < REC_FIXED_SIZE ||
        tdi_le32(p + REC_THREAD) >= d->thread_rows)
        return false;
    s = tdi_umt_summary(ws, tdi_le64(p + REC_REF));
    return s != NULL && (p[REC_FLAGS] & TD_UMT_FLAG_64BIT) == s->cs64 &&
           window == REC_FIXED_SIZE + (uint64_t)s->lc_size;
}

/* The record's first bytes in the span, NULL when they are not there. */
static const uint8_t *in_span(const td_input *in, uint64_t start)
{
    uint64_t from = start - in->span_offset;
    if (start < in->span_offset || from > in->span_len ||
        in->span_len - from < REC_FIXED_SIZE)
        return NULL;
    return in->span + from;
}

void tdi_umt_skim(td_umt_decoder *d, const umt_space *ws)
{
    const td_input *in = &d->in;
    uint64_t id = d->u.rec.id, base = d->u.rec.off_base, end;
    if (ws->summaries == NULL || in->source != TD_UMT_EXEC_VTABLE ||
        in->waiting || in->span == NULL)
        return;
    end = tdi_umt_batch_end(d, ws);
    if (end > d->records)
        end = d->records;
    for (; id >= base && id < end; id++) {
        uint64_t start = ws->offsets[id - base];
        const uint8_t *p = in_span(in, start);
        if (p == NULL || !sound(d, ws, p, ws->offsets[id - base + 1] - start))
            break;
        if (ws->chains != NULL)
            tdi_umt_chain_note(d, ws, id, tdi_le32(p + REC_THREAD),
                               TD_UMT_INSTRUCTION,
                               ws->pairs + 2 * (id - base));
    }
    d->u.rec.id = id;
}
