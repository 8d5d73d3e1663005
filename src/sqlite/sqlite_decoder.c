/*
 * sqlite_decoder.c - the SQLite database: its entry points, its next()
 * (header, then the freelist walk of sqlite_freelist.c; the diagram is in
 * tracedec/sqlite.h), the 100-byte header, and pages by number.
 *
 * Record kind -> function (file), for the database and its cursors:
 *   the 100-byte header -> tdi_sq_open, check_header: page size, versions
 *     and fractions, schema fields, page count, freelist fields (here)
 *   a -wal or hot -journal file beside it -> side_files (here): rejected
 *   freelist trunk pages -> read_trunk, their leaf numbers ->
 *     check_leaves, the count -> tdi_sq_freelist_next (sqlite_freelist.c);
 *     leaf pages are never read
 *   the lock-byte page, pointer-map pages (never read): a page number
 *     naming one -> tdi_sq_check_pgno (here)
 *   b-tree page header, types 0x02, 0x05, 0x0a, 0x0d -> tdi_sq_read_page,
 *     tdi_sq_check_page (sqlite_page.c); whether it fits its place in the
 *     tree -> may_enter, fits_place (sqlite_cursor.c)
 *   cell pointer array -> sq_cell_offset (sqlite_internal.h)
 *   interior cells: the child page number -> descend, a table's key ->
 *     pass_table_key (sqlite_cursor.c), an index's entry -> as a leaf cell
 *   leaf cells: payload size, rowid, local bytes, first overflow page ->
 *     tdi_sq_start_row, read_cell (sqlite_record.c)
 *   a record whole in its cell, read in one call -> fast_row, local_row
 *     (sqlite_record.c)
 *   record header (serial types) -> tdi_sq_count_columns, the ROW event ->
 *     tdi_sq_row_event (sqlite_record.c)
 *   values: NULL, integers, reals, 0 and 1 -> tdi_sq_next_value and
 *     fixed_value; TEXT and BLOB fragments -> tdi_sq_next_fragment
 *     (sqlite_record.c)
 *   overflow pages -> tdi_sq_reader_peek, enter_overflow_page
 *     (sqlite_payload.c)
 *   sqlite_schema rows -> check_schema_value, index keys in order ->
 *     check_key, tdi_sq_key_repeated (sqlite_record.c)
 *   varints -> sq_varint, tdi_sq_varint_long (sqlite_page.c)
 *
 * Technique. The header is read once, through lane 0, as the first 100
 * bytes of the file; every field is checked against the file format's rules
 * (fileformat2 section 1.3) before any page is asked for, and the facts the
 * rest needs (page size as a shift, usable size, page count, the lock-byte
 * page) are kept. A page is asked for whole: tdi_input_at() returns it from
 * the lane's span when the host's last answer covers it, so an mmap host
 * (or one that answers with the whole file) is asked once, and a pread host
 * with one page-sized buffer per lane answers each page once per visit.
 * Nothing holds a page pointer across a request: every step fetches the
 * page it reads again, which costs a comparison when it is still there.
 */
#include "sqlite_internal.h"

static const uint8_t sqlite_magic[16] = "SQLite format 3";
static const uint8_t journal_magic[8] = {0xd9, 0xd5, 0x05, 0xf9,
                                         0x20, 0xa1, 0x63, 0xd7};

typedef char tdi_sqlite_fits_384_bytes[sizeof(td_sqlite_decoder) <= 384 ? 1 : -1];

int td_sqlite_init(td_sqlite_decoder *db, const td_sqlite_config *cfg)
{
    unsigned i;
    if (db == NULL ||
        (cfg != NULL && (cfg->size < sizeof *cfg || cfg->flags != 0)))
        return TD_E_INVALID_ARGUMENT;
    memset(db, 0, sizeof *db);
    for (i = 0; i < TD_SQLITE_LANES; i++)
        tdi_input_init(&db->in[i]);
    if (cfg != NULL)
        db->files = cfg->files;
    db->mode = SQ_DB_HEADER;
    return TD_OK;
}

int td_sqlite_reset(td_sqlite_decoder *db)
{
    td_sqlite_config cfg;
    if (db == NULL)
        return TD_E_INVALID_ARGUMENT;
    memset(&cfg, 0, sizeof cfg);
    cfg.size = sizeof cfg;
    cfg.files = db->files;
    return td_sqlite_init(db, &cfg);
}

const td_sqlite_header *td_sqlite_info(const td_sqlite_decoder *db)
{
    return &db->header;
}

const td_request *td_sqlite_request(const td_sqlite_decoder *db)
{
    return &db->in[db->lane].want;
}

int td_sqlite_feed(td_sqlite_decoder *db, const void *data, size_t len)
{
    if (db == NULL)
        return TD_E_INVALID_ARGUMENT;
    if (db->fault.code != 0)
        return db->fault.code;
    db->feeds[db->lane]++;
    return tdi_input_feed(&db->in[db->lane], data, len);
}

const td_fault *td_sqlite_fault(const td_sqlite_decoder *db)
{
    return &db->fault;
}

int tdi_sq_fail(td_sqlite_decoder *db, int code, uint64_t at, const char *reason)
{
    return tdi_fail(&db->fault, code, at, reason);
}

static unsigned page_shift(uint32_t page_size)
{
    unsigned s = 9;
    while ((1u << s) < page_size)
        s++;
    return s;
}

/* The pointer-map page that describes pgno (SQLite's ptrmapPageno). */
static uint32_t ptrmap_page_for(const td_sqlite_decoder *db, uint32_t pgno)
{
    uint32_t per_map = db->header.usable_size / 5 + 1;
    uint32_t map = (pgno - 2) / per_map * per_map + 2;
    return map == db->lock_page ? map + 1 : map;
}

int tdi_sq_check_pgno(td_sqlite_decoder *db, uint32_t pgno, uint64_t at)
{
    if (pgno < 2 || pgno > db->header.page_count)
        return tdi_sq_fail(db, TD_E_SQLITE_PAGE_NUMBER, at,
                       TDI_REASON("page number 0, 1, or beyond the last "
                                 "page"));
    if (pgno == db->lock_page)
        return tdi_sq_fail(db, TD_E_SQLITE_PAGE_NUMBER, at,
                       TDI_REASON("pointer to the lock-byte page"));
    if (db->header.largest_root != 0 && ptrmap_page_for(db, pgno) == pgno)
        return tdi_sq_fail(db, TD_E_SQLITE_PAGE_NUMBER, at,
                       TDI_REASON("pointer to a pointer-map page"));
    return TD_OK;
}

const uint8_t *tdi_sq_fetch_slow(td_sqlite_decoder *db, unsigned lane, uint32_t pgno,
                             int *rc)
{
    uint64_t at = sq_page_offset(db, pgno);
    size_t available;
    const uint8_t *p = tdi_input_at(&db->in[lane], lane, at,
                                   db->header.page_size, &available);
    if (p != NULL)
        return p;
    if (db->in[lane].waiting) {
        db->lane = (uint8_t)lane;
        *rc = TD_NEED_INPUT;
    } else {
        *rc = tdi_sq_fail(db, TD_E_TRUNCATED, at + available,
                      TDI_REASON("the file ends inside a page"));
    }
    return NULL;
}

static int side_files(td_sqlite_decoder *db)
{
    if (db->files.wal_size > 0)
        return tdi_sq_fail(db, TD_E_SQLITE_WAL, 0,
                       TDI_REASON("a non-empty -wal file exists: committed "
                                 "pages may be missing from the database "
                                 "file (checkpoint it with sqlite3 first)"));
    if (db->files.journal_size >= 8 &&
        memcmp(db->files.journal_head, journal_magic, 8) == 0)
        return tdi_sq_fail(db, TD_E_SQLITE_HOT_JOURNAL, 0,
                       TDI_REASON("a hot -journal file exists: the database "
                                 "file may be half-written (open it with "
                                 "sqlite3 to roll it back)"));
    return TD_OK;
}

static int check_page_size(td_sqlite_decoder *db, const uint8_t *h)
{
    uint32_t size = tdi_be16(h + 16);
    if (size == 1)
        size = 65536;
    if (size < 512 || size > 65536 || (size & (size - 1)) != 0)
        return tdi_sq_fail(db, TD_E_SQLITE_HEADER, 16,
                       TDI_REASON("page size is not a power of two from 512 "
                                 "to 65536"));
    db->header.page_size = size;
    db->page_shift = (uint8_t)page_shift(size);
    return TD_OK;
}

/* SQLite's maxLocal, maxLeaf and minLocal for the usable size U. */
static void set_spill_limits(td_sqlite_decoder *db)
{
    uint32_t u = db->header.usable_size;
    db->max_local = (u - 12) * 64 / 255 - 23;
    db->max_leaf = u - 35;
    db->min_local = (u - 12) * 32 / 255 - 23;
}

static int check_versions(td_sqlite_decoder *db, const uint8_t *h)
{
    if (h[18] < 1 || h[18] > 2)
        return tdi_sq_fail(db, TD_E_SQLITE_HEADER, 18,
                       TDI_REASON("file format write version is not 1 or 2"));
    if (h[19] < 1 || h[19] > 2)
        return tdi_sq_fail(db, TD_E_SQLITE_HEADER, 19,
                       TDI_REASON("file format read version is not 1 or 2"));
    if (db->header.page_size - h[20] < 480)
        return tdi_sq_fail(db, TD_E_SQLITE_HEADER, 20,
                       TDI_REASON("reserved bytes leave fewer than 480 usable "
                                 "bytes per page"));
    if (h[21] != 64 || h[22] != 32 || h[23] != 32)
        return tdi_sq_fail(db, TD_E_SQLITE_HEADER, 21,
                       TDI_REASON("payload fractions are not 64, 32, 32"));
    db->header.write_version = h[18];
    db->header.read_version = h[19];
    db->header.reserved = h[20];
    db->header.usable_size = db->header.page_size - h[20];
    set_spill_limits(db);
    return TD_OK;
}

static bool all_zero(const uint8_t *p, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        if (p[i] != 0)
            return false;
    return true;
}

/* The 4-byte fields with no rule to check, by their offsets. */
static void keep_plain_fields(td_sqlite_header *hd, const uint8_t *h)
{
    static const uint8_t at[7] = {24, 40, 48, 60, 68, 92, 96};
    uint32_t *const field[7] = {
        &hd->change_counter, &hd->schema_cookie, &hd->cache_size,
        &hd->user_version,   &hd->application_id, &hd->version_valid_for,
        &hd->sqlite_version};
    unsigned i;
    for (i = 0; i < 7; i++)
        *field[i] = tdi_be32(h + at[i]);
}

static int check_schema_fields(td_sqlite_decoder *db, const uint8_t *h)
{
    td_sqlite_header *hd = &db->header;
    hd->schema_format = tdi_be32(h + 44);
    hd->encoding = tdi_be32(h + 56);
    hd->largest_root = tdi_be32(h + 52);
    hd->incremental_vacuum = tdi_be32(h + 64);
    if (hd->schema_format > 4)
        return tdi_sq_fail(db, TD_E_SQLITE_HEADER, 44,
                       TDI_REASON("schema format number is not 0 to 4"));
    if (hd->encoding > 3)
        return tdi_sq_fail(db, TD_E_SQLITE_HEADER, 56,
                       TDI_REASON("text encoding is not 1, 2 or 3"));
    if (hd->encoding == 0)
        hd->encoding = TD_SQLITE_UTF8; /* an empty database: SQLite's rule */
    if (hd->largest_root == 0 && hd->incremental_vacuum != 0)
        return tdi_sq_fail(db, TD_E_SQLITE_HEADER, 64,
                       TDI_REASON("incremental-vacuum flag without "
                                 "auto-vacuum"));
    if (!all_zero(h + 72, 20))
        return tdi_sq_fail(db, TD_E_SQLITE_HEADER, 72,
                       TDI_REASON("bytes reserved for expansion are not "
                                 "zero"));
    keep_plain_fields(hd, h);
    return TD_OK;
}

/* Pages in the file; the in-header size when it is valid (fileformat2
 * 1.3.7), which may not exceed what the file holds. */
static int count_pages(td_sqlite_decoder *db, const uint8_t *h)
{
    td_sqlite_header *hd = &db->header;
    unsigned shift = page_shift(hd->page_size);
    uint64_t whole = db->files.db_size >> shift;
    uint32_t in_header = tdi_be32(h + 28);
    if (whole > 0xfffffffeu)
        whole = 0xfffffffeu;
    if (in_header != 0 && hd->change_counter == hd->version_valid_for) {
        hd->header_page_count = in_header;
        if (in_header > whole)
            return tdi_sq_fail(db, TD_E_TRUNCATED, db->files.db_size,
                           TDI_REASON("the file is shorter than the page "
                                     "count in its header"));
        hd->page_count = in_header;
    } else {
        if ((db->files.db_size & (hd->page_size - 1)) != 0)
            return tdi_sq_fail(db, TD_E_TRUNCATED, db->files.db_size,
                           TDI_REASON("the file ends inside a page"));
        hd->page_count = (uint32_t)whole;
    }
    if (hd->page_count == 0)
        return tdi_sq_fail(db, TD_E_TRUNCATED, db->files.db_size,
                       TDI_REASON("the file is shorter than one page"));
    db->lock_page = (0x40000000u >> shift) + 1;
    if (db->lock_page > hd->page_count)
        db->lock_page = 0;
    return TD_OK;
}

static int check_page_fields(td_sqlite_decoder *db, const uint8_t *h)
{
    td_sqlite_header *hd = &db->header;
    hd->freelist_trunk = tdi_be32(h + 32);
    hd->freelist_count = tdi_be32(h + 36);
    if (hd->freelist_trunk > hd->page_count)
        return tdi_sq_fail(db, TD_E_SQLITE_HEADER, 32,
                       TDI_REASON("first freelist trunk page beyond the "
                                 "last page"));
    if (hd->freelist_count >= hd->page_count ||
        (hd->freelist_trunk == 0) != (hd->freelist_count == 0))
        return tdi_sq_fail(db, TD_E_SQLITE_HEADER, 36,
                       TDI_REASON("freelist page count does not fit the "
                                 "file or its first trunk page"));
    if (hd->largest_root > hd->page_count)
        return tdi_sq_fail(db, TD_E_SQLITE_HEADER, 52,
                       TDI_REASON("largest root page beyond the last page"));
    return TD_OK;
}

static int check_header(td_sqlite_decoder *db, const uint8_t *h)
{
    int rc = check_page_size(db, h);
    if (rc == TD_OK)
        rc = check_versions(db, h);
    if (rc == TD_OK)
        rc = check_schema_fields(db, h);
    if (rc == TD_OK)
        rc = count_pages(db, h);
    if (rc == TD_OK)
        rc = check_page_fields(db, h);
    return rc;
}

/* The first bytes of a file shorter than a header: not a database, or a
 * truncated one. */
static int short_header(td_sqlite_decoder *db, size_t available)
{
    size_t n = available < 16 ? available : 16;
    if (db->in[0].span == NULL || memcmp(db->in[0].span, sqlite_magic, n) != 0)
        return tdi_sq_fail(db, TD_E_SQLITE_MAGIC, 0,
                       TDI_REASON("the file does not start with \"SQLite "
                                 "format 3\""));
    return tdi_sq_fail(db, TD_E_TRUNCATED, available,
                   TDI_REASON("the file ends inside the database header"));
}

int tdi_sq_open(td_sqlite_decoder *db)
{
    const uint8_t *h;
    size_t available;
    int rc;
    if (db->fault.code != 0)
        return db->fault.code;
    if (db->opened)
        return TD_OK;
    h = tdi_input_at(&db->in[0], 0, 0, 100, &available);
    if (h == NULL && db->in[0].waiting) {
        db->lane = 0;
        return TD_NEED_INPUT;
    }
    if (h == NULL)
        return short_header(db, available);
    if (memcmp(h, sqlite_magic, 16) != 0)
        return tdi_sq_fail(db, TD_E_SQLITE_MAGIC, 0,
                       TDI_REASON("the file does not start with \"SQLite "
                                 "format 3\""));
    rc = side_files(db);
    if (rc == TD_OK)
        rc = check_header(db, h);
    if (rc != TD_OK)
        return rc;
    db->opened = 1;
    return TD_OK;
}

/* The HEADER event, the header read and checked first if no cursor did;
 * the freelist walk comes next. */
static int header_event(td_sqlite_decoder *db, td_sqlite_event *ev)
{
    int rc = tdi_sq_open(db);
    if (rc != TD_OK)
        return rc;
    sq_event(ev, TD_SQLITE_EV_HEADER, 0, 0, 100);
    ev->header = db->header;
    tdi_sq_freelist_start(db);
    return TD_EVENT;
}

int td_sqlite_next(td_sqlite_decoder *db, td_sqlite_event *ev)
{
    if (db == NULL || ev == NULL)
        return TD_E_INVALID_ARGUMENT;
    if (db->fault.code != 0)
        return db->fault.code;
    switch (db->mode) {
    case SQ_DB_HEADER:
        return header_event(db, ev);
    case SQ_DB_FREELIST:
        return tdi_sq_freelist_next(db, ev);
    default:
        return TD_END;
    }
}
