/*
 * test_sqlite.c - the SQLite file-format reader's specification, as tests:
 *   - init and cursor_init refuse what the contract says they refuse;
 *   - a database's own events are its header then its freelist trunks,
 *     whether or not a scan read the header first; errors are sticky and
 *     reset forgets them, keeping the files;
 *   - every table of databases SQLite writes at test time (every page size,
 *     spill boundaries, WITHOUT ROWID overflow, auto-vacuum, freelists,
 *     reserved bytes, UTF-16, short records, rowid aliases, REAL affinity)
 *     prints, with `tracedec dump --table`, exactly what `sqlite3 -quote`
 *     prints for SELECT *;
 *   - each decodes to the same events whatever the answer size (exactly a
 *     page, more, the whole file), with spans freed after use (ASan);
 *   - damaged databases fail with the expected error at the expected
 *     offset (tests/sqlite/sqlite_corrupt.py finds the bytes it damages);
 *   - every prefix and four changes of every byte of a small database end
 *     cleanly or in an error with a reason and an offset inside the file;
 *   - the committed tiny databases give their golden logs.
 * All but the first two need python3 and the sqlite3 CLI and skip without
 * them.
 */
#include "codec_sqlite.h"
#include "config_check.h"
#include "harness.h"
#include "sweep.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static bool have_tools(void)
{
    if (run_shell("command -v python3 >/dev/null && command -v sqlite3 "
                  ">/dev/null") != 0) {
        skip("python3 or the sqlite3 CLI is missing");
        return false;
    }
    return true;
}

/* A fresh directory under /tmp; the caller removes it. */
static char *temp_dir(void)
{
    static char dir[64];
    strcpy(dir, "/tmp/tracedec-sqlite-XXXXXX");
    return mkdtemp(dir);
}

static void remove_dir(const char *dir)
{
    run_shell("rm -rf '%s'", dir);
}

/* Lines "NAME\tFIELD\tFIELD..." of a file, split in place. */
typedef struct line_list {
    char *text;
    char **lines;
    size_t count;
} line_list;

static line_list read_lines(const char *path)
{
    line_list l = {NULL, NULL, 0};
    size_t len, i;
    char *p;
    l.text = (char *)read_file(path, &len);
    if (l.text == NULL)
        return l;
    l.text = realloc(l.text, len + 1);
    l.text[len] = 0;
    for (p = l.text, i = 0; *p; i++) {
        char *nl = strchr(p, '\n');
        l.lines = realloc(l.lines, (l.count + 1) * sizeof *l.lines);
        l.lines[l.count++] = p;
        if (nl == NULL)
            break;
        *nl = 0;
        p = nl + 1;
    }
    return l;
}

static void free_lines(line_list *l)
{
    free(l->text);
    free(l->lines);
}

/* Split a line at tabs: at most `max` fields. */
static size_t fields(char *line, char **out, size_t max)
{
    size_t n = 0;
    while (n < max) {
        char *tab = strchr(line, '\t');
        out[n++] = line;
        if (tab == NULL)
            break;
        *tab = 0;
        line = tab + 1;
    }
    return n;
}

static const char *tool(const char *name)
{
    static char path[4096];
    snprintf(path, sizeof path, "%s/tests/sqlite/%s", test_root, name);
    return path;
}

static void test_dump_tables(void)
{
    char *dir, list[4200];
    line_list l;
    size_t i, compared = 0;
    if (!have_tools() || (dir = temp_dir()) == NULL)
        return;
    snprintf(list, sizeof list, "%s/list.txt", dir);
    expect(run_shell("python3 '%s' '%s' > '%s'", tool("sqlite_dbs.py"), dir,
                     list) == 0,
           "sqlite_dbs.py failed");
    l = read_lines(list);
    for (i = 0; i < l.count; i++) {
        char *f[32];
        size_t n = fields(l.lines[i], f, 32), k;
        for (k = 1; k < n; k++) {
            int rc = run_shell(
                "cd '%s' && '%s' dump --table '%s' '%s' > out.a 2>&1; "
                "sqlite3 -quote '%s' 'SELECT * FROM \"%s\"' > out.b 2>&1; "
                "cmp -s out.a out.b",
                dir, tracedec_path(), f[k], f[0], f[0], f[k]);
            expect(rc == 0, "%s table %s: dump --table differs from sqlite3 "
                            "-quote", f[0], f[k]);
            compared++;
        }
    }
    printf("    %zu tables of %zu databases compared\n", compared, l.count);
    expect(compared > 50, "too few tables compared");
    free_lines(&l);
    remove_dir(dir);
}

/* Every answer size (exactly min_len, 1000 more, the whole file) gives the
 * same events; the walk ends cleanly; rows decoded whole (the fast path,
 * and the general one for other cells) log as their VALUE events do. */
static void check_answer_sizes(const char *name, const uint8_t *data,
                               size_t len)
{
    static const test_config plain = {0, 0, 0};
    static const test_config whole_rows = {TD_SQLITE_WHOLE_ROWS, 0, 0};
    static const plan_range answers[3] = {
        {ANSWER_EXACT, 0, 0, NULL},
        {ANSWER_PLUS, 1000, 1000, NULL},
        {ANSWER_EXACT, 0, 0, &whole_rows}};
    test_file f = test_file_of(data, len);
    test_input in = test_input_of(&f);
    void *state = malloc(sqlite_codec.state_size);
    td_fault fault;
    uint32_t source;
    int rc = test_status(&sqlite_codec, state, &in, &plain, &fault, &source);
    expect(rc == TD_END, "%s: %s @%llu (%s)", name, td_error_name(rc),
           (unsigned long long)fault.offset,
           fault.reason ? fault.reason : "");
    free(state);
    sweep_plans(&sqlite_codec, name, &in, &plain, answers, 3);
}

static void test_answer_sizes(void)
{
    char *dir, list[4200], path[4400];
    line_list l;
    size_t i;
    if (!have_tools() || (dir = temp_dir()) == NULL)
        return;
    snprintf(list, sizeof list, "%s/list.txt", dir);
    run_shell("python3 '%s' '%s' > '%s'", tool("sqlite_dbs.py"), dir, list);
    l = read_lines(list);
    for (i = 0; i < l.count; i++) {
        char *f[32];
        size_t len;
        uint8_t *data;
        fields(l.lines[i], f, 32);
        snprintf(path, sizeof path, "%s/%s", dir, f[0]);
        data = read_file(path, &len);
        if (expect(data != NULL, "cannot read %s", path))
            check_answer_sizes(f[0], data, len);
        free(data);
    }
    free_lines(&l);
    remove_dir(dir);
}

/* The database at `path` and its side files, as the host would see them:
 * their sizes, and the journal's first bytes. */
typedef struct database {
    uint8_t *bytes[3]; /* the database, DB-wal, DB-journal */
    test_file files[3];
    test_input in;
} database;

static bool read_database(const char *path, database *db)
{
    static const char *const suffix[3] = {"", "-wal", "-journal"};
    unsigned i;
    memset(db, 0, sizeof *db);
    for (i = 0; i < 3; i++) {
        char name[4500];
        size_t len = 0;
        snprintf(name, sizeof name, "%s%s", path, suffix[i]);
        db->bytes[i] = read_file(name, &len);
        db->files[i] = test_file_of(db->bytes[i], len);
    }
    db->in = test_input_of(db->files);
    db->in.count = 3;
    return db->bytes[0] != NULL;
}

static void free_database(database *db)
{
    unsigned i;
    for (i = 0; i < 3; i++)
        free(db->bytes[i]);
}

/* The damaged database fails as the list line says (NAME, ERROR or ok,
 * OFFSET) with every answer size. */
static void check_corrupt_case(const char *dir, char *line)
{
    static const test_config plain = {0, 0, 0};
    test_plan plans[3];
    char *f[3], path[4300];
    unsigned long long offset;
    database db;
    int k;
    if (fields(line, f, 3) != 3)
        return;
    offset = strtoull(f[2], NULL, 10);
    snprintf(path, sizeof path, "%s/%s", dir, f[0]);
    if (!expect(read_database(path, &db), "cannot read %s", path)) {
        free_database(&db);
        return;
    }
    plans[0] = plan_exact();
    plans[1] = plan_plus(1000);
    plans[2] = plan_whole();
    for (k = 0; k < 3; k++) {
        test_result r = test_decode(&sqlite_codec, &db.in, &plain, plans[k]);
        const char *got = r.status == TD_END ? "ok" : td_error_name(r.status);
        expect(strcmp(got, f[1]) == 0, "%s: %s, want %s (%s)", f[0], got,
               f[1], r.fault.reason ? r.fault.reason : "");
        expect(r.status == TD_END || r.fault.offset == offset,
               "%s: error at %llu, want %llu", f[0],
               (unsigned long long)r.fault.offset, offset);
        expect(r.status == TD_END || r.fault.reason != NULL,
               "%s: error without a reason", f[0]);
        expect(r.protocol_ok, "%s: %s", f[0], r.protocol_msg);
        test_result_free(&r);
    }
    free_database(&db);
}

static void test_corruption(void)
{
    char *dir, list[4200];
    line_list l;
    size_t i;
    if (!have_tools() || (dir = temp_dir()) == NULL)
        return;
    snprintf(list, sizeof list, "%s/list.txt", dir);
    expect(run_shell("python3 '%s' '%s' > '%s'", tool("sqlite_corrupt.py"),
                     dir, list) == 0,
           "sqlite_corrupt.py failed");
    l = read_lines(list);
    for (i = 0; i < l.count; i++)
        check_corrupt_case(dir, l.lines[i]);
    printf("    %zu damaged databases\n", l.count);
    expect(l.count >= 25, "too few corruption cases");
    free_lines(&l);
    /* The CLI tells the side files apart the same way. */
    expect(run_shell("'%s' validate '%s/wal-beside' 2>&1 | grep -q "
                     "sqlite-wal", test_tracedec, dir) == 0,
           "the CLI does not refuse a database with a non-empty -wal");
    expect(run_shell("'%s' validate '%s/hot-journal-beside' 2>&1 | grep -q "
                     "sqlite-hot-journal", test_tracedec, dir) == 0,
           "the CLI does not refuse a database with a hot -journal");
    remove_dir(dir);
}

/* Every prefix and four changes of every byte of a small database end
 * cleanly or in an error with a reason and an offset inside the file,
 * with every answer size; rows decoded whole agree. */
static void test_sweeps(void)
{
    static const test_config plain = {0, 0, 0};
    static const test_config whole_rows = {TD_SQLITE_WHOLE_ROWS, 0, 0};
    char *dir, path[4200];
    test_read file;
    if (!have_tools() || (dir = temp_dir()) == NULL)
        return;
    snprintf(path, sizeof path, "%s/tiny.db", dir);
    run_shell("sqlite3 '%s' 'pragma page_size=512' 'create table t(a "
              "integer primary key, b, c)' \"insert into t values(1, 'x', "
              "zeroblob(1300)), (2, 2.5, NULL), (3, -7, x'00ff')\" 'create "
              "table w(k primary key, v) without rowid' \"insert into w "
              "values('k1', 1), ('k2', randomblob(400)), (3, 'three')\"",
              path);
    if (test_input_read(dir, "tiny.db", &file) &&
        expect(file.file.size > 0, "tiny.db is empty")) {
        size_t len = (size_t)file.file.size;
        check_answer_sizes("tiny.db", file.data, len);
        sweep_small(&sqlite_codec, "tiny.db", &file.in, &plain, 1, CUT_ANY,
                    &whole_rows);
        printf("    %zu prefixes and %zu byte changes of a %zu-byte "
               "database\n", len, 4 * len, len);
    }
    test_read_free(&file);
    remove_dir(dir);
}

static void test_corpus_metadata(void)
{
    static const char *const names[] = {"good", "outdated", "wrong_type"};
    char path[4096];
    unsigned i;
    snprintf(path, sizeof path,
             "%s/../shared/corpus/rvn/rvnmetadata-test-data/sqlite",
             test_root);
    if (access(path, R_OK) != 0) {
        skip("../shared/corpus is absent");
        return;
    }
    if (!have_tools())
        return;
    for (i = 0; i < 3; i++) {
        int rc = run_shell("d=$(mktemp -d) && sqlite3 -quote '%s/%s.sqlite' "
                           "'select * from _metadata' > $d/a && '%s' dump "
                           "--table _metadata '%s/%s.sqlite' > $d/b && "
                           "cmp -s $d/a $d/b; r=$?; rm -rf $d; exit $r",
                           path, names[i], tracedec_path(), path, names[i]);
        expect(rc == 0, "%s.sqlite: _metadata differs from sqlite3 -quote",
               names[i]);
    }
}

/* ---- The API: arguments, the database's own events, reset ---------- */

/* Two 512-byte pages written by hand: page 1 an empty sqlite_schema leaf,
 * page 2 the only freelist page, a trunk without leaves. */
static void two_page_database(uint8_t file[1024])
{
    memset(file, 0, 1024);
    memcpy(file, "SQLite format 3", 16);
    file[16] = 2;                       /* page size 512 */
    file[18] = file[19] = 1;            /* rollback journal */
    file[21] = 64;                      /* payload fractions */
    file[22] = file[23] = 32;
    file[27] = 1;                       /* change counter */
    file[31] = 2;                       /* pages in the header, valid: */
    file[95] = 1;                       /* version-valid-for = counter */
    file[35] = 2;                       /* first freelist trunk */
    file[39] = 1;                       /* freelist pages */
    file[47] = 4;                       /* schema format */
    file[59] = TD_SQLITE_UTF8;
    file[100] = 0x0d;                   /* page 1: a table leaf, no cells, */
    file[105] = 2;                      /* content from 512 */
}

/* Answer the outstanding request with the rest of `file`. */
static void answer_whole(td_sqlite_decoder *d, const uint8_t *file,
                         size_t len)
{
    const td_request *rq = td_sqlite_request(d);
    if (rq->offset < len)
        td_sqlite_feed(d, file + rq->offset, len - (size_t)rq->offset);
    else
        td_sqlite_feed(d, NULL, 0);
}

static int database_next(td_sqlite_decoder *d, td_sqlite_event *ev,
                         const uint8_t *file)
{
    int rc;
    while ((rc = td_sqlite_next(d, ev)) == TD_NEED_INPUT)
        answer_whole(d, file, 1024);
    return rc;
}

/* The database's events: HEADER, one FREELIST_TRUNK, then TD_END that
 * lasts. */
static void check_database_events(td_sqlite_decoder *d, const uint8_t *file,
                                  const char *when)
{
    td_sqlite_event ev;
    int rc = database_next(d, &ev, file);
    expect(rc == TD_EVENT && ev.kind == TD_SQLITE_EV_HEADER &&
               ev.flags == 0 && ev.offset == 0 && ev.size == 100 &&
               ev.header.page_count == 2 && ev.header.freelist_count == 1,
           "%s: the first event is not the header (%s)", when,
           td_error_name(rc));
    rc = database_next(d, &ev, file);
    expect(rc == TD_EVENT && ev.kind == TD_SQLITE_EV_FREELIST_TRUNK &&
               ev.flags == 0 && ev.offset == 512 && ev.size == 512 &&
               ev.trunk.page == 2 && ev.trunk.leaves == 0,
           "%s: no FREELIST_TRUNK event for page 2 (%s)", when,
           td_error_name(rc));
    rc = database_next(d, &ev, file);
    expect(rc == TD_END && td_sqlite_next(d, &ev) == TD_END,
           "%s: the freelist does not end the database's events (%s)", when,
           td_error_name(rc));
}

static void init_two_pages(td_sqlite_decoder *d)
{
    td_sqlite_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.size = sizeof cfg;
    cfg.files.db_size = 1024;
    expect(td_sqlite_init(d, &cfg) == TD_OK, "init refuses a good config");
}

static void test_database_events(void)
{
    uint8_t file[1024];
    td_sqlite_decoder d;
    td_sqlite_cursor_config ccfg;
    td_sqlite_cursor c;
    td_sqlite_event ev;
    int rc;
    two_page_database(file);
    init_two_pages(&d);
    check_database_events(&d, file, "alone");
    /* A cursor that reads the header first changes nothing. */
    expect(td_sqlite_reset(&d) == TD_OK, "reset fails");
    memset(&ccfg, 0, sizeof ccfg);
    ccfg.size = sizeof ccfg;
    ccfg.root = 1;
    expect(td_sqlite_cursor_init(&c, &d, &ccfg) == TD_OK,
           "cursor_init refuses a good config");
    while ((rc = td_sqlite_cursor_next(&c, &ev)) == TD_NEED_INPUT)
        answer_whole(&d, file, sizeof file);
    expect(rc == TD_END, "the empty sqlite_schema: %s", td_error_name(rc));
    check_database_events(&d, file, "after a scan");
    /* A sticky error, forgotten by reset, which keeps the files. */
    file[0] = 'X';
    td_sqlite_reset(&d);
    rc = database_next(&d, &ev, file);
    expect(rc == TD_E_SQLITE_MAGIC && td_sqlite_next(&d, &ev) == rc &&
               td_sqlite_feed(&d, file, 1) == rc &&
               td_sqlite_fault(&d)->code == rc,
           "a bad magic is not a sticky sqlite-magic (%s)",
           td_error_name(rc));
    file[0] = 'S';
    expect(td_sqlite_reset(&d) == TD_OK && td_sqlite_fault(&d)->code == 0,
           "reset keeps the error");
    check_database_events(&d, file, "after reset");
}

static int sqlite_init_any(void *d, const void *cfg)
{
    return td_sqlite_init(d, cfg);
}

/* Every init refuses what the contract says it refuses. */
static void test_arguments(void)
{
    td_sqlite_decoder d;
    td_sqlite_config cfg;
    td_sqlite_cursor_config ccfg;
    td_sqlite_cursor c;
    td_sqlite_event ev;
    static const uint32_t bad_flags[] = {3, 5u << 4, 0x400};
    unsigned i;
    memset(&cfg, 0, sizeof cfg);
    cfg.size = sizeof cfg;
    check_config("sqlite", sqlite_init_any, &d, &cfg, sizeof cfg, 1, false);
    expect(td_sqlite_reset(NULL) == TD_E_INVALID_ARGUMENT &&
               td_sqlite_next(NULL, &ev) == TD_E_INVALID_ARGUMENT &&
               td_sqlite_next(&d, NULL) == TD_E_INVALID_ARGUMENT &&
               td_sqlite_feed(NULL, NULL, 0) == TD_E_INVALID_ARGUMENT,
           "a NULL pointer is not an invalid argument");
    memset(&ccfg, 0, sizeof ccfg);
    ccfg.size = sizeof ccfg;
    ccfg.root = 2;
    ccfg.lane = 1;
    ccfg.flags = TD_SQLITE_INDEX | 4u << 4 | TD_SQLITE_WHOLE_ROWS |
                 TD_SQLITE_SCHEMA_ROWS;
    expect(td_sqlite_cursor_init(&c, &d, &ccfg) == TD_OK,
           "cursor_init refuses every flag on lane 1");
    expect(td_sqlite_cursor_init(&c, &d, NULL) == TD_E_INVALID_ARGUMENT &&
               td_sqlite_cursor_init(NULL, &d, &ccfg) ==
                   TD_E_INVALID_ARGUMENT &&
               td_sqlite_cursor_init(&c, NULL, &ccfg) ==
                   TD_E_INVALID_ARGUMENT,
           "cursor_init takes a NULL pointer");
    for (i = 0; i < sizeof bad_flags / sizeof bad_flags[0]; i++) {
        ccfg.flags = bad_flags[i];
        expect(td_sqlite_cursor_init(&c, &d, &ccfg) == TD_E_INVALID_ARGUMENT,
               "cursor_init takes flags %#x", bad_flags[i]);
    }
    ccfg.flags = 0;
    ccfg.lane = TD_SQLITE_LANES;
    expect(td_sqlite_cursor_init(&c, &d, &ccfg) == TD_E_INVALID_ARGUMENT,
           "cursor_init takes lane 2");
    ccfg.lane = 0;
    ccfg.root = 0;
    expect(td_sqlite_cursor_init(&c, &d, &ccfg) == TD_E_INVALID_ARGUMENT,
           "cursor_init takes root 0");
    ccfg.root = 1;
    ccfg.size = sizeof ccfg - 1;
    expect(td_sqlite_cursor_init(&c, &d, &ccfg) == TD_E_INVALID_ARGUMENT,
           "cursor_init takes a config smaller than its own");
}

const test_case sqlite_tests[] = {
    {"sqlite init and cursor arguments", test_arguments},
    {"sqlite database events and reset", test_database_events},
    {"sqlite dump --table equals sqlite3 -quote", test_dump_tables},
    {"sqlite answer sizes", test_answer_sizes},
    {"sqlite corruption cases", test_corruption},
    {"sqlite prefix and byte sweeps", test_sweeps},
    {"sqlite corpus _metadata tables", test_corpus_metadata},
    {NULL, NULL},
};
