/*
 * test_inflate.c - the raw inflate decoder's specification, as tests:
 *   - every reference stream Python's zlib makes (levels 0, 1, 6, 9,
 *     Z_FIXED, Z_HUFFMAN_ONLY, Z_RLE, memLevel 1, a 512-byte window,
 *     flushes) of empty, tiny, random, repetitive, record-like and
 *     window-boundary inputs decodes to its input, identically in every
 *     chunking, stops with TD_E_TRUNCATED when cut, and survives bit
 *     flips;
 *   - each error has its code and the offset of the offending field, in
 *     hand-made streams;
 *   - the decoding tables agree with a plain canonical decoder and stay
 *     within their bound for the worst code;
 *   - the API refuses bad arguments and keeps its protocol;
 *   - td_crc32 matches a bit-at-a-time CRC-32.
 */
#include "config_check.h"
#include "deflate_check.h"
#include "deflate_writer.h"
#include "harness.h"

#include "inflate/inflate_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A reference stream: its checks and sweeps, and in one span no more DATA
 * events than windows of output (and two). */
static void check_stream(const char *name, const uint8_t *data, size_t len,
                         const uint8_t *expected, size_t expected_len,
                         const char *status)
{
    test_result r = deflate_decode(DEFLATE_RAW, data, len, plan_whole());
    expect(r.data_events <= expected_len / TD_INFLATE_WINDOW + 2,
           "%s: %zu data events for %zu bytes in one span", name,
           r.data_events, expected_len);
    test_result_free(&r);
    check_reference(DEFLATE_RAW, name, data, len, expected, expected_len,
                    status, 64);
}

static void test_inflate_references(void)
{
    int n = deflate_each_ref("inflate", check_stream);
    if (deflate_refs() != NULL)
        expect(n > 100, "only %d reference streams", n);
}

/* ---- Hand-made streams ---------------------------------------------- */

static void expect_error(const char *what, const bitw *w, int code,
                         size_t offset)
{
    deflate_expect(what, DEFLATE_RAW, w->buf, bw_bytes(w), code, offset, 1);
}

static void expect_output(const char *what, const bitw *w, const char *out)
{
    test_result r =
        deflate_decode(DEFLATE_RAW, w->buf, bw_bytes(w), plan_chunks(1));
    expect(r.status == TD_END &&
               deflate_output_is(&r, (const uint8_t *)out, strlen(out)),
           "%s: %s, %zu bytes", what, td_error_name(r.status), r.out_len);
    test_result_free(&r);
}

static void test_inflate_block_errors(void)
{
    bitw w;
    size_t at;
    bw_init(&w);
    bw_block(&w, 1, 3);
    expect_error("block type 3", &w, TD_E_INFLATE_BLOCK_TYPE, 0);

    bw_init(&w);
    bw_block(&w, 0, 0);
    bw_stored_lengths(&w, 0, 0xffff);
    at = bw_offset(&w);
    bw_block(&w, 1, 3);
    expect_error("block type 3 after a stored block", &w,
                 TD_E_INFLATE_BLOCK_TYPE, at);

    bw_init(&w);
    bw_block(&w, 1, 0);
    bw_stored_lengths(&w, 5, 0);
    bw_bits(&w, 0x6c6c6568, 32);
    expect_error("stored LEN not ~NLEN", &w, TD_E_INFLATE_STORED_LENGTH, 1);

    bw_init(&w);
    bw_block(&w, 1, 0);
    bw_stored_lengths(&w, 3, 0xfffc);
    bw_bits(&w, 0x636261, 24);
    expect_output("stored block", &w, "abc");

    bw_init(&w);
    bw_block(&w, 1, 1);
    bw_fixed_litlen(&w, 'h');
    expect_error("no end of block", &w, TD_E_TRUNCATED, 0);
}

/* A dynamic block header whose literal/length code gives 'a', 'b' and
 * end-of-block the lengths a, b and end, and whose ndist distance codes
 * the lengths dist: it must fail with `code` at its start. */
typedef struct lens_case {
    const char *name;
    int code;
    uint8_t a, b, end;
    unsigned ndist;
    uint8_t dist[3];
} lens_case;

static void expect_lens_error(const lens_case *c)
{
    uint8_t lens[320] = {0};
    unsigned i;
    bitw w;
    lens['a'] = c->a;
    lens['b'] = c->b;
    lens[256] = c->end;
    for (i = 0; i < c->ndist; i++)
        lens[257 + i] = c->dist[i];
    bw_init(&w);
    bw_dynamic_header(&w, 1, lens, 257, c->ndist, NULL);
    expect_error(c->name, &w, c->code, 0);
}

/* A dynamic block header up to its code length code, which gives 0-14 and
 * `repeat` (16, 17 or 18) four bits each; their codes into cl_codes. */
static void code_length_header(bitw *w, unsigned repeat, uint16_t *cl_codes)
{
    uint8_t cl[19] = {0};
    unsigned i;
    for (i = 0; i < 15; i++)
        cl[i] = 4;
    cl[repeat] = 4;
    canonical_codes(cl, 19, cl_codes);
    bw_init(w);
    bw_block(w, 1, 2);
    bw_dynamic_counts(w, 257, 1, cl);
}

static void test_inflate_code_length_errors(void)
{
    static const lens_case no_end = {
        "no end-of-block code", TD_E_INFLATE_CODE_LENGTHS, 1, 1, 0, 1, {1}};
    uint16_t cl_codes[19];
    bitw w;
    size_t at;

    bw_init(&w);
    bw_block(&w, 1, 2);
    bw_bits(&w, 30, 5); /* HLIT 287 */
    bw_bits(&w, 0, 9);
    expect_error("HLIT 30", &w, TD_E_INFLATE_CODE_LENGTHS, 0);

    bw_init(&w);
    bw_block(&w, 1, 2);
    bw_bits(&w, 0, 5);
    bw_bits(&w, 30, 5); /* HDIST 31 */
    bw_bits(&w, 0, 4);
    expect_error("HDIST 30", &w, TD_E_INFLATE_CODE_LENGTHS, 0);

    code_length_header(&w, 16, cl_codes);
    at = bw_offset(&w);
    bw_code(&w, cl_codes[16], 4);
    bw_bits(&w, 0, 2);
    expect_error("repeat first", &w, TD_E_INFLATE_CODE_LENGTHS, at);

    code_length_header(&w, 18, cl_codes);
    bw_code(&w, cl_codes[18], 4);
    bw_bits(&w, 127, 7); /* 138 zeros */
    at = bw_offset(&w);
    bw_code(&w, cl_codes[18], 4);
    bw_bits(&w, 127, 7); /* 138 more: 276 > 258 */
    expect_error("run past the lengths", &w, TD_E_INFLATE_CODE_LENGTHS, at);

    expect_lens_error(&no_end);
}

static void test_inflate_huffman_errors(void)
{
    static const lens_case cases[3] = {
        {"incomplete literal/length code", TD_E_INFLATE_HUFFMAN, 2, 0, 2, 1,
         {1}},
        {"over-subscribed distance code", TD_E_INFLATE_HUFFMAN, 1, 0, 1, 3,
         {1, 1, 1}},
        {"incomplete two-code distance code", TD_E_INFLATE_HUFFMAN, 1, 0, 1,
         2, {2, 2}}};
    uint8_t cl[19];
    bitw w;
    unsigned i;

    memset(cl, 1, sizeof cl);
    bw_init(&w);
    bw_block(&w, 1, 2);
    bw_dynamic_counts(&w, 257, 1, cl);
    expect_error("over-subscribed code length code", &w,
                 TD_E_INFLATE_HUFFMAN, 0);
    for (i = 0; i < 3; i++)
        expect_lens_error(&cases[i]);
}

/* The incomplete codes RFC 1951 and zlib accept: one one-bit code, and
 * no distance code at all. */
static void test_inflate_incomplete_codes(void)
{
    uint8_t lens[320] = {0};
    uint16_t codes[320];
    bitw w;
    size_t at;

    lens[256] = 1; /* end of block alone */
    lens[257] = 1; /* distance 0 alone */
    bw_init(&w);
    bw_dynamic_header(&w, 1, lens, 257, 1, codes);
    bw_code(&w, codes[256], 1);
    expect_output("only end-of-block", &w, "");

    memset(lens, 0, sizeof lens);
    lens['x'] = 1;
    lens[256] = 1;
    bw_init(&w);
    bw_dynamic_header(&w, 1, lens, 257, 1, codes);
    bw_code(&w, codes['x'], 1);
    bw_code(&w, codes['x'], 1);
    bw_code(&w, codes[256], 1);
    expect_output("no distance codes", &w, "xx");

    /* x, end of block, length 3 (257); distance 1 alone, one bit. */
    memset(lens, 0, sizeof lens);
    lens['x'] = 1;
    lens[256] = 2;
    lens[257] = 2;
    lens[258] = 1;
    bw_init(&w);
    bw_dynamic_header(&w, 1, lens, 258, 1, codes);
    bw_code(&w, codes['x'], 1);
    bw_code(&w, codes[257], 2);
    bw_code(&w, codes[258], 1);
    bw_code(&w, codes[256], 2);
    expect_output("one one-bit distance code", &w, "xxxx");

    bw_init(&w);
    bw_dynamic_header(&w, 1, lens, 258, 1, codes);
    bw_code(&w, codes['x'], 1);
    bw_code(&w, codes[257], 2);
    at = bw_offset(&w);
    bw_code(&w, 1, 1); /* the distance code nothing was given */
    bw_code(&w, codes[256], 2);
    expect_error("unused distance code", &w, TD_E_INFLATE_SYMBOL, at);
}

static void test_inflate_symbol_errors(void)
{
    bitw w;
    size_t at;
    bw_init(&w);
    bw_block(&w, 1, 1);
    bw_fixed_litlen(&w, 'a');
    at = bw_offset(&w);
    bw_fixed_litlen(&w, 286);
    expect_error("literal/length 286", &w, TD_E_INFLATE_SYMBOL, at);

    bw_init(&w);
    bw_block(&w, 1, 1);
    for (at = 0; at < 20; at++)
        bw_fixed_litlen(&w, 'a');
    bw_fixed_litlen(&w, 257);
    at = bw_offset(&w);
    bw_fixed_dist(&w, 30);
    bw_fixed_litlen(&w, 256);
    expect_error("distance 30", &w, TD_E_INFLATE_SYMBOL, at);
}

static void test_inflate_distance_errors(void)
{
    bitw w;
    size_t at;
    int i;
    bw_init(&w);
    bw_block(&w, 1, 1);
    bw_fixed_litlen(&w, 'a');
    bw_fixed_litlen(&w, 257);
    at = bw_offset(&w);
    bw_fixed_dist(&w, 1); /* distance 2, one byte written */
    bw_fixed_litlen(&w, 256);
    expect_error("distance past the start", &w, TD_E_INFLATE_DISTANCE, at);

    bw_init(&w);
    bw_block(&w, 1, 1);
    bw_fixed_litlen(&w, 'a');
    bw_fixed_litlen(&w, 'b');
    bw_fixed_litlen(&w, 257);
    bw_fixed_dist(&w, 1);
    bw_fixed_litlen(&w, 256);
    expect_output("distance to the first byte", &w, "ababa");

    /* The fast loop sees the same far distance after many literals. */
    bw_init(&w);
    bw_block(&w, 1, 1);
    for (i = 0; i < 200; i++)
        bw_fixed_litlen(&w, 'a' + i % 26);
    bw_fixed_litlen(&w, 265); /* length 11-12 */
    bw_bits(&w, 0, 1);
    at = bw_offset(&w);
    bw_fixed_dist(&w, 16); /* distance 257-384 */
    bw_bits(&w, 127, 7);   /* 384 > 200 */
    for (i = 0; i < 40; i++)
        bw_fixed_litlen(&w, 'z');
    bw_fixed_litlen(&w, 256);
    expect_error("far distance in the fast loop", &w, TD_E_INFLATE_DISTANCE,
                 at);
}

static void test_inflate_empty_input(void)
{
    test_result r =
        deflate_decode(DEFLATE_RAW, (const uint8_t *)"", 0, plan_whole());
    expect(r.status == TD_E_TRUNCATED && r.fault.offset == 0,
           "empty input: %s", td_error_name(r.status));
    test_result_free(&r);
}

/* ---- Tables ------------------------------------------------------------ */

/* Decode the code of `len` bits `code` (MSB first) with table. */
static uint32_t lookup(const uint32_t *table, unsigned root, uint32_t code,
                       unsigned len, unsigned *used)
{
    uint32_t rev = 0, e;
    unsigned i;
    for (i = 0; i < len; i++)
        rev |= ((code >> (len - 1 - i)) & 1) << i;
    e = table[rev & ((1u << root) - 1)];
    *used = entry_bits(e);
    if (entry_kind(e) & ENTRY_LINK) {
        e = table[entry_value(e) +
                  ((rev >> root) & ((1u << entry_extra(e)) - 1))];
        *used = root + entry_bits(e);
    }
    return e;
}

/* Random complete codes over up to 256 literals: every code decodes to
 * its symbol with its length. */
static void test_inflate_tables_random(void)
{
    static uint32_t table[LITLEN_ENOUGH];
    uint64_t seed = 88172645463325252u;
    int round;
    for (round = 0; round < 400; round++) {
        uint8_t lens[256] = {0}, depth[256];
        uint16_t codes[256];
        unsigned leaves = 1, n, sym, i;
        depth[0] = 0;
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        n = 2 + (unsigned)(seed % 255);
        while (leaves < n) { /* split a random leaf shallower than 15 */
            unsigned pick = (unsigned)((seed >> 16) % leaves);
            seed = seed * 6364136223846793005u + 1442695040888963407u;
            if (depth[pick] >= 15)
                continue;
            depth[pick]++;
            depth[leaves++] = depth[pick];
        }
        for (i = 0; i < n; i++)
            lens[(i * 97 + round) % 256] = depth[i];
        if (!expect(tdi_inflate_build(table, lens, 256, CODE_LITLEN) == TD_OK,
                    "round %d: complete code refused", round))
            return;
        canonical_codes(lens, 256, codes);
        for (sym = 0; sym < 256; sym++) {
            unsigned used;
            uint32_t e;
            if (lens[sym] == 0)
                continue;
            e = lookup(table, LITLEN_ROOT, codes[sym], lens[sym], &used);
            if (!expect((entry_kind(e) & ENTRY_LITERAL) &&
                            entry_value(e) == sym && used == lens[sym],
                        "round %d: symbol %u (len %u) decodes as %u/%u",
                        round, sym, lens[sym], entry_value(e), used))
                return;
        }
    }
}

/* Build the code with counts[len] codes of each length (n symbols) into a
 * table filled with a marker, and check that it uses exactly `enough`
 * entries. */
static void check_worst_code(const char *name, const uint8_t counts[16],
                             unsigned n, enum inflate_code kind,
                             unsigned enough)
{
    static uint32_t table[LITLEN_ENOUGH + 64];
    uint8_t lens[286];
    unsigned len, k, i, last, filled = 0;
    for (len = 1; len < 16; len++)
        for (k = 0; k < counts[len]; k++)
            lens[filled++] = (uint8_t)len;
    memset(table, 0xa5, sizeof table);
    expect(tdi_inflate_build(table, lens, n, kind) == TD_OK,
           "worst %s code refused", name);
    for (i = 0, last = 0; i < enough + 64; i++)
        if (table[i] != 0xa5a5a5a5u)
            last = i;
    expect(last == enough - 1, "worst %s code used %u entries, bound %u",
           name, last + 1, enough);
}

/* The codes that need the most subtable room (from zlib's `enough`
 * search) fill the tables exactly and not one entry more. */
static void test_inflate_tables_worst(void)
{
    static const uint8_t litlen_counts[16] = {0, 0, 3, 1, 0,  0,  0, 0,
                                              0, 0, 0, 233, 45, 1, 1, 2};
    static const uint8_t dist_counts[16] = {0, 0, 3, 1,  1, 1, 0, 0,
                                            0, 13, 5, 1, 1, 1, 1, 2};
    check_worst_code("literal/length", litlen_counts, 286, CODE_LITLEN,
                     LITLEN_ENOUGH);
    check_worst_code("distance", dist_counts, 30, CODE_DIST, DIST_ENOUGH);
}

/* ---- API ---------------------------------------------------------------- */

static int inflate_init_any(void *d, const void *cfg)
{
    return td_inflate_init(d, cfg);
}

static void test_inflate_api(void)
{
    static uint8_t window[TD_INFLATE_WINDOW];
    static const uint8_t stream[] = {0x4b, 0x4c, 0x4a, 0x06, 0x00}; /* abc */
    td_inflate_config cfg = {sizeof cfg, 0, window, sizeof window};
    td_inflate_decoder d;
    td_inflate_event ev;
    int rc;
    check_config("inflate", inflate_init_any, &d, &cfg, sizeof cfg, 1, true);
    expect(td_inflate_next(&d, NULL) == TD_E_INVALID_ARGUMENT, "NULL event");
    expect(td_inflate_feed(&d, stream, sizeof stream) == TD_E_PROTOCOL,
           "feed before a request");
    expect(td_inflate_next(&d, &ev) == TD_NEED_INPUT &&
               td_inflate_request(&d)->offset == 0,
           "first request");
    expect(td_inflate_next(&d, &ev) == TD_NEED_INPUT, "still waiting");
    expect(td_inflate_feed(&d, stream, sizeof stream) == TD_OK, "feed");
    rc = td_inflate_next(&d, &ev);
    expect(rc == TD_EVENT && ev.kind == TD_INFLATE_EV_DATA && ev.flags == 0 &&
               ev.data.len == 3 && memcmp(ev.data.data, "abc", 3) == 0 &&
               ev.data.pos == 0 && ev.offset == 0 && ev.size == 0,
           "data");
    expect(td_inflate_next(&d, &ev) == TD_END, "end");
    expect(td_inflate_next(&d, &ev) == TD_END, "end again");
    expect(td_inflate_reset(&d) == TD_OK &&
               td_inflate_next(&d, &ev) == TD_NEED_INPUT,
           "reset starts over");
    td_inflate_feed(&d, "\x07", 1);
    expect(td_inflate_next(&d, &ev) == TD_E_INFLATE_BLOCK_TYPE &&
               td_inflate_next(&d, &ev) == TD_E_INFLATE_BLOCK_TYPE &&
               td_inflate_feed(&d, stream, 1) == TD_E_INFLATE_BLOCK_TYPE &&
               td_inflate_fault(&d)->reason != NULL,
           "errors are sticky");
}

/* ---- CRC-32 -------------------------------------------------------------- */

static uint32_t crc_bitwise(uint32_t crc, const uint8_t *p, size_t n)
{
    int k;
    crc = ~crc;
    while (n--) {
        crc ^= *p++;
        for (k = 0; k < 8; k++)
            crc = (crc >> 1) ^ (0xedb88320u & (0u - (crc & 1)));
    }
    return ~crc;
}

static void test_crc32(void)
{
    uint8_t buf[1000];
    size_t i, cut;
    uint32_t whole;
    expect(td_crc32(0, "123456789", 9) == 0xcbf43926u, "check value");
    expect(td_crc32(0, NULL, 0) == 0 && td_crc32(7, NULL, 5) == 7,
           "no data");
    for (i = 0; i < sizeof buf; i++)
        buf[i] = (uint8_t)(i * 131 + (i >> 3));
    whole = td_crc32(0, buf, sizeof buf);
    expect(whole == crc_bitwise(0, buf, sizeof buf), "slice-by-8 vs bitwise");
    for (cut = 0; cut < 40; cut++)
        expect(td_crc32(td_crc32(0, buf, cut), buf + cut, sizeof buf - cut) ==
                   whole,
               "split at %zu", cut);
    for (i = 0; i < 17; i++)
        expect(td_crc32(0, buf + 3, i) == crc_bitwise(0, buf + 3, i),
               "unaligned length %zu", i);
}

const test_case inflate_tests[] = {
    {"inflate references", test_inflate_references},
    {"inflate block errors", test_inflate_block_errors},
    {"inflate code length errors", test_inflate_code_length_errors},
    {"inflate huffman errors", test_inflate_huffman_errors},
    {"inflate incomplete codes", test_inflate_incomplete_codes},
    {"inflate symbol errors", test_inflate_symbol_errors},
    {"inflate distance errors", test_inflate_distance_errors},
    {"inflate empty input", test_inflate_empty_input},
    {"inflate tables random", test_inflate_tables_random},
    {"inflate tables worst case", test_inflate_tables_worst},
    {"inflate api", test_inflate_api},
    {"crc32", test_crc32},
    {NULL, NULL},
};
