/*
 * test_gzip.c - the gzip decoder's specification, as tests:
 *   - every reference file (Python's gzip module, and members with FTEXT,
 *     FHCRC, FEXTRA, FNAME and a 70000-byte FCOMMENT built by hand,
 *     concatenated members, an empty member, a 1.5 MiB member) decodes to
 *     its data in every chunking, stops with TD_E_TRUNCATED when cut
 *     (TD_END when cut between members), and survives bit flips;
 *   - each error has its code and offset, in hand-made members;
 *   - the API refuses bad arguments and keeps its protocol.
 */
#include "config_check.h"
#include "deflate_check.h"
#include "harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void check_file(const char *name, const uint8_t *data, size_t len,
                       const uint8_t *expected, size_t expected_len,
                       const char *status)
{
    check_reference(DEFLATE_GZIP, name, data, len, expected, expected_len,
                    status, 128);
}

static void test_gzip_references(void)
{
    int n = deflate_each_ref("gzip", check_file);
    if (deflate_refs() != NULL)
        expect(n >= 10, "only %d reference files", n);
}

/* ---- Hand-made members ------------------------------------------------ */

typedef struct gz {
    uint8_t buf[512];
    size_t len;
} gz;

static void put(gz *g, const void *p, size_t n)
{
    memcpy(g->buf + g->len, p, n);
    g->len += n;
}

static void put32(gz *g, uint32_t v)
{
    uint8_t b[4] = {(uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16),
                    (uint8_t)(v >> 24)};
    put(g, b, 4);
}

/* A member holding `text` in one stored block; flags may add FHCRC
 * (with a correct CRC16) and FNAME "n". Returns the trailer's offset. */
static size_t member(gz *g, const char *text, uint8_t flags)
{
    size_t start = g->len, n = strlen(text);
    uint8_t head[10] = {0x1f, 0x8b, 8, flags, 1, 2, 3, 4, 0, 3};
    uint8_t stored[5] = {1, (uint8_t)n, 0, (uint8_t)~n, 0xff};
    put(g, head, 10);
    if (flags & 8)
        put(g, "n", 2);
    if (flags & 2) {
        uint32_t crc = td_crc32(0, g->buf + start, g->len - start);
        uint8_t b[2] = {(uint8_t)crc, (uint8_t)(crc >> 8)};
        put(g, b, 2);
    }
    put(g, stored, 5);
    put(g, text, n);
    put32(g, td_crc32(0, text, n));
    put32(g, (uint32_t)n);
    return g->len - 8;
}

static void expect_gzip(const char *what, const gz *g, int code,
                        size_t offset)
{
    deflate_expect(what, DEFLATE_GZIP, g->buf, g->len, code, offset, 1);
}

static void test_gzip_header_errors(void)
{
    gz g;
    memset(&g, 0, sizeof g);
    expect_gzip("empty input", &g, TD_E_TRUNCATED, 0);
    member(&g, "hi", 0);
    expect_gzip("good member", &g, TD_END, 0);
    g.buf[0] = 0x1e;
    expect_gzip("magic", &g, TD_E_GZIP_MAGIC, 0);
    g.buf[0] = 0x1f;
    g.buf[2] = 7;
    expect_gzip("method", &g, TD_E_GZIP_METHOD, 2);
    g.buf[2] = 8;
    g.buf[3] = 0x20;
    expect_gzip("reserved flag", &g, TD_E_GZIP_FLAGS, 3);
    g.len = 0;
    member(&g, "hi", 2 | 8);
    expect_gzip("FHCRC and FNAME", &g, TD_END, 0);
    g.buf[12]++;
    expect_gzip("FHCRC", &g, TD_E_GZIP_HEADER_CRC, 12);
    g.len = 5;
    expect_gzip("cut header", &g, TD_E_TRUNCATED, 0);
}

static void test_gzip_member_errors(void)
{
    gz g;
    size_t trailer, second;
    memset(&g, 0, sizeof g);
    trailer = member(&g, "hello", 0);
    g.buf[trailer]++;
    expect_gzip("CRC-32", &g, TD_E_GZIP_CRC, trailer);
    g.buf[trailer]--;
    g.buf[trailer + 4]++;
    expect_gzip("ISIZE", &g, TD_E_GZIP_SIZE, trailer + 4);
    g.buf[trailer + 4]--;
    g.buf[10] = 7;
    expect_gzip("deflate error", &g, TD_E_INFLATE_BLOCK_TYPE, 10);
    g.buf[10] = 1;
    g.len = trailer + 3;
    expect_gzip("cut trailer", &g, TD_E_TRUNCATED, trailer);
    g.len = trailer - 2;
    expect_gzip("cut data", &g, TD_E_TRUNCATED, 10);

    g.len = trailer + 8;
    second = g.len;
    member(&g, "world", 8);
    expect_gzip("two members", &g, TD_END, 0);
    g.len = second + 4;
    expect_gzip("cut second header", &g, TD_E_TRUNCATED, second);
    g.len = second;
    put(&g, "\0", 1);
    expect_gzip("zero after a member", &g, TD_E_GZIP_MAGIC, second);
    g.len = second;
    put(&g, "\x1f", 1);
    expect_gzip("lone 1f after a member", &g, TD_E_TRUNCATED, second);
    g.len = second;
    put(&g, "\x1f\x8c", 2);
    expect_gzip("bad magic after a member", &g, TD_E_GZIP_MAGIC, second);
}

/* The MEMBER event comes after the whole header, with its size. */
static void test_gzip_events(void)
{
    static const char want[] =
        "member 0 @0+14 flags 10 xfl 0 os 3 mtime 67305985\n"
        "member-end 0 @22+8 crc 352441c2 isize 3\n"
        "member 1 @30+10 flags 0 xfl 0 os 3 mtime 67305985\n"
        "member-end 1 @45+8 crc 00000000 isize 0\n";
    gz g;
    test_result r;
    memset(&g, 0, sizeof g);
    member(&g, "abc", 2 | 8);
    member(&g, "", 0);
    r = deflate_decode(DEFLATE_GZIP, g.buf, g.len, plan_chunks(3));
    expect(r.status == TD_END && r.log != NULL && strcmp(r.log, want) == 0,
           "events:\n%s", r.log ? r.log : "");
    expect(r.end_count == 2 && r.ends[0] == 30 && r.ends[1] == 53,
           "member ends");
    test_result_free(&r);
}

static int gzip_init_any(void *d, const void *cfg)
{
    return td_gzip_init(d, cfg);
}

static void test_gzip_api(void)
{
    static uint8_t window[TD_INFLATE_WINDOW];
    td_gzip_config cfg = {sizeof cfg, 0, window, sizeof window};
    td_gzip_decoder d;
    td_gzip_event ev;
    gz g;
    memset(&g, 0, sizeof g);
    member(&g, "x", 0);
    check_config("gzip", gzip_init_any, &d, &cfg, sizeof cfg, 1, true);
    expect(td_gzip_next(&d, NULL) == TD_E_INVALID_ARGUMENT, "NULL event");
    expect(td_gzip_feed(&d, g.buf, g.len) == TD_E_PROTOCOL,
           "feed before a request");
    expect(td_gzip_next(&d, &ev) == TD_NEED_INPUT, "request");
    td_gzip_feed(&d, g.buf, g.len);
    expect(td_gzip_next(&d, &ev) == TD_EVENT && ev.kind == TD_GZIP_EV_MEMBER &&
               ev.flags == 0,
           "member");
    expect(td_gzip_next(&d, &ev) == TD_EVENT && ev.kind == TD_GZIP_EV_DATA &&
               ev.data.len == 1 && ev.data.data[0] == 'x',
           "data");
    expect(td_gzip_next(&d, &ev) == TD_EVENT &&
               ev.kind == TD_GZIP_EV_MEMBER_END,
           "member end");
    expect(td_gzip_next(&d, &ev) == TD_NEED_INPUT, "asks for more");
    td_gzip_feed(&d, NULL, 0);
    expect(td_gzip_next(&d, &ev) == TD_END && td_gzip_next(&d, &ev) == TD_END,
           "end, twice");
    expect(td_gzip_reset(&d) == TD_OK && td_gzip_next(&d, &ev) ==
                                             TD_NEED_INPUT &&
               td_gzip_request(&d)->offset == 0,
           "reset starts over");
    td_gzip_feed(&d, "PK", 2);
    expect(td_gzip_next(&d, &ev) == TD_E_GZIP_MAGIC &&
               td_gzip_feed(&d, g.buf, 1) == TD_E_GZIP_MAGIC &&
               td_gzip_fault(&d)->code == TD_E_GZIP_MAGIC,
           "errors are sticky");
}

const test_case gzip_tests[] = {
    {"gzip references", test_gzip_references},
    {"gzip header errors", test_gzip_header_errors},
    {"gzip member errors", test_gzip_member_errors},
    {"gzip events", test_gzip_events},
    {"gzip api", test_gzip_api},
    {NULL, NULL},
};
