/*
 * drmem_cases.h - drmemtrace record streams built with the test encoder:
 * valid streams of every shape, and one case per check the decoder makes,
 * each with the result it must give.
 */
#ifndef TRACEDEC_TEST_DRMEM_CASES_H
#define TRACEDEC_TEST_DRMEM_CASES_H

#include <stdint.h>

#include "drmem_encoder.h"
#include "golden.h"

/* One record of a case written after a valid version 7 preamble. */
enum drmem_step_kind {
    STEP_NONE = 0,
    STEP_MARK,   /* the error is at the next record (denc_mark) */
    STEP_RECORD, /* a raw record: type, size, value as its address */
    STEP_HIDDEN, /* the same, one a tool would not see */
    STEP_MARKER, /* a marker: type, value */
    STEP_INSTR,  /* an instruction: type, value as its pc, size, bytes (its
                    encoding, or NULL) */
    STEP_MEMREF, /* a memory reference: type, value as its address, size */
    STEP_EXIT    /* THREAD_EXIT and FOOTER: value as the thread */
};

typedef struct drmem_step {
    int what;
    uint16_t type;
    uint64_t value;
    uint16_t size;
    const uint8_t *bytes;
} drmem_step;

#define DRMEM_STEPS 4

typedef struct drmem_case {
    const char *name;
    void (*build)(denc *e); /* NULL: the preamble and `steps` */
    int status;           /* TD_END or the error expected */
    int64_t offset;       /* the error's offset relative to e->mark */
    const char *contains; /* a fragment the event log must hold, or NULL */
    drmem_step steps[DRMEM_STEPS];
} drmem_case;

/* The case's stream, in a fresh encoder. */
void drmem_case_build(const drmem_case *c, denc *e);

extern const drmem_case drmem_cases[];
extern const unsigned drmem_case_count;

/* The folder of the golden cases (tests/drmem/cases/NAME.md): one per case,
 * of its name. */
#define DRMEM_CASES "tests/drmem/cases"

/* Every case's golden case in the case files of s must hold the stream
 * the case builds (with `update`, it is made to). Returns how many cases
 * have one. */
unsigned drmem_cases_golden(golden_set *s, bool update);

/* Write every case's bytes into its golden case and as
 * fuzz/corpus/drmem/NAME (fuzz seeds). Returns 0 or -1 (a case without a
 * golden case). */
int export_drmem_cases(void);

#endif /* TRACEDEC_TEST_DRMEM_CASES_H */
