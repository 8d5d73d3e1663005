/*
 * test_cli.c - the tracedec command line on the golden cases' XRay inputs
 * (written into build/data/xray, where the commands run): exit statuses,
 * the error line, every I/O method giving the same output, and the
 * converters producing JSON that parses and Chrome traces that nest.
 */
#include "harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DATA "."

static const char *tmp_dir(void)
{
    static char dir[64];
    if (dir[0] == '\0') {
        snprintf(dir, sizeof dir, "/tmp/tracedec-test-XXXXXX");
        if (mkdtemp(dir) == NULL)
            return "/tmp";
    }
    return dir;
}

/* `tracedec ARGS` in the folder of the XRay inputs; its exit status. */
static int tracedec(const char *args)
{
    char cli[8192];
    snprintf(cli, sizeof cli, "%s", tracedec_path());
    return run_shell("cd '%s' && '%s' %s", data_path("xray"), cli, args);
}

static void test_cli_exit_status(void)
{
    expect(tracedec("validate " DATA "/fdr-v5-threads.xray") == 0,
           "validate on a good trace exits 0");
    expect(tracedec("validate " DATA "/enc-fdr-bad-straddle.xray "
                    "2>/dev/null") == 1,
           "validate on a bad trace exits 1");
    expect(tracedec("validate " DATA "/no-such-file 2>/dev/null") == 2,
           "a missing file exits 2");
    expect(tracedec("frobnicate x 2>/dev/null") == 2,
           "an unknown command exits 2");
    expect(tracedec("dump --style=llvm " DATA "/enc-basic-v3-le.xray "
                    ">/dev/null 2>&1") == 2,
           "llvm style refuses basic mode");
    expect(run_shell("cd '%s' && '%s' validate Makefile 2>/dev/null",
                     test_root, test_tracedec) == 1,
           "a file of no known format exits 1");
}

static void test_cli_error_line(void)
{
    char cmd[512], *line;
    size_t len;
    snprintf(cmd, sizeof cmd,
             "validate " DATA "/enc-fdr-bad-straddle.xray 2>%s/err",
             tmp_dir());
    tracedec(cmd);
    snprintf(cmd, sizeof cmd, "%s/err", tmp_dir());
    line = (char *)read_file(cmd, &len);
    expect(line != NULL &&
               strncmp(line, DATA "/enc-fdr-bad-straddle.xray:120: "
                             "xray-extents: ",
                       strlen(DATA) + 40) == 0,
           "error line is PATH:OFFSET: NAME: reason, got: %s",
           line ? line : "(none)");
    free(line);
}

static void test_cli_io_methods(void)
{
    static const char *const files[] = {"fdr-v5-threads.xray",
                                        "enc-fdr-big-payload.xray",
                                        "enc-fdr-v1-be.xray",
                                        "enc-basic-v3-be.xray"};
    const char *t = tmp_dir(), *cli = tracedec_path();
    size_t i;
    for (i = 0; i < sizeof files / sizeof *files; i++) {
        char cmd[40000];
        snprintf(cmd, sizeof cmd,
                 "dump --io=pread " DATA "/%s > %s/a && '%s' dump --io=mmap "
                 DATA "/%s > %s/b && '%s' dump - < " DATA "/%s > %s/c && "
                 "cat " DATA "/%s | '%s' dump --io=stream - > %s/d && "
                 "cmp -s %s/a %s/b && cmp -s %s/a %s/c && cmp -s %s/a %s/d",
                 files[i], t, cli, files[i], t, cli, files[i], t, files[i],
                 cli, t, t, t, t, t, t, t);
        expect(tracedec(cmd) == 0, "%s: I/O methods disagree", files[i]);
    }
}

static void test_cli_converters(void)
{
    const char *t = tmp_dir();
    char cmd[2048];
    snprintf(cmd, sizeof cmd,
             "convert -f json " DATA "/fdr-v5-threads.xray > %s/j && "
             "python3 -c 'import json,sys; [json.loads(l) for l in "
             "open(sys.argv[1])]' %s/j",
             t, t);
    expect(tracedec(cmd) == 0, "convert -f json gives JSON lines");
    snprintf(cmd, sizeof cmd,
             "convert -f chrome " DATA "/enc-fdr-calls.xray > %s/c && "
             "python3 '%s/tests/cli/chrome_check.py' %s/c",
             t, test_root, t);
    expect(tracedec(cmd) == 0, "convert -f chrome nests per thread");
    snprintf(cmd, sizeof cmd,
             "convert -f chrome " DATA "/fdr-v5-threads.xray > %s/c && "
             "python3 '%s/tests/cli/chrome_check.py' %s/c",
             t, test_root, t);
    expect(tracedec(cmd) == 0, "convert -f chrome on a real trace");
    snprintf(cmd, sizeof cmd,
             "stat --json " DATA "/fdr-v5-threads.xray > %s/s && python3 -c "
             "'import json,sys; d=json.load(open(sys.argv[1])); "
             "assert d[\"threads\"] >= 2' %s/s",
             t, t);
    expect(tracedec(cmd) == 0, "stat --json parses");
    snprintf(cmd, sizeof cmd,
             "convert -f yaml --sort " DATA "/enc-fdr-v5-le.xray > %s/y && "
             "grep -q 'args: \\[ 16045690984503111693, 7 \\]' %s/y",
             t, t);
    expect(tracedec(cmd) == 0, "yaml joins call arguments to their entry");
}

/* A zip trace whose member is cut short names the member in its error
 * line, for a cut in the compressed data and for one inside a record. */
static void test_cli_zip_member_cut(void)
{
    const char *t = tmp_dir();
    char cmd[16384], trace[12288];
    snprintf(trace, sizeof trace, "%s",
             data_path("drmem/drmem-v7-markers.trace"));
    snprintf(cmd, sizeof cmd,
             "python3 -c 'import sys, zipfile\n"
             "d = open(sys.argv[1], \"rb\").read()\n"
             "z = zipfile.ZipFile(sys.argv[2] + \"/m.zip\", \"w\")\n"
             "z.writestr(\"chunk.0000\", d[:-5], zipfile.ZIP_DEFLATED)\n"
             "z.close()\n"
             "b = open(sys.argv[2] + \"/m.zip\", \"rb\").read()\n"
             "open(sys.argv[2] + \"/cut.zip\", \"wb\").write(b[:100])' "
             "'%s' %s && "
             "{ '%s' validate %s/cut.zip 2> %s/e1; test $? = 1; } && "
             "grep -q '^%s/cut.zip:[0-9]*: truncated: .*zip member 0 "
             "\"chunk.0000\"' %s/e1",
             trace, t, test_tracedec, t, t, t, t);
    expect(run_shell("cd '%s' && %s", test_root, cmd) == 0,
           "a cut in the member's deflate data");
    snprintf(cmd, sizeof cmd,
             "{ '%s' validate %s/m.zip 2> %s/e2; test $? = 1; } && "
             "grep -q '^%s/m.zip:[0-9]*: truncated: .*(offset in the "
             "decompressed records of zip member 0 \"chunk.0000\")' %s/e2",
             test_tracedec, t, t, t, t);
    expect(run_shell("cd '%s' && %s", test_root, cmd) == 0,
           "the member ends inside a record");
}

/* validate -v's summary: one line on standard error, the same shape for
 * every format (run in the folder of the samples; REVEN's trace is
 * written by tests/rvn/rvn_writer.py into the scratch folder). */
static const struct {
    const char *args;
    const char *line;
} valid_summaries[] = {
    {"xray/fdr-v5-threads.xray",
     "xray/fdr-v5-threads.xray: valid xray fdr v5 le, 74 records in 2 "
     "buffers, 2 threads, 1 cpus, 0.000125 s, 0 warnings"},
    {"xray/enc-basic-v3-be.xray",
     "xray/enc-basic-v3-be.xray: valid xray basic v3 be, 8 records, 2 "
     "threads, 2 cpus, 0.000000 s, 0 warnings"},
    {"drmem/drmem-v6-chunked.trace",
     "drmem/drmem-v6-chunked.trace: valid drmemtrace v6, 1 shards, 35 "
     "records, 0 warnings"},
    {"umt/as-built-v1",
     "umt/as-built-v1: valid umt v1, 25 records, 11 instructions, 2 "
     "threads, 0 warnings"},
    {"TMP/rvn/small.sqlite",
     "TMP/rvn/small.sqlite: valid reven block trace, 63 blocks, 312 "
     "executions, 15 interrupts, 1820 transitions, 0 warnings"},
};

/* `text` with TMP replaced by the scratch folder, in a static buffer. */
static const char *in_tmp(const char *text)
{
    static char out[4096];
    const char *tmp = strstr(text, "TMP");
    if (tmp == NULL)
        return text;
    snprintf(out, sizeof out, "%.*s%s%s", (int)(tmp - text), text,
             tmp_dir(), tmp + 3);
    return out;
}

static void test_cli_valid_summaries(void)
{
    const char *t = tmp_dir();
    char args[4096], cmd[16384];
    size_t i;
    if (run_shell("cd '%s' && python3 tests/rvn/rvn_writer.py '%s/rvn' 50 "
                  ">/dev/null 2>&1", test_root, t) != 0) {
        skip("python3 could not write the REVEN trace");
        return;
    }
    for (i = 0; i < sizeof valid_summaries / sizeof *valid_summaries; i++) {
        snprintf(args, sizeof args, "%s", in_tmp(valid_summaries[i].args));
        snprintf(cmd, sizeof cmd,
                 "cd '%s/..' && '%s' validate -v '%s' >%s/out 2>%s/err && "
                 "test ! -s %s/out && grep -qxF '%s' %s/err && "
                 "test $(wc -l < %s/err) = 1",
                 data_path("xray"), tracedec_path(), args, t, t, t,
                 in_tmp(valid_summaries[i].line), t, t);
        expect(run_shell("%s", cmd) == 0, "validate -v %s: expected "
               "exactly the line \"%s\" on standard error", args,
               in_tmp(valid_summaries[i].line));
    }
}

/* tests/cli/json_check.py MODE on the samples and inputs it makes. */
static void json_check(const char *mode)
{
    char data[8192];
    snprintf(data, sizeof data, "%s", data_path(""));
    run_script("/usr/bin/python3 with python3-jsonschema",
               "/usr/bin/python3 '%s/tests/cli/json_check.py' %s '%s' '%s' "
               "'%s' '%s'",
               test_root, mode, tracedec_path(), test_root, data, tmp_dir());
}

/* Every --json output (info, stat, validate) and every convert -f json
 * and chrome output validates against its schema in docs/json.md. */
static void test_cli_json_schemas(void)
{
    json_check("schemas");
}

/* convert -f json and chrome on cut inputs: every line (every document)
 * parses and validates, and the exit status is validate's (1). */
static void test_cli_json_cut_inputs(void)
{
    json_check("cuts");
}

const test_case cli_tests[] = {
    {"cli exit status", test_cli_exit_status},
    {"cli error line", test_cli_error_line},
    {"cli io methods", test_cli_io_methods},
    {"cli converters", test_cli_converters},
    {"cli zip member cut short", test_cli_zip_member_cut},
    {"cli validate -v summaries", test_cli_valid_summaries},
    {"cli json schemas", test_cli_json_schemas},
    {"cli json on cut inputs", test_cli_json_cut_inputs},
    {NULL, NULL},
};
