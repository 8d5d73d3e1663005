/*
 * fuzz_common.h - what every fuzz harness shares: a digest of the events a
 * decode produced, a feeder that answers the decoder's requests with
 * exact-size copies of pseudo-random spans, the check of an error, and how
 * a finding aborts.
 */
#ifndef TRACEDEC_FUZZ_COMMON_H
#define TRACEDEC_FUZZ_COMMON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tracedec.h"

/* FNV-1a over everything mixed in; two decodes agree when their digests
 * do. */
typedef struct fz_digest {
    uint64_t h;
} fz_digest;

fz_digest fz_digest_start(void);
void fz_mix(fz_digest *g, const void *data, size_t len);
void fz_mix64(fz_digest *g, uint64_t value);

/* Report a finding and abort (what fuzzing engines catch). */
void fz_fail(const char *harness, const char *what);

/* How a decode cuts the input into spans. */
typedef enum fz_spans {
    FZ_ONE_SPAN,    /* everything that is left, at once */
    FZ_BYTE_SPANS,  /* one byte at a time: every step-by-step path */
    FZ_RANDOM_SPANS /* 1..17 bytes mostly, 1..300 one time in eight */
} fz_spans;

/*
 * The host side of a decode. Each answer is a fresh allocation of exactly
 * the span's size (the previous one is freed), so a decoder that reads
 * past a span or keeps a pointer to an old one shows up under ASan.
 * Forward-only feeders require every request to name the byte after the
 * last span; random-access ones, any byte up to the end of the input.
 */
typedef struct fz_feeder {
    const char *harness;
    const uint8_t *data;
    size_t len;
    fz_spans spans;
    uint64_t seed;
    bool random_access;
    uint8_t *span;
    size_t span_len;
    size_t span_offset;
    size_t requests;
} fz_feeder;

/* A span length from a xorshift `seed`: 1..17 mostly, 1..300 one time in
 * eight. */
size_t fz_span_length(uint64_t *seed);

void fz_feeder_init(fz_feeder *f, const char *harness, const uint8_t *data,
                    size_t len, fz_spans spans, uint64_t seed);

/* Check the request and cut the next span from rq->offset, ending at
 * `end` at the latest (pass f->len for no limit). The returned span
 * stays valid until the next call or fz_feeder_free. */
const uint8_t *fz_feeder_answer(fz_feeder *f, const td_request *rq,
                                size_t end, size_t *span_len);

/* The byte after the last span. */
size_t fz_feeder_fed(const fz_feeder *f);

void fz_feeder_free(fz_feeder *f);

/* An error must carry its own code, a reason and an offset inside the
 * input; it goes into the digest. */
void fz_mix_fault(fz_digest *g, const fz_feeder *f, int rc,
                  const td_fault *fault);

#endif /* TRACEDEC_FUZZ_COMMON_H */
