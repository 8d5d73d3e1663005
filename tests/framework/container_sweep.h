/*
 * container_sweep.h - drive a decompressing decoder (one whose events include
 * DATA spans: LZ4, snappy) over an input held in memory, the way a host
 * would, and the sweeps every input gets.
 *
 * Every span is copied into its own exactly-sized allocation that is freed
 * as soon as the decoder asks for the next one, so a read outside the bytes
 * provided, or a pointer into a span kept too long, shows up under ASan.
 * The request protocol is checked on the way: each request names the byte
 * after the last one fed, min_len is 1..TD_STAGE_SIZE, nothing is asked
 * after end of file, and an error's offset lies inside the input.
 *
 * The result keeps the DATA bytes concatenated, and a log with one line per
 * other event and one per run of DATA events that continue each other
 * (same input offset, contiguous positions), so results compare equal
 * whatever the cuts between DATA events.
 */
#ifndef TRACEDEC_TEST_CONTAINER_SWEEP_H
#define TRACEDEC_TEST_CONTAINER_SWEEP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "split_plan.h"
#include "tracedec.h"

/* One event as the sweeps see it. */
typedef struct container_event {
    bool is_data;
    const uint8_t *data; /* DATA: the bytes */
    size_t len;
    uint64_t offset; /* DATA: the event's input offset */
    uint64_t pos;    /* DATA: the event's output position */
    char line[256];  /* other events: their description */
} container_event;

/* A decoder behind the common shape. The decoder and its window live in
 * memory the sweep allocates (state_size bytes). */
typedef struct container_codec {
    size_t state_size;
    void (*init)(void *state);
    void (*finish)(void *state); /* free what init allocated */
    int (*next)(void *state, container_event *ev);
    int (*feed)(void *state, const void *data, size_t len);
    const td_request *(*request)(const void *state);
    const td_fault *(*fault)(const void *state);
} container_codec;

typedef struct container_result {
    uint8_t *out; /* DATA bytes, concatenated */
    size_t out_len;
    char *log; /* other events and DATA runs, one per line */
    size_t log_len;
    int status; /* TD_END or the error */
    td_fault fault;
    bool protocol_ok;
    char protocol_msg[200];
} container_result;


container_result container_decode(const container_codec *c,
                                  const uint8_t *data, size_t len,
                                  split_plan split);
void container_result_free(container_result *r);
bool container_same(const container_result *a, const container_result *b);

/* Decode in one span, with no log: status and fault only. */
int container_status(const container_codec *c, const uint8_t *data, size_t len,
                     td_fault *fault);

/* Each sweep returns the number of failed expectations; `name` labels
 * them. */

/* The one-span decode against every chunk size 1..max_chunk and `randoms`
 * random splits: same result each time. */
int container_sweep_chunks(const container_codec *c, const char *name,
                           const uint8_t *data, size_t len, size_t max_chunk,
                           unsigned randoms);

/* Cuts of the input at each of `cuts` (n of them): the events are a prefix
 * of the full decode's, and the status is TD_END when is_clean(cut) says
 * the prefix is itself complete, else TD_E_TRUNCATED at or before the
 * cut. The prefixes are fed in spans of 1 to 7 bytes (up to 4 KiB for
 * inputs above 16 KiB). */
typedef bool (*container_clean_fn)(const void *ctx, size_t cut);

/* Cuts for that sweep: every cut of inputs up to `small` bytes; for larger
 * ones those within 3 bytes of a structure boundary (`marks`) and `spread`
 * more spread evenly. Sorted, without repeats, each below len; the caller
 * frees them. */
size_t *container_cuts(const size_t *marks, size_t n_marks, size_t len,
                       size_t small, size_t spread, size_t *n);
int container_sweep_cuts(const container_codec *c, const char *name,
                         const uint8_t *data, size_t len, const size_t *cuts,
                         size_t n, container_clean_fn is_clean,
                         const void *ctx);

/* Flip each bit (or, for inputs above max_positions bytes, the bits of
 * max_positions byte positions spread over the input): the decode must end
 * cleanly or with an error inside the input that has a reason; every
 * `split_every`-th change is also decoded in 5-byte spans and must agree
 * with the one-span decode. */
int container_sweep_bits(const container_codec *c, const char *name,
                         const uint8_t *data, size_t len, size_t max_positions,
                         unsigned split_every);

#endif /* TRACEDEC_TEST_CONTAINER_SWEEP_H */
