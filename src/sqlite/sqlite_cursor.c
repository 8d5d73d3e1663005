/*
 * sqlite_cursor.c - walking one b-tree in key order with a bounded stack.
 *
 * Technique. The path from the root is an array of TD_SQLITE_MAX_DEPTH
 * levels, each (page, cell being visited, cell count); a page's bytes are
 * fetched again whenever a step needs them, so one page-sized span per lane
 * is all the host keeps. The page on top of the path stays decoded in
 * c->page while the lane's span lasts, so a leaf's cells are read one
 * after another with no more than the cell pointer's check, and each
 * finished row goes straight on to the next cell's (one call per row: the
 * common cell comes whole, see sqlite_record.c). In-order: a table's
 * interior page visits its children left(0) .. left(n-1), right, and only
 * leaf cells are rows; an index's interior cells are entries too, each
 * emitted between its left subtree and the next one (WITHOUT ROWID tables
 * keep whole rows there).
 * Every step that reads one page and then needs another stores what it
 * learnt first (a child page number goes to c->pending), so a request in
 * between never makes it read the first page again and loop.
 *
 * The cursor's states (c->state; enum sq_state in sqlite_internal.h), and
 * their transitions, as zlib's inflate.h draws its modes (any step may
 * also fail or ask for input, not shown):
 *
 *   Walk the tree:
 *     START, ENTER -> LEAF_CELL (a leaf page) or DESCEND (an interior one)
 *     DESCEND -> ENTER                 (the current cell's child page)
 *     LEAF_CELL -> (row) or ASCEND     (no cell left)
 *     ASCEND -> AFTER_CHILD or END     (the root is done)
 *     AFTER_CHILD -> ASCEND            (its right-most child was done)
 *                 -> (row)             (an index: the cell is an entry)
 *                 -> DESCEND           (a table: its key is passed)
 *   Read a row:
 *     (row) -> ROW_DONE                (whole in its cell: the ROW event
 *                                       at once, values inline)
 *           -> ROW_COUNT -> ROW_EVENT -> VALUE, or ROW_DONE (no column)
 *     VALUE -> VALUE_BODY -> VALUE or ROW_DONE      (a VALUE event)
 *     VALUE_BODY -> FRAGMENT -> FRAGMENT ... -> VALUE or ROW_DONE
 *                                      (TEXT and BLOB, fragment by fragment)
 *     ROW_DONE -> LEAF_CELL (a leaf's next cell, read at once)
 *              -> DESCEND   (the next child of an index's interior page)
 *
 * Guards, all O(1): page numbers usable (tdi_sq_check_pgno); a child is not on
 * the current path; no more pages entered than the file holds; depth at
 * most 20 and every leaf at the depth of the first; page types of the
 * root's kind, interior above the leaves; non-root pages not empty; rowids
 * strictly increasing and each no greater than the interior key that
 * leads to it nor smaller than the one before (SQLite's "Rowid out of
 * order"). Together they make every scan end: the path never repeats a
 * page, and the walk enters at most page_count pages.
 *
 * Parts. A scan split between cursors (td_sqlite_cursor_config.parts)
 * divides the root's children: a part enters the root, starts in
 * AFTER_CHILD of the child before its first (so that an index's root cell
 * there is its first row, and a table's root key its floor), and at the
 * root's AFTER_CHILD of its last child goes to END (end_part).
 */
#include "sqlite_internal.h"

typedef char tdi_sqlite_cursor_fits_512_bytes
    [sizeof(td_sqlite_cursor) <= 512 ? 1 : -1];

int td_sqlite_cursor_init(td_sqlite_cursor *c, td_sqlite_decoder *db,
                          const td_sqlite_cursor_config *cfg)
{
    uint32_t flags, tree, keys;
    if (c == NULL || db == NULL || cfg == NULL || cfg->size < sizeof *cfg)
        return TD_E_INVALID_ARGUMENT;
    flags = cfg->flags;
    tree = flags & 3u;
    keys = (flags >> 4) & 15u;
    if (cfg->root == 0 || cfg->lane >= TD_SQLITE_LANES || tree == 3 ||
        keys > 4 || (cfg->parts != 0 && cfg->part >= cfg->parts) ||
        cfg->parts > 65535 ||
        (flags & ~(0xffu | TD_SQLITE_WHOLE_ROWS | TD_SQLITE_SCHEMA_ROWS)))
        return TD_E_INVALID_ARGUMENT;
    memset(c, 0, sizeof *c);
    c->db = db;
    c->root = cfg->root;
    c->flags = flags;
    c->lane = (uint8_t)cfg->lane;
    c->tree = (uint8_t)tree;
    c->key_columns = (uint8_t)keys;
    c->part = (uint16_t)cfg->part;
    c->parts = (uint16_t)cfg->parts;
    c->state = SQ_START;
    return TD_OK;
}

unsigned td_sqlite_cursor_leaf_depth(const td_sqlite_cursor *c)
{
    return c == NULL ? 0 : c->leaf_depth;
}

uint32_t td_sqlite_cursor_pages(const td_sqlite_cursor *c)
{
    return c == NULL ? 0 : c->visited;
}

static int tree_of(uint8_t type)
{
    return type == SQ_TABLE_LEAF || type == SQ_TABLE_INTERIOR ? TD_SQLITE_TABLE
                                                            : TD_SQLITE_INDEX;
}

/* Checks that need no page: where pgno may be, and the path. */
static int may_enter(td_sqlite_cursor *c, uint32_t pgno, uint64_t at)
{
    td_sqlite_decoder *db = c->db;
    unsigned i;
    int rc;
    if (c->depth == 0) {
        if (pgno > db->header.page_count)
            return tdi_sq_fail(db, TD_E_SQLITE_PAGE_NUMBER, at,
                           TDI_REASON("root page beyond the last page"));
    } else if ((rc = tdi_sq_check_pgno(db, pgno, at)) != TD_OK) {
        return rc;
    }
    if (c->depth == TD_SQLITE_MAX_DEPTH)
        return tdi_sq_fail(db, TD_E_SQLITE_DEPTH, at,
                       TDI_REASON("b-tree deeper than 20 levels"));
    for (i = 0; i < c->depth; i++)
        if (c->path[i].page == pgno)
            return tdi_sq_fail(db, TD_E_SQLITE_CYCLE, at,
                           TDI_REASON("child page is already on the path "
                                     "from the root"));
    if (c->visited >= db->header.page_count)
        return tdi_sq_fail(db, TD_E_SQLITE_CYCLE, at,
                       TDI_REASON("the scan entered more pages than the "
                                 "file holds"));
    return TD_OK;
}

/* Checks on the page's header against its place in the tree. */
static int fits_place(td_sqlite_cursor *c, const sq_page *p)
{
    td_sqlite_decoder *db = c->db;
    uint64_t at = p->offset + p->hdr;
    unsigned level = c->depth + 1u;
    if (c->tree == TD_SQLITE_ANY_TREE)
        c->tree = (uint8_t)tree_of(p->type);
    if (tree_of(p->type) != c->tree)
        return tdi_sq_fail(db, TD_E_SQLITE_PAGE_TYPE, at,
                       TDI_REASON("table page in an index b-tree or the "
                                 "reverse"));
    if (p->leaf && c->leaf_depth != 0 && level != c->leaf_depth)
        return tdi_sq_fail(db, TD_E_SQLITE_DEPTH, at,
                       TDI_REASON("leaves at different depths"));
    if (!p->leaf && c->leaf_depth != 0 && level >= c->leaf_depth)
        return tdi_sq_fail(db, TD_E_SQLITE_PAGE_TYPE, at,
                       TDI_REASON("interior page at or below the leaves' "
                                 "depth"));
    if (p->cells == 0 && (c->depth > 0 || (!p->leaf && p->pgno != 1)))
        return tdi_sq_fail(db, TD_E_SQLITE_PAGE_HEADER, at + 3,
                       TDI_REASON("b-tree page without cells below the root "
                                 "or interior root"));
    return tdi_sq_check_page(db, p);
}

static int enter(td_sqlite_cursor *c, uint32_t pgno, uint64_t at)
{
    sq_page *p = &c->page;
    int rc = may_enter(c, pgno, at);
    if (rc == TD_OK)
        rc = tdi_sq_read_page(c->db, c->lane, pgno, p);
    if (rc == TD_OK)
        rc = fits_place(c, p);
    if (rc != TD_OK)
        return rc;
    c->visited++;
    if (p->leaf && c->leaf_depth == 0)
        c->leaf_depth = (uint8_t)(c->depth + 1);
    c->path[c->depth].page = pgno;
    c->path[c->depth].cell = 0;
    c->path[c->depth].cells = (uint16_t)p->cells;
    c->depth++;
    c->state = p->leaf ? SQ_LEAF_CELL : SQ_DESCEND;
    return TD_OK;
}

static td_sqlite_level *top(td_sqlite_cursor *c)
{
    return &c->path[c->depth - 1];
}

/* The top page in c->page: still there while the lane's span lasts, read
 * and checked again from a new one. */
static int top_page(td_sqlite_cursor *c)
{
    uint32_t pgno = top(c)->page;
    if (sq_page_current(c->db, c->lane, &c->page, pgno))
        return TD_OK;
    return tdi_sq_read_page(c->db, c->lane, pgno, &c->page);
}

/* The top page's current child pointer goes to c->pending. */
static int descend(td_sqlite_cursor *c)
{
    td_sqlite_level *t = top(c);
    const sq_page *p = &c->page;
    uint32_t cell;
    int rc = top_page(c);
    if (rc != TD_OK)
        return rc;
    if (t->cell < t->cells) {
        if ((rc = sq_cell_offset(c->db, p, t->cell, &cell)) != TD_OK)
            return rc;
    } else {
        cell = p->hdr + 8;
    }
    c->pending = tdi_be32(p->bytes + cell);
    c->pending_at = p->offset + cell;
    c->state = SQ_ENTER;
    return TD_OK;
}

/* The top (leaf) page's current cell starts a row: TD_EVENT when it came
 * whole. */
static int leaf_cell(td_sqlite_cursor *c, td_sqlite_event *ev)
{
    td_sqlite_level *t = top(c);
    int rc;
    if (t->cell >= t->cells) {
        c->state = SQ_ASCEND;
        return TD_OK;
    }
    if ((rc = top_page(c)) != TD_OK)
        return rc;
    return tdi_sq_start_row(c, &c->page, t->cell, ev);
}

/* A table interior key: every rowid before it is <= key, after it >. */
static int pass_table_key(td_sqlite_cursor *c, const sq_page *p,
                          uint32_t cell)
{
    td_sqlite_decoder *db = c->db;
    uint64_t key;
    int64_t k;
    const uint8_t *end = p->bytes + db->header.usable_size;
    if (sq_varint(p->bytes + cell + 4, end, &key) == 0)
        return tdi_sq_fail(db, TD_E_SQLITE_CELL, p->offset + cell,
                       TDI_REASON("cell extends past the usable size"));
    k = key <= (uint64_t)INT64_MAX ? (int64_t)key : -(int64_t)(~key) - 1;
    if ((c->has_last && c->last_rowid > k) || (c->has_floor && k <= c->floor))
        return tdi_sq_fail(db, TD_E_SQLITE_KEY_ORDER, p->offset + cell,
                       TDI_REASON("interior key out of order with the rowids "
                                 "around it"));
    c->floor = k;
    c->has_floor = 1;
    return TD_OK;
}

/* The last child of a part's range is done: a table's root key after it
 * is checked against the rows before it, an index's root cell left to the
 * next part. */
static int end_part(td_sqlite_cursor *c)
{
    uint32_t cell;
    int rc;
    c->state = SQ_END;
    if (c->tree == TD_SQLITE_INDEX)
        return TD_OK;
    if ((rc = sq_cell_offset(c->db, &c->page, top(c)->cell, &cell)) != TD_OK)
        return rc;
    return pass_table_key(c, &c->page, cell);
}

/* The child under the top page's current cell is done: an index's cell is
 * a row (TD_EVENT when it came whole), a table's a key to pass. */
static int after_child(td_sqlite_cursor *c, td_sqlite_event *ev)
{
    td_sqlite_level *t = top(c);
    uint32_t cell;
    int rc;
    if (t->cell >= t->cells) {
        c->state = SQ_ASCEND; /* that was the right-most child */
        return TD_OK;
    }
    if ((rc = top_page(c)) != TD_OK)
        return rc;
    if (c->depth == 1 && c->end_child != 0 && t->cell + 1u >= c->end_child)
        return end_part(c);
    if (c->tree == TD_SQLITE_INDEX)
        return tdi_sq_start_row(c, &c->page, t->cell, ev);
    if ((rc = sq_cell_offset(c->db, &c->page, t->cell, &cell)) != TD_OK ||
        (rc = pass_table_key(c, &c->page, cell)) != TD_OK)
        return rc;
    t->cell++;
    c->state = SQ_DESCEND;
    return TD_OK;
}

/* The root was entered: a part starts at its first child, after the root
 * cell before it (an index's row, a table's key: AFTER_CHILD of the child
 * before), and ends before its end child; a part with no child ends. */
static int start_part(td_sqlite_cursor *c)
{
    td_sqlite_level *t = top(c);
    uint32_t children = c->page.leaf ? 1u : t->cells + 1u;
    /* children <= 32768 (2-byte cell pointers) and parts <= 65535: the
     * products fit in 32 bits */
    uint32_t first = c->part * children / c->parts;
    uint32_t end = (c->part + 1u) * children / c->parts;
    if (first == end) {
        c->state = SQ_END;
        return TD_OK;
    }
    if (c->page.leaf)
        return TD_OK;
    c->end_child = (uint16_t)(end < children ? end : 0);
    if (first > 0) {
        t->cell = (uint16_t)(first - 1);
        c->state = SQ_AFTER_CHILD;
    }
    return TD_OK;
}

/* The root is entered, and a part's range of it taken. */
static int enter_root(td_sqlite_cursor *c)
{
    int rc = enter(c, c->root, 0);
    if (rc != TD_OK || c->parts == 0)
        return rc;
    return start_part(c);
}

static int ascend(td_sqlite_cursor *c)
{
    c->depth--;
    c->state = c->depth == 0 ? SQ_END : SQ_AFTER_CHILD;
    return TD_OK;
}

/* The row is over: on to the next cell of a leaf (whose row may come at
 * once), or down the next child of an index's interior page. */
static int row_done(td_sqlite_cursor *c, td_sqlite_event *ev)
{
    int rc = sq_finish_row(c);
    if (rc != TD_OK)
        return rc;
    top(c)->cell++;
    if (c->depth != c->leaf_depth) {
        c->state = SQ_DESCEND;
        return TD_OK;
    }
    c->state = SQ_LEAF_CELL;
    return leaf_cell(c, ev);
}

void td_sqlite_cursor_skip_row(td_sqlite_cursor *c)
{
    if (c == NULL)
        return;
    if (c->state == SQ_ROW_COUNT || c->state == SQ_ROW_EVENT ||
        c->state == SQ_VALUE || c->state == SQ_VALUE_BODY ||
        c->state == SQ_FRAGMENT) {
        c->staged = 0;
        c->key_order = 2; /* not all of its key was seen */
        c->state = SQ_ROW_DONE;
    }
}

/* One step of the walk: TD_OK to go on, TD_EVENT when a row came whole,
 * TD_NEED_INPUT or an error. */
static int step(td_sqlite_cursor *c, td_sqlite_event *ev)
{
    switch (c->state) {
    case SQ_ROW_DONE:
        return row_done(c, ev);
    case SQ_LEAF_CELL:
        return leaf_cell(c, ev);
    case SQ_START:
        return enter_root(c);
    case SQ_ENTER:
        return enter(c, c->pending, c->pending_at);
    case SQ_DESCEND:
        return descend(c);
    case SQ_ASCEND:
        return ascend(c);
    case SQ_AFTER_CHILD:
        return after_child(c, ev);
    case SQ_ROW_COUNT:
        return tdi_sq_count_columns(c);
    case SQ_ROW_EVENT:
        return tdi_sq_row_event(c, ev);
    case SQ_VALUE:
    case SQ_VALUE_BODY:
        return tdi_sq_next_value(c, ev);
    case SQ_FRAGMENT:
        return tdi_sq_next_fragment(c, ev);
    case SQ_END:
        return TD_END;
    default:
        return tdi_sq_fail(c->db, TD_E_INTERNAL, 0, TDI_REASON("bad state"));
    }
}

int td_sqlite_cursor_next(td_sqlite_cursor *c, td_sqlite_event *ev)
{
    int rc;
    if (c == NULL || ev == NULL || c->db == NULL)
        return TD_E_INVALID_ARGUMENT;
    if (!c->db->opened && (rc = tdi_sq_open(c->db)) != TD_OK)
        return rc;
    if (c->db->fault.code != 0)
        return c->db->fault.code;
    while ((rc = step(c, ev)) == TD_OK && c->state != SQ_END)
        ;
    return rc;
}
