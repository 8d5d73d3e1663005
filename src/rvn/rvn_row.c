/*
 * rvn_row.c - gathering a table's rows from a cursor.
 *
 * Technique. Every rvnblock table but _metadata holds integers and at most
 * one BLOB, so a row is kept as up to 8 integers and value lengths, O(1).
 * Rows that lie wholly in their cell come in one ROW event (the cursor's
 * TD_SQLITE_WHOLE_ROWS fast path); others come value by value, and the
 * fragments of their TEXT and BLOB values are handed to the caller as they
 * pass.
 */
#include "rvn_internal.h"

/* A cursor on `root` through `lane` with `flags`, covering part `part`
 * of `parts` (0: all of it). */
static int init_cursor(td_rvn_decoder *r, td_sqlite_cursor *c, uint32_t root,
                       unsigned lane, uint32_t flags, unsigned part,
                       unsigned parts)
{
    td_sqlite_cursor_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.size = sizeof cfg;
    cfg.flags = flags;
    cfg.root = root;
    cfg.lane = lane;
    cfg.part = part;
    cfg.parts = parts;
    return td_sqlite_cursor_init(c, &r->db, &cfg);
}

int tdi_rvn_cursor(td_rvn_decoder *r, td_sqlite_cursor *c, uint32_t root,
                   unsigned lane, uint32_t flags)
{
    return init_cursor(r, c, root, lane, flags, 0, 0);
}

/* execution is split between the parts of a split decoder; the other
 * tables are read whole. */
int tdi_rvn_scan(td_rvn_decoder *r, td_sqlite_cursor *c, int table, unsigned lane,
             unsigned key_columns)
{
    uint32_t tree = key_columns > 0 ? TD_SQLITE_INDEX : TD_SQLITE_TABLE;
    bool split = table == TD_RVN_EXECUTION_TABLE && r->parts > 1;
    return init_cursor(r, c, r->root[table], lane,
                       tree | key_columns << 4 | TD_SQLITE_WHOLE_ROWS,
                       split ? r->part : 0, split ? r->parts : 0);
}

bool tdi_rvn_is_int(const td_rvn_row *row, unsigned column)
{
    return column < row->columns && (row->integers >> column & 1u);
}

static void keep_value(td_rvn_row *row, uint32_t column,
                       const td_sqlite_value *v)
{
    if (column >= 8)
        return;
    if (v->type == TD_SQLITE_INTEGER) {
        row->integers |= 1u << column;
        row->value[column] = v->integer;
    } else if (v->type == TD_SQLITE_BLOB) {
        row->blobs |= 1u << column;
    }
    row->length[column] = v->length;
}

static void start_row(td_rvn_row *row, const td_sqlite_event *ev)
{
    uint32_t i, columns = ev->row.columns;
    bool whole = ev->row.inline_values;
    row->offset = ev->offset;
    row->rowid = ev->row.rowid;
    row->columns = columns;
    row->integers = 0;
    row->blobs = 0;
    row->complete = whole || columns == 0;
    for (i = 0; whole && i < columns; i++)
        keep_value(row, i, &ev->values[i]);
}

static int pull(td_sqlite_cursor *c, td_rvn_row *row, td_sqlite_event *ev)
{
    int rc = td_sqlite_cursor_next(c, ev);
    if (rc != TD_EVENT)
        return rc;
    if (ev->kind == TD_SQLITE_EV_ROW) {
        start_row(row, ev);
        return row->complete ? RVN_ROW : TDI_AGAIN;
    }
    if (ev->value.pos == 0)
        keep_value(row, ev->column, &ev->value);
    row->complete = ev->column + 1 == row->columns &&
                    (ev->flags & TD_LAST_FRAGMENT);
    if (ev->value.type == TD_SQLITE_TEXT || ev->value.type == TD_SQLITE_BLOB)
        return TD_EVENT;
    return row->complete ? RVN_ROW : TDI_AGAIN;
}

int tdi_rvn_pull(td_sqlite_cursor *c, td_rvn_row *row, td_sqlite_event *ev)
{
    return pull(c, row, ev);
}

int tdi_rvn_int_row(td_rvn_decoder *r, td_sqlite_cursor *c, td_rvn_row *row, int code,
                const char *reason)
{
    int rc;
    do
        rc = pull(c, row, &r->sev);
    while (rc == TDI_AGAIN);
    if (rc == TD_EVENT)
        return tdi_rvn_fail(r, code, row->offset, reason);
    return rc;
}
