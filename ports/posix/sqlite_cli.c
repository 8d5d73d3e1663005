/*
 * sqlite_cli.c - `dump --table`: any table of any SQLite file, printed as
 * `sqlite3 -quote FILE "SELECT * FROM NAME"` prints it.
 *
 * The table's CREATE statement (sqlite_schema) gives the columns; a record
 * maps onto them in order for rowid tables (the INTEGER PRIMARY KEY column
 * is stored as NULL and prints the rowid), and as primary-key columns
 * first, then the others, for WITHOUT ROWID tables, whose values are
 * gathered per row and printed in declaration order. Columns a record
 * lacks print their literal DEFAULT (or NULL); integers in REAL columns
 * print as reals. Rows come in b-tree order: rowid order, or key order.
 */
#include "sqlite_cli.h"
#include "sqlite_quote.h"
#include "sqlite_sql.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Prepare the database the host describes. */
static void init_database(td_sqlite_decoder *db, const sqlite_host *h)
{
    td_sqlite_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.size = sizeof cfg;
    cfg.files = h->files;
    td_sqlite_init(db, &cfg);
}

/* Start a scan of the b-tree at `root`, through lane 0. */
static void start_scan(td_sqlite_cursor *c, td_sqlite_decoder *db,
                       uint32_t root, uint32_t flags)
{
    td_sqlite_cursor_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.size = sizeof cfg;
    cfg.flags = flags;
    cfg.root = root;
    td_sqlite_cursor_init(c, db, &cfg);
}

int sqlite_answer(sqlite_host *h, td_sqlite_decoder *db)
{
    const uint8_t *data;
    size_t len;
    if (sqlite_host_read(h, td_sqlite_request(db), &data, &len) != 0) {
        fprintf(stderr, "tracedec: %s\n", h->error);
        return -1;
    }
    td_sqlite_feed(db, data, len);
    return 0;
}

/* ---- sqlite_schema ---------------------------------------------------- */

/* A TEXT value gathered as a UTF-8 string. */
typedef struct text_value {
    quote_buf b;
    quote_text q;
} text_value;

/* A fragment of a TEXT value; its last one gives the string (malloc'd). */
static char *text_fragment(text_value *t, int encoding,
                           const td_sqlite_value *v, bool last)
{
    char *s;
    if (v->pos == 0) {
        t->b.len = 0;
        quote_text_begin(&t->q, &t->b, encoding, false);
    }
    quote_text_bytes(&t->q, v->data, v->size);
    if (!last)
        return NULL;
    quote_text_end(&t->q);
    s = malloc(t->b.len + 1);
    if (s != NULL) {
        memcpy(s, t->b.data, t->b.len);
        s[t->b.len] = 0;
    }
    return s;
}

static void schema_value(schema_row *r, int encoding, text_value *t,
                         const td_sqlite_event *ev)
{
    char **slot[5] = {&r->type, &r->name, &r->tbl_name, NULL, &r->sql};
    char *s;
    if (ev->column == 3 && ev->value.type == TD_SQLITE_INTEGER)
        r->rootpage = ev->value.integer;
    if (ev->column >= 5 || slot[ev->column] == NULL ||
        ev->value.type != TD_SQLITE_TEXT)
        return;
    if ((s = text_fragment(t, encoding, &ev->value,
                           (ev->flags & TD_LAST_FRAGMENT) != 0)) != NULL)
        *slot[ev->column] = s;
}

long sqlite_read_schema(sqlite_host *h, td_sqlite_decoder *db, const char *path,
                        schema_row **rows, int *status)
{
    td_sqlite_cursor c;
    td_sqlite_event ev;
    schema_row *r = NULL;
    text_value t;
    long n = 0;
    int rc;
    memset(&t, 0, sizeof t);
    start_scan(&c, db, 1, TD_SQLITE_TABLE | TD_SQLITE_SCHEMA_ROWS);
    while ((rc = td_sqlite_cursor_next(&c, &ev)) != TD_END) {
        if (rc == TD_NEED_INPUT && sqlite_answer(h, db) == 0)
            continue;
        if (rc < 0 || rc == TD_NEED_INPUT) {
            if (rc < 0)
                cli_report_fault(path, td_sqlite_fault(db));
            *status = rc < 0 ? EXIT_INVALID : EXIT_USAGE;
            sqlite_free_schema(r, n);
            quote_free(&t.b);
            return -1;
        }
        if (ev.kind == TD_SQLITE_EV_ROW) {
            r = realloc(r, (size_t)(n + 1) * sizeof *r);
            memset(&r[n++], 0, sizeof *r);
        } else {
            schema_value(&r[n - 1], (int)td_sqlite_info(db)->encoding, &t,
                         &ev);
        }
    }
    quote_free(&t.b);
    *rows = r;
    return n;
}

void sqlite_free_schema(schema_row *rows, long n)
{
    long i;
    for (i = 0; i < n; i++) {
        free(rows[i].type);
        free(rows[i].name);
        free(rows[i].tbl_name);
        free(rows[i].sql);
    }
    free(rows);
}

/* ---- dump --table -------------------------------------------------------- */

/* Lines are gathered in `out` and written when this many bytes wait. */
#define DUMP_FLUSH (1u << 20)

/* A row's values are printed into `out` as they come, with commas between
 * them: that is the line when they came in declared order, all of them.
 * Otherwise (WITHOUT ROWID tables whose key is not in front, the rowid
 * alias, defaults of columns a record lacks) the line is put together
 * again from the pieces, in declared order. A line counts once the
 * row's last value has come whole: after an error, the complete rows
 * before it are written and a row it cut short is not. */
typedef struct table_dump {
    const sql_table *shape;
    int encoding;
    size_t *to_column;    /* record column -> declared column */
    size_t *start, *len;  /* per declared column: its text in `out` */
    uint64_t *row_of;     /* per declared column: the row it was last
                             written in (rows count from 1) */
    uint64_t rows;
    quote_buf out;        /* finished lines, then this row's values */
    quote_buf pieces;     /* a row's values while its line is rebuilt */
    size_t line;          /* where this row's line starts in `out` */
    size_t values;        /* values of this row so far */
    bool in_order;        /* they came in declared order */
    bool declared_order;  /* records hold the columns in declared order */
    bool in_row;
    uint32_t record_columns; /* the row's record holds this many */
    int64_t rowid;
    quote_text q;
} table_dump;

/* Record column order: as declared, or the primary key first (WITHOUT
 * ROWID). */
static void map_columns(table_dump *d)
{
    const sql_table *t = d->shape;
    size_t i, k = 0, j;
    if (!t->without_rowid) {
        for (i = 0; i < t->count; i++)
            d->to_column[i] = i;
        return;
    }
    for (i = 0; i < t->pk_count; i++)
        d->to_column[k++] = t->pk[i];
    for (i = 0; i < t->count; i++) {
        bool in_pk = false;
        for (j = 0; j < t->pk_count; j++)
            in_pk = in_pk || t->pk[j] == i;
        if (!in_pk)
            d->to_column[k++] = i;
    }
}

static int dump_open(table_dump *d, const sql_table *shape, int encoding)
{
    size_t n = shape->count, i;
    memset(d, 0, sizeof *d);
    d->shape = shape;
    d->encoding = encoding;
    d->to_column = calloc(n, sizeof *d->to_column);
    d->start = calloc(n, sizeof *d->start);
    d->len = calloc(n, sizeof *d->len);
    d->row_of = calloc(n, sizeof *d->row_of);
    if (!d->to_column || !d->start || !d->len || !d->row_of)
        return -1;
    map_columns(d);
    d->declared_order = true;
    for (i = 0; i < n; i++)
        d->declared_order = d->declared_order && d->to_column[i] == i;
    return 0;
}

/* Write the finished lines. */
static void dump_flush(table_dump *d)
{
    if (d->line == 0)
        return;
    fwrite(d->out.data, 1, d->line, stdout);
    memmove(d->out.data, d->out.data + d->line, d->out.len - d->line);
    d->out.len -= d->line;
    d->line = 0;
}

static void dump_close(table_dump *d)
{
    dump_flush(d);
    free(d->to_column);
    free(d->start);
    free(d->len);
    free(d->row_of);
    quote_free(&d->out);
    quote_free(&d->pieces);
}

static void start_row(table_dump *d, int64_t rowid)
{
    d->in_row = true;
    d->rowid = rowid;
    d->rows++;
    d->values = 0;
    d->in_order = d->shape->rowid_alias < 0;
}

static void put_default(const sql_column *c, quote_buf *out)
{
    const char *text = c->default_kind == SQL_DEFAULT_NULL ? "NULL"
                                                           : c->default_text;
    quote_bytes(out, text, strlen(text));
}

/* The line again from the pieces, in declared order. */
static void rebuild_line(table_dump *d)
{
    const sql_table *t = d->shape;
    size_t i;
    d->pieces.len = 0;
    quote_bytes(&d->pieces, d->out.data + d->line, d->out.len - d->line);
    d->out.len = d->line;
    for (i = 0; i < t->count; i++) {
        if (i > 0)
            quote_char(&d->out, ',');
        if ((int)i == t->rowid_alias)
            quote_integer(&d->out, d->rowid);
        else if (d->row_of[i] != d->rows)
            put_default(&t->columns[i], &d->out);
        else
            quote_bytes(&d->out, d->pieces.data + d->start[i] - d->line,
                        d->len[i]);
    }
}

static void finish_row(table_dump *d)
{
    if (!d->in_order || d->values != d->shape->count)
        rebuild_line(d);
    quote_char(&d->out, '\n');
    d->line = d->out.len;
    d->in_row = false;
    if (d->line >= DUMP_FLUSH)
        dump_flush(d);
}

static void put_real(quote_buf *out, double r)
{
    char real[64];
    quote_real(r, real);
    quote_bytes(out, real, strlen(real));
}

/* A value (or a fragment of one, `last` on its final one) of declared
 * column `col`, printed. */
static void print_value(table_dump *d, size_t col, const td_sqlite_value *v,
                        bool last)
{
    quote_buf *out = &d->out;
    double r;
    switch (v->type) {
    case TD_SQLITE_NULL:
        quote_bytes(out, "NULL", 4);
        break;
    case TD_SQLITE_INTEGER:
        if (d->shape->columns[col].real_affinity)
            put_real(out, (double)v->integer);
        else
            quote_integer(out, v->integer);
        break;
    case TD_SQLITE_REAL:
        memcpy(&r, &v->real_bits, sizeof r);
        put_real(out, r);
        break;
    case TD_SQLITE_TEXT:
        if (v->pos == 0)
            quote_text_begin(&d->q, out, d->encoding, true);
        quote_text_bytes(&d->q, v->data, v->size);
        if (last)
            quote_text_end(&d->q);
        break;
    default:
        if (v->pos == 0)
            quote_bytes(out, "X'", 2);
        quote_blob_bytes(out, v->data, v->size);
        if (last)
            quote_char(out, '\'');
        break;
    }
}

/* A value (or a fragment of one, `last` on its final one) of declared
 * column `col`, with where its text lies in case the line is rebuilt. */
static void put_value(table_dump *d, size_t col, const td_sqlite_value *v,
                      bool last)
{
    if ((int)col == d->shape->rowid_alias)
        return; /* the rowid is printed instead */
    if (v->pos == 0) {
        if (d->values > 0)
            quote_char(&d->out, ',');
        d->in_order = d->in_order && col == d->values;
        d->values++;
        d->row_of[col] = d->rows;
        d->start[col] = d->out.len;
    }
    print_value(d, col, v, last);
    d->len[col] = d->out.len - d->start[col];
}

/* A row whose values all came inline, in declared order: printed as they
 * are, the line needs no rebuilding. */
static void put_direct_row(table_dump *d, const td_sqlite_event *ev)
{
    uint32_t i;
    for (i = 0; i < ev->row.columns; i++) {
        if (i > 0)
            quote_char(&d->out, ',');
        print_value(d, i, &ev->values[i], true);
    }
    d->values = ev->row.columns;
}

static void dump_event(table_dump *d, const td_sqlite_event *ev)
{
    bool last = (ev->flags & TD_LAST_FRAGMENT) != 0;
    uint32_t i;
    if (ev->kind == TD_SQLITE_EV_VALUE) {
        if (ev->column < d->shape->count)
            put_value(d, d->to_column[ev->column], &ev->value, last);
        if (d->in_row && last &&
            ev->column + 1 >= d->record_columns)
            finish_row(d);
        return;
    }
    if (d->in_row)
        finish_row(d);
    start_row(d, ev->row.rowid);
    d->record_columns = ev->row.columns;
    if (ev->row.inline_values && d->in_order &&
        ev->row.columns == d->shape->count && d->declared_order)
        put_direct_row(d, ev);
    else
        for (i = 0; ev->row.inline_values && i < ev->row.columns &&
                    i < d->shape->count; i++)
            put_value(d, d->to_column[i], &ev->values[i], true);
    if (ev->row.inline_values)
        finish_row(d);
}

static int scan_table(sqlite_host *h, td_sqlite_decoder *db, const char *path,
                      uint32_t root, table_dump *d)
{
    td_sqlite_cursor c;
    td_sqlite_event ev;
    int rc;
    start_scan(&c, db, root,
               (d->shape->without_rowid ? TD_SQLITE_INDEX : TD_SQLITE_TABLE) |
                   TD_SQLITE_WHOLE_ROWS);
    while ((rc = td_sqlite_cursor_next(&c, &ev)) != TD_END) {
        if (rc == TD_NEED_INPUT) {
            if (sqlite_answer(h, db) != 0)
                return EXIT_USAGE;
            continue;
        }
        if (rc < 0) {
            dump_flush(d);
            fflush(stdout);
            cli_report_fault(path, td_sqlite_fault(db));
            return EXIT_INVALID;
        }
        dump_event(d, &ev);
    }
    if (d->in_row)
        finish_row(d);
    return EXIT_VALID;
}

/* sqlite_schema itself, as a table of five columns. */
static int schema_shape(sql_table *t)
{
    static const char *const names[5] = {"type", "name", "tbl_name",
                                         "rootpage", "sql"};
    size_t i;
    memset(t, 0, sizeof *t);
    t->rowid_alias = -1;
    t->columns = calloc(5, sizeof *t->columns);
    if (t->columns == NULL)
        return -1;
    t->count = 5;
    for (i = 0; i < 5; i++)
        strcpy(t->columns[i].name, names[i]);
    return 0;
}

static bool is_schema_name(const char *name)
{
    return strcasecmp(name, "sqlite_schema") == 0 ||
           strcasecmp(name, "sqlite_master") == 0;
}

/* The table's root page and shape; -1 with a message when it has none. */
static long find_table(const schema_row *rows, long n, const char *name,
                       sql_table *shape, const char *path)
{
    long i;
    char err[200];
    if (is_schema_name(name))
        return schema_shape(shape) == 0 ? 1 : -1;
    for (i = 0; i < n; i++) {
        if (rows[i].type == NULL || rows[i].name == NULL ||
            strcmp(rows[i].type, "table") != 0 ||
            strcasecmp(rows[i].name, name) != 0)
            continue;
        if (rows[i].rootpage <= 0 || rows[i].sql == NULL) {
            fprintf(stderr, "tracedec: %s: table %s has no b-tree of its own "
                            "(a virtual table)\n", path, name);
            return -1;
        }
        if (sql_parse_table(rows[i].sql, shape, err, sizeof err) != 0) {
            fprintf(stderr, "tracedec: %s: %s: %s\n", path, name, err);
            return -1;
        }
        return (long)rows[i].rootpage;
    }
    fprintf(stderr, "tracedec: %s: no such table: %s\n", path, name);
    return -1;
}

static bool unsupported_shape(const sql_table *t, const char *path)
{
    size_t i;
    for (i = 0; i < t->count; i++) {
        if (t->columns[i].generated) {
            fprintf(stderr, "tracedec: %s: generated column %s: "
                            "not supported\n", path, t->columns[i].name);
            return true;
        }
        if (t->columns[i].default_kind == SQL_DEFAULT_UNSUPPORTED) {
            fprintf(stderr, "tracedec: %s: column %s has a DEFAULT that "
                            "is not a plain literal: not supported\n",
                    path, t->columns[i].name);
            return true;
        }
    }
    return false;
}

int sqlite_dump_table(const cli_options *o)
{
    sqlite_host h;
    td_sqlite_decoder db;
    schema_row *rows = NULL;
    sql_table shape;
    table_dump d;
    long n, root;
    int status = EXIT_USAGE;
    if (sqlite_host_open(&h, o->path, o->io == HOST_MMAP) != 0) {
        fprintf(stderr, "tracedec: %s\n", h.error);
        sqlite_host_close(&h);
        return EXIT_USAGE;
    }
    init_database(&db, &h);
    n = sqlite_read_schema(&h, &db, o->path, &rows, &status);
    if (n >= 0) {
        memset(&shape, 0, sizeof shape);
        root = find_table(rows, n, o->table, &shape, o->path);
        status = EXIT_INVALID;
        if (root > 0 && !unsupported_shape(&shape, o->path) &&
            dump_open(&d, &shape, (int)td_sqlite_info(&db)->encoding) == 0) {
            status = scan_table(&h, &db, o->path, (uint32_t)root, &d);
            dump_close(&d);
        }
        sql_table_free(&shape);
        sqlite_free_schema(rows, n);
    }
    sqlite_host_close(&h);
    return status;
}

static const char *encoding_name(uint32_t e)
{
    return e == TD_SQLITE_UTF16LE ? "UTF-16le"
           : e == TD_SQLITE_UTF16BE ? "UTF-16be" : "UTF-8";
}

void sqlite_print_header(const td_sqlite_header *h)
{
    printf("sqlite: page size %" PRIu32 ", %" PRIu32 " pages, %" PRIu32
           " reserved bytes, %s, written by SQLite %" PRIu32 ".%" PRIu32
           ".%" PRIu32 "%s%s\n",
           h->page_size, h->page_count, (uint32_t)h->reserved,
           encoding_name(h->encoding), h->sqlite_version / 1000000,
           h->sqlite_version / 1000 % 1000, h->sqlite_version % 1000,
           h->largest_root ? ", auto-vacuum" : "",
           h->read_version == 2 ? ", WAL mode" : "");
}

int sqlite_info(const cli_options *o)
{
    sqlite_host h;
    td_sqlite_decoder db;
    schema_row *rows = NULL;
    long n, i;
    int status = EXIT_USAGE;
    if (sqlite_host_open(&h, o->path, o->io == HOST_MMAP) != 0) {
        fprintf(stderr, "tracedec: %s\n", h.error);
        sqlite_host_close(&h);
        return EXIT_USAGE;
    }
    init_database(&db, &h);
    n = sqlite_read_schema(&h, &db, o->path, &rows, &status);
    if (n >= 0) {
        printf("format: sqlite (not a REVEN block trace: no _metadata "
               "table)\n");
        sqlite_print_header(td_sqlite_info(&db));
        printf("tables:");
        for (i = 0; i < n; i++)
            if (rows[i].type != NULL && strcmp(rows[i].type, "table") == 0)
                printf(" %s (root %lld)", rows[i].name ? rows[i].name : "",
                       rows[i].rootpage);
        printf("\n");
        status = EXIT_VALID;
        sqlite_free_schema(rows, n);
    }
    sqlite_host_close(&h);
    return status;
}
