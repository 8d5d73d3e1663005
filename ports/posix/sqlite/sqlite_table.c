/*
 * sqlite_table.c - `dump --table`: any table of any SQLite file, printed as
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
#include "sqlite_table.h"
#include "sqlite_db.h"
#include "sqlite_quote.h"
#include "sqlite_schema.h"
#include "sqlite_sql.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Lines are gathered in `lines` and written when this many bytes wait. */
#define DUMP_FLUSH (1u << 20)

/* A row's values are printed into `lines` as they come, with commas
 * between them: that is the line when they came in declared order, all
 * of them. Otherwise (WITHOUT ROWID tables whose key is not in front, the
 * rowid alias, defaults of columns a record lacks) the line is put
 * together again from the pieces, in declared order. A line counts once
 * the row's last value has come whole: after an error, the complete rows
 * before it are written (before the error line) and a row it cut short
 * is not. */
typedef struct table_dump {
    out *o;
    const sql_table *shape;
    int encoding;
    size_t *to_column;    /* record column -> declared column */
    size_t *start, *len;  /* per declared column: its text in `lines` */
    uint64_t *row_of;     /* per declared column: the row it was last
                             written in (rows count from 1) */
    uint64_t rows;
    quote_buf lines;      /* finished lines, then this row's values */
    quote_buf pieces;     /* a row's values while its line is rebuilt */
    size_t line;          /* where this row's line starts in `lines` */
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

static int dump_open(table_dump *d, const cli *c, const sql_table *shape,
                     int encoding)
{
    size_t n = shape->count, i;
    memset(d, 0, sizeof *d);
    d->o = c->out;
    d->lines.c = d->pieces.c = c;
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
static void dump_flush(void *ctx)
{
    table_dump *d = ctx;
    if (d->line == 0)
        return;
    out_bytes(d->o, d->lines.data, d->line);
    memmove(d->lines.data, d->lines.data + d->line,
            d->lines.len - d->line);
    d->lines.len -= d->line;
    d->line = 0;
}

static void dump_close(table_dump *d)
{
    dump_flush(d);
    free(d->to_column);
    free(d->start);
    free(d->len);
    free(d->row_of);
    quote_free(&d->lines);
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
    quote_bytes(&d->pieces, d->lines.data + d->line,
                d->lines.len - d->line);
    d->lines.len = d->line;
    for (i = 0; i < t->count; i++) {
        if (i > 0)
            quote_char(&d->lines, ',');
        if ((int)i == t->rowid_alias)
            quote_integer(&d->lines, d->rowid);
        else if (d->row_of[i] != d->rows)
            put_default(&t->columns[i], &d->lines);
        else
            quote_bytes(&d->lines, d->pieces.data + d->start[i] - d->line,
                        d->len[i]);
    }
}

static void finish_row(table_dump *d)
{
    if (!d->in_order || d->values != d->shape->count)
        rebuild_line(d);
    quote_char(&d->lines, '\n');
    d->line = d->lines.len;
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
    quote_buf *out = &d->lines;
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
            quote_char(&d->lines, ',');
        d->in_order = d->in_order && col == d->values;
        d->values++;
        d->row_of[col] = d->rows;
        d->start[col] = d->lines.len;
    }
    print_value(d, col, v, last);
    d->len[col] = d->lines.len - d->start[col];
}

/* A row whose values all came inline, in declared order: printed as they
 * are, the line needs no rebuilding. */
static void put_direct_row(table_dump *d, const td_sqlite_event *ev)
{
    uint32_t i;
    for (i = 0; i < ev->row.columns; i++) {
        if (i > 0)
            quote_char(&d->lines, ',');
        print_value(d, i, &ev->values[i], true);
    }
    d->values = ev->row.columns;
}

static int dump_event(void *ctx, const void *event)
{
    const td_sqlite_event *ev = event;
    table_dump *d = ctx;
    bool last = (ev->flags & TD_LAST_FRAGMENT) != 0;
    uint32_t i;
    if (ev->kind == TD_SQLITE_EV_VALUE) {
        if (ev->column < d->shape->count)
            put_value(d, d->to_column[ev->column], &ev->value, last);
        if (d->in_row && last &&
            ev->column + 1 >= d->record_columns)
            finish_row(d);
        return 0;
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
    return 0;
}

/* Every row of the b-tree at `root`, printed. */
static int scan_table(const cli *c, host *input, td_sqlite_decoder *db,
                      uint32_t root, table_dump *d)
{
    sqlite_scan scan;
    int status;
    sqlite_scan_init(&scan, c, input, db, root,
                     (d->shape->without_rowid ? TD_SQLITE_INDEX
                                              : TD_SQLITE_TABLE) |
                         TD_SQLITE_WHOLE_ROWS);
    scan.drive.flush = dump_flush;
    status = driver_run(&scan.drive, dump_event, d);
    if (status == EXIT_VALID && d->in_row)
        finish_row(d);
    return status;
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

/* The table's root page and shape; -1 having said why when it has none. */
static long find_table(const cli *c, const schema_row *rows, size_t n,
                       sql_table *shape)
{
    const char *name = c->opt.table;
    char err[200], message[600];
    size_t i;
    if (is_schema_name(name))
        return schema_shape(shape) == 0 ? 1 : -1;
    for (i = 0; i < n; i++) {
        if (rows[i].type == NULL || rows[i].name == NULL ||
            strcmp(rows[i].type, "table") != 0 ||
            strcasecmp(rows[i].name, name) != 0)
            continue;
        if (rows[i].rootpage <= 0 || rows[i].sql == NULL) {
            snprintf(message, sizeof message, "table %.200s has no b-tree of "
                     "its own (a virtual table)", name);
            report_path_problem(c, c->opt.path, message);
            return -1;
        }
        if (sql_parse_table(rows[i].sql, shape, err, sizeof err) != 0) {
            snprintf(message, sizeof message, "%.200s: %s", name, err);
            report_path_problem(c, c->opt.path, message);
            return -1;
        }
        return (long)rows[i].rootpage;
    }
    snprintf(message, sizeof message, "no such table: %.200s", name);
    report_path_problem(c, c->opt.path, message);
    return -1;
}

/* True, having said why, when the table has a column `SELECT *` needs
 * what tracedec does not do for. */
static bool unsupported_shape(const cli *c, const sql_table *t)
{
    char message[400];
    size_t i;
    for (i = 0; i < t->count; i++) {
        if (t->columns[i].generated)
            snprintf(message, sizeof message,
                     "generated column %s: not supported",
                     t->columns[i].name);
        else if (t->columns[i].default_kind == SQL_DEFAULT_UNSUPPORTED)
            snprintf(message, sizeof message,
                     "column %s has a DEFAULT that is not a plain literal: "
                     "not supported", t->columns[i].name);
        else
            continue;
        report_path_problem(c, c->opt.path, message);
        return true;
    }
    return false;
}

/* The table's shape from the schema, then its rows. */
static int dump_rows(const cli *c, host *input, td_sqlite_decoder *db,
                     const schema_row *rows, size_t count)
{
    sql_table shape;
    table_dump d;
    long root;
    int status = EXIT_INVALID;
    memset(&shape, 0, sizeof shape);
    root = find_table(c, rows, count, &shape);
    if (root > 0 && !unsupported_shape(c, &shape) &&
        dump_open(&d, c, &shape,
                  (int)td_sqlite_info(db)->encoding) == 0) {
        status = scan_table(c, input, db, (uint32_t)root, &d);
        dump_close(&d);
    }
    sql_table_free(&shape);
    return status;
}

int sqlite_dump_table(const cli *c, host *input)
{
    td_sqlite_files files;
    td_sqlite_decoder db;
    schema_row *rows;
    size_t count;
    int status = sqlite_open(c, input, &files);
    if (status != 0)
        return status;
    sqlite_init_db(&db, &files);
    status = sqlite_read_schema(c, input, &db, &rows, &count);
    if (status == EXIT_VALID)
        status = dump_rows(c, input, &db, rows, count);
    sqlite_free_schema(rows, count);
    return status;
}
