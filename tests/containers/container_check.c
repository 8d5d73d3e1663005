/*
 * container_check.c - see container_check.h.
 */
#include "container_check.h"
#include "harness.h"

#include <string.h>

test_result container_decode(const test_codec *c, const test_input *in)
{
    static const test_config plain = {0, 0, 0};
    return test_decode(c, in, &plain, plan_whole());
}

static void sweep(const test_codec *c, const char *name,
                  const test_input *in, const uint64_t *marks,
                  size_t mark_count, const container_plan *p)
{
    static const test_config plain = {0, 0, 0};
    plan_range splits[2] = {{ANSWER_SPANS, 1, 0, NULL}, {ANSWER_RANDOM, 1, 0, NULL}};
    cut_sweep cuts;
    change_sweep bits;
    splits[0].last = p->max_chunk;
    splits[1].last = p->randoms;
    memset(&cuts, 0, sizeof cuts);
    cuts.where.all_below = p->small;
    cuts.where.near = 3;
    cuts.where.spread = p->spread;
    cuts.expect = CUT_TRUNCATED;
    cuts.marks = marks;
    cuts.mark_count = mark_count;
    memset(&bits, 0, sizeof bits);
    bits.where.all_below = p->bit_positions;
    bits.where.steps = p->bit_positions;
    bits.kind = CHANGE_EVERY_BIT;
    bits.compare_every = p->split_every;
    sweep_plans(c, name, in, &plain, splits, 2);
    sweep_cuts(c, name, in, &plain, &cuts);
    sweep_changes(c, name, in, &plain, &bits);
}

void check_container(const test_codec *c, const char *name,
                     const test_input *in, const uint8_t *want,
                     size_t want_len, const char *log_has,
                     const uint64_t *marks, size_t mark_count,
                     const container_plan *plan)
{
    test_result r = container_decode(c, in);
    expect(r.protocol_ok, "%s: %s", name, r.protocol_msg);
    if (expect(r.status == TD_END, "%s: status %s at %llu (%s)", name,
               td_error_name(r.status), (unsigned long long)r.fault.offset,
               r.fault.reason ? r.fault.reason : "")) {
        expect(r.out_len == want_len &&
                   (want_len == 0 || memcmp(r.out, want, want_len) == 0),
               "%s: output differs (%zu bytes, want %zu)", name, r.out_len,
               want_len);
        expect(log_has == NULL || strstr(r.log, log_has) != NULL,
               "%s: the log lacks \"%s\":\n%s", name, log_has, r.log);
        sweep(c, name, in, marks, mark_count, plan);
    }
    test_result_free(&r);
}

void check_container_error(const test_codec *c, const char *name,
                           const uint8_t *data, size_t len, int code,
                           uint64_t at)
{
    static const plan_range splits[2] = {{ANSWER_SPANS, 1, 64, NULL},
                                         {ANSWER_RANDOM, 1, 8, NULL}};
    static const test_config plain = {0, 0, 0};
    test_file f = test_file_of(data, len);
    test_input in = test_input_of(&f);
    test_result r = container_decode(c, &in);
    expect(r.status == code && r.fault.offset == at &&
               r.fault.reason != NULL && r.protocol_ok,
           "%s: %s at %llu (%s), want %s at %llu", name,
           td_error_name(r.status), (unsigned long long)r.fault.offset,
           r.fault.reason ? r.fault.reason : "no reason",
           td_error_name(code), (unsigned long long)at);
    test_result_free(&r);
    sweep_plans(c, name, &in, &plain, splits, 2);
}
