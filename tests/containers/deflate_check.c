/*
 * deflate_check.c - see deflate_check.h.
 */
#include "deflate_check.h"
#include "harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Inputs above HUGE_INPUT get thinner sweeps. */
#define HUGE_INPUT 262144u

test_result deflate_decode(int kind, const uint8_t *data, size_t len,
                           test_plan plan)
{
    test_file f = test_file_of(data, len);
    test_input in = test_input_of(&f);
    test_config cfg = {0, 0, 0};
    cfg.mode = kind;
    return test_decode(kind == DEFLATE_ZIP_SEEKABLE ? &zip_seekable_codec
                                                    : &deflate_codec,
                       &in, &cfg, plan);
}

const char *deflate_kind_name(int kind)
{
    static const char *const names[] = {"inflate", "gzip", "zip",
                                        "zip-seekable"};
    return names[kind];
}

bool deflate_output_is(const test_result *r, const uint8_t *expected,
                       size_t len)
{
    return r->out_len == len &&
           (len == 0 || memcmp(r->out, expected, len) == 0);
}

void deflate_expect(const char *what, int kind, const uint8_t *data,
                    size_t len, int code, uint64_t offset, size_t chunk)
{
    test_result one = deflate_decode(kind, data, len, plan_whole());
    test_result r = deflate_decode(kind, data, len, plan_chunks(chunk));
    expect(r.status == code && (code == TD_END || r.fault.offset == offset),
           "%s (%s): %s at %llu, want %s at %llu", what,
           deflate_kind_name(kind), td_error_name(r.status),
           (unsigned long long)r.fault.offset, td_error_name(code),
           (unsigned long long)offset);
    expect(r.protocol_ok && test_same(&one, &r), "%s (%s): %s", what,
           deflate_kind_name(kind), r.protocol_msg);
    test_result_free(&r);
    test_result_free(&one);
}

static void sweeps(const char *name, int kind, const test_input *in,
                   size_t bits_below)
{
    static const plan_range full[2] = {{ANSWER_SPANS, 1, 64, NULL},
                                       {ANSWER_RANDOM, 1, 20, NULL}};
    static const plan_range light[5] = {
        {ANSWER_SPANS, 1, 1, NULL},       {ANSWER_SPANS, 7, 7, NULL},
        {ANSWER_SPANS, 64, 64, NULL},     {ANSWER_SPANS, 4093, 4093, NULL},
        {ANSWER_RANDOM, 1, 3, NULL}};
    const test_codec *c =
        kind == DEFLATE_ZIP_SEEKABLE ? &zip_seekable_codec : &deflate_codec;
    uint64_t len = in->files[0].size;
    test_config cfg = {0, 0, 0};
    cut_sweep cuts;
    change_sweep bits;
    cfg.mode = kind;
    memset(&cuts, 0, sizeof cuts);
    cuts.where.all_below = 1024;
    cuts.where.near = 4;
    cuts.where.edges = 64;
    cuts.where.spread = 160;
    cuts.where.cap = len > HUGE_INPUT ? 100 : 300;
    cuts.expect = CUT_TRUNCATED;
    memset(&bits, 0, sizeof bits);
    bits.where.all_below = bits_below;
    bits.where.near = 8;
    bits.where.edges = 64;
    bits.where.spread = 32;
    bits.where.cap = len > HUGE_INPUT ? 12 : 48;
    bits.kind = CHANGE_EVERY_BIT;
    bits.fewer_bits = true;
    bits.compare_every = 1;
    if (len <= 65536)
        sweep_plans(c, name, in, &cfg, full, 2);
    else
        sweep_plans(c, name, in, &cfg, light, 5);
    sweep_cuts(c, name, in, &cfg, &cuts);
    sweep_changes(c, name, in, &cfg, &bits);
}

void check_reference(int kind, const char *name, const uint8_t *data,
                     size_t len, const uint8_t *expected, size_t expected_len,
                     const char *status, size_t bits_below)
{
    test_file f = test_file_of(data, len);
    test_input in = test_input_of(&f);
    test_result r = deflate_decode(kind, data, len, plan_whole());
    expect(strcmp(td_error_name(r.status), status) == 0 ||
               (r.status == TD_END && strcmp(status, "end") == 0),
           "%s (%s): status %s, want %s", name, deflate_kind_name(kind),
           td_error_name(r.status), status);
    expect(r.protocol_ok, "%s: %s", name, r.protocol_msg);
    expect(r.status != TD_END ||
               deflate_output_is(&r, expected, expected_len),
           "%s: output differs (%zu bytes, want %zu)", name, r.out_len,
           expected_len);
    test_result_free(&r);
    sweeps(name, kind, &in, bits_below);
}

/* ---- Reference inputs -------------------------------------------------- */

static char refs_dir[64];

static void remove_refs(void)
{
    run_shell("rm -rf '%s'", refs_dir);
}

const char *deflate_refs(void)
{
    static int made; /* 0 not tried, 1 made, -1 failed */
    if (made == 0) {
        made = -1;
        snprintf(refs_dir, sizeof refs_dir, "/tmp/tracedec-deflate-refs-XXXXXX");
        if (mkdtemp(refs_dir) == NULL)
            return NULL;
        atexit(remove_refs);
        if (run_shell("python3 '%s/tests/containers/deflate_refs.py' '%s'", test_root,
                      refs_dir) == 0)
            made = 1;
    }
    if (made < 0) {
        skip("python3 could not write the reference inputs");
        return NULL;
    }
    return refs_dir;
}

static uint8_t *read_ref(const char *dir, const char *file, size_t *len)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    return read_file(path, len);
}

int deflate_each_ref(const char *kind, ref_fn fn)
{
    const char *dir = deflate_refs();
    char path[512], line[512], k[32], in[200], out[200], status[64];
    FILE *manifest;
    int count = 0;
    if (dir == NULL)
        return 0;
    snprintf(path, sizeof path, "%s/manifest", dir);
    manifest = fopen(path, "r");
    if (!expect(manifest != NULL, "no manifest in %s", dir))
        return 0;
    while (fgets(line, sizeof line, manifest) != NULL) {
        size_t len, expected_len;
        uint8_t *data, *expected;
        if (sscanf(line, "%31s %199s %199s %63s", k, in, out, status) != 4 ||
            strcmp(k, kind) != 0)
            continue;
        data = read_ref(dir, in, &len);
        expected = read_ref(dir, out, &expected_len);
        if (expect(data != NULL && expected != NULL, "cannot read %s", in))
            fn(in, data, len, expected, expected_len, status);
        free(data);
        free(expected);
        count++;
    }
    fclose(manifest);
    return count;
}
