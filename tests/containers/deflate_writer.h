/*
 * deflate_writer.h - a bit writer for hand-made deflate streams: block
 * headers, stored blocks, fixed-code symbols and dynamic headers, so that
 * tests can build exactly the broken stream each error needs and know the
 * offset of the offending bit.
 */
#ifndef TRACEDEC_TEST_DEFLATE_WRITER_H
#define TRACEDEC_TEST_DEFLATE_WRITER_H

#include <stddef.h>
#include <stdint.h>

typedef struct bitw {
    uint8_t buf[8192];
    size_t bits; /* bits written */
} bitw;

void bw_init(bitw *w);
/* value's low n bits, first bit lowest (header fields, extra bits). */
void bw_bits(bitw *w, uint32_t value, unsigned n);
/* A prefix code of len bits, its most significant bit first. */
void bw_code(bitw *w, uint32_t code, unsigned len);
/* Whole bytes written so far (the last one padded with zeros). */
size_t bw_bytes(const bitw *w);
/* Offset of the byte that will hold the next bit. */
size_t bw_offset(const bitw *w);

/* BFINAL and BTYPE. */
void bw_block(bitw *w, int last, unsigned type);
/* Pad to a byte, then LEN and NLEN (given separately, to break them). */
void bw_stored_lengths(bitw *w, uint16_t len, uint16_t nlen);
/* A literal/length (0-287) or distance (0-31) symbol of the fixed code. */
void bw_fixed_litlen(bitw *w, unsigned sym);
void bw_fixed_dist(bitw *w, unsigned sym);

/* Canonical codes of n code lengths (RFC 1951 3.2.2). */
void canonical_codes(const uint8_t *lens, unsigned n, uint16_t *codes);

/* After bw_block(w, last, 2): HLIT, HDIST, HCLEN = 15 and the 19 lengths
 * of the code length code cl_lens (indexed by symbol). */
void bw_dynamic_counts(bitw *w, unsigned nlen, unsigned ndist,
                       const uint8_t cl_lens[19]);
/* A whole dynamic header whose code length code gives symbols 0-15 four
 * bits each, followed by the nlen + ndist lengths in lens; codes (if not
 * NULL) receives the canonical literal/length codes, then the distance
 * codes at codes + nlen. */
void bw_dynamic_header(bitw *w, int last, const uint8_t *lens, unsigned nlen,
                       unsigned ndist, uint16_t *codes);

#endif /* TRACEDEC_TEST_DEFLATE_WRITER_H */
