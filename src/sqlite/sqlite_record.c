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
 * go into the ROW event, the fast path for scanning small rows.
 */
#include "sqlite_internal.h"

static int64_t as_i64(uint64_t u)
{
    return u <= (uint64_t)INT64_MAX ? (int64_t)u : -(int64_t)(~u) - 1;
}

/* Body bytes of a serial type (10 and 11 are rejected before). */
static uint64_t serial_size(uint64_t t)
{
    static const uint8_t sizes[12] = {0, 1, 2, 3, 4, 6, 8, 8, 0, 0, 0, 0};
    return t < 12 ? sizes[t] : (t - 12) / 2;
}

static int64_t load_int(const uint8_t *p, unsigned n)
{
    uint64_t v = (p[0] & 0x80) ? ~(uint64_t)0 : 0;
    unsigned i;
    for (i = 0; i < n; i++)
        v = v << 8 | p[i];
    return as_i64(v);
}

/* Fill *v for a serial type whose body is at p (NULL for 0-byte bodies;
 * TEXT/BLOB: the first `avail` bytes). */
static void decode_value(uint64_t t, const uint8_t *p, uint32_t avail,
                         td_sqlite_value *v)
{
    v->serial_type = t > UINT32_MAX ? UINT32_MAX : (uint32_t)t;
    v->integer = 0;
    v->real_bits = 0;
    v->data = NULL;
    v->size = 0;
    v->pos = 0;
    v->last = true;
    v->length = 0;
    if (t == 0) {
        v->type = TD_SQLITE_NULL;
    } else if (t == 8 || t == 9) {
        v->type = TD_SQLITE_INTEGER;
        v->integer = (int64_t)t - 8;
    } else if (t == 7) {
        v->type = TD_SQLITE_REAL;
        v->real_bits = td_be64(p);
    } else if (t < 7) {
        v->type = TD_SQLITE_INTEGER;
        v->integer = load_int(p, (unsigned)serial_size(t));
    } else {
        v->type = (t & 1) ? TD_SQLITE_TEXT : TD_SQLITE_BLOB;
        v->length = serial_size(t);
        v->data = p;
        v->size = avail;
        v->last = avail == v->length;
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
            return sq_fail(c->db, TD_E_SQLITE_KEY_ORDER, c->row_offset,
                           TD_REASON("index key smaller than the previous "
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
    td_sqlite *db = c->db;
    if (column < 3 && v->type != TD_SQLITE_TEXT)
        return sq_fail(db, TD_E_SQLITE_SCHEMA, c->row_offset,
                       TD_REASON("sqlite_schema type, name or tbl_name is "
                                 "not text"));
    if (column == 3 && (v->type != TD_SQLITE_INTEGER || v->integer < 0 ||
                        v->integer == 1 ||
                        v->integer > (int64_t)db->header.page_count))
        return sq_fail(db, TD_E_SQLITE_SCHEMA, c->row_offset,
                       TD_REASON("sqlite_schema rootpage is not a page of "
                                 "the file"));
    if (column == 4 && v->type != TD_SQLITE_TEXT && v->type != TD_SQLITE_NULL)
        return sq_fail(db, TD_E_SQLITE_SCHEMA, c->row_offset,
                       TD_REASON("sqlite_schema sql is neither text nor "
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

/* At the end of a row: an index key equal to the previous one. */
static int finish_key(td_sqlite_cursor *c)
{
    if (c->key_columns > 0 && c->key_order == 0 &&
        c->key_seen >= c->key_columns && c->key_known >= c->key_columns)
        return sq_fail(c->db, TD_E_SQLITE_KEY_ORDER, c->row_offset,
                       TD_REASON("index key equal to the previous one"));
    c->key_known = c->key_seen;
    return TD_OK;
}

/* ---- The cell ------------------------------------------------------- */

static int table_rowid(td_sqlite_cursor *c, int64_t rowid)
{
    if ((c->has_last && rowid <= c->last_rowid) ||
        (c->has_floor && rowid <= c->floor))
        return sq_fail(c->db, TD_E_SQLITE_KEY_ORDER, c->row_offset,
                       TD_REASON("rowid not greater than the previous one "
                                 "or its parent's key"));
    c->last_rowid = rowid;
    c->has_last = 1;
    return TD_OK;
}

/* The payload size, the local part, the overflow chain's length. */
static int spill(td_sqlite_cursor *c, const sq_page *p, uint32_t at,
                 uint64_t payload)
{
    td_sqlite *db = c->db;
    uint32_t usable = db->header.usable_size, rest;
    if (payload == 0 || payload > SQ_MAX_PAYLOAD)
        return sq_fail(db, TD_E_SQLITE_CELL, c->row_offset,
                       TD_REASON("payload size is 0 or above 2^31 - 1"));
    c->payload = (uint32_t)payload;
    c->local = sq_local_size(db, p->type == SQ_TABLE_LEAF, c->payload);
    c->row_local_start = (uint16_t)at;
    if (at + c->local + (c->local < c->payload ? 4 : 0) > usable)
        return sq_fail(db, TD_E_SQLITE_CELL, c->row_offset,
                       TD_REASON("cell extends past the usable size"));
    rest = c->payload - c->local;
    c->overflow_at = p->offset + at + c->local;
    c->overflow_pages = 0;
    c->first_overflow = 0;
    if (rest == 0)
        return TD_OK;
    c->overflow_pages = rest / (usable - 4) + (rest % (usable - 4) != 0);
    c->first_overflow = td_be32(p->bytes + at + c->local);
    if (c->overflow_pages >= db->header.page_count)
        return sq_fail(db, TD_E_SQLITE_CELL, c->row_offset,
                       TD_REASON("payload larger than the file"));
    return TD_OK;
}

/* The record's header size, from the local part. */
static int header_size(td_sqlite_cursor *c, const sq_page *p)
{
    const uint8_t *start = p->bytes + c->row_local_start;
    uint64_t h;
    unsigned n = sq_varint(start, start + c->local, &h);
    if (n == 0 || h < n || h > c->payload)
        return sq_fail(c->db, TD_E_SQLITE_RECORD,
                       p->offset + c->row_local_start,
                       TD_REASON("record header size does not fit the "
                                 "payload"));
    c->header_size = (uint32_t)h;
    c->columns = 0;
    c->body_sum = 0;
    c->staged = 0;
    c->header_varint = (uint8_t)n;
    sq_reader_start(c, &c->hdr);
    c->hdr.pos = n;
    return TD_OK;
}

int sq_start_row(td_sqlite_cursor *c, const sq_page *p, uint32_t cell_index)
{
    td_sqlite *db = c->db;
    uint32_t cell, at, usable = db->header.usable_size;
    uint64_t payload, rowid;
    unsigned n;
    int rc = sq_cell_offset(db, p, cell_index, &cell);
    if (rc != TD_OK)
        return rc;
    c->row_offset = p->offset + cell;
    c->row_page = p->pgno;
    at = cell + (p->leaf ? 0 : 4);
    n = sq_varint(p->bytes + at, p->bytes + usable, &payload);
    if (n == 0)
        return sq_fail(db, TD_E_SQLITE_CELL, c->row_offset,
                       TD_REASON("cell extends past the usable size"));
    at += n;
    if (p->type == SQ_TABLE_LEAF) {
        n = sq_varint(p->bytes + at, p->bytes + usable, &rowid);
        if (n == 0)
            return sq_fail(db, TD_E_SQLITE_CELL, c->row_offset,
                           TD_REASON("cell extends past the usable size"));
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

/* The next serial type from the header reader; *at is its file offset. */
static int read_serial_type(td_sqlite_cursor *c, uint64_t *t, uint64_t *at)
{
    uint32_t limit = c->header_size - c->hdr.pos, avail = 0;
    int rc = TD_OK;
    const uint8_t *p;
    unsigned n;
    if (c->staged == 0) {
        p = sq_reader_peek(c, &c->hdr, &avail, &c->value_at, &rc);
        if (p == NULL)
            return rc;
        n = sq_varint(p, p + (avail < limit ? avail : limit), t);
        if (n > 0) {
            c->hdr.pos += n;
            *at = c->value_at;
            return TD_OK;
        }
    }
    rc = sq_reader_gather(c, &c->hdr, limit < 9 ? limit : 9, true);
    if (rc != TD_OK)
        return rc;
    n = sq_varint(c->stage, c->stage + c->staged, t);
    c->staged = 0;
    *at = c->value_at;
    if (n == 0)
        return sq_fail(c->db, TD_E_SQLITE_RECORD, *at,
                       TD_REASON("serial type runs past the record header"));
    return TD_OK;
}

/* The common case, a header wholly in the cell: one page fetch. */
static int count_local_columns(td_sqlite_cursor *c)
{
    td_sqlite *db = c->db;
    int rc = TD_OK;
    const uint8_t *p = sq_fetch(db, c->lane, c->row_page, &rc), *hdr, *end;
    uint64_t t;
    if (p == NULL)
        return rc;
    hdr = p + c->row_local_start + c->hdr.pos;
    end = p + c->row_local_start + c->header_size;
    while (hdr < end) {
        unsigned n = sq_varint(hdr, end, &t);
        uint64_t at = sq_page_offset(db, c->row_page) +
                      (uint64_t)(hdr - p);
        if (n == 0)
            return sq_fail(db, TD_E_SQLITE_RECORD, at,
                           TD_REASON("serial type runs past the record "
                                     "header"));
        if (t == 10 || t == 11)
            return sq_fail(db, TD_E_SQLITE_RECORD, at,
                           TD_REASON("serial type 10 or 11 (reserved)"));
        c->body_sum += serial_size(t);
        c->columns++;
        if (c->body_sum > c->payload)
            return sq_fail(db, TD_E_SQLITE_RECORD, at,
                           TD_REASON("values run past the payload"));
        hdr += n;
    }
    c->hdr.pos = c->header_size;
    return TD_OK;
}

int sq_count_columns(td_sqlite_cursor *c)
{
    td_sqlite *db = c->db;
    uint64_t t, at;
    int rc;
    if (c->header_size <= c->local && c->staged == 0 &&
        c->hdr.pos < c->header_size &&
        (rc = count_local_columns(c)) != TD_OK)
        return rc;
    while (c->hdr.pos < c->header_size) {
        if ((rc = read_serial_type(c, &t, &at)) != TD_OK)
            return rc;
        if (t == 10 || t == 11)
            return sq_fail(db, TD_E_SQLITE_RECORD, at,
                           TD_REASON("serial type 10 or 11 (reserved)"));
        c->body_sum += serial_size(t);
        c->columns++;
        if (c->body_sum > c->payload)
            return sq_fail(db, TD_E_SQLITE_RECORD, at,
                           TD_REASON("values run past the payload"));
    }
    if (c->header_size + c->body_sum != c->payload)
        return sq_fail(db, TD_E_SQLITE_RECORD, c->row_offset,
                       TD_REASON("values do not fill the payload exactly"));
    /* Read the header again, with the body reader in step. */
    sq_reader_start(c, &c->hdr);
    c->hdr.pos = c->header_varint;
    sq_reader_start(c, &c->body);
    c->column = 0;
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

/* Decode a record held wholly in its cell into ev->values[]. */
static int inline_values(td_sqlite_cursor *c, td_sqlite_event *ev)
{
    int rc = TD_OK;
    const uint8_t *p = sq_fetch(c->db, c->lane, c->row_page, &rc);
    const uint8_t *hdr, *hdr_end, *body;
    uint32_t i;
    if (p == NULL)
        return rc;
    hdr = p + c->row_local_start + c->header_varint;
    hdr_end = p + c->row_local_start + c->header_size;
    body = hdr_end;
    for (i = 0; i < c->columns; i++) {
        uint64_t t;
        unsigned n = sq_varint(hdr, hdr_end, &t);
        uint64_t size = serial_size(t);
        if (n == 0)
            return sq_fail(c->db, TD_E_INTERNAL, c->row_offset,
                           TD_REASON("record header changed"));
        decode_value(t, body, (uint32_t)size, &ev->values[i]);
        if ((rc = check_value(c, i, &ev->values[i])) != TD_OK)
            return rc;
        hdr += n;
        body += size;
    }
    return TD_OK;
}

int sq_row_event(td_sqlite_cursor *c, td_sqlite_event *ev)
{
    int rc;
    if (c->header_size <= c->local)
        c->body.pos = c->header_size; /* the header is in the cell */
    rc = sq_reader_skip(c, &c->body, c->header_size);
    if (rc != TD_OK)
        return rc;
    if ((c->flags & TD_SQLITE_SCHEMA_ROWS) && c->columns != 5)
        return sq_fail(c->db, TD_E_SQLITE_SCHEMA, c->row_offset,
                       TD_REASON("sqlite_schema row without 5 columns"));
    ev->kind = TD_SQLITE_ROW;
    ev->offset = c->row_offset;
    ev->size = cell_bytes(c);
    ev->row.tree = c->tree;
    ev->row.rowid = c->tree == TD_SQLITE_TABLE ? c->last_rowid : 0;
    ev->row.page = c->row_page;
    ev->row.payload_size = c->payload;
    ev->row.header_size = c->header_size;
    ev->row.columns = c->columns;
    ev->row.inline_values = (c->flags & TD_SQLITE_WHOLE_ROWS) &&
                            c->local == c->payload &&
                            c->columns <= TD_SQLITE_INLINE_VALUES;
    if (ev->row.inline_values && (rc = inline_values(c, ev)) != TD_OK)
        return rc;
    c->state = ev->row.inline_values || c->columns == 0 ? SQ_ROW_DONE
                                                        : SQ_VALUE;
    return TD_EVENT;
}

static void value_done(td_sqlite_cursor *c)
{
    c->column++;
    c->state = c->column < c->columns ? SQ_VALUE : SQ_ROW_DONE;
}

static void value_event(td_sqlite_cursor *c, td_sqlite_event *ev,
                        uint64_t offset, uint64_t size)
{
    ev->kind = TD_SQLITE_VALUE;
    ev->offset = offset;
    ev->size = size;
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
        p = sq_reader_peek(c, &c->body, &avail, &c->value_at, &rc);
        if (p == NULL)
            return rc;
        if (avail >= size) {
            c->body.pos += size;
            decode_value(c->serial_type, p, size, &ev->value);
            return TD_OK;
        }
    }
    if ((rc = sq_reader_gather(c, &c->body, size, false)) != TD_OK)
        return rc;
    decode_value(c->serial_type, c->stage, size, &ev->value);
    c->staged = 0;
    return TD_OK;
}

int sq_next_fragment(td_sqlite_cursor *c, td_sqlite_event *ev)
{
    uint32_t avail = 0, take;
    uint64_t offset;
    int rc = TD_OK;
    const uint8_t *p = sq_reader_peek(c, &c->body, &avail, &offset, &rc);
    if (p == NULL)
        return rc;
    take = avail < c->value_left ? avail : c->value_left;
    decode_value(c->serial_type, p, take, &ev->value);
    ev->value.pos = c->value_length - c->value_left;
    ev->value.last = take == c->value_left;
    if (ev->value.pos == 0 && (rc = check_value(c, c->column, &ev->value)))
        return rc;
    c->body.pos += take;
    c->value_left -= take;
    value_event(c, ev, offset, take);
    if (c->value_left == 0)
        value_done(c);
    else
        c->state = SQ_FRAGMENT;
    return TD_EVENT;
}

int sq_next_value(td_sqlite_cursor *c, td_sqlite_event *ev)
{
    uint64_t size, at;
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
        return sq_next_fragment(c, ev);
    }
    if (size == 0)
        decode_value(c->serial_type, NULL, 0, &ev->value);
    else if ((rc = fixed_value(c, (unsigned)size, ev)) != TD_OK)
        return rc;
    if ((rc = check_value(c, c->column, &ev->value)) != TD_OK)
        return rc;
    value_event(c, ev, c->value_at, size);
    value_done(c);
    return TD_EVENT;
}

int sq_finish_row(td_sqlite_cursor *c)
{
    return finish_key(c);
}
