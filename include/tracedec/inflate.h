/*
 * tracedec/inflate.h - raw deflate (RFC 1951) decoder: stored, fixed and
 * dynamic blocks, in one forward pass, with a 32 KiB window the caller
 * supplies (td_inflate_config.memory). Follows the API shape and the
 * contract at the top of <tracedec.h>.
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

/* What init needs. No flags are defined yet: flags must be 0. */
typedef struct td_inflate_config {
    size_t size;        /* sizeof(td_inflate_config) */
    uint32_t flags;     /* 0 */
    void *memory;       /* the window: TD_INFLATE_WINDOW bytes (no
                           alignment needed) that outlive the decoder */
    size_t memory_size;
} td_inflate_config;

enum td_inflate_event_kind {
    TD_INFLATE_EV_DATA = 1  /* .data: decompressed bytes */
};

typedef struct td_inflate_event {
    int kind;               /* enum td_inflate_event_kind */
    uint32_t flags;         /* 0: no flag applies to DATA */
    uint64_t offset;        /* absolute input offset of the deflate block
                               that produced data[0] */
    uint64_t size;          /* 0: output bytes have no input extent of
                               their own */
    struct {
        const uint8_t *data; /* decompressed bytes, inside the window;
                                valid until the next call on the decoder */
        size_t len;
        uint64_t pos;       /* position of data[0] in the output stream */
    } data;
} td_inflate_event;

/* Standalone decoder of a raw deflate stream. */
typedef struct td_inflate_decoder {
    td_input in;
    td_fault fault;
    td_inflate_state z;
} td_inflate_decoder;

/* Prepare a decoder for a raw deflate stream.
 * Returns TD_OK, TD_E_INVALID_ARGUMENT (NULL decoder, config or memory,
 * cfg->size below sizeof(td_inflate_config), a flag other than 0) or
 * TD_E_BAD_CONFIG (memory_size below TD_INFLATE_WINDOW). */
int td_inflate_init(td_inflate_decoder *d, const td_inflate_config *cfg);

/* Start a new stream with the same window, forgetting any error.
 * Returns TD_OK or TD_E_INVALID_ARGUMENT (NULL decoder). */
int td_inflate_reset(td_inflate_decoder *d);

/* Decode the next DATA event into *ev.
 * Returns TD_EVENT, TD_NEED_INPUT (see td_inflate_request), TD_END (the
 * final block ended; bytes after it are not read) or an error:
 * TD_E_INVALID_ARGUMENT (NULL decoder or event), or, sticky until reset,
 * TD_E_TRUNCATED (at the block that was cut), TD_E_INFLATE_BLOCK_TYPE,
 * TD_E_INFLATE_STORED_LENGTH, TD_E_INFLATE_CODE_LENGTHS,
 * TD_E_INFLATE_HUFFMAN, TD_E_INFLATE_SYMBOL, TD_E_INFLATE_DISTANCE. */
int td_inflate_next(td_inflate_decoder *d, td_inflate_event *ev);

/* request, feed, fault: as every decoder's (tracedec.h, THE DECODER
 * CONTRACT). feed returns TD_OK, TD_E_INVALID_ARGUMENT (NULL decoder),
 * TD_E_PROTOCOL (no request outstanding, NULL data with len > 0) or the
 * sticky error; request and fault return no error. */
const td_request *td_inflate_request(const td_inflate_decoder *d);
int td_inflate_feed(td_inflate_decoder *d, const void *data, size_t len);
const td_fault *td_inflate_fault(const td_inflate_decoder *d);

#ifdef __cplusplus
}
#endif

#endif /* TRACEDEC_INFLATE_H */
