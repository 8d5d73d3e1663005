/*
 * sqlite_internal.h - what the SQLite reader's files share.
 */
#ifndef TDI_SQLITE_INTERNAL_H
#define TDI_SQLITE_INTERNAL_H

#include "tracedec/sqlite.h"
#include "../common/bytes.h"
#include "../common/fault.h"
#include "../common/input.h"
#include "../common/mem.h"

/* b-tree page types (first byte of the page header). */
#define SQ_INDEX_INTERIOR 0x02
#define SQ_TABLE_INTERIOR 0x05
#define SQ_INDEX_LEAF 0x0a
#define SQ_TABLE_LEAF 0x0d

/* The largest record SQLite writes (SQLITE_MAX_LENGTH's hard limit). */
#define SQ_MAX_PAYLOAD 0x7fffffffu

/* Where the database's next() is (td_sqlite_decoder.mode; the diagram
 * is in tracedec/sqlite.h). */
enum sq_db_mode {
    SQ_DB_HEADER = 0, /* the HEADER event is due */
    SQ_DB_FREELIST,   /* the next trunk page, or the count once none is
                         left */
    SQ_DB_END
};

/* Cursor states (td_sqlite_cursor.state). */
enum sq_state {
    SQ_START = 0,   /* the root is to be entered */
    SQ_ENTER,       /* enter c->pending (a child page) */
    SQ_DESCEND,     /* enter the child of the top page's current cell */
    SQ_LEAF_CELL,   /* the top (leaf) page's current cell starts a row */
    SQ_ASCEND,      /* the top page is done: back to its parent */
    SQ_AFTER_CHILD, /* the top page's current child is done */
    SQ_ROW_COUNT,   /* pre-pass over the record header */
    SQ_ROW_EVENT,   /* the ROW event is due */
    SQ_VALUE,       /* the next column's serial type */
    SQ_VALUE_BODY,  /* its value */
    SQ_FRAGMENT,    /* more fragments of a TEXT or BLOB */
    SQ_ROW_DONE,    /* the row is over: move past its cell */
    SQ_END
};

/* A decoded b-tree page header. */
typedef td_sqlite_page sq_page;

/* An event begins: its kind and flags, the offset and size of what it
 * describes. */
static inline void sq_event(td_sqlite_event *ev, int kind, uint32_t flags,
                            uint64_t offset, uint64_t size)
{
    ev->kind = kind;
    ev->flags = flags;
    ev->offset = offset;
    ev->size = size;
}

/* sqlite_decoder.c */
int tdi_sq_fail(td_sqlite_decoder *db, int code, uint64_t at, const char *reason);
/* Read and check the header once: TD_OK, TD_NEED_INPUT or the error. */
int tdi_sq_open(td_sqlite_decoder *db);
static inline uint64_t sq_page_offset(const td_sqlite_decoder *db, uint32_t pgno)
{
    return (uint64_t)(pgno - 1) << db->page_shift;
}
/* Check that pgno can hold a b-tree or overflow page. `at` is where the
 * number was read. Returns TD_OK or the error. */
int tdi_sq_check_pgno(td_sqlite_decoder *db, uint32_t pgno, uint64_t at);
/* The whole page, or NULL with *rc = TD_NEED_INPUT or an error. The page
 * usually lies in the lane's span already: that case is inline. */
const uint8_t *tdi_sq_fetch_slow(td_sqlite_decoder *db, unsigned lane, uint32_t pgno,
                             int *rc);
static inline const uint8_t *sq_fetch(td_sqlite_decoder *db, unsigned lane,
                                      uint32_t pgno, int *rc)
{
    const td_input *in = &db->in[lane];
    uint64_t at = sq_page_offset(db, pgno);
    if (in->span != NULL && !in->waiting && in->source == lane &&
        at >= in->span_offset && at - in->span_offset <= in->span_len &&
        in->span_len - (at - in->span_offset) >= db->header.page_size)
        return in->span + (at - in->span_offset);
    return tdi_sq_fetch_slow(db, lane, pgno, rc);
}

/* sqlite_freelist.c: the database's next() after the header. */
/* The walk starts at the header's first trunk page. */
void tdi_sq_freelist_start(td_sqlite_decoder *db);
/* TD_EVENT with the next trunk page's event, TD_END when the walk is over
 * and the count matched, TD_NEED_INPUT or an error. */
int tdi_sq_freelist_next(td_sqlite_decoder *db, td_sqlite_event *ev);

/* sqlite_page.c: b-tree page headers and cells. */
/* Fetch page pgno through `lane` and decode its header, checked; p->pgno
 * stays 0 unless it succeeds. */
int tdi_sq_read_page(td_sqlite_decoder *db, unsigned lane, uint32_t pgno, sq_page *p);
/* p still holds page pgno of the lane's current span. */
static inline bool sq_page_current(const td_sqlite_decoder *db, unsigned lane,
                                   const sq_page *p, uint32_t pgno)
{
    return p->pgno == pgno && p->feeds == db->feeds[lane] &&
           !db->in[lane].waiting;
}
int tdi_sq_check_page(td_sqlite_decoder *db, const sq_page *p);
/* The offset of cell i within the page, checked to lie in the content
 * area. Returns TD_OK or the error. */
static inline int sq_cell_offset(td_sqlite_decoder *db, const sq_page *p, uint32_t i,
                                 uint32_t *cell)
{
    uint32_t ptr = p->cell_ptrs + 2 * i;
    *cell = tdi_be16(p->bytes + ptr);
    if (*cell < p->content || *cell > db->header.usable_size - 4)
        return tdi_sq_fail(db, TD_E_SQLITE_CELL, p->offset + ptr,
                       TDI_REASON("cell pointer outside the cell content "
                                 "area"));
    return TD_OK;
}
/* A varint of at most 9 bytes within [p, end); returns its length, or 0
 * when it does not end before `end`. One-byte varints are inline. */
unsigned tdi_sq_varint_long(const uint8_t *p, const uint8_t *end,
                        uint64_t *value);
static inline unsigned sq_varint(const uint8_t *p, const uint8_t *end,
                                 uint64_t *value)
{
    uint64_t v = 0;
    unsigned n;
    if (p < end && p[0] < 0x80) {
        *value = p[0];
        return 1;
    }
    n = tdi_sq_varint_long(p, end, &v); /* v, not value: keeps *value apart */
    *value = v;
    return n;
}
/* Bytes of a payload of `payload` bytes kept in the cell. */
uint32_t tdi_sq_spill_size(const td_sqlite_decoder *db, uint32_t max_local,
                       uint32_t payload);
static inline uint32_t sq_local_size(const td_sqlite_decoder *db, bool table_leaf,
                                     uint32_t payload)
{
    uint32_t max_local = table_leaf ? db->max_leaf : db->max_local;
    return payload <= max_local ? payload
                                : tdi_sq_spill_size(db, max_local, payload);
}

/* sqlite_record.c: rows and values. */
/* Start the row of cell `cell_index` of page p. A record that lies wholly
 * in its cell is checked and decoded in place: TD_EVENT with its ROW event
 * in *ev. Otherwise TD_OK: the row goes on step by step from
 * SQ_ROW_COUNT. Or an error. */
int tdi_sq_start_row(td_sqlite_cursor *c, const sq_page *p, uint32_t cell_index,
                 td_sqlite_event *ev);
int tdi_sq_count_columns(td_sqlite_cursor *c);
int tdi_sq_row_event(td_sqlite_cursor *c, td_sqlite_event *ev);
int tdi_sq_next_value(td_sqlite_cursor *c, td_sqlite_event *ev);
int tdi_sq_next_fragment(td_sqlite_cursor *c, td_sqlite_event *ev);
/* The row is over: the index key checks that need all of it (an index
 * key equal to the previous one fails). */
int tdi_sq_key_repeated(td_sqlite_cursor *c);
static inline int sq_finish_row(td_sqlite_cursor *c)
{
    if (c->key_columns > 0 && c->key_order == 0 &&
        c->key_seen >= c->key_columns && c->key_known >= c->key_columns)
        return tdi_sq_key_repeated(c);
    c->key_known = c->key_seen;
    return TD_OK;
}

/* sqlite_payload.c: reading a payload across its overflow pages. */
void tdi_sq_reader_start(const td_sqlite_cursor *c, td_sqlite_reader *r);
/* The bytes at the reader, not taken: *avail of them (>= 1) up to the end
 * of the piece, entering the next overflow page when the piece is over;
 * or NULL with *rc set. *offset is their file offset. */
const uint8_t *tdi_sq_reader_peek(td_sqlite_cursor *c, td_sqlite_reader *r,
                              uint32_t *avail, uint64_t *offset, int *rc);
/* Gather n (<= 9) bytes into c->stage, resumably; varint: stop after the
 * byte whose top bit is clear. TD_OK when complete. */
int tdi_sq_reader_gather(td_sqlite_cursor *c, td_sqlite_reader *r, unsigned n,
                     bool varint);
int tdi_sq_reader_skip(td_sqlite_cursor *c, td_sqlite_reader *r, uint32_t n);


#endif /* TDI_SQLITE_INTERNAL_H */
