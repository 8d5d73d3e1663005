/*
 * test_snappy.c - the snappy framing decoder's specification, as tests:
 *   - CRC-32C gives the RFC 3720 values and a bit-at-a-time CRC's, in any
 *     number of pieces;
 *   - inputs framed at test time by tests/containers/snappy_frame.py (an independent
 *     compressor and framer: Google's layout, DynamoRIO's CRC-less chunk
 *     types, and a mix of every chunk type and element encoding) decode to
 *     the original, the same in every chunking, with every truncation
 *     ending in TD_E_TRUNCATED and every bit flip in a clean end or an
 *     error inside the input;
 *   - DynamoRIO's own snappy traces (../shared/corpus, when present) decode
 *     to drmemtrace records with every CRC matching, in any chunking;
 *   - hand-built chunks (every literal and copy encoding, 64 KiB chunks,
 *     empty chunks, long varints, skippable and padding chunks) decode to
 *     what the test constructed;
 *   - every error code, with its offset, from hand-built chunks;
 *   - the API's argument, protocol and reset rules.
 * The framed-input tests say SKIP when python3 is not installed, the
 * DynamoRIO test when the corpus is not there.
 */
#include "codec_containers.h"
#include "config_check.h"
#include "container_check.h"
#include "harness.h"
#include "sample_data.h"
#include "snappy_chunks.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- Checks every valid input gets -------------------------------------- */

static void check_valid(const char *name, const uint8_t *data, size_t len,
                        const uint8_t *want, size_t want_len)
{
    container_plan plan = {64, 20, 4096, 100, 30, 16};
    test_file f = test_file_of(data, len);
    test_input in = test_input_of(&f);
    snappy_layout layout;
    plan.max_chunk = len > (256u << 10) ? 16 : 64;
    plan.bit_positions = len <= 4096 ? len : len <= 65536 ? 100 : 30;
    if (expect(snappy_walk(data, len, &layout), "%s: bad chunk layout", name))
        check_container(&snappy_codec, name, &in, want, want_len, NULL,
                        layout.marks, layout.n_marks, &plan);
    snappy_layout_free(&layout);
}

/* ---- CRC-32C ------------------------------------------------------------ */

static uint32_t crc_bitwise(const uint8_t *p, size_t len)
{
    uint32_t crc = 0xffffffffu;
    size_t i;
    int k;
    for (i = 0; i < len; i++) {
        crc ^= p[i];
        for (k = 0; k < 8; k++)
            crc = (crc >> 1) ^ ((crc & 1) ? 0x82f63b78u : 0);
    }
    return ~crc;
}

static uint32_t crc_pieces(const uint8_t *p, size_t len, uint64_t seed)
{
    uint32_t crc = 0;
    size_t at = 0, n;
    while (at < len) {
        n = 1 + sample_random(&seed) % 23;
        if (n > len - at)
            n = len - at;
        crc = td_crc32c(crc, p + at, n);
        at += n;
    }
    return crc;
}

static void test_crc32c(void)
{
    uint8_t buf[32];
    uint8_t *data = sample_data(SAMPLE_RANDOM, 5000, 11);
    size_t len;
    int i;
    expect(td_crc32c(0, "123456789", 9) == 0xe3069283u, "check value");
    expect(td_crc32c(0, NULL, 0) == 0, "empty");
    /* RFC 3720, B.4 */
    memset(buf, 0, sizeof buf);
    expect(td_crc32c(0, buf, 32) == 0x8a9136aau, "32 zeros");
    memset(buf, 0xff, sizeof buf);
    expect(td_crc32c(0, buf, 32) == 0x62a8ab43u, "32 0xff");
    for (i = 0; i < 32; i++)
        buf[i] = (uint8_t)i;
    expect(td_crc32c(0, buf, 32) == 0x46dd794eu, "ascending");
    for (i = 0; i < 32; i++)
        buf[i] = (uint8_t)(31 - i);
    expect(td_crc32c(0, buf, 32) == 0x113fdb5cu, "descending");
    for (len = 0; len <= 5000; len += len < 100 ? 1 : 487) {
        uint32_t want = crc_bitwise(data, len);
        expect(td_crc32c(0, data, len) == want &&
                   crc_pieces(data, len, len + 1) == want,
               "crc32c of %zu bytes", len);
    }
    free(data);
}

/* ---- Inputs framed by tests/containers/snappy_frame.py ----------------------------- */

static bool have_python(void)
{
    if (run_shell("command -v python3 >/dev/null 2>&1") == 0)
        return true;
    skip("python3 is not installed");
    return false;
}

typedef struct framed_case {
    const char *mode; /* plain, dynamorio or mixed */
    unsigned seed;
    enum sample_kind kind;
    size_t len;
} framed_case;

static const framed_case framed_cases[] = {
    {"plain", 0, SAMPLE_TEXT, 0},
    {"plain", 0, SAMPLE_RANDOM, 1},
    {"plain", 0, SAMPLE_TEXT, 61},
    {"plain", 0, SAMPLE_RECORDS, 65536},
    {"plain", 0, SAMPLE_MIXED, 300000},
    {"dynamorio", 0, SAMPLE_RECORDS, 65537},
    {"dynamorio", 0, SAMPLE_ZEROS, 200000},
    {"dynamorio", 0, SAMPLE_RANDOM, 70000},
    {"mixed", 1, SAMPLE_MIXED, 250000},
    {"mixed", 2, SAMPLE_RECORDS, 130000},
    {"mixed", 3, SAMPLE_TEXT, 20000},
    {"mixed", 4, SAMPLE_RANDOM, 3000},
    {"mixed", 5, SAMPLE_TEXT, 0},
};

#define N_FRAMED (sizeof framed_cases / sizeof *framed_cases)

/* Write every case's input, then frame them all in one python3 run. */
static bool frame_all(uint8_t *data[N_FRAMED])
{
    char command[8192], names[2][32];
    size_t at, i;
    at = (size_t)snprintf(command, sizeof command, "python3 '%s'",
                          root_path("tests/containers/snappy_frame.py"));
    for (i = 0; i < N_FRAMED; i++) {
        const framed_case *c = &framed_cases[i];
        snprintf(names[0], sizeof names[0], "in%zu", i);
        snprintf(names[1], sizeof names[1], "in%zu.sz", i);
        data[i] = sample_data(c->kind, c->len, i);
        if (write_file(temp_path(names[0]), data[i], c->len) != 0)
            return false;
        at +=
            (size_t)snprintf(command + at, sizeof command - at, " %s %u '%s'",
                             c->mode, c->seed, temp_path(names[0]));
        at += (size_t)snprintf(command + at, sizeof command - at, " '%s'",
                               temp_path(names[1]));
    }
    return at < sizeof command && run_shell("%s", command) == 0;
}

static void test_framed(void)
{
    uint8_t *data[N_FRAMED] = {NULL};
    size_t i;
    if (!have_python())
        return;
    if (expect(frame_all(data), "snappy_frame.py failed")) {
        for (i = 0; i < N_FRAMED; i++) {
            const framed_case *c = &framed_cases[i];
            char path[32], name[128];
            size_t len;
            uint8_t *framed;
            snprintf(path, sizeof path, "in%zu.sz", i);
            snprintf(name, sizeof name, "%s %u: %zu bytes of kind %d", c->mode,
                     c->seed, c->len, (int)c->kind);
            framed = read_file(temp_path(path), &len);
            if (expect(framed != NULL, "%s: no output", name))
                check_valid(name, framed, len, data[i], c->len);
            free(framed);
        }
    }
    for (i = 0; i < N_FRAMED; i++)
        free(data[i]);
    temp_remove();
}

/* ---- DynamoRIO's own snappy traces -------------------------------------- */

#define CHASE_DIR                                                             \
    "../shared/corpus/drmemtrace/drmemtrace.chase-snappy.x64.tracedir"

/* Each file must decode, every chunk's CRC matching, to 12-byte drmemtrace
 * records that open with a HEADER (type 25), the same in every chunking,
 * and cut at 12 places stop there. */
static void check_dynamorio_file(const char *dir, const char *name)
{
    static const plan_range splits[2] = {{ANSWER_SPANS, 1, 1, NULL},
                                         {ANSWER_RANDOM, 1, 3, NULL}};
    static const test_config plain = {0, 0, 0};
    test_read file;
    test_result r;
    cut_sweep cuts;
    if (!test_input_read(dir, name, &file))
        return;
    r = container_decode(&snappy_codec, &file.in);
    expect(r.status == TD_END && r.out_len % 12 == 0 && r.out_len >= 12 &&
               r.out[0] == 25 && r.out[1] == 0,
           "%s: status %s, %zu bytes of output", name, td_error_name(r.status),
           r.out_len);
    test_result_free(&r);
    sweep_plans(&snappy_codec, name, &file.in, &plain, splits, 2);
    memset(&cuts, 0, sizeof cuts);
    cuts.where.spread = 12;
    cuts.expect = CUT_TRUNCATED;
    sweep_cuts(&snappy_codec, name, &file.in, &plain, &cuts);
    test_read_free(&file);
}

static void test_dynamorio_traces(void)
{
    char dir[4096];
    size_t n, i;
    char **names;
    snprintf(dir, sizeof dir, "%s", root_path(CHASE_DIR));
    names = list_dir(dir, ".sz", &n);
    if (n == 0) {
        skip("%s is not there", CHASE_DIR);
        return;
    }
    for (i = 0; i < n; i++) {
        check_dynamorio_file(dir, names[i]);
        free(names[i]);
    }
    free(names);
}

/* ---- Hand-built chunks -------------------------------------------------- */

static uint8_t text[70000];

static void make_text(void)
{
    uint8_t *t = sample_data(SAMPLE_TEXT, sizeof text, 77);
    memcpy(text, t, sizeof text);
    free(t);
}

/* A compressed chunk of `type` from the elements `b` that make `out`,
 * appended to f, its output to `all`; b and out are freed. */
static void close_chunk(byte_buf *f, byte_buf *all, unsigned type,
                        byte_buf *b, byte_buf *out)
{
    byte_buf body = {0};
    snappy_put_varint(&body, (uint32_t)out->len);
    buf_put(&body, b->p, b->len);
    snappy_put_data(f, type, &body, out);
    buf_put(all, out->p, out->len);
    buf_free(&body);
    buf_free(out);
    buf_free(b);
}

/* Every literal length encoding and copy kind in one chunk of `type`. */
static void elements_chunk(byte_buf *f, byte_buf *all, unsigned type)
{
    byte_buf out = {0}, b = {0};
    unsigned n;
    snappy_literal(&b, &out, text, 1, 0);
    snappy_literal(&b, &out, text + 1, 60, 0);
    snappy_literal(&b, &out, text + 61, 61, 1);
    snappy_literal(&b, &out, text + 122, 256, 1);
    snappy_literal(&b, &out, text + 378, 2100, 2);
    snappy_literal(&b, &out, text + 2478, 5, 3);
    snappy_literal(&b, &out, text + 2483, 7, 4);
    for (n = 4; n <= 11; n++)
        snappy_copy(&b, &out, 1, n == 11 ? 2047 : n - 3, n);
    for (n = 1; n <= 64; n++)
        snappy_copy(&b, &out, 2, n * 37 % 3000 + 1, n);
    snappy_copy(&b, &out, 2, (uint32_t)out.len, 64); /* reaches the chunk start */
    snappy_copy(&b, &out, 4, 3, 64);
    snappy_copy(&b, &out, 4, (uint32_t)out.len, 1);
    snappy_copy(&b, &out, 2, 1, 64);
    snappy_literal(&b, &out, text + 3000, 3, 0);
    close_chunk(f, all, type, &b, &out);
}

/* 65536 bytes of output: the most a chunk may hold. */
static void full_chunk(byte_buf *f, byte_buf *all, unsigned type)
{
    byte_buf out = {0}, b = {0};
    unsigned i;
    snappy_literal(&b, &out, text, 1, 0);
    for (i = 0; i < 1023; i++)
        snappy_copy(&b, &out, 2, 1 + i % 7, 64);
    snappy_copy(&b, &out, 2, 100, 63);
    close_chunk(f, all, type, &b, &out);
}

static void raw_chunk(byte_buf *f, byte_buf *all, unsigned type, size_t len)
{
    byte_buf raw = {0};
    buf_put(&raw, text, len);
    snappy_put_data(f, type, &raw, &raw);
    buf_put(all, text, len);
    buf_free(&raw);
}

static void test_hand_built(void)
{
    static const uint8_t long_varint[] = {0x85, 0x80, 0x80, 0x80, 0x00, 0x10,
                                          'a',  'b',  'c',  'd',  'e'};
    byte_buf f = {0}, all = {0}, empty = {0}, zero = {0}, body = {0};
    make_text();
    snappy_put_varint(&zero, 0);
    snappy_put_stream_id(&f);
    snappy_put_chunk(&f, 0x80, NULL, 0);
    elements_chunk(&f, &all, 0x00);
    elements_chunk(&f, &all, 0x02);
    full_chunk(&f, &all, 0x00);
    full_chunk(&f, &all, 0x02);
    raw_chunk(&f, &all, 0x01, 65536);
    raw_chunk(&f, &all, 0x03, 65536);
    raw_chunk(&f, &all, 0x01, 0);
    raw_chunk(&f, &all, 0x03, 0);
    snappy_put_data(&f, 0x00, &zero, &empty);
    snappy_put_data(&f, 0x02, &zero, &empty);
    snappy_put_chunk(&f, 0xfe, text, 100);
    snappy_put_chunk(&f, 0xfd, text, 10);
    snappy_put_stream_id(&f);
    buf_put(&body, long_varint, sizeof long_varint);
    snappy_put_chunk(&f, 0x02, body.p, body.len);
    buf_put(&all, "abcde", 5);
    check_valid("hand-built", f.p, f.len, all.p, all.len);
    buf_free(&f);
    buf_free(&all);
    buf_free(&zero);
    buf_free(&body);
}

/* ---- Errors ------------------------------------------------------------- */

typedef struct bad_case {
    const char *name;
    int code;
    size_t at;         /* the offset expected */
    const char *bytes; /* the input, after a stream identifier unless */
    size_t len;        /* `bare` */
    bool bare;
} bad_case;

#define B(s) s, sizeof s - 1

/* Offsets count the 10-byte stream identifier the input starts with. */
static const bad_case bad_cases[] = {
    {"no stream identifier", TD_E_SNAPPY_STREAM_ID, 0, B("\x03\x01\x00\x00x"),
     true},
    {"skippable first", TD_E_SNAPPY_STREAM_ID, 0, B("\x80\x00\x00\x00"), true},
    {"stream identifier length", TD_E_SNAPPY_STREAM_ID, 1,
     B("\xff\x05\x00\x00sNaPp"), true},
    {"stream identifier body", TD_E_SNAPPY_STREAM_ID, 9,
     B("\xff\x06\x00\x00sNaPpX"), true},
    {"second stream identifier", TD_E_SNAPPY_STREAM_ID, 14,
     B("\xff\x06\x00\x00SNaPpY"), false},
    {"chunk type 0x04", TD_E_SNAPPY_CHUNK_TYPE, 10, B("\x04\x00\x00\x00"),
     false},
    {"chunk type 0x7f", TD_E_SNAPPY_CHUNK_TYPE, 10, B("\x7f\x01\x00\x00x"),
     false},
    {"crc of compressed", TD_E_SNAPPY_CRC, 14,
     B("\x00\x07\x00\x00\x01\x02\x03\x04\x01\x00x"), false},
    {"crc of uncompressed", TD_E_SNAPPY_CRC, 14,
     B("\x01\x05\x00\x00\x01\x02\x03\x04x"), false},
    {"compressed shorter than crc and length", TD_E_SNAPPY_LENGTH, 11,
     B("\x00\x04\x00\x00\x01\x02\x03\x04"), false},
    {"empty no-crc compressed", TD_E_SNAPPY_LENGTH, 11, B("\x02\x00\x00\x00"),
     false},
    {"uncompressed shorter than crc", TD_E_SNAPPY_LENGTH, 11,
     B("\x01\x03\x00\x00xyz"), false},
    {"uncompressed above 65536", TD_E_SNAPPY_LENGTH, 11, B("\x01\x05\x00\x01"),
     false},
    {"no-crc uncompressed above 65536", TD_E_SNAPPY_LENGTH, 11,
     B("\x03\x01\x00\x01"), false},
    /* 4 + 5 + 6 * 65536 = 393225 (0x060009) is the most a chunk can need */
    {"compressed one byte too long", TD_E_SNAPPY_LENGTH, 11,
     B("\x00\x0a\x00\x06"), false},
    {"compressed longest", TD_E_TRUNCATED, 10, B("\x00\x09\x00\x06"), false},
    {"compressed longer than possible", TD_E_SNAPPY_LENGTH, 11,
     B("\x00\xff\xff\xff"), false},
    {"uncompressed length 65537", TD_E_SNAPPY_LENGTH, 14,
     B("\x02\x04\x00\x00\x81\x80\x04\x00"), false},
    {"uncompressed length fourth byte", TD_E_SNAPPY_LENGTH, 14,
     B("\x02\x05\x00\x00\x80\x80\x80\x01\x00"), false},
    {"uncompressed length fifth byte", TD_E_SNAPPY_LENGTH, 14,
     B("\x02\x06\x00\x00\x80\x80\x80\x80\x10\x00"), false},
    {"uncompressed length of 6 bytes", TD_E_SNAPPY_CORRUPT, 14,
     B("\x02\x06\x00\x00\x80\x80\x80\x80\x80\x00"), false},
    {"uncompressed length past chunk", TD_E_SNAPPY_CORRUPT, 14,
     B("\x02\x01\x00\x00\x80"), false},
    {"element past chunk", TD_E_SNAPPY_CORRUPT, 19,
     B("\x02\x07\x00\x00\x0a\x08xyz\x06\x01"), false},
    {"literal past chunk", TD_E_SNAPPY_CORRUPT, 15,
     B("\x02\x06\x00\x00\x0a\x24xyzw"), false},
    {"literal longer than declared", TD_E_SNAPPY_CORRUPT, 15,
     B("\x02\x06\x00\x00\x02\x0cxyzw"), false},
    {"copy offset 0", TD_E_SNAPPY_CORRUPT, 19,
     B("\x02\x07\x00\x00\x0a\x08xyz\x05\x00"), false},
    {"copy before output", TD_E_SNAPPY_CORRUPT, 19,
     B("\x02\x08\x00\x00\x0a\x08xyz\x06\x04\x00"), false},
    {"copy longer than declared", TD_E_SNAPPY_CORRUPT, 19,
     B("\x02\x07\x00\x00\x07\x08xyz\x0d\x01"), false},
    {"output shorter than declared", TD_E_SNAPPY_CORRUPT, 10,
     B("\x02\x05\x00\x00\x0a\x08xyz"), false},
    {"cut chunk header", TD_E_TRUNCATED, 10, B("\x00\x05"), false},
    {"cut data chunk", TD_E_TRUNCATED, 10, B("\x03\x05\x00\x00xyz"), false},
    {"cut skippable chunk", TD_E_TRUNCATED, 10, B("\xfe\x05\x00\x00xyz"),
     false},
    {"cut stream identifier", TD_E_TRUNCATED, 0, B("\xff\x06\x00\x00sNa"),
     true},
    {"empty input", TD_E_TRUNCATED, 0, B(""), true},
};

static void test_errors(void)
{
    unsigned i;
    for (i = 0; i < sizeof bad_cases / sizeof *bad_cases; i++) {
        const bad_case *c = &bad_cases[i];
        byte_buf f = {0};
        if (!c->bare)
            snappy_put_stream_id(&f);
        buf_put(&f, c->bytes, c->len);
        check_container_error(&snappy_codec, c->name, f.p, f.len, c->code,
                              c->at);
        buf_free(&f);
    }
}

/* ---- The API ------------------------------------------------------------ */

static int snappy_init_any(void *d, const void *cfg)
{
    return td_snappy_init(d, cfg);
}

static void test_api(void)
{
    static uint8_t window[TD_SNAPPY_WINDOW];
    static const uint8_t input[] = "\xff\x06\x00\x00sNaPpY\x03\x01\x00\x00x";
    td_snappy_config cfg = {sizeof cfg, 0, window, sizeof window};
    td_snappy_decoder d;
    td_snappy_event ev;
    int round;
    check_config("snappy", snappy_init_any, &d, &cfg, sizeof cfg, 1, true);
    expect(td_snappy_feed(&d, "x", 1) == TD_E_PROTOCOL,
           "feed before a request");
    expect(td_snappy_next(&d, NULL) == TD_E_INVALID_ARGUMENT,
           "next without ev");
    for (round = 0; round < 2; round++) {
        int rc, data = 0;
        bool fed = false;
        while ((rc = td_snappy_next(&d, &ev)) == TD_EVENT ||
               rc == TD_NEED_INPUT) {
            if (rc == TD_EVENT) {
                data += ev.kind == TD_SNAPPY_EV_DATA;
            } else {
                td_snappy_feed(&d, fed ? NULL : input,
                               fed ? 0 : sizeof input - 1);
                fed = true;
            }
        }
        expect(rc == TD_END && data == 1, "round %d: %d, %d DATA", round, rc,
               data);
        expect(td_snappy_next(&d, &ev) == TD_END, "TD_END is not repeated");
        expect(td_snappy_reset(&d) == TD_OK, "reset");
    }
    expect(td_snappy_next(&d, &ev) == TD_NEED_INPUT, "asks for input");
    td_snappy_feed(&d, "\x04\x00\x00\x00", 4);
    expect(td_snappy_next(&d, &ev) == TD_E_SNAPPY_STREAM_ID &&
               td_snappy_next(&d, &ev) == TD_E_SNAPPY_STREAM_ID &&
               td_snappy_feed(&d, "x", 1) == TD_E_SNAPPY_STREAM_ID,
           "errors are sticky");
    expect(td_snappy_reset(NULL) == TD_E_INVALID_ARGUMENT, "reset(NULL)");
}

const test_case snappy_tests[] = {
    {"snappy crc32c", test_crc32c},
    {"snappy framed by snappy_frame.py", test_framed},
    {"snappy DynamoRIO traces", test_dynamorio_traces},
    {"snappy hand-built chunks", test_hand_built},
    {"snappy errors", test_errors},
    {"snappy api", test_api},
    {NULL, NULL},
};
