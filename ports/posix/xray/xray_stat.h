/*
 * xray_stat.h - counting an XRay trace: records by kind, threads, CPUs,
 * time span. Used by `stat`, `info` and `validate -v`, in text and in
 * JSON (docs/json.md).
 */
#ifndef TRACEDEC_XRAY_STAT_H
#define TRACEDEC_XRAY_STAT_H

#include <stdbool.h>

#include "out.h"
#include "tracedec.h"
#include "u64_map.h"

typedef struct xray_stat {
    td_xray_event header;      /* the header event */
    uint64_t kinds[16];        /* events by td_xray_event_kind */
    uint64_t actions[4];       /* function records by action */
    uint64_t warnings[8];      /* warning events by code - 100 */
    uint64_t payload_bytes;
    uint64_t file_bytes;       /* offset + size of the last event */
    uint64_t tsc_min, tsc_max; /* over function and event records */
    bool any_tsc;
    u64_map threads;        /* (pid, tid) -> nothing */
    unsigned char cpus[65536 / 8];
    unsigned ncpus;
} xray_stat;

void xray_stat_init(xray_stat *s);
int xray_stat_event(xray_stat *s, const td_xray_event *ev);
void xray_stat_free(xray_stat *s);

/* xray_stat_event() as the driver's consumer (driver.h), s an xray_stat. */
int xray_stat_consume(void *s, const void *ev);

/* Add the counts of `part`, the events of a later range of the file
 * (without its header), to s: what counting both ranges' events into s
 * gives. Returns 0, or -1 when out of memory. */
int xray_stat_merge(xray_stat *s, const xray_stat *part);

/* Records: everything in the file but the header, payloads, padding and
 * warnings. */
uint64_t xray_stat_records(const xray_stat *s);

void xray_stat_print(out *o, const xray_stat *s);
void xray_stat_print_json(out *o, const xray_stat *s);

/* One line: "xray fdr v5 le: N records in B buffers, T threads, ..." */
void xray_stat_summary(out *o, const xray_stat *s);

/* validate's summary: "PATH: valid xray fdr v5 le, N records in B
 * buffers, T threads, C cpus, S s, W warnings", or its JSON object. */
void xray_stat_print_valid(out *o, const char *path, const xray_stat *s);
void xray_stat_print_valid_json(out *o, const char *path,
                                const xray_stat *s);

/* info's JSON object: the header's fields and the summary's counts. */
void xray_stat_print_info_json(out *o, const xray_stat *s, int container);

#endif /* TRACEDEC_XRAY_STAT_H */
