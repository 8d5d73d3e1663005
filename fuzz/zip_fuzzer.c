/*
 * zip_fuzzer.c - one harness for libFuzzer, AFL++ (through its libFuzzer
 * driver) and the replay driver that `make test` runs.
 *
 * Input: one option byte, then a zip archive. Option bits: 0 decode with
 * TD_ZIP_SEEKABLE, 2..7 seed the span lengths. The archive is decoded
 * twice, in one span and in spans of pseudo-random lengths, and the two
 * event streams must be identical (a digest of every record event's
 * fields, the name and output bytes in order, and the final status and
 * fault); every request must name the next byte (seekable: a byte of the
 * input), every DATA event must continue its member's output from the
 * window or the span, name fragments must continue their name, and every
 * error offset must lie inside the input. Any difference aborts.
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
    fprintf(stderr, "zip_fuzzer: %s\n", what);
    abort();
}

typedef struct host {
    const uint8_t *data;
    size_t len;
    uint8_t *window;
    uint8_t *span;      /* exact-size copy of the current span */
    size_t span_len;
    uint64_t span_offset;
    uint64_t produced;  /* output bytes of the current member */
    uint64_t named;     /* name bytes of the current member */
} host;

static bool inside(const uint8_t *p, size_t n, const uint8_t *base,
                   size_t size)
{
    return p != NULL && p >= base && p + n <= base + size;
}

static void mix_header(digest *g, const td_zip_header *h)
{
    mix64(g, (uint64_t)h->version_needed << 32 | (uint64_t)h->flags << 16 |
                 h->method);
    mix64(g, (uint64_t)h->crc << 32 | (uint64_t)h->name_len << 1 | h->zip64);
    mix64(g, h->compressed_size);
    mix64(g, h->uncompressed_size);
    mix64(g, h->local_offset);
}

static void mix_fragment(digest *g, host *u, const td_zip_event *ev)
{
    if (ev->kind == TD_ZIP_DATA) {
        if (ev->data.len == 0 ||
            (!inside(ev->data.data, ev->data.len, u->window,
                     TD_INFLATE_WINDOW) &&
             !inside(ev->data.data, ev->data.len, u->span, u->span_len)))
            fail("data outside the window and the span");
        if (ev->data.pos != u->produced)
            fail("data does not continue the member");
        mix(g, ev->data.data, ev->data.len);
        u->produced += ev->data.len;
        return;
    }
    if (ev->text.pos != u->named ||
        (ev->text.len > 0 &&
         !inside(ev->text.data, ev->text.len, u->span, u->span_len)))
        fail("name fragment does not continue its name");
    mix(g, ev->text.data, ev->text.len);
    u->named += ev->text.len;
    if (ev->flags & TD_ZIP_LAST_FRAGMENT)
        mix64(g, u->named);
}

/* Everything an event says, except where DATA and NAME events are cut. */
static void mix_event(digest *g, host *u, const td_zip_event *ev)
{
    if (ev->kind == TD_ZIP_DATA || ev->kind == TD_ZIP_NAME) {
        mix_fragment(g, u, ev);
        return;
    }
    mix64(g, (uint64_t)ev->kind << 32 | ev->member);
    mix64(g, ev->offset);
    mix64(g, ev->size);
    if (ev->kind == TD_ZIP_END) {
        mix64(g, ev->end.entries);
        mix64(g, ev->end.central_offset);
        mix64(g, ev->end.central_size);
        mix64(g, (uint64_t)ev->end.comment_len << 1 | ev->end.zip64);
        return;
    }
    mix_header(g, &ev->header);
    if (ev->kind == TD_ZIP_MEMBER) {
        u->produced = 0;
        u->named = 0;
    }
}

static void answer(td_zip *d, host *u, bool seekable, uint64_t *seed)
{
    const td_request *rq = td_zip_request(d);
    size_t n = *seed ? (size_t)next_length(seed) : u->len;
    if (seekable ? rq->offset > u->len
                 : rq->offset != u->span_offset + u->span_len)
        fail("request is not for the next byte");
    if (rq->min_len == 0 || rq->min_len > TD_STAGE_SIZE)
        fail("bad min_len");
    free(u->span);
    u->span_offset = rq->offset;
    if (n > u->len - u->span_offset)
        n = u->len - (size_t)u->span_offset;
    u->span = n ? malloc(n) : NULL;
    u->span_len = n;
    if (n)
        memcpy(u->span, u->data + u->span_offset, n);
    td_zip_feed(d, u->span, n);
}

/* Decode; spans are copied to exact-size allocations. seed 0: one span. */
static uint64_t decode(const uint8_t *data, size_t len, bool seekable,
                       uint64_t seed)
{
    host u = {data, len, malloc(TD_INFLATE_WINDOW), NULL, 0, 0, 0, 0};
    td_zip d;
    td_zip_event ev;
    digest g = {0xcbf29ce484222325u};
    size_t requests = 0;
    int rc;
    td_zip_init(&d, u.window, TD_INFLATE_WINDOW,
                seekable ? TD_ZIP_SEEKABLE : 0);
    while ((rc = td_zip_next(&d, &ev)) != TD_END) {
        if (rc == TD_EVENT) {
            mix_event(&g, &u, &ev);
        } else if (rc == TD_NEED_INPUT) {
            if (++requests > 16 * len + 4096)
                fail("too many requests");
            answer(&d, &u, seekable, &seed);
        } else {
            const td_fault *f = td_zip_fault(&d);
            if (f->code != rc || f->offset > len || f->reason == NULL)
                fail("error without a code, a reason, or with an offset "
                     "outside");
            mix64(&g, (uint64_t)(int64_t)rc);
            mix64(&g, f->offset);
            break;
        }
    }
    free(u.span);
    free(u.window);
    return g.h;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    uint8_t options;
    bool seekable;
    if (size == 0)
        return 0;
    options = data[0];
    seekable = (options & 1) != 0;
    if (decode(data + 1, size - 1, seekable, 0) !=
        decode(data + 1, size - 1, seekable, (uint64_t)(options >> 2) + 1))
        fail("the event stream depends on the chunking");
    return 0;
}
