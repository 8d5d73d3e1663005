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
#include "container_sweep.h"
#include "harness.h"
#include "sample_data.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- The decoder behind the sweeps' common shape ------------------------ */

typedef struct snappy_state {
    td_snappy_decoder d;
    uint8_t *window;
} snappy_state;

static void state_init(void *s)
{
    snappy_state *x = s;
    td_snappy_config cfg = {sizeof cfg, 0, NULL, TD_SNAPPY_WINDOW};
    x->window = malloc(TD_SNAPPY_WINDOW);
    cfg.memory = x->window;
    td_snappy_init(&x->d, &cfg);
}

static void state_finish(void *s)
{
    free(((snappy_state *)s)->window);
}

static const char *kind_name(int kind)
{
    return kind == TD_SNAPPY_EV_STREAM ? "stream" : "skipped";
}

static void describe(const snappy_state *x, const td_snappy_event *ev,
                     container_event *ce)
{
    memset(ce, 0, offsetof(container_event, line) + 1);
    expect(ev->flags == 0, "flags %x at %llu", ev->flags,
           (unsigned long long)ev->offset);
    if (ev->kind != TD_SNAPPY_EV_DATA) {
        snprintf(ce->line, sizeof ce->line, "%s @%llu size %llu type %02x",
                 kind_name(ev->kind), (unsigned long long)ev->offset,
                 (unsigned long long)ev->size, ev->chunk_type);
        return;
    }
    expect(ev->data.data == x->window && ev->data.len <= TD_SNAPPY_WINDOW,
           "DATA is not the window's start");
    /* One DATA event per data chunk, so its size and type go in a line. */
    snprintf(ce->line, sizeof ce->line, "data @%llu size %llu type %02x",
             (unsigned long long)ev->offset, (unsigned long long)ev->size,
             ev->chunk_type);
    ce->is_data = true;
    ce->data = ev->data.data;
    ce->len = ev->data.len;
    ce->offset = ev->offset;
    ce->pos = ev->data.pos;
}

static int state_next(void *s, container_event *ce)
{
    snappy_state *x = s;
    td_snappy_event ev;
    int rc = td_snappy_next(&x->d, &ev);
    if (rc == TD_EVENT)
        describe(x, &ev, ce);
    return rc;
}

static int state_feed(void *s, const void *data, size_t len)
{
    return td_snappy_feed(&((snappy_state *)s)->d, data, len);
}

static const td_request *state_request(const void *s)
{
    return td_snappy_request(&((const snappy_state *)s)->d);
}

static const td_fault *state_fault(const void *s)
{
    return td_snappy_fault(&((const snappy_state *)s)->d);
}

static const container_codec snappy_codec = {
    sizeof(snappy_state), state_init,    state_finish, state_next,
    state_feed,           state_request, state_fault,
};

/* ---- Chunk layout ------------------------------------------------------- */

/* Chunk boundaries of a valid input; clean ends come after the first
 * chunk (the stream identifier). */
typedef struct chunk_layout {
    size_t *marks; /* chunk starts, header ends, chunk ends */
    size_t n_marks;
    size_t first_end;
    size_t len;
} chunk_layout;

static void mark(chunk_layout *l, size_t at)
{
    l->marks = realloc(l->marks, (l->n_marks + 1) * sizeof *l->marks);
    l->marks[l->n_marks++] = at;
}

static bool walk_chunks(const uint8_t *data, size_t len, chunk_layout *l)
{
    size_t at = 0;
    memset(l, 0, sizeof *l);
    l->len = len;
    while (at + 4 <= len) {
        size_t size = (size_t)data[at + 1] | (size_t)data[at + 2] << 8 |
                      (size_t)data[at + 3] << 16;
        mark(l, at);
        mark(l, at + 4);
        at += 4 + size;
        if (l->first_end == 0)
            l->first_end = at;
    }
    mark(l, at);
    return at == len && l->first_end > 0;
}

/* Every chunk end after the stream identifier is a clean end. */
static bool clean_chunk_end(const void *ctx, size_t cut)
{
    const chunk_layout *l = ctx;
    size_t i;
    if (cut < l->first_end)
        return false;
    for (i = 0; i < l->n_marks; i++)
        if (l->marks[i] == cut && i % 2 == 0)
            return true;
    return false;
}

/* ---- Checks every valid input gets -------------------------------------- */

static void check_valid(const char *name, const uint8_t *in, size_t len,
                        const uint8_t *want, size_t want_len)
{
    container_result r =
        container_decode(&snappy_codec, in, len, one_span());
    size_t n_cuts, *cuts, bits = len <= 4096 ? len : len <= 65536 ? 100 : 30;
    chunk_layout layout;
    expect(r.protocol_ok, "%s: %s", name, r.protocol_msg);
    if (!expect(r.status == TD_END, "%s: status %s at %llu (%s)", name,
                td_error_name(r.status), (unsigned long long)r.fault.offset,
                r.fault.reason ? r.fault.reason : ""))
        goto done;
    expect(r.out_len == want_len &&
               (want_len == 0 || memcmp(r.out, want, want_len) == 0),
           "%s: output differs (%zu bytes, want %zu)", name, r.out_len,
           want_len);
    if (!expect(walk_chunks(in, len, &layout), "%s: bad chunk layout", name))
        goto done;
    container_sweep_chunks(&snappy_codec, name, in, len,
                           len > (256u << 10) ? 16 : 64, 20);
    cuts =
        container_cuts(layout.marks, layout.n_marks, len, 4096, 100, &n_cuts);
    container_sweep_cuts(&snappy_codec, name, in, len, cuts, n_cuts,
                         clean_chunk_end, &layout);
    container_sweep_bits(&snappy_codec, name, in, len, bits, 16);
    free(cuts);
    free(layout.marks);
done:
    container_result_free(&r);
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
 * records that open with a HEADER (type 25), the same in every chunking. */
static void check_dynamorio_file(const char *dir, const char *name)
{
    char path[8192];
    size_t len, i, cuts[12];
    uint8_t *data;
    container_result r;
    chunk_layout layout;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    data = read_file(path, &len);
    if (!expect(data != NULL, "cannot read %s", path))
        return;
    r = container_decode(&snappy_codec, data, len, one_span());
    expect(r.status == TD_END && r.out_len % 12 == 0 && r.out_len >= 12 &&
               r.out[0] == 25 && r.out[1] == 0,
           "%s: status %s, %zu bytes of output", name, td_error_name(r.status),
           r.out_len);
    container_result_free(&r);
    container_sweep_chunks(&snappy_codec, name, data, len, 1, 3);
    for (i = 0; i < 12; i++)
        cuts[i] = len / 12 * i + i;
    if (expect(walk_chunks(data, len, &layout), "%s: bad layout", name))
        container_sweep_cuts(&snappy_codec, name, data, len, cuts, 12,
                             clean_chunk_end, &layout);
    free(layout.marks);
    free(data);
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

static void put_chunk(byte_buf *f, unsigned type, const void *body, size_t len)
{
    buf_u8(f, type);
    buf_u8(f, len & 0xff);
    buf_le16(f, (unsigned)(len >> 8));
    buf_put(f, body, len);
}

static void put_stream_id(byte_buf *f)
{
    put_chunk(f, 0xff, "sNaPpY", 6);
}

static uint32_t masked_crc(const uint8_t *p, size_t len)
{
    uint32_t crc = td_crc32c(0, p, len);
    return ((crc >> 15) | (crc << 17)) + 0xa282ead8u;
}

/* A data chunk: `body` (compressed, or the raw bytes) after the masked CRC
 * of `out` when the type has one. */
static void put_data(byte_buf *f, unsigned type, const byte_buf *body,
                     const byte_buf *out)
{
    byte_buf all = {0};
    if (type == 0 || type == 1)
        buf_le32(&all, masked_crc(out->p, out->len));
    buf_put(&all, body->p, body->len);
    put_chunk(f, type, all.p, all.len);
    buf_free(&all);
}

static void put_varint(byte_buf *b, uint32_t v)
{
    for (; v >= 0x80; v >>= 7)
        buf_u8(b, (v & 0x7f) | 0x80);
    buf_u8(b, v);
}

/* Elements: append to the compressed body `b` and the output `out`. */
static void literal(byte_buf *b, byte_buf *out, const uint8_t *p, size_t n,
                    unsigned width)
{
    unsigned i;
    if (width == 0) {
        buf_u8(b, (unsigned)(n - 1) << 2);
    } else {
        buf_u8(b, (59 + width) << 2);
        for (i = 0; i < width; i++)
            buf_u8(b, (unsigned)((n - 1) >> (8 * i)) & 0xff);
    }
    buf_put(b, p, n);
    buf_put(out, p, n);
}

/* A copy with a 1-, 2- or 4-byte offset field. */
static void copy(byte_buf *b, byte_buf *out, unsigned field, uint32_t offset,
                 uint32_t len)
{
    uint32_t i;
    if (field == 1) {
        buf_u8(b, 1 | (len - 4) << 2 | (offset >> 8) << 5);
        buf_u8(b, offset & 0xff);
    } else {
        buf_u8(b, (field == 2 ? 2 : 3) | (len - 1) << 2);
        buf_le16(b, offset & 0xffff);
        if (field == 4)
            buf_le16(b, offset >> 16);
    }
    for (i = 0; i < len; i++)
        buf_u8(out, out->p[out->len - offset]);
}

static uint8_t text[70000];

static void make_text(void)
{
    uint8_t *t = sample_data(SAMPLE_TEXT, sizeof text, 77);
    memcpy(text, t, sizeof text);
    free(t);
}

/* Every literal length encoding and copy kind in one chunk of `type`. */
static void elements_chunk(byte_buf *f, byte_buf *all, unsigned type)
{
    byte_buf body = {0}, out = {0}, b = {0};
    unsigned n;
    literal(&b, &out, text, 1, 0);
    literal(&b, &out, text + 1, 60, 0);
    literal(&b, &out, text + 61, 61, 1);
    literal(&b, &out, text + 122, 256, 1);
    literal(&b, &out, text + 378, 2100, 2);
    literal(&b, &out, text + 2478, 5, 3);
    literal(&b, &out, text + 2483, 7, 4);
    for (n = 4; n <= 11; n++)
        copy(&b, &out, 1, n == 11 ? 2047 : n - 3, n);
    for (n = 1; n <= 64; n++)
        copy(&b, &out, 2, n * 37 % 3000 + 1, n);
    copy(&b, &out, 2, (uint32_t)out.len, 64); /* reaches the chunk start */
    copy(&b, &out, 4, 3, 64);
    copy(&b, &out, 4, (uint32_t)out.len, 1);
    copy(&b, &out, 2, 1, 64);
    literal(&b, &out, text + 3000, 3, 0);
    put_varint(&body, (uint32_t)out.len);
    buf_put(&body, b.p, b.len);
    put_data(f, type, &body, &out);
    buf_put(all, out.p, out.len);
    buf_free(&body);
    buf_free(&out);
    buf_free(&b);
}

/* 65536 bytes of output: the most a chunk may hold. */
static void full_chunk(byte_buf *f, byte_buf *all, unsigned type)
{
    byte_buf body = {0}, out = {0}, b = {0};
    unsigned i;
    literal(&b, &out, text, 1, 0);
    for (i = 0; i < 1023; i++)
        copy(&b, &out, 2, 1 + i % 7, 64);
    copy(&b, &out, 2, 100, 63);
    put_varint(&body, (uint32_t)out.len);
    buf_put(&body, b.p, b.len);
    put_data(f, type, &body, &out);
    buf_put(all, out.p, out.len);
    buf_free(&body);
    buf_free(&out);
    buf_free(&b);
}

static void raw_chunk(byte_buf *f, byte_buf *all, unsigned type, size_t len)
{
    byte_buf raw = {0};
    buf_put(&raw, text, len);
    put_data(f, type, &raw, &raw);
    buf_put(all, text, len);
    buf_free(&raw);
}

static void test_hand_built(void)
{
    static const uint8_t long_varint[] = {0x85, 0x80, 0x80, 0x80, 0x00, 0x10,
                                          'a',  'b',  'c',  'd',  'e'};
    byte_buf f = {0}, all = {0}, empty = {0}, zero = {0}, body = {0};
    make_text();
    put_varint(&zero, 0);
    put_stream_id(&f);
    put_chunk(&f, 0x80, NULL, 0);
    elements_chunk(&f, &all, 0x00);
    elements_chunk(&f, &all, 0x02);
    full_chunk(&f, &all, 0x00);
    full_chunk(&f, &all, 0x02);
    raw_chunk(&f, &all, 0x01, 65536);
    raw_chunk(&f, &all, 0x03, 65536);
    raw_chunk(&f, &all, 0x01, 0);
    raw_chunk(&f, &all, 0x03, 0);
    put_data(&f, 0x00, &zero, &empty);
    put_data(&f, 0x02, &zero, &empty);
    put_chunk(&f, 0xfe, text, 100);
    put_chunk(&f, 0xfd, text, 10);
    put_stream_id(&f);
    buf_put(&body, long_varint, sizeof long_varint);
    put_chunk(&f, 0x02, body.p, body.len);
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
        container_result r;
        if (!c->bare)
            put_stream_id(&f);
        buf_put(&f, c->bytes, c->len);
        r = container_decode(&snappy_codec, f.p, f.len, one_span());
        expect(r.status == c->code && r.fault.offset == c->at &&
                   r.fault.reason != NULL && r.protocol_ok,
               "%s: %s at %llu (%s), want %s at %zu", c->name,
               td_error_name(r.status), (unsigned long long)r.fault.offset,
               r.fault.reason ? r.fault.reason : "no reason",
               td_error_name(c->code), c->at);
        container_result_free(&r);
        container_sweep_chunks(&snappy_codec, c->name, f.p, f.len, 64, 8);
        buf_free(&f);
    }
}

/* ---- The API ------------------------------------------------------------ */

static void test_api(void)
{
    static uint8_t window[TD_SNAPPY_WINDOW];
    static const uint8_t input[] = "\xff\x06\x00\x00sNaPpY\x03\x01\x00\x00x";
    td_snappy_config cfg = {sizeof cfg, 0, window, sizeof window};
    td_snappy_config bad;
    td_snappy_decoder d;
    td_snappy_event ev;
    int round;
    expect(td_snappy_init(NULL, &cfg) == TD_E_INVALID_ARGUMENT,
           "init without a decoder");
    expect(td_snappy_init(&d, NULL) == TD_E_INVALID_ARGUMENT,
           "init without a config");
    bad = cfg;
    bad.size = sizeof bad - 1;
    expect(td_snappy_init(&d, &bad) == TD_E_INVALID_ARGUMENT,
           "init with a short config");
    bad = cfg;
    bad.flags = 1;
    expect(td_snappy_init(&d, &bad) == TD_E_INVALID_ARGUMENT,
           "init with an unknown flag");
    bad = cfg;
    bad.memory = NULL;
    expect(td_snappy_init(&d, &bad) == TD_E_INVALID_ARGUMENT,
           "init without a window");
    bad = cfg;
    bad.memory_size = TD_SNAPPY_WINDOW - 1;
    expect(td_snappy_init(&d, &bad) == TD_E_BAD_CONFIG,
           "init with a small window");
    expect(td_snappy_init(&d, &cfg) == TD_OK, "init");
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
