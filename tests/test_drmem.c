/*
 * test_drmem.c - the drmemtrace record decoder's specification, as tests:
 *   - every encoder-built case gives its expected result in every chunking;
 *   - every committed input under tests/data/drmem decodes to its golden
 *     event log and survives the chunk, truncation and byte sweeps;
 *   - committed inputs are what the encoder writes today;
 *   - on DynamoRIO's own traces (../shared/corpus, when present) `tracedec
 *     stat` prints what basic_counts printed, `dump --style=drcachesim` the
 *     view tool's lines, and every sample validates.
 */
#include "drmem_cases.h"
#include "golden.h"
#include "harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static member_list case_members(const denc *e)
{
    member_list m;
    m.starts = e->members;
    m.count = e->member_count > 1 ? e->member_count : 0;
    return m;
}

static void check_case(const drmem_case *c)
{
    denc e;
    member_list m;
    decode_result r;
    c->build(&e);
    m = case_members(&e);
    r = test_decode(&drmem_codec, e.buf, e.len, &m, one_span(), 0);
    expect(r.status == c->status, "%s: status %s, want %s", c->name,
           td_error_name(r.status), td_error_name(c->status));
    if (c->status < 0)
        expect(r.fault.offset == e.mark + (uint64_t)c->offset,
               "%s: error at %llu, want %llu", c->name,
               (unsigned long long)r.fault.offset,
               (unsigned long long)(e.mark + (uint64_t)c->offset));
    expect(r.status == TD_END || r.fault.reason != NULL,
           "%s: error without a reason", c->name);
    expect(c->contains == NULL ||
               (r.log != NULL && strstr(r.log, c->contains) != NULL),
           "%s: the event log lacks \"%s\"", c->name,
           c->contains ? c->contains : "");
    decode_result_free(&r);
    sweep_chunks(&drmem_codec, c->name, e.buf, e.len, &m, 0);
    denc_free(&e);
}

static void test_drmem_cases(void)
{
    unsigned i;
    for (i = 0; i < drmem_case_count; i++)
        check_case(&drmem_cases[i]);
}

static void test_drmem_golden(void)
{
    golden_dir(&drmem_codec, "tests/data/drmem", ".trace");
}

static void test_drmem_committed_cases(void)
{
    unsigned i;
    for (i = 0; i < drmem_case_count; i++) {
        char rel[256];
        size_t len;
        uint8_t *data;
        denc e;
        snprintf(rel, sizeof rel, "tests/data/drmem/%s.trace",
                 drmem_cases[i].name);
        data = read_file(root_path(rel), &len);
        drmem_cases[i].build(&e);
        expect(data != NULL && len == e.len && memcmp(data, e.buf, len) == 0,
               "%s is not what the encoder writes; run `build/tests/run "
               "--export`",
               rel);
        denc_free(&e);
        free(data);
    }
}

static void test_drmem_corpus(void)
{
    int rc = run_shell("python3 '%s/tests/drmem_corpus.py' '%s' '%s'",
                       test_root, test_tracedec, test_root);
    if (rc == 77)
        skip("../shared/corpus/drmemtrace is not there");
    else
        expect(rc == 0, "drmem_corpus.py failed (exit %d)", rc);
}

const test_case drmem_tests[] = {
    {"drmem encoder cases", test_drmem_cases},
    {"drmem golden logs", test_drmem_golden},
    {"drmem committed cases", test_drmem_committed_cases},
    {"drmem corpus", test_drmem_corpus},
    {NULL, NULL},
};
