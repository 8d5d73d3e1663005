/*
 * drmem_print.h - drmemtrace events as text: tracedec's own dump, JSON
 * Lines, and the lines of DynamoRIO's view tool.
 */
#ifndef TRACEDEC_DRMEM_PRINT_H
#define TRACEDEC_DRMEM_PRINT_H

#include <stdbool.h>
#include <stdio.h>

#include "tracedec.h"
#include "u64_map.h"

/* "@OFFSET+SIZE kind field=value ..." */
void drmem_print_native(FILE *f, const td_drmem_event *ev);

/* One JSON object per line. */
void drmem_print_json(FILE *f, const td_drmem_event *ev);

/* The view tool's record lines, with the instruction bytes in hex where
 * it prints their disassembly. One per trace; shards in sequence. */
typedef struct drmem_view {
    FILE *f;
    int64_t version;         /* VERSION marker, -1 before one */
    int64_t filetype;        /* FILETYPE marker, -1 before one */
    uint64_t version_ordinal, filetype_ordinal;
    bool header_due;         /* VERSION/FILETYPE lines wait for a tid */
    uint64_t instructions;   /* ifetch lines printed */
    u64_map encodings;       /* pc -> the last encoding seen for it */
} drmem_view;

void drmem_view_init(drmem_view *v, FILE *f);
/* A new shard (file) begins: its markers start over. */
void drmem_view_shard(drmem_view *v);
/* Returns 0, or -1 when out of memory. */
int drmem_view_event(drmem_view *v, const td_drmem_event *ev);
void drmem_view_finish(drmem_view *v);

#endif /* TRACEDEC_DRMEM_PRINT_H */
