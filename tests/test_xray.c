/*
 * test_xray.c - the XRay decoder's specification, as tests:
 *   - every encoder-built case gives its expected result, with and without
 *     the call matcher, in every chunking;
 *   - little- and big-endian producers of the same trace decode the same;
 *   - every committed input under tests/data/xray decodes to its golden
 *     event log (NAME.xray next to NAME.events) and survives the chunk,
 *     truncation and byte-change sweeps (the encoder's cases are committed
 *     there too, so they get the sweeps);
 *   - committed encoder-built inputs are what the encoder writes today.
 */
#include "harness.h"
#include "xray_cases.h"
#include "golden.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void check_case(const xray_case *c)
{
    xenc e;
    decode_result r;
    xray_case_build(c, &e);
    r = test_decode(&xray_codec, e.buf, e.len, NULL, one_span(), c->flags);
    expect(r.status == c->status, "%s: status %s, want %s", c->name,
           td_error_name(r.status), td_error_name(c->status));
    if (c->status < 0 && c->offset != NO_OFFSET)
        expect(r.fault.offset == e.mark + (uint64_t)c->offset,
               "%s: error at %llu, want %llu", c->name,
               (unsigned long long)r.fault.offset,
               (unsigned long long)(e.mark + (uint64_t)c->offset));
    expect(r.status == TD_END || r.fault.reason != NULL,
           "%s: error without a reason", c->name);
    decode_result_free(&r);
    if (c->contains != NULL) {
        r = test_decode(&xray_codec, e.buf, e.len, NULL, one_span(),
                        c->flags | TEST_MATCH_CALLS);
        expect(r.log != NULL && strstr(r.log, c->contains) != NULL,
               "%s: the event log lacks \"%s\"", c->name, c->contains);
        decode_result_free(&r);
    }
    sweep_chunks(&xray_codec, c->name, e.buf, e.len, NULL, c->flags);
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
        decode_result ra, rb;
        if (n < 3 || strcmp(le->name + n - 3, "-le") != 0 ||
            strncmp(le->name, be->name, n - 3) != 0 ||
            strcmp(be->name + n - 3, "-be") != 0)
            continue;
        xray_case_build(le, &a);
        xray_case_build(be, &b);
        ra = test_decode(&xray_codec, a.buf, a.len, NULL, one_span(),
                         TEST_MATCH_CALLS);
        rb = test_decode(&xray_codec, b.buf, b.len, NULL, one_span(),
                         TEST_MATCH_CALLS);
        expect(ra.status == TD_END && rb.status == TD_END &&
                   strcmp(after_header(ra.log), after_header(rb.log)) == 0,
               "%s and %s decode differently", le->name, be->name);
        decode_result_free(&ra);
        decode_result_free(&rb);
        xenc_free(&a);
        xenc_free(&b);
    }
}

static void test_xray_golden(void)
{
    golden_dir(&xray_codec, "tests/data/xray", ".xray");
}

/* tests/data/xray/enc-NAME.xray must be what case NAME encodes today. */
static void test_xray_committed_cases(void)
{
    unsigned i, found = 0;
    for (i = 0; i < xray_case_count; i++) {
        char rel[256];
        size_t len;
        uint8_t *data;
        xenc e;
        snprintf(rel, sizeof rel, "tests/data/xray/enc-%s.xray",
                 xray_cases[i].name);
        data = read_file(root_path(rel), &len);
        if (data == NULL)
            continue;
        found++;
        xray_case_build(&xray_cases[i], &e);
        expect(len == e.len && memcmp(data, e.buf, len) == 0,
               "%s is not what the encoder writes; run `build/tests/run "
               "--export`",
               rel);
        xenc_free(&e);
        free(data);
    }
    expect(found > 0, "no committed encoder cases");
}

const test_case xray_tests[] = {
    {"xray encoder cases", test_xray_cases},
    {"xray byte orders", test_xray_byte_order},
    {"xray golden logs", test_xray_golden},
    {"xray committed cases", test_xray_committed_cases},
    {NULL, NULL},
};
