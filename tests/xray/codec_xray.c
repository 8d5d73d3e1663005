/*
 * codec_xray.c - the XRay decoder as a test codec (see codec.h): events
 * printed with tracedec's dump format, and where an XRay file may end.
 */
#include "codec_xray.h"
#include "drive.h"
#include "xray_print.h"
#include "xray_records.h"

#include <string.h>

/* The decoder and, for TEST_MATCH_CALLS, its call matcher's memory. */
typedef struct xray_state {
    td_xray_decoder d;
    uint64_t calls_mem[(64 * (12 + 64 * 4)) / 8];
    td_xray_event ev;
    out log;
} xray_state;

static int xray_init(void *p, const test_config *test, const test_input *in)
{
    xray_state *s = p;
    td_xray_config cfg = {.size = sizeof cfg};
    (void)in;
    cfg.flags = test->flags & TEST_OWN_FLAGS;
    if (test->flags & TEST_MATCH_CALLS) {
        cfg.memory = s->calls_mem;
        cfg.memory_size = sizeof s->calls_mem;
        cfg.max_threads = 64;
        cfg.max_depth = 64;
    }
    return td_xray_init(&s->d, &cfg);
}

static int xray_next(void *p, test_run *run)
{
    xray_state *s = p;
    int rc = td_xray_next(&s->d, &s->ev);
    FILE *log = rc == TD_EVENT ? run_log(run) : NULL;
    if (log != NULL) {
        out_init(&s->log, log);
        xray_print_native(&s->log, &s->ev);
        out_flush(&s->log);
    }
    return run_status(run, rc, td_xray_request(&s->d), td_xray_fault(&s->d));
}

static int xray_feed(void *p, const void *data, size_t len)
{
    return td_xray_feed(&((xray_state *)p)->d, data, len);
}

/* v1 without a buffer size: buffers end with their EndOfBuffer record. */
static bool v1_after_end_of_buffer(const uint8_t *data, size_t full_len,
                                   size_t cut_len, bool be)
{
    size_t at = 32;
    while (at < cut_len && at < full_len) {
        uint8_t first = data[at];
        bool meta = be ? (first & 0x80) != 0 : (first & 1) != 0;
        unsigned kind = be ? first & 0x7fu : first >> 1u;
        size_t size = meta ? 16 : 8;
        if (meta && (kind == 5 || kind == 8) && at + 5 <= full_len)
            size += (size_t)xray_load(data + at + 1, 4, be);
        at += size;
        if (meta && kind == 1 && at == cut_len)
            return true;
    }
    return false;
}

/* The end of the header and of every FDR buffer, or every 32-byte basic
 * record, from the file's own structure. */
static bool xray_clean_cut(const test_input *in, const test_result *full,
                           uint64_t cut)
{
    const uint8_t *data = in->files[0].head;
    size_t full_len = (size_t)in->files[0].size, cut_len = (size_t)cut;
    size_t at = 32;
    bool be;
    unsigned version, mode;
    uint64_t buffer_size;
    (void)full;
    if (cut_len == 32 || cut_len == full_len)
        return true;
    if (cut_len < 32)
        return false;
    be = xray_load(data, 2, false) > 5 || xray_load(data + 2, 2, false) > 1;
    version = (unsigned)xray_load(data, 2, be);
    mode = (unsigned)xray_load(data + 2, 2, be);
    buffer_size = xray_load(data + 16, 8, be);
    if (mode == 0)
        return (cut_len - 32) % 32 == 0;
    if (version == 1 && buffer_size != 0)
        return (cut_len - 32) % buffer_size == 0;
    if (version == 1)
        return v1_after_end_of_buffer(data, full_len, cut_len, be);
    while (at + 16 <= full_len && at < cut_len) {
        at += 16 + (size_t)xray_load(data + at + 1, 8, be);
        if (at == cut_len)
            return true;
    }
    return false;
}

const test_codec xray_codec = {
    .name = "xray", .state_size = sizeof(xray_state), .access = TEST_FORWARD,
    .max_request = TD_STAGE_SIZE, .init = xray_init, .next = xray_next,
    .feed = xray_feed, .clean_cut = xray_clean_cut,
};
