/*
 * sweep.c - see sweep.h.
 */
#include "sweep.h"
#include "harness.h"
#include "guard_span.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void protocol_error(decode_result *r, const char *msg, uint64_t a,
                           uint64_t b)
{
    if (!r->protocol_ok)
        return;
    r->protocol_ok = false;
    snprintf(r->protocol_msg, sizeof r->protocol_msg, "%s (%llu, %llu)", msg,
             (unsigned long long)a, (unsigned long long)b);
}

/* Where the member after `at` starts (or len). */
static size_t member_end(const member_list *m, size_t at, size_t len)
{
    unsigned i;
    for (i = 0; m != NULL && i < m->count; i++)
        if (m->starts[i] > at && m->starts[i] < len)
            return m->starts[i];
    return len;
}

static bool member_starts_at(const member_list *m, size_t at, unsigned *k)
{
    unsigned i;
    for (i = 0; m != NULL && i < m->count; i++) {
        if (m->starts[i] == at) {
            *k = i;
            return true;
        }
    }
    return false;
}

typedef struct feeder {
    const test_codec *c;
    void *d;
    const uint8_t *data;
    size_t len, fed;
    const member_list *members;
    unsigned announced;  /* members announced so far */
    split_plan plan;
    guard_span span;
    bool told_eof;
} feeder;

/* Answer one request, announcing a member that begins here first. */
static void answer(feeder *f, decode_result *r)
{
    const td_request *rq = f->c->request(f->d);
    size_t n;
    unsigned k;
    if (rq->offset != f->fed)
        protocol_error(r, "request is not for the next byte", rq->offset,
                       f->fed);
    if (rq->min_len < 1 || rq->min_len > TD_STAGE_SIZE)
        protocol_error(r, "bad min_len", rq->min_len, rq->source);
    if (f->c->begin_member != NULL && member_starts_at(f->members, f->fed,
                                                       &k) &&
        k == f->announced && f->fed < f->len) {
        f->announced++;
        f->c->begin_member(f->d, k);
    }
    n = span_length(&f->plan);
    if (n > member_end(f->members, f->fed, f->len) - f->fed)
        n = member_end(f->members, f->fed, f->len) - f->fed;
    if (n == 0) {
        f->told_eof = true;
        f->c->feed(f->d, NULL, 0);
        return;
    }
    f->c->feed(f->d, guard_span_copy(&f->span, f->data + f->fed, n), n);
    f->fed += n;
}

decode_result test_decode(const test_codec *c, const uint8_t *data,
                          size_t len, const member_list *members,
                          split_plan plan, uint32_t flags)
{
    decode_result r;
    feeder f;
    FILE *log;
    int rc;
    memset(&r, 0, sizeof r);
    memset(&f, 0, sizeof f);
    r.protocol_ok = true;
    f.c = c;
    f.d = calloc(1, c->size);
    f.data = data;
    f.len = len;
    f.members = members;
    f.plan = plan;
    log = open_memstream(&r.log, &r.log_len);
    c->init(f.d, flags);
    for (;;) {
        rc = c->next(f.d, log);
        if (rc == TD_NEED_INPUT) {
            if (f.told_eof) {
                protocol_error(&r, "request after end of file", f.fed, len);
                rc = TD_E_INTERNAL;
                break;
            }
            answer(&f, &r);
        } else if (rc != TD_EVENT) {
            break;
        }
    }
    fclose(log);
    r.status = rc;
    r.fault = *c->fault(f.d);
    if (rc < 0 && r.fault.offset > len)
        protocol_error(&r, "error offset beyond the input", r.fault.offset,
                       len);
    if (rc < 0 && rc != r.fault.code)
        protocol_error(&r, "status differs from the fault", (uint64_t)-rc,
                       (uint64_t)-r.fault.code);
    guard_span_free(&f.span);
    free(f.d);
    return r;
}

void decode_result_free(decode_result *r)
{
    free(r->log);
    r->log = NULL;
}

bool decode_result_same(const decode_result *a, const decode_result *b)
{
    return a->status == b->status && a->fault.code == b->fault.code &&
           a->fault.offset == b->fault.offset &&
           a->fault.reason == b->fault.reason && a->log_len == b->log_len &&
           memcmp(a->log, b->log, a->log_len) == 0;
}

char *outcome_log(const decode_result *r)
{
    char tail[160];
    char *out;
    if (r->status == TD_END)
        snprintf(tail, sizeof tail, "=> end\n");
    else
        snprintf(tail, sizeof tail, "=> error %s @%llu\n",
                 td_error_name(r->status),
                 (unsigned long long)r->fault.offset);
    out = malloc(r->log_len + strlen(tail) + 1);
    memcpy(out, r->log, r->log_len);
    strcpy(out + r->log_len, tail);
    return out;
}

/* Compare one split's result with the one-span result. */
static int compare(const char *name, const char *how, size_t arg,
                   const decode_result *ref, decode_result *got)
{
    int failed = 0;
    if (!expect(got->protocol_ok, "%s %s %zu: %s", name, how, arg,
                got->protocol_msg))
        failed++;
    if (!expect(decode_result_same(ref, got),
                "%s %s %zu: events differ from the one-span decode "
                "(status %d vs %d)",
                name, how, arg, got->status, ref->status))
        failed++;
    decode_result_free(got);
    return failed;
}

int sweep_chunks(const test_codec *c, const char *name, const uint8_t *data,
                 size_t len, const member_list *members, uint32_t flags)
{
    decode_result ref, got;
    int failed = 0;
    size_t k;
    uint64_t seed;
    flags |= TEST_MATCH_CALLS;
    ref = test_decode(c, data, len, members, one_span(), flags);
    if (!expect(ref.protocol_ok, "%s: %s", name, ref.protocol_msg))
        failed++;
    for (k = 1; k <= 64 && failed == 0; k++) {
        got = test_decode(c, data, len, members, chunks_of(k), flags);
        failed += compare(name, "chunk size", k, &ref, &got);
    }
    for (seed = 1; seed <= 24 && failed == 0; seed++) {
        got = test_decode(c, data, len, members, random_split(seed), flags);
        failed += compare(name, "random split", (size_t)seed, &ref, &got);
    }
    decode_result_free(&ref);
    return failed;
}

/* Members that begin before the cut. */
static member_list members_before(const member_list *m, size_t cut)
{
    member_list before = {NULL, 0};
    if (m == NULL)
        return before;
    before.starts = m->starts;
    while (before.count < m->count && m->starts[before.count] < cut)
        before.count++;
    return before;
}

int sweep_truncation(const test_codec *c, const char *name,
                     const uint8_t *data, size_t len,
                     const member_list *members)
{
    decode_result full = test_decode(c, data, len, members, one_span(), 0);
    decode_result got;
    int failed = 0;
    size_t cut;
    for (cut = 0; cut < len && failed == 0; cut++) {
        bool clean = c->clean_cut(data, len, cut);
        member_list before = members_before(members, cut);
        got = test_decode(c, data, cut, &before, chunks_of(cut % 7 + 1), 0);
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
                    "%s cut %zu: status %s, want %s", name, cut,
                    td_error_name(got.status), clean ? "end" : "truncated"))
            failed++;
        if (!expect(got.status == TD_END || got.fault.offset <= cut,
                    "%s cut %zu: error offset %llu past the cut", name, cut,
                    (unsigned long long)got.fault.offset))
            failed++;
        decode_result_free(&got);
    }
    decode_result_free(&full);
    return failed;
}

/* One span, no log, the call matcher attached: the quickest full decode.
 * Returns the status; *fault is the decoder's. */
static int decode_status(const test_codec *c, void *d, const uint8_t *data,
                         size_t len, const member_list *members,
                         td_fault *fault)
{
    size_t fed = 0;
    unsigned announced = 0, k;
    int rc;
    memset(d, 0, c->size);
    c->init(d, TEST_MATCH_CALLS);
    while ((rc = c->next(d, NULL)) == TD_EVENT || rc == TD_NEED_INPUT) {
        size_t end;
        if (rc != TD_NEED_INPUT)
            continue;
        if (c->begin_member != NULL && member_starts_at(members, fed, &k) &&
            k == announced && fed < len) {
            announced++;
            c->begin_member(d, k);
        }
        end = member_end(members, fed, len);
        c->feed(d, end > fed ? data + fed : NULL, end - fed);
        fed = end;
    }
    *fault = *c->fault(d);
    return rc;
}

int sweep_bytes(const test_codec *c, const char *name, const uint8_t *data,
                size_t len, const member_list *members)
{
    static const int split_changes[4] = {0x01, 0x80, 0x100, 0x1ff};
    uint8_t *copy = malloc(len ? len : 1);
    void *d = malloc(c->size);
    int failed = 0;
    size_t i;
    int v, k;
    memcpy(copy, data, len);
    for (i = 0; i < len && failed == 0; i++) {
        for (v = 0; v < 256 && failed == 0; v++) {
            td_fault f;
            int rc;
            copy[i] = (uint8_t)v;
            rc = decode_status(c, d, copy, len, members, &f);
            if (!expect(rc == TD_END || (rc < 0 && rc == f.code &&
                                         f.offset <= len && f.reason),
                        "%s byte %zu = %d: status %d, offset %llu", name, i,
                        v, rc, (unsigned long long)f.offset))
                failed++;
        }
        for (k = 0; k < 4 && failed == 0; k++) {
            decode_result one, five;
            copy[i] = split_changes[k] == 0x100   ? 0x00
                      : split_changes[k] == 0x1ff ? 0xff
                      : (uint8_t)(data[i] ^ split_changes[k]);
            one = test_decode(c, copy, len, members, one_span(),
                              TEST_MATCH_CALLS);
            five = test_decode(c, copy, len, members, chunks_of(5),
                               TEST_MATCH_CALLS);
            if (!expect(one.protocol_ok && five.protocol_ok,
                        "%s byte %zu change %d: %s %s", name, i, k,
                        one.protocol_msg, five.protocol_msg))
                failed++;
            if (!expect(decode_result_same(&one, &five),
                        "%s byte %zu change %d: chunking changed the result",
                        name, i, k))
                failed++;
            decode_result_free(&one);
            decode_result_free(&five);
        }
        copy[i] = data[i];
    }
    free(d);
    free(copy);
    return failed;
}
