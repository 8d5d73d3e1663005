/*
 * drmem_tally_model.h - what td_drmem_tally_next() counts, restated over
 * the events of a plain td_drmem_next() decode, for the tests and the
 * drmem fuzz harness, which compare the two (as umt_skipped.h does for
 * UMT's skipping).
 */
#ifndef TRACEDEC_TEST_DRMEM_TALLY_MODEL_H
#define TRACEDEC_TEST_DRMEM_TALLY_MODEL_H

#include <stdbool.h>

#include "tracedec.h"

/* Count ev in t as the tally would; true if the tally takes the event
 * (hands it out no more). t->pcs must have room for every fetched
 * instruction. */
static inline bool drmem_tally_model(td_drmem_tally *t,
                                     const td_drmem_event *ev)
{
    if (ev->kind == TD_DRMEM_EV_MARKER &&
        ev->marker.type == TD_DRMEM_MARKER_BRANCH_TARGET)
        return true;
    if ((ev->kind != TD_DRMEM_EV_INSTR && ev->kind != TD_DRMEM_EV_MEMREF) ||
        (ev->flags & TD_DRMEM_HIDDEN))
        return false;
    t->records[(ev->flags & TD_DRMEM_KERNEL) != 0][ev->type]++;
    if (ev->kind == TD_DRMEM_EV_INSTR && ev->instr.encoding_is_new)
        t->encodings++;
    if (ev->kind == TD_DRMEM_EV_INSTR && ev->instr.fetched)
        t->pcs[t->pcs_len++] = ev->instr.pc;
    return true;
}

#endif /* TRACEDEC_TEST_DRMEM_TALLY_MODEL_H */
