/*
 * snappy_chunks.h - snappy framing for tests, written from the framing
 * format's description: chunks and their compressed elements built by
 * hand, and the chunk boundaries of an input walked from its own
 * structure.
 */
#ifndef TRACEDEC_TEST_SNAPPY_CHUNKS_H
#define TRACEDEC_TEST_SNAPPY_CHUNKS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sample_data.h"

/* A chunk of `type` with `len` bytes of body. */
void snappy_put_chunk(byte_buf *f, unsigned type, const void *body,
                      size_t len);

/* The stream identifier chunk. */
void snappy_put_stream_id(byte_buf *f);

/* A data chunk: `body` (compressed, or the raw bytes) after the masked CRC
 * of `out` when the type has one (0x00 and 0x01). */
void snappy_put_data(byte_buf *f, unsigned type, const byte_buf *body,
                     const byte_buf *out);

void snappy_put_varint(byte_buf *b, uint32_t v);

/* Elements of a compressed body `b`, their output appended to `out`: a
 * literal of n bytes with a length field of `width` extra bytes (0: in
 * the tag), a copy with a 1-, 2- or 4-byte offset field. */
void snappy_literal(byte_buf *b, byte_buf *out, const uint8_t *p, size_t n,
                    unsigned width);
void snappy_copy(byte_buf *b, byte_buf *out, unsigned field, uint32_t offset,
                 uint32_t len);

/* Chunk boundaries of an input: chunk starts, header ends and chunk ends,
 * in order (even entries start chunks), and the end of the first chunk
 * (the stream identifier). */
typedef struct snappy_layout {
    uint64_t *marks;
    size_t n_marks;
    size_t first_end;
} snappy_layout;

/* Whether the chunks fill the input exactly. */
bool snappy_walk(const uint8_t *data, size_t len, snappy_layout *l);
void snappy_layout_free(snappy_layout *l);

/* Whether a prefix of `cut` bytes ends after a chunk, past the stream
 * identifier. */
bool snappy_chunk_end(const snappy_layout *l, size_t cut);

#endif /* TRACEDEC_TEST_SNAPPY_CHUNKS_H */
