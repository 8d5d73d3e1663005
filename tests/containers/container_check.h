/*
 * container_check.h - what every valid input of a decompressing decoder
 * (LZ4 frames, snappy framing) gets: it decodes to the bytes it holds and
 * ends cleanly, the same in every chunking, with every cut ending in
 * TD_E_TRUNCATED where the input is not complete, and every bit flip in a
 * clean end or an error inside the input.
 */
#ifndef TRACEDEC_TEST_CONTAINER_CHECK_H
#define TRACEDEC_TEST_CONTAINER_CHECK_H

#include "sweep.h"

/* How much of each sweep an input gets. */
typedef struct container_plan {
    size_t max_chunk;     /* chunk sizes 1..max_chunk */
    unsigned randoms;     /* random splits */
    uint64_t small;       /* inputs up to this size are cut everywhere; */
    size_t spread;        /* longer ones near each mark and at `spread`
                             more cuts */
    size_t bit_positions; /* bytes whose bits are flipped, spread out */
    unsigned split_every; /* every n-th flip is decoded in two chunkings */
} container_plan;

/* Decode `in` with c; it must give `want` (and the log must hold log_has
 * when that is not NULL), then the sweeps, cutting near `marks` (the
 * input's structure: headers, blocks, chunks). */
void check_container(const test_codec *c, const char *name,
                     const test_input *in, const uint8_t *want,
                     size_t want_len, const char *log_has,
                     const uint64_t *marks, size_t mark_count,
                     const container_plan *plan);

/* Decode `in` with c whole: its result. */
test_result container_decode(const test_codec *c, const test_input *in);

/* An input of len bytes that must fail with `code` at `at` and a reason,
 * the same in every chunk size up to 64 and in 8 random splits. */
void check_container_error(const test_codec *c, const char *name,
                           const uint8_t *data, size_t len, int code,
                           uint64_t at);

#endif /* TRACEDEC_TEST_CONTAINER_CHECK_H */
