/*
 * umt_skipped.h - the events TD_UMT_SKIP_INSTRUCTIONS leaves out, for the
 * tests and the fuzz harness, which compare a decode with it to one with
 * TD_UMT_NO_PAYLOADS: an instruction record's RECORD, INSTRUCTION and
 * DECODED events (instruction table rows keep theirs: they have no EID).
 */
#ifndef TRACEDEC_TEST_UMT_SKIPPED_H
#define TRACEDEC_TEST_UMT_SKIPPED_H

#include <stdbool.h>

#include "tracedec.h"

static inline bool umt_skipped(const td_umt_event *ev)
{
    if (ev->kind == TD_UMT_EV_RECORD)
        return ev->record.type == TD_UMT_INSTRUCTION;
    return (ev->kind == TD_UMT_EV_INSTRUCTION ||
            ev->kind == TD_UMT_EV_DECODED) &&
           ev->eid >= 0;
}

#endif /* TRACEDEC_TEST_UMT_SKIPPED_H */
