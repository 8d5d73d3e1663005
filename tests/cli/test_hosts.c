/*
 * test_hosts.c - the CLI under hostile hosts, on an input of every format
 * and container:
 *   - failing I/O: with tests/shim/fail_io.so preloaded, reads return at
 *     most 64 bytes (the hosts must loop over short reads) and the k-th
 *     read (or mmap) fails, for every k the run makes, with each I/O
 *     method; the CLI must report an I/O error and exit 2, never crash or
 *     hang;
 *   - damaged inputs: every input cut at 12 points and with 12 bytes
 *     changed (for the UMT directory: in each of its files) gives exit 0
 *     or 1 from validate and dump, and no sanitizer report (`make asan`
 *     runs this on the instrumented CLI);
 *   - valgrind memcheck (when installed) over validate, dump and stat on
 *     the same inputs and on corrupt ones: no memory error, no leak;
 *   - the error paths: every command of each kind of input, on the input
 *     cut in half and with a byte changed, under valgrind (or as an ASan
 *     build, which reports leaks itself): no memory error, no leak.
 * (The guard-page host is the one every decode sweep uses: see
 * guard_span.h.)
 */
#include "harness.h"
#include "split_plan.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* More reads than this are sampled: every k up to it, then every
 * (count / SWEEP_MAX)-th. */
#define SWEEP_MAX 120

typedef struct fixture {
    const char *name;
    char path[12300];
    bool forward;       /* can be read from a pipe */
} fixture;

static char work[64];

/* The files of a UMT trace directory. */
static const char *const umt_files[] = {
    "address_space.itable", "context_map.itable", "exec.offsets",
    "exec.prev_next.column", "exec.vtable", "ins.itable", "module.itable",
    "syscall.offsets", "syscall.vtable", "thread.itable", "trace.xml", NULL};
static fixture fixtures[8];
static unsigned fixture_count;

static void add_fixture(const char *name, const char *fmt, const char *arg,
                        bool forward)
{
    fixture *f = &fixtures[fixture_count++];
    f->name = name;
    f->forward = forward;
    snprintf(f->path, sizeof f->path, fmt, arg);
}

/* One input per format and container: the golden cases' inputs, and the
 * others in a scratch directory. */
static bool make_fixtures(void)
{
    char drmem[12288];
    if (fixture_count > 0)
        return true;
    strcpy(work, "/tmp/tracedec-hosts-XXXXXX");
    if (!expect(mkdtemp(work) != NULL, "cannot make a scratch directory"))
        return false;
    add_fixture("xray", "%s", data_path("xray/fdr-v5-threads.xray"), true);
    add_fixture("umt", "%s", data_path("umt/as-built-v1"), false);
    snprintf(drmem, sizeof drmem, "%s", data_path("drmem"));
    if (run_shell("cd '%s' && python3 tests/drmem/drmem_wrap.py "
                  "'%s/drmem-v6-chunked.trace' "
                  "'%s/drmem-v6-chunked.members' '%s' >/dev/null 2>&1 && "
                  "python3 tests/rvn/rvn_writer.py '%s/rvn' 50 >/dev/null "
                  "2>&1",
                  test_root, drmem, drmem, work, work) != 0) {
        skip("python3 could not build the container and REVEN inputs");
        return true;
    }
    add_fixture("drmem zip", "%s/stream.zip", work, true);
    add_fixture("drmem gzip", "%s/stream.gz", work, true);
    add_fixture("drmem snappy", "%s/stream.sz", work, true);
    add_fixture("rvn", "%s/rvn/small.sqlite", work, false);
    if (run_shell("test -f '%s/stream.lz4'", work) == 0)
        add_fixture("drmem lz4", "%s/stream.lz4", work, true);
    return true;
}

static const char *shim_path(void)
{
    static char path[8400];
    const char *slash = strrchr(test_tracedec, '/');
    int dir = slash ? (int)(slash - test_tracedec) : 1;
    snprintf(path, sizeof path, "%s%s%.*s/tests/fail_io.so",
             test_tracedec[0] == '/' ? "" : test_root,
             test_tracedec[0] == '/' ? "" : "/", dir,
             slash ? test_tracedec : ".");
    return path;
}

/* Run validate with the shim; fail_at 0 fails nothing. Returns the exit
 * status; *count is the number of counted calls. */
static int run_failing(const fixture *f, const char *io, long fail_at,
                       long *count)
{
    char counts[128];
    size_t len;
    uint8_t *text;
    int rc;
    snprintf(counts, sizeof counts, "%s/count", work);
    rc = run_shell("cd '%s' && timeout 20 env "
                   "ASAN_OPTIONS=verify_asan_link_order=0 LD_PRELOAD='%s' "
                   "FAIL_IO_SHORT=64 FAIL_IO_AT=%ld FAIL_IO_COUNT='%s' '%s' --io=%s "
                   "validate "
                   "%s'%s' >/dev/null 2>'%s/err'",
                   test_root, shim_path(), fail_at, counts, test_tracedec, io,
                   strcmp(io, "stream") == 0 ? "- <" : "", f->path, work);
    text = read_file(counts, &len);
    *count = text ? atol((const char *)text) : 0;
    free(text);
    return rc;
}

/* Every k with one I/O method: exit 2, an error message, no crash. */
static void sweep_failures(const fixture *f, const char *io)
{
    long count = 0, k, step, ignored;
    int rc = run_failing(f, io, 0, &count);
    if (!expect(rc == 0 && count > 0, "%s --io=%s: exit %d with %ld reads "
                                      "before any failure",
                f->name, io, rc, count))
        return;
    step = count > SWEEP_MAX ? count / SWEEP_MAX : 1;
    for (k = 1; k <= count; k += step) {
        rc = run_failing(f, io, k, &ignored);
        expect(rc == 2, "%s --io=%s: read %ld of %ld failing gives exit %d, "
                        "want 2 (an I/O error)",
               f->name, io, k, count, rc);
    }
}

static void test_failing_io(void)
{
    static const char *const methods[] = {"pread", "mmap", "stream"};
    unsigned i, m;
    if (run_shell("test -f '%s'", shim_path()) != 0) {
        skip("%s is not built", shim_path());
        return;
    }
    if (!make_fixtures())
        return;
    for (i = 0; i < fixture_count; i++)
        for (m = 0; m < 3; m++)
            if (m < 2 || fixtures[i].forward)
                sweep_failures(&fixtures[i], methods[m]);
}

/* validate and dump on `path`: exit 0 or 1, and nothing from a
 * sanitizer on stderr. */
static void survives(const char *path, const char *what)
{
    static const char *const commands[] = {"validate", "dump"};
    unsigned c;
    for (c = 0; c < 2; c++) {
        int rc = run_shell("cd '%s' && timeout 60 '%s' %s '%s' >/dev/null "
                           "2>'%s/err'; s=$?; ! grep -q -e Sanitizer -e "
                           "'runtime error' '%s/err' && exit $s; exit 99",
                           test_root, test_tracedec, commands[c], path, work,
                           work);
        expect(rc == 0 || rc == 1, "%s %s (%s): exit %d", commands[c], what,
               path, rc);
    }
}

/* Write a damaged copy of data to `to`: cut at `cut` bytes, or with byte
 * `at` xor-ed with `mask` when cut is SIZE_MAX. */
static void damaged_copy(const uint8_t *data, size_t len, const char *to,
                         size_t cut, size_t at, uint8_t mask)
{
    uint8_t *copy = malloc(len ? len : 1);
    memcpy(copy, data, len);
    if (cut == (size_t)-1 && at < len)
        copy[at] ^= mask;
    write_file(to, copy, cut == (size_t)-1 ? len : cut);
    free(copy);
}

/* 12 cuts and 12 changed bytes of the file `from`, written to `to` one
 * after another, each checked with `check` (the path to give the CLI). */
static void damage_file(const char *from, const char *to, const char *check,
                        uint64_t seed)
{
    size_t len, i;
    uint8_t *data = read_file(from, &len);
    if (!expect(data != NULL, "cannot read %s", from))
        return;
    for (i = 0; i < 24 && len > 0; i++) {
        char what[64];
        uint64_t r = xorshift64(&seed);
        if (i < 12) {
            size_t cut = len * i / 12 + (size_t)(r % (len / 12 + 1));
            snprintf(what, sizeof what, "cut at %zu", cut);
            damaged_copy(data, len, to, cut < len ? cut : len - 1, 0, 0);
        } else {
            snprintf(what, sizeof what, "byte %zu changed",
                     (size_t)(r % len));
            damaged_copy(data, len, to, (size_t)-1, (size_t)(r % len),
                         (uint8_t)(r >> 32 | 1));
        }
        survives(check, what);
    }
    damaged_copy(data, len, to, len, 0, 0);
    free(data);
}

static void test_damaged_inputs(void)
{
    char to[4300], file[8700];
    unsigned i, k;
    if (!make_fixtures())
        return;
    for (i = 0; i < fixture_count; i++) {
        if (strcmp(fixtures[i].name, "umt") != 0) {
            snprintf(to, sizeof to, "%s/damaged", work);
            damage_file(fixtures[i].path, to, to, 77 + i);
            continue;
        }
        snprintf(to, sizeof to, "%s/umt", work);
        if (!expect(run_shell("rm -rf '%s' && cp -r '%s' '%s'", to,
                              fixtures[i].path, to) == 0,
                    "cannot copy %s", fixtures[i].path))
            continue;
        for (k = 0; umt_files[k] != NULL; k++) {
            char from[8700];
            snprintf(from, sizeof from, "%s/%s", fixtures[i].path,
                     umt_files[k]);
            snprintf(file, sizeof file, "%s/%s", to, umt_files[k]);
            damage_file(from, file, to, 99 + k);
        }
    }
}

/* valgrind on one command; its own error status is 99. */
static void memcheck(const char *cmd, const char *path)
{
    int rc = run_shell("cd '%s' && valgrind -q --error-exitcode=99 "
                       "--leak-check=full --errors-for-leak-kinds=definite "
                       "'%s' %s '%s' >/dev/null 2>'%s/vg'",
                       test_root, test_tracedec, cmd, path, work);
    expect(rc == 0 || rc == 1, "valgrind %s %s: exit %d (see %s/vg)", cmd,
           path, rc, work);
}

static void test_valgrind(void)
{
    static const char *const commands[] = {"validate", "dump", "stat",
                                           "info"};
    static const char *const corrupt[] = {
        "xray/enc-fdr-bad-straddle.xray",
        "xray/enc-fdr-bad-truncated-buffer.xray",
        "drmem/bad-chunk-overflow.trace",
        "drmem/bad-encoding-dangling.trace",
    };
    unsigned i, c;
    if (run_shell("command -v valgrind >/dev/null") != 0) {
        skip("valgrind is not installed");
        return;
    }
    if (tracedec_sanitized()) {
        skip("valgrind does not run sanitizer builds");
        return;
    }
    if (!make_fixtures())
        return;
    for (i = 0; i < fixture_count; i++)
        for (c = 0; c < 4; c++)
            memcheck(commands[c], fixtures[i].path);
    for (i = 0; i < sizeof corrupt / sizeof corrupt[0]; i++)
        memcheck("validate", data_path(corrupt[i]));
}

/* Every command of a kind of input (the fixtures' names begin with it),
 * for the leak check of the error paths. */
typedef struct kind_commands {
    const char *kind;
    const char *const *commands;
} kind_commands;

static const char *const xray_commands[] = {
    "info", "validate", "validate -v", "dump", "dump --style=llvm",
    "convert -f yaml", "convert -f yaml --sort", "convert -f json",
    "convert -f chrome", "stat", "stat --json", NULL};
static const char *const drmem_commands[] = {
    "info", "validate", "validate -v", "dump", "dump --style=drcachesim",
    "convert -f json", "stat", NULL};
static const char *const umt_commands[] = {
    "info", "validate", "validate -v", "dump", "stat", "stat --json", NULL};
static const char *const rvn_commands[] = {
    "info", "validate", "validate -v", "dump", "dump --table blocks",
    "dump --table sqlite_schema", "stat", "stat --json", NULL};

static const kind_commands every_command[] = {
    {"xray", xray_commands},
    {"drmem", drmem_commands},
    {"umt", umt_commands},
    {"rvn", rvn_commands},
};

/* The commands of a fixture's kind. */
static const char *const *commands_of(const fixture *f)
{
    size_t i;
    for (i = 0; i < sizeof every_command / sizeof every_command[0]; i++)
        if (strncmp(f->name, every_command[i].kind,
                    strlen(every_command[i].kind)) == 0)
            return every_command[i].commands;
    return NULL;
}

/* `tracedec CMD PATH` under valgrind (when `valgrind`) or as built (an
 * ASan build reports leaks itself): exit 0, 1 or 2 (a damaged input can
 * look like another format, which the command's options may not apply
 * to), and no report. */
static void leaks_nothing(const char *cmd, const char *path, bool valgrind)
{
    int rc = run_shell("cd '%s' && %s '%s' %s '%s' >/dev/null 2>'%s/leak'; "
                       "s=$?; ! grep -q -e Sanitizer -e 'runtime error' "
                       "'%s/leak' && exit $s; exit 99",
                       test_root,
                       valgrind ? "valgrind -q --error-exitcode=99 "
                                  "--leak-check=full "
                                  "--errors-for-leak-kinds=definite"
                                : "",
                       test_tracedec, cmd, path, work, work);
    expect(rc >= 0 && rc <= 2, "%s%s %s: exit %d (see %s/leak)",
           valgrind ? "valgrind " : "", cmd, path, rc, work);
}

/* Every command on each fixture cut in half (a UMT trace: its
 * exec.vtable), so that each ends on an error path. */
static void test_error_paths(void)
{
    bool valgrind = run_shell("command -v valgrind >/dev/null") == 0 &&
                    run_shell("nm '%s' 2>/dev/null | grep -q __asan_init",
                              test_tracedec) != 0;
    bool asan = run_shell("nm '%s' 2>/dev/null | grep -q __asan_init",
                          test_tracedec) == 0;
    char to[4300], from[12400], file[8700];
    unsigned i, c;
    if (!valgrind && !asan) {
        skip("neither valgrind nor an ASan build");
        return;
    }
    if (!make_fixtures())
        return;
    for (i = 0; i < fixture_count; i++) {
        const char *const *commands = commands_of(&fixtures[i]);
        bool dir = strcmp(fixtures[i].name, "umt") == 0;
        size_t len;
        uint8_t *data;
        snprintf(to, sizeof to, "%s/broken", work);
        snprintf(from, sizeof from, "%s%s", fixtures[i].path,
                 dir ? "/exec.vtable" : "");
        if (dir && !expect(run_shell("rm -rf '%s' && cp -r '%s' '%s'", to,
                                     fixtures[i].path, to) == 0,
                           "cannot copy %s", fixtures[i].path))
            continue;
        snprintf(file, sizeof file, "%s%s", to, dir ? "/exec.vtable" : "");
        data = read_file(from, &len);
        if (!expect(data != NULL && len > 2, "cannot read %s", from)) {
            free(data);
            continue;
        }
        damaged_copy(data, len, file, len / 2, 0, 0);
        for (c = 0; commands[c] != NULL; c++)
            leaks_nothing(commands[c], to, valgrind);
        free(data);
    }
}

const test_case hosts_tests[] = {
    {"cli with failing I/O", test_failing_io},
    {"cli on damaged inputs", test_damaged_inputs},
    {"cli under valgrind", test_valgrind},
    {"cli error paths leak nothing", test_error_paths},
    {NULL, NULL},
};
