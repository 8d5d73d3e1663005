/*
 * sqlite_page.c - b-tree page headers, cell pointers, varints and the
 * payload spill rule.
 *
 * Technique. Every time a page is fetched its header is decoded again and
 * the checks that keep reads inside the page are repeated (type, cell count,
 * cell-pointer array below the content area, content area inside the usable
 * size), so a host that answered differently the second time still cannot
 * make the reader step outside the bytes it gave. The freeblock walk, whose
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

static uint32_t content_start(const sq_page *p)
{
    uint32_t top = td_be16(p->bytes + p->hdr + 5);
    return top == 0 ? 65536 : top;
}

int sq_read_page(td_sqlite *db, unsigned lane, uint32_t pgno, sq_page *p)
{
    int rc = TD_OK;
    uint32_t usable = db->header.usable_size;
    p->bytes = sq_fetch(db, lane, pgno, &rc);
    if (p->bytes == NULL)
        return rc;
    p->pgno = pgno;
    p->offset = sq_page_offset(db, pgno);
    p->hdr = pgno == 1 ? 100 : 0;
    p->type = p->bytes[p->hdr];
    if (!known_type(p->type))
        return sq_fail(db, TD_E_SQLITE_PAGE_TYPE, p->offset + p->hdr,
                       TD_REASON("page type is not 2, 5, 10 or 13"));
    p->leaf = p->type == SQ_INDEX_LEAF || p->type == SQ_TABLE_LEAF;
    p->cells = td_be16(p->bytes + p->hdr + 3);
    p->cell_ptrs = p->hdr + (p->leaf ? 8 : 12);
    if (p->cells > (db->header.page_size - 8) / 6 ||
        p->cell_ptrs + 2 * p->cells > content_start(p))
        return sq_fail(db, TD_E_SQLITE_PAGE_HEADER, p->offset + p->hdr + 3,
                       TD_REASON("the cell pointer array overlaps the cell "
                                 "content area"));
    if (content_start(p) > usable)
        return sq_fail(db, TD_E_SQLITE_PAGE_HEADER, p->offset + p->hdr + 5,
                       TD_REASON("cell content area starts beyond the "
                                 "usable size"));
    return TD_OK;
}

int sq_check_page(td_sqlite *db, const sq_page *p)
{
    uint32_t usable = db->header.usable_size;
    uint32_t first_cell = p->cell_ptrs + 2 * p->cells;
    uint32_t top = content_start(p);
    uint32_t free_bytes = p->bytes[p->hdr + 7] + top;
    uint32_t pc = td_be16(p->bytes + p->hdr + 1);
    uint32_t next = 0, size = 0;
    uint64_t at = p->offset + p->hdr + 1;
    if (pc > 0 && pc < top)
        return sq_fail(db, TD_E_SQLITE_PAGE_HEADER, at,
                       TD_REASON("first freeblock before the cell content "
                                 "area"));
    while (pc > 0) {
        if (pc > usable - 4)
            return sq_fail(db, TD_E_SQLITE_PAGE_HEADER, at,
                           TD_REASON("freeblock beyond the usable size"));
        at = p->offset + pc;
        next = td_be16(p->bytes + pc);
        size = td_be16(p->bytes + pc + 2);
        free_bytes += size;
        if (next <= pc + size + 3)
            break;
        pc = next;
    }
    if (next > 0)
        return sq_fail(db, TD_E_SQLITE_PAGE_HEADER, at,
                       TD_REASON("freeblocks overlap or are not in "
                                 "ascending order"));
    if (pc > 0 && pc + size > usable)
        return sq_fail(db, TD_E_SQLITE_PAGE_HEADER, at,
                       TD_REASON("last freeblock extends past the usable "
                                 "size"));
    if (free_bytes > usable || free_bytes < first_cell)
        return sq_fail(db, TD_E_SQLITE_PAGE_HEADER, p->offset + p->hdr + 7,
                       TD_REASON("free space count does not fit the page"));
    return TD_OK;
}

int sq_cell_offset(td_sqlite *db, const sq_page *p, uint32_t i,
                   uint32_t *cell)
{
    uint32_t ptr = p->cell_ptrs + 2 * i;
    *cell = td_be16(p->bytes + ptr);
    if (*cell < content_start(p) || *cell > db->header.usable_size - 4)
        return sq_fail(db, TD_E_SQLITE_CELL, p->offset + ptr,
                       TD_REASON("cell pointer outside the cell content "
                                 "area"));
    return TD_OK;
}

unsigned sq_varint_long(const uint8_t *p, const uint8_t *end,
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

uint32_t sq_local_size(const td_sqlite *db, bool table_leaf,
                       uint32_t payload)
{
    uint32_t u = db->header.usable_size;
    uint32_t max_local = table_leaf ? u - 35 : (u - 12) * 64 / 255 - 23;
    uint32_t min_local = (u - 12) * 32 / 255 - 23;
    uint32_t k;
    if (payload <= max_local)
        return payload;
    k = min_local + (payload - min_local) % (u - 4);
    return k <= max_local ? k : min_local;
}
