/*
 * tracedec/snappy.h - snappy framing format decoder: the stream
 * identifier, compressed (0x00) and uncompressed (0x01) chunks with masked
 * CRC-32C, DynamoRIO's chunk types 0x02 and 0x03 (the same without CRC),
 * skippable (0x80-0xfd) and padding (0xfe) chunks. Each chunk's output (at
 * most 64 KiB) is built in a window the caller supplies, checked, and then
 * handed out whole. Follows the contract at the top of <tracedec.h>;
 * forward-only.
 */
#ifndef TRACEDEC_SNAPPY_H
#define TRACEDEC_SNAPPY_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

#define TD_SNAPPY_WINDOW 65536u /* bytes of output buffer the caller gives */

enum td_snappy_event_kind {
    TD_SNAPPY_STREAM = 1,  /* a stream identifier chunk */
    TD_SNAPPY_DATA = 2,    /* .data: one chunk's output, CRC checked */
    TD_SNAPPY_SKIPPED = 3  /* a skippable or padding chunk */
};

typedef struct td_snappy_event {
    int kind;
    uint64_t offset;       /* absolute input offset of the chunk */
    uint64_t size;         /* input bytes of the chunk, header included */
    uint8_t chunk_type;
    struct {
        const uint8_t *data; /* inside the window; valid until next call */
        size_t len;
        uint64_t pos;      /* position of data[0] in the whole output */
    } data;
} td_snappy_event;

typedef struct td_snappy {
    td_input in;
    td_fault fault;
    uint8_t *window;
    uint64_t total_out;
    uint64_t chunk_offset;
    uint32_t chunk_left;   /* input bytes left in the current chunk */
    uint32_t out_len;      /* output bytes of the current chunk so far */
    uint32_t out_expected; /* declared uncompressed length */
    uint32_t crc;          /* the chunk's stored (masked) CRC */
    uint32_t copy_left;
    uint32_t copy_dist;
    uint8_t chunk_type;
    uint8_t state;
    uint8_t seen_stream_id;
} td_snappy;

/* window: TD_SNAPPY_WINDOW bytes. Returns TD_OK, TD_E_INVALID_ARGUMENT or
 * TD_E_BAD_CONFIG. */
int td_snappy_init(td_snappy *d, void *window, size_t window_size);
int td_snappy_reset(td_snappy *d);

/* TD_EVENT, TD_NEED_INPUT, TD_END (the input ended after a whole chunk),
 * or an error: TD_E_TRUNCATED, TD_E_SNAPPY_*. */
int td_snappy_next(td_snappy *d, td_snappy_event *ev);
const td_request *td_snappy_request(const td_snappy *d);
int td_snappy_feed(td_snappy *d, const void *data, size_t len);
const td_fault *td_snappy_fault(const td_snappy *d);

#ifdef __cplusplus
}
#endif

#endif /* TRACEDEC_SNAPPY_H */
