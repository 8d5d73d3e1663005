/*
 * sqlite_page.c - b-tree page headers, cell pointers, varints and the
 * payload spill rule.
 *
 * Technique. Every time a page comes in a new span its header is decoded
 * again and the checks that keep reads inside the page are repeated (type,
 * cell count, cell-pointer array below the content area, content area
 * inside the usable size), so a host that answered differently the second
 * time still cannot make the reader step outside the bytes it gave. While
 * the span lasts (the lane's answer count and request say so), a cursor
 * keeps the decoded header of the page it stands on and reads its cells
 * with no more than the cell pointer's own check. The freeblock walk, whose
 * cost grows with the page's free list, runs once, when a scan first enters
 * the page; it is SQLite's btreeComputeFreeSpace() check: the first
 * freeblock after the content start, each next one at least 4 bytes past
 * the end of the previous, the last inside the usable size, and the free
 * bytes counted between the cell-pointer array's end and the usable size.
 */
#include "sqlite_internal.h"

static bool known_type(uint8_t type)
{
    return type == SQ_INDEX_INTERIOR || type == SQ_TABLE_INTERIOR ||
           type == SQ_INDEX_LEAF || type == SQ_TABLE_LEAF;
}

static uint32_t content_start(const uint8_t *header)
{
    uint32_t top = tdi_be16(header + 5);
    return top == 0 ? 65536 : top;
}

int tdi_sq_read_page(td_sqlite_decoder *db, unsigned lane, uint32_t pgno, sq_page *p)
{
    int rc = TD_OK;
    uint32_t usable = db->header.usable_size;
    p->pgno = 0;
    p->bytes = sq_fetch(db, lane, pgno, &rc);
    if (p->bytes == NULL)
        return rc;
    p->offset = sq_page_offset(db, pgno);
    p->hdr = pgno == 1 ? 100 : 0;
    p->type = p->bytes[p->hdr];
    if (!known_type(p->type))
        return tdi_sq_fail(db, TD_E_SQLITE_PAGE_TYPE, p->offset + p->hdr,
                       TDI_REASON("page type is not 2, 5, 10 or 13"));
    p->leaf = p->type == SQ_INDEX_LEAF || p->type == SQ_TABLE_LEAF;
    p->cells = tdi_be16(p->bytes + p->hdr + 3);
    p->cell_ptrs = p->hdr + (p->leaf ? 8 : 12);
    p->content = content_start(p->bytes + p->hdr);
    if (p->cells > (db->header.page_size - 8) / 6 ||
        p->cell_ptrs + 2 * p->cells > p->content)
        return tdi_sq_fail(db, TD_E_SQLITE_PAGE_HEADER, p->offset + p->hdr + 3,
                       TDI_REASON("the cell pointer array overlaps the cell "
                                 "content area"));
    if (p->content > usable)
        return tdi_sq_fail(db, TD_E_SQLITE_PAGE_HEADER, p->offset + p->hdr + 5,
                       TDI_REASON("cell content area starts beyond the "
                                 "usable size"));
    p->pgno = pgno;
    p->feeds = db->feeds[lane];
    return TD_OK;
}

int tdi_sq_check_page(td_sqlite_decoder *db, const sq_page *p)
{
    uint32_t usable = db->header.usable_size;
    uint32_t first_cell = p->cell_ptrs + 2 * p->cells;
    uint32_t top = p->content;
    uint32_t free_bytes = p->bytes[p->hdr + 7] + top;
    uint32_t pc = tdi_be16(p->bytes + p->hdr + 1);
    uint32_t next = 0, size = 0;
    uint64_t at = p->offset + p->hdr + 1;
    if (pc > 0 && pc < top)
        return tdi_sq_fail(db, TD_E_SQLITE_PAGE_HEADER, at,
                       TDI_REASON("first freeblock before the cell content "
                                 "area"));
    while (pc > 0) {
        if (pc > usable - 4)
            return tdi_sq_fail(db, TD_E_SQLITE_PAGE_HEADER, at,
                           TDI_REASON("freeblock beyond the usable size"));
        at = p->offset + pc;
        next = tdi_be16(p->bytes + pc);
        size = tdi_be16(p->bytes + pc + 2);
        free_bytes += size;
        if (next <= pc + size + 3)
            break;
        pc = next;
    }
    if (next > 0)
        return tdi_sq_fail(db, TD_E_SQLITE_PAGE_HEADER, at,
                       TDI_REASON("freeblocks overlap or are not in "
                                 "ascending order"));
    if (pc > 0 && pc + size > usable)
        return tdi_sq_fail(db, TD_E_SQLITE_PAGE_HEADER, at,
                       TDI_REASON("last freeblock extends past the usable "
                                 "size"));
    if (free_bytes > usable || free_bytes < first_cell)
        return tdi_sq_fail(db, TD_E_SQLITE_PAGE_HEADER, p->offset + p->hdr + 7,
                       TDI_REASON("free space count does not fit the page"));
    return TD_OK;
}

unsigned tdi_sq_varint_long(const uint8_t *p, const uint8_t *end,
                        uint64_t *value)
{
    uint64_t v = 0;
    unsigned i;
    for (i = 0; i < 8; i++) {
        if (p + i >= end)
            return 0;
        v = v << 7 | (p[i] & 0x7f);
        if ((p[i] & 0x80) == 0) {
            *value = v;
            return i + 1;
        }
    }
    if (p + 8 >= end)
        return 0;
    *value = v << 8 | p[8];
    return 9;
}

uint32_t tdi_sq_spill_size(const td_sqlite_decoder *db, uint32_t max_local,
                       uint32_t payload)
{
    uint32_t k = db->min_local +
                 (payload - db->min_local) % (db->header.usable_size - 4);
    return k <= max_local ? k : db->min_local;
}
