/*
 * xray_decode.c - see xray_decode.h.
 */
#include "xray_decode.h"
#include "harness.h"
#include "xray_print.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t next_random(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

static size_t span_length(split_plan *plan)
{
    uint64_t r;
    if (plan->chunk != 0)
        return plan->chunk;
    r = next_random(&plan->seed);
    return (r & 15) == 0 ? 1 + (size_t)(r >> 8) % 4096
                         : 1 + (size_t)(r >> 8) % 64;
}

static void protocol_error(xray_result *r, const char *msg, uint64_t a,
                           uint64_t b)
{
    if (!r->protocol_ok)
        return;
    r->protocol_ok = false;
    snprintf(r->protocol_msg, sizeof r->protocol_msg, "%s (%llu, %llu)", msg,
             (unsigned long long)a, (unsigned long long)b);
}

/* Answer one request; returns the new span (or NULL at end of file). */
static uint8_t *answer(td_xray_decoder *d, xray_result *r,
                       const uint8_t *data, size_t len, size_t *fed,
                       split_plan *plan)
{
    const td_request *rq = td_xray_request(d);
    size_t n;
    uint8_t *span;
    if (rq->offset != *fed)
        protocol_error(r, "request is not for the next byte", rq->offset,
                       *fed);
    if (rq->min_len < 1 || rq->min_len > TD_STAGE_SIZE || rq->source != 0)
        protocol_error(r, "bad min_len or source", rq->min_len, rq->source);
    n = span_length(plan);
    if (n > len - *fed)
        n = len - *fed;
    if (n == 0) {
        td_xray_feed(d, NULL, 0);
        return NULL;
    }
    span = malloc(n);
    memcpy(span, data + *fed, n);
    td_xray_feed(d, span, n);
    *fed += n;
    return span;
}

xray_result xray_decode(const uint8_t *data, size_t len, split_plan plan,
                        uint32_t flags, bool match)
{
    xray_result r;
    td_xray_decoder d;
    td_xray_event ev;
    td_xray_calls calls;
    static uint64_t calls_mem[(64 * (12 + 64 * 4)) / 8];
    uint8_t *span = NULL;
    size_t fed = 0;
    bool told_eof = false;
    FILE *log;
    int rc;

    memset(&r, 0, sizeof r);
    r.protocol_ok = true;
    log = open_memstream(&r.log, &r.log_len);
    td_xray_init(&d, flags);
    if (match) {
        td_xray_calls_init(&calls, calls_mem, sizeof calls_mem, 64, 64);
        td_xray_attach_calls(&d, &calls);
    }
    for (;;) {
        rc = td_xray_next(&d, &ev);
        if (rc == TD_EVENT) {
            xray_print_native(log, &ev);
        } else if (rc == TD_NEED_INPUT) {
            if (told_eof) {
                protocol_error(&r, "request after end of file", fed, len);
                rc = TD_E_INTERNAL;
                break;
            }
            free(span);
            span = answer(&d, &r, data, len, &fed, &plan);
            told_eof = span == NULL;
        } else {
            break;
        }
    }
    free(span);
    fclose(log);
    r.status = rc;
    r.fault = *td_xray_fault(&d);
    if (rc < 0 && r.fault.offset > len)
        protocol_error(&r, "error offset beyond the input", r.fault.offset,
                       len);
    if (rc < 0 && rc != r.fault.code)
        protocol_error(&r, "status differs from the fault", (uint64_t)-rc,
                       (uint64_t)-r.fault.code);
    return r;
}

void xray_result_free(xray_result *r)
{
    free(r->log);
    r->log = NULL;
}

bool xray_result_same(const xray_result *a, const xray_result *b)
{
    return a->status == b->status && a->fault.code == b->fault.code &&
           a->fault.offset == b->fault.offset &&
           a->fault.reason == b->fault.reason && a->log_len == b->log_len &&
           memcmp(a->log, b->log, a->log_len) == 0;
}

static split_plan whole(void)
{
    split_plan p;
    p.chunk = (size_t)-1 / 2;
    p.seed = 0;
    return p;
}

static split_plan chunks_of(size_t n)
{
    split_plan p;
    p.chunk = n;
    p.seed = 0;
    return p;
}

static split_plan random_split(uint64_t seed)
{
    split_plan p;
    p.chunk = 0;
    p.seed = seed * 0x9e3779b97f4a7c15u + 1;
    return p;
}

/* Compare one split's result with the one-span result. */
static int compare(const char *name, const char *how, size_t arg,
                   const xray_result *ref, xray_result *got)
{
    int failed = 0;
    if (!expect(got->protocol_ok, "%s %s %zu: %s", name, how, arg,
                got->protocol_msg))
        failed++;
    if (!expect(xray_result_same(ref, got),
                "%s %s %zu: events differ from the one-span decode "
                "(status %d vs %d)",
                name, how, arg, got->status, ref->status))
        failed++;
    xray_result_free(got);
    return failed;
}

int xray_sweep_chunks(const char *name, const uint8_t *data, size_t len,
                      uint32_t flags)
{
    xray_result ref = xray_decode(data, len, whole(), flags, true), got;
    int failed = 0;
    size_t k;
    uint64_t seed;
    if (!expect(ref.protocol_ok, "%s: %s", name, ref.protocol_msg))
        failed++;
    for (k = 1; k <= 64 && failed == 0; k++) {
        got = xray_decode(data, len, chunks_of(k), flags, true);
        failed += compare(name, "chunk size", k, &ref, &got);
    }
    for (seed = 1; seed <= 24 && failed == 0; seed++) {
        got = xray_decode(data, len, random_split(seed), flags, true);
        failed += compare(name, "random split", (size_t)seed, &ref, &got);
    }
    xray_result_free(&ref);
    return failed;
}

int xray_sweep_truncation(const char *name, const uint8_t *data, size_t len,
                          clean_cut_fn clean_cut)
{
    xray_result full = xray_decode(data, len, whole(), 0, false), got;
    int failed = 0;
    size_t cut;
    for (cut = 0; cut < len && failed == 0; cut++) {
        bool clean = clean_cut(data, len, cut);
        got = xray_decode(data, cut, chunks_of(cut % 7 + 1), 0, false);
        if (!expect(got.protocol_ok, "%s cut %zu: %s", name, cut,
                    got.protocol_msg))
            failed++;
        if (!expect(got.log_len <= full.log_len &&
                        memcmp(got.log, full.log, got.log_len) == 0,
                    "%s cut %zu: events are not a prefix of the full "
                    "decode's",
                    name, cut))
            failed++;
        if (full.status == TD_END &&
            !expect(clean ? got.status == TD_END
                          : got.status == TD_E_TRUNCATED,
                    "%s cut %zu: status %d, want %s", name, cut, got.status,
                    clean ? "end" : "truncated"))
            failed++;
        if (!expect(got.status == TD_END || got.fault.offset <= cut,
                    "%s cut %zu: error offset %llu past the cut", name, cut,
                    (unsigned long long)got.fault.offset))
            failed++;
        xray_result_free(&got);
    }
    xray_result_free(&full);
    return failed;
}

/* One span, no log, the call matcher attached: the quickest full decode.
 * Returns the status; *fault is the decoder's. */
static int decode_status(const uint8_t *data, size_t len, td_fault *fault)
{
    static uint64_t calls_mem[(16 * (12 + 16 * 4)) / 8];
    td_xray_decoder d;
    td_xray_calls calls;
    td_xray_event ev;
    bool fed = false;
    int rc;
    td_xray_init(&d, 0);
    td_xray_calls_init(&calls, calls_mem, sizeof calls_mem, 16, 16);
    td_xray_attach_calls(&d, &calls);
    while ((rc = td_xray_next(&d, &ev)) == TD_EVENT || rc == TD_NEED_INPUT) {
        if (rc == TD_NEED_INPUT) {
            td_xray_feed(&d, fed ? NULL : data, fed ? 0 : len);
            fed = true;
        }
    }
    *fault = *td_xray_fault(&d);
    return rc;
}

int xray_sweep_bytes(const char *name, const uint8_t *data, size_t len)
{
    static const int split_changes[4] = {0x01, 0x80, 0x100, 0x1ff};
    uint8_t *copy = malloc(len ? len : 1);
    int failed = 0;
    size_t i;
    int v, c;
    memcpy(copy, data, len);
    for (i = 0; i < len && failed == 0; i++) {
        for (v = 0; v < 256 && failed == 0; v++) {
            td_fault f;
            int rc;
            copy[i] = (uint8_t)v;
            rc = decode_status(copy, len, &f);
            if (!expect(rc == TD_END || (rc < 0 && rc == f.code &&
                                         f.offset <= len && f.reason),
                        "%s byte %zu = %d: status %d, offset %llu", name, i,
                        v, rc, (unsigned long long)f.offset))
                failed++;
        }
        for (c = 0; c < 4 && failed == 0; c++) {
            xray_result one, five;
            copy[i] = split_changes[c] == 0x100   ? 0x00
                      : split_changes[c] == 0x1ff ? 0xff
                      : (uint8_t)(data[i] ^ split_changes[c]);
            one = xray_decode(copy, len, whole(), 0, true);
            five = xray_decode(copy, len, chunks_of(5), 0, true);
            if (!expect(one.protocol_ok && five.protocol_ok,
                        "%s byte %zu change %d: %s %s", name, i, c,
                        one.protocol_msg, five.protocol_msg))
                failed++;
            if (!expect(xray_result_same(&one, &five),
                        "%s byte %zu change %d: chunking changed the result",
                        name, i, c))
                failed++;
            xray_result_free(&one);
            xray_result_free(&five);
        }
        copy[i] = data[i];
    }
    free(copy);
    return failed;
}

static uint64_t load(const uint8_t *p, int n, bool be)
{
    uint64_t v = 0;
    int i;
    for (i = 0; i < n; i++)
        v |= (uint64_t)p[be ? n - 1 - i : i] << (8 * i);
    return v;
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
        if (meta && (kind == 5 || kind == 8))
            size += (size_t)load(data + at + 1, 4, be);
        at += size;
        if (meta && kind == 1 && at == cut_len)
            return true;
    }
    return false;
}

bool xray_clean_cut(const uint8_t *data, size_t full_len, size_t cut_len)
{
    bool be = load(data, 2, false) > 5 || load(data + 2, 2, false) > 1;
    unsigned version = (unsigned)load(data, 2, be);
    unsigned mode = (unsigned)load(data + 2, 2, be);
    uint64_t buffer_size = load(data + 16, 8, be);
    size_t at = 32;
    if (cut_len == 32 || cut_len == full_len)
        return true;
    if (cut_len < 32)
        return false;
    if (mode == 0)
        return (cut_len - 32) % 32 == 0;
    if (version == 1 && buffer_size != 0)
        return (cut_len - 32) % buffer_size == 0;
    if (version == 1)
        return v1_after_end_of_buffer(data, full_len, cut_len, be);
    while (at + 16 <= full_len && at < cut_len) {
        at += 16 + (size_t)load(data + at + 1, 8, be);
        if (at == cut_len)
            return true;
    }
    return false;
}
