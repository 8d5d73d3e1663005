/*
 * xray_decode.h - decode an XRay image held in memory the way a host would,
 * split into spans by a chosen pattern, and keep the event log.
 *
 * Every span is copied into its own exactly-sized allocation that is freed
 * as soon as the decoder asks for the next one, so a read outside the bytes
 * provided, or a payload pointer kept too long, shows up under ASan. The
 * request protocol is checked on the way: forward-only offsets, min_len in
 * 1..TD_STAGE_SIZE, no request repeated without progress.
 */
#ifndef TRACEDEC_TEST_XRAY_DECODE_H
#define TRACEDEC_TEST_XRAY_DECODE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tracedec.h"

typedef struct xray_result {
    char *log;          /* native dump lines (tracedec dump) */
    size_t log_len;
    int status;         /* TD_END or the error code */
    td_fault fault;
    bool protocol_ok;   /* the request protocol held */
    char protocol_msg[160];
} xray_result;

/* Span lengths: `chunk` bytes each, or, when chunk == 0, pseudo-random
 * lengths in 1..64 (and now and then up to 4096) drawn from `seed`. */
typedef struct split_plan {
    size_t chunk;
    uint64_t seed;
} split_plan;

/* flags: td_xray_init flags; match: attach a call matcher (64 threads,
 * depth 64). */
xray_result xray_decode(const uint8_t *data, size_t len, split_plan plan,
                        uint32_t flags, bool match);
void xray_result_free(xray_result *r);

/* Same status, fault and log. */
bool xray_result_same(const xray_result *a, const xray_result *b);

/* The sweeps every input gets (see test_xray.c): every chunk size 1..64,
 * 24 random splits, every truncation, every value of every byte (which must
 * end cleanly or in an error with an offset inside the input and a reason),
 * and 4 changes of every byte decoded both in one span and in 5-byte spans
 * (which must agree). `clean_cut(len)` says whether
 * a prefix of that length is itself a complete trace. Returns the number of
 * failed expectations. */
typedef bool (*clean_cut_fn)(const uint8_t *data, size_t full_len,
                             size_t cut_len);
int xray_sweep_chunks(const char *name, const uint8_t *data, size_t len,
                      uint32_t flags);
int xray_sweep_truncation(const char *name, const uint8_t *data, size_t len,
                          clean_cut_fn clean_cut);
int xray_sweep_bytes(const char *name, const uint8_t *data, size_t len);

/* Clean cuts derived from the file's own structure: the end of the header
 * and of every FDR buffer, or every 32-byte basic record. */
bool xray_clean_cut(const uint8_t *data, size_t full_len, size_t cut_len);

#endif /* TRACEDEC_TEST_XRAY_DECODE_H */
