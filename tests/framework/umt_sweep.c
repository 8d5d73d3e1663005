/*
 * umt_sweep.c - see umt_sweep.h.
 */
#include "umt_sweep.h"
#include "harness.h"
#include "guard_span.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#define WHOLE_CAP ((size_t)8 << 20)
#define MAX_REQUESTS 20000000u

umt_plan umt_plan_of(int answer, size_t k)
{
    umt_plan p;
    p.answer = answer;
    p.k = k;
    p.split = answer == ANSWER_CHUNK ? chunks_of(k) : random_split(k);
    return p;
}

td_umt_config umt_config(int mode, uint32_t flags, void *workspace,
                         size_t size)
{
    td_umt_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.size = sizeof cfg;
    cfg.flags = flags;
    cfg.memory = workspace;
    cfg.memory_size = size;
    cfg.mode = mode;
    return cfg;
}

umt_input umt_input_of(const uenc *e)
{
    umt_input in;
    in.files = e->f;
    in.cut_file = -1;
    in.cut_size = 0;
    in.workspace = 0;
    return in;
}

static bool forward_mode(int mode)
{
    return mode == TD_UMT_STREAM || mode == TD_UMT_XML;
}

static uint64_t file_size(const umt_input *in, uint32_t file)
{
    uint64_t size = ufile_size(&in->files[file]);
    if ((int)file == in->cut_file && in->cut_size < size)
        size = in->cut_size;
    return size;
}

static void protocol_error(umt_result *r, const char *msg, uint64_t a,
                           uint64_t b)
{
    if (!r->protocol_ok)
        return;
    r->protocol_ok = false;
    snprintf(r->protocol_msg, sizeof r->protocol_msg,
             "%s (%" PRIu64 ", %" PRIu64 ")", msg, a, b);
}

typedef struct driver {
    const umt_input *in;
    int mode;
    umt_plan plan;
    uint8_t *scratch;  /* the file bytes, before they go to the guard */
    size_t scratch_len;
    guard_span guard;  /* the span the decoder reads */
    td_request last;
    uint64_t forward[UF_COUNT]; /* last offset asked, forward modes */
} driver;

static size_t answer_size(driver *v, const td_request *rq)
{
    switch (v->plan.answer) {
    case ANSWER_EXACT:
        return rq->min_len;
    case ANSWER_PLUS:
        return rq->min_len + v->plan.k;
    case ANSWER_WHOLE:
        return WHOLE_CAP;
    default:
        if (v->plan.answer == ANSWER_CHUNK || forward_mode(v->mode))
            return span_length(&v->plan.split);
        return rq->min_len - 1 + span_length(&v->plan.split);
    }
}

static void check_request(driver *v, umt_result *r, const td_request *rq)
{
    if (rq->source >= UF_COUNT) {
        protocol_error(r, "request for an unknown source", rq->source, 0);
        return;
    }
    if (rq->min_len < 1 || rq->min_len > TD_UMT_MAX_REQUEST)
        protocol_error(r, "bad min_len", rq->min_len, rq->source);
    if (r->requests > 0 && rq->source == v->last.source &&
        rq->offset == v->last.offset && rq->min_len == v->last.min_len)
        protocol_error(r, "the same request twice in a row", rq->offset,
                       rq->source);
    if (forward_mode(v->mode) && rq->offset < v->forward[rq->source])
        protocol_error(r, "a forward mode went back", rq->offset,
                       v->forward[rq->source]);
    v->forward[rq->source] = rq->offset;
    v->last = *rq;
}

static void answer(driver *v, umt_result *r, td_umt_decoder *d)
{
    const td_request *rq = td_umt_request(d);
    uint64_t size, avail;
    size_t n;
    check_request(v, r, rq);
    r->requests++;
    if (rq->source >= UF_COUNT) {
        td_umt_feed(d, NULL, 0);
        return;
    }
    size = file_size(v->in, rq->source);
    avail = rq->offset < size ? size - rq->offset : 0;
    n = answer_size(v, rq);
    if (n > avail)
        n = (size_t)avail;
    if (n == 0) {
        td_umt_feed(d, NULL, 0);
        return;
    }
    if (n > v->scratch_len) {
        free(v->scratch);
        v->scratch = malloc(n);
        v->scratch_len = n;
    }
    ufile_read(&v->in->files[rq->source], rq->offset, v->scratch, n);
    td_umt_feed(d, guard_span_copy(&v->guard, v->scratch, n), n);
}

umt_result umt_run(const umt_input *in, int mode, uint32_t flags,
                   umt_plan plan, int logging)
{
    umt_result r;
    driver v;
    td_umt_decoder *d = malloc(sizeof *d);
    void *workspace = in->workspace ? malloc(in->workspace) : NULL;
    td_umt_event ev;
    td_umt_config cfg = umt_config(mode, flags, workspace, in->workspace);
    umt_log log;
    FILE *out = NULL;
    int rc;
    memset(&r, 0, sizeof r);
    memset(&v, 0, sizeof v);
    memset(&ev, 0, sizeof ev);
    r.protocol_ok = true;
    v.in = in;
    v.mode = mode;
    v.plan = plan;
    if (logging != UMT_NO_LOG)
        out = open_memstream(&r.log, &r.log_len);
    umt_log_init(&log, out);
    log.as_skipped = logging == UMT_LOG_AS_SKIPPED;
    if (td_umt_init(d, &cfg) != TD_OK) {
        protocol_error(&r, "init refused the workspace", in->workspace, 0);
        cfg = umt_config(mode, flags, NULL, 0);
        td_umt_init(d, &cfg);
    }
    for (;;) {
        rc = td_umt_next(d, &ev);
        if (rc == TD_EVENT) {
            if (out != NULL)
                umt_log_event(&log, &ev);
            continue;
        }
        if (rc != TD_NEED_INPUT)
            break;
        if (r.requests >= MAX_REQUESTS) {
            protocol_error(&r, "too many requests", r.requests, 0);
            rc = TD_E_INTERNAL;
            break;
        }
        answer(&v, &r, d);
    }
    if (out != NULL) {
        if (rc == TD_END)
            umt_log_flush(&log); /* a text run cut by an error is left out */
        fclose(out);
    }
    r.status = rc;
    r.fault = *td_umt_fault(d);
    r.file = td_umt_fault_file(d);
    if (rc < 0 && rc != TD_E_INTERNAL && rc != r.fault.code)
        protocol_error(&r, "status differs from the fault", (uint64_t)-rc,
                       (uint64_t)-r.fault.code);
    free(v.scratch);
    guard_span_free(&v.guard);
    free(workspace);
    free(d);
    return r;
}

void umt_result_free(umt_result *r)
{
    free(r->log);
    r->log = NULL;
}

bool umt_result_same(const umt_result *a, const umt_result *b)
{
    return a->status == b->status && a->fault.code == b->fault.code &&
           a->fault.offset == b->fault.offset && a->file == b->file &&
           a->fault.reason == b->fault.reason && a->log_len == b->log_len &&
           (a->log_len == 0 || memcmp(a->log, b->log, a->log_len) == 0);
}

char *umt_outcome_log(const umt_result *r)
{
    char tail[200];
    char *out;
    if (r->status == TD_END)
        snprintf(tail, sizeof tail, "=> end\n");
    else
        snprintf(tail, sizeof tail, "=> error %s %s@%" PRIu64 "\n",
                 td_error_name(r->status),
                 td_umt_file_name((int)r->file)
                     ? td_umt_file_name((int)r->file)
                     : "?",
                 r->fault.offset);
    out = malloc(r->log_len + strlen(tail) + 1);
    if (r->log_len)
        memcpy(out, r->log, r->log_len);
    strcpy(out + r->log_len, tail);
    return out;
}

/* ---- Sweeps
 * ----------------------------------------------------------------- */

static int compare(const char *name, const char *how, size_t arg,
                   const umt_result *ref, umt_result *got)
{
    int failed = 0;
    if (!expect(got->protocol_ok, "%s %s %zu: %s", name, how, arg,
                got->protocol_msg))
        failed++;
    if (!expect(umt_result_same(ref, got),
                "%s %s %zu: result differs (status %s vs %s)", name, how, arg,
                td_error_name(got->status), td_error_name(ref->status)))
        failed++;
    umt_result_free(got);
    return failed;
}

/* Runs with the plans (answer, k), k from `first` to `last`, against the
 * reference, until one fails. */
static int runs(const umt_input *in, const char *name, int mode,
                uint32_t flags, const umt_result *ref, int answer,
                size_t first, size_t last, int failed)
{
    static const char *const how[5] = {"exact answers", "min_len +",
                                       "whole answers", "random answers",
                                       "chunks of"};
    size_t k;
    for (k = first; k <= last && failed == 0; k++) {
        umt_result got =
            umt_run(in, mode, flags, umt_plan_of(answer, k), true);
        failed += compare(name, how[answer], k, ref, &got);
    }
    return failed;
}

/* The log of whole answers, which every other plan must give. */
static umt_result reference(const umt_input *in, const char *name, int mode,
                            uint32_t flags, int *failed)
{
    umt_result ref =
        umt_run(in, mode, flags, umt_plan_of(ANSWER_WHOLE, 0), true);
    if (!expect(ref.protocol_ok, "%s: %s", name, ref.protocol_msg))
        (*failed)++;
    return ref;
}

/* Answer plans, k from first to last. */
typedef struct plan_range {
    int answer;
    size_t first, last;
} plan_range;

static int sweep_plans(const umt_input *in, const char *name, int mode,
                       uint32_t flags, const plan_range *plans, unsigned n)
{
    int failed = 0;
    umt_result ref = reference(in, name, mode, flags, &failed);
    unsigned i;
    for (i = 0; i < n; i++)
        failed = runs(in, name, mode, flags, &ref, plans[i].answer,
                      plans[i].first, plans[i].last, failed);
    umt_result_free(&ref);
    return failed;
}

int umt_sweep_answers(const umt_input *in, const char *name, int mode,
                      uint32_t flags)
{
    static const plan_range plans[3] = {
        {ANSWER_EXACT, 0, 0}, {ANSWER_PLUS, 1, 9}, {ANSWER_RANDOM, 1, 8}};
    return sweep_plans(in, name, mode, flags, plans, 3);
}

int umt_sweep_chunks(const umt_input *in, const char *name, int mode,
                     uint32_t flags)
{
    static const plan_range plans[2] = {{ANSWER_CHUNK, 1, 40},
                                        {ANSWER_RANDOM, 1, 8}};
    return sweep_plans(in, name, mode, flags, plans, 2);
}

static bool is_prefix(const umt_result *part, const umt_result *full)
{
    return part->log_len <= full->log_len &&
           (part->log_len == 0 ||
            memcmp(part->log, full->log, part->log_len) == 0);
}

/* One cut of one file. */
static int check_cut(const umt_input *base, const char *name, int mode,
                     uint32_t flags, const umt_result *full, int file,
                     uint64_t cut)
{
    umt_input in = *base;
    umt_result got;
    int failed = 0;
    bool same;
    in.cut_file = file;
    in.cut_size = cut;
    got = umt_run(
        &in, mode, flags,
        umt_plan_of(cut % 3 == 0 ? ANSWER_EXACT : ANSWER_RANDOM, (size_t)cut),
        true);
    same = umt_result_same(&got, full);
    /* trace.xml is tolerant: cut between two top-level elements it is
     * still whole, and what follows it in VALIDATE comes out as usual. */
    if (file == UF_XML && got.status == TD_END)
        same = true;
    if (!expect(got.protocol_ok, "%s %s cut at %" PRIu64 ": %s", name,
                uenc_file_names[file], cut, got.protocol_msg))
        failed++;
    if (!expect(is_prefix(&got, full) || (file == UF_XML && same),
                "%s %s cut at %" PRIu64 ": events are not a prefix of the "
                "full decode's",
                name, uenc_file_names[file], cut))
        failed++;
    if (!expect(
            same ||
                (got.status == TD_E_TRUNCATED && got.file == (uint32_t)file) ||
                (file == UF_XML && got.status < 0 &&
                 got.file == (uint32_t)file),
            "%s %s cut at %" PRIu64 ": status %s in %s", name,
            uenc_file_names[file], cut, td_error_name(got.status),
            td_umt_file_name((int)got.file)))
        failed++;
    umt_result_free(&got);
    return failed;
}

int umt_sweep_truncation(const umt_input *in, const char *name, int mode,
                         uint32_t flags)
{
    umt_result full =
        umt_run(in, mode, flags, umt_plan_of(ANSWER_WHOLE, 0), true);
    int failed = 0, file;
    for (file = 0; file < UF_COUNT && failed == 0; file++) {
        uint64_t size = file_size(in, (uint32_t)file), cut;
        uint64_t step = size > 4096 ? size / 512 : size > 600 ? 7 : 1;
        const ufile *f = &in->files[file];
        for (cut = 0; cut < size && failed == 0; cut += step) {
            if (f->far_at && cut > f->head_len && cut < f->far_at)
                cut = f->far_at; /* the hole: cut right at the far bytes */
            failed += check_cut(in, name, mode, flags, &full, file, cut);
        }
        if (size > 0 && failed == 0)
            failed += check_cut(in, name, mode, flags, &full, file, size - 1);
    }
    umt_result_free(&full);
    return failed;
}

/* Whether TD_UMT_SKIP_INSTRUCTIONS applies to a mode and flags (the
 * payloads it leaves out must be left out already for the same result). */
static bool skips(int mode, uint32_t flags)
{
    return (mode == TD_UMT_DECODE || mode == TD_UMT_VALIDATE) &&
           (flags & TD_UMT_NO_PAYLOADS) != 0;
}

/* The same with TD_UMT_SKIP_INSTRUCTIONS and a workspace, small or
 * large, and whole answers mostly (the skim needs records in the span). */
static umt_result skipped_run(const umt_input *in, int mode, uint32_t flags,
                              uint64_t at)
{
    umt_input with = *in;
    with.workspace = at % 2 ? TD_UMT_WORKSPACE_MIN : (size_t)1 << 20;
    return umt_run(&with, mode, flags | TD_UMT_SKIP_INSTRUCTIONS,
                   at % 3 ? umt_plan_of(ANSWER_WHOLE, 0)
                          : umt_plan_of(ANSWER_PLUS, (size_t)(at % 5)),
                   false);
}

static int check_changed(const umt_input *in, const char *name, int mode,
                         uint32_t flags, int file, uint64_t at)
{
    umt_result whole =
        umt_run(in, mode, flags, umt_plan_of(ANSWER_WHOLE, 0), false);
    umt_result plus = umt_run(
        in, mode, flags, umt_plan_of(ANSWER_PLUS, (size_t)(at % 5)), false);
    umt_result skip =
        skips(mode, flags) ? skipped_run(in, mode, flags, at) : whole;
    int failed = 0;
    if (!expect(whole.protocol_ok && plus.protocol_ok && skip.protocol_ok,
                "%s %s byte %" PRIu64 ": %s %s %s", name,
                uenc_file_names[file], at, whole.protocol_msg,
                plus.protocol_msg, skip.protocol_msg))
        failed++;
    if (!expect(umt_result_same(&whole, &plus),
                "%s %s byte %" PRIu64 ": the answer size changed the result",
                name, uenc_file_names[file], at))
        failed++;
    if (!expect(umt_result_same(&whole, &skip),
                "%s %s byte %" PRIu64 ": skipping instructions changed the "
                "result (%s at %" PRIu64 " vs %s at %" PRIu64 ")",
                name, uenc_file_names[file], at, td_error_name(skip.status),
                skip.fault.offset, td_error_name(whole.status),
                whole.fault.offset))
        failed++;
    if (!expect(whole.status == TD_END ||
                    (whole.status < 0 && whole.fault.reason != NULL &&
                     whole.file < UF_COUNT),
                "%s %s byte %" PRIu64 ": error %s without a reason", name,
                uenc_file_names[file], at, td_error_name(whole.status)))
        failed++;
    if (skips(mode, flags))
        umt_result_free(&skip);
    umt_result_free(&whole);
    umt_result_free(&plus);
    return failed;
}

/* The files a mode reads. */
static bool reads(int mode, int file)
{
    if (mode == TD_UMT_STREAM)
        return file == UF_EXEC_VTABLE || file == UF_EXEC_OFFSETS;
    return true;
}

int umt_sweep_bytes(const uenc *e, const char *name, int mode, uint32_t flags,
                    unsigned files)
{
    static const int changes[3] = {0x01, 0x80, 0x1ff};
    int failed = 0, file, k;
    for (file = 0; file < UF_COUNT && failed == 0; file++) {
        ufile copy[UF_COUNT];
        umt_input in = umt_input_of(e);
        uint8_t *bytes = e->f[file].head;
        size_t i, len = e->f[file].head_len;
        if (!reads(mode, file) || (files >> file & 1u) == 0 || len == 0)
            continue;
        memcpy(copy, e->f, sizeof copy);
        copy[file].head = malloc(len);
        memcpy(copy[file].head, bytes, len);
        in.files = copy;
        for (i = 0; i < len && failed == 0; i += len > 4096 ? 7 : 1) {
            for (k = 0; k < 3 && failed == 0; k++) {
                copy[file].head[i] = changes[k] == 0x1ff
                                         ? 0xff
                                         : (uint8_t)(bytes[i] ^ changes[k]);
                failed += check_changed(&in, name, mode, flags, file, i);
            }
            copy[file].head[i] = bytes[i];
        }
        free(copy[file].head);
    }
    return failed;
}

/* Runs with a workspace of each size and each answer plan against the
 * reference. */
static int workspace_runs(const umt_input *in, const char *name, int mode,
                          uint32_t flags, const umt_result *ref)
{
    static const size_t sizes[4] = {0, TD_UMT_WORKSPACE_MIN, 6000,
                                    (size_t)1 << 20};
    static const int answers[4] = {ANSWER_WHOLE, ANSWER_EXACT, ANSWER_PLUS,
                                   ANSWER_RANDOM};
    umt_input with = *in;
    int failed = 0;
    unsigned i, k;
    for (i = 0; i < 4; i++) {
        char label[200];
        snprintf(label, sizeof label, "%s, workspace %zu%s", name, sizes[i],
                 flags & TD_UMT_SKIP_INSTRUCTIONS ? ", skipping" : "");
        with.workspace = sizes[i];
        for (k = 0; k < 4; k++)
            failed = runs(&with, label, mode, flags, ref, answers[k], i + k,
                          i + k, failed);
    }
    return failed;
}

int umt_sweep_workspace(const umt_input *in, const char *name, int mode,
                        uint32_t flags)
{
    umt_input plain = *in;
    umt_result ref, skipped;
    int failed;
    plain.workspace = 0;
    ref = umt_run(&plain, mode, flags, umt_plan_of(ANSWER_WHOLE, 0), true);
    skipped = umt_run(&plain, mode, flags | TD_UMT_NO_PAYLOADS,
                      umt_plan_of(ANSWER_WHOLE, 0), UMT_LOG_AS_SKIPPED);
    failed = workspace_runs(in, name, mode, flags, &ref);
    failed += workspace_runs(in, name, mode, flags | TD_UMT_SKIP_INSTRUCTIONS,
                             &skipped);
    umt_result_free(&ref);
    umt_result_free(&skipped);
    return failed;
}
