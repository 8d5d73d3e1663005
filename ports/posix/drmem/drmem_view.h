/*
 * drmem_view.h - drmemtrace events as the lines of DynamoRIO's view tool,
 * with the instruction bytes in hex where it prints their disassembly.
 */
#ifndef TRACEDEC_DRMEM_VIEW_H
#define TRACEDEC_DRMEM_VIEW_H

#include <stdbool.h>

#include "out.h"
#include "tracedec.h"
#include "u64_map.h"

/* One per trace; shards in sequence. */
typedef struct drmem_view {
    out *o;
    int64_t version;         /* VERSION marker, -1 before one */
    int64_t filetype;        /* FILETYPE marker, -1 before one */
    uint64_t version_ordinal, filetype_ordinal;
    bool header_due;         /* VERSION/FILETYPE lines wait for a tid */
    uint64_t instructions;   /* ifetch lines printed */
    u64_map encodings;       /* pc -> the last encoding seen for it */
    bool serial;             /* shards interleaved: a line of dashes
                                where the thread changes */
    int64_t last_tid;        /* of the last line printed, -1 before one */
} drmem_view;

/* Start the view, printing its heading. */
void drmem_view_init(drmem_view *v, out *o);
/* The shards of a directory interleaved in one serial stream (as
 * DynamoRIO's serial mode shows them): the events' ordinals are the
 * stream's, and a line of dashes goes where the thread changes. */
void drmem_view_serial(drmem_view *v);
/* A new shard (file) begins: its markers start over. */
void drmem_view_shard(drmem_view *v);
/* Returns 0, or -1 when out of memory. */
int drmem_view_event(drmem_view *v, const td_drmem_event *ev);
/* The closing lines. */
void drmem_view_finish(drmem_view *v);
/* Free what the view holds, printing nothing (a run that stopped). */
void drmem_view_free(drmem_view *v);

#endif /* TRACEDEC_DRMEM_VIEW_H */
