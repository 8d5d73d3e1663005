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
    f->data = data;
    f->len = len;
    f->spans = spans;
    f->seed = seed ? seed : 1;
}

size_t fz_span_length(uint64_t *seed)
{
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    return (*seed & 7) == 0 ? 1 + (size_t)(*seed >> 8) % 300
                            : 1 + (size_t)(*seed >> 8) % 17;
}

static void check_request(const fz_feeder *f, const td_request *rq)
{
    if (f->random_access ? rq->offset > f->len
                         : rq->offset != fz_feeder_fed(f))
        fz_fail(f->harness, "request is not for the next byte");
    if (rq->min_len == 0 || rq->min_len > TD_STAGE_SIZE)
        fz_fail(f->harness, "request with a bad min_len");
}

const uint8_t *fz_feeder_answer(fz_feeder *f, const td_request *rq,
                                size_t end, size_t *span_len)
{
    size_t n;
    check_request(f, rq);
    if (++f->requests > 16 * (uint64_t)f->len + 4096)
        fz_fail(f->harness, "too many requests");
    if (end > f->len)
        end = f->len;
    if (rq->offset > end)
        end = (size_t)rq->offset;
    n = f->spans == FZ_ONE_SPAN    ? end - (size_t)rq->offset
        : f->spans == FZ_BYTE_SPANS ? 1
                                   : fz_span_length(&f->seed);
    if (n > end - rq->offset)
        n = end - (size_t)rq->offset;
    free(f->span);
    f->span = n ? malloc(n) : NULL;
    if (n)
        memcpy(f->span, f->data + rq->offset, n);
    f->span_offset = (size_t)rq->offset;
    f->span_len = n;
    *span_len = n;
    return f->span;
}

size_t fz_feeder_fed(const fz_feeder *f)
{
    return f->span_offset + f->span_len;
}

void fz_feeder_free(fz_feeder *f)
{
    free(f->span);
    f->span = NULL;
    f->span_len = 0;
}

void fz_mix_fault(fz_digest *g, const fz_feeder *f, int rc,
                  const td_fault *fault)
{
    if (fault->code != rc || fault->offset > f->len || fault->reason == NULL)
        fz_fail(f->harness,
                "error without its code, a reason, or with an offset outside");
    fz_mix64(g, (uint64_t)(int64_t)rc);
    fz_mix64(g, fault->offset);
}
