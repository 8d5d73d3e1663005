/*
 * test_detect.c - what tracedec says a file is, as a table of command
 * lines with their exit status, their whole standard error and a line
 * their standard output must hold:
 *   - a container (gzip, zip, LZ4) around an XRay trace is decoded as the
 *     trace, with `info` saying both, the same output as the plain file,
 *     from a file or a pipe; damage in the container is the container's
 *     error; an SQLite file in a container is refused (random access);
 *   - a file of a UMT trace's directory says so; a missing file of a UMT
 *     directory is missing, not truncated;
 *   - `info` prints nothing about an SQLite file whose header is refused
 *     (a -wal beside it, a cut file).
 * The inputs are built at test time in a scratch directory from the
 * samples in build/data; the commands run there.
 */
#include "harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct detect_case {
    const char *command; /* shell, where `tracedec` is the CLI */
    int status;
    const char *err;     /* standard error, whole */
    const char *out;     /* a line standard output holds; NULL: none */
} detect_case;

static const detect_case container_cases[] = {
    {"tracedec info fdr.xray.gz", 0, "", "format: xray (in gzip)"},
    {"tracedec info fdr.zip", 0, "", "format: xray (in zip)"},
    {"tracedec info fdr.xray", 0, "", "format: xray"},
    {"tracedec dump --style=llvm fdr.xray.gz | cmp - fdr.llvm && echo same",
     0, "", "same"},
    {"tracedec convert -f yaml - < fdr.xray.gz | cmp - fdr.yaml && echo same",
     0, "", "same"},
    {"cat fdr.zip | tracedec dump - | cmp - fdr.dump && echo same", 0, "",
     "same"},
    {"tracedec --io=mmap stat fdr.xray.gz | cmp - fdr.stat && echo same", 0,
     "", "same"},
    {"tracedec validate cut.xray.gz", 1,
     "cut.xray.gz:10: truncated: input ends inside a deflate block "
     "(in gzip)\n",
     NULL},
    {"tracedec validate bug.xray.gz", 1,
     "bug.xray.gz:742: xray-typed-event-extents: record crosses the buffer "
     "extents after a typed event: compiler-rt 14 and older count only a "
     "typed event's payload in the extents, so each typed event cut 16 "
     "bytes from its buffer (offset in the data decompressed from gzip)\n",
     NULL},
    {"tracedec validate two.zip", 2,
     "tracedec: two.zip: the zip holds more than one file; tracedec reads a "
     "trace from a zip of one file\n",
     NULL},
    {"tracedec info db.sqlite.gz", 2,
     "tracedec: db.sqlite.gz: an SQLite file in gzip: SQLite needs random "
     "access; decompress it first (gunzip)\n",
     NULL},
    {"tracedec info drmem.trace.gz", 0, "", "container: gzip"},
    {NULL, 0, NULL, NULL},
};

static const detect_case lz4_cases[] = {
    {"tracedec info fdr.xray.lz4", 0, "", "format: xray (in lz4)"},
    {"cat fdr.xray.lz4 | tracedec dump - | cmp - fdr.dump && echo same", 0,
     "", "same"},
    {NULL, 0, NULL, NULL},
};

static const detect_case umt_cases[] = {
    {"tracedec info umt/exec.vtable", 2,
     "tracedec: umt/exec.vtable: one of a UMT trace's files; give the "
     "directory umt/\n",
     NULL},
    {"cd umt && tracedec validate ins.itable", 2,
     "tracedec: ins.itable: one of a UMT trace's files; give the directory "
     "./\n",
     NULL},
    {"tracedec info umt-gz/exec.vtable.gz", 2,
     "tracedec: umt-gz/exec.vtable.gz: one of a UMT trace's files, "
     "compressed; a UMT trace is read at random: decompress its files, then "
     "give the directory umt-gz/\n",
     NULL},
    {"tracedec validate umt-missing", 1,
     "umt-missing/ins.itable:0: missing-file: the file is missing; the UMT "
     "trace needs it\n",
     NULL},
    {"tracedec info umt-empty", 1,
     "umt-empty/ins.itable:0: truncated: the file is shorter than its table "
     "header\n",
     NULL},
    {"tracedec info umt", 0, "",
     "format: umt (UMTracer/UMTIndex indexed trace)"},
    {NULL, 0, NULL, NULL},
};

static const detect_case sqlite_cases[] = {
    {"tracedec info wal.sqlite", 1,
     "wal.sqlite:0: sqlite-wal: a non-empty -wal file exists: committed "
     "pages may be missing from the database file (checkpoint it with "
     "sqlite3 first)\n",
     NULL},
    {"tracedec info cut.sqlite", 1,
     "cut.sqlite:3000: truncated: the file is shorter than the page count "
     "in its header\n",
     NULL},
    {"tracedec info rvn/small.sqlite", 0, "",
     "format: sqlite (REVEN block trace)"},
    {NULL, 0, NULL, NULL},
};

static char scratch[64];

/* The inputs, built once. Returns false (the test skipped) when python3
 * cannot build them. */
static bool make_inputs(void)
{
    static int made; /* 0 not yet, 1 made, -1 failed */
    char xray[12288], drmem[12288], umt[12288];
    if (made != 0)
        return made > 0;
    made = -1;
    strcpy(scratch, "/tmp/tracedec-detect-XXXXXX");
    if (!expect(mkdtemp(scratch) != NULL, "cannot make a scratch directory"))
        return false;
    snprintf(xray, sizeof xray, "%s", data_path("xray"));
    snprintf(drmem, sizeof drmem, "%s",
             data_path("drmem/drmem-v7-markers.trace"));
    snprintf(umt, sizeof umt, "%s", data_path("umt/as-built-v1"));
    if (run_shell(
            "cd '%s' && T='%s' && cp '%s/fdr-v5-threads.xray' fdr.xray && "
            "\"$T\" dump --style=llvm fdr.xray > fdr.llvm && "
            "\"$T\" convert -f yaml fdr.xray > fdr.yaml && "
            "\"$T\" dump fdr.xray > fdr.dump && \"$T\" stat fdr.xray > "
            "fdr.stat && gzip -n -c fdr.xray > fdr.xray.gz && "
            "head -c 100 fdr.xray.gz > cut.xray.gz && "
            "gzip -c '%s/fdr-v5-typed-bug.xray' > bug.xray.gz && "
            "gzip -c '%s' > drmem.trace.gz && "
            "python3 -c 'import zipfile\n"
            "z = zipfile.ZipFile(\"fdr.zip\", \"w\", zipfile.ZIP_DEFLATED)\n"
            "z.write(\"fdr.xray\")\nz.close()\n"
            "z = zipfile.ZipFile(\"two.zip\", \"w\", zipfile.ZIP_DEFLATED)\n"
            "z.write(\"fdr.xray\")\nz.write(\"fdr.dump\")\nz.close()' && "
            "cp -r '%s' umt && cp -r umt umt-missing && "
            "rm umt-missing/ins.itable && cp -r umt umt-empty && "
            ": > umt-empty/ins.itable && mkdir umt-gz && "
            "gzip -c umt/exec.vtable > umt-gz/exec.vtable.gz && "
            "python3 '%s/tests/rvn/rvn_writer.py' rvn 50 > /dev/null && "
            "cp rvn/small.sqlite wal.sqlite && "
            "printf 'not empty' > wal.sqlite-wal && "
            "head -c 3000 rvn/small.sqlite > cut.sqlite && "
            "gzip -c rvn/small.sqlite > db.sqlite.gz && "
            "{ ! command -v lz4 || lz4 -q fdr.xray fdr.xray.lz4; }"
            " > /dev/null 2>&1",
            scratch, tracedec_path(), xray, xray, drmem, umt,
            test_root) != 0) {
        skip("python3, gzip or the samples could not build the inputs");
        return false;
    }
    made = 1;
    return true;
}

/* A file the last case wrote (.out, .err, .status), whole, as a string
 * (read_file leaves room after the bytes); NULL when unreadable. */
static char *last(const char *which)
{
    char path[128];
    size_t len;
    uint8_t *text;
    snprintf(path, sizeof path, "%s/%s", scratch, which);
    text = read_file(path, &len);
    if (text != NULL)
        text[len] = '\0';
    return (char *)text;
}

static void run_case(const detect_case *k)
{
    char *rc, *err, *out;
    run_shell("cd '%s' && tracedec() { '%s' \"$@\"; } && "
              "( %s ) > .out 2> .err; echo $? > .status",
              scratch, tracedec_path(), k->command);
    rc = last(".status");
    err = last(".err");
    out = last(".out");
    expect(rc != NULL && atoi(rc) == k->status, "%s: exit %s, want %d",
           k->command, rc != NULL ? rc : "?", k->status);
    expect(err != NULL && strcmp(err, k->err) == 0,
           "%s: stderr\n%s\nwant\n%s", k->command, err ? err : "?", k->err);
    if (k->out == NULL)
        expect(out != NULL && out[0] == '\0', "%s: stdout not empty: %s",
               k->command, out ? out : "?");
    else
        expect(run_shell("grep -qxF '%s' '%s/.out'", k->out, scratch) == 0,
               "%s: stdout lacks the line \"%s\"", k->command, k->out);
    free(rc);
    free(err);
    free(out);
}

static void run_cases(const detect_case *cases)
{
    size_t i;
    if (!make_inputs())
        return;
    for (i = 0; cases[i].command != NULL; i++)
        run_case(&cases[i]);
}

static void test_detect_containers(void)
{
    run_cases(container_cases);
}

static void test_detect_lz4(void)
{
    if (run_shell("command -v lz4 >/dev/null 2>&1") != 0) {
        skip("lz4 is not installed");
        return;
    }
    run_cases(lz4_cases);
}

static void test_detect_umt(void)
{
    run_cases(umt_cases);
}

static void test_detect_sqlite(void)
{
    run_cases(sqlite_cases);
}

const test_case detect_tests[] = {
    {"cli detect containers", test_detect_containers},
    {"cli detect lz4", test_detect_lz4},
    {"cli detect umt files", test_detect_umt},
    {"cli detect sqlite headers", test_detect_sqlite},
    {NULL, NULL},
};
