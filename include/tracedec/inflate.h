/*
 * tracedec/inflate.h - raw deflate (RFC 1951) decoder: stored, fixed and
 * dynamic blocks, in one forward pass, with a 32 KiB window the caller
 * supplies. Follows the contract at the top of <tracedec.h>.
 *
 * Decompressed bytes come out as spans of the window: each DATA event
 * points into it and stays valid until the next call on the decoder.
 * The decoder struct holds the Huffman tables (under 8 KiB in all).
 */
#ifndef TRACEDEC_INFLATE_H
#define TRACEDEC_INFLATE_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

#define TD_INFLATE_WINDOW 32768u /* bytes of window the caller supplies */

/* Entries of the decoding tables: a 10-bit literal/length root table with
 * its subtables (at most 1332 entries, zlib's `enough 286 10 15`) and an
 * 8-bit distance root table with its subtables (400, `enough 30 8 15`). */
#define TD_INFLATE_TABLE_ENTRIES 1732u

/* The decompression state that gzip and zip embed; fields are private. */
typedef struct td_inflate_state {
    uint8_t *window;        /* TD_INFLATE_WINDOW bytes, a ring */
    uint64_t hold;          /* bit accumulator: the next `bits` input bits */
    uint64_t total_out;     /* bytes decompressed so far */
    uint64_t block_offset;  /* input offset of the current block's header */
    uint64_t data_offset;   /* block that produced the first byte not yet
                               handed out */
    uint64_t code_offset;   /* input offset of the distance code being read */
    uint64_t in_end;        /* input offset the stream must end before */
    uint32_t bits;          /* bits in hold */
    uint32_t next;          /* ring index of the next output byte */
    uint32_t emitted;       /* ring index of the first byte not handed out */
    uint32_t stored_left;   /* bytes left in a stored block */
    uint16_t length;        /* match length (left to copy), or its base */
    uint16_t dist;          /* match distance, or its base */
    uint16_t nlen, ndist, ncode, have; /* dynamic header counts, lengths
                                          read so far */
    uint8_t mode;           /* where in the stream the decoder is */
    uint8_t last;           /* the current block is the final one */
    uint8_t extra;          /* extra bits of the length/distance being read */
    uint8_t fixed;          /* the tables hold the fixed codes */
    uint8_t lens[320];      /* code lengths being read */
    uint32_t codes[TD_INFLATE_TABLE_ENTRIES]; /* literal/length, then
                                                 distance table */
} td_inflate_state;

typedef struct td_inflate_event {
    const uint8_t *data;    /* decompressed bytes, inside the window */
    size_t len;
    uint64_t pos;           /* position of data[0] in the output stream */
    uint64_t offset;        /* absolute input offset of the deflate block
                               that produced data[0] */
} td_inflate_event;

/* Standalone decoder of a raw deflate stream. */
typedef struct td_inflate_decoder {
    td_input in;
    td_fault fault;
    td_inflate_state z;
} td_inflate_decoder;

/* window: TD_INFLATE_WINDOW bytes that outlive the decoder.
 * Returns TD_OK, TD_E_INVALID_ARGUMENT (NULL) or TD_E_BAD_CONFIG (window
 * smaller than TD_INFLATE_WINDOW). */
int td_inflate_init(td_inflate_decoder *d, void *window, size_t window_size);

/* Start a new stream with the same window. Returns TD_OK or
 * TD_E_INVALID_ARGUMENT. */
int td_inflate_reset(td_inflate_decoder *d);

/* TD_EVENT: ev holds decompressed bytes. TD_END: the final block ended
 * (bytes after it are not read). TD_NEED_INPUT: see td_inflate_request.
 * Errors: TD_E_TRUNCATED and every TD_E_INFLATE_*; sticky until reset. */
int td_inflate_next(td_inflate_decoder *d, td_inflate_event *ev);

const td_request *td_inflate_request(const td_inflate_decoder *d);

/* Answer the request (len 0: end of input). Returns TD_OK, TD_E_PROTOCOL
 * or the sticky error. */
int td_inflate_feed(td_inflate_decoder *d, const void *data, size_t len);

const td_fault *td_inflate_fault(const td_inflate_decoder *d);

#ifdef __cplusplus
}
#endif

#endif /* TRACEDEC_INFLATE_H */
