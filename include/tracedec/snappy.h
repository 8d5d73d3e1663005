/*
 * tracedec/snappy.h - snappy framing format decoder: the stream
 * identifier, compressed (0x00) and uncompressed (0x01) chunks with masked
 * CRC-32C, DynamoRIO's chunk types 0x02 and 0x03 (the same without CRC),
 * skippable (0x80-0xfd) and padding (0xfe) chunks. Each chunk's output (at
 * most 64 KiB) is built in a window the caller supplies
 * (td_snappy_config.memory), checked, and then handed out whole. Follows
 * the API shape and the contract at the top of <tracedec.h>; forward-only
 * (a pipe can feed it).
 *
 * Events, one per chunk, in input order:
 *   STREAM   a stream identifier ("sNaPpY"); the stream must start with one
 *            and may repeat it (concatenated streams);
 *   DATA     the output of a data chunk (0x00-0x03), whole, after its CRC
 *            (0x00, 0x01) was checked; len may be 0;
 *   SKIPPED  a skippable (0x80-0xfd) or padding (0xfe) chunk.
 * DATA points into the window and stays valid until the next call.
 *
 * The stream ends where the input ends, after a whole chunk (TD_END); an
 * empty input is TD_E_TRUNCATED. Inside a compressed chunk, every element
 * must stay inside the chunk, every copy inside the chunk's output so far
 * (offset 1 or more), and the output must have exactly the length the
 * chunk declares (at most 65536).
 */
#ifndef TRACEDEC_SNAPPY_H
#define TRACEDEC_SNAPPY_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

#define TD_SNAPPY_WINDOW 65536u /* bytes of output buffer the caller gives */

/* What init needs. No flags are defined yet: flags must be 0. */
typedef struct td_snappy_config {
    size_t size;        /* sizeof(td_snappy_config) */
    uint32_t flags;     /* 0 */
    void *memory;       /* the window: TD_SNAPPY_WINDOW bytes (no
                           alignment needed) that outlive the decoder */
    size_t memory_size;
} td_snappy_config;

enum td_snappy_event_kind {
    TD_SNAPPY_EV_STREAM = 1, /* a stream identifier chunk */
    TD_SNAPPY_EV_DATA = 2,   /* .data: one chunk's output, CRC checked */
    TD_SNAPPY_EV_SKIPPED = 3 /* a skippable or padding chunk */
};

typedef struct td_snappy_event {
    int kind;        /* enum td_snappy_event_kind */
    uint32_t flags;  /* 0: no flag applies to snappy events */
    uint64_t offset; /* absolute input offset of the chunk */
    uint64_t size;   /* input bytes of the chunk, header included */
    uint8_t chunk_type;
    struct {
        const uint8_t *data; /* inside the window; valid until next call */
        size_t len;
        uint64_t pos; /* position of data[0] in the whole output */
    } data;
} td_snappy_event;

/* The decoder; every field is private. */
typedef struct td_snappy_decoder {
    td_input in;
    td_fault fault;
    uint8_t *window;       /* TD_SNAPPY_WINDOW bytes: the chunk's output */
    uint64_t total_out;    /* output of the chunks before this one */
    uint64_t chunk_offset; /* input offset of the current chunk */
    uint32_t chunk_size;   /* its length field */
    uint32_t chunk_left;   /* its input bytes not yet read */
    uint32_t out_len;      /* its output so far */
    uint32_t out_expected; /* its declared uncompressed length */
    uint32_t crc;          /* its stored (masked) CRC-32C */
    uint32_t literal_left; /* bytes left of the literal being copied */
    uint8_t varint_bytes;  /* bytes of the length varint read so far */
    uint8_t chunk_type;
    uint8_t state;
    uint8_t seen_stream_id;
} td_snappy_decoder;

/* Prepare a decoder for a snappy framed file.
 * Returns TD_OK, TD_E_INVALID_ARGUMENT (NULL decoder, config or memory,
 * cfg->size below sizeof(td_snappy_config), a flag other than 0) or
 * TD_E_BAD_CONFIG (memory_size below TD_SNAPPY_WINDOW). */
int td_snappy_init(td_snappy_decoder *d, const td_snappy_config *cfg);

/* Start over on a new input with the same window, forgetting any error.
 * Returns TD_OK or TD_E_INVALID_ARGUMENT (NULL decoder). */
int td_snappy_reset(td_snappy_decoder *d);

/* Decode the next event into *ev.
 * Returns TD_EVENT, TD_NEED_INPUT (see td_snappy_request), TD_END (the
 * input ended after a whole chunk) or an error: TD_E_INVALID_ARGUMENT
 * (NULL decoder or event), or, sticky until reset, TD_E_TRUNCATED (at the
 * chunk that was cut), TD_E_SNAPPY_STREAM_ID (the first chunk is not a
 * stream identifier, or one has the wrong length or body),
 * TD_E_SNAPPY_CHUNK_TYPE (0x04-0x7f), TD_E_SNAPPY_CRC, TD_E_SNAPPY_LENGTH
 * (a chunk length or uncompressed length no valid chunk has),
 * TD_E_SNAPPY_CORRUPT (an element past the chunk, a copy offset of 0 or
 * before the chunk's output, output longer or shorter than declared). */
int td_snappy_next(td_snappy_decoder *d, td_snappy_event *ev);

/* request, feed, fault: as every decoder's (tracedec.h, THE DECODER
 * CONTRACT). feed returns TD_OK, TD_E_INVALID_ARGUMENT (NULL decoder),
 * TD_E_PROTOCOL (no request outstanding, NULL data with len > 0) or the
 * sticky error; request and fault return no error. */
const td_request *td_snappy_request(const td_snappy_decoder *d);
int td_snappy_feed(td_snappy_decoder *d, const void *data, size_t len);
const td_fault *td_snappy_fault(const td_snappy_decoder *d);

#ifdef __cplusplus
}
#endif

#endif /* TRACEDEC_SNAPPY_H */
