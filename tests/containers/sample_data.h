/*
 * sample_data.h - inputs for the container tests: deterministic data of
 * several kinds, a temporary directory for files that external tools (the
 * lz4 CLI, tests/containers/snappy_frame.py) read and write, and a byte buffer to
 * build inputs by hand.
 */
#ifndef TRACEDEC_TEST_SAMPLE_DATA_H
#define TRACEDEC_TEST_SAMPLE_DATA_H

#include <stddef.h>
#include <stdint.h>

enum sample_kind {
    SAMPLE_RANDOM,  /* incompressible */
    SAMPLE_ZEROS,   /* one long run */
    SAMPLE_TEXT,    /* words from a small vocabulary */
    SAMPLE_RECORDS, /* 12-byte records like drmemtrace's */
    SAMPLE_MIXED    /* runs of each of the above, up to 40000 bytes */
};

/* len bytes of `kind` from `seed`, malloc'd (at least 1 byte). */
uint8_t *sample_data(enum sample_kind kind, size_t len, uint64_t seed);

/* The next number of a xorshift generator. */
uint64_t sample_random(uint64_t *state);

/* A path in this test run's temporary directory (made on first use), in a
 * static buffer; temp_remove() deletes the directory. */
const char *temp_path(const char *name);
void temp_remove(void);

/* A growing byte buffer; start from {0}. */
typedef struct byte_buf {
    uint8_t *p;
    size_t len, cap;
} byte_buf;

void buf_put(byte_buf *b, const void *data, size_t len);
void buf_u8(byte_buf *b, unsigned v);
void buf_le16(byte_buf *b, unsigned v);
void buf_le32(byte_buf *b, uint32_t v);
void buf_free(byte_buf *b);

#endif /* TRACEDEC_TEST_SAMPLE_DATA_H */
