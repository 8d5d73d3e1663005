/*
 * deflate_check.h - the deflate family in tests: a raw deflate stream, a
 * gzip file or a zip archive (read forward or seekable) decoded through
 * its codec (codec_containers.h), what every reference input gets, and the
 * reference inputs Python's zlib, gzip and zipfile write
 * (tests/containers/deflate_refs.py).
 */
#ifndef TRACEDEC_TEST_DEFLATE_CHECK_H
#define TRACEDEC_TEST_DEFLATE_CHECK_H

#include "codec_containers.h"
#include "sweep.h"

/* Decode data of a kind (DEFLATE_RAW ... DEFLATE_ZIP_SEEKABLE). */
test_result deflate_decode(int kind, const uint8_t *data, size_t len,
                           test_plan plan);

const char *deflate_kind_name(int kind);

/* The output is exactly these len bytes. */
bool deflate_output_is(const test_result *r, const uint8_t *expected,
                       size_t len);

/* Decoded in chunks of `chunk` bytes, data gives `code` (at `offset`,
 * unless TD_END), the same as in one span. */
void deflate_expect(const char *what, int kind, const uint8_t *data,
                    size_t len, int code, uint64_t offset, size_t chunk);

/* A reference input: in one span the status named ("end" or an error
 * name), the protocol kept, and when it ends, the expected output; then
 * the sweeps:
 * every chunk size 1..64 and 20 random splits (for inputs up to 64 KiB;
 * sizes 1, 7, 64, 4093 and 3 random splits above); every cut of inputs up
 * to 1 KiB, of longer ones those near the events, the first and last 64
 * and 160 spread, thinned to about 300 (100 above 256 KiB); every bit flip
 * of inputs up to `bits_below` bytes, of longer ones a quarter of the bits
 * near the events, in the first and last 64 bytes and 32 spread, thinned
 * to about 48 bytes (12 above 256 KiB), each decoded in one span and in
 * small spans alike. */
void check_reference(int kind, const char *name, const uint8_t *data,
                     size_t len, const uint8_t *expected, size_t expected_len,
                     const char *status, size_t bits_below);

/* The reference inputs, made once per run in a temporary directory
 * removed at exit; NULL (after skip()) when python3 cannot make them. */
const char *deflate_refs(void);

/* Each manifest line of `kind` ("inflate", "gzip", "zip" or
 * "zip-seekable"): the input, the expected output and status name.
 * Returns how many there were. */
typedef void (*ref_fn)(const char *name, const uint8_t *data, size_t len,
                       const uint8_t *expected, size_t expected_len,
                       const char *status);
int deflate_each_ref(const char *kind, ref_fn fn);

#endif /* TRACEDEC_TEST_DEFLATE_CHECK_H */
