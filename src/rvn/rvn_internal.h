/*
 * rvn_internal.h - what the REVEN block-trace decoder's files share.
 */
#ifndef TDI_RVN_INTERNAL_H
#define TDI_RVN_INTERNAL_H

#include "tracedec/rvn.h"
#include "../common/bytes.h"
#include "../common/fault.h"
#include "../common/step.h"
#include "../common/mem.h"

/* Phases (td_rvn_decoder.phase). */
enum rvn_phase {
    RP_SCHEMA = 0,
    RP_TABLES,        /* the TABLES event is due */
    RP_METADATA,
    RP_BLOCKS_START,
    RP_BLOCKS,
    RP_INDICES_START,
    RP_INDICES,
    RP_EXECUTION_START,
    RP_EXECUTION,
    RP_LEFTOVER,      /* interrupts after the last execution row */
    RP_TAIL,          /* a part before the last: the interrupts after its
                         rows, kept for td_rvn_join */
    RP_FREELIST,      /* the database's events: its freelist walk */
    RP_DONE
};

/* Internal result besides those of step.h: a row is complete (distinct
 * from TD_OK, which is TD_END). */
#define RVN_ROW 5

/* Pending warnings (td_rvn_decoder.warnings bits). */
#define RVN_WARN_NO_INDICES 1u
#define RVN_WARN_NO_INTERRUPTS 2u
#define RVN_WARN_UNFINISHED 4u

int tdi_rvn_fail(td_rvn_decoder *r, int code, uint64_t at, const char *reason);

/* An event begins: its kind, and the offset and size of what it
 * describes; no flags. */
static inline void rvn_event(td_rvn_event *ev, int kind, uint64_t offset,
                             uint64_t size)
{
    ev->kind = kind;
    ev->flags = 0;
    ev->offset = offset;
    ev->size = size;
}

/* rvn_row.c: rows of a cursor. */
/* Pull the next piece of a row: RVN_ROW when it is complete, TDI_AGAIN
 * while it is not, TD_EVENT when *ev holds a fragment of a TEXT/BLOB value
 * (caller decides what to do with it), TD_END after the last row, or an
 * error. */
int tdi_rvn_pull(td_sqlite_cursor *c, td_rvn_row *row, td_sqlite_event *ev);
/* The next row of a table of integers: RVN_ROW, TD_END after the last
 * row, TD_NEED_INPUT, or an error; a TEXT or BLOB value is the error
 * `code` with `reason`. */
int tdi_rvn_int_row(td_rvn_decoder *r, td_sqlite_cursor *c, td_rvn_row *row, int code,
                const char *reason);
/* Start a scan of the b-tree at `root` through `lane` (0 or 1) with the
 * cursor `flags`: TD_OK or TD_E_INVALID_ARGUMENT (root 0). */
int tdi_rvn_cursor(td_rvn_decoder *r, td_sqlite_cursor *c, uint32_t root,
                   unsigned lane, uint32_t flags);
/* Start a scan of one table: `lane` 0 or 1, key_columns for WITHOUT
 * ROWID tables. */
int tdi_rvn_scan(td_rvn_decoder *r, td_sqlite_cursor *c, int table, unsigned lane,
             unsigned key_columns);
bool tdi_rvn_is_int(const td_rvn_row *row, unsigned column);
/* Columns 0..n-1 are all integers (and the row has exactly n columns):
 * TD_OK, or the error `code` with `reason`. */
static inline int rvn_require_ints(td_rvn_decoder *r, const td_rvn_row *row,
                                   unsigned n, int code, const char *reason)
{
    uint32_t all = (1u << n) - 1;
    if (row->columns != n || (row->integers & all) != all)
        return tdi_rvn_fail(r, code, row->offset, reason);
    return TD_OK;
}

/* rvn_schema.c */
int tdi_rvn_schema_step(td_rvn_decoder *r);
int tdi_rvn_tables_event(td_rvn_decoder *r, td_rvn_event *ev);

/* rvn_metadata.c */
int tdi_rvn_metadata_step(td_rvn_decoder *r, td_rvn_event *ev);

/* rvn_blocks.c */
int tdi_rvn_blocks_step(td_rvn_decoder *r, td_rvn_event *ev);
int tdi_rvn_indices_step(td_rvn_decoder *r, td_rvn_event *ev);

/* rvn_execution.c */
int tdi_rvn_execution_step(td_rvn_decoder *r, td_rvn_event *ev);
int tdi_rvn_leftover_step(td_rvn_decoder *r, td_rvn_event *ev);
int tdi_rvn_tail_step(td_rvn_decoder *r);

/* rvn_parts.c */
/* A part before the last (parts > 1). */
static inline bool rvn_part_before_last(const td_rvn_decoder *r)
{
    return r->parts > 1 && r->part + 1u < r->parts;
}

#endif /* TDI_RVN_INTERNAL_H */
