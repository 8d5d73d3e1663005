/*
 * codec_sqlite.c - see codec_sqlite.h. The walk, and what it logs:
 *
 *   HEADER    the database's first event, its header ("pages N size M");
 *   TREES     sqlite_schema (root 1, rows whole), then every b-tree its
 *             rows name, each "tree ROOT" and its rows and values;
 *   FREELIST  the database's further events, its freelist trunks, and
 *             "freelist PAGES" where they end.
 *
 * Protocol checks on the way: the header comes first, TD_LAST_FRAGMENT is
 * set exactly where each value ends.
 */
#include "codec_sqlite.h"
#include "drive.h"

#include <inttypes.h>
#include <string.h>

#define MAX_ROOTS 1024

enum { HEADER, TREES, FREELIST, DONE };

typedef struct sqlite_state {
    td_sqlite_decoder db;
    td_sqlite_cursor cursor;
    uint32_t flags; /* cursor flags of the schema's b-trees */
    int phase;
    uint32_t roots[MAX_ROOTS]; /* b-trees named in sqlite_schema */
    size_t root_count, scanned; /* scanned: trees begun, schema first */
    uint32_t free_pages;
} sqlite_state;

td_sqlite_files sqlite_files_of(const test_input *in)
{
    td_sqlite_files files;
    memset(&files, 0, sizeof files);
    files.db_size = in->files[0].size;
    if (in->count > 1)
        files.wal_size = in->files[1].size;
    if (in->count > 2) {
        const test_file *j = &in->files[2];
        files.journal_size = j->size;
        if (j->head_len > 0)
            memcpy(files.journal_head, j->head,
                   j->head_len < 8 ? j->head_len : 8);
    }
    return files;
}

static int sqlite_init(void *p, const test_config *cfg, const test_input *in)
{
    sqlite_state *s = p;
    td_sqlite_config config;
    memset(&config, 0, sizeof config);
    config.size = sizeof config;
    config.files = sqlite_files_of(in);
    s->flags = cfg->flags;
    s->phase = HEADER;
    s->root_count = s->scanned = 0;
    s->free_pages = 0;
    return td_sqlite_init(&s->db, &config);
}

/* `last`: the value's final fragment (values decoded whole are). */
static void log_value(FILE *log, const td_sqlite_value *v, uint32_t column,
                      bool last)
{
    uint32_t i;
    fprintf(log, "  c%" PRIu32 " ", column);
    switch (v->type) {
    case TD_SQLITE_NULL:
        fputs("null", log);
        break;
    case TD_SQLITE_INTEGER:
        fprintf(log, "int %" PRId64, v->integer);
        break;
    case TD_SQLITE_REAL:
        fprintf(log, "real %016" PRIx64, v->real_bits);
        break;
    default:
        fprintf(log, "%s %" PRIu64 "@%" PRIu64 "%s ",
                v->type == TD_SQLITE_TEXT ? "text" : "blob", v->length,
                v->pos, last ? " last" : "");
        for (i = 0; i < v->size; i++)
            fprintf(log, "%02x", v->data[i]);
        break;
    }
    fputc('\n', log);
}

/* Fragments are cut where pages end, the same for every answer size. */
static void log_event(FILE *log, const td_sqlite_event *ev)
{
    uint32_t i;
    if (ev->kind == TD_SQLITE_EV_VALUE) {
        log_value(log, &ev->value, ev->column,
                  (ev->flags & TD_LAST_FRAGMENT) != 0);
        return;
    }
    fprintf(log,
            "row @%" PRIu64 "+%" PRIu64 " rowid %" PRId64 " cols %" PRIu32
            "\n",
            ev->offset, ev->size, ev->row.rowid, ev->row.columns);
    for (i = 0; ev->row.inline_values && i < ev->row.columns; i++)
        log_value(log, &ev->values[i], i, true);
}

/* TD_LAST_FRAGMENT on the VALUE event that ends a value, and only there. */
static void check_flags(test_run *run, const td_sqlite_event *ev)
{
    const td_sqlite_value *v = &ev->value;
    bool pieces = v->type == TD_SQLITE_TEXT || v->type == TD_SQLITE_BLOB;
    bool end = !pieces || v->pos + v->size == v->length;
    uint32_t want =
        ev->kind == TD_SQLITE_EV_VALUE && end ? TD_LAST_FRAGMENT : 0;
    if (ev->flags != want)
        run_fail(run, "TD_LAST_FRAGMENT not exactly where a value ends",
                 ev->offset, ev->flags);
}

/* Begin the next b-tree: sqlite_schema first, then those it named. */
static void next_tree(sqlite_state *s, test_run *run)
{
    td_sqlite_cursor_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.size = sizeof cfg;
    cfg.flags = s->scanned == 0 ? TD_SQLITE_TABLE | TD_SQLITE_SCHEMA_ROWS |
                                      TD_SQLITE_WHOLE_ROWS
                                : s->flags;
    cfg.root = s->scanned == 0 ? 1 : s->roots[s->scanned - 1];
    td_sqlite_cursor_init(&s->cursor, &s->db, &cfg);
    run_line(run, "tree %" PRIu32, cfg.root);
    s->scanned++;
}

/* A row of sqlite_schema names a b-tree in its rootpage column. */
static void note_root(sqlite_state *s, const td_sqlite_event *ev)
{
    if (s->scanned == 1 && ev->kind == TD_SQLITE_EV_ROW &&
        ev->row.inline_values && ev->row.columns == 5 &&
        ev->values[3].type == TD_SQLITE_INTEGER && ev->values[3].integer > 1 &&
        s->root_count < MAX_ROOTS)
        s->roots[s->root_count++] = (uint32_t)ev->values[3].integer;
}

static int header(sqlite_state *s, test_run *run)
{
    td_sqlite_event ev;
    int rc = td_sqlite_next(&s->db, &ev);
    if (rc != TD_EVENT)
        return rc;
    if (ev.kind != TD_SQLITE_EV_HEADER || ev.offset != 0 || ev.size != 100)
        run_fail(run, "the first event is not the header", (uint64_t)ev.kind,
                 ev.offset);
    run_line(run, "pages %" PRIu32 " size %" PRIu32, ev.header.page_count,
             ev.header.page_size);
    s->phase = TREES;
    next_tree(s, run);
    return TD_EVENT;
}

static int trees(sqlite_state *s, test_run *run)
{
    td_sqlite_event ev;
    FILE *log = run_log(run);
    int rc = td_sqlite_cursor_next(&s->cursor, &ev);
    if (rc == TD_END && s->scanned <= s->root_count)
        next_tree(s, run);
    else if (rc == TD_END)
        s->phase = FREELIST;
    if (rc != TD_EVENT)
        return rc == TD_END ? TD_EVENT : rc;
    check_flags(run, &ev);
    if (log != NULL)
        log_event(log, &ev);
    note_root(s, &ev);
    return TD_EVENT;
}

/* The freelist trunks the database gives after its header, and the pages
 * they count. */
static int freelist(sqlite_state *s, test_run *run)
{
    td_sqlite_event ev;
    int rc = td_sqlite_next(&s->db, &ev);
    if (rc == TD_EVENT) {
        run_line(run, "trunk %" PRIu32 " @%" PRIu64 " leaves %" PRIu32,
                 ev.trunk.page, ev.offset, ev.trunk.leaves);
        s->free_pages += ev.trunk.leaves + 1;
    } else if (rc != TD_NEED_INPUT) {
        run_line(run, "freelist %" PRIu32, s->free_pages);
        s->phase = DONE;
    }
    return rc;
}

static int step(sqlite_state *s, test_run *run)
{
    switch (s->phase) {
    case HEADER:
        return header(s, run);
    case TREES:
        return trees(s, run);
    case FREELIST:
        return freelist(s, run);
    default:
        return TD_END;
    }
}

static int sqlite_next(void *p, test_run *run)
{
    sqlite_state *s = p;
    return run_status(run, step(s, run), td_sqlite_request(&s->db),
                      td_sqlite_fault(&s->db));
}

static int sqlite_feed(void *p, const void *data, size_t len)
{
    return td_sqlite_feed(&((sqlite_state *)p)->db, data, len);
}

const test_codec sqlite_codec = {
    .name = "sqlite", .state_size = sizeof(sqlite_state),
    .access = TEST_RANDOM, .sources = TD_SQLITE_LANES,
    .lanes = TD_SQLITE_LANES, .max_request = 65536, .init = sqlite_init,
    .next = sqlite_next, .feed = sqlite_feed,
};
