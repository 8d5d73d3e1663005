/*
 * umt_log.h - the UMT event log of golden logs and sweeps: one line per
 * event, except that payload fragments are joined into one line per
 * payload and XML text into one line per run, so the log does not depend
 * on where fragments were cut.
 */
#ifndef TRACEDEC_TEST_UMT_LOG_H
#define TRACEDEC_TEST_UMT_LOG_H

#include <stdbool.h>
#include <stdio.h>

#include "tracedec.h"

typedef struct umt_log {
    FILE *out;
    bool as_skipped; /* leave out what TD_UMT_SKIP_INSTRUCTIONS leaves out
                        (umt_skipped.h) */
    int pending;     /* 1: payload bytes, 2: XML text */
    uint64_t offset, total, seen, hash;
    uint32_t file, of;
    uint8_t head[24];
    size_t head_len;
    char path[160];
} umt_log;

void umt_log_init(umt_log *l, FILE *out);
void umt_log_event(umt_log *l, const td_umt_event *ev);
/* The pending XML text run's line. */
void umt_log_flush(umt_log *l);

#endif /* TRACEDEC_TEST_UMT_LOG_H */
