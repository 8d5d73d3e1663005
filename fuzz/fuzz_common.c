/*
 * fuzz_common.c - see fuzz_common.h.
 */
#include "fuzz_common.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

fz_digest fz_digest_start(void)
{
    fz_digest g;
    g.h = 0xcbf29ce484222325u;
    return g;
}

void fz_mix(fz_digest *g, const void *data, size_t len)
{
    const uint8_t *b = data;
    size_t i;
    for (i = 0; i < len; i++)
        g->h = (g->h ^ b[i]) * 0x100000001b3u;
}

void fz_mix64(fz_digest *g, uint64_t value)
{
    uint8_t b[8];
    int i;
    for (i = 0; i < 8; i++)
        b[i] = (uint8_t)(value >> (8 * i));
    fz_mix(g, b, sizeof b);
}

void fz_fail(const char *harness, const char *what)
{
    fprintf(stderr, "%s: %s\n", harness, what);
    abort();
}

void fz_feeder_init(fz_feeder *f, const char *harness, const uint8_t *data,
                    size_t len, fz_spans spans, uint64_t seed)
{
    memset(f, 0, sizeof *f);
    f->harness = harness;
    f->spans = spans;
    f->seed = seed ? seed : 1;
    f->max_request = TD_STAGE_SIZE;
    fz_feeder_add(f, data, len);
}

unsigned fz_feeder_add(fz_feeder *f, const uint8_t *data, size_t len)
{
    if (f->sources == FZ_MAX_SOURCES)
        fz_fail(f->harness, "too many sources");
    f->source[f->sources].data = data;
    f->source[f->sources].len = len;
    if (len > f->total_len)
        f->total_len = len;
    return f->sources++;
}

void fz_feeder_database(fz_feeder *f)
{
    fz_feeder_add(f, f->source[0].data, f->source[0].len);
    f->seeking = f->whole_requests = f->span_per_source = true;
    f->max_request = 65536;
}

/* 1..17 bytes mostly, 1..300 one time in eight. */
static size_t random_length(uint64_t *seed)
{
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    return (*seed & 7) == 0 ? 1 + (size_t)(*seed >> 8) % 300
                            : 1 + (size_t)(*seed >> 8) % 17;
}

static fz_source *requested_source(fz_feeder *f, const td_request *rq)
{
    fz_source *s;
    if (rq->source >= f->sources)
        fz_fail(f->harness, "request for a source that does not exist");
    s = &f->source[rq->source];
    if (f->seeking ? rq->offset > s->len && !f->past_end
                   : rq->offset != s->span_offset + s->span_len)
        fz_fail(f->harness, "request is not for the next byte");
    if (rq->min_len == 0 || rq->min_len > f->max_request)
        fz_fail(f->harness, "request with a bad min_len");
    if (++f->requests > 16 * (uint64_t)f->total_len + 4096)
        fz_fail(f->harness, "too many requests");
    return s;
}

/* How many bytes to answer with, before the end limit. */
static size_t span_length(fz_feeder *f, const td_request *rq, size_t room)
{
    size_t least = f->whole_requests ? rq->min_len : 1;
    if (f->spans == FZ_ONE_SPAN)
        return room;
    if (f->spans == FZ_BYTE_SPANS)
        return least;
    return least - 1 + random_length(&f->seed);
}

/* Free the span the answer replaces. */
static void drop_span(fz_feeder *f, fz_source *s)
{
    if (!f->span_per_source)
        fz_feeder_free(f);
    free(s->span);
    s->span = NULL;
}

const uint8_t *fz_feeder_answer(fz_feeder *f, const td_request *rq,
                                size_t end, size_t *span_len)
{
    fz_source *s = requested_source(f, rq);
    size_t at = rq->offset < s->len ? (size_t)rq->offset : s->len, n;
    if (end > s->len)
        end = s->len;
    if (at > end)
        end = at;
    n = span_length(f, rq, end - at);
    if (n > end - at)
        n = end - at;
    drop_span(f, s);
    s->span = n ? malloc(n) : NULL;
    if (n)
        memcpy(s->span, s->data + at, n);
    s->span_offset = at;
    s->span_len = n;
    *span_len = n;
    return s->span;
}

size_t fz_feeder_fed(const fz_feeder *f)
{
    return f->source[0].span_offset + f->source[0].span_len;
}

void fz_feeder_free(fz_feeder *f)
{
    unsigned i;
    for (i = 0; i < f->sources; i++) {
        free(f->source[i].span);
        f->source[i].span = NULL;
        f->source[i].span_len = 0;
    }
}

void fz_mix_fault(fz_digest *g, const fz_feeder *f, int rc,
                  const td_fault *fault)
{
    if (fault->code != rc || fault->offset > f->total_len ||
        fault->reason == NULL)
        fz_fail(f->harness,
                "error without its code, a reason, or with an offset outside");
    fz_mix64(g, (uint64_t)(int64_t)rc);
    fz_mix64(g, fault->offset);
}
