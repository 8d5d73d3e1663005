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
 * The host side of a decode, for one input or several (sources, as
 * requests name them). Each answer is a fresh allocation of exactly the
 * span's size and the previous span is freed (with span_per_source, the
 * previous span of the same source: decoders that read sources in lanes),
 * so a decoder that reads past a span or keeps a pointer to an old one
 * shows up under ASan.
 * Forward-only feeders require every request to name the byte after the
 * source's last span and may answer short; seeking ones accept any offset
 * up to the source's end. Random-access formats are seeking feeders that
 * answer at least min_len bytes where the source has them, since a shorter
 * answer says the source ends (FZ_BYTE_SPANS: exactly min_len).
 */
#define FZ_MAX_SOURCES 16

typedef struct fz_source {
    const uint8_t *data;
    size_t len;
    uint8_t *span;
    size_t span_len;
    size_t span_offset;
} fz_source;

typedef struct fz_feeder {
    const char *harness;
    fz_spans spans;
    uint64_t seed;
    bool seeking;         /* requests may name any offset in the source */
    bool past_end;        /* ... or beyond it (answered as its end) */
    bool whole_requests;  /* answer at least min_len: random access */
    bool span_per_source; /* a span stays valid until its source's next */
    size_t max_request; /* largest min_len allowed: TD_STAGE_SIZE at init */
    size_t requests;
    size_t total_len;   /* of all sources */
    unsigned sources;
    fz_source source[FZ_MAX_SOURCES];
} fz_feeder;

/* A feeder of one source (source 0). */
void fz_feeder_init(fz_feeder *f, const char *harness, const uint8_t *data,
                    size_t len, fz_spans spans, uint64_t seed);

/* Add the next source; returns its number. */
unsigned fz_feeder_add(fz_feeder *f, const uint8_t *data, size_t len);

/* Make f, a feeder of a database file (SQLite, REVEN), answer as random
 * access wants (at least min_len, up to a 64 KiB page) through two lanes
 * (sources 0 and 1, both the file), each span valid until its own lane's
 * next answer. */
void fz_feeder_database(fz_feeder *f);

/* Check the request and cut the next span of its source from rq->offset,
 * ending at `end` at the latest (pass SIZE_MAX for no limit). The
 * returned span stays valid until the source's next answer or
 * fz_feeder_free. */
const uint8_t *fz_feeder_answer(fz_feeder *f, const td_request *rq,
                                size_t end, size_t *span_len);

/* The byte after source 0's last span. */
size_t fz_feeder_fed(const fz_feeder *f);

void fz_feeder_free(fz_feeder *f);

/* An error must carry its own code, a reason and an offset inside the
 * longest source; it goes into the digest. */
void fz_mix_fault(fz_digest *g, const fz_feeder *f, int rc,
                  const td_fault *fault);

#endif /* TRACEDEC_FUZZ_COMMON_H */
