/*
 * gzip_fuzzer.c - one harness for libFuzzer, AFL++ (through its libFuzzer
 * driver) and the replay driver that `make test` runs.
 *
 * Input: one option byte, then a gzip file. Option bits 2..7 seed the
 * span lengths. The file is decoded twice, in one span and in spans of
 * pseudo-random lengths, and the two event streams must be identical (a
 * digest of every MEMBER and MEMBER_END field, the output bytes in order,
 * and the final status and fault); every request must name the next byte,
 * every DATA event must continue its member's output and point into the
 * window, and every error offset must lie inside the input. Any
 * difference aborts.
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

static uint64_t next_length(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return (*s & 7) == 0 ? 1 + (*s >> 8) % 300 : 1 + (*s >> 8) % 17;
}

static void fail(const char *what)
{
    fprintf(stderr, "gzip_fuzzer: %s\n", what);
    abort();
}

/* Everything an event says, except where DATA events are cut. */
static void mix_event(digest *g, const td_gzip_event *ev,
                      const uint8_t *window, uint64_t *produced, size_t fed)
{
    if (ev->kind == TD_GZIP_DATA) {
        if (ev->data.len == 0 || ev->data.data < window ||
            ev->data.data + ev->data.len > window + TD_INFLATE_WINDOW)
            fail("data outside the window");
        if (ev->data.pos != *produced || ev->offset >= fed)
            fail("data does not continue the member");
        mix(g, ev->data.data, ev->data.len);
        *produced += ev->data.len;
        return;
    }
    mix64(g, (uint64_t)ev->kind << 32 | ev->member);
    mix64(g, ev->offset);
    mix64(g, ev->size);
    if (ev->kind == TD_GZIP_MEMBER) {
        mix64(g, (uint64_t)ev->header.flags << 16 |
                     (uint64_t)ev->header.xfl << 8 | ev->header.os);
        mix64(g, ev->header.mtime);
        *produced = 0;
    } else {
        mix64(g, (uint64_t)ev->trailer.crc << 32 | ev->trailer.isize);
    }
}

/* Decode; spans are copied to exact-size allocations. seed 0: one span. */
static uint64_t decode(const uint8_t *data, size_t len, uint64_t seed)
{
    uint8_t *window = malloc(TD_INFLATE_WINDOW), *span = NULL;
    td_gzip d;
    td_gzip_event ev;
    digest g = {0xcbf29ce484222325u};
    size_t fed = 0;
    uint64_t produced = 0;
    int rc;
    td_gzip_init(&d, window, TD_INFLATE_WINDOW);
    while ((rc = td_gzip_next(&d, &ev)) != TD_END) {
        if (rc == TD_EVENT) {
            mix_event(&g, &ev, window, &produced, fed);
        } else if (rc == TD_NEED_INPUT) {
            const td_request *rq = td_gzip_request(&d);
            size_t n = seed ? (size_t)next_length(&seed) : len;
            if (rq->offset != fed || rq->min_len == 0 ||
                rq->min_len > TD_STAGE_SIZE)
                fail("request is not for the next byte");
            if (n > len - fed)
                n = len - fed;
            free(span);
            span = n ? malloc(n) : NULL;
            if (n)
                memcpy(span, data + fed, n);
            td_gzip_feed(&d, span, n);
            fed += n;
        } else {
            const td_fault *f = td_gzip_fault(&d);
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
    uint8_t options;
    if (size == 0)
        return 0;
    options = data[0];
    if (decode(data + 1, size - 1, 0) !=
        decode(data + 1, size - 1, (uint64_t)(options >> 2) + 1))
        fail("the event stream depends on the chunking");
    return 0;
}
