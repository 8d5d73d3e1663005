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
#include "xray_decode.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static split_plan one_span(void)
{
    split_plan p = {(size_t)-1 / 2, 0};
    return p;
}

/* The event log plus a last line with the outcome, as golden files hold. */
static char *outcome_log(const xray_result *r)
{
    char tail[160];
    char *out;
    if (r->status == TD_END)
        snprintf(tail, sizeof tail, "=> end\n");
    else
        snprintf(tail, sizeof tail, "=> error %s @%llu\n",
                 td_error_name(r->status),
                 (unsigned long long)r->fault.offset);
    out = malloc(r->log_len + strlen(tail) + 1);
    memcpy(out, r->log, r->log_len);
    strcpy(out + r->log_len, tail);
    return out;
}

static void check_case(const xray_case *c)
{
    xenc e;
    xray_result r;
    xray_case_build(c, &e);
    r = xray_decode(e.buf, e.len, one_span(), c->flags, false);
    expect(r.status == c->status, "%s: status %s, want %s", c->name,
           td_error_name(r.status), td_error_name(c->status));
    if (c->status < 0 && c->offset != NO_OFFSET)
        expect(r.fault.offset == e.mark + (uint64_t)c->offset,
               "%s: error at %llu, want %llu", c->name,
               (unsigned long long)r.fault.offset,
               (unsigned long long)(e.mark + (uint64_t)c->offset));
    expect(r.status == TD_END || r.fault.reason != NULL,
           "%s: error without a reason", c->name);
    xray_result_free(&r);
    if (c->contains != NULL) {
        r = xray_decode(e.buf, e.len, one_span(), c->flags, true);
        expect(r.log != NULL && strstr(r.log, c->contains) != NULL,
               "%s: the event log lacks \"%s\"", c->name, c->contains);
        xray_result_free(&r);
    }
    xray_sweep_chunks(c->name, e.buf, e.len, c->flags);
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
        xray_result ra, rb;
        if (n < 3 || strcmp(le->name + n - 3, "-le") != 0 ||
            strncmp(le->name, be->name, n - 3) != 0 ||
            strcmp(be->name + n - 3, "-be") != 0)
            continue;
        xray_case_build(le, &a);
        xray_case_build(be, &b);
        ra = xray_decode(a.buf, a.len, one_span(), 0, true);
        rb = xray_decode(b.buf, b.len, one_span(), 0, true);
        expect(ra.status == TD_END && rb.status == TD_END &&
                   strcmp(after_header(ra.log), after_header(rb.log)) == 0,
               "%s and %s decode differently", le->name, be->name);
        xray_result_free(&ra);
        xray_result_free(&rb);
        xenc_free(&a);
        xenc_free(&b);
    }
}

/* TRACEDEC_UPDATE_GOLDEN=1 rewrites missing or different golden logs. */
static void check_golden(const char *dir, const char *name)
{
    char path[8192], golden_path[8192];
    size_t len, golden_len;
    uint8_t *data, *golden;
    xray_result r;
    char *log;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    snprintf(golden_path, sizeof golden_path, "%.*s.events",
             (int)(strlen(path) - 5), path);
    data = read_file(path, &len);
    if (!expect(data != NULL, "cannot read %s", path))
        return;
    r = xray_decode(data, len, one_span(), 0, false);
    log = outcome_log(&r);
    golden = read_file(golden_path, &golden_len);
    if (getenv("TRACEDEC_UPDATE_GOLDEN") != NULL &&
        (golden == NULL || golden_len != strlen(log) ||
         memcmp(golden, log, golden_len) != 0)) {
        write_file(golden_path, log, strlen(log));
        printf("    wrote %s\n", golden_path);
    } else {
        expect(golden != NULL && golden_len == strlen(log) &&
                   memcmp(golden, log, golden_len) == 0,
               "%s: events differ from %s", name, golden_path);
    }
    xray_sweep_chunks(name, data, len, 0);
    xray_sweep_truncation(name, data, len, xray_clean_cut);
    xray_sweep_bytes(name, data, len);
    free(golden);
    free(log);
    xray_result_free(&r);
    free(data);
}

static void test_xray_golden(void)
{
    const char *dir = root_path("tests/data/xray");
    char dir_copy[4096];
    size_t n, i;
    char **names;
    snprintf(dir_copy, sizeof dir_copy, "%s", dir);
    names = list_dir(dir_copy, ".xray", &n);
    expect(n > 0, "no inputs in %s", dir_copy);
    for (i = 0; i < n; i++) {
        check_golden(dir_copy, names[i]);
        free(names[i]);
    }
    free(names);
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
