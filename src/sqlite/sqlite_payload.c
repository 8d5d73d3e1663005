/*
 * sqlite_payload.c - reading a cell's payload: its local part, then its
 * overflow pages.
 *
 * Technique. A reader is a position in the payload plus the piece that
 * holds it: the local part in the cell, or one overflow page (a 4-byte next
 * pointer and U - 4 payload bytes). Reaching the end of a piece enters the
 * next overflow page, which is where the chain is checked: its page number
 * must be usable, the chain may not grow past the page count the payload
 * implies (ceil((P - local) / (U - 4))), and that last page's next pointer
 * must be 0. The count is exact because a reader never goes past the
 * payload's end, and values must fill the payload exactly, so a chain that
 * loops never reaches its 0 and is caught on the page the count says is
 * the last. Fixed-size fields that straddle two pieces are gathered into
 * the cursor's 9-byte stage, resumably: a request can come between any two
 * pieces. Two readers walk a record at once (serial types in the header,
 * values in the body); each keeps its own place in the chain.
 */
#include "sqlite_internal.h"

void tdi_sq_reader_start(const td_sqlite_cursor *c, td_sqlite_reader *r)
{
    r->pos = 0;
    r->piece_start = 0;
    r->piece_end = c->local;
    r->page = 0;
    r->next = c->first_overflow;
    r->chain = 0;
    r->next_at = c->overflow_at;
}

static int enter_overflow_page(td_sqlite_cursor *c, td_sqlite_reader *r)
{
    td_sqlite_decoder *db = c->db;
    uint32_t pgno = r->next, next, room = db->header.usable_size - 4;
    const uint8_t *p;
    int rc = TD_OK;
    if (pgno == 0 || r->chain >= c->overflow_pages)
        return tdi_sq_fail(db, TD_E_SQLITE_OVERFLOW, r->next_at,
                       TDI_REASON("overflow chain shorter than the payload "
                                 "size implies"));
    if ((rc = tdi_sq_check_pgno(db, pgno, r->next_at)) != TD_OK)
        return rc;
    p = sq_fetch(db, c->lane, pgno, &rc);
    if (p == NULL)
        return rc;
    next = tdi_be32(p);
    if (r->chain + 1 == c->overflow_pages && next != 0)
        return tdi_sq_fail(db, TD_E_SQLITE_OVERFLOW, sq_page_offset(db, pgno),
                       TDI_REASON("the last overflow page's next pointer is "
                                 "not 0 (a chain too long, or a cycle)"));
    r->chain++;
    r->page = pgno;
    r->next = next;
    r->next_at = sq_page_offset(db, pgno);
    r->piece_start = r->piece_end;
    r->piece_end = c->payload - r->piece_start < room
                       ? c->payload
                       : r->piece_start + room;
    return TD_OK;
}

const uint8_t *tdi_sq_reader_peek(td_sqlite_cursor *c, td_sqlite_reader *r,
                           uint32_t *avail, uint64_t *offset, int *rc)
{
    td_sqlite_decoder *db = c->db;
    const uint8_t *p;
    if (r->pos >= c->payload) {
        *rc = tdi_sq_fail(db, TD_E_INTERNAL, c->row_offset,
                      TDI_REASON("read past the payload"));
        return NULL;
    }
    if (r->pos == r->piece_end && (*rc = enter_overflow_page(c, r)) != TD_OK)
        return NULL;
    *avail = r->piece_end - r->pos;
    if (r->page == 0) {
        p = sq_fetch(db, c->lane, c->row_page, rc);
        *offset = sq_page_offset(db, c->row_page) + c->row_local_start +
                  r->pos;
        return p == NULL ? NULL : p + c->row_local_start + r->pos;
    }
    p = sq_fetch(db, c->lane, r->page, rc);
    *offset = sq_page_offset(db, r->page) + 4 + (r->pos - r->piece_start);
    return p == NULL ? NULL : p + 4 + (r->pos - r->piece_start);
}

/* Up to `max` contiguous bytes at the reader (at least 1 unless the payload
 * is over), or NULL with *rc set. *offset is their file offset. */
static const uint8_t *sq_reader_bytes(td_sqlite_cursor *c,
                                      td_sqlite_reader *r, uint32_t max,
                                      uint32_t *len, uint64_t *offset,
                                      int *rc)
{
    uint32_t avail = 0;
    const uint8_t *p = tdi_sq_reader_peek(c, r, &avail, offset, rc);
    if (p == NULL)
        return NULL;
    *len = avail < max ? avail : max;
    r->pos += *len;
    return p;
}

int tdi_sq_reader_gather(td_sqlite_cursor *c, td_sqlite_reader *r, unsigned n,
                     bool varint)
{
    while (c->staged < n) {
        uint32_t len;
        uint64_t offset;
        int rc = TD_OK;
        const uint8_t *p = sq_reader_bytes(c, r, varint ? 1 : n - c->staged,
                                           &len, &offset, &rc);
        if (p == NULL)
            return rc;
        memcpy(c->stage + c->staged, p, len);
        c->staged = (uint8_t)(c->staged + len);
        if (varint && (p[0] & 0x80) == 0)
            return TD_OK;
    }
    return TD_OK;
}

int tdi_sq_reader_skip(td_sqlite_cursor *c, td_sqlite_reader *r, uint32_t n)
{
    while (r->pos < n) {
        uint32_t len;
        uint64_t offset;
        int rc = TD_OK;
        if (sq_reader_bytes(c, r, n - r->pos, &len, &offset, &rc) == NULL)
            return rc;
    }
    return TD_OK;
}
