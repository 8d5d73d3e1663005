/*
 * test_unix.c - the command line as a Unix tool, a table of cases each:
 *   - output that cannot be written (a full disk) ends every command that
 *     prints with exit 2 and "tracedec: write error: REASON"; a reader that
 *     goes away with SIGPIPE ignored stops the decoding at once;
 *   - options: misplaced, unknown or malformed ones are named, with one
 *     hint line; both spellings of a value, `--`, per-command help;
 *   - several inputs: a line per input, the worst exit status;
 *   - the progress line: its format when forced, nothing in a pipe.
 * The commands run in the folder of the XRay samples (build/data/xray).
 */
#include "harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A command line, its exit status, and its standard error (exact) and
 * standard output (exact; NULL: not checked). */
typedef struct cli_case {
    const char *args;
    int status;
    const char *err;
    const char *out;
} cli_case;

static char scratch[64];

static const char *scratch_dir(void)
{
    if (scratch[0] == '\0') {
        strcpy(scratch, "/tmp/tracedec-unix-XXXXXX");
        if (mkdtemp(scratch) == NULL)
            strcpy(scratch, "/tmp");
    }
    return scratch;
}

/* Whether scratch file `name` holds exactly `want`. */
static bool holds(const char *name, const char *want, char **got)
{
    char path[128];
    size_t len;
    snprintf(path, sizeof path, "%s/%s", scratch_dir(), name);
    *got = (char *)read_file(path, &len);
    if (*got == NULL)
        return false;
    *got = realloc(*got, len + 1);
    (*got)[len] = '\0';
    return strcmp(*got, want) == 0;
}

/* Scratch file `name` holds exactly `want`, or the test fails naming
 * `what`. */
static void expect_file(const char *name, const char *want, const char *what)
{
    char *got = NULL;
    bool ok = holds(name, want, &got);
    expect(ok, "%s: %s, want %s", what, got ? got : "(none)", want);
    free(got);
}

/* Run each case in the folder of the XRay samples, its standard output
 * into `to` (NULL: a scratch file, compared with the case's). */
static void run_cases(const cli_case *cases, size_t count, const char *to)
{
    char out_path[128];
    size_t i;
    for (i = 0; i < count; i++) {
        const cli_case *k = &cases[i];
        char *err = NULL, *out = NULL;
        int rc;
        snprintf(out_path, sizeof out_path, "%s/out", scratch_dir());
        rc = run_shell("cd '%s' && '%s' %s >'%s' 2>'%s/err'",
                       data_path("xray"), tracedec_path(), k->args,
                       to != NULL ? to : out_path, scratch_dir());
        expect(rc == k->status, "tracedec %s: exit %d, want %d", k->args, rc,
               k->status);
        expect(holds("err", k->err, &err), "tracedec %s: stderr\n%s\nwant\n%s",
               k->args, err ? err : "(none)", k->err);
        if (k->out != NULL)
            expect(holds("out", k->out, &out),
                   "tracedec %s: stdout\n%s\nwant\n%s", k->args,
                   out ? out : "(none)", k->out);
        free(err);
        free(out);
    }
}

#define FULL "tracedec: write error: No space left on device\n"

/* Every command that prints, into a full disk. */
static const cli_case full_disk[] = {
    {"info fdr-v5-threads.xray", 2, FULL, NULL},
    {"dump fdr-v5-threads.xray", 2, FULL, NULL},
    {"dump --style=llvm fdr-v5-threads.xray", 2, FULL, NULL},
    {"convert -f yaml fdr-v5-threads.xray", 2, FULL, NULL},
    {"convert -f yaml --sort fdr-v5-threads.xray", 2, FULL, NULL},
    {"convert -f json fdr-v5-threads.xray", 2, FULL, NULL},
    {"convert -f chrome fdr-v5-threads.xray", 2, FULL, NULL},
    {"stat fdr-v5-threads.xray", 2, FULL, NULL},
    {"stat --json fdr-v5-threads.xray", 2, FULL, NULL},
    {"validate fdr-v5-threads.xray enc-fdr-v1-be.xray", 2, FULL,
     NULL},
    {"info ../drmem/drmem-v7-markers.trace", 2, FULL, NULL},
    {"dump ../drmem/drmem-v7-markers.trace", 2, FULL, NULL},
    {"dump --style=drcachesim ../drmem/drmem-v7-markers.trace", 2,
     FULL, NULL},
    {"convert -f json ../drmem/drmem-v7-markers.trace", 2, FULL,
     NULL},
    {"stat ../drmem/drmem-v7-markers.trace", 2, FULL, NULL},
    {"validate ../drmem/drmem-v7-markers.trace ../umt/as-built-v1", 2, FULL,
     NULL},
    {"info ../umt/as-built-v1", 2, FULL, NULL},
    {"dump ../umt/as-built-v1", 2, FULL, NULL},
    {"stat ../umt/as-built-v1", 2, FULL, NULL},
    {"stat --json ../umt/as-built-v1", 2, FULL, NULL},
    {"--help", 2, FULL, NULL},
    {"help dump", 2, FULL, NULL},
    {"--version", 2, FULL, NULL},
};

static void test_full_disk(void)
{
    if (run_shell("test -w /dev/full") != 0) {
        skip("/dev/full is not there");
        return;
    }
    run_cases(full_disk, sizeof full_disk / sizeof full_disk[0],
              "/dev/full");
}

/* With SIGPIPE ignored, `dump | head -1` stops at the first failed write:
 * exit 2 with nothing on stderr, one chunk (1 MiB) of a 40 MB input read
 * from standard input (the offset its reads left behind says so). */
static void test_closed_pipe(void)
{
    const char *t = scratch_dir();
    int rc = run_shell(
        "python3 -c 'import sys\n"
        "d = open(sys.argv[1], \"rb\").read()\n"
        "open(sys.argv[2], \"wb\").write(d[:32] + d[32:] * 20000)' "
        "'%s' '%s/big.xray'",
        data_path("xray/basic-v3-threads.xray"), t);
    if (rc != 0) {
        skip("python3 could not write the big trace");
        return;
    }
    rc = run_shell("cd '%s' && ( trap '' PIPE; '%s' --io=stream dump - "
                   "2>err; echo $? > status; python3 -c 'import os; "
                   "print(os.lseek(0, 0, 1))' > offset ) < big.xray | "
                   "head -1 > out",
                   t, tracedec_path());
    expect(rc == 0, "the pipeline failed");
    expect_file("status", "2\n", "the exit status");
    expect_file("err", "", "standard error");
    expect_file("offset", "1048576\n", "the input read (one 1 MiB chunk)");
}

#define HINT(cmd) "try 'tracedec " cmd "--help'\n"

/* Options and commands: what the user wrote, named. */
static const cli_case options[] = {
    {"frob fdr-v5-threads.xray", 2,
     "tracedec: unknown command 'frob'\n" HINT(""), ""},
    {"info --frob fdr-v5-threads.xray", 2,
     "tracedec: unknown option '--frob'\n" HINT("info "), ""},
    {"--io=foo info fdr-v5-threads.xray", 2,
     "tracedec: --io is pread, mmap or stream, not 'foo'\n" HINT(""), ""},
    {"info", 2, "tracedec: info needs a PATH\n" HINT("info "), ""},
    {"dump a b", 2, "tracedec: dump takes one PATH, not 2\n" HINT("dump "),
     ""},
    {"convert fdr-v5-threads.xray", 2,
     "tracedec: convert needs -f yaml, json or chrome\n" HINT("convert "),
     ""},
    {"convert -f xml fdr-v5-threads.xray", 2,
     "tracedec: --format is yaml, json or chrome, not 'xml'\n"
         HINT("convert "),
     ""},
    {"dump --table", 2,
     "tracedec: --table needs a value (NAME)\n" HINT("dump "), ""},
    {"stat --json=yes fdr-v5-threads.xray", 2,
     "tracedec: --json takes no value\n" HINT("stat "), ""},
    /* an option the command does not take */
    {"info -v fdr-v5-threads.xray", 2,
     "tracedec: -v does not apply to info (it applies to validate)\n"
         HINT("info "),
     ""},
    {"dump -f json fdr-v5-threads.xray", 2,
     "tracedec: -f json does not apply to dump (it applies to convert)\n"
         HINT("dump "),
     ""},
    {"validate --sort fdr-v5-threads.xray", 2,
     "tracedec: --sort does not apply to validate (it applies to "
     "convert)\n" HINT("validate "),
     ""},
    {"dump -v fdr-v5-threads.xray", 2,
     "tracedec: -v does not apply to dump (it applies to validate)\n"
         HINT("dump "),
     ""},
    {"convert -f chrome --sort fdr-v5-threads.xray", 2,
     "tracedec: --sort applies to convert -f yaml\n" HINT("convert "), ""},
    {"validate -v -q fdr-v5-threads.xray", 2,
     "tracedec: -v and -q ask for opposite things\n" HINT("validate "), ""},
    /* an option that does not apply to the input */
    {"stat --recover-typed-extents ../drmem/drmem-v7-markers.trace", 2,
     "tracedec: --recover-typed-extents applies to XRay traces; "
     "../drmem/drmem-v7-markers.trace is a drmemtrace trace\n"
         HINT("stat "),
     ""},
    {"dump --table foo fdr-v5-threads.xray", 2,
     "tracedec: --table applies to SQLite files; fdr-v5-threads.xray is an "
     "XRay trace\n" HINT("dump "),
     ""},
    {"dump --style=llvm ../drmem/drmem-v7-markers.trace", 2,
     "tracedec: --style=llvm applies to XRay traces; "
     "../drmem/drmem-v7-markers.trace is a drmemtrace trace\n" HINT("dump "),
     ""},
    {"dump --style=drcachesim fdr-v5-threads.xray", 2,
     "tracedec: --style=drcachesim applies to drmemtrace traces; "
     "fdr-v5-threads.xray is an XRay trace\n" HINT("dump "),
     ""},
    {"convert -f yaml ../drmem/drmem-v7-markers.trace", 2,
     "tracedec: -f yaml applies to XRay traces; "
     "../drmem/drmem-v7-markers.trace is a drmemtrace trace\n"
         HINT("convert "),
     ""},
    {"convert -f json ../umt/as-built-v1", 2,
     "tracedec: -f json applies to XRay traces and drmemtrace traces; "
     "../umt/as-built-v1 is a UMT trace\n" HINT("convert "),
     ""},
    {"validate --recover-typed-extents ../drmem/drmem-v7-markers.trace", 2,
     "tracedec: --recover-typed-extents applies to XRay traces; "
     "../drmem/drmem-v7-markers.trace is a drmemtrace trace\n"
         HINT("validate "),
     ""},
    /* both spellings, `--`, options anywhere */
    {"dump --style llvm fdr-v5-threads.xray | head -1", 0, "",
     "<Buffer: size = 336 bytes>\n"},
    {"--io mmap dump --style=llvm fdr-v5-threads.xray | head -1", 0, "",
     "<Buffer: size = 336 bytes>\n"},
    {"convert --format=json fdr-v5-threads.xray | head -1 | cut -c1-10", 0,
     "", "{\"offset\":\n"},
    {"convert -f=json fdr-v5-threads.xray | head -1 | cut -c1-10", 0, "",
     "{\"offset\":\n"},
    {"convert -fjson fdr-v5-threads.xray | head -1 | cut -c1-10", 0, "",
     "{\"offset\":\n"},
    {"info -- fdr-v5-threads.xray | head -1", 0, "", "format: xray\n"},
    {"info fdr-v5-threads.xray --io=mmap | head -1", 0, "", "format: xray\n"},
};

/* Every command with every option it does not take, as written and as
 * the message names it: exit 2, "OPTION does not apply to COMMAND". */
typedef struct misplaced_option {
    const char *written, *named;
} misplaced_option;

static const misplaced_option any_option[] = {
    {"-v", "-v"},
    {"-q", "-q"},
    {"--json", "--json"},
    {"--sort", "--sort"},
    {"--style=llvm", "--style=llvm"},
    {"--table t", "--table"},
    {"-f json", "-f json"},
};

static const struct {
    const char *command, *word;
    const char *takes; /* the options of any_option it takes */
} commands[] = {
    {"info", "info", "--json"},
    {"validate", "validate", "-v -q --json"},
    {"dump", "dump", "--style=llvm --table t"},
    {"convert -f yaml", "convert", "--sort -f json"},
    {"stat", "stat", "--json"},
};

static void test_misplaced_options(void)
{
    size_t c, k;
    for (c = 0; c < sizeof commands / sizeof commands[0]; c++)
        for (k = 0; k < sizeof any_option / sizeof any_option[0]; k++) {
            int rc;
            if (strstr(commands[c].takes, any_option[k].written) != NULL)
                continue;
            rc = run_shell("cd '%s' && said=$('%s' %s %s "
                           "fdr-v5-threads.xray 2>&1); test $? = 2 && "
                           "echo \"$said\" | grep -q '^tracedec: %s "
                           "does not apply to %s '",
                           data_path("xray"), tracedec_path(),
                           commands[c].command, any_option[k].written,
                           any_option[k].named, commands[c].word);
            expect(rc == 0, "%s %s: not refused by name", commands[c].command,
                   any_option[k].written);
        }
}

static void test_options(void)
{
    run_cases(options, sizeof options / sizeof options[0], NULL);
}

/* Help: the command's own, exit 0, the same both ways. */
static const cli_case help[] = {
    {"help dump | head -2", 0, "",
     "usage: tracedec dump [--style=native|llvm|drcachesim] [--interleave] "
     "PATH\n"
     "       tracedec dump --table NAME PATH\n"},
    {"dump --help | head -2", 0, "",
     "usage: tracedec dump [--style=native|llvm|drcachesim] [--interleave] "
     "PATH\n"
     "       tracedec dump --table NAME PATH\n"},
    {"help convert | grep -e '^  -f' -e '^  --sort' -e '^examples:'", 0,
     "",
     "  -f, --format=FORMAT   yaml (XRay), json (XRay, drmemtrace) or chrome "
     "(XRay)\n"
     "  --sort                yaml: the records in tsc order (llvm-xray's "
     "default)\n"
     "examples:\n"},
    {"help stat | grep -e '^  --json' -e '^examples:'", 0, "",
     "  --json                print the summary as one JSON object\n"
     "examples:\n"},
    {"validate -h | head -1", 0, "",
     "usage: tracedec validate [-v|-q] [--json] PATH...\n"},
    {"--help | head -1", 0, "", "usage: tracedec COMMAND [OPTIONS] PATH...\n"},
    {"help frob", 2, "tracedec: unknown command 'frob'\n" HINT(""), ""},
};

static void test_help(void)
{
    run_cases(help, sizeof help / sizeof help[0], NULL);
}

/* Several inputs: a line per input, the worst status. */
static const cli_case several[] = {
    {"validate fdr-v5-threads.xray enc-fdr-v1-be.xray", 0, "",
     "fdr-v5-threads.xray: valid\nenc-fdr-v1-be.xray: valid\n"},
    {"validate fdr-v5-threads.xray enc-fdr-bad-straddle.xray "
     "enc-fdr-v1-be.xray",
     1,
     "enc-fdr-bad-straddle.xray:120: xray-extents: record crosses the end "
     "of its buffer's extents\n",
     "fdr-v5-threads.xray: valid\nenc-fdr-v1-be.xray: valid\n"},
    {"validate -q fdr-v5-threads.xray enc-fdr-bad-straddle.xray", 1,
     "enc-fdr-bad-straddle.xray:120: xray-extents: record crosses the end "
     "of its buffer's extents\n",
     ""},
    {"validate fdr-v5-threads.xray no-such.xray enc-fdr-bad-straddle.xray",
     2,
     "tracedec: no-such.xray: open: No such file or directory\n"
     "enc-fdr-bad-straddle.xray:120: xray-extents: record crosses the end "
     "of its buffer's extents\n",
     "fdr-v5-threads.xray: valid\n"},
    {"validate fdr-v5-threads.xray", 0, "", ""},
    {"validate enc-fdr-v*-le.xray | wc -l", 0, "", "5\n"},
    {"info enc-fdr-v1-le.xray enc-fdr-v5-le.xray | grep -e '==>' -e '^$'", 0,
     "", "==> enc-fdr-v1-le.xray <==\n\n==> enc-fdr-v5-le.xray <==\n"},
    {"stat --json enc-fdr-v1-le.xray enc-fdr-v5-le.xray | wc -l", 0, "",
     "2\n"},
};

static void test_several_inputs(void)
{
    run_cases(several, sizeof several / sizeof several[0], NULL);
}

/* The progress line: --progress shows it on any standard error (a last
 * line per input: bytes of the size, rate, time taken), and nothing shows
 * by default when standard error is not a terminal. */
#define TIMES "sed -E 's/[0-9.]+ (B|KiB|MiB|GiB)\\/s/RATE/; s/in [0-9.]+ s/in T/'"

static const cli_case progress[] = {
    {"validate --progress fdr-v5-threads.xray 2>&1 | " TIMES, 0, "",
     "tracedec: fdr-v5-threads.xray: 736 B of 736 B (100%), RATE, done in "
     "T\n"},
    {"--progress validate enc-fdr-v1-le.xray fdr-v5-recycled.xray 2>&1 | "
     TIMES,
     0, "",
     "tracedec: enc-fdr-v1-le.xray: 1.0 KiB of 1.0 KiB (100%), RATE, done in "
     "T\n"
     "enc-fdr-v1-le.xray: valid\n"
     "tracedec: fdr-v5-recycled.xray: 1.8 KiB of 1.8 KiB (100%), RATE, done "
     "in T\n"
     "fdr-v5-recycled.xray: valid\n"},
    {"validate fdr-v5-threads.xray", 0, "", ""},
    {"validate --no-progress fdr-v5-threads.xray", 0, "", ""},
    {"validate --progress --no-progress fdr-v5-threads.xray", 2,
     "tracedec: --progress and --no-progress ask for opposite things\n"
         HINT("validate "),
     ""},
};

static void test_progress(void)
{
    int rc;
    run_cases(progress, sizeof progress / sizeof progress[0], NULL);
    /* from a pipe, the size is not known */
    rc = run_shell("cd '%s' && cat fdr-v5-threads.xray | '%s' dump --progress "
                   "- 2>&1 >/dev/null | %s > '%s/out'",
                   data_path("xray"), tracedec_path(), TIMES, scratch_dir());
    expect(rc == 0, "dump --progress from a pipe failed");
    expect_file("out", "tracedec: -: 736 B, RATE, done in T\n",
                "dump --progress from a pipe");
}

const test_case unix_tests[] = {
    {"cli write errors", test_full_disk},
    {"cli closed pipe", test_closed_pipe},
    {"cli options", test_options},
    {"cli misplaced options", test_misplaced_options},
    {"cli help", test_help},
    {"cli several inputs", test_several_inputs},
    {"cli progress line", test_progress},
    {NULL, NULL},
};
