/*
 * split_plan.h - how a test cuts an input into the spans it feeds: one
 * span, fixed-size chunks, or pseudo-random lengths.
 */
#ifndef TRACEDEC_TEST_SPLIT_PLAN_H
#define TRACEDEC_TEST_SPLIT_PLAN_H

#include <stddef.h>
#include <stdint.h>

/* Span lengths: `chunk` bytes each, or, when chunk == 0, pseudo-random
 * lengths in 1..64 (and now and then up to 4096) drawn from `seed`. */
typedef struct split_plan {
    size_t chunk;
    uint64_t seed;
} split_plan;

split_plan one_span(void);
split_plan chunks_of(size_t n);
split_plan random_split(uint64_t seed);

/* The next value of a xorshift64 generator (seed must not be 0). */
uint64_t xorshift64(uint64_t *seed);

/* The next span's length under the plan. */
size_t span_length(split_plan *plan);

#endif /* TRACEDEC_TEST_SPLIT_PLAN_H */
