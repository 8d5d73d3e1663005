/*
 * sqlite_walk.c - see sqlite_walk.h.
 */
#include "sqlite_walk.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "guard_span.h"
#include "harness.h"

typedef struct walker {
    const uint8_t *data;
    size_t len;
    int answer;
    uint32_t flags;     /* for the scans of the schema's b-trees */
    guard_span span[TD_SQLITE_LANES]; /* each lane's answer */
    walk_result *res;
    FILE *log;
} walker;

static void protocol(walk_result *r, const char *msg, uint64_t a)
{
    if (!r->protocol_ok)
        return;
    r->protocol_ok = false;
    snprintf(r->protocol_msg, sizeof r->protocol_msg, "%s (%" PRIu64 ")",
             msg, a);
}

/* Answer the outstanding request of `db`. */
static void answer(walker *w, td_sqlite_decoder *db)
{
    const td_request *rq = td_sqlite_request(db);
    unsigned lane = rq->source;
    size_t n = 0;
    w->res->requests++;
    if (lane >= TD_SQLITE_LANES) {
        protocol(w->res, "bad source", lane);
        lane = 0;
    }
    if (rq->min_len == 0 || rq->min_len > 65536)
        protocol(w->res, "bad min_len", rq->min_len);
    if (rq->offset < w->len) {
        size_t rest = w->len - (size_t)rq->offset;
        n = w->answer == WALK_WHOLE ? rest
            : w->answer == WALK_MORE ? rq->min_len + 1000
                                     : rq->min_len;
        if (n > rest)
            n = rest;
    }
    td_sqlite_feed(db,
                   n > 0 ? guard_span_copy(&w->span[lane],
                                           w->data + rq->offset, n)
                         : NULL,
                   n);
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
    fprintf(log, "row @%" PRIu64 "+%" PRIu64 " rowid %" PRId64 " cols %" PRIu32
            "\n", ev->offset, ev->size, ev->row.rowid, ev->row.columns);
    for (i = 0; ev->row.inline_values && i < ev->row.columns; i++)
        log_value(log, &ev->values[i], i, true);
}

/* TD_LAST_FRAGMENT on the VALUE event that ends a value, and only there. */
static void check_flags(walker *w, const td_sqlite_event *ev)
{
    const td_sqlite_value *v = &ev->value;
    bool pieces = v->type == TD_SQLITE_TEXT || v->type == TD_SQLITE_BLOB;
    bool end = !pieces || v->pos + v->size == v->length;
    uint32_t want = ev->kind == TD_SQLITE_EV_VALUE && end ? TD_LAST_FRAGMENT
                                                         : 0;
    if (ev->flags != want)
        protocol(w->res, "TD_LAST_FRAGMENT not exactly where a value ends",
                 ev->offset);
}

/* Scan one b-tree; returns TD_END or the error. Roots of the schema's
 * rows are collected when `roots` is not NULL. */
static int scan(walker *w, td_sqlite_decoder *db, uint32_t root, uint32_t flags,
                uint32_t *roots, size_t *nroots)
{
    td_sqlite_cursor_config cfg;
    td_sqlite_cursor c;
    td_sqlite_event ev;
    int rc;
    memset(&cfg, 0, sizeof cfg);
    cfg.size = sizeof cfg;
    cfg.flags = flags;
    cfg.root = root;
    td_sqlite_cursor_init(&c, db, &cfg);
    fprintf(w->log, "tree %" PRIu32 "\n", root);
    while ((rc = td_sqlite_cursor_next(&c, &ev)) != TD_END) {
        if (rc == TD_NEED_INPUT) {
            answer(w, db);
            continue;
        }
        if (rc < 0)
            return rc;
        check_flags(w, &ev);
        log_event(w->log, &ev);
        if (roots != NULL && ev.kind == TD_SQLITE_EV_ROW && ev.row.inline_values &&
            ev.row.columns == 5 && ev.values[3].type == TD_SQLITE_INTEGER &&
            ev.values[3].integer > 1 && *nroots < 1024)
            roots[(*nroots)++] = (uint32_t)ev.values[3].integer;
    }
    return TD_END;
}

/* The database's next event: TD_EVENT, TD_END or the error. */
static int db_next(walker *w, td_sqlite_decoder *db, td_sqlite_event *ev)
{
    int rc;
    while ((rc = td_sqlite_next(db, ev)) == TD_NEED_INPUT)
        answer(w, db);
    return rc;
}

/* The freelist trunks the database gives after its header, and the pages
 * they count. */
static int walk_freelist(walker *w, td_sqlite_decoder *db)
{
    td_sqlite_event ev;
    uint32_t seen = 0;
    int rc;
    while ((rc = db_next(w, db, &ev)) == TD_EVENT) {
        fprintf(w->log, "trunk %" PRIu32 " @%" PRIu64 " leaves %" PRIu32
                "\n", ev.trunk.page, ev.offset, ev.trunk.leaves);
        seen += ev.trunk.leaves + 1;
    }
    fprintf(w->log, "freelist %" PRIu32 "\n", seen);
    return rc;
}

static int walk_all(walker *w, td_sqlite_decoder *db)
{
    uint32_t roots[1024];
    size_t n = 0, i;
    td_sqlite_event ev;
    int rc = db_next(w, db, &ev);
    if (rc != TD_EVENT)
        return rc;
    if (ev.kind != TD_SQLITE_EV_HEADER || ev.offset != 0 || ev.size != 100)
        protocol(w->res, "the first event is not the header", ev.kind);
    fprintf(w->log, "pages %" PRIu32 " size %" PRIu32 "\n",
            ev.header.page_count, ev.header.page_size);
    rc = scan(w, db, 1, TD_SQLITE_TABLE | TD_SQLITE_SCHEMA_ROWS |
                            TD_SQLITE_WHOLE_ROWS, roots, &n);
    for (i = 0; rc == TD_END && i < n; i++)
        rc = scan(w, db, roots[i], w->flags, NULL, NULL);
    if (rc != TD_END)
        return rc;
    return walk_freelist(w, db);
}

/* Close the log (which fills r->log) and check the outcome. */
static void finish(walker *w, walk_result *r, const td_fault *f)
{
    unsigned i;
    fclose(w->log);
    r->fault = *f;
    if (r->status < 0 && r->fault.offset > w->len &&
        r->status != TD_E_SQLITE_WAL && r->status != TD_E_SQLITE_HOT_JOURNAL)
        protocol(r, "error offset beyond the file", r->fault.offset);
    if (r->status < 0 && r->status != r->fault.code)
        protocol(r, "status differs from the fault", (uint64_t)-r->status);
    for (i = 0; i < TD_SQLITE_LANES; i++)
        guard_span_free(&w->span[i]);
}

/* A walk begins: no result yet, the host's view of the files. */
static void start(walker *w, walk_result *r, const uint8_t *data, size_t len,
                  int answer_mode, const td_sqlite_files *side,
                  td_sqlite_files *files)
{
    memset(r, 0, sizeof *r);
    memset(w, 0, sizeof *w);
    memset(files, 0, sizeof *files);
    if (side != NULL)
        *files = *side;
    files->db_size = len;
    r->protocol_ok = true;
    w->data = data;
    w->len = len;
    w->answer = answer_mode;
    w->res = r;
    w->log = open_memstream(&r->log, &r->log_len);
}

walk_result sqlite_walk(const uint8_t *data, size_t len,
                        const td_sqlite_files *side, int answer_mode)
{
    return sqlite_walk_with(data, len, side, answer_mode, 0);
}

walk_result sqlite_walk_with(const uint8_t *data, size_t len,
                             const td_sqlite_files *side, int answer_mode,
                             uint32_t flags)
{
    walk_result r;
    walker w;
    td_sqlite_decoder db;
    td_sqlite_config cfg;
    start(&w, &r, data, len, answer_mode, side, &cfg.files);
    w.flags = flags;
    cfg.size = sizeof cfg;
    cfg.flags = 0;
    td_sqlite_init(&db, &cfg);
    r.status = walk_all(&w, &db);
    finish(&w, &r, td_sqlite_fault(&db));
    return r;
}

static void log_rvn(FILE *log, const td_rvn_event *ev)
{
    switch (ev->kind) {
    case TD_RVN_EV_METADATA:
        fprintf(log, "metadata v%" PRIu32 " type %" PRIu32 " format %" PRIu64
                ".%" PRIu64 ".%" PRIu64 "\n", ev->metadata.metadata_version,
                ev->metadata.type, ev->metadata.format.major,
                ev->metadata.format.minor, ev->metadata.format.patch);
        break;
    case TD_RVN_EV_TABLES:
        fprintf(log, "tables %" PRIx32 "\n", ev->tables.present);
        break;
    case TD_RVN_EV_BLOCK:
        fprintf(log, "block %" PRId64 " pc %" PRIx64 " n %" PRIu32 " m %u len %"
                PRIu64 "\n", ev->block.id, ev->block.pc,
                ev->block.instruction_count, ev->block.mode,
                ev->block.data_length);
        break;
    case TD_RVN_EV_INSTRUCTION:
        fprintf(log, "insn %" PRId64 " %" PRIu32 " %" PRIu32 "\n",
                ev->instruction.block_id, ev->instruction.id,
                ev->instruction.index);
        break;
    case TD_RVN_EV_EXECUTION:
        fprintf(log, "exec %" PRIu64 " %" PRIu64 " %" PRId64 "\n",
                ev->execution.start, ev->execution.end,
                ev->execution.block_id);
        break;
    case TD_RVN_EV_INTERRUPT:
        fprintf(log, "irq %" PRIu64 " %" PRId64 "\n", ev->interrupt.transition,
                ev->interrupt.number);
        break;
    case TD_RVN_EV_WARNING:
        fprintf(log, "warning %s\n", td_warning_name(ev->warning.code));
        break;
    default:
        fprintf(log, "kind %d %" PRIu64 "\n", ev->kind, ev->offset);
        break;
    }
}

walk_result rvn_walk(const uint8_t *data, size_t len,
                     const td_sqlite_files *side, int answer_mode)
{
    walk_result r;
    walker w;
    td_rvn_decoder *dec = malloc(sizeof *dec);
    td_rvn_config cfg;
    td_rvn_event ev;
    start(&w, &r, data, len, answer_mode, side, &cfg.files);
    cfg.size = sizeof cfg;
    cfg.flags = 0;
    td_rvn_init(dec, &cfg);
    while ((r.status = td_rvn_next(dec, &ev)) != TD_END) {
        if (r.status == TD_NEED_INPUT)
            answer(&w, &dec->db);
        else if (r.status < 0)
            break;
        else
            log_rvn(w.log, &ev);
    }
    finish(&w, &r, td_rvn_fault(dec));
    free(dec);
    return r;
}

void walk_result_free(walk_result *r)
{
    free(r->log);
    r->log = NULL;
}

const char *walk_cli(void)
{
    static char path[8192];
    char cwd[4096];
    if (test_tracedec[0] == '/' || getcwd(cwd, sizeof cwd) == NULL)
        snprintf(path, sizeof path, "%s", test_tracedec);
    else
        snprintf(path, sizeof path, "%s/%s", cwd, test_tracedec);
    return path;
}
