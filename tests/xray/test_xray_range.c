/*
 * test_xray_range.c - ranges of a file (<tracedec/xray.h>, "Ranges of a
 * file"): the entry points' arguments, where buffers end, and
 * speculation: a file of two buffers of one thread, the second decoded by
 * a speculating range decoder and merged into a master that decoded the
 * first, warns exactly as one decoder over the file does, whether the
 * merge holds or the master decodes the second buffer again.
 */
#include "harness.h"
#include "tracedec.h"
#include "xray_encoder.h"

#include <stdio.h>
#include <string.h>

#define THREADS 4u
#define DEPTH 8u

/* Two buffers of thread 1: calls made in `before`, then in `after`, each
 * a list of "e<f>" (enter function f) and "x<f>" (exit it). */
typedef struct merge_case {
    const char *name;
    const char *before;
    const char *after;
    int merge;            /* what td_xray_merge_calls() returns */
} merge_case;

static const merge_case merge_cases[] = {
    {"exits close the calls open before, innermost first", "e1 e2",
     "x2 x1", TD_OK},
    {"calls made and closed in the range", "e1", "e2 x2 e3 x3 x1", TD_OK},
    {"lost exits of calls made in the range", "e1", "e2 e3 x1", TD_OK},
    {"calls left open for the end", "e1", "e2 e3", TD_OK},
    {"an exit of a call below the innermost open before", "e1 e2", "x1",
     TD_E_LIMIT},
    {"an exit without an entry", "", "x9", TD_E_LIMIT},
    {"an exit without an entry after calls", "e1", "x9", TD_E_LIMIT},
    {"deeper than the matcher", "e1 e2 e3 e4", "e5 e6 e7 e8 e9", TD_E_LIMIT},
};

static void encode_calls(xenc *e, const char *calls)
{
    unsigned func;
    char op;
    int used;
    while (sscanf(calls, " %c%u%n", &op, &func, &used) == 2) {
        xenc_function(e, op == 'e' ? 0 : 1, func, 1);
        calls += used;
    }
}

/* The file of case c; *second is where its second buffer starts. */
static void encode_case(xenc *e, const merge_case *c, uint64_t *second)
{
    xenc_init(e, true, 5, false, 1000000000, 0);
    xenc_begin_buffer(e, 1, 7, 1, 0);
    xenc_new_cpu(e, 0, 100);
    encode_calls(e, c->before);
    xenc_end_buffer(e, 0);
    *second = e->len;
    xenc_begin_buffer(e, 1, 7, 2, 0);
    xenc_new_cpu(e, 0, 200);
    encode_calls(e, c->after);
    xenc_end_buffer(e, 0);
}

/* Decode with d from the file in memory to its end or an error, adding
 * "@OFFSET WARNING COUNT" per warning to log. Returns the last status. */
static int decode(td_xray_decoder *d, const uint8_t *file, size_t len,
                  char *log, size_t cap)
{
    td_xray_event ev;
    const td_request *rq;
    int rc;
    while ((rc = td_xray_next(d, &ev)) == TD_EVENT || rc == TD_NEED_INPUT) {
        if (rc == TD_NEED_INPUT) {
            rq = td_xray_request(d);
            td_xray_feed(d, file + (rq->offset < len ? rq->offset : len),
                         rq->offset < len ? len - rq->offset : 0);
        } else if (ev.kind == TD_XRAY_EV_WARNING) {
            snprintf(log + strlen(log), cap - strlen(log),
                     "@%llu %s %u; ", (unsigned long long)ev.offset,
                     td_warning_name(ev.warning.code), ev.warning.count);
        }
    }
    return rc;
}

/* A decoder with a call matcher in `memory`, `size` bytes. */
static void init_matching(td_xray_decoder *d, void *memory, size_t size)
{
    td_xray_config cfg = {sizeof cfg, 0, memory, size, THREADS, DEPTH};
    expect(td_xray_init(d, &cfg) == TD_OK, "init with a matcher");
}

static void test_xray_range_merges(void)
{
    static uint64_t master_mem[512], range_mem[512];
    td_xray_decoder whole, master, range;
    td_xray_event header;
    char one[2048], split[2048];
    uint64_t second;
    size_t i, kept;
    for (i = 0; i < sizeof merge_cases / sizeof *merge_cases; i++) {
        const merge_case *c = &merge_cases[i];
        xenc e;
        int merged;
        encode_case(&e, c, &second);
        one[0] = split[0] = '\0';
        init_matching(&whole, range_mem, sizeof range_mem);
        decode(&whole, e.buf, e.len, one, sizeof one);

        init_matching(&master, master_mem, sizeof master_mem);
        td_xray_feed(&master, e.buf, e.len);
        td_xray_next(&master, &header); /* the request, then the header */
        td_xray_feed(&master, e.buf, e.len);
        expect(td_xray_next(&master, &header) == TD_EVENT &&
                   header.kind == TD_XRAY_EV_HEADER,
               "%s: the header", c->name);
        td_xray_start_range(&master, &header, 32, second, 0);
        decode(&master, e.buf, e.len, split, sizeof split);
        kept = strlen(split);

        init_matching(&range, range_mem, sizeof range_mem);
        td_xray_start_range(&range, &header, second, 0,
                            TD_XRAY_RANGE_SPECULATE);
        decode(&range, e.buf, e.len, split, sizeof split);
        merged = td_xray_merge_calls(&master, &range);
        expect(merged == c->merge, "%s: merge gave %d", c->name, merged);
        if (merged != TD_OK) {
            split[kept] = '\0'; /* the range's warnings do not stand */
            td_xray_start_range(&master, &header, second, 0, 0);
        } else {
            td_xray_start_range(&master, &header, e.len, 0, 0);
        }
        decode(&master, e.buf, e.len, split, sizeof split);
        expect(strcmp(one, split) == 0, "%s: one decoder warns %s, ranges %s",
               c->name, one, split);
        xenc_free(&e);
    }
}

static void test_xray_range_arguments(void)
{
    static uint64_t mem[512];
    size_t plain = td_xray_calls_size(THREADS, DEPTH);
    td_xray_event header;
    td_xray_decoder d;
    td_xray_config cfg = {sizeof cfg, 0, mem, plain, THREADS, DEPTH};
    uint8_t record[32] = {0}; /* a basic-mode entry of function 0 */
    memset(&header, 0, sizeof header);
    header.kind = TD_XRAY_EV_HEADER;
    header.size = 32;
    header.header.mode = TD_XRAY_MODE_FDR;
    header.header.version = 5;
    expect(td_xray_range_calls_size(THREADS, DEPTH) == plain + 12 * THREADS,
           "a speculating matcher: 12 bytes more per thread");
    expect(td_xray_range_calls_size(TD_XRAY_CALLS_MAX + 1, 1) == 0,
           "too many threads: 0");
    td_xray_init(&d, NULL);
    expect(td_xray_start_range(NULL, &header, 32, 0, 0) ==
               TD_E_INVALID_ARGUMENT, "NULL decoder");
    expect(td_xray_start_range(&d, NULL, 32, 0, 0) == TD_E_INVALID_ARGUMENT,
           "NULL header");
    expect(td_xray_start_range(&d, &header, 16, 0, 0) ==
               TD_E_INVALID_ARGUMENT, "start inside the header");
    expect(td_xray_start_range(&d, &header, 64, 48, 0) ==
               TD_E_INVALID_ARGUMENT, "end before start");
    expect(td_xray_start_range(&d, &header, 32, 0, 2) ==
               TD_E_INVALID_ARGUMENT, "unknown flag");
    expect(td_xray_follow(&d, record) == TD_E_INVALID_ARGUMENT,
           "FDR mode follows no record");
    header.header.mode = TD_XRAY_MODE_BASIC;
    expect(td_xray_start_range(&d, &header, 48, 0, 0) ==
               TD_E_INVALID_ARGUMENT, "basic mode: start off a record");
    expect(td_xray_start_range(&d, &header, 64, 80, 0) ==
               TD_E_INVALID_ARGUMENT, "basic mode: end off a record");
    expect(td_xray_start_range(&d, &header, 32, 0, 0) == TD_OK &&
               td_xray_follow(&d, record) == TD_E_INVALID_ARGUMENT,
           "basic mode: the first record follows none");
    expect(td_xray_start_range(&d, &header, 64, 0, 0) == TD_OK &&
               td_xray_follow(&d, record) == TD_OK,
           "basic mode: a range after a function record");
    record[0] = 1;
    expect(td_xray_start_range(&d, &header, 64, 0, 0) == TD_OK &&
               td_xray_follow(&d, record) == TD_E_INVALID_ARGUMENT,
           "basic mode: an argument payload is not a function record");
    expect(td_xray_follow(NULL, record) == TD_E_INVALID_ARGUMENT,
           "follow: NULL decoder");
    header.header.mode = TD_XRAY_MODE_FDR;
    expect(td_xray_start_range(&d, &header, 32, 0, TD_XRAY_RANGE_SPECULATE) ==
               TD_OK, "speculating without a matcher");
    expect(td_xray_merge_calls(&d, &d) == TD_E_INVALID_ARGUMENT,
           "merge without matchers");
    expect(td_xray_merge_calls(NULL, &d) == TD_E_INVALID_ARGUMENT,
           "merge into NULL");
    td_xray_init(&d, &cfg);
    expect(td_xray_start_range(&d, &header, 32, 0, TD_XRAY_RANGE_SPECULATE) ==
               TD_E_BAD_CONFIG, "speculating in td_xray_calls_size() bytes");
    expect(td_xray_start_range(&d, &header, 32, 0, 0) == TD_OK,
           "a plain matcher decoding a range");
}

/* td_xray_buffer_end(): header, offset, first bytes -> end or none. */
typedef struct end_case {
    const char *name;
    unsigned version;
    bool big_endian;
    uint64_t buffer_size;
    uint8_t first[16];
    bool known;
    uint64_t end;      /* of the buffer at 1000 */
} end_case;

static const end_case end_cases[] = {
    {"v5 extents", 5, false, 0, {0x0f, 0x20}, true, 1000 + 16 + 0x20},
    {"v5 big-endian extents", 5, true, 0, {0x87, 0, 0, 0, 0, 0, 0, 0, 0x20},
     true, 1000 + 16 + 0x20},
    {"v2 zero extents", 2, false, 0, {0x0f}, true, 1016},
    {"v5 NewBuffer, not extents", 5, false, 0, {0x01, 0x20}, false, 0},
    {"v5 extents past UINT64_MAX", 5, false, 0,
     {0x0f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}, false, 0},
    {"v1 buffer size", 1, false, 512, {0}, true, 1512},
    {"v1 without a buffer size", 1, false, 0, {0}, false, 0},
};

static void test_xray_range_buffer_ends(void)
{
    td_xray_event header;
    uint64_t end;
    size_t i;
    memset(&header, 0, sizeof header);
    header.kind = TD_XRAY_EV_HEADER;
    header.header.mode = TD_XRAY_MODE_FDR;
    for (i = 0; i < sizeof end_cases / sizeof *end_cases; i++) {
        const end_case *c = &end_cases[i];
        bool known;
        header.header.version = (uint16_t)c->version;
        header.header.big_endian = c->big_endian;
        header.header.buffer_size = c->buffer_size;
        end = 0;
        known = td_xray_buffer_end(&header, 1000, c->first, &end);
        expect(known == c->known && (!known || end == c->end),
               "%s: %d, end %llu", c->name, known, (unsigned long long)end);
    }
    header.header.mode = TD_XRAY_MODE_BASIC;
    expect(!td_xray_buffer_end(&header, 1000, end_cases[0].first, &end),
           "basic mode has no buffers");
}

const test_case xray_range_tests[] = {
    {"xray ranges: arguments", test_xray_range_arguments},
    {"xray ranges: buffer ends", test_xray_range_buffer_ends},
    {"xray ranges: speculation merges as one decoder", test_xray_range_merges},
    {NULL, NULL},
};
