/*
 * deflate_decode.h - decode a raw deflate stream, a gzip file or a zip
 * archive held in memory the way a host would, split into spans by a
 * plan, and keep what came out: the decompressed bytes and a log line for
 * every other event (name fragments joined), which do not depend on the
 * chunking, so two decodes can be compared.
 *
 * Every span is copied into its own exactly-sized allocation that is freed
 * as soon as the decoder asks for input again, and the window is an exact
 * 32 KiB allocation, so reads outside the bytes provided show up under
 * ASan. On the way the protocol is checked: requests name the next byte
 * (any byte of the input for a seekable zip), min_len is 1..TD_STAGE_SIZE,
 * nothing is asked after the end of input, and every data and name
 * fragment points into the window or the current span and continues the
 * previous one.
 */
#ifndef TRACEDEC_TEST_DEFLATE_DECODE_H
#define TRACEDEC_TEST_DEFLATE_DECODE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "split_plan.h"
#include "tracedec.h"

typedef enum deflate_kind {
    DEFLATE_RAW,
    DEFLATE_GZIP,
    DEFLATE_ZIP,
    DEFLATE_ZIP_SEEKABLE
} deflate_kind;


typedef struct deflate_result {
    uint8_t *out;        /* every DATA byte, in order */
    size_t out_len;
    char *log;           /* one line per other event */
    size_t log_len;
    uint64_t *marks;     /* input offsets where events begin and end */
    size_t mark_count;
    uint64_t *clean_cuts;/* input lengths at which the input may end (gzip:
                            after each member) */
    size_t clean_count;
    int status;          /* TD_END or the error */
    td_fault fault;
    bool protocol_ok;
    char protocol_msg[200];
} deflate_result;

deflate_result deflate_decode(deflate_kind kind, const uint8_t *data,
                                  size_t len, split_plan plan);
void deflate_result_free(deflate_result *r);

/* Same status, fault, log and output. */
bool deflate_same(const deflate_result *a, const deflate_result *b);

/* The output is exactly these len bytes. */
bool deflate_output_is(const deflate_result *r, const uint8_t *expected,
                       size_t len);

const char *deflate_kind_name(deflate_kind kind);

/* The sweeps; each returns the number of failed expectations.
 * chunks: every chunk size 1..64 and 20 random splits when `full`, else
 * sizes 1, 7, 64, 4093 and 3 random splits; each must equal the one-span
 * decode.
 * truncation: decodes of prefixes - all of them when the input is at most
 * `all_below` bytes, else those within 4 bytes of every event mark, the
 * first and last 64 and 160 spread over the rest, thinned to about 300
 * (100 above 256 KiB) - which must stop with TD_E_TRUNCATED (TD_END at a
 * clean cut), an offset inside the prefix, and events and output that
 * begin the full decode's.
 * bits: every bit flip when the input is at most `all_below` bytes, else
 * a quarter of the bits of the bytes within 8 of every event mark, of the
 * first and last 64 and of 32 spread over the rest, thinned to about 48
 * bytes (12 above 256 KiB); each changed input must end in TD_END or an
 * error with a reason and an offset inside it, the same in one span and
 * in small spans (5 bytes; random above 4 KiB). */
int deflate_sweep_chunks(const char *name, deflate_kind kind,
                           const uint8_t *data, size_t len, bool full);
int deflate_sweep_truncation(const char *name, deflate_kind kind,
                               const uint8_t *data, size_t len,
                               size_t all_below);
int deflate_sweep_bits(const char *name, deflate_kind kind,
                         const uint8_t *data, size_t len, size_t all_below);

/* The reference inputs written by tests/containers/deflate_refs.py, made once per
 * run in a temporary directory removed at exit; NULL (after skip()) when
 * python3 cannot make them. */
const char *deflate_refs(void);

/* Each manifest line of `kind` ("inflate", "gzip", "zip" or
 * "zip-seekable"): the input, the expected output and status name. */
typedef void (*ref_fn)(const char *name, const uint8_t *data, size_t len,
                       const uint8_t *expected, size_t expected_len,
                       const char *status);
int deflate_each_ref(const char *kind, ref_fn fn);

#endif /* TRACEDEC_TEST_DEFLATE_DECODE_H */
