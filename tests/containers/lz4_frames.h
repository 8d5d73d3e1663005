/*
 * lz4_frames.h - LZ4 frames for the tests, by hand: a writer for frames
 * with exactly the blocks, sequences and flaws a test wants, and a walker
 * that lists where a (valid) input's structures begin and end.
 *
 * The writer computes header, block and content checksums with
 * td_xxh32, which test_lz4.c checks against what the lz4 CLI writes.
 */
#ifndef TRACEDEC_TEST_LZ4_FRAMES_H
#define TRACEDEC_TEST_LZ4_FRAMES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sample_data.h"

/* FLG bits and BD values. */
#define T_FLG_VERSION 0x40u
#define T_FLG_INDEPENDENT 0x20u
#define T_FLG_BLOCK_CHECKSUM 0x10u
#define T_FLG_CONTENT_SIZE 0x08u
#define T_FLG_CONTENT_CHECKSUM 0x04u
#define T_FLG_DICT_ID 0x01u
#define T_BD_64K 0x40u
#define T_BD_256K 0x50u
#define T_BD_1M 0x60u
#define T_BD_4M 0x70u

/* Magic, FLG, BD, the content size and dict ID when FLG has them, and the
 * header checksum. */
void lz4_put_header(byte_buf *b, uint8_t flg, uint8_t bd,
                    uint64_t content_size, uint32_t dict_id);

/* A block: size word (bit 31 when stored), the bytes, and their xxHash32
 * when `checksum`. */
void lz4_put_block(byte_buf *b, const uint8_t *data, size_t len, bool stored,
                   bool checksum);

/* The end mark, and the content checksum of `content` when `checksum`. */
void lz4_put_end(byte_buf *b, bool checksum, const uint8_t *content,
                 size_t len);

/* A skippable frame of `bytes` bytes of 0xee. */
void lz4_put_skippable(byte_buf *b, unsigned magic_low, uint32_t bytes);

/* One sequence of a compressed block: literals, then a match of match_len
 * bytes (>= 4) from `offset` back, or no match when match_len is 0 (the
 * last sequence). */
void lz4_put_sequence(byte_buf *b, const uint8_t *lit, size_t lit_len,
                      unsigned offset, size_t match_len);

/* Where the structures of a valid input begin and end. */
typedef struct lz4_layout {
    uint64_t *frame_ends; /* offsets right after each frame */
    size_t frames;
    uint64_t *marks; /* every boundary: frames, headers, blocks,
                      checksums, end marks */
    size_t n_marks;
} lz4_layout;

/* False if the input does not parse as frames (the walker trusts sizes and
 * checks nothing else). */
bool lz4_walk(const uint8_t *data, size_t len, lz4_layout *out);
void lz4_layout_free(lz4_layout *l);

#endif /* TRACEDEC_TEST_LZ4_FRAMES_H */
