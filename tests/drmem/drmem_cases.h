/*
 * drmem_cases.h - drmemtrace record streams built with the test encoder:
 * valid streams of every shape, and one case per check the decoder makes,
 * each with the result it must give.
 */
#ifndef TRACEDEC_TEST_DRMEM_CASES_H
#define TRACEDEC_TEST_DRMEM_CASES_H

#include <stdint.h>

#include "drmem_encoder.h"

typedef struct drmem_case {
    const char *name;
    void (*build)(denc *e);
    int status;           /* TD_END or the error expected */
    int64_t offset;       /* the error's offset relative to e->mark */
    const char *contains; /* a fragment the event log must hold, or NULL */
} drmem_case;

extern const drmem_case drmem_cases[];
extern const unsigned drmem_case_count;

/* The folder of the golden cases (tests/drmem/cases/NAME.md): one per case,
 * of its name. */
#define DRMEM_CASES "tests/drmem/cases"

/* Write every case's bytes into its golden case and as
 * fuzz/corpus/drmem/NAME (fuzz seeds). Returns 0 or -1. */
int export_drmem_cases(void);

#endif /* TRACEDEC_TEST_DRMEM_CASES_H */
