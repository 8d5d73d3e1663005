/*
 * drmem_print.h - drmemtrace events as text: tracedec's own dump and JSON
 * Lines (DynamoRIO's view tool: drmem_view.h).
 */
#ifndef TRACEDEC_DRMEM_PRINT_H
#define TRACEDEC_DRMEM_PRINT_H

#include <stdio.h>

#include "out.h"
#include "tracedec.h"

/* "@OFFSET+SIZE kind field=value ..." */
void drmem_native_line(out *o, const td_drmem_event *ev);

/* The same line written to f at once (for logs: the test codecs). */
void drmem_print_native(FILE *f, const td_drmem_event *ev);

/* One JSON object per line. */
void drmem_json_line(out *o, const td_drmem_event *ev);

/* "unknown", "header", "instr", ...: the kinds' names in both. */
const char *drmem_kind_name(int kind);

#endif /* TRACEDEC_DRMEM_PRINT_H */
