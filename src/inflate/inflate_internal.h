/*
 * inflate_internal.h - what the inflate engine's files share: the modes,
 * the decoding table entries, and the bit accumulator.
 *
 * The bit accumulator. z->hold holds the next z->bits bits of the stream,
 * first bit lowest; bits above z->bits are zero between calls. Every byte
 * whose bits are in hold has been taken from the input cursor, so the bit
 * position of the stream is tdi_input_tell() * 8 - z->bits whatever the
 * chunking, and at the end of the stream the whole bytes still in hold are
 * given back with tdi_input_unget().
 */
#ifndef TDI_INFLATE_INTERNAL_H
#define TDI_INFLATE_INTERNAL_H

#include "inflate_core.h"
#include "../common/fault.h"
#include "../common/step.h"
#include "../common/bytes.h"

#define INFLATE_RING TD_INFLATE_WINDOW
#define INFLATE_MAX_MATCH 258u

/* Root bits and table room for each code (see TD_INFLATE_TABLE_ENTRIES). */
#define LITLEN_ROOT 10u
#define DIST_ROOT 8u
#define CODELEN_ROOT 7u
#define LITLEN_ENOUGH 1332u
#define DIST_ENOUGH 400u

/* What the engine is doing (td_inflate_state.mode). */
enum inflate_mode {
    IM_HEADER = 0,    /* the 3-bit block header is next */
    IM_STORED_LENGTH, /* a stored block's LEN and NLEN */
    IM_STORED_COPY,   /* a stored block's bytes */
    IM_TABLE_COUNTS,  /* a dynamic block's HLIT, HDIST and HCLEN */
    IM_CODELEN_LENS,  /* the lengths of the code length code */
    IM_LENS,          /* the literal/length and distance code lengths */
    IM_CODES,         /* a literal/length code is next */
    IM_LENGTH_EXTRA,  /* the extra bits of a match length */
    IM_DIST,          /* the distance code of a match */
    IM_DIST_EXTRA,    /* the extra bits of a match distance */
    IM_COPY,          /* copying a match */
    IM_END,           /* the final block ended: give bytes back */
    IM_DONE           /* TD_END */
};

/* Result of the mode handlers besides TD_NEED_INPUT, TD_END, TDI_AGAIN,
 * TDI_INFLATE_PAST_LIMIT and errors: the ring is full up to its end, hand
 * it out. */
#define INFLATE_FULL 6

/* A decoding table entry, 32 bits:
 *   bits 0-7   how many bits the code takes at this level of the table;
 *   bits 8-15  the kind, and the count of extra bits (or subtable bits);
 *   bits 16-31 the value: literal byte, length or distance base, code
 *              length symbol, or the index of a subtable.
 * Codes longer than the root bits go through a link entry in the root
 * table to a subtable indexed by the bits that follow the root bits. */
#define ENTRY_LITERAL 0x80u
#define ENTRY_LINK 0x40u
#define ENTRY_END 0x20u     /* end of block */
#define ENTRY_INVALID 0x10u /* a symbol that does not exist, or a code the
                               (incomplete) code leaves unassigned */
#define ENTRY_EXTRA_MASK 0x0fu

static inline uint32_t entry_make(uint32_t value, uint32_t kind,
                                  uint32_t bits)
{
    return value << 16 | kind << 8 | bits;
}

static inline unsigned entry_bits(uint32_t e)
{
    return e & 0xffu;
}

static inline unsigned entry_kind(uint32_t e)
{
    return (e >> 8) & 0xffu;
}

static inline unsigned entry_extra(uint32_t e)
{
    return (e >> 8) & ENTRY_EXTRA_MASK;
}

static inline unsigned entry_value(uint32_t e)
{
    return e >> 16;
}

/* The low n (< 64) bits of v. */
static inline uint64_t low_bits(uint64_t v, unsigned n)
{
    return v & (((uint64_t)1 << n) - 1);
}

/* Bit accumulator (inflate_core.c). */

/* Absolute input offset of the byte that holds the next unread bit. */
static inline uint64_t inflate_offset(const td_inflate_state *z,
                                      const td_input *in)
{
    return (tdi_input_tell(in) * 8 - z->bits) / 8;
}

static inline void inflate_drop(td_inflate_state *z, unsigned n)
{
    z->hold >>= n;
    z->bits -= n;
}

/* Take whole bytes until hold has at least n (<= 56) bits. False when the
 * input has no byte now (a request is outstanding, the input ended, or
 * the limit is reached): the handler returns tdi_inflate_stall(). */
bool tdi_inflate_need(td_inflate_state *z, td_input *in, unsigned n);

/* Why tdi_inflate_need() failed: TD_NEED_INPUT, TDI_INFLATE_PAST_LIMIT, or
 * TD_E_TRUNCATED recorded at the current block. */
int tdi_inflate_stall(td_inflate_state *z, td_input *in, td_fault *f);

/* Decode one code with table (root bits `root`), taking bytes as needed;
 * *entry is the final entry and *used the bits it takes, not yet dropped.
 * False as for tdi_inflate_need(). */
bool tdi_inflate_decode(td_inflate_state *z, td_input *in, const uint32_t *table,
                    unsigned root, uint32_t *entry, unsigned *used);

/* Decoding tables (inflate_tables.c). */
enum inflate_code {
    CODE_CODELENS, /* the code length code: 19 symbols, root 7 */
    CODE_LITLEN,   /* literal/length: 286 (dynamic) or 288 (fixed) */
    CODE_DIST      /* distance: 30 (dynamic) or 32 (fixed) */
};

static inline uint32_t *litlen_table(td_inflate_state *z)
{
    return z->codes;
}

static inline uint32_t *dist_table(td_inflate_state *z)
{
    return z->codes + LITLEN_ENOUGH;
}

/* Build the table for the n code lengths in lens. Returns TD_OK or
 * TD_E_INFLATE_HUFFMAN (over-subscribed, or incomplete other than by the
 * single one-bit code RFC 1951 allows). */
int tdi_inflate_build(uint32_t *table, const uint8_t *lens, unsigned n,
                  enum inflate_code code);

/* Make the tables hold the fixed codes of RFC 1951 3.2.6. */
void tdi_inflate_fixed_tables(td_inflate_state *z);

/* Mode handlers: block structure (inflate_blocks.c). */
int tdi_inflate_block_header(td_inflate_state *z, td_input *in, td_fault *f);
int tdi_inflate_stored_length(td_inflate_state *z, td_input *in, td_fault *f);
int tdi_inflate_stored_copy(td_inflate_state *z, td_input *in, td_fault *f);
int tdi_inflate_table_counts(td_inflate_state *z, td_input *in, td_fault *f);
int tdi_inflate_codelen_lens(td_inflate_state *z, td_input *in, td_fault *f);
int tdi_inflate_lens(td_inflate_state *z, td_input *in, td_fault *f);

/* Mode handlers: compressed data, one step at a time (inflate_codes.c). */
int tdi_inflate_literal_length(td_inflate_state *z, td_input *in, td_fault *f);
int tdi_inflate_length_extra(td_inflate_state *z, td_input *in, td_fault *f);
int tdi_inflate_distance(td_inflate_state *z, td_input *in, td_fault *f);
int tdi_inflate_distance_extra(td_inflate_state *z, td_input *in, td_fault *f);
int tdi_inflate_copy(td_inflate_state *z);

/* Literals and matches while the span and the ring have room
 * (inflate_fast.c); stops before anything else, leaving it to the
 * handlers above. */
void tdi_inflate_fast(td_inflate_state *z, td_input *in);

#endif /* TDI_INFLATE_INTERNAL_H */
