/*
 * sqlite_schema.c - see sqlite_schema.h. The rows come from a scan of the
 * b-tree at page 1 that checks them (TD_SQLITE_SCHEMA_ROWS); their TEXT
 * values are gathered fragment by fragment and turned into UTF-8 the way
 * the sqlite3 shell does (sqlite_quote.h).
 */
#include "sqlite_schema.h"
#include "grow.h"
#include "sqlite_db.h"
#include "sqlite_quote.h"

#include <stdlib.h>
#include <string.h>

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

/* What the scan gathers. */
typedef struct schema_run {
    const td_sqlite_decoder *db;
    schema_row *rows;
    size_t count, cap;
    text_value text;
} schema_run;

static int schema_event(void *ctx, const void *event)
{
    const td_sqlite_event *ev = event;
    schema_run *r = ctx;
    if (ev->kind != TD_SQLITE_EV_ROW) {
        schema_value(&r->rows[r->count - 1],
                     (int)td_sqlite_info(r->db)->encoding, &r->text, ev);
        return 0;
    }
    if (grow_array(&r->rows, &r->cap, r->count + 1, sizeof *r->rows) != 0)
        return DRIVER_OUT_OF_MEMORY;
    memset(&r->rows[r->count++], 0, sizeof *r->rows);
    return 0;
}

int sqlite_read_schema(const cli *c, host *input, td_sqlite_decoder *db,
                       schema_row **rows, size_t *count)
{
    sqlite_scan scan;
    schema_run r;
    int status;
    memset(&r, 0, sizeof r);
    r.db = db;
    r.text.b.c = c;
    sqlite_scan_init(&scan, c, input, db, 1,
                     TD_SQLITE_TABLE | TD_SQLITE_SCHEMA_ROWS);
    status = driver_run(&scan.drive, schema_event, &r);
    quote_free(&r.text.b);
    *rows = r.rows;
    *count = r.count;
    return status;
}

void sqlite_free_schema(schema_row *rows, size_t count)
{
    size_t i;
    for (i = 0; i < count; i++) {
        free(rows[i].type);
        free(rows[i].name);
        free(rows[i].tbl_name);
        free(rows[i].sql);
    }
    free(rows);
}

static bool is_table(const schema_row *row)
{
    return row->type != NULL && strcmp(row->type, "table") == 0;
}

/* {"format":"sqlite", the header, "tables":[{"name":..,"root":..}]} */
static void print_info_json(out *o, const td_sqlite_header *h,
                            const schema_row *rows, size_t count)
{
    json j;
    size_t i;
    json_begin(&j, o, "sqlite");
    sqlite_print_header_json(&j, h);
    json_open(&j, "tables", '[');
    for (i = 0; i < count; i++) {
        if (!is_table(&rows[i]))
            continue;
        json_open(&j, NULL, '{');
        json_str(&j, "name", rows[i].name ? rows[i].name : "");
        json_i64(&j, "root", rows[i].rootpage);
        json_close(&j, '{');
    }
    json_close(&j, '[');
    json_end(&j);
}

static void print_tables(out *o, const schema_row *rows, size_t count)
{
    size_t i;
    out_str(o, "tables:");
    for (i = 0; i < count; i++)
        if (is_table(&rows[i]))
            out_printf(o, " %s (root %lld)",
                       rows[i].name ? rows[i].name : "", rows[i].rootpage);
    out_char(o, '\n');
}

int sqlite_info(const cli *c, host *input, const td_sqlite_files *files)
{
    td_sqlite_decoder db;
    schema_row *rows;
    size_t count;
    int status;
    sqlite_init_db(&db, files);
    status = sqlite_read_schema(c, input, &db, &rows, &count);
    if (status == EXIT_VALID && c->opt.json) {
        print_info_json(c->out, td_sqlite_info(&db), rows, count);
    } else if (status == EXIT_VALID) {
        out_str(c->out, "format: sqlite (not a REVEN block trace: no "
                        "_metadata table)\n");
        sqlite_print_header(c->out, td_sqlite_info(&db));
        print_tables(c->out, rows, count);
    }
    sqlite_free_schema(rows, count);
    return status;
}
