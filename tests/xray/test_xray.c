/*
 * test_xray.c - the XRay decoder's specification, as tests:
 *   - every encoder-built case gives its expected result, with and without
 *     the call matcher, in every chunking;
 *   - little- and big-endian producers of the same trace decode the same;
 *   - every golden case (tests/xray/cases/NAME.md: the input's bytes beside
 *     its event log) decodes to its log and survives the chunk, truncation
 *     and byte-change sweeps (the encoder's cases are there too, so they
 *     get the sweeps);
 *   - the golden cases built by the encoder are what it writes today;
 *   - TD_XRAY_SKIP_FUNCTIONS gives every input's events without its
 *     FUNCTION events, with the same outcome, in every chunking;
 *   - init refuses a wrong config, and reset keeps the call matcher.
 */
#include "codec_xray.h"
#include "config_check.h"
#include "golden.h"
#include "harness.h"
#include "xray_cases.h"
#include "xray_records.h"

#define CASES "tests/xray/cases"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Decode a whole input of len bytes with flags. */
static test_result decode(const uint8_t *data, size_t len, uint32_t flags)
{
    test_file f = test_file_of(data, len);
    test_input in = test_input_of(&f);
    test_config cfg = {flags, 0, 0};
    return test_decode(&xray_codec, &in, &cfg, plan_whole());
}

/* Every chunk size up to 64 and 24 random splits give the result of one
 * span. */
static void splits(const char *name, const uint8_t *data, size_t len,
                   uint32_t flags)
{
    test_file f = test_file_of(data, len);
    test_input in = test_input_of(&f);
    test_config cfg = {flags, 0, 0};
    sweep_splits(&xray_codec, name, &in, &cfg);
}

static void check_case(const xray_case *c)
{
    xenc e;
    test_result r;
    uint64_t at;
    xray_case_build(c, &e);
    at = e.mark + (uint64_t)c->offset;
    r = decode(e.buf, e.len, c->flags);
    expect_outcome(c->name, &r, c->status,
                   c->offset != NO_OFFSET ? &at : NULL);
    test_result_free(&r);
    if (c->contains != NULL) {
        r = decode(e.buf, e.len, c->flags | TEST_MATCH_CALLS);
        expect(r.log != NULL && strstr(r.log, c->contains) != NULL,
               "%s: the event log lacks \"%s\"", c->name, c->contains);
        test_result_free(&r);
    }
    splits(c->name, e.buf, e.len, c->flags | TEST_MATCH_CALLS);
    xenc_free(&e);
}

static void test_xray_cases(void)
{
    unsigned i;
    for (i = 0; i < xray_case_count; i++)
        check_case(&xray_cases[i]);
}

/* Drop the first line (the header, which names the byte order). */
static const char *after_header(const char *log)
{
    const char *nl = strchr(log, '\n');
    return nl ? nl + 1 : log;
}

static void test_xray_byte_order(void)
{
    unsigned i;
    for (i = 0; i + 1 < xray_case_count; i++) {
        const xray_case *le = &xray_cases[i], *be = &xray_cases[i + 1];
        size_t n = strlen(le->name);
        xenc a, b;
        test_result ra, rb;
        if (n < 3 || strcmp(le->name + n - 3, "-le") != 0 ||
            strncmp(le->name, be->name, n - 3) != 0 ||
            strcmp(be->name + n - 3, "-be") != 0)
            continue;
        xray_case_build(le, &a);
        xray_case_build(be, &b);
        ra = decode(a.buf, a.len, TEST_MATCH_CALLS);
        rb = decode(b.buf, b.len, TEST_MATCH_CALLS);
        expect(ra.status == TD_END && rb.status == TD_END &&
                   strcmp(after_header(ra.log), after_header(rb.log)) == 0,
               "%s and %s decode differently", le->name, be->name);
        test_result_free(&ra);
        test_result_free(&rb);
        xenc_free(&a);
        xenc_free(&b);
    }
}

static void test_xray_golden(void)
{
    static const test_config matcher = {TEST_MATCH_CALLS, 0, 0};
    golden_forward(&xray_codec, CASES, &matcher, xray_record);
}

/* Case enc-NAME's bytes must be what encoder case NAME writes today. */
static void test_xray_committed_cases(void)
{
    golden_set s = golden_read(CASES);
    expect(xray_cases_golden(&s, false) > 0, "no encoder cases in " CASES);
    golden_save(&s, xray_record);
}

/* The log without its FUNCTION events ("@OFFSET+SIZE function ..."). */
static char *without_functions(const char *log)
{
    char *out = malloc(strlen(log) + 1), *o = out;
    while (*log != '\0') {
        const char *end = strchr(log, '\n');
        const char *sp = strchr(log, ' ');
        size_t n = end ? (size_t)(end - log) + 1 : strlen(log);
        if (sp == NULL || sp >= log + n || strncmp(sp, " function ", 10) != 0) {
            memcpy(o, log, n);
            o += n;
        }
        log += n;
    }
    *o = '\0';
    return out;
}

static void check_skipping(const char *name, const uint8_t *data, size_t len,
                           uint32_t matcher)
{
    test_result all, skim;
    char *full, *want, *got;
    all = decode(data, len, matcher);
    skim = decode(data, len, matcher | TD_XRAY_SKIP_FUNCTIONS);
    full = test_outcome(&xray_codec, &all);
    want = without_functions(full);
    got = test_outcome(&xray_codec, &skim);
    expect(strcmp(want, got) == 0,
           "%s: skipping functions%s changes the other events or the outcome",
           name, matcher ? " (with the matcher)" : "");
    splits(name, data, len, matcher | TD_XRAY_SKIP_FUNCTIONS);
    free(full);
    free(want);
    free(got);
    test_result_free(&all);
    test_result_free(&skim);
}

static void test_xray_skip_functions(void)
{
    golden_set s = golden_read(CASES);
    unsigned i, k;
    for (i = 0; i < s.count; i++) {
        for (k = 0; k < s.files[i].count; k++) {
            const golden_case *c = &s.files[i].cases[k];
            test_file f;
            test_input in = golden_input(c, &f, 1, NULL);
            if (!expect(in.count == 1, "%s: no hex block", c->name))
                continue;
            check_skipping(c->name, f.head, f.head_len, 0);
            check_skipping(c->name, f.head, f.head_len, TEST_MATCH_CALLS);
        }
    }
    golden_save(&s, xray_record);
}

/* Decode data answered whole; returns the outcome, counts the warnings. */
static int decode_whole(td_xray_decoder *d, const uint8_t *data, size_t len,
                        unsigned *warnings)
{
    td_xray_event ev;
    int rc;
    *warnings = 0;
    while ((rc = td_xray_next(d, &ev)) == TD_EVENT || rc == TD_NEED_INPUT) {
        size_t at;
        if (rc == TD_EVENT) {
            *warnings += ev.kind == TD_XRAY_EV_WARNING;
            continue;
        }
        at = (size_t)td_xray_request(d)->offset;
        td_xray_feed(d, data + at, len - at);
    }
    return rc;
}

static const xray_case *case_named(const char *name)
{
    unsigned i;
    for (i = 0; i < xray_case_count; i++)
        if (strcmp(xray_cases[i].name, name) == 0)
            return &xray_cases[i];
    return NULL;
}

static int xray_init_any(void *d, const void *cfg)
{
    return td_xray_init(d, cfg);
}

/* Configs init must refuse: a matcher of 4 threads and 8 frames in mem. */
static void check_refused_configs(uint64_t *mem, size_t mem_size)
{
    td_xray_decoder d;
    td_xray_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.size = sizeof cfg;
    check_config("xray", xray_init_any, &d, &cfg, sizeof cfg, 4, false);
    expect(td_xray_init(&d, NULL) == TD_OK && d.calls.max_threads == 0,
           "a NULL config is every setting 0: no call matcher");
    cfg.memory = mem;
    cfg.memory_size = mem_size;
    cfg.max_threads = 3;
    cfg.max_depth = 8;
    expect(td_xray_init(&d, &cfg) == TD_E_INVALID_ARGUMENT,
           "max_threads not a power of two");
    cfg.max_threads = 4;
    cfg.max_depth = 0;
    expect(td_xray_init(&d, &cfg) == TD_E_INVALID_ARGUMENT, "max_depth 0");
    cfg.max_depth = 8;
    cfg.memory_size = mem_size - 1;
    expect(td_xray_init(&d, &cfg) == TD_E_BAD_CONFIG, "memory too small");
    cfg.memory_size = mem_size;
    cfg.memory = (uint8_t *)mem + 4;
    expect(td_xray_init(&d, &cfg) == TD_E_BAD_CONFIG, "misaligned memory");
    cfg.memory = mem;
    expect(td_xray_init(&d, &cfg) == TD_OK, "a right config");
}

static void test_xray_api(void)
{
    static uint64_t mem[(4 * (12 + 8 * 4)) / 8];
    const xray_case *c = case_named("fdr-calls");
    td_xray_decoder d;
    td_xray_config cfg;
    unsigned plain = 0, matched = 0, again = 0;
    xenc e;
    expect(sizeof(td_xray_decoder) <= 288, "td_xray_decoder is %zu bytes",
           sizeof(td_xray_decoder));
    expect(td_xray_calls_size(4, 8) == sizeof mem,
           "td_xray_calls_size(4, 8) is %zu", td_xray_calls_size(4, 8));
    check_refused_configs(mem, sizeof mem);
    if (!expect(c != NULL, "no fdr-calls case"))
        return;
    xray_case_build(c, &e);
    memset(&cfg, 0, sizeof cfg);
    cfg.size = sizeof cfg;
    td_xray_init(&d, &cfg);
    expect(decode_whole(&d, e.buf, e.len, &plain) == TD_END,
           "fdr-calls without a matcher");
    cfg.memory = mem;
    cfg.memory_size = sizeof mem;
    cfg.max_threads = 4;
    cfg.max_depth = 8;
    td_xray_init(&d, &cfg);
    expect(decode_whole(&d, e.buf, e.len, &matched) == TD_END &&
               matched > plain,
           "fdr-calls with a matcher: %u warnings, %u without", matched,
           plain);
    expect(td_xray_reset(&d) == TD_OK &&
               decode_whole(&d, e.buf, e.len, &again) == TD_END &&
               again == matched,
           "after reset: %u warnings, want %u", again, matched);
    expect(td_xray_reset(NULL) == TD_E_INVALID_ARGUMENT, "reset NULL");
    xenc_free(&e);
}

const test_case xray_tests[] = {
    {"xray encoder cases", test_xray_cases},
    {"xray byte orders", test_xray_byte_order},
    {"xray golden logs", test_xray_golden},
    {"xray committed cases", test_xray_committed_cases},
    {"xray skipping function records", test_xray_skip_functions},
    {"xray api", test_xray_api},
    {NULL, NULL},
};
