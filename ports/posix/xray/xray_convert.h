/*
 * xray_convert.h - XRay events to YAML (llvm-xray convert's records and
 * fields), JSON Lines and Chrome trace-event JSON.
 */
#ifndef TRACEDEC_XRAY_CONVERT_H
#define TRACEDEC_XRAY_CONVERT_H

#include <stdbool.h>
#include <stdio.h>

#include "out.h"
#include "tracedec.h"
#include "u64_map.h"

/* ---- YAML: the records of `llvm-xray convert -f yaml` ---------------------
 * A call argument joins the record before it, so one record is held back;
 * with `sort` every record is kept and printed in stable tsc order, as
 * llvm-xray does by default. */
typedef struct yaml_record {
    int kind;          /* TD_XRAY_EV_FUNCTION, _CUSTOM_EVENT or _TYPED_EVENT */
    int action;
    uint16_t type;
    int32_t func_id;
    uint32_t cpu;
    int32_t tid, pid;
    uint64_t tsc;
    uint64_t *args;
    size_t nargs, args_cap;
    uint8_t *data;
    size_t data_len, data_cap;
} yaml_record;

typedef struct xray_yaml {
    out *o;
    bool sort;
    bool have_pending;
    yaml_record pending;
    yaml_record *all;   /* sort: every record */
    size_t n, cap;
    uint64_t printed;
    char place[96];     /* "cpu: ..., kind: " of the last record printed */
    size_t place_len;
    uint32_t place_cpu;
    int32_t place_tid, place_pid;
} xray_yaml;

void xray_yaml_init(xray_yaml *y, out *o, bool sort);
int xray_yaml_event(xray_yaml *y, const td_xray_event *ev);

/* The records held back, then the end of the document. Returns 0, or -1
 * when out of memory. */
int xray_yaml_finish(xray_yaml *y);

/* What y holds, whether the decoding ended or failed. */
void xray_yaml_free(xray_yaml *y);

/* ---- JSON Lines: one object per event ---------------------------------
 * A custom or typed event's line stays open for its payload; when
 * decoding fails inside it, xray_json_finish() closes it, so that every
 * line written parses. */
typedef struct xray_json {
    out *o;
    bool in_payload;   /* a line waits for the rest of its "data" */
} xray_json;

void xray_json_init(xray_json *j, out *o);
void xray_json_event(xray_json *j, const td_xray_event *ev);
void xray_json_finish(xray_json *j);

/* ---- Chrome trace-event JSON ------------------------------------------
 * Function records become B/E pairs that nest per thread even when a
 * thread's trace starts mid-stack (unmatched exits are dropped) or loses
 * exits (the frames above are closed first); frames open at the end are
 * closed at the thread's last timestamp. Needs the decoder's call matcher
 * (function.closed). Custom and typed events become instant events.
 * xray_chrome_finish() ends the document wherever decoding stopped (an
 * open instant event's data, the frames, the array), so that it parses
 * even when the input turned out bad; a second call does nothing;
 * xray_chrome_free() frees what was kept. */
typedef struct xray_chrome {
    out *o;
    uint64_t frequency;
    bool started;      /* the document's head is written */
    bool first;
    bool in_payload;   /* an instant event waits for the rest of its data */
    bool finished;
    u64_map stacks;  /* (pid, tid) -> chrome_stack */
} xray_chrome;

void xray_chrome_init(xray_chrome *c, out *o);
int xray_chrome_event(xray_chrome *c, const td_xray_event *ev);

/* The frames still open closed, then the end of the document, once: the
 * driver's abandon hook calls it before an error line, the command after
 * the run. */
void xray_chrome_finish(xray_chrome *c);

/* What c holds, whether the decoding ended or failed. */
void xray_chrome_free(xray_chrome *c);

#endif /* TRACEDEC_XRAY_CONVERT_H */
