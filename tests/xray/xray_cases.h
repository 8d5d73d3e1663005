/*
 * xray_cases.h - XRay traces built with the test encoder: one valid trace
 * per version, mode and byte order, and one case per check the decoder
 * makes, each with the result it must give.
 */
#ifndef TRACEDEC_TEST_XRAY_CASES_H
#define TRACEDEC_TEST_XRAY_CASES_H

#include <stdbool.h>
#include <stdint.h>

#include "golden.h"
#include "xray_encoder.h"

typedef struct xray_case {
    const char *name;
    void (*build)(xenc *e);
    int status;           /* TD_END or the error expected */
    int64_t offset;       /* the error's offset relative to the builder's
                             xenc_mark(); NO_OFFSET when not checked */
    uint32_t flags;       /* td_xray_config.flags */
    const char *contains; /* a line fragment the event log must hold, with
                             a call matcher; or NULL */
} xray_case;

#define NO_OFFSET INT64_MIN

/* Build a case: its bytes (and mark) in a fresh encoder. */
void xray_case_build(const xray_case *c, xenc *e);

/* Every case's golden case, enc-NAME in the case files of s, must hold
 * the bytes the case builds (with `update`, it is made to). Returns how
 * many cases have one. */
unsigned xray_cases_golden(golden_set *s, bool update);

/* Write every case's bytes into its golden case enc-NAME
 * (tests/xray/cases/NAME.md) and as fuzz/corpus/xray/NAME (fuzz seeds).
 * Returns 0 or -1 (a case without a golden case). */
int export_xray_cases(void);

extern const xray_case xray_cases[];
extern const unsigned xray_case_count;

#endif /* TRACEDEC_TEST_XRAY_CASES_H */
