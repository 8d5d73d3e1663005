/*
 * umt_cases.h - one corrupt UMT trace per check the decoder makes: each
 * case changes a valid trace built with the test encoder and says which
 * error, in which file, at which offset the decoder must report.
 */
#ifndef TRACEDEC_TEST_UMT_CASES_H
#define TRACEDEC_TEST_UMT_CASES_H

#include "umt_traces.h"

typedef struct umt_case {
    const char *name;
    /* Change the finished trace; returns the offset of the error. */
    uint64_t (*change)(uenc *e, const umt_marks *m);
    int code; /* TD_E_* (or TD_END with a warning) */
    int file; /* UF_* the error is in */
    int mode; /* TD_UMT_VALIDATE unless said */
    uint32_t flags;
    /* Build the trace before the change; NULL: the as-built-v1 trace. */
    void (*build)(uenc *e, umt_marks *m);
} umt_case;

extern const umt_case umt_cases[];
extern const unsigned umt_case_count;

#endif /* TRACEDEC_TEST_UMT_CASES_H */
