/*
 * container_sweep.c - see container_sweep.h.
 */
#include "container_sweep.h"
#include "harness.h"
#include "guard_span.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void protocol_error(container_result *r, const char *msg, uint64_t a,
                           uint64_t b)
{
    if (!r->protocol_ok)
        return;
    r->protocol_ok = false;
    snprintf(r->protocol_msg, sizeof r->protocol_msg, "%s (%llu, %llu)", msg,
             (unsigned long long)a, (unsigned long long)b);
}

/* The decode in progress. */
typedef struct run {
    const container_codec *c;
    void *state;
    container_result r;
    FILE *log;
    FILE *out;
    bool data_open;       /* a DATA run is being extended */
    uint64_t data_offset; /* its input offset */
    uint64_t data_end;    /* output position after its last byte */
} run;

static void add_event(run *x, const container_event *ev)
{
    if (!ev->is_data) {
        fprintf(x->log, "%s\n", ev->line);
        x->data_open = false;
        return;
    }
    if (!x->data_open || ev->offset != x->data_offset ||
        ev->pos != x->data_end)
        fprintf(x->log, "data @%llu pos %llu\n",
                (unsigned long long)ev->offset, (unsigned long long)ev->pos);
    fwrite(ev->data, 1, ev->len, x->out);
    x->data_open = true;
    x->data_offset = ev->offset;
    x->data_end = ev->pos + ev->len;
}

/* Answer one request from a guard-page span; returns false at end of
 * file. */
static bool answer(run *x, const uint8_t *data, size_t len, size_t *fed,
                   split_plan *split, guard_span *span)
{
    const td_request *rq = x->c->request(x->state);
    size_t n;
    if (rq->offset != *fed)
        protocol_error(&x->r, "request is not for the next byte", rq->offset,
                       *fed);
    if (rq->min_len < 1 || rq->min_len > TD_STAGE_SIZE || rq->source != 0)
        protocol_error(&x->r, "bad min_len or source", rq->min_len,
                       rq->source);
    n = span_length(split);
    if (n > len - *fed)
        n = len - *fed;
    if (n == 0) {
        x->c->feed(x->state, NULL, 0);
        return false;
    }
    if (x->c->feed(x->state, guard_span_copy(span, data + *fed, n), n) !=
        TD_OK)
        protocol_error(&x->r, "feed refused a requested span", *fed, n);
    *fed += n;
    return true;
}

static void check_end(run *x, int rc, size_t len)
{
    x->r.status = rc;
    x->r.fault = *x->c->fault(x->state);
    if (rc < 0 && x->r.fault.offset > len)
        protocol_error(&x->r, "error offset beyond the input",
                       x->r.fault.offset, len);
    if (rc < 0 && rc != x->r.fault.code)
        protocol_error(&x->r, "status differs from the fault", (uint64_t)-rc,
                       (uint64_t)-x->r.fault.code);
    if (rc < 0 && x->r.fault.reason == NULL)
        protocol_error(&x->r, "error without a reason", (uint64_t)-rc, 0);
}

container_result container_decode(const container_codec *c,
                                  const uint8_t *data, size_t len,
                                  split_plan split)
{
    run x;
    container_event ev;
    guard_span span = {NULL, 0, 0};
    size_t fed = 0;
    bool told_eof = false;
    int rc;

    memset(&x, 0, sizeof x);
    x.c = c;
    x.r.protocol_ok = true;
    x.state = malloc(c->state_size);
    c->init(x.state);
    x.log = open_memstream(&x.r.log, &x.r.log_len);
    x.out = open_memstream((char **)&x.r.out, &x.r.out_len);
    for (;;) {
        rc = c->next(x.state, &ev);
        if (rc == TD_EVENT) {
            add_event(&x, &ev);
        } else if (rc == TD_NEED_INPUT) {
            if (told_eof) {
                protocol_error(&x.r, "request after end of file", fed, len);
                rc = TD_E_INTERNAL;
                break;
            }
            told_eof = !answer(&x, data, len, &fed, &split, &span);
        } else {
            break;
        }
    }
    guard_span_free(&span);
    fclose(x.log);
    fclose(x.out);
    check_end(&x, rc, len);
    c->finish(x.state);
    free(x.state);
    return x.r;
}

void container_result_free(container_result *r)
{
    free(r->log);
    free(r->out);
    r->log = NULL;
    r->out = NULL;
}

bool container_same(const container_result *a, const container_result *b)
{
    return a->status == b->status && a->fault.code == b->fault.code &&
           a->fault.offset == b->fault.offset &&
           a->fault.reason == b->fault.reason && a->log_len == b->log_len &&
           memcmp(a->log, b->log, a->log_len) == 0 &&
           a->out_len == b->out_len && memcmp(a->out, b->out, a->out_len) == 0;
}

int container_status(const container_codec *c, const uint8_t *data, size_t len,
                     td_fault *fault)
{
    void *state = malloc(c->state_size);
    container_event ev;
    bool fed = false;
    int rc;
    c->init(state);
    while ((rc = c->next(state, &ev)) == TD_EVENT || rc == TD_NEED_INPUT) {
        if (rc == TD_NEED_INPUT) {
            c->feed(state, fed ? NULL : data, fed ? 0 : len);
            fed = true;
        }
    }
    *fault = *c->fault(state);
    c->finish(state);
    free(state);
    return rc;
}

/* Compare one split's result with the one-span result. */
static int compare(const char *name, const char *how, size_t arg,
                   const container_result *ref, container_result *got)
{
    int failed = 0;
    if (!expect(got->protocol_ok, "%s %s %zu: %s", name, how, arg,
                got->protocol_msg))
        failed++;
    if (!expect(container_same(ref, got),
                "%s %s %zu: result differs from the one-span decode "
                "(status %d vs %d, %zu vs %zu bytes)",
                name, how, arg, got->status, ref->status, got->out_len,
                ref->out_len))
        failed++;
    container_result_free(got);
    return failed;
}

int container_sweep_chunks(const container_codec *c, const char *name,
                           const uint8_t *data, size_t len, size_t max_chunk,
                           unsigned randoms)
{
    container_result ref = container_decode(c, data, len, one_span()),
                     got;
    int failed = 0;
    size_t k;
    uint64_t seed;
    if (!expect(ref.protocol_ok, "%s: %s", name, ref.protocol_msg))
        failed++;
    for (k = 1; k <= max_chunk && failed == 0; k++) {
        got = container_decode(c, data, len, chunks_of(k));
        failed += compare(name, "chunk size", k, &ref, &got);
    }
    for (seed = 1; seed <= randoms && failed == 0; seed++) {
        got = container_decode(c, data, len, random_split(seed));
        failed += compare(name, "random split", (size_t)seed, &ref, &got);
    }
    container_result_free(&ref);
    return failed;
}

static bool is_prefix(const void *a, size_t a_len, const void *b, size_t b_len)
{
    return a_len <= b_len && (a_len == 0 || memcmp(a, b, a_len) == 0);
}

/* Spans of 1 to 7 bytes for small inputs; larger inputs would take too
 * long in spans that small, and get spans of up to 4 KiB. */
static size_t cut_span(size_t len, size_t cut)
{
    return len <= 16384 ? cut % 7 + 1 : cut % 4093 + 1;
}

int container_sweep_cuts(const container_codec *c, const char *name,
                         const uint8_t *data, size_t len, const size_t *cuts,
                         size_t n, container_clean_fn is_clean,
                         const void *ctx)
{
    container_result full = container_decode(c, data, len, one_span()),
                     got;
    int failed = 0;
    size_t i;
    for (i = 0; i < n && failed == 0; i++) {
        size_t cut = cuts[i];
        bool clean = is_clean(ctx, cut);
        got = container_decode(c, data, cut,
                               chunks_of(cut_span(len, cut)));
        if (!expect(got.protocol_ok, "%s cut %zu: %s", name, cut,
                    got.protocol_msg))
            failed++;
        if (!expect(
                is_prefix(got.log, got.log_len, full.log, full.log_len) &&
                    is_prefix(got.out, got.out_len, full.out, full.out_len),
                "%s cut %zu: events are not a prefix of the full "
                "decode's",
                name, cut))
            failed++;
        if (full.status == TD_END &&
            !expect(clean ? got.status == TD_END
                          : got.status == TD_E_TRUNCATED,
                    "%s cut %zu: status %s, want %s", name, cut,
                    td_error_name(got.status), clean ? "end" : "truncated"))
            failed++;
        if (!expect(got.status == TD_END || got.fault.offset <= cut,
                    "%s cut %zu: error offset %llu past the cut", name, cut,
                    (unsigned long long)got.fault.offset))
            failed++;
        container_result_free(&got);
    }
    container_result_free(&full);
    return failed;
}

int container_sweep_bits(const container_codec *c, const char *name,
                         const uint8_t *data, size_t len, size_t max_positions,
                         unsigned split_every)
{
    uint8_t *copy = malloc(len ? len : 1);
    size_t step = len > max_positions ? len / max_positions : 1;
    unsigned changes = 0;
    int failed = 0;
    size_t i;
    int bit;
    memcpy(copy, data, len);
    for (i = 0; i < len && failed == 0; i += step) {
        for (bit = 0; bit < 8 && failed == 0; bit++) {
            td_fault f;
            int rc;
            copy[i] = (uint8_t)(data[i] ^ (1u << bit));
            rc = container_status(c, copy, len, &f);
            if (!expect(rc == TD_END || (rc < 0 && rc == f.code &&
                                         f.offset <= len && f.reason),
                        "%s byte %zu bit %d: status %d, offset %llu", name, i,
                        bit, rc, (unsigned long long)f.offset))
                failed++;
            if (split_every != 0 && ++changes % split_every == 0) {
                container_result one =
                    container_decode(c, copy, len, one_span());
                container_result five =
                    container_decode(c, copy, len, chunks_of(5));
                if (!expect(one.protocol_ok && five.protocol_ok &&
                                container_same(&one, &five),
                            "%s byte %zu bit %d: 5-byte spans change the "
                            "result (%s)",
                            name, i, bit, five.protocol_msg))
                    failed++;
                container_result_free(&one);
                container_result_free(&five);
            }
        }
        copy[i] = data[i];
    }
    free(copy);
    return failed;
}

static int by_size(const void *a, const void *b)
{
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    return x < y ? -1 : x > y;
}

size_t *container_cuts(const size_t *marks, size_t n_marks, size_t len,
                       size_t small, size_t spread, size_t *n)
{
    size_t cap = (len <= small ? len : n_marks * 7 + spread) + 1;
    size_t *cuts = malloc(cap * sizeof *cuts), count = 0, i, out;
    int d;
    if (len <= small) {
        for (i = 0; i < len; i++)
            cuts[count++] = i;
        *n = count;
        return cuts;
    }
    for (i = 0; i < n_marks; i++)
        for (d = -3; d <= 3; d++)
            if ((long long)marks[i] + d >= 0 && marks[i] + d < len)
                cuts[count++] = marks[i] + d;
    for (i = 0; i < spread; i++)
        cuts[count++] = (size_t)((unsigned long long)len * i / spread);
    qsort(cuts, count, sizeof *cuts, by_size);
    for (i = 0, out = 0; i < count; i++)
        if (out == 0 || cuts[out - 1] != cuts[i])
            cuts[out++] = cuts[i];
    *n = out;
    return cuts;
}
