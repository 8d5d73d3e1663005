/*
 * drive.c - see drive.h. One loop for every decoder: next() until it stops,
 * each request answered by the codec's access kind (forward, seekable,
 * random) with as many bytes as the plan says, copied against a guard page.
 */
#include "drive.h"
#include "guard_span.h"
#include "harness.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define WHOLE_CAP ((size_t)8 << 20)
#define MAX_REQUESTS 20000000u
#define MAX_LANES 4
#define MAX_SOURCES 16

/* A growable list of offsets. */
typedef struct offsets {
    uint64_t *at;
    size_t len, cap;
} offsets;

struct test_run {
    const test_codec *c;
    void *state;
    const test_input *in;
    test_plan plan;
    bool forward;  /* offsets never go back */
    test_result *r;
    FILE *log, *out;
    bool data_open; /* a DATA run may be continued */
    bool data_seen; /* the event next() gave was DATA */
    uint64_t data_offset, data_end;
    offsets marks, ends;
    guard_span guard[MAX_LANES];
    uint8_t *scratch; /* bytes of a file with a hole, before the guard */
    size_t scratch_cap;
    const td_request *request; /* the decoder's, from run_status() */
    const td_fault *fault;
    const uint8_t *answer; /* the answer the decoder holds */
    size_t answer_len;
    uint64_t answer_offset;
    uint64_t fed; /* forward: bytes given so far */
    unsigned announced; /* members announced so far */
    bool told_end;
    td_request last;
    uint64_t back[MAX_SOURCES]; /* forward modes: last offset per source */
};

/* ---- Plans ---------------------------------------------------------------
 */

static test_plan plan_of(int answer, size_t k, split_plan split)
{
    test_plan p;
    p.answer = answer;
    p.k = k;
    p.split = split;
    p.log = true;
    return p;
}

test_plan plan_whole(void)
{
    return plan_of(ANSWER_WHOLE, 0, one_span());
}

test_plan plan_exact(void)
{
    return plan_of(ANSWER_EXACT, 0, one_span());
}

test_plan plan_plus(size_t k)
{
    return plan_of(ANSWER_PLUS, k, one_span());
}

test_plan plan_chunks(size_t n)
{
    return plan_of(ANSWER_SPANS, n, chunks_of(n));
}

test_plan plan_random(uint64_t seed)
{
    return plan_of(ANSWER_RANDOM, (size_t)seed, random_split(seed));
}

/* ---- What codecs call ----------------------------------------------------
 */

int run_status(test_run *u, int rc, const td_request *request,
               const td_fault *fault)
{
    u->request = request;
    u->fault = fault;
    return rc;
}

void run_fail(test_run *u, const char *msg, uint64_t a, uint64_t b)
{
    if (!u->r->protocol_ok)
        return;
    u->r->protocol_ok = false;
    snprintf(u->r->protocol_msg, sizeof u->r->protocol_msg,
             "%s (%" PRIu64 ", %" PRIu64 ")", msg, a, b);
}

FILE *run_log(test_run *u)
{
    return u->log;
}

void run_line(test_run *u, const char *fmt, ...)
{
    FILE *log = run_log(u);
    va_list ap;
    if (log == NULL)
        return;
    va_start(ap, fmt);
    vfprintf(log, fmt, ap);
    va_end(ap);
    fputc('\n', log);
}

bool run_data(test_run *u, uint64_t offset, uint64_t pos,
              const uint8_t *data, size_t len)
{
    bool continues = u->data_open && offset == u->data_offset &&
                pos == u->data_end;
    u->r->data_events++;
    u->data_seen = true;
    if (u->out != NULL && len > 0)
        fwrite(data, 1, len, u->out);
    u->data_open = true;
    u->data_offset = offset;
    u->data_end = pos + len;
    return continues;
}

static void add_offset(offsets *o, uint64_t at)
{
    o->at = grow(o->at, &o->cap, o->len + 1, sizeof *o->at);
    o->at[o->len++] = at;
}

void run_mark(test_run *u, uint64_t offset)
{
    add_offset(&u->marks, offset);
}

void run_end(test_run *u, uint64_t offset)
{
    add_offset(&u->ends, offset);
}

bool run_in_answer(const test_run *u, const void *p, size_t len)
{
    const uint8_t *b = p;
    return u->answer != NULL && b >= u->answer &&
           b + len <= u->answer + u->answer_len;
}

uint64_t run_answer_end(const test_run *u)
{
    return u->answer_offset + u->answer_len;
}

/* ---- Answers -------------------------------------------------------------
 */

/* The file a source reads. */
static const test_file *file_of(const test_run *u, uint32_t source)
{
    return &u->in->files[u->c->lanes > 1 ? 0 : source];
}

/* How many bytes to give for rq, at most `rest`. */
static size_t answer_size(test_run *u, const td_request *rq, uint64_t rest)
{
    size_t n;
    switch (u->plan.answer) {
    case ANSWER_EXACT:
        n = rq->min_len;
        break;
    case ANSWER_PLUS:
        n = rq->min_len + u->plan.k;
        break;
    case ANSWER_SPANS:
        n = span_length(&u->plan.split);
        break;
    case ANSWER_RANDOM:
        n = (u->forward ? 0 : rq->min_len - 1) + span_length(&u->plan.split);
        break;
    default:
        n = WHOLE_CAP;
        break;
    }
    if (n > WHOLE_CAP)
        n = WHOLE_CAP;
    return n < rest ? n : (size_t)rest;
}

/* Feed n bytes of f from `at` (none: the end) through guard `lane`; a
 * decoder refuses them only when it has stopped on an error. */
static void give(test_run *u, unsigned lane, const test_file *f, uint64_t at,
                 size_t n)
{
    const uint8_t *src;
    int rc;
    u->answer = NULL;
    u->answer_offset = at;
    u->answer_len = n;
    if (n == 0) {
        u->c->feed(u->state, NULL, 0);
        return;
    }
    if (at + n <= f->head_len) {
        src = f->head + at;
    } else {
        if (n > u->scratch_cap) {
            free(u->scratch);
            u->scratch = malloc(n);
            u->scratch_cap = n;
        }
        test_file_read(f, at, u->scratch, n);
        src = u->scratch;
    }
    u->answer = guard_span_copy(&u->guard[lane], src, n);
    rc = u->c->feed(u->state, u->answer, n);
    if (rc != TD_OK && (u->fault == NULL || rc != u->fault->code))
        run_fail(u, "feed refused an answer", at, n);
}

static bool member_starts_at(const test_input *in, uint64_t at, unsigned k)
{
    return k < in->member_count && in->members[k] == at;
}

/* Where the member after `at` starts (or end). */
static uint64_t member_end(const test_input *in, uint64_t at, uint64_t end)
{
    unsigned i;
    for (i = 0; i < in->member_count; i++)
        if (in->members[i] > at && in->members[i] < end)
            return in->members[i];
    return end;
}

static void check_min_len(test_run *u, const td_request *rq)
{
    if (rq->min_len < 1 || rq->min_len > u->c->max_request)
        run_fail(u, "bad min_len", rq->min_len, rq->source);
}

static void answer_forward(test_run *u, const td_request *rq)
{
    const test_file *f = &u->in->files[0];
    size_t n;
    if (rq->offset != u->fed)
        run_fail(u, "request is not for the next byte", rq->offset, u->fed);
    if (rq->source != u->c->source)
        run_fail(u, "request for another source", rq->source, u->c->source);
    check_min_len(u, rq);
    if (u->c->begin_member != NULL && u->fed < f->size &&
        member_starts_at(u->in, u->fed, u->announced))
        u->c->begin_member(u->state, u->announced++);
    n = answer_size(u, rq, member_end(u->in, u->fed, f->size) - u->fed);
    u->told_end = n == 0;
    give(u, 0, f, u->fed, n);
    u->fed += n;
}

static void answer_seekable(test_run *u, const td_request *rq)
{
    const test_file *f = &u->in->files[0];
    uint64_t at = rq->offset < f->size ? rq->offset : f->size;
    size_t n;
    if (rq->offset > f->size)
        run_fail(u, "request past the end of the input", rq->offset,
                 f->size);
    if (rq->source != u->c->source)
        run_fail(u, "request for another source", rq->source, u->c->source);
    check_min_len(u, rq);
    n = answer_size(u, rq, f->size - at);
    u->told_end = n == 0;
    give(u, 0, f, at, n);
}

static void answer_random(test_run *u, const td_request *rq)
{
    const test_file *f;
    uint64_t avail;
    if (rq->source >= u->c->sources || rq->source >= MAX_SOURCES) {
        run_fail(u, "request for an unknown source", rq->source, 0);
        give(u, 0, &u->in->files[0], 0, 0);
        return;
    }
    check_min_len(u, rq);
    if (u->r->requests > 1 && rq->source == u->last.source &&
        rq->offset == u->last.offset && rq->min_len == u->last.min_len)
        run_fail(u, "the same request twice in a row", rq->offset,
                 rq->source);
    if (u->forward && rq->offset < u->back[rq->source])
        run_fail(u, "a forward mode went back", rq->offset,
                 u->back[rq->source]);
    u->back[rq->source] = rq->offset;
    u->last = *rq;
    f = file_of(u, rq->source);
    avail = rq->offset < f->size ? f->size - rq->offset : 0;
    give(u, u->c->lanes > 1 ? rq->source : 0, f, rq->offset,
         answer_size(u, rq, avail));
}

static void answer(test_run *u)
{
    const td_request *rq = u->request;
    if (u->c->access == TEST_FORWARD)
        answer_forward(u, rq);
    else if (u->c->access == TEST_SEEKABLE)
        answer_seekable(u, rq);
    else
        answer_random(u, rq);
}

/* ---- One decode ----------------------------------------------------------
 */

static bool reads_forward(const test_codec *c, const test_config *cfg)
{
    return c->access == TEST_FORWARD ||
           (c->forward_mode != NULL && c->forward_mode(cfg));
}

/* The outcome, checked against the protocol. `rc` TD_E_INTERNAL: the
 * driver stopped the decode. */
static void finish(test_run *u, int rc)
{
    test_result *r = u->r;
    const test_file *f;
    r->status = rc;
    if (u->fault != NULL)
        r->fault = *u->fault;
    r->fault_source =
        u->c->fault_source != NULL ? u->c->fault_source(u->state) : 0;
    if (rc >= 0 || rc == TD_E_INTERNAL)
        return;
    if (rc != r->fault.code)
        run_fail(u, "status differs from the fault", (uint64_t)-rc,
                 (uint64_t)-r->fault.code);
    if (r->fault.reason == NULL)
        run_fail(u, "error without a reason", (uint64_t)-rc, 0);
    if (r->fault_source >= u->in->count && u->c->lanes <= 1) {
        run_fail(u, "error in an unknown source", r->fault_source, 0);
        return;
    }
    f = file_of(u, r->fault_source);
    if (r->fault.offset > f->size && !u->c->faults_outside)
        run_fail(u, "error offset beyond the input", r->fault.offset,
                 f->size);
}

/* next() until the decoder stops; returns how it stopped. */
static int decode_loop(test_run *u)
{
    int rc;
    for (;;) {
        u->data_seen = false;
        rc = u->c->next(u->state, u);
        if (rc == TD_EVENT) {
            u->data_open = u->data_open && u->data_seen;
            continue;
        }
        if (rc != TD_NEED_INPUT)
            return rc;
        if (u->request == NULL) {
            run_fail(u, "the codec gave no request", 0, 0);
            return TD_E_INTERNAL;
        }
        if (u->told_end || ++u->r->requests > MAX_REQUESTS) {
            run_fail(u, "a request after the end of the input, or too many",
                     u->r->requests, u->fed);
            return TD_E_INTERNAL;
        }
        answer(u);
    }
}

static void keep_offsets(test_run *u)
{
    u->r->marks = u->marks.at;
    u->r->mark_count = u->marks.len;
    u->r->ends = u->ends.at;
    u->r->end_count = u->ends.len;
}

test_result test_decode(const test_codec *c, const test_input *in,
                        const test_config *cfg, test_plan plan)
{
    test_result r;
    test_run u;
    unsigned i;
    int rc;
    memset(&r, 0, sizeof r);
    memset(&u, 0, sizeof u);
    r.protocol_ok = true;
    u.c = c;
    u.in = in;
    u.plan = plan;
    u.r = &r;
    u.forward = reads_forward(c, cfg);
    u.state = calloc(1, c->state_size);
    if (plan.log) {
        u.log = open_memstream(&r.log, &r.log_len);
        u.out = open_memstream((char **)&r.out, &r.out_len);
    }
    rc = c->init(u.state, cfg, in);
    if (rc != TD_OK)
        run_fail(&u, "init refused the config", (uint64_t)-rc, 0);
    else
        rc = decode_loop(&u);
    if (u.log != NULL) {
        fclose(u.log);
        fclose(u.out);
    }
    finish(&u, rc);
    keep_offsets(&u);
    if (c->finish != NULL)
        c->finish(u.state);
    for (i = 0; i < MAX_LANES; i++)
        guard_span_free(&u.guard[i]);
    free(u.scratch);
    free(u.state);
    return r;
}

void test_result_free(test_result *r)
{
    free(r->log);
    free(r->out);
    free(r->marks);
    free(r->ends);
    memset(r, 0, sizeof *r);
}

static bool same_bytes(const void *a, size_t a_len, const void *b,
                       size_t b_len)
{
    return a_len == b_len && (a_len == 0 || memcmp(a, b, a_len) == 0);
}

bool test_same(const test_result *a, const test_result *b)
{
    return a->status == b->status && a->fault.code == b->fault.code &&
           a->fault.offset == b->fault.offset &&
           a->fault.reason == b->fault.reason &&
           a->fault_source == b->fault_source &&
           same_bytes(a->log, a->log_len, b->log, b->log_len) &&
           same_bytes(a->out, a->out_len, b->out, b->out_len);
}

char *test_outcome(const test_codec *c, const test_result *r)
{
    char tail[200], source[100] = "";
    char *out;
    if (c->source_name != NULL) {
        const char *name = c->source_name(r->fault_source);
        snprintf(source, sizeof source, "%s", name ? name : "?");
    }
    if (r->status == TD_END)
        snprintf(tail, sizeof tail, "=> end\n");
    else
        snprintf(tail, sizeof tail, "=> error %s %s@%" PRIu64 "\n",
                 td_error_name(r->status), source, r->fault.offset);
    out = malloc(r->log_len + strlen(tail) + 1);
    if (r->log_len > 0)
        memcpy(out, r->log, r->log_len);
    strcpy(out + r->log_len, tail);
    return out;
}

/* ---- The quickest decode -------------------------------------------------
 */

/* Whole answers from the input itself (a copy only for files with
 * holes); forward decoders get each member in one span. Returns the bytes
 * given (0: the end). */
static size_t answer_whole(test_run *u, uint64_t *fed, uint8_t **scratch)
{
    const test_codec *c = u->c;
    const test_input *in = u->in;
    const td_request *rq = u->request;
    const test_file *f = &in->files[c->lanes > 1 || rq->source >= in->count
                                        ? 0
                                        : rq->source];
    uint64_t at = c->access == TEST_FORWARD ? *fed : rq->offset;
    uint64_t end = f->size;
    size_t n;
    if (c->access == TEST_FORWARD) {
        if (c->begin_member != NULL && at < end &&
            member_starts_at(in, at, u->announced))
            c->begin_member(u->state, u->announced++);
        end = member_end(in, at, end);
    }
    n = at < end ? (size_t)(end - at < WHOLE_CAP ? end - at : WHOLE_CAP) : 0;
    *fed = at + n;
    if (n == 0) {
        c->feed(u->state, NULL, 0);
    } else if (at + n <= f->head_len) {
        c->feed(u->state, f->head + at, n);
    } else {
        free(*scratch);
        *scratch = malloc(n);
        test_file_read(f, at, *scratch, n);
        c->feed(u->state, *scratch, n);
    }
    return n;
}

int test_status(const test_codec *c, void *state, const test_input *in,
                const test_config *cfg, td_fault *fault, uint32_t *source)
{
    test_result r;
    test_run u;
    uint8_t *scratch = NULL;
    uint64_t fed = 0, requests = 0;
    bool ended = false;
    int rc;
    memset(&r, 0, sizeof r);
    memset(&u, 0, sizeof u);
    memset(fault, 0, sizeof *fault);
    u.c = c;
    u.state = state;
    u.in = in;
    u.r = &r;
    rc = c->init(state, cfg, in);
    if (rc == TD_OK)
        while ((rc = c->next(state, &u)) == TD_EVENT ||
               rc == TD_NEED_INPUT) {
            if (rc == TD_EVENT)
                continue;
            if (ended || u.request == NULL || ++requests > MAX_REQUESTS) {
                rc = TD_E_INTERNAL;
                break;
            }
            ended = answer_whole(&u, &fed, &scratch) == 0 &&
                    c->access != TEST_RANDOM;
        }
    if (u.fault != NULL)
        *fault = *u.fault;
    *source = c->fault_source != NULL ? c->fault_source(state) : 0;
    if (c->finish != NULL)
        c->finish(state);
    free(u.marks.at);
    free(u.ends.at);
    free(scratch);
    return rc;
}
