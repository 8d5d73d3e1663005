/*
 * test_rvn.c - the REVEN block-trace decoder's specification, as tests:
 *   - init refuses what the contract says it refuses; errors are sticky
 *     and reset starts over with the same files;
 *   - traces written by a replay of rvnblock's Writer on SQLite itself
 *     (tests/rvn/rvn_writer.py: upstream's own scenarios, small and 100k-step
 *     traces, page sizes 512 and 65536, the 2- and 3-table layouts of
 *     older files, metadata version 0) validate, and `tracedec dump`
 *     prints what the writer says it wrote;
 *   - damaged ones (metadata missing, doubled, of another type or a future
 *     major version, bad semver, dangling block ids, gaps, bad interrupt
 *     block, bad modes and counts, bad instruction offsets, interrupts
 *     that do not match the execution) fail with the expected error, the
 *     same through every answer size;
 *   - `info` says what an older trace lacks;
 *   - every prefix and byte change of a small trace ends cleanly or in an
 *     error with a reason;
 *   - rvnmetadata's own fixtures (../shared/corpus, when present) are
 *     refused for the right reasons;
 *   - validate, info and stat print the same at -j1, -j2, -j3 and -j8
 *     (the execution table in parts, tests/rvn/rvn_jobs.py), on the
 *     writer's traces, the SQLite test databases and damaged copies.
 */
#include "codec_rvn.h"
#include "config_check.h"
#include "harness.h"
#include "sweep.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char *make_traces(unsigned rows)
{
    static char dir[64];
    if (run_shell("command -v python3 >/dev/null") != 0) {
        skip("python3 is missing");
        return NULL;
    }
    strcpy(dir, "/tmp/tracedec-rvn-XXXXXX");
    if (mkdtemp(dir) == NULL)
        return NULL;
    if (!expect(run_shell("python3 '%s/tests/rvn/rvn_writer.py' '%s' %u > "
                          "'%s/list.txt'", test_root, dir, rows, dir) == 0,
                "rvn_writer.py failed"))
        return NULL;
    return dir;
}

static void check_trace(const char *dir, const char *name,
                        const char *expected)
{
    static const plan_range answers[2] = {{ANSWER_EXACT, 0, 0, NULL},
                                          {ANSWER_PLUS, 1000, 1000, NULL}};
    static const test_config plain = {0, 0, 0};
    char path[4300];
    int rc;
    test_read file;
    test_result ref;
    if (!test_input_read(dir, name, &file))
        return;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    ref = test_decode(&rvn_codec, &file.in, &plain, plan_exact());
    expect(strcmp(ref.status == TD_END ? "ok" : td_error_name(ref.status),
                  expected) == 0,
           "%s: %s, want %s (%s @%llu)", name,
           ref.status == TD_END ? "ok" : td_error_name(ref.status), expected,
           ref.fault.reason ? ref.fault.reason : "",
           (unsigned long long)ref.fault.offset);
    expect(ref.protocol_ok, "%s: %s", name, ref.protocol_msg);
    test_result_free(&ref);
    sweep_plans(&rvn_codec, name, &file.in, &plain, answers, 2);
    test_read_free(&file);
    rc = run_shell("'%s' validate '%s' 2>/dev/null", tracedec_path(), path);
    expect(rc == (strcmp(expected, "ok") == 0 ? 0 : 1),
           "%s: validate exits %d", name, rc);
    if (strcmp(expected, "ok") == 0)
        expect(run_shell("'%s' dump '%s' | cmp -s - '%s.dump'", tracedec_path(),
                         path, path) == 0,
               "%s: dump differs from what the writer wrote", name);
    else
        expect(run_shell("'%s' validate '%s' 2>&1 | grep -q ': %s: '",
                         tracedec_path(), path, expected) == 0,
               "%s: validate does not name %s", name, expected);
}

static void test_writer_traces(void)
{
    char list[4200], *text, *line, *next;
    size_t len, n = 0;
    char *dir = make_traces(100000);
    if (dir == NULL)
        return;
    snprintf(list, sizeof list, "%s/list.txt", dir);
    text = (char *)read_file(list, &len);
    if (!expect(text != NULL, "no list"))
        return;
    text = realloc(text, len + 1);
    text[len] = 0;
    for (line = text; *line; line = next) {
        char *tab = strchr(line, '\t');
        next = strchr(line, '\n');
        *next++ = 0;
        if (tab == NULL)
            continue;
        *tab = 0;
        check_trace(dir, line, tab + 1);
        n++;
    }
    printf("    %zu traces\n", n);
    expect(n >= 30, "too few traces");
    expect(run_shell("'%s' info '%s/two-tables.sqlite' 2>/dev/null | grep -q "
                     "'lacks: instruction_indices' && '%s' info "
                     "'%s/two-tables.sqlite' 2>/dev/null | grep -q 'lacks: "
                     "interrupts'", tracedec_path(), dir, tracedec_path(), dir) == 0,
           "info does not say what a 2-table trace lacks");
    expect(run_shell("python3 -c 'import sqlite3, sys; c = sqlite3.connect("
                     "sys.argv[1]); c.execute(\"create table t(a)\"); "
                     "c.commit()' '%s/plain.sqlite' && '%s' info "
                     "'%s/plain.sqlite' | grep -q '^tables: t (root 2)$'",
                     dir, tracedec_path(), dir) == 0,
           "info of an SQLite database that is not a REVEN trace");
    expect(run_shell("'%s' stat '%s/large.sqlite' | grep -q '^executions: "
                     "[0-9]\\{6\\}'", tracedec_path(), dir) == 0,
           "stat of the 100k-step trace");
    free(text);
    run_shell("rm -rf '%s'", dir);
}

/* Every 7th prefix of a small trace ends in an error with a reason, and
 * four changes of every byte cleanly or in such an error, with every
 * answer size. */
static void test_sweeps(void)
{
    static const test_config plain = {0, 0, 0};
    test_read file;
    char *dir = make_traces(10);
    if (dir == NULL)
        return;
    if (test_input_read(dir, "upstream.sqlite", &file)) {
        sweep_small(&rvn_codec, "upstream.sqlite", &file.in, &plain, 7,
                    CUT_ERROR, NULL);
        printf("    %llu-byte trace: every 7th prefix, 4 changes of every "
               "byte\n", (unsigned long long)file.file.size);
    }
    test_read_free(&file);
    run_shell("rm -rf '%s'", dir);
}

static void test_corpus(void)
{
    static const char *const cases[][2] = {
        {"good", "rvn-resource-type"},
        {"outdated", "rvn-resource-type"},
        {"wrong_type", "rvn-resource-type"},
        {"without_metadata", "rvn-no-metadata"},
    };
    char dir[4096];
    unsigned i;
    snprintf(dir, sizeof dir,
             "%s/../shared/corpus/rvn/rvnmetadata-test-data/sqlite",
             test_root);
    if (access(dir, R_OK) != 0) {
        skip("../shared/corpus is absent");
        return;
    }
    for (i = 0; i < 4; i++)
        expect(run_shell("'%s' validate '%s/%s.sqlite' 2>&1 | grep -q ': %s: "
                         "'", tracedec_path(), dir, cases[i][0], cases[i][1]) == 0,
               "%s.sqlite: validate does not say %s", cases[i][0],
               cases[i][1]);
    expect(run_shell("'%s' info '%s/outdated.sqlite' 2>/dev/null | grep -q "
                     "'_metadata (root 3)'", tracedec_path(), dir) == 0,
           "info of outdated.sqlite");
}

static int rvn_init_any(void *d, const void *cfg)
{
    return td_rvn_init(d, cfg);
}

/* init refuses what the contract says; an error is sticky until reset,
 * which keeps the files. */
static void test_arguments_and_reset(void)
{
    static uint8_t file[512];
    td_rvn_decoder *r = malloc(sizeof *r);
    td_rvn_config cfg;
    td_rvn_event ev;
    int rc;
    memset(&cfg, 0, sizeof cfg);
    cfg.size = sizeof cfg;
    check_config("rvn", rvn_init_any, r, &cfg, sizeof cfg, 1, false);
    expect(td_rvn_reset(NULL) == TD_E_INVALID_ARGUMENT &&
               td_rvn_next(NULL, &ev) == TD_E_INVALID_ARGUMENT &&
               td_rvn_feed(NULL, NULL, 0) == TD_E_INVALID_ARGUMENT,
           "a NULL decoder is not an invalid argument");
    cfg.files.db_size = sizeof file;
    expect(td_rvn_init(r, &cfg) == TD_OK, "init refuses a good config");
    rc = rvn_next_whole(r, &ev, file, sizeof file);
    expect(rc == TD_E_SQLITE_MAGIC && td_rvn_next(r, &ev) == rc &&
               td_rvn_fault(r)->code == rc,
           "zeros are not a sticky sqlite-magic (%s)", td_error_name(rc));
    expect(td_rvn_reset(r) == TD_OK && td_rvn_fault(r)->code == 0 &&
               td_rvn_next(r, &ev) == TD_NEED_INPUT &&
               td_rvn_request(r)->offset == 0,
           "reset does not start over");
    rc = rvn_next_whole(r, &ev, file, sizeof file);
    expect(rc == TD_E_SQLITE_MAGIC, "after reset: %s", td_error_name(rc));
    free(r);
}

static void test_jobs(void)
{
    char dir[64] = "/tmp/tracedec-rvn-jobs-XXXXXX";
    if (run_shell("command -v python3 >/dev/null") != 0) {
        skip("python3 is missing");
        return;
    }
    if (!expect(mkdtemp(dir) != NULL, "no scratch folder"))
        return;
    expect(run_shell("python3 '%s/tests/rvn/rvn_jobs.py' '%s' '%s' "
                     ">'%s/log' 2>&1 || { cat '%s/log'; exit 1; }",
                     test_root, tracedec_path(), dir, dir, dir) == 0,
           "validate, info or stat differ between -j1 and -jN "
           "(tests/rvn/rvn_jobs.py)");
    run_shell("rm -rf '%s'", dir);
}

const test_case rvn_tests[] = {
    {"rvn init arguments and reset", test_arguments_and_reset},
    {"rvn writer traces", test_writer_traces},
    {"rvn prefix and byte sweeps", test_sweeps},
    {"rvn corpus metadata fixtures", test_corpus},
    {"rvn the same text for every -j", test_jobs},
    {NULL, NULL},
};
