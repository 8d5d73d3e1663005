/*
 * sqlite_record.c - one row: its cell, its record header, its values.
 *
 * Technique. A row starts from its cell (payload size, rowid for table
 * leaves, the spill rule's local size, the first overflow page). A first
 * pass over the record header counts the columns and adds up the value
 * sizes, so that serial types 10 and 11, a header that overruns the
 * payload, or values that do not fill the payload exactly are caught before
 * the ROW event. Then the header is read again, one serial type per VALUE
 * event, with a second reader walking the body in step; integers are
 * sign-extended from 1 to 8 big-endian bytes, reals are handed over as
 * their 64 bits, TEXT and BLOB go out as fragments, one per piece of the
 * payload (local part, then each overflow page). When a record lies wholly
 * in its cell and has few columns, TD_SQLITE_WHOLE_ROWS decodes it in one
 * go into the ROW event.
 *
 * The fast path. Most cells of a table of small rows have one shape: a
 * payload of less than 128 bytes, all in the cell, whose record header is
 * a one-byte size and one-byte serial types. Such a cell is checked in a
 * single pass over its bytes, with the general checks made stricter (so
 * whatever passes there passes them too), and its values are decoded
 * straight from the page into the ROW event. Any other cell, and any cell
 * that fails the stricter checks, goes the general way above, which makes
 * and reports every check; the events are the same either way.
 */
#include "sqlite_internal.h"

static int64_t as_i64(uint64_t u)
{
    return u <= (uint64_t)INT64_MAX ? (int64_t)u : -(int64_t)(~u) - 1;
}

/* Body bytes of the serial types below 12 (10 and 11 are refused). */
static const uint8_t small_sizes[12] = {0, 1, 2, 3, 4, 6, 8, 8, 0, 0, 0, 0};

/* Body bytes of a serial type (10 and 11 are rejected before). */
static uint64_t serial_size(uint64_t t)
{
    return t < 12 ? small_sizes[t] : (t - 12) / 2;
}

/* The big-endian two's-complement integer of serial type t (1 to 6). */
static inline int64_t load_int(uint64_t t, const uint8_t *p)
{
    uint64_t v, sign;
    switch (t) {
    case 1:
        v = p[0];
        sign = (uint64_t)1 << 7;
        break;
    case 2:
        v = tdi_be16(p);
        sign = (uint64_t)1 << 15;
        break;
    case 3:
        v = (uint32_t)tdi_be16(p) << 8 | p[2];
        sign = (uint64_t)1 << 23;
        break;
    case 4:
        v = tdi_be32(p);
        sign = (uint64_t)1 << 31;
        break;
    case 5:
        v = (uint64_t)tdi_be16(p) << 32 | tdi_be32(p + 2);
        sign = (uint64_t)1 << 47;
        break;
    default:
        return as_i64(tdi_be64(p));
    }
    return as_i64((v ^ sign) - sign);
}

/* An INTEGER value of serial type t (nothing else set). */
static inline void integer_value(uint64_t t, int64_t integer,
                                 td_sqlite_value *v)
{
    v->type = TD_SQLITE_INTEGER;
    v->serial_type = t > UINT32_MAX ? UINT32_MAX : (uint32_t)t;
    v->integer = integer;
    v->real_bits = 0;
    v->length = 0;
    v->data = NULL;
    v->size = 0;
    v->pos = 0;
}

/* Fill *v for a serial type whose body is at p (NULL for 0-byte bodies;
 * TEXT/BLOB: the first `avail` bytes). */
static void decode_value(uint64_t t, const uint8_t *p, uint32_t avail,
                         td_sqlite_value *v)
{
    integer_value(t, t - 1 < 6 ? load_int(t, p) : t == 9, v);
    if (t == 0) {
        v->type = TD_SQLITE_NULL;
    } else if (t == 7) {
        v->type = TD_SQLITE_REAL;
        v->real_bits = tdi_be64(p);
    } else if (t >= 12) {
        v->type = (t & 1) ? TD_SQLITE_TEXT : TD_SQLITE_BLOB;
        v->length = serial_size(t);
        v->data = p;
        v->size = avail;
    }
}

/* ---- Checks on values ------------------------------------------------ */

/* Index key order on the leading integer columns (cursor flag). */
static int check_key(td_sqlite_cursor *c, uint32_t column,
                     const td_sqlite_value *v)
{
    bool integer = v->type == TD_SQLITE_INTEGER;
    if (column >= c->key_columns)
        return TD_OK;
    if (c->key_order == 0) {
        if (!integer || column >= c->key_known)
            c->key_order = 2;
        else if (v->integer > c->key[column])
            c->key_order = 1;
        else if (v->integer < c->key[column])
            return tdi_sq_fail(c->db, TD_E_SQLITE_KEY_ORDER, c->row_offset,
                           TDI_REASON("index key smaller than the previous "
                                     "one"));
    }
    if (integer && c->key_seen == column) {
        c->key[column] = v->integer;
        c->key_seen++;
    }
    return TD_OK;
}

static int check_schema_value(td_sqlite_cursor *c, uint32_t column,
                              const td_sqlite_value *v)
{
    td_sqlite_decoder *db = c->db;
    if (column < 3 && v->type != TD_SQLITE_TEXT)
        return tdi_sq_fail(db, TD_E_SQLITE_SCHEMA, c->row_offset,
                       TDI_REASON("sqlite_schema type, name or tbl_name is "
                                 "not text"));
    if (column == 3 && (v->type != TD_SQLITE_INTEGER || v->integer < 0 ||
                        v->integer == 1 ||
                        v->integer > (int64_t)db->header.page_count))
        return tdi_sq_fail(db, TD_E_SQLITE_SCHEMA, c->row_offset,
                       TDI_REASON("sqlite_schema rootpage is not a page of "
                                 "the file"));
    if (column == 4 && v->type != TD_SQLITE_TEXT && v->type != TD_SQLITE_NULL)
        return tdi_sq_fail(db, TD_E_SQLITE_SCHEMA, c->row_offset,
                       TDI_REASON("sqlite_schema sql is neither text nor "
                                 "NULL"));
    return TD_OK;
}

static int check_value(td_sqlite_cursor *c, uint32_t column,
                       const td_sqlite_value *v)
{
    int rc = check_key(c, column, v);
    if (rc == TD_OK && (c->flags & TD_SQLITE_SCHEMA_ROWS))
        rc = check_schema_value(c, column, v);
    return rc;
}

int tdi_sq_key_repeated(td_sqlite_cursor *c)
{
    return tdi_sq_fail(c->db, TD_E_SQLITE_KEY_ORDER, c->row_offset,
                   TDI_REASON("index key equal to the previous one"));
}

/* ---- The cell ------------------------------------------------------- */

static int table_rowid(td_sqlite_cursor *c, int64_t rowid)
{
    if ((c->has_last && rowid <= c->last_rowid) ||
        (c->has_floor && rowid <= c->floor))
        return tdi_sq_fail(c->db, TD_E_SQLITE_KEY_ORDER, c->row_offset,
                       TDI_REASON("rowid not greater than the previous one "
                                 "or its parent's key"));
    c->last_rowid = rowid;
    c->has_last = 1;
    return TD_OK;
}

static int cell_overrun(td_sqlite_cursor *c)
{
    return tdi_sq_fail(c->db, TD_E_SQLITE_CELL, c->row_offset,
                   TDI_REASON("cell extends past the usable size"));
}

/* The overflow chain of a payload that spills: its length and first
 * page. `at` is the offset of the local part in the page. */
static int overflow(td_sqlite_cursor *c, const sq_page *p, uint32_t at)
{
    td_sqlite_decoder *db = c->db;
    uint32_t room = db->header.usable_size - 4, rest = c->payload - c->local;
    c->overflow_pages = rest / room + (rest % room != 0);
    c->first_overflow = tdi_be32(p->bytes + at + c->local);
    if (c->overflow_pages >= db->header.page_count)
        return tdi_sq_fail(db, TD_E_SQLITE_CELL, c->row_offset,
                       TDI_REASON("payload larger than the file"));
    return TD_OK;
}

/* Where the payload is: its size, the part in the cell at `at`. */
static void keep_spill(td_sqlite_cursor *c, const sq_page *p, uint32_t at,
                       uint32_t payload, uint32_t local)
{
    c->payload = payload;
    c->local = local;
    c->row_local_start = (uint16_t)at;
    c->overflow_at = p->offset + at + local;
    c->overflow_pages = 0;
    c->first_overflow = 0;
}

/* The payload size, the local part, the overflow chain's length. */
static int spill(td_sqlite_cursor *c, const sq_page *p, uint32_t at,
                 uint64_t payload)
{
    td_sqlite_decoder *db = c->db;
    uint32_t local;
    if (payload == 0 || payload > SQ_MAX_PAYLOAD)
        return tdi_sq_fail(db, TD_E_SQLITE_CELL, c->row_offset,
                       TDI_REASON("payload size is 0 or above 2^31 - 1"));
    local = sq_local_size(db, p->type == SQ_TABLE_LEAF, (uint32_t)payload);
    keep_spill(c, p, at, (uint32_t)payload, local);
    if (at + local + (local < payload ? 4 : 0) > db->header.usable_size)
        return cell_overrun(c);
    return local < payload ? overflow(c, p, at) : TD_OK;
}

/* The record header's size h, in a varint of n bytes. */
static void keep_header(td_sqlite_cursor *c, uint32_t h, unsigned n)
{
    c->header_size = h;
    c->header_varint = (uint8_t)n;
    c->columns = 0;
    c->body_sum = 0;
    c->staged = 0;
}

/* The record's header size, from the local part. */
static int header_size(td_sqlite_cursor *c, const sq_page *p)
{
    const uint8_t *start = p->bytes + c->row_local_start;
    uint64_t h;
    unsigned n = sq_varint(start, start + c->local, &h);
    if (n == 0 || h < n || h > c->payload)
        return tdi_sq_fail(c->db, TD_E_SQLITE_RECORD,
                       p->offset + c->row_local_start,
                       TDI_REASON("record header size does not fit the "
                                 "payload"));
    keep_header(c, (uint32_t)h, n);
    return TD_OK;
}

/* The cell at `cell`: payload size, rowid, spill, record header size. p
 * is a copy of the page header (c->page would be reread after every store
 * to c). */
static int read_cell(td_sqlite_cursor *c, const sq_page *p, uint32_t cell)
{
    const uint8_t *end = p->bytes + c->db->header.usable_size;
    uint32_t at;
    uint64_t payload, rowid;
    unsigned n;
    int rc;
    c->row_offset = p->offset + cell;
    c->row_page = p->pgno;
    at = cell + (p->leaf ? 0 : 4);
    if ((n = sq_varint(p->bytes + at, end, &payload)) == 0)
        return cell_overrun(c);
    at += n;
    if (p->type == SQ_TABLE_LEAF) {
        if ((n = sq_varint(p->bytes + at, end, &rowid)) == 0)
            return cell_overrun(c);
        at += n;
        if ((rc = table_rowid(c, as_i64(rowid))) != TD_OK)
            return rc;
    }
    if ((rc = spill(c, p, at, payload)) != TD_OK)
        return rc;
    c->key_order = 0;
    c->key_seen = 0;
    return header_size(c, p);
}

/* ---- The header pre-pass -------------------------------------------- */

/* Serial type t, read at file offset `at`, in the pre-pass: *sum adds up
 * the value sizes. */
static inline int count_type(td_sqlite_cursor *c, uint64_t t, uint64_t at,
                             uint64_t *sum)
{
    if (t == 10 || t == 11)
        return tdi_sq_fail(c->db, TD_E_SQLITE_RECORD, at,
                       TDI_REASON("serial type 10 or 11 (reserved)"));
    *sum += serial_size(t);
    if (*sum > c->payload)
        return tdi_sq_fail(c->db, TD_E_SQLITE_RECORD, at,
                       TDI_REASON("values run past the payload"));
    return TD_OK;
}

/* The next serial type from the header reader; *at is its file offset. */
static int read_serial_type(td_sqlite_cursor *c, uint64_t *t, uint64_t *at)
{
    uint32_t limit = c->header_size - c->hdr.pos, avail = 0;
    int rc = TD_OK;
    const uint8_t *p;
    unsigned n;
    if (c->staged == 0) {
        p = tdi_sq_reader_peek(c, &c->hdr, &avail, &c->value_at, &rc);
        if (p == NULL)
            return rc;
        n = sq_varint(p, p + (avail < limit ? avail : limit), t);
        if (n > 0) {
            c->hdr.pos += n;
            *at = c->value_at;
            return TD_OK;
        }
    }
    rc = tdi_sq_reader_gather(c, &c->hdr, limit < 9 ? limit : 9, true);
    if (rc != TD_OK)
        return rc;
    n = sq_varint(c->stage, c->stage + c->staged, t);
    c->staged = 0;
    *at = c->value_at;
    if (n == 0)
        return tdi_sq_fail(c->db, TD_E_SQLITE_RECORD, *at,
                       TDI_REASON("serial type runs past the record header"));
    return TD_OK;
}

/* The pre-pass over the rest of a header that lies wholly in the cell, on
 * the cell's page. */
static int count_local_columns(td_sqlite_cursor *c, const uint8_t *page)
{
    const uint8_t *record = page + c->row_local_start;
    uint64_t at = sq_page_offset(c->db, c->row_page) + c->row_local_start;
    uint32_t pos = c->hdr.pos, end = c->header_size, columns = c->columns;
    uint64_t sum = c->body_sum, t;
    int rc;
    while (pos < end) {
        unsigned n = sq_varint(record + pos, record + end, &t);
        if (n == 0)
            return tdi_sq_fail(c->db, TD_E_SQLITE_RECORD, at + pos,
                           TDI_REASON("serial type runs past the record "
                                     "header"));
        if ((rc = count_type(c, t, at + pos, &sum)) != TD_OK)
            return rc;
        columns++;
        pos += n;
    }
    c->hdr.pos = pos;
    c->columns = columns;
    c->body_sum = sum;
    return TD_OK;
}

static int exact_fill_failed(td_sqlite_cursor *c)
{
    return tdi_sq_fail(c->db, TD_E_SQLITE_RECORD, c->row_offset,
                   TDI_REASON("values do not fill the payload exactly"));
}

/* VALUE events follow: the readers go back to the first serial type and
 * the first value. */
static void start_values(td_sqlite_cursor *c)
{
    tdi_sq_reader_start(c, &c->hdr);
    c->hdr.pos = c->header_varint;
    tdi_sq_reader_start(c, &c->body);
    c->column = 0;
}

int tdi_sq_count_columns(td_sqlite_cursor *c)
{
    uint64_t t = 0, at = 0;
    const uint8_t *page;
    int rc = TD_OK;
    if (c->header_size <= c->local && c->staged == 0 &&
        c->hdr.pos < c->header_size) {
        if ((page = sq_fetch(c->db, c->lane, c->row_page, &rc)) == NULL ||
            (rc = count_local_columns(c, page)) != TD_OK)
            return rc;
    }
    while (c->hdr.pos < c->header_size) {
        if ((rc = read_serial_type(c, &t, &at)) != TD_OK ||
            (rc = count_type(c, t, at, &c->body_sum)) != TD_OK)
            return rc;
        c->columns++;
    }
    if (c->header_size + c->body_sum != c->payload)
        return exact_fill_failed(c);
    start_values(c);
    c->state = SQ_ROW_EVENT;
    return TD_OK;
}

/* ---- Events ------------------------------------------------------------ */

static uint32_t cell_bytes(const td_sqlite_cursor *c)
{
    uint64_t cell_start = c->row_offset - sq_page_offset(c->db, c->row_page);
    return c->row_local_start + c->local +
           (c->local < c->payload ? 4 : 0) - (uint32_t)cell_start;
}

/* The checks on values decoded into ev->values[], in column order. */
static int check_inline_values(td_sqlite_cursor *c, td_sqlite_event *ev)
{
    bool schema = (c->flags & TD_SQLITE_SCHEMA_ROWS) != 0;
    uint32_t i, n = schema || c->columns < c->key_columns ? c->columns
                                                           : c->key_columns;
    int rc;
    for (i = 0; i < n; i++)
        if ((rc = check_value(c, i, &ev->values[i])) != TD_OK)
            return rc;
    return TD_OK;
}

/* The ROW event of a counted record. `whole`: its values are in
 * ev->values[] (a record wholly in its cell, decoded on the way). */
static int row_event(td_sqlite_cursor *c, bool whole, td_sqlite_event *ev)
{
    uint32_t columns = c->columns;
    int rc;
    if ((c->flags & TD_SQLITE_SCHEMA_ROWS) && columns != 5)
        return tdi_sq_fail(c->db, TD_E_SQLITE_SCHEMA, c->row_offset,
                       TDI_REASON("sqlite_schema row without 5 columns"));
    sq_event(ev, TD_SQLITE_EV_ROW, 0, c->row_offset, cell_bytes(c));
    ev->row.tree = c->tree;
    ev->row.rowid = c->tree == TD_SQLITE_TABLE ? c->last_rowid : 0;
    ev->row.page = c->row_page;
    ev->row.payload_size = c->payload;
    ev->row.header_size = c->header_size;
    ev->row.columns = columns;
    ev->row.inline_values = whole;
    if (whole && (rc = check_inline_values(c, ev)) != TD_OK)
        return rc;
    c->state = whole || columns == 0 ? SQ_ROW_DONE : SQ_VALUE;
    return TD_EVENT;
}

/* The values of a counted record wholly in its cell, into ev->values[]. */
static void decode_values(const td_sqlite_cursor *c, const uint8_t *record,
                          td_sqlite_event *ev)
{
    const uint8_t *types = record + c->header_varint;
    const uint8_t *end = record + c->header_size, *body = end;
    uint32_t i, columns = c->columns;
    for (i = 0; i < columns; i++) {
        uint64_t t;
        uint32_t size;
        types += sq_varint(types, end, &t);
        size = (uint32_t)serial_size(t);
        if (t - 1 < 6) /* the common case, inline */
            integer_value(t, load_int(t, body), &ev->values[i]);
        else
            decode_value(t, body, size, &ev->values[i]);
        body += size;
    }
}

/* A record wholly in its cell: the pre-pass, its values for
 * TD_SQLITE_WHOLE_ROWS, and the ROW event, at once. */
static int local_row(td_sqlite_cursor *c, const uint8_t *page,
                     td_sqlite_event *ev)
{
    bool whole;
    int rc;
    c->hdr.pos = c->header_varint;
    if ((rc = count_local_columns(c, page)) != TD_OK)
        return rc;
    if (c->header_size + c->body_sum != c->payload)
        return exact_fill_failed(c);
    whole = (c->flags & TD_SQLITE_WHOLE_ROWS) &&
            c->columns <= TD_SQLITE_INLINE_VALUES;
    if (whole) {
        decode_values(c, page + c->row_local_start, ev);
    } else {
        start_values(c);
        c->body.pos = c->header_size;
    }
    return row_event(c, whole, ev);
}

/* ---- The fast path ------------------------------------------------------ */

/* The payload size of the cell at `cell` when it has the common shape: 1
 * to 127 bytes, all in the cell, with a record header of a one-byte size
 * and at most TD_SQLITE_INLINE_VALUES one-byte serial types that fill the
 * payload exactly; else 0. *at: where the record starts; *rowid: a table
 * leaf's rowid. These are the general checks made stricter: a cell that
 * passes here passes them. */
static uint32_t common_shape(const td_sqlite_decoder *db, const sq_page *p,
                             uint32_t cell, uint32_t *at, uint64_t *rowid)
{
    const uint8_t *bytes = p->bytes, *record;
    uint32_t usable = db->header.usable_size, pos = cell + (p->leaf ? 0 : 4);
    uint32_t payload, header, i, sum = 0;
    bool table = p->type == SQ_TABLE_LEAF;
    unsigned n = 1;
    if (pos >= usable || bytes[pos] == 0 || bytes[pos] >= 0x80)
        return 0;
    payload = bytes[pos];
    if (table && (n += sq_varint(bytes + pos + 1, bytes + usable, rowid)) == 1)
        return 0;
    pos += n;
    if (payload > (table ? db->max_leaf : db->max_local) ||
        pos + payload > usable)
        return 0;
    record = bytes + pos;
    header = record[0];
    if (header == 0 || header > payload ||
        header > 1 + TD_SQLITE_INLINE_VALUES)
        return 0;
    for (i = 1; i < header; i++) {
        uint8_t t = record[i];
        if (t >= 0x80 || t == 10 || t == 11)
            return 0;
        sum += t < 12 ? small_sizes[t] : (t - 12u) / 2;
    }
    *at = pos;
    return header + sum == payload ? payload : 0;
}

/* A cell of the common shape, taken at once: TD_EVENT with its values
 * inline, or an error of the rowid or value checks. TD_OK when the cell
 * has another shape: nothing was done, the general path reads it. */
static int fast_row(td_sqlite_cursor *c, const sq_page *p, uint32_t cell,
                    td_sqlite_event *ev)
{
    uint64_t rowid = 0;
    uint32_t at = 0, payload = common_shape(c->db, p, cell, &at, &rowid);
    const uint8_t *record = p->bytes + at;
    int rc;
    if (payload == 0)
        return TD_OK;
    c->row_offset = p->offset + cell;
    c->row_page = p->pgno;
    if (p->type == SQ_TABLE_LEAF &&
        (rc = table_rowid(c, as_i64(rowid))) != TD_OK)
        return rc;
    keep_spill(c, p, at, payload, payload);
    c->key_order = 0;
    c->key_seen = 0;
    keep_header(c, record[0], 1);
    c->hdr.pos = record[0];
    c->columns = record[0] - 1u;
    c->body_sum = payload - record[0];
    decode_values(c, record, ev);
    return row_event(c, true, ev);
}

int tdi_sq_start_row(td_sqlite_cursor *c, const sq_page *page,
                 uint32_t cell_index, td_sqlite_event *ev)
{
    sq_page p = *page;
    uint32_t cell;
    int rc = sq_cell_offset(c->db, &p, cell_index, &cell);
    if (rc == TD_OK && (c->flags & TD_SQLITE_WHOLE_ROWS))
        rc = fast_row(c, &p, cell, ev);
    if (rc != TD_OK || (rc = read_cell(c, &p, cell)) != TD_OK)
        return rc;
    if (c->local == c->payload)
        return local_row(c, p.bytes, ev);
    tdi_sq_reader_start(c, &c->hdr);
    c->hdr.pos = c->header_varint;
    c->state = SQ_ROW_COUNT;
    return TD_OK;
}

int tdi_sq_row_event(td_sqlite_cursor *c, td_sqlite_event *ev)
{
    int rc;
    if (c->header_size <= c->local)
        c->body.pos = c->header_size; /* the header is in the cell */
    rc = tdi_sq_reader_skip(c, &c->body, c->header_size);
    if (rc != TD_OK)
        return rc;
    return row_event(c, false, ev);
}

static void value_done(td_sqlite_cursor *c)
{
    c->column++;
    c->state = c->column < c->columns ? SQ_VALUE : SQ_ROW_DONE;
}

/* `last`: the value's final fragment, or a value that is not TEXT or
 * BLOB. */
static void value_event(td_sqlite_cursor *c, td_sqlite_event *ev,
                        uint64_t offset, uint64_t size, bool last)
{
    sq_event(ev, TD_SQLITE_EV_VALUE, last ? TD_LAST_FRAGMENT : 0, offset,
             size);
    ev->column = c->column;
}

/* An integer or a real: 1 to 8 body bytes, maybe across two pieces. */
static int fixed_value(td_sqlite_cursor *c, unsigned size,
                       td_sqlite_event *ev)
{
    uint32_t avail = 0;
    int rc = TD_OK;
    const uint8_t *p;
    if (c->staged == 0) {
        p = tdi_sq_reader_peek(c, &c->body, &avail, &c->value_at, &rc);
        if (p == NULL)
            return rc;
        if (avail >= size) {
            c->body.pos += size;
            decode_value(c->serial_type, p, size, &ev->value);
            return TD_OK;
        }
    }
    if ((rc = tdi_sq_reader_gather(c, &c->body, size, false)) != TD_OK)
        return rc;
    decode_value(c->serial_type, c->stage, size, &ev->value);
    c->staged = 0;
    return TD_OK;
}

int tdi_sq_next_fragment(td_sqlite_cursor *c, td_sqlite_event *ev)
{
    uint32_t avail = 0, take;
    uint64_t offset;
    int rc = TD_OK;
    const uint8_t *p = tdi_sq_reader_peek(c, &c->body, &avail, &offset, &rc);
    if (p == NULL)
        return rc;
    take = avail < c->value_left ? avail : c->value_left;
    decode_value(c->serial_type, p, take, &ev->value);
    ev->value.pos = c->value_length - c->value_left;
    if (ev->value.pos == 0 && (rc = check_value(c, c->column, &ev->value)))
        return rc;
    c->body.pos += take;
    c->value_left -= take;
    value_event(c, ev, offset, take, c->value_left == 0);
    if (c->value_left == 0)
        value_done(c);
    else
        c->state = SQ_FRAGMENT;
    return TD_EVENT;
}

int tdi_sq_next_value(td_sqlite_cursor *c, td_sqlite_event *ev)
{
    uint64_t size, at = 0;
    int rc;
    if (c->state == SQ_VALUE) {
        if ((rc = read_serial_type(c, &c->serial_type, &at)) != TD_OK)
            return rc;
        c->value_at = at;
        c->state = SQ_VALUE_BODY;
    }
    size = serial_size(c->serial_type);
    if (c->serial_type >= 12 && size > 0) {
        c->value_length = (uint32_t)size;
        c->value_left = (uint32_t)size;
        return tdi_sq_next_fragment(c, ev);
    }
    if (size == 0)
        decode_value(c->serial_type, NULL, 0, &ev->value);
    else if ((rc = fixed_value(c, (unsigned)size, ev)) != TD_OK)
        return rc;
    if ((rc = check_value(c, c->column, &ev->value)) != TD_OK)
        return rc;
    value_event(c, ev, c->value_at, size, true);
    value_done(c);
    return TD_EVENT;
}
