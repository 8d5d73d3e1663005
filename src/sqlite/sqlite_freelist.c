/*
 * sqlite_freelist.c - checking the freelist against the header.
 *
 * Technique. The freelist is a chain of trunk pages, each a next-trunk
 * pointer, a leaf count L and L leaf page numbers (fileformat2 1.5). The
 * walk reads one trunk page per step and counts trunk and leaf pages; the
 * count may never pass the header's freelist size, which bounds the walk
 * even when the chain loops, and must equal it when the chain ends. Leaf
 * pages carry no information and are never read.
 */
#include "sqlite_internal.h"

static int check_leaves(td_sqlite_decoder *db, const uint8_t *page, uint64_t at,
                        uint32_t leaves)
{
    uint32_t i;
    for (i = 0; i < leaves; i++) {
        uint32_t leaf = tdi_be32(page + 8 + 4 * i);
        if (leaf < 2 || leaf > db->header.page_count || leaf == db->lock_page)
            return tdi_sq_fail(db, TD_E_SQLITE_FREELIST, at + 8 + 4 * i,
                           TDI_REASON("freelist leaf page number out of "
                                     "range"));
    }
    return TD_OK;
}

static int read_trunk(td_sqlite_decoder *db, td_sqlite_freelist_walk *w)
{
    uint64_t at = sq_page_offset(db, w->trunk);
    uint32_t leaves;
    const uint8_t *p;
    int rc = TD_OK;
    if (w->trunk < 2 || w->trunk > db->header.page_count ||
        w->trunk == db->lock_page)
        return tdi_sq_fail(db, TD_E_SQLITE_FREELIST, w->trunk_from,
                       TDI_REASON("freelist trunk page number out of range"));
    if ((p = sq_fetch(db, 0, w->trunk, &rc)) == NULL)
        return rc;
    leaves = tdi_be32(p + 4);
    if (leaves > db->header.usable_size / 4 - 2)
        return tdi_sq_fail(db, TD_E_SQLITE_FREELIST, at + 4,
                       TDI_REASON("freelist trunk holds more than U/4 - 2 "
                                 "leaves"));
    if (leaves + 1 > db->header.freelist_count - w->seen)
        return tdi_sq_fail(db, TD_E_SQLITE_FREELIST, at,
                       TDI_REASON("more freelist pages than the header "
                                 "counts (or a loop)"));
    if ((rc = check_leaves(db, p, at, leaves)) != TD_OK)
        return rc;
    w->seen += leaves + 1;
    w->trunk = tdi_be32(p);
    w->trunk_from = at;
    return TD_OK;
}

int td_sqlite_check_freelist(td_sqlite_decoder *db, td_sqlite_freelist_walk *w)
{
    int rc;
    if (db == NULL || w == NULL)
        return TD_E_INVALID_ARGUMENT;
    if ((rc = td_sqlite_open(db)) != TD_OK)
        return rc;
    if (!w->started) {
        w->trunk = db->header.freelist_trunk;
        w->trunk_from = 32;
        w->seen = 0;
        w->started = 1;
    }
    while (w->trunk != 0)
        if ((rc = read_trunk(db, w)) != TD_OK)
            return rc;
    if (w->seen != db->header.freelist_count)
        return tdi_sq_fail(db, TD_E_SQLITE_FREELIST, 36,
                       TDI_REASON("the freelist holds fewer pages than the "
                                 "header counts"));
    return TD_OK;
}
