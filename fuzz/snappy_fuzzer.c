/*
 * snappy_fuzzer.c - one harness for libFuzzer, AFL++ (through its libFuzzer
 * driver) and the replay driver that `make test` runs.
 *
 * Input: one option byte, then a snappy framed stream. Option bit 0 feeds
 * the second decode one byte at a time (every step-by-step path); bits
 * 2..7 otherwise seed pseudo-random span lengths. The input is decoded
 * twice, in one span and in those spans, and the two event streams must be
 * identical: a digest of every event field (one DATA event per data
 * chunk), the output bytes, and the final status and fault. Every request
 * must name the next byte with 1 <= min_len <= TD_STAGE_SIZE, every DATA
 * event must start the window, hold at most 64 KiB and continue the
 * output, and every error must have a reason and an offset inside the
 * input. The window is an exact-size allocation, so writing outside it
 * shows up under ASan. Any difference aborts.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tracedec.h"

typedef struct digest {
    uint64_t h;
} digest;

static void mix(digest *g, const void *p, size_t n)
{
    const uint8_t *b = p;
    size_t i;
    for (i = 0; i < n; i++)
        g->h = (g->h ^ b[i]) * 0x100000001b3u;
}

static void mix64(digest *g, uint64_t v)
{
    mix(g, &v, sizeof v);
}

/* How a decode splits the input into spans. */
enum spans { ONE_SPAN, BYTE_SPANS, RANDOM_SPANS };

static size_t next_length(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return (*s & 7) == 0 ? 1 + (size_t)(*s >> 8) % 300
                         : 1 + (size_t)(*s >> 8) % 17;
}

static void fail(const char *what)
{
    fprintf(stderr, "snappy_fuzzer: %s\n", what);
    abort();
}

/* Everything an event says. */
static void mix_event(digest *g, const td_snappy_event *ev,
                      const uint8_t *window, uint64_t *produced, size_t fed)
{
    mix64(g, (uint64_t)ev->kind << 32 | ev->chunk_type);
    mix64(g, ev->offset);
    mix64(g, ev->size);
    if (ev->offset + ev->size > fed)
        fail("event beyond the input fed");
    if (ev->kind != TD_SNAPPY_DATA)
        return;
    if (ev->data.data != window || ev->data.len > TD_SNAPPY_WINDOW)
        fail("data outside the window");
    if (ev->data.pos != *produced)
        fail("data does not continue the output");
    mix64(g, ev->data.len);
    mix(g, ev->data.data, ev->data.len);
    *produced += ev->data.len;
}

static size_t span_length(enum spans spans, uint64_t *seed, size_t len)
{
    if (spans == ONE_SPAN)
        return len;
    return spans == BYTE_SPANS ? 1 : next_length(seed);
}

/* Decode; spans are copied to exact-size allocations. */
static uint64_t decode(const uint8_t *data, size_t len, enum spans spans,
                       uint64_t seed)
{
    uint8_t *window = malloc(TD_SNAPPY_WINDOW), *span = NULL;
    uint64_t produced = 0;
    td_snappy d;
    td_snappy_event ev;
    digest g = {0xcbf29ce484222325u};
    size_t fed = 0;
    int rc;
    td_snappy_init(&d, window, TD_SNAPPY_WINDOW);
    while ((rc = td_snappy_next(&d, &ev)) != TD_END) {
        if (rc == TD_EVENT) {
            mix_event(&g, &ev, window, &produced, fed);
        } else if (rc == TD_NEED_INPUT) {
            const td_request *rq = td_snappy_request(&d);
            size_t n = span_length(spans, &seed, len - fed);
            if (rq->offset != fed || rq->min_len == 0 ||
                rq->min_len > TD_STAGE_SIZE)
                fail("request is not for the next byte");
            if (n > len - fed)
                n = len - fed;
            free(span);
            span = n ? malloc(n) : NULL;
            if (n)
                memcpy(span, data + fed, n);
            td_snappy_feed(&d, span, n);
            fed += n;
        } else {
            const td_fault *f = td_snappy_fault(&d);
            if (f->code != rc || f->offset > len || f->reason == NULL)
                fail("error without a code, a reason, or with an offset "
                     "outside");
            mix64(&g, (uint64_t)(int64_t)rc);
            mix64(&g, f->offset);
            break;
        }
    }
    free(span);
    free(window);
    return g.h;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    enum spans spans;
    if (size == 0)
        return 0;
    spans = (data[0] & 1) ? BYTE_SPANS : RANDOM_SPANS;
    if (decode(data + 1, size - 1, ONE_SPAN, 0) !=
        decode(data + 1, size - 1, spans, (uint64_t)(data[0] >> 2) + 1))
        fail("the event stream depends on the chunking");
    return 0;
}
