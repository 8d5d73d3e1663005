/*
 * sweep.c - see sweep.h.
 */
#include "sweep.h"
#include "harness.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* Inputs above this are fed in random spans where small ones get spans of
 * a few bytes. */
#define SMALL_INPUT 4096u

static test_plan plan_for(int answer, size_t k)
{
    switch (answer) {
    case ANSWER_EXACT:
        return plan_exact();
    case ANSWER_PLUS:
        return plan_plus(k);
    case ANSWER_SPANS:
        return plan_chunks(k);
    case ANSWER_RANDOM:
        return plan_random(k);
    default:
        return plan_whole();
    }
}

static const char *answer_name(int answer)
{
    static const char *const names[] = {"whole answers", "exact answers",
                                        "min_len +", "chunk size",
                                        "random split"};
    return names[answer];
}

/* One result against the reference: the protocol held, the same result.
 * Frees got. */
static int compare(const char *label, const test_result *ref,
                   test_result *got)
{
    int failed = 0;
    if (!expect(got->protocol_ok, "%s: %s", label, got->protocol_msg))
        failed++;
    if (!expect(test_same(ref, got),
                "%s: the result differs (%s@%" PRIu64 " vs %s@%" PRIu64
                ", %zu vs %zu bytes of log)",
                label, td_error_name(got->status), got->fault.offset,
                td_error_name(ref->status), ref->fault.offset, got->log_len,
                ref->log_len))
        failed++;
    test_result_free(got);
    return failed;
}

int sweep_plans(const test_codec *c, const char *name, const test_input *in,
                const test_config *cfg, const plan_range *ranges,
                unsigned n)
{
    test_result ref = test_decode(c, in, cfg, plan_whole()), got;
    int failed = 0;
    unsigned i;
    size_t k;
    if (!expect(ref.protocol_ok, "%s: %s", name, ref.protocol_msg))
        failed++;
    for (i = 0; i < n && failed == 0; i++) {
        const test_config *with = ranges[i].cfg ? ranges[i].cfg : cfg;
        for (k = ranges[i].first; k <= ranges[i].last && failed == 0; k++) {
            char label[300];
            snprintf(label, sizeof label,
                     "%s, %s %zu (flags %#x, memory %zu)", name,
                     answer_name(ranges[i].answer), k, (unsigned)with->flags,
                     with->memory_size);
            got = test_decode(c, in, with, plan_for(ranges[i].answer, k));
            failed += compare(label, &ref, &got);
        }
    }
    test_result_free(&ref);
    return failed;
}

/* ---- Offsets -------------------------------------------------------------
 */

typedef struct offset_list {
    uint64_t *at;
    size_t len, cap;
} offset_list;

static void add(offset_list *l, uint64_t at, uint64_t size)
{
    if (at >= size)
        return;
    l->at = grow(l->at, &l->cap, l->len + 1, sizeof *l->at);
    l->at[l->len++] = at;
}

static int by_offset(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* Sorted, without repeats, thinned to about cap. */
static void tidy(offset_list *l, size_t cap)
{
    size_t i, out = 0, stride, kept = 0;
    qsort(l->at, l->len, sizeof *l->at, by_offset);
    for (i = 0; i < l->len; i++)
        if (out == 0 || l->at[out - 1] != l->at[i])
            l->at[out++] = l->at[i];
    l->len = out;
    stride = cap > 0 && l->len > cap ? (l->len + cap - 1) / cap : 1;
    for (i = 0, out = 0; i < l->len; i++)
        if (kept++ % stride == 0)
            l->at[out++] = l->at[i];
    l->len = out;
}

static offset_list choose(const offset_choice *w, uint64_t size,
                          const uint64_t *marks, size_t mark_count)
{
    offset_list l = {NULL, 0, 0};
    uint64_t at, step = w->step;
    size_t i;
    long d;
    if (size <= w->all_below) {
        for (at = 0; at < size; at++)
            add(&l, at, size);
        return l;
    }
    if (w->steps > 0 && size / w->steps > step)
        step = size / w->steps;
    for (at = 0; step > 0 && at < size; at += step)
        add(&l, at, size);
    for (i = 0; w->near > 0 && i < mark_count; i++)
        for (d = -(long)w->near; d <= (long)w->near; d++)
            if (d >= 0 || marks[i] >= (uint64_t)-d)
                add(&l, marks[i] + (uint64_t)d, size);
    for (at = 0; at < w->edges && at < size; at++) {
        add(&l, at, size);
        add(&l, size - 1 - at, size);
    }
    for (at = 0; at < w->spread; at++)
        add(&l, size * at / w->spread, size);
    tidy(&l, w->cap);
    return l;
}

/* ---- Cuts ----------------------------------------------------------------
 */

static bool is_prefix(const void *part, size_t part_len, const void *whole,
                      size_t whole_len)
{
    return part_len <= whole_len &&
           (part_len == 0 || memcmp(part, whole, part_len) == 0);
}

static bool events_prefix(const test_result *part, const test_result *whole)
{
    return is_prefix(part->log, part->log_len, whole->log, whole->log_len) &&
           is_prefix(part->out, part->out_len, whole->out, whole->out_len);
}

/* The input with file `file` cut to `cut` bytes (members after the cut
 * dropped); `files` holds the copy of the file list. */
static test_input cut_input(const test_input *in, test_file *files,
                            unsigned file, uint64_t cut)
{
    test_input out = *in;
    memcpy(files, in->files, in->count * sizeof *files);
    files[file].size = cut;
    out.files = files;
    if (file == 0)
        while (out.member_count > 0 &&
               out.members[out.member_count - 1] >= cut)
            out.member_count--;
    return out;
}

static test_plan cut_plan(const test_codec *c, uint64_t size, uint64_t cut)
{
    if (c->access == TEST_RANDOM)
        return cut % 3 == 0 ? plan_exact() : plan_random(cut);
    return size > SMALL_INPUT ? plan_random(cut) : plan_chunks(cut % 7 + 1);
}

/* Whether file `file` may be cut between its parts and pass as whole. */
static bool lenient_file(const cut_sweep *how, unsigned file)
{
    return file < 32 && (how->lenient_files >> file & 1u) != 0;
}

/* Whether the cut input gave the error expected. */
static bool expected_end(const test_codec *c, const cut_sweep *how,
                         const test_input *in, const test_result *full,
                         const test_result *got, unsigned file, uint64_t cut)
{
    bool lenient = lenient_file(how, file);
    if (how->expect == CUT_ANY)
        return true;
    if (how->expect == CUT_ERROR)
        return got->status < 0;
    if (c->access != TEST_RANDOM)
        return full->status != TD_END ||
               got->status == (c->clean_cut != NULL &&
                                       c->clean_cut(in, full, cut)
                                   ? TD_END
                                   : TD_E_TRUNCATED);
    if (test_same(got, full) || (lenient && got->status == TD_END))
        return true;
    return got->fault_source == file &&
           (got->status == TD_E_TRUNCATED || (lenient && got->status < 0));
}

static int check_cut(const test_codec *c, const char *name,
                     const test_input *in, const test_config *cfg,
                     const cut_sweep *how, const test_result *full,
                     unsigned file, uint64_t cut)
{
    test_file *files = malloc(in->count * sizeof *files);
    test_input part = cut_input(in, files, file, cut);
    test_result got = test_decode(c, &part, cfg,
                                  cut_plan(c, in->files[file].size, cut));
    bool lenient = lenient_file(how, file) && got.status == TD_END;
    const char *what = c->source_name ? c->source_name(file) : "cut";
    int failed = 0;
    if (!expect(got.protocol_ok, "%s %s at %" PRIu64 ": %s", name, what, cut,
                got.protocol_msg))
        failed++;
    if (!expect(lenient || events_prefix(&got, full),
                "%s %s at %" PRIu64 ": the events are not a prefix of the "
                "whole input's",
                name, what, cut))
        failed++;
    if (!expect(expected_end(c, how, in, full, &got, file, cut),
                "%s %s at %" PRIu64 ": %s@%" PRIu64 " in source %" PRIu32,
                name, what, cut, td_error_name(got.status), got.fault.offset,
                got.fault_source))
        failed++;
    if (!expect(got.status == TD_END || got.fault_source != file ||
                    got.fault.offset <= cut || c->faults_outside,
                "%s %s at %" PRIu64 ": the error at %" PRIu64
                " is past the cut",
                name, what, cut, got.fault.offset))
        failed++;
    test_result_free(&got);
    free(files);
    return failed;
}

int sweep_cuts(const test_codec *c, const char *name, const test_input *in,
               const test_config *cfg, const cut_sweep *how)
{
    test_result full = test_decode(c, in, cfg, plan_whole());
    const uint64_t *marks = how->marks ? how->marks : full.marks;
    size_t mark_count = how->marks ? how->mark_count : full.mark_count, i;
    int failed = 0;
    unsigned file;
    for (file = 0; file < in->count && failed == 0; file++) {
        offset_list cuts = choose(&how->where, in->files[file].size, marks,
                                  file == 0 ? mark_count : 0);
        for (i = 0; i < cuts.len && failed == 0; i++)
            failed += check_cut(c, name, in, cfg, how, &full, file,
                                cuts.at[i]);
        free(cuts.at);
    }
    test_result_free(&full);
    return failed;
}

/* ---- Changed bytes -------------------------------------------------------
 */

/* Change number k of a byte that was v; false past the last change. */
static bool change(const change_sweep *how, unsigned k, uint8_t v,
                   uint8_t *out)
{
    int ch;
    if (how->kind == CHANGE_EVERY_VALUE) {
        *out = (uint8_t)k;
        return k < 256;
    }
    if (how->kind == CHANGE_EVERY_BIT) {
        *out = (uint8_t)(v ^ (1u << k));
        return k < 8;
    }
    if (k >= how->list_len)
        return false;
    ch = how->list[k];
    *out = ch & CHANGE_SET ? (uint8_t)ch : (uint8_t)(v ^ ch);
    return true;
}

/* Where a change is, for messages. */
typedef struct change_at {
    const char *name, *file; /* file: "" for one-file inputs */
    uint64_t at;
    unsigned k;
} change_at;

/* A status alone: TD_END, or an error with a reason inside its file. */
static int check_status(const test_codec *c, void *state,
                        const test_input *in, const test_config *cfg,
                        const change_at *w)
{
    td_fault f;
    uint32_t source;
    int rc = test_status(c, state, in, cfg, &f, &source);
    uint32_t file = c->lanes > 1 ? 0 : source;
    bool inside = file < in->count && (f.offset <= in->files[file].size ||
                                       c->faults_outside);
    return expect(rc == TD_END ||
                      (rc < 0 && rc == f.code && f.reason && inside),
                  "%s%s byte %" PRIu64 " change %u: %s@%" PRIu64
                  " in source %" PRIu32,
                  w->name, w->file, w->at, w->k, td_error_name(rc), f.offset,
                  source)
               ? 0
               : 1;
}

/* The changed input decoded whole, in other answers (small spans for
 * forward decoders) and with a variant config: the same result each time
 * (which the driver checked against the protocol). */
static int check_same(const test_codec *c, const test_input *in,
                      const test_config *cfg, const change_sweep *how,
                      const change_at *w)
{
    uint64_t at = w->at;
    unsigned k = w->k;
    char label[400];
    test_plan one = plan_whole();
    test_plan other = c->access == TEST_RANDOM
                          ? plan_plus((size_t)(at % 5))
                      : in->files[0].size > SMALL_INPUT
                          ? plan_random(at * 8 + k + 1)
                          : plan_chunks(5);
    test_plan third = at % 3 ? plan_whole() : plan_plus((size_t)(at % 5));
    test_result whole, got;
    char what[480];
    int failed = 0;
    one.log = other.log = third.log = !how->quiet;
    snprintf(label, sizeof label, "%s%s byte %" PRIu64 " change %u", w->name,
             w->file, at, k);
    whole = test_decode(c, in, cfg, one);
    if (!expect(whole.protocol_ok, "%s: %s", label, whole.protocol_msg))
        failed++;
    snprintf(what, sizeof what, "%s, in other answers", label);
    got = test_decode(c, in, cfg, other);
    failed += compare(what, &whole, &got);
    if (how->variants != NULL && failed == 0) {
        snprintf(what, sizeof what, "%s, with variant %u", label,
                 (unsigned)(at % how->variant_count));
        got = test_decode(c, in, &how->variants[at % how->variant_count],
                          third);
        failed += compare(what, &whole, &got);
    }
    test_result_free(&whole);
    return failed;
}

/* The changes of the chosen bytes of one file. */
static int change_file(const test_codec *c, void *state, const char *name,
                       const test_input *in, const test_config *cfg,
                       const change_sweep *how, unsigned file,
                       const test_result *full)
{
    const test_file *f = &in->files[file];
    uint8_t *copy = malloc(f->head_len ? f->head_len : 1);
    test_file *files = malloc(in->count * sizeof *files);
    test_input changed = *in;
    offset_list where = choose(&how->where, f->head_len, how->marks ? how->marks
                                                                    : full->marks,
                               how->marks ? how->mark_count : full->mark_count);
    uint64_t seed = f->head_len;
    char file_label[100] = "";
    unsigned changes = 0, k;
    size_t i;
    int failed = 0;
    if (c->source_name != NULL)
        snprintf(file_label, sizeof file_label, " %s", c->source_name(file));
    if (f->head_len > 0)
        memcpy(copy, f->head, f->head_len);
    memcpy(files, in->files, in->count * sizeof *files);
    files[file].head = copy;
    changed.files = files;
    for (i = 0; i < where.len && failed == 0; i++) {
        uint64_t at = where.at[i];
        for (k = 0; change(how, k, f->head[at], &copy[at]) && failed == 0;
             k++) {
            change_at w = {name, file_label, at, k};
            if (how->fewer_bits && f->head_len > how->where.all_below &&
                (xorshift64(&seed) & 3) != 0)
                continue;
            if (how->compare_every > 0 && ++changes % how->compare_every == 0)
                failed += check_same(c, &changed, cfg, how, &w);
            else
                failed += check_status(c, state, &changed, cfg, &w);
        }
        copy[at] = f->head[at];
    }
    free(where.at);
    free(files);
    free(copy);
    return failed;
}

int sweep_changes(const test_codec *c, const char *name,
                  const test_input *in, const test_config *cfg,
                  const change_sweep *how)
{
    test_result full;
    void *state = malloc(c->state_size);
    unsigned files = how->files ? how->files : 1, file;
    int failed = 0;
    memset(&full, 0, sizeof full);
    if (how->where.near > 0 && how->marks == NULL)
        full = test_decode(c, in, cfg, plan_whole());
    for (file = 0; file < in->count && failed == 0; file++)
        if (files >> file & 1u)
            failed += change_file(c, state, name, in, cfg, how, file, &full);
    test_result_free(&full);
    free(state);
    return failed;
}

int sweep_small(const test_codec *c, const char *name, const test_input *in,
                const test_config *cfg, uint64_t cut_step, int cut_expect,
                const test_config *variant)
{
    static const int changes[4] = {0x01, 0x80, 0xff, CHANGE_SET | 0x00};
    cut_sweep cuts;
    change_sweep bytes;
    memset(&cuts, 0, sizeof cuts);
    if (cut_step > 1)
        cuts.where.step = cut_step;
    else
        cuts.where.all_below = UINT64_MAX;
    cuts.expect = cut_expect;
    memset(&bytes, 0, sizeof bytes);
    bytes.where.all_below = UINT64_MAX;
    bytes.kind = CHANGE_LIST;
    bytes.list = changes;
    bytes.list_len = 4;
    bytes.compare_every = 1;
    bytes.quiet = true;
    bytes.variants = variant;
    bytes.variant_count = variant != NULL ? 1 : 0;
    return sweep_cuts(c, name, in, cfg, &cuts) +
           sweep_changes(c, name, in, cfg, &bytes);
}
