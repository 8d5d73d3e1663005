/*
 * sqlite_freelist.c - checking the freelist against the header: the
 * database's next() once the HEADER event went out.
 *
 * Technique. The freelist is a chain of trunk pages, each a next-trunk
 * pointer, a leaf count L and L leaf page numbers (fileformat2 1.5). The
 * walk reads one trunk page per call, checks it whole, hands it out as a
 * FREELIST_TRUNK event and counts its trunk and leaf pages; the count may
 * never pass the header's freelist size, which bounds the walk even when
 * the chain loops, and must equal it when the chain ends. Leaf pages carry
 * no information and are never read.
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

/* The trunk page db->freelist.trunk, checked: its event, and the walk
 * moves on to the next one. */
static int read_trunk(td_sqlite_decoder *db, td_sqlite_event *ev)
{
    uint32_t trunk = db->freelist.trunk, leaves;
    uint64_t at = sq_page_offset(db, trunk);
    const uint8_t *p;
    int rc = TD_OK;
    if (trunk < 2 || trunk > db->header.page_count || trunk == db->lock_page)
        return tdi_sq_fail(db, TD_E_SQLITE_FREELIST, db->freelist.trunk_from,
                       TDI_REASON("freelist trunk page number out of range"));
    if ((p = sq_fetch(db, 0, trunk, &rc)) == NULL)
        return rc;
    leaves = tdi_be32(p + 4);
    if (leaves > db->header.usable_size / 4 - 2)
        return tdi_sq_fail(db, TD_E_SQLITE_FREELIST, at + 4,
                       TDI_REASON("freelist trunk holds more than U/4 - 2 "
                                 "leaves"));
    if (leaves + 1 > db->header.freelist_count - db->freelist.seen)
        return tdi_sq_fail(db, TD_E_SQLITE_FREELIST, at,
                       TDI_REASON("more freelist pages than the header "
                                 "counts (or a loop)"));
    if ((rc = check_leaves(db, p, at, leaves)) != TD_OK)
        return rc;
    sq_event(ev, TD_SQLITE_EV_FREELIST_TRUNK, 0, at, db->header.page_size);
    ev->trunk.page = trunk;
    ev->trunk.leaves = leaves;
    db->freelist.seen += leaves + 1;
    db->freelist.trunk = tdi_be32(p);
    db->freelist.trunk_from = at;
    return TD_EVENT;
}

void tdi_sq_freelist_start(td_sqlite_decoder *db)
{
    db->freelist.trunk = db->header.freelist_trunk;
    db->freelist.trunk_from = 32;
    db->freelist.seen = 0;
    db->mode = SQ_DB_FREELIST;
}

int tdi_sq_freelist_next(td_sqlite_decoder *db, td_sqlite_event *ev)
{
    if (db->freelist.trunk != 0)
        return read_trunk(db, ev);
    if (db->freelist.seen != db->header.freelist_count)
        return tdi_sq_fail(db, TD_E_SQLITE_FREELIST, 36,
                       TDI_REASON("the freelist holds fewer pages than the "
                                 "header counts"));
    db->mode = SQ_DB_END;
    return TD_END;
}
