/*
 * test_drmem.c - the drmemtrace record decoder's specification, as tests:
 *   - every encoder-built case gives its expected result in every chunking;
 *   - every golden case (tests/drmem/cases/NAME.md: the stream's bytes beside
 *     its event log) decodes to its log and survives the chunk, truncation
 *     and byte sweeps;
 *   - every golden case is what the encoder writes today;
 *   - decoding with a tally gives the events a tally leaves out, and the
 *     tally the events make, in every chunking;
 *   - on DynamoRIO's own traces (../shared/corpus, when present) `tracedec
 *     stat` prints what basic_counts printed, `dump --style=drcachesim` the
 *     view tool's lines, and every sample validates;
 *   - the API's config, reset and protocol rules.
 */
#include "codec_drmem.h"
#include "config_check.h"
#include "drmem_cases.h"
#include "drmem_records.h"
#include "golden.h"
#include "harness.h"
#include "zip_builder.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The case's stream, its members announced when it has several (`all`:
 * even when it has one). */
static test_input case_input(const denc *e, test_file *f, bool all)
{
    test_input in;
    *f = test_file_of(e->buf, e->len);
    in = test_input_of(f);
    in.members = e->members;
    in.member_count = e->member_count > 1 || all ? e->member_count : 0;
    return in;
}

static test_result decode(const test_input *in, uint32_t flags)
{
    test_config cfg = {flags, 0, 0};
    return test_decode(&drmem_codec, in, &cfg, plan_whole());
}

/* Every chunk size up to 64 and 24 random splits give the result of one
 * span. */
static void splits(const char *name, const test_input *in, uint32_t flags)
{
    test_config cfg = {flags, 0, 0};
    sweep_splits(&drmem_codec, name, in, &cfg);
}

static void check_case(const drmem_case *c)
{
    denc e;
    test_file f;
    test_input in;
    test_result r;
    uint64_t at;
    drmem_case_build(c, &e);
    at = e.mark + (uint64_t)c->offset;
    in = case_input(&e, &f, false);
    r = decode(&in, 0);
    expect_outcome(c->name, &r, c->status, &at);
    expect(c->contains == NULL ||
               (r.log != NULL && strstr(r.log, c->contains) != NULL),
           "%s: the event log lacks \"%s\"", c->name,
           c->contains ? c->contains : "");
    test_result_free(&r);
    splits(c->name, &in, 0);
    denc_free(&e);
}

static void test_drmem_cases(void)
{
    unsigned i;
    for (i = 0; i < drmem_case_count; i++)
        check_case(&drmem_cases[i]);
}

static void check_tally(const drmem_case *c)
{
    denc e;
    test_file f;
    test_input in;
    test_result tallied, of_events;
    char *want, *got;
    drmem_case_build(c, &e);
    in = case_input(&e, &f, false);
    tallied = decode(&in, TEST_DRMEM_TALLY);
    of_events = decode(&in, TEST_DRMEM_TALLY_OF_EVENTS);
    want = test_outcome(&drmem_codec, &of_events);
    got = test_outcome(&drmem_codec, &tallied);
    expect(strcmp(want, got) == 0,
           "%s: the tally differs from the events' tally:\n%s\n---\n%s",
           c->name, got, want);
    splits(c->name, &in, TEST_DRMEM_TALLY);
    free(want);
    free(got);
    test_result_free(&tallied);
    test_result_free(&of_events);
    denc_free(&e);
}

static void test_drmem_tally(void)
{
    unsigned i;
    for (i = 0; i < drmem_case_count; i++)
        check_tally(&drmem_cases[i]);
}

static void test_drmem_golden(void)
{
    static const test_config plain = {0, 0, 0};
    golden_forward(&drmem_codec, DRMEM_CASES, &plain, drmem_record);
}

/* Every golden case is what the encoder case of its name writes today. */
static void test_drmem_committed_cases(void)
{
    golden_set s = golden_read(DRMEM_CASES);
    expect(drmem_cases_golden(&s, false) == drmem_case_count,
           "an encoder case without its golden case in " DRMEM_CASES);
    golden_save(&s, drmem_record);
}

/* Write the case's stream as DIR/NAME.raw and its member starts as
 * DIR/NAME.members, and wrap it in every container (tests/drmem/
 * drmem_wrap.py) into DIR/NAME/. Returns whether the wrapping worked. */
static bool wrap(const drmem_case *c, const denc *e, const char *dir)
{
    char raw[4096], members[4096], out[4096];
    unsigned i;
    FILE *f;
    snprintf(raw, sizeof raw, "%s/%s.raw", dir, c->name);
    snprintf(members, sizeof members, "%s/%s.members", dir, c->name);
    snprintf(out, sizeof out, "%s/%s", dir, c->name);
    write_file(raw, e->buf, e->len);
    f = fopen(members, "w");
    for (i = 0; f != NULL && i < e->member_count; i++)
        fprintf(f, "%llu\n", (unsigned long long)e->members[i]);
    if (f != NULL)
        fclose(f);
    return expect(run_shell("python3 '%s/tests/drmem/drmem_wrap.py' '%s' "
                            "'%s' '%s'",
                            test_root, raw, members, out) == 0,
                  "%s: drmem_wrap.py failed", c->name);
}

/* The wrapped file `path` through the file decoder: the log `want`, the
 * same in every chunk size up to 16 and in 4 random splits. */
static void check_file(const char *path, int container,
                       const test_result *want)
{
    static const plan_range splits[2] = {{ANSWER_SPANS, 1, 16, NULL},
                                         {ANSWER_RANDOM, 1, 4, NULL}};
    test_config cfg = {0, 0, 0};
    size_t len;
    uint8_t *data = read_file(path, &len);
    test_file f = test_file_of(data, len);
    test_input in = test_input_of(&f);
    test_result r;
    cfg.mode = container;
    r = test_decode(&drmem_file_codec, &in, &cfg, plan_whole());
    expect(data != NULL && r.status == want->status &&
               r.log_len == want->log_len &&
               memcmp(r.log, want->log, r.log_len) == 0,
           "%s: the file decoder's events differ from the stream's", path);
    test_result_free(&r);
    sweep_plans(&drmem_file_codec, path, &in, &cfg, splits, 2);
    free(data);
}

/* The case's stream wrapped in every container must give the file decoder
 * and `tracedec dump` the events of the stream itself: with the zip
 * members as chunks for zips, as one stream for the others. */
static void check_wrapped(const drmem_case *c, const char *dir)
{
    static const struct {
        const char *name;
        int container;
    } files[] = {{"stream.zip", TD_FORMAT_ZIP},
                 {"stream-desc.zip", TD_FORMAT_ZIP},
                 {"stream-stored.zip", TD_FORMAT_ZIP},
                 {"stream.gz", TD_FORMAT_GZIP},
                 {"stream-2.gz", TD_FORMAT_GZIP},
                 {"stream.lz4", TD_FORMAT_LZ4},
                 {"stream.sz", TD_FORMAT_SNAPPY},
                 {"stream-dr.sz", TD_FORMAT_SNAPPY}};
    denc e;
    test_file f;
    test_input in;
    test_result chunked, plain;
    size_t i;
    drmem_case_build(c, &e);
    in = case_input(&e, &f, true); /* a zip of one member is one chunk */
    chunked = decode(&in, 0);
    in.member_count = 0;
    plain = decode(&in, 0);
    if (wrap(c, &e, dir)) {
        for (i = 0; i < sizeof files / sizeof *files; i++) {
            const test_result *want =
                files[i].container == TD_FORMAT_ZIP ? &chunked : &plain;
            char path[8300], dump[8320];
            size_t len;
            char *got;
            snprintf(path, sizeof path, "%s/%s/%s", dir, c->name,
                     files[i].name);
            snprintf(dump, sizeof dump, "%s.dump", path);
            check_file(path, files[i].container, want);
            run_shell("'%s' dump '%s' 2>/dev/null | grep -v '^# shard' > "
                      "'%s'",
                      test_tracedec, path, dump);
            got = (char *)read_file(dump, &len);
            expect(got != NULL && len == want->log_len &&
                       memcmp(got, want->log, len) == 0,
                   "%s in %s: events differ from the stream's", c->name,
                   files[i].name);
            free(got);
        }
    }
    test_result_free(&chunked);
    test_result_free(&plain);
    denc_free(&e);
}

/* A bad case zipped with its members fails `validate` with its error. */
static void check_wrapped_error(const drmem_case *c, const char *dir)
{
    denc e;
    drmem_case_build(c, &e);
    if (wrap(c, &e, dir))
        expect(run_shell("'%s' validate '%s/%s/stream.zip' 2>&1 | grep -q "
                         "': %s: '",
                         test_tracedec, dir, c->name,
                         td_error_name(c->status)) == 0,
               "%s zipped: validate does not report %s", c->name,
               td_error_name(c->status));
    denc_free(&e);
}

static void test_drmem_containers(void)
{
    char dir[] = "/tmp/tracedec-wrap-XXXXXX";
    unsigned i;
    if (run_shell("command -v python3 >/dev/null && command -v lz4 "
                  ">/dev/null") != 0) {
        skip("python3 or the lz4 CLI is missing");
        return;
    }
    if (!expect(mkdtemp(dir) != NULL, "mkdtemp"))
        return;
    for (i = 0; i < drmem_case_count; i++) {
        if (drmem_cases[i].status == TD_END)
            check_wrapped(&drmem_cases[i], dir);
        else if (strncmp(drmem_cases[i].name, "bad-chunk", 9) == 0)
            check_wrapped_error(&drmem_cases[i], dir);
    }
    expect(run_shell("f='%s/drmem-v6-chunked/stream.zip'; "
                     "head -c $(($(stat -c %%s \"$f\") / 2)) \"$f\" > "
                     "'%s/cut.zip' && '%s' validate '%s/cut.zip' 2>&1 | "
                     "grep -q ': truncated: '",
                     dir, dir, test_tracedec, dir) == 0,
           "a zip cut in half is not reported truncated");
    run_shell("rm -rf '%s'", dir);
}

static void test_drmem_corpus(void)
{
    run_script("../shared/corpus/drmemtrace",
               "python3 '%s/tests/drmem/drmem_corpus.py' '%s' '%s'",
               test_root, test_tracedec, test_root);
}

/* ---- The API ------------------------------------------------------------ */

/* Feed the whole of data, then the end of input, until the decoder stops;
 * returns how it stopped and counts the events. */
static int decode_records(td_drmem_decoder *d, const uint8_t *data,
                          size_t len, unsigned *events)
{
    td_drmem_event ev;
    bool fed = false;
    int rc;
    *events = 0;
    while ((rc = td_drmem_next(d, &ev)) == TD_EVENT || rc == TD_NEED_INPUT) {
        if (rc == TD_EVENT) {
            ++*events;
        } else {
            td_drmem_feed(d, fed ? NULL : data, fed ? 0 : len);
            fed = true;
        }
    }
    return rc;
}

static int drmem_init_any(void *d, const void *cfg)
{
    return td_drmem_init(d, cfg);
}

static void test_drmem_api(void)
{
    td_drmem_config cfg = {sizeof cfg, 0};
    td_drmem_decoder d;
    unsigned events, again;
    denc e;
    denc_init(&e, 12);
    denc_header(&e, 1, 0, 21548, 21548, 0);
    denc_exit(&e, 21548);
    check_config("drmem", drmem_init_any, &d, &cfg, sizeof cfg, 1, false);
    expect(td_drmem_feed(&d, e.buf, e.len) == TD_E_PROTOCOL,
           "feed before a request");
    expect(td_drmem_next(&d, NULL) == TD_E_INVALID_ARGUMENT,
           "next without ev");
    expect(decode_records(&d, e.buf, e.len, &events) == TD_END && events > 0,
           "decodes to the end");
    expect(td_drmem_reset(&d) == TD_OK &&
               decode_records(&d, e.buf, e.len, &again) == TD_END &&
               again == events,
           "reset starts over");
    expect(td_drmem_reset(&d) == TD_OK &&
               decode_records(&d, e.buf, 5, &again) == TD_E_TRUNCATED &&
               td_drmem_next(&d, NULL) == TD_E_INVALID_ARGUMENT &&
               td_drmem_feed(&d, e.buf, 1) == TD_E_TRUNCATED &&
               td_drmem_fault(&d)->code == TD_E_TRUNCATED,
           "errors are sticky");
    expect(td_drmem_reset(NULL) == TD_E_INVALID_ARGUMENT, "reset(NULL)");
    expect((TD_DRMEM_HIDDEN & 0xffu) == 0 && (TD_DRMEM_KERNEL & 0xffu) == 0,
           "drmemtrace's own flags leave bits 0..7 to the common ones");
    denc_free(&e);
}

/* Answer every request from data until the file decoder stops; returns
 * how it stopped. */
static int decode_file(td_drmem_file_decoder *f, const uint8_t *data,
                       size_t len)
{
    td_drmem_event ev;
    int rc;
    while ((rc = td_drmem_file_next(f, &ev)) == TD_EVENT ||
           rc == TD_NEED_INPUT) {
        if (rc == TD_NEED_INPUT) {
            uint64_t at = td_drmem_file_request(f)->offset;
            size_t from = at < len ? (size_t)at : len;
            td_drmem_file_feed(f, data + from, len - from);
        }
    }
    return rc;
}

static int file_init_any(void *d, const void *cfg)
{
    return td_drmem_file_init(d, cfg);
}

static void test_drmem_file_api(void)
{
    static uint8_t window[TD_DRMEM_FILE_WINDOW];
    td_drmem_file_config cfg = {sizeof cfg, 0, window, sizeof window,
                                TD_FORMAT_ZIP};
    td_drmem_file_config bad;
    td_drmem_file_decoder f;
    td_drmem_where where;
    zb_member m = {"chunk.0000", "hello", 0, 0, false, 0, 0, 0, 0, 0};
    zb b;
    denc e;
    memset(&b, 0, sizeof b);
    zb_archive(&b, &m, 1);
    check_config("drmem file", file_init_any, &f, &cfg, sizeof cfg, 2, true);
    bad = cfg;
    bad.container = TD_FORMAT_XRAY;
    expect(td_drmem_file_init(&f, &bad) == TD_E_INVALID_ARGUMENT,
           "init with an unknown container");
    expect(td_drmem_file_init(&f, &cfg) == TD_OK, "init");
    expect(td_drmem_file_next(&f, NULL) == TD_E_INVALID_ARGUMENT,
           "next without ev");

    /* A record error in a zip member: its offset is in the member. */
    expect(decode_file(&f, b.buf, b.len) == TD_E_TRUNCATED &&
               td_drmem_file_fault(&f)->code == TD_E_TRUNCATED &&
               td_drmem_file_fault(&f)->offset == 0,
           "a member of 5 bytes holds no record");
    td_drmem_file_where(&f, &where);
    expect(where.in_records && where.compressed && where.member == 0 &&
               where.member_offset == 0 && where.name_len == 10 &&
               memcmp(where.name, "chunk.0000", 10) == 0,
           "the error lies in member 0, chunk.0000");
    expect(td_drmem_file_reset(&f) == TD_OK &&
               decode_file(&f, b.buf, b.len) == TD_E_TRUNCATED,
           "reset starts over");

    /* A container error: its offset is in the file. */
    expect(td_drmem_file_reset(&f) == TD_OK &&
               decode_file(&f, (const uint8_t *)"MZ\x90\0", 4) ==
                   TD_E_ZIP_SIGNATURE &&
               td_drmem_file_next(&f, NULL) == TD_E_INVALID_ARGUMENT &&
               td_drmem_file_feed(&f, b.buf, 1) == TD_E_ZIP_SIGNATURE &&
               td_drmem_file_fault(&f)->code == TD_E_ZIP_SIGNATURE,
           "errors are sticky");
    td_drmem_file_where(&f, &where);
    expect(!where.in_records && where.compressed, "a container error");
    expect(td_drmem_file_reset(NULL) == TD_E_INVALID_ARGUMENT,
           "reset(NULL)");

    /* An uncompressed file needs no window. */
    denc_init(&e, 12);
    denc_header(&e, 1, 0, 21548, 21548, 0);
    denc_exit(&e, 21548);
    bad = cfg;
    bad.memory = NULL;
    bad.memory_size = 0;
    bad.container = TD_FORMAT_DRMEMTRACE;
    expect(td_drmem_file_init(&f, &bad) == TD_OK &&
               decode_file(&f, e.buf, e.len) == TD_END &&
               td_drmem_file_fault(&f)->code == 0,
           "an uncompressed file");
    td_drmem_file_where(&f, &where);
    expect(where.in_records && !where.compressed, "no container");
    denc_free(&e);
}

const test_case drmem_tests[] = {
    {"drmem tally", test_drmem_tally},
    {"drmem encoder cases", test_drmem_cases},
    {"drmem golden logs", test_drmem_golden},
    {"drmem committed cases", test_drmem_committed_cases},
    {"drmem containers", test_drmem_containers},
    {"drmem corpus", test_drmem_corpus},
    {"drmem api", test_drmem_api},
    {"drmem file api", test_drmem_file_api},
    {NULL, NULL},
};
