/*
 * test_lz4.c - the LZ4 frame decoder's specification, as tests:
 *   - xxHash32 gives the checksums the lz4 CLI writes (content, block and
 *     header checksums) and known values, in any number of pieces;
 *   - inputs compressed at test time by the lz4 CLI (every block size,
 *     linked and independent blocks, checksums on and off, content size,
 *     levels -1 to -12, concatenated frames; random, repetitive, text and
 *     12-byte-record data; empty, tiny, around 64 KiB, above 4 MiB) decode
 *     to the original, the same in every chunking, with every truncation
 *     ending in TD_E_TRUNCATED and every bit flip in a clean end or an
 *     error inside the input;
 *   - hand-built frames (stored and empty blocks, skippable frames, far
 *     and overlapping matches, matches wrapping the window, long lengths)
 *     decode to what the test constructed;
 *   - every error code, with its offset, from hand-built frames;
 *   - the API's argument, protocol and reset rules.
 * The CLI tests say SKIP when `lz4` is not installed.
 */
#include "codec_containers.h"
#include "config_check.h"
#include "container_check.h"
#include "harness.h"
#include "lz4_frames.h"
#include "sample_data.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- The lz4 CLI -------------------------------------------------------- */

static bool have_lz4(void)
{
    if (run_shell("command -v lz4 >/dev/null 2>&1") == 0)
        return true;
    skip("lz4 is not installed");
    return false;
}

/* Compress data with `lz4 OPTIONS`; the frame in malloc'd memory. */
static uint8_t *lz4_cli(const uint8_t *data, size_t len, const char *options,
                        size_t *out_len)
{
    char in[256], out[256];
    snprintf(in, sizeof in, "%s", temp_path("in"));
    snprintf(out, sizeof out, "%s", temp_path("in.lz4"));
    if (write_file(in, data, len) != 0 ||
        run_shell("lz4 -q -f %s '%s' '%s'", options, in, out) != 0)
        return NULL;
    return read_file(out, out_len);
}

/* ---- Checks every valid input gets -------------------------------------- */

/* Sweep sizes by input size: small inputs get everything. */
static container_plan plan_for(size_t len, bool light)
{
    container_plan p = {64, 20, 4096, 200, 4096, 16};
    if (light) {
        p.spread = 30;
        p.bit_positions = 16;
        return p;
    }
    if (len > (1u << 20)) {
        p.max_chunk = 4;
        p.randoms = 4;
        p.spread = 20;
        p.bit_positions = 4;
        p.split_every = 16;
    } else if (len > (256u << 10)) {
        p.max_chunk = 16;
        p.randoms = 8;
        p.spread = 50;
        p.bit_positions = 16;
    } else if (len > 65536) {
        p.spread = 100;
        p.bit_positions = 40;
    } else if (len > 4096) {
        p.bit_positions = 100;
        p.split_every = 32;
    }
    return p;
}

/* Every bit flip decodes the whole output: keep that to about 32 MiB. */
static size_t flip_positions(size_t planned, size_t out_len)
{
    size_t affordable = 1 + (32u << 20) / (8 * (out_len + 1));
    return planned < affordable ? planned : affordable;
}

/* Decode `frame`; it must give `want` and end cleanly, in every chunking,
 * with every truncation and bit flip behaving. `light`: fewer cuts and
 * flips, for inputs that resemble others. */
static void check_frames(const char *name, const uint8_t *frame, size_t len,
                         const uint8_t *want, size_t want_len,
                         const char *log_has, bool light)
{
    container_plan plan = plan_for(len, light);
    test_file f = test_file_of(frame, len);
    test_input in = test_input_of(&f);
    lz4_layout layout;
    if (!expect(lz4_walk(frame, len, &layout), "%s: walker failed", name))
        return;
    plan.bit_positions = flip_positions(plan.bit_positions, want_len);
    check_container(&lz4_codec, name, &in, want, want_len, log_has,
                    layout.marks, layout.n_marks, &plan);
    lz4_layout_free(&layout);
}

static void check_valid(const char *name, const uint8_t *frame, size_t len,
                        const uint8_t *want, size_t want_len,
                        const char *log_has)
{
    check_frames(name, frame, len, want, want_len, log_has, false);
}

/* ---- xxHash32 ----------------------------------------------------------- */

static uint32_t xxh32_pieces(const uint8_t *p, size_t len, uint32_t seed,
                             uint64_t split_seed)
{
    td_xxh32 h;
    size_t at = 0, n;
    td_xxh32_init(&h, seed);
    while (at < len) {
        n = split_seed == 0 ? len : 1 + sample_random(&split_seed) % 37;
        if (n > len - at)
            n = len - at;
        td_xxh32_update(&h, p + at, n);
        at += n;
    }
    return td_xxh32_digest(&h);
}

static void test_xxh32_values(void)
{
    static const struct {
        const char *text;
        uint32_t hash;
    } known[] = {
        {"", 0x02cc5d05u},
        {"a", 0x550d7456u},
        {"abc", 0x32d153ffu},
        {"Nobody inspects the spammish repetition", 0xe2293b2fu},
    };
    uint8_t *data = sample_data(SAMPLE_RANDOM, 1000, 3);
    unsigned i;
    uint64_t s;
    for (i = 0; i < sizeof known / sizeof *known; i++) {
        const uint8_t *p = (const uint8_t *)known[i].text;
        size_t len = strlen(known[i].text);
        expect(xxh32_pieces(p, len, 0, 0) == known[i].hash &&
                   xxh32_pieces(p, len, 0, 5) == known[i].hash,
               "xxh32(\"%s\") = %08x, want %08x", known[i].text,
               xxh32_pieces(p, len, 0, 0), known[i].hash);
    }
    for (i = 0; i <= 1000; i += i < 70 ? 1 : 93)
        for (s = 1; s <= 4; s++)
            expect(xxh32_pieces(data, i, (uint32_t)s * 0x9e3779b1u, s) ==
                       xxh32_pieces(data, i, (uint32_t)s * 0x9e3779b1u, 0),
                   "xxh32 of %u bytes depends on the pieces", i);
    free(data);
}

static uint32_t le32_at(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
           (uint32_t)p[3] << 24;
}

/* The header, block and content checksums of one CLI frame (-BX, no
 * content size) against td_xxh32. */
static void check_cli_checksums(const uint8_t *data, size_t len,
                                const uint8_t *frame, size_t frame_len)
{
    size_t at = 7;
    expect(frame_len >= 15 &&
               ((xxh32_pieces(frame + 4, 2, 0, 0) >> 8) & 0xff) == frame[6],
           "header checksum of %zu bytes", len);
    while (at + 4 <= frame_len && le32_at(frame + at) != 0) {
        size_t size = le32_at(frame + at) & 0x7fffffffu;
        expect(at + 8 + size <= frame_len &&
                   xxh32_pieces(frame + at + 4, size, 0, 7) ==
                       le32_at(frame + at + 4 + size),
               "block checksum at %zu of %zu bytes", at, len);
        at += 8 + size;
    }
    expect(frame_len >= 4 &&
               xxh32_pieces(data, len, 0, 3) == le32_at(frame + frame_len - 4),
           "content checksum of %zu bytes", len);
}

static void test_xxh32_cli(void)
{
    static const size_t sizes[] = {0,   1,    3,    4,     5,     15, 16,
                                   17,  31,   32,   33,    63,    64, 100,
                                   255, 1000, 4096, 65537, 300001};
    unsigned i;
    if (!have_lz4())
        return;
    for (i = 0; i < sizeof sizes / sizeof *sizes; i++) {
        uint8_t *data =
            sample_data(i % 2 ? SAMPLE_TEXT : SAMPLE_RANDOM, sizes[i], i);
        size_t frame_len;
        uint8_t *frame = lz4_cli(data, sizes[i], "-BX -B4", &frame_len);
        if (expect(frame != NULL, "lz4 failed on %zu bytes", sizes[i]))
            check_cli_checksums(data, sizes[i], frame, frame_len);
        free(frame);
        free(data);
    }
    temp_remove();
}

/* ---- Frames from the lz4 CLI -------------------------------------------- */

typedef struct cli_case {
    const char *name;
    enum sample_kind kind;
    size_t len;
    const char *options;
    const char *log_has; /* NULL, or a substring of the event log */
} cli_case;

static const cli_case cli_cases[] = {
    {"empty", SAMPLE_RANDOM, 0, "", "end #0 @7 size 8"},
    {"one byte", SAMPLE_RANDOM, 1, "--content-size", "content-size 1 "},
    {"12 bytes", SAMPLE_TEXT, 12, "-BX", "block-checksum 1"},
    {"13 bytes", SAMPLE_TEXT, 13, "-9", NULL},
    {"text 5000", SAMPLE_TEXT, 5000, "--no-frame-crc", "content-checksum 0"},
    {"random 20000", SAMPLE_RANDOM, 20000, "-BX", NULL},
    {"zeros 300000 linked", SAMPLE_ZEROS, 300000, "-B4 -BD", "independent 0"},
    {"records 200000 -9 linked", SAMPLE_RECORDS, 200000, "-9 -B4 -BD -BX",
     NULL},
    /* lz4 1.9.4 fails on 65533 to 65535 bytes with -B4 */
    {"records 65532", SAMPLE_RECORDS, 65532, "-B4", "block-max 65536"},
    {"records 65535", SAMPLE_RECORDS, 65535, "-B5", NULL},
    {"records 65536 linked", SAMPLE_RECORDS, 65536, "-B4 -BD", NULL},
    {"records 65537 linked", SAMPLE_RECORDS, 65537, "-B4 -BD --content-size",
     "content-size 65537 "},
    {"records 131073 linked", SAMPLE_RECORDS, 131073, "-B4 -BD --no-frame-crc",
     NULL},
    {"records 65600 linked", SAMPLE_RECORDS, 65600, "-B4 -BD", NULL},
    {"mixed 600000 -B5 linked", SAMPLE_MIXED, 600000, "-B5 -BD -BX",
     "block-max 262144"},
    {"mixed 1200000 -B6", SAMPLE_MIXED, 1200000, "-B6 --content-size",
     "block-max 1048576"},
    {"text 100000 -12 linked", SAMPLE_TEXT, 100000, "-12 -B4 -BD", NULL},
    {"records 100000 --fast=5", SAMPLE_RECORDS, 100000, "--fast=5 -B4 -BD",
     NULL},
    {"records 100000 favor", SAMPLE_RECORDS, 100000, "-3 --favor-decSpeed",
     NULL},
    {"records 4300000 linked", SAMPLE_RECORDS, 4300000, "-BD",
     "block-max 4194304"},
    {"mixed 4250000 -B7 -BX", SAMPLE_MIXED, 4250000, "-B7 -BX --content-size",
     NULL},
};

static void run_cli_case(const cli_case *c, unsigned seed, bool light)
{
    uint8_t *data = sample_data(c->kind, c->len, seed);
    size_t frame_len;
    uint8_t *frame = lz4_cli(data, c->len, c->options, &frame_len);
    char name[160];
    snprintf(name, sizeof name, "%s (lz4 %s)", c->name, c->options);
    if (expect(frame != NULL, "%s: lz4 failed", name))
        check_frames(name, frame, frame_len, data, c->len, c->log_has, light);
    free(frame);
    free(data);
}

static void test_cli_frames(void)
{
    unsigned i;
    if (!have_lz4())
        return;
    for (i = 0; i < sizeof cli_cases / sizeof *cli_cases; i++)
        if (cli_cases[i].len < 4000000)
            run_cli_case(&cli_cases[i], i, false);
    temp_remove();
}

static void test_cli_big(void)
{
    unsigned i;
    if (!have_lz4())
        return;
    for (i = 0; i < sizeof cli_cases / sizeof *cli_cases; i++)
        if (cli_cases[i].len >= 4000000)
            run_cli_case(&cli_cases[i], i, false);
    temp_remove();
}

static void test_cli_levels(void)
{
    char options[32];
    int level;
    if (!have_lz4())
        return;
    for (level = 1; level <= 12; level++) {
        cli_case c = {"mixed 70000", SAMPLE_MIXED, 70000, options, NULL};
        snprintf(options, sizeof options, "-%d -B4 %s", level,
                 level % 2 ? "-BD" : "-BX");
        run_cli_case(&c, 99, true);
    }
    temp_remove();
}

/* Frames made separately, concatenated, with skippable frames between. */
static void test_cli_concatenated(void)
{
    static const char *const options[] = {"-B4 -BD", "-BX --content-size",
                                          "-9 --no-frame-crc", "-B5"};
    byte_buf all = {0}, want = {0};
    unsigned i;
    if (!have_lz4())
        return;
    for (i = 0; i < 4; i++) {
        size_t len = 30000 + i * 20000, frame_len;
        uint8_t *data = sample_data((enum sample_kind)(i + 1), len, i);
        uint8_t *frame = lz4_cli(data, len, options[i], &frame_len);
        if (expect(frame != NULL, "lz4 %s failed", options[i])) {
            buf_put(&all, frame, frame_len);
            lz4_put_skippable(&all, i * 5, i * 3);
            buf_put(&want, data, len);
        }
        free(frame);
        free(data);
    }
    check_valid("concatenated frames", all.p, all.len, want.p, want.len,
                "skippable #7 @");
    buf_free(&all);
    buf_free(&want);
    temp_remove();
}

/* ---- Hand-built frames -------------------------------------------------- */

/* A compressed block under construction, and the output it must give. */
typedef struct builder {
    byte_buf block; /* the block's sequences */
    byte_buf out;   /* the whole frame's expected output */
} builder;

/* Append a sequence to the block and its output to `out`, byte by byte. */
static void seq(builder *b, const uint8_t *lit, size_t lit_len,
                unsigned offset, size_t match_len)
{
    size_t i;
    lz4_put_sequence(&b->block, lit, lit_len, offset, match_len);
    buf_put(&b->out, lit, lit_len);
    for (i = 0; i < match_len; i++)
        buf_u8(&b->out, b->out.p[b->out.len - offset]);
}

/* Close the block into the frame `f`. */
static void close_block(builder *b, byte_buf *f, bool checksum)
{
    lz4_put_block(f, b->block.p, b->block.len, false, checksum);
    b->block.len = 0;
}

/* A stored block of random bytes, also appended to the output. */
static void stored(builder *b, byte_buf *f, size_t len, uint64_t seed,
                   bool checksum)
{
    uint8_t *data = sample_data(SAMPLE_RANDOM, len, seed);
    lz4_put_block(f, data, len, true, checksum);
    buf_put(&b->out, data, len);
    free(data);
}

static void builder_free(builder *b)
{
    buf_free(&b->block);
    buf_free(&b->out);
}

/* Literal bytes for hand-built sequences. */
static uint8_t lits[1024];

static void make_lits(void)
{
    uint8_t *text = sample_data(SAMPLE_TEXT, sizeof lits, 12345);
    memcpy(lits, text, sizeof lits);
    free(text);
}

/* Stored blocks, empty blocks, an empty frame, skippable frames. */
static void hand_stored_and_skippable(void)
{
    builder b = {{0}, {0}};
    byte_buf f = {0};
    lz4_put_skippable(&f, 0, 0);
    lz4_put_header(&f,
                   T_FLG_VERSION | T_FLG_BLOCK_CHECKSUM | T_FLG_CONTENT_SIZE |
                       T_FLG_CONTENT_CHECKSUM,
                   T_BD_64K, 65536 + 100, 0);
    stored(&b, &f, 65536, 1, true);
    lz4_put_block(&f, NULL, 0, true, true); /* empty stored block */
    lz4_put_block(&f, (const uint8_t *)"\0", 1, false, true); /* no output */
    stored(&b, &f, 100, 2, true);
    lz4_put_end(&f, true, b.out.p, b.out.len);
    lz4_put_skippable(&f, 15, 1000);
    lz4_put_header(&f, T_FLG_VERSION, T_BD_4M, 0, 0); /* empty frame */
    lz4_put_end(&f, false, NULL, 0);
    lz4_put_header(&f, T_FLG_VERSION | T_FLG_CONTENT_SIZE, T_BD_256K, 0, 0);
    lz4_put_end(&f, false, NULL, 0);
    check_valid("stored and skippable", f.p, f.len, b.out.p, b.out.len,
                "skippable #2 @65700 size 1008 magic 184d2a5f bytes 1000");
    buf_free(&f);
    builder_free(&b);
}

/* Offsets 1..17, the farthest offset, long lengths. */
static void hand_sequences(bool independent)
{
    builder b = {{0}, {0}};
    byte_buf f = {0};
    unsigned dist;
    uint8_t flg = T_FLG_VERSION | T_FLG_CONTENT_CHECKSUM |
                  (independent ? T_FLG_INDEPENDENT : 0);
    lz4_put_header(&f, flg, T_BD_256K, 0, 0);
    seq(&b, lits, 40, 1, 4);
    for (dist = 1; dist <= 17; dist++)
        seq(&b, lits + dist, dist % 3, dist, 4 + dist * 7);
    seq(&b, lits, 15, 15, 18);          /* nibbles 15 and 14 */
    seq(&b, lits, 16, 16, 19);          /* length bytes 1 and 0 */
    seq(&b, lits, 14, 3, 15 + 4 + 255); /* match bytes 255, 0 */
    seq(&b, lits, 15 + 255, 270, 19 + 255 + 255 + 3); /* 255, 0; 255 255 3 */
    seq(&b, lits, 15 + 255 + 255 + 9, 1, 4);
    seq(&b, lits, 0, 40, 70000); /* no literals; wraps the window */
    seq(&b, lits, 12, 0, 0);
    close_block(&b, &f, false);
    lz4_put_end(&f, true, b.out.p, b.out.len);
    check_valid(independent ? "sequences, independent" : "sequences", f.p,
                f.len, b.out.p, b.out.len, NULL);
    buf_free(&f);
    builder_free(&b);
}

/* Linked blocks: matches reach 65535 back into earlier blocks, and
 * sources wrap around the window's end. */
static void hand_linked(void)
{
    builder b = {{0}, {0}};
    byte_buf f = {0};
    lz4_put_header(&f, T_FLG_VERSION | T_FLG_CONTENT_CHECKSUM, T_BD_64K, 0, 0);
    stored(&b, &f, 65536, 3, false);
    seq(&b, NULL, 0, 65535, 100); /* a block may start with a match */
    seq(&b, lits, 64, 150, 100);  /* output 65800: source 150 back */
    seq(&b, lits, 0, 65535, 40);
    seq(&b, lits, 7, 65000, 3000);
    seq(&b, lits, 20, 0, 0);
    close_block(&b, &f, false);
    stored(&b, &f, 62133, 4, false); /* the output reaches 65400 in the
                                        window (65600 bytes) */
    seq(&b, lits, 1, 300, 500);      /* the copy crosses the window's end */
    seq(&b, lits, 1, 65535, 60000);
    seq(&b, lits, 12, 0, 0);
    close_block(&b, &f, false);
    lz4_put_end(&f, true, b.out.p, b.out.len);
    check_valid("linked blocks", f.p, f.len, b.out.p, b.out.len, NULL);
    buf_free(&f);
    builder_free(&b);
}

/* The end-of-block rules at their limits, and blocks without matches. */
static void hand_block_ends(void)
{
    builder b = {{0}, {0}};
    byte_buf f = {0};
    lz4_put_header(&f, T_FLG_VERSION | T_FLG_INDEPENDENT, T_BD_64K, 0, 0);
    seq(&b, lits, 3, 0, 0); /* 3 literals, no match */
    close_block(&b, &f, false);
    seq(&b, lits, 0, 0, 0); /* no output at all */
    close_block(&b, &f, false);
    seq(&b, lits, 1, 1, 7); /* match 12 before the end, then 5 literals */
    seq(&b, lits, 5, 0, 0);
    close_block(&b, &f, false);
    seq(&b, lits, 2, 2, 4); /* match 12 before the end, then 8 literals */
    seq(&b, lits, 8, 0, 0);
    close_block(&b, &f, false);
    lz4_put_end(&f, false, NULL, 0);
    check_valid("block end rules", f.p, f.len, b.out.p, b.out.len, NULL);
    buf_free(&f);
    builder_free(&b);
}

static void test_hand_built(void)
{
    make_lits();
    hand_stored_and_skippable();
    hand_sequences(false);
    hand_sequences(true);
    hand_linked();
    hand_block_ends();
}

/* ---- Errors ------------------------------------------------------------- */

typedef struct bad_case {
    const char *name;
    int code;
    void (*build)(byte_buf *f, size_t *at); /* *at: the offset expected */
} bad_case;

static void plain_header(byte_buf *f, uint8_t more_flags)
{
    lz4_put_header(f, T_FLG_VERSION | T_FLG_INDEPENDENT | more_flags, T_BD_64K,
                   0, 0);
}

static void build_trailing_garbage(byte_buf *f, size_t *at)
{
    plain_header(f, 0);
    lz4_put_end(f, false, NULL, 0);
    *at = f->len;
    buf_put(f, "XXXXXXXX", 8);
}

static void build_legacy(byte_buf *f, size_t *at)
{
    *at = 0;
    buf_le32(f, 0x184c2102u);
    buf_le32(f, 0);
}

static void build_version(byte_buf *f, size_t *at)
{
    lz4_put_header(f, 0x80, T_BD_64K, 0, 0);
    lz4_put_end(f, false, NULL, 0);
    *at = 4;
}

static void build_reserved_flag(byte_buf *f, size_t *at)
{
    lz4_put_header(f, T_FLG_VERSION | 0x02, T_BD_64K, 0, 0);
    lz4_put_end(f, false, NULL, 0);
    *at = 4;
}

static void build_bd_size(byte_buf *f, size_t *at)
{
    lz4_put_header(f, T_FLG_VERSION, 0x30, 0, 0);
    lz4_put_end(f, false, NULL, 0);
    *at = 5;
}

static void build_bd_reserved(byte_buf *f, size_t *at)
{
    lz4_put_header(f, T_FLG_VERSION, T_BD_64K | 0x80, 0, 0);
    lz4_put_end(f, false, NULL, 0);
    *at = 5;
}

static void build_block_size_word(byte_buf *f, size_t *at)
{
    plain_header(f, 0);
    *at = f->len;
    buf_le32(f, 65537 | 0x80000000u);
    buf_put(f, lits, 100);
}

/* Good sequences around a bad one, so that the fast path meets it in the
 * middle of a long span and has to leave it to the step-by-step code. */
static void pad_front(byte_buf *block)
{
    int i;
    for (i = 0; i < 8; i++)
        lz4_put_sequence(block, lits + 10 * i, 10, 10, 10);
}

static void pad_back(byte_buf *block)
{
    int i;
    for (i = 0; i < 4; i++)
        lz4_put_sequence(block, lits, 10, 7, 10);
    lz4_put_sequence(block, lits, 40, 0, 0);
}

static void build_block_output(byte_buf *f, size_t *at)
{
    byte_buf block = {0};
    plain_header(f, 0);
    lz4_put_sequence(&block, lits, 10, 1, 60000);
    pad_front(&block);
    *at = f->len + 4 + block.len;
    lz4_put_sequence(&block, lits, 10, 1, 6000);
    pad_back(&block);
    lz4_put_block(f, block.p, block.len, false, false);
    lz4_put_end(f, false, NULL, 0);
    buf_free(&block);
}

static void build_header_checksum(byte_buf *f, size_t *at)
{
    lz4_put_header(f, T_FLG_VERSION | T_FLG_CONTENT_SIZE, T_BD_64K, 3, 0);
    f->p[f->len - 1] ^= 1;
    *at = f->len - 1;
    lz4_put_block(f, lits, 3, true, false);
    lz4_put_end(f, false, NULL, 0);
}

static void build_block_checksum(byte_buf *f, size_t *at)
{
    plain_header(f, T_FLG_BLOCK_CHECKSUM);
    lz4_put_block(f, lits, 30, true, true);
    lz4_put_block(f, lits, 10, true, true);
    f->p[f->len - 2] ^= 0x40;
    *at = f->len - 4;
    lz4_put_end(f, false, NULL, 0);
}

static void build_content_checksum(byte_buf *f, size_t *at)
{
    plain_header(f, T_FLG_CONTENT_CHECKSUM);
    lz4_put_block(f, lits, 30, true, false);
    *at = f->len + 4;
    lz4_put_end(f, true, lits, 29);
}

static void build_content_short(byte_buf *f, size_t *at)
{
    lz4_put_header(f, T_FLG_VERSION | T_FLG_CONTENT_SIZE, T_BD_64K, 31, 0);
    lz4_put_block(f, lits, 30, true, false);
    *at = f->len;
    lz4_put_end(f, false, NULL, 0);
}

static void build_content_stored(byte_buf *f, size_t *at)
{
    lz4_put_header(f, T_FLG_VERSION | T_FLG_CONTENT_SIZE, T_BD_64K, 29, 0);
    *at = f->len;
    lz4_put_block(f, lits, 30, true, false);
    lz4_put_end(f, false, NULL, 0);
}

static void build_content_sequence(byte_buf *f, size_t *at)
{
    byte_buf block = {0};
    lz4_put_header(f, T_FLG_VERSION | T_FLG_CONTENT_SIZE, T_BD_64K, 35, 0);
    lz4_put_sequence(&block, lits, 10, 5, 10);
    *at = f->len + 4 + block.len;
    lz4_put_sequence(&block, lits, 10, 5, 10); /* its match passes 35 */
    lz4_put_sequence(&block, lits, 12, 0, 0);
    lz4_put_block(f, block.p, block.len, false, false);
    lz4_put_end(f, false, NULL, 0);
    buf_free(&block);
}

/* A block from sequences; *at = block data offset + at_in_block. */
static void one_block(byte_buf *f, const uint8_t *block, size_t len,
                      size_t *at, size_t at_in_block)
{
    plain_header(f, 0);
    *at = f->len + 4 + at_in_block;
    lz4_put_block(f, block, len, false, false);
    lz4_put_end(f, false, NULL, 0);
}

static void build_offset_zero(byte_buf *f, size_t *at)
{
    byte_buf block = {0};
    lz4_put_sequence(&block, lits, 5, 0, 8);
    lz4_put_sequence(&block, lits, 12, 0, 0);
    one_block(f, block.p, block.len, at, 6);
    buf_free(&block);
}

static void build_offset_before_frame(byte_buf *f, size_t *at)
{
    byte_buf block = {0};
    lz4_put_sequence(&block, lits, 5, 6, 8);
    lz4_put_sequence(&block, lits, 12, 0, 0);
    one_block(f, block.p, block.len, at, 6);
    buf_free(&block);
}

static void build_offset_independent(byte_buf *f, size_t *at)
{
    byte_buf block = {0};
    plain_header(f, 0);
    lz4_put_block(f, lits, 50, true, false);
    lz4_put_sequence(&block, lits, 5, 6, 8);
    lz4_put_sequence(&block, lits, 12, 0, 0);
    *at = f->len + 4 + 6;
    lz4_put_block(f, block.p, block.len, false, false);
    lz4_put_end(f, false, NULL, 0);
    buf_free(&block);
}

/* The bad sequence between good ones, at *at once in the frame. */
static void fast_case(byte_buf *f, size_t *at, unsigned offset)
{
    byte_buf block = {0};
    size_t bad;
    pad_front(&block);
    bad = block.len;
    lz4_put_sequence(&block, lits, 5, offset, 8);
    pad_back(&block);
    one_block(f, block.p, block.len, at, bad + 6);
    buf_free(&block);
}

static void build_fast_offset_zero(byte_buf *f, size_t *at)
{
    fast_case(f, at, 0);
}

static void build_fast_offset_before_frame(byte_buf *f, size_t *at)
{
    fast_case(f, at, 166);
}

static void build_fast_offset_independent(byte_buf *f, size_t *at)
{
    byte_buf block = {0};
    size_t bad;
    plain_header(f, 0);
    lz4_put_block(f, lits, 50, true, false);
    pad_front(&block);
    bad = block.len;
    lz4_put_sequence(&block, lits, 5, 166, 8); /* 215 in the frame */
    pad_back(&block);
    *at = f->len + 4 + bad + 6;
    lz4_put_block(f, block.p, block.len, false, false);
    lz4_put_end(f, false, NULL, 0);
    buf_free(&block);
}

static void build_fast_content_size(byte_buf *f, size_t *at)
{
    byte_buf block = {0};
    lz4_put_header(f, T_FLG_VERSION | T_FLG_CONTENT_SIZE, T_BD_64K, 175, 0);
    pad_front(&block);
    *at = f->len + 4 + block.len;
    lz4_put_sequence(&block, lits, 10, 5, 10); /* its match passes 175 */
    pad_back(&block);
    lz4_put_block(f, block.p, block.len, false, false);
    lz4_put_end(f, false, NULL, 0);
    buf_free(&block);
}

static void build_literals_past_block(byte_buf *f, size_t *at)
{
    byte_buf block = {0};
    lz4_put_sequence(&block, lits, 30, 0, 0);
    block.len -= 1;
    one_block(f, block.p, block.len, at, 0);
    buf_free(&block);
}

static void build_length_past_block(byte_buf *f, size_t *at)
{
    static const uint8_t block[] = {0x10, 'a', 0x01, 0x00, 0xf0, 0xff};
    one_block(f, block, sizeof block, at, 4);
}

static void build_offset_past_block(byte_buf *f, size_t *at)
{
    static const uint8_t block[] = {0x10, 'a', 0x01};
    one_block(f, block, sizeof block, at, 0);
}

static void build_match_length_past_block(byte_buf *f, size_t *at)
{
    static const uint8_t block[] = {0x1f, 'a', 0x01, 0x00, 0xff, 0xff};
    one_block(f, block, sizeof block, at, 0);
}

static void build_ends_with_match(byte_buf *f, size_t *at)
{
    byte_buf block = {0};
    lz4_put_sequence(&block, lits, 20, 0, 0);
    block.p[0] = 0xf0 | 0x04; /* a match after the literals... */
    buf_le16(&block, 3);      /* ...that ends the block */
    one_block(f, block.p, block.len, at, 0);
    buf_free(&block);
}

/* A block of 20 literals and a match of match_len bytes at offset 4, then
 * the last sequence of last_literals literals; *at is where that begins. */
static void two_sequences(byte_buf *f, size_t *at, size_t match_len,
                          size_t last_literals)
{
    byte_buf block = {0};
    lz4_put_sequence(&block, lits, 20, 4, match_len);
    *at = block.len;
    lz4_put_sequence(&block, lits, last_literals, 0, 0);
    one_block(f, block.p, block.len, at, *at);
    buf_free(&block);
}

static void build_few_last_literals(byte_buf *f, size_t *at)
{
    two_sequences(f, at, 20, 4);
}

static void build_late_last_match(byte_buf *f, size_t *at)
{
    two_sequences(f, at, 6, 5);
}

static void build_dictionary(byte_buf *f, size_t *at)
{
    lz4_put_header(f, T_FLG_VERSION | T_FLG_DICT_ID, T_BD_64K, 0, 1234);
    lz4_put_end(f, false, NULL, 0);
    *at = 6;
}

static void build_cut_block(byte_buf *f, size_t *at)
{
    plain_header(f, 0);
    *at = f->len;
    lz4_put_block(f, lits, 100, true, false);
    f->len -= 30;
}

static void build_cut_header(byte_buf *f, size_t *at)
{
    lz4_put_header(f, T_FLG_VERSION | T_FLG_CONTENT_SIZE, T_BD_64K, 3, 0);
    f->len -= 3;
    *at = 0;
}

static void build_cut_skippable(byte_buf *f, size_t *at)
{
    plain_header(f, 0);
    lz4_put_end(f, false, NULL, 0);
    *at = f->len;
    lz4_put_skippable(f, 3, 50);
    f->len -= 1;
}

static void build_empty(byte_buf *f, size_t *at)
{
    (void)f;
    *at = 0;
}

static const bad_case bad_cases[] = {
    {"trailing garbage", TD_E_LZ4_MAGIC, build_trailing_garbage},
    {"legacy format", TD_E_LZ4_MAGIC, build_legacy},
    {"FLG version", TD_E_LZ4_VERSION, build_version},
    {"FLG reserved bit", TD_E_LZ4_VERSION, build_reserved_flag},
    {"BD size 3", TD_E_LZ4_BLOCK_SIZE, build_bd_size},
    {"BD reserved bit", TD_E_LZ4_BLOCK_SIZE, build_bd_reserved},
    {"block size word", TD_E_LZ4_BLOCK_SIZE, build_block_size_word},
    {"block output", TD_E_LZ4_BLOCK_SIZE, build_block_output},
    {"header checksum", TD_E_LZ4_HEADER_CHECKSUM, build_header_checksum},
    {"block checksum", TD_E_LZ4_BLOCK_CHECKSUM, build_block_checksum},
    {"content checksum", TD_E_LZ4_CONTENT_CHECKSUM, build_content_checksum},
    {"content short", TD_E_LZ4_CONTENT_SIZE, build_content_short},
    {"content stored", TD_E_LZ4_CONTENT_SIZE, build_content_stored},
    {"content sequence", TD_E_LZ4_CONTENT_SIZE, build_content_sequence},
    {"offset zero", TD_E_LZ4_CORRUPT, build_offset_zero},
    {"offset before frame", TD_E_LZ4_CORRUPT, build_offset_before_frame},
    {"offset before block", TD_E_LZ4_CORRUPT, build_offset_independent},
    {"fast: offset zero", TD_E_LZ4_CORRUPT, build_fast_offset_zero},
    {"fast: offset before frame", TD_E_LZ4_CORRUPT,
     build_fast_offset_before_frame},
    {"fast: offset before block", TD_E_LZ4_CORRUPT,
     build_fast_offset_independent},
    {"fast: content size", TD_E_LZ4_CONTENT_SIZE, build_fast_content_size},
    {"literals past block", TD_E_LZ4_CORRUPT, build_literals_past_block},
    {"literal length past block", TD_E_LZ4_CORRUPT, build_length_past_block},
    {"offset past block", TD_E_LZ4_CORRUPT, build_offset_past_block},
    {"match length past block", TD_E_LZ4_CORRUPT,
     build_match_length_past_block},
    {"ends with match", TD_E_LZ4_CORRUPT, build_ends_with_match},
    {"few last literals", TD_E_LZ4_CORRUPT, build_few_last_literals},
    {"late last match", TD_E_LZ4_CORRUPT, build_late_last_match},
    {"dictionary", TD_E_LZ4_DICTIONARY, build_dictionary},
    {"cut block", TD_E_TRUNCATED, build_cut_block},
    {"cut header", TD_E_TRUNCATED, build_cut_header},
    {"cut skippable", TD_E_TRUNCATED, build_cut_skippable},
    {"empty input", TD_E_TRUNCATED, build_empty},
};

static void test_errors(void)
{
    unsigned i;
    make_lits();
    for (i = 0; i < sizeof bad_cases / sizeof *bad_cases; i++) {
        const bad_case *c = &bad_cases[i];
        byte_buf f = {0};
        size_t at = 0;
        c->build(&f, &at);
        check_container_error(&lz4_codec, c->name, f.p, f.len, c->code, at);
        buf_free(&f);
    }
}

/* ---- The API ------------------------------------------------------------ */

static int lz4_init_any(void *d, const void *cfg)
{
    return td_lz4_init(d, cfg);
}

static void test_api(void)
{
    static uint8_t window[TD_LZ4_WINDOW];
    td_lz4_config cfg = {sizeof cfg, 0, window, sizeof window};
    td_lz4_decoder d;
    td_lz4_event ev;
    byte_buf f = {0};
    int round;
    make_lits();
    check_config("lz4", lz4_init_any, &d, &cfg, sizeof cfg, 1, true);
    expect(td_lz4_feed(&d, "x", 1) == TD_E_PROTOCOL, "feed before a request");
    expect(td_lz4_next(&d, NULL) == TD_E_INVALID_ARGUMENT, "next without ev");
    plain_header(&f, 0);
    lz4_put_block(&f, lits, 10, true, false);
    lz4_put_end(&f, false, NULL, 0);
    for (round = 0; round < 2; round++) {
        int rc, data = 0;
        bool fed = false;
        while ((rc = td_lz4_next(&d, &ev)) == TD_EVENT ||
               rc == TD_NEED_INPUT) {
            if (rc == TD_EVENT) {
                data += ev.kind == TD_LZ4_EV_DATA;
            } else {
                td_lz4_feed(&d, fed ? NULL : f.p, fed ? 0 : f.len);
                fed = true;
            }
        }
        expect(rc == TD_END && data == 1, "round %d: %d, %d DATA", round, rc,
               data);
        expect(td_lz4_next(&d, &ev) == TD_END, "TD_END is not repeated");
        expect(td_lz4_reset(&d) == TD_OK, "reset");
    }
    expect(td_lz4_next(&d, &ev) == TD_NEED_INPUT, "asks for input");
    td_lz4_feed(&d, "XXXX", 4);
    expect(td_lz4_next(&d, &ev) == TD_E_LZ4_MAGIC &&
               td_lz4_next(&d, &ev) == TD_E_LZ4_MAGIC &&
               td_lz4_feed(&d, "x", 1) == TD_E_LZ4_MAGIC &&
               td_lz4_fault(&d)->code == TD_E_LZ4_MAGIC,
           "errors are sticky");
    expect(td_lz4_reset(NULL) == TD_E_INVALID_ARGUMENT, "reset(NULL)");
    buf_free(&f);
}

const test_case lz4_tests[] = {
    {"lz4 xxh32 values", test_xxh32_values},
    {"lz4 xxh32 against the lz4 CLI", test_xxh32_cli},
    {"lz4 CLI frames", test_cli_frames},
    {"lz4 CLI levels", test_cli_levels},
    {"lz4 CLI concatenated and skippable", test_cli_concatenated},
    {"lz4 CLI above 4 MiB", test_cli_big},
    {"lz4 hand-built frames", test_hand_built},
    {"lz4 errors", test_errors},
    {"lz4 api", test_api},
    {NULL, NULL},
};
