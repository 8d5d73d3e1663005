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
#include "harness.h"
#include "sweep.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ROOTS 1024

enum { HEADER, TREES, FREELIST, DONE };

/* Where a config's own bits hold the part and the parts. */
#define PART_SHIFT 24
#define PARTS_SHIFT 28

typedef struct sqlite_state {
    td_sqlite_decoder db;
    td_sqlite_cursor cursor;
    uint32_t flags; /* cursor flags of the schema's b-trees */
    unsigned part, parts; /* the part of each of them scanned */
    int phase;
    uint32_t roots[MAX_ROOTS]; /* b-trees named in sqlite_schema */
    size_t root_count, scanned; /* scanned: trees begun, schema first */
    uint32_t free_pages;
} sqlite_state;

test_config sqlite_part_config(uint32_t flags, unsigned part, unsigned parts)
{
    test_config cfg = {0, 0, 0};
    cfg.flags = flags | (uint32_t)part << PART_SHIFT |
                (uint32_t)parts << PARTS_SHIFT;
    return cfg;
}

void sqlite_config_part(const test_config *cfg, unsigned *part,
                        unsigned *parts)
{
    *part = (cfg->flags >> PART_SHIFT) & 15u;
    *parts = (cfg->flags >> PARTS_SHIFT) & 15u;
}

void check_part_arguments(const char *what,
                          int (*init)(void *decoder, unsigned part,
                                      unsigned parts),
                          void *decoder)
{
    static const unsigned cases[][3] = {
        /* part, parts, refused */
        {0, 0, 0},     {5, 0, 0},     {0, 1, 0},     {1, 1, 1},
        {2, 2, 1},     {3, 2, 1},     {65534, 65535, 0},
        {0, 65536, 1}, {65535, 65535, 1},
    };
    size_t i;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int rc = init(decoder, cases[i][0], cases[i][1]);
        expect(rc == (cases[i][2] ? TD_E_INVALID_ARGUMENT : TD_OK),
               "%s of part %u of %u: %s", what, cases[i][0], cases[i][1],
               td_error_name(rc));
    }
}

char *sweep_part(const test_codec *c, const char *name, const test_input *in,
                 unsigned part, unsigned parts)
{
    static const plan_range answers[3] = {{ANSWER_EXACT, 0, 0, NULL},
                                          {ANSWER_PLUS, 1000, 1000, NULL},
                                          {ANSWER_RANDOM, 1, 3, NULL}};
    test_config cfg = sqlite_part_config(0, part, parts);
    char label[200], *log;
    cut_sweep cuts;
    test_result r = test_decode(c, in, &cfg, plan_whole());
    snprintf(label, sizeof label, "%s part %u of %u", name, part, parts);
    expect(r.status == TD_END && r.protocol_ok, "%s: %s (%s) %s", label,
           td_error_name(r.status), r.fault.reason ? r.fault.reason : "",
           r.protocol_msg);
    log = strdup(r.log != NULL ? r.log : "");
    test_result_free(&r);
    sweep_plans(c, label, in, &cfg, answers, 3);
    memset(&cuts, 0, sizeof cuts);
    cuts.where.step = 64;
    cuts.where.edges = 1;
    cuts.where.cap = 100;
    cuts.expect = CUT_ERROR;
    sweep_cuts(c, label, in, &cfg, &cuts);
    return log;
}

bool scratch_from(char *dir, const char *needs, const char *script,
                  const char *args)
{
    if (run_shell("{ %s; } >/dev/null 2>&1", needs) != 0) {
        skip("the tools `%s` asks for are missing", needs);
        return false;
    }
    return expect(mkdtemp(dir) != NULL, "no scratch folder") &&
           expect(run_shell("python3 '%s/%s' '%s' %s >/dev/null", test_root,
                            script, dir, args) == 0,
                  "%s failed", script);
}

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
    s->flags = cfg->flags & TEST_OWN_FLAGS;
    sqlite_config_part(cfg, &s->part, &s->parts);
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
    cfg.part = s->scanned == 0 ? 0 : s->part;
    cfg.parts = s->scanned == 0 ? 0 : s->parts;
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
