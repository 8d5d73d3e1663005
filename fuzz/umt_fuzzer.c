/*
 * umt_fuzzer.c - the UMT decoder under libFuzzer, AFL++ and the replay
 * driver.
 *
 * Input: a trace directory in one file. Byte 0 holds options: bits 4..7
 * the mode (enum td_umt_mode, 0..9), bit 0 TD_UMT_STRINGS_2013, bit 1
 * TD_UMT_STRINGS_AS_BUILT, bit 2 TD_UMT_NO_PAYLOADS, bit 3: a
 * context_map.itable of length 0 is replaced by a valid 144-register map
 * (the real one is 17424 bytes, too big to fuzz usefully). Then the eleven
 * files in enum td_umt_file order, each as a 32-bit little-endian length
 * and its bytes; a file the input does not reach is empty.
 *
 * The trace is decoded three times, answering every request with the rest
 * of the file, with exactly min_len bytes (one byte in the forward modes),
 * and with pseudo-random sizes (see fz_feeder); each answer lives in its
 * own allocation, freed when the decoder asks again. The three digests
 * (every event's fields; payload and XML text bytes as one stream,
 * wherever fragments were cut) and outcomes must be identical; requests
 * must stay within TD_UMT_MAX_REQUEST, and errors have a reason and a
 * file. DECODE and VALIDATE are decoded twice more, with the smallest
 * workspace (events unchanged) and with TD_UMT_SKIP_INSTRUCTIONS and a
 * workspace (the events of TD_UMT_NO_PAYLOADS but the instruction
 * records', the same outcome). The loop is fuzz_driver.c's.
 */
#include <string.h>

#include "../tests/umt_skipped.h"
#include "fuzz_driver.h"

#define MAP_SIZE 17424

typedef struct files {
    const uint8_t *data[TD_UMT_FILE_COUNT];
    size_t len[TD_UMT_FILE_COUNT];
} files;

static uint32_t le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
           (uint32_t)p[3] << 24;
}

/* A valid map: 144 registers, each in both contexts, 192-byte dumps. */
static void make_map(uint8_t *m)
{
    unsigned r;
    memset(m, 0, MAP_SIZE);
    m[0] = 192;
    m[2] = 144;
    for (r = 0; r < 512; r++) {
        uint8_t *i32 = m + 9232 + 8 * r, *i64 = m + 13328 + 8 * r;
        m[1040 + 16 * r] = (uint8_t)('a' + r % 26);
        i32[0] = i64[0] = 0xff;
        i32[1] = i64[1] = 0xff;
        if (r >= 144)
            continue;
        m[16 + 2 * r] = (uint8_t)r;
        i32[0] = (uint8_t)(r % 47 * 4);
        i32[1] = 0;
        i32[2] = 4;
        i32[4] = (uint8_t)r;
        i64[0] = (uint8_t)(r % 23 * 8);
        i64[1] = 0;
        i64[2] = 8;
        i64[4] = (uint8_t)r;
    }
}

static void unpack(const uint8_t *in, size_t size, files *f, uint8_t *map)
{
    size_t at = 1;
    int i;
    for (i = 0; i < TD_UMT_FILE_COUNT; i++) {
        size_t n = 0;
        if (at + 4 <= size) {
            n = le32(in + at);
            at += 4;
            if (n > size - at)
                n = size - at;
        }
        f->data[i] = in + at;
        f->len[i] = n;
        at += n;
    }
    if ((in[0] & 8) != 0 && f->len[TD_UMT_CONTEXT_MAP] == 0) {
        make_map(map);
        f->data[TD_UMT_CONTEXT_MAP] = map;
        f->len[TD_UMT_CONTEXT_MAP] = MAP_SIZE;
    }
}

/* How one decode runs. */
typedef struct run {
    int mode;
    uint32_t flags;
    fz_spans spans;
    uint64_t seed;
    size_t workspace; /* bytes, 0: none */
    bool as_skipped;  /* leave out what TD_UMT_SKIP_INSTRUCTIONS leaves out */
} run;

/* Fields that do not depend on where fragments were cut; payload and XML
 * text bytes go to their own digest (bytes). */
static void mix_fields(fz_digest *h, fz_digest *bytes, const td_umt_event *ev)
{
    if (ev->kind == TD_UMT_EV_BYTES) {
        fz_mix(bytes, ev->bytes.data, ev->bytes.len);
        return;
    }
    if (ev->kind == TD_UMT_EV_XML && ev->xml.part == TD_UMT_XML_TEXT) {
        fz_mix(bytes, ev->xml.text, ev->xml.text_len);
        return;
    }
    fz_mix64(h, (uint64_t)ev->kind << 32 | ev->file);
    fz_mix64(h, ev->offset);
    fz_mix64(h, ev->size);
    fz_mix64(h, (uint64_t)ev->eid);
    fz_mix64(h, bytes->h);
    switch (ev->kind) {
    case TD_UMT_EV_RECORD:
        fz_mix64(h, (uint64_t)ev->record.type << 40 |
                        (uint64_t)ev->record.flags << 32 |
                        (uint32_t)ev->record.thread);
        fz_mix64(h, (uint64_t)ev->record.ref);
        break;
    case TD_UMT_EV_INSTRUCTION:
        fz_mix64(h, ev->instruction.address);
        fz_mix(h, ev->instruction.code, ev->instruction.code_size);
        break;
    case TD_UMT_EV_SLOT:
        fz_mix64(h, ev->slot.address ^ (uint64_t)ev->slot.reg << 48);
        if (ev->slot.name != NULL)
            fz_mix(h, (const uint8_t *)ev->slot.name, ev->slot.name_len);
        break;
    case TD_UMT_EV_REGISTER:
        fz_mix(h, ev->reg.value, ev->reg.size);
        fz_mix(h, (const uint8_t *)ev->reg.name, ev->reg.name_len);
        break;
    case TD_UMT_EV_SYSCALL:
        fz_mix64(h, (uint64_t)ev->syscall.begin_eid ^ ev->syscall.result);
        break;
    case TD_UMT_EV_SYSCALL_ARG:
        fz_mix64(h, ev->arg.value);
        break;
    case TD_UMT_EV_XML:
        fz_mix(h, (const uint8_t *)ev->xml.path, ev->xml.path_len);
        break;
    case TD_UMT_EV_WARNING:
        fz_mix64(h, (uint64_t)ev->warning.code);
        break;
    default:
        break;
    }
}

/* What one decode sees besides its digest (fz_run.context). */
typedef struct seen {
    const run *r;
    fz_digest bytes;
} seen;

static void mix_event(fz_run *fr, const fz_event *e)
{
    seen *s = fr->context;
    if (!s->r->as_skipped || !umt_skipped(&e->umt))
        mix_fields(&fr->digest, &s->bytes, &e->umt);
}

/* The error must name its file; it goes into the digest with it. Offsets
 * may lie past a file's end: a pointer beyond it is reported where it
 * points. */
static void mix_fault(fz_run *fr, int rc)
{
    uint32_t file = td_umt_fault_file(&fr->d.umt);
    const td_fault *fault = td_umt_fault(&fr->d.umt);
    if (fault->code != rc || fault->reason == NULL || file >= TD_UMT_FILE_COUNT)
        fz_fail("umt_fuzzer", "an error without its code, a reason or a file");
    fz_mix64(&fr->digest, (uint64_t)(int64_t)rc);
    fz_mix64(&fr->digest, fault->offset ^ (uint64_t)file << 56);
}

/* Forward modes (stream, XML) may be answered short; the others are
 * random access. */
static void feed_files(fz_feeder *fd, const files *f, int mode)
{
    int i;
    bool forward = mode == TD_UMT_STREAM || mode == TD_UMT_XML;
    for (i = 1; i < TD_UMT_FILE_COUNT; i++)
        fz_feeder_add(fd, f->data[i], f->len[i]);
    fd->seeking = fd->past_end = true;
    fd->whole_requests = !forward;
    fd->max_request = TD_UMT_MAX_REQUEST;
}

static uint64_t decode(const files *f, const run *r)
{
    td_umt_config cfg;
    seen s;
    fz_run fr;
    fz_run_start(&fr, "umt_fuzzer", FZ_UMT, f->data[0], f->len[0], r->spans,
                 r->seed, r->workspace);
    feed_files(&fr.feeder, f, r->mode);
    memset(&cfg, 0, sizeof cfg);
    cfg.size = sizeof cfg;
    cfg.flags = r->flags;
    cfg.memory = fr.window;
    cfg.memory_size = r->workspace;
    cfg.mode = r->mode;
    if (td_umt_init(&fr.d.umt, &cfg) != TD_OK)
        fz_fail("umt_fuzzer", "init refused a workspace");
    s.r = r;
    s.bytes = fz_digest_start();
    fr.event = mix_event;
    fr.fault = mix_fault;
    fr.context = &s;
    fz_run_decode(&fr);
    fz_mix64(&fr.digest, s.bytes.h);
    return fz_run_end(&fr);
}

/* With workspaces and skipped instructions: the same outcome. */
static void check_workspace(const files *f, const run *plain, uint64_t whole)
{
    run r = *plain, skip;
    r.workspace = TD_UMT_WORKSPACE_MIN;
    if (decode(f, &r) != whole)
        fz_fail("umt_fuzzer", "a workspace changed the events");
    r = *plain;
    r.flags |= TD_UMT_NO_PAYLOADS;
    r.as_skipped = true;
    skip = *plain;
    skip.flags |= TD_UMT_SKIP_INSTRUCTIONS;
    skip.spans = FZ_RANDOM_SPANS;
    skip.seed = plain->seed + 1;
    skip.workspace = 6000;
    if (decode(f, &skip) != decode(f, &r))
        fz_fail("umt_fuzzer", "skipping instructions changed the events");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static uint8_t map[MAP_SIZE];
    files f;
    run r;
    uint64_t whole;
    if (size == 0)
        return 0;
    memset(&r, 0, sizeof r);
    r.mode = data[0] >> 4;
    if (r.mode > TD_UMT_XML)
        r.mode = TD_UMT_VALIDATE;
    r.flags = data[0] & 7u;
    if ((r.flags & 3u) == 3u)
        r.flags &= ~2u;
    unpack(data, size, &f, map);
    r.spans = FZ_ONE_SPAN;
    whole = decode(&f, &r);
    r.spans = FZ_BYTE_SPANS;
    if (decode(&f, &r) != whole)
        fz_fail("umt_fuzzer", "exact answers changed the events");
    r.spans = FZ_RANDOM_SPANS;
    r.seed = size * 0x9e3779b97f4a7c15u + 1;
    if (decode(&f, &r) != whole)
        fz_fail("umt_fuzzer", "random answer sizes changed the events");
    if (r.mode == TD_UMT_DECODE || r.mode == TD_UMT_VALIDATE)
        check_workspace(&f, &r, whole);
    return 0;
}
