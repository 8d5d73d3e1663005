/*
 * test_zip.c - the zip decoder's specification, as tests:
 *   - every reference archive (Python's zipfile: stored and deflated
 *     members, DynamoRIO-style chunk.NNNN and cpu-id names, 600 members,
 *     zip64 extra fields, data descriptors from a non-seekable stream with
 *     32- and 64-bit sizes, comments and extra fields, an empty archive,
 *     1.5 MiB members; and by hand: unsigned descriptors, a CRC-32 equal
 *     to the descriptor signature, zip64 end records) decodes to its data
 *     forward-only and with TD_ZIP_SEEKABLE, in every chunking, stops with
 *     TD_E_TRUNCATED when cut, and survives bit flips;
 *   - each error has its code and offset, in hand-made archives;
 *   - the event stream of a small archive is pinned down;
 *   - the API refuses bad arguments and keeps its protocol.
 */
#include "config_check.h"
#include "deflate_check.h"
#include "harness.h"
#include "zip_builder.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void check_forward(const char *name, const uint8_t *data, size_t len,
                          const uint8_t *expected, size_t expected_len,
                          const char *status)
{
    check_reference(DEFLATE_ZIP, name, data, len, expected, expected_len,
                    status, 128);
}

static void check_seekable(const char *name, const uint8_t *data, size_t len,
                           const uint8_t *expected, size_t expected_len,
                           const char *status)
{
    check_reference(DEFLATE_ZIP_SEEKABLE, name, data, len, expected,
                    expected_len, status, 128);
}

static void test_zip_references(void)
{
    int n = deflate_each_ref("zip", check_forward);
    if (deflate_refs() != NULL)
        expect(n >= 15, "only %d reference archives", n);
}

static void test_zip_references_seekable(void)
{
    int n = deflate_each_ref("zip-seekable", check_seekable);
    if (deflate_refs() != NULL)
        expect(n >= 15, "only %d reference archives", n);
}

/* ---- Hand-made archives ------------------------------------------------- */

static void expect_kind(const char *what, int kind, const zb *b, int code,
                        size_t offset)
{
    deflate_expect(what, kind, b->buf, b->len, code, offset, 3);
}

/* The same result forward-only and seekable. */
static void expect_zip(const char *what, const zb *b, int code,
                       size_t offset)
{
    expect_kind(what, DEFLATE_ZIP, b, code, offset);
    expect_kind(what, DEFLATE_ZIP_SEEKABLE, b, code, offset);
}

/* Two members: "a" deflated (hello), "bb" stored (world!). */
static size_t two_members(zb *b, zb_member *m)
{
    zb_member a = {"a", "hello", 8, 0, false, 0, 0, 0, 0, 0};
    zb_member s = {"bb", "world!", 0, 0, false, 0, 0, 0, 0, 0};
    memset(b, 0, sizeof *b);
    m[0] = a;
    m[1] = s;
    return zb_archive(b, m, 2);
}

static void test_zip_local_errors(void)
{
    zb b;
    zb_member m[2];
    two_members(&b, m);
    expect_zip("good archive", &b, TD_END, 0);
    b.buf[0] = 'X';
    expect_zip("signature", &b, TD_E_ZIP_SIGNATURE, 0);
    two_members(&b, m);
    zb_set16(&b, 8, 12);
    expect_zip("method", &b, TD_E_ZIP_METHOD, 8);
    two_members(&b, m);
    zb_set16(&b, 6, 1);
    expect_zip("encrypted", &b, TD_E_ZIP_ENCRYPTED, 6);
    two_members(&b, m);
    zb_set16(&b, m[1].offset + 6, 8);
    expect_zip("stored with a descriptor", &b, TD_E_ZIP_DESCRIPTOR,
               m[1].offset + 6);
    two_members(&b, m);
    zb_set32(&b, m[1].offset + 14, m[1].crc + 1);
    expect_zip("stored CRC-32", &b, TD_E_ZIP_CRC, m[1].offset);
    two_members(&b, m);
    zb_set32(&b, 14, m[0].crc ^ 1);
    expect_zip("deflated CRC-32", &b, TD_E_ZIP_CRC, 0);
}

static void test_zip_size_errors(void)
{
    zb b;
    zb_member m[2];
    two_members(&b, m);
    zb_set32(&b, m[1].offset + 18, 7);
    expect_zip("stored sizes differ", &b, TD_E_ZIP_SIZE, m[1].offset);
    two_members(&b, m);
    zb_set32(&b, 18, m[0].csize - 1);
    expect_zip("compressed size too small", &b, TD_E_ZIP_SIZE, 0);
    two_members(&b, m);
    zb_set32(&b, 18, m[0].csize + 1);
    expect_zip("compressed size too large", &b, TD_E_ZIP_SIZE, 0);
    two_members(&b, m);
    zb_set32(&b, 22, m[0].usize + 1);
    expect_zip("uncompressed size", &b, TD_E_ZIP_SIZE, 0);
    two_members(&b, m);
    b.len = m[1].offset + 35;
    expect_zip("cut member data", &b, TD_E_TRUNCATED, m[1].offset);
}

static void test_zip_descriptors(void)
{
    zb b;
    zb_member m[2] = {{"s", "signed", 8, 8, true, 0, 0, 0, 0, 0},
                      {"u", "unsigned", 8, 8, false, 0, 0, 0, 0, 0}};
    zb_member copy[2];
    memcpy(copy, m, sizeof m);
    memset(&b, 0, sizeof b);
    zb_archive(&b, copy, 2);
    expect_zip("descriptors", &b, TD_END, 0);
    zb_set32(&b, copy[0].descriptor + 4, copy[0].crc + 1);
    expect_zip("signed descriptor CRC-32", &b, TD_E_ZIP_CRC,
               copy[0].descriptor);
    memcpy(copy, m, sizeof m);
    memset(&b, 0, sizeof b);
    zb_archive(&b, copy, 2);
    zb_set32(&b, copy[1].descriptor + 4, copy[1].csize + 1);
    expect_zip("unsigned descriptor size", &b, TD_E_ZIP_SIZE,
               copy[1].descriptor);
    memcpy(copy, m, sizeof m);
    memset(&b, 0, sizeof b);
    zb_archive(&b, copy, 2);
    b.len = copy[0].descriptor + 10;
    expect_zip("cut descriptor", &b, TD_E_TRUNCATED, copy[0].descriptor);
}

/* A local header with 0xffffffff sizes and a zip64 extra field of
 * `size` bytes declared in an extra field of `extra_len`. */
static void zip64_header(zb *b, unsigned size, unsigned extra_len)
{
    memset(b, 0, sizeof *b);
    zb_u32(b, 0x04034b50);
    zb_u16(b, 45);
    zb_u16(b, 0);
    zb_u16(b, 0);
    zb_u32(b, 0);
    zb_u32(b, 0);
    zb_u32(b, 0xffffffffu);
    zb_u32(b, 0xffffffffu);
    zb_u16(b, 1);
    zb_u16(b, extra_len);
    zb_put(b, "z", 1);
    zb_u16(b, 1);
    zb_u16(b, size);
    while (b->len < 31 + extra_len)
        zb_u32(b, 0);
    b->len = 31 + extra_len;
}

static void test_zip_zip64_errors(void)
{
    zb b;
    zip64_header(&b, 8, 12);
    expect_zip("zip64 field too short", &b, TD_E_ZIP_ZIP64, 31);
    zip64_header(&b, 20, 12);
    expect_zip("zip64 field past the extra field", &b, TD_E_ZIP_ZIP64, 31);
    zip64_header(&b, 16, 20);
    expect_zip("zip64 sizes, then the input ends", &b, TD_E_TRUNCATED, 51);
}

static void test_zip_central_errors(void)
{
    zb b;
    zb_member m[2];
    size_t cd = two_members(&b, m), second = cd + 47, end = second + 48;
    zb_set32(&b, cd + 16, m[0].crc + 1);
    expect_kind("entry CRC-32, forward", DEFLATE_ZIP, &b, TD_E_ZIP_CENTRAL,
                second);
    expect_kind("entry CRC-32, seekable", DEFLATE_ZIP_SEEKABLE, &b,
                TD_E_ZIP_CENTRAL, cd);
    two_members(&b, m);
    zb_set32(&b, cd + 42, (uint32_t)m[1].offset);
    expect_kind("entry offset, forward", DEFLATE_ZIP, &b, TD_E_ZIP_CENTRAL,
                second);
    expect_kind("entry offset, seekable", DEFLATE_ZIP_SEEKABLE, &b,
                TD_E_ZIP_CENTRAL, cd);
    two_members(&b, m);
    zb_set32(&b, second + 42, (uint32_t)cd);
    expect_kind("entry offset into the directory", DEFLATE_ZIP_SEEKABLE, &b,
                TD_E_ZIP_CENTRAL, second);

    memset(&b, 0, sizeof b);
    zb_local(&b, &m[0]);
    cd = b.len;
    zb_central(&b, &m[0]);
    second = b.len;
    zb_central(&b, &m[0]);
    zb_end(&b, 2, cd);
    expect_zip("more entries than members", &b, TD_E_ZIP_CENTRAL, second);

    memset(&b, 0, sizeof b);
    zb_local(&b, &m[0]);
    end = b.len;
    zb_end(&b, 0, end);
    expect_zip("fewer entries than members", &b, TD_E_ZIP_CENTRAL, end);

    memset(&b, 0, sizeof b);
    zb_local(&b, &m[0]);
    cd = b.len;
    zb_central(&b, &m[0]);
    second = b.len;
    zb_local(&b, &m[1]);
    expect_zip("local header after the directory", &b, TD_E_ZIP_SIGNATURE,
               second);
}

static void test_zip_end_errors(void)
{
    zb b;
    zb_member m[2];
    size_t cd = two_members(&b, m), end = cd + 47 + 48;
    zb_set16(&b, end + 8, 3);
    zb_set16(&b, end + 10, 3);
    expect_zip("entry count", &b, TD_E_ZIP_END, end);
    two_members(&b, m);
    zb_set32(&b, end + 12, 94);
    expect_zip("directory size", &b, TD_E_ZIP_END, end);
    two_members(&b, m);
    zb_set32(&b, end + 16, (uint32_t)cd + 1);
    expect_zip("directory offset", &b, TD_E_ZIP_END, end);
    two_members(&b, m);
    zb_set16(&b, end + 4, 1);
    expect_zip("disk number", &b, TD_E_ZIP_END, end);
    two_members(&b, m);
    zb_put(&b, "!", 1);
    expect_zip("byte after the end record", &b, TD_E_ZIP_END, end + 22);
    two_members(&b, m);
    zb_set16(&b, end + 20, 5);
    zb_put(&b, "abc", 3);
    expect_zip("cut comment", &b, TD_E_TRUNCATED, end);
    two_members(&b, m);
    b.len = end + 21;
    expect_zip("cut end record", &b, TD_E_TRUNCATED, end);
    two_members(&b, m);
    b.len = end;
    expect_zip("no end record", &b, TD_E_TRUNCATED, end);
    memset(&b, 0, sizeof b);
    expect_zip("empty input", &b, TD_E_TRUNCATED, 0);
    zb_end(&b, 0, 0);
    expect_zip("empty archive", &b, TD_END, 0);
}

static void test_zip_zip64_end_errors(void)
{
    zb b;
    zb_member m[2];
    size_t cd = two_members(&b, m), end = cd + 47 + 48, locator;
    b.len = end;
    zb_u32(&b, 0x07064b50);
    zb_u32(&b, 0);
    zb_u64(&b, end);
    zb_u32(&b, 1);
    expect_zip("locator without a zip64 end record", &b, TD_E_ZIP_SIGNATURE,
               end);
    b.len = end;
    zb_u32(&b, 0x06064b50);
    zb_u64(&b, 44);
    zb_u16(&b, 45);
    zb_u16(&b, 45);
    zb_u32(&b, 0);
    zb_u32(&b, 0);
    zb_u64(&b, 2);
    zb_u64(&b, 2);
    zb_u64(&b, end - cd);
    zb_u64(&b, cd);
    locator = b.len;
    zb_u32(&b, 0x07064b50);
    zb_u32(&b, 0);
    zb_u64(&b, end);
    zb_u32(&b, 1);
    zb_end(&b, 0xffff, cd);
    zb_set32(&b, b.len - 10, 0xffffffffu);
    zb_set32(&b, b.len - 6, 0xffffffffu);
    expect_zip("zip64 end records", &b, TD_END, 0);
    zb_set32(&b, locator + 8, (uint32_t)end + 1);
    expect_zip("locator offset", &b, TD_E_ZIP_END, locator);
    zb_set32(&b, locator + 8, (uint32_t)end);
    zb_set16(&b, end + 56 + 20 + 10, 1);
    expect_zip("end record against zip64", &b, TD_E_ZIP_END, end + 76);
}

/* Events of a small archive, names in fragments as spans cut them. */
static void test_zip_events(void)
{
    static const char want[] =
        "member 0 @0+31 v20 f0000 m8 crc 3610a686 10/5 lo 0 nl 1 z0\n"
        "name 0 @30 'a'\n"
        "member-end 0 @41+0 v20 f0000 m8 crc 3610a686 10/5 lo 0 nl 1 z0\n"
        "member 1 @41+32 v20 f0000 m0 crc 718498e8 6/6 lo 41 nl 2 z0\n"
        "name 1 @71 'bb'\n"
        "member-end 1 @79+0 v20 f0000 m0 crc 718498e8 6/6 lo 41 nl 2 z0\n"
        "central 0 @79+47 v20 f0000 m8 crc 3610a686 10/5 lo 0 nl 1 z0\n"
        "central 1 @126+48 v20 f0000 m0 crc 718498e8 6/6 lo 41 nl 2 z0\n"
        "end @174+22 entries 2 cd 79+95 comment 0 z0\n";
    zb b;
    zb_member m[2];
    test_result r;
    two_members(&b, m);
    r = deflate_decode(DEFLATE_ZIP_SEEKABLE, b.buf, b.len, plan_chunks(1));
    expect(r.status == TD_END && r.log != NULL && strcmp(r.log, want) == 0,
           "events:\n%s", r.log ? r.log : "");
    expect(r.out_len == 11 && memcmp(r.out, "helloworld!", 11) == 0,
           "output");
    test_result_free(&r);
}

static int zip_init_any(void *d, const void *cfg)
{
    return td_zip_init(d, cfg);
}

static void test_zip_api(void)
{
    static uint8_t window[TD_INFLATE_WINDOW];
    td_zip_config cfg = {sizeof cfg, TD_ZIP_SEEKABLE, window, sizeof window};
    td_zip_decoder d;
    td_zip_event ev;
    zb b;
    memset(&b, 0, sizeof b);
    zb_end(&b, 0, 0);
    check_config("zip", zip_init_any, &d, &cfg, sizeof cfg, 2, true);
    expect(td_zip_next(&d, NULL) == TD_E_INVALID_ARGUMENT, "NULL event");
    expect(td_zip_feed(&d, b.buf, b.len) == TD_E_PROTOCOL,
           "feed before a request");
    expect(td_zip_next(&d, &ev) == TD_NEED_INPUT, "request");
    td_zip_feed(&d, b.buf, b.len);
    expect(td_zip_next(&d, &ev) == TD_EVENT && ev.kind == TD_ZIP_EV_END &&
               ev.end.entries == 0,
           "end record");
    expect(td_zip_next(&d, &ev) == TD_NEED_INPUT &&
               td_zip_request(&d)->offset == 22,
           "asks whether the input ends");
    td_zip_feed(&d, NULL, 0);
    expect(td_zip_next(&d, &ev) == TD_END && td_zip_next(&d, &ev) == TD_END,
           "end, twice");
    expect(td_zip_reset(&d) == TD_OK && td_zip_next(&d, &ev) == TD_NEED_INPUT &&
               td_zip_request(&d)->offset == 0,
           "reset starts over");
    td_zip_feed(&d, "MZ\x90\0", 4);
    expect(td_zip_next(&d, &ev) == TD_E_ZIP_SIGNATURE &&
               td_zip_feed(&d, b.buf, 1) == TD_E_ZIP_SIGNATURE &&
               td_zip_fault(&d)->offset == 0,
           "errors are sticky");
}

const test_case zip_tests[] = {
    {"zip references", test_zip_references},
    {"zip references seekable", test_zip_references_seekable},
    {"zip local errors", test_zip_local_errors},
    {"zip size errors", test_zip_size_errors},
    {"zip descriptors", test_zip_descriptors},
    {"zip zip64 errors", test_zip_zip64_errors},
    {"zip central errors", test_zip_central_errors},
    {"zip end errors", test_zip_end_errors},
    {"zip zip64 end errors", test_zip_zip64_end_errors},
    {"zip events", test_zip_events},
    {"zip api", test_zip_api},
    {NULL, NULL},
};
