/*
 * tracedec/lz4.h - LZ4 frame format decoder: linked and independent
 * blocks, block and content checksums (xxHash32), content size,
 * concatenated and skippable frames. The caller supplies a 64 KiB history
 * window; decompressed bytes come out as spans of it. Follows the contract
 * at the top of <tracedec.h>; forward-only.
 */
#ifndef TRACEDEC_LZ4_H
#define TRACEDEC_LZ4_H

#include "common.h"
#include "checksum.h"

#ifdef __cplusplus
extern "C" {
#endif

#define TD_LZ4_WINDOW 65536u /* bytes of history the caller supplies */

enum td_lz4_event_kind {
    TD_LZ4_FRAME = 1,      /* .frame: a frame header was read */
    TD_LZ4_DATA = 2,       /* .data: decompressed bytes */
    TD_LZ4_FRAME_END = 3,  /* the end mark (and content checksum) matched */
    TD_LZ4_SKIPPABLE = 4   /* .skippable: a skippable frame was skipped */
};

typedef struct td_lz4_event {
    int kind;
    uint64_t offset;       /* absolute input offset of the header, end mark,
                              skippable frame, or block producing data[0] */
    uint64_t size;         /* input bytes it occupies; 0 for DATA */
    uint32_t frame;        /* 0-based index of the frame */
    struct {
        bool independent_blocks;
        bool block_checksum;
        bool content_checksum;
        bool has_content_size;
        uint32_t block_max;    /* 64 KiB, 256 KiB, 1 MiB or 4 MiB */
        uint64_t content_size;
    } frame_header;
    struct {
        const uint8_t *data; /* inside the window; valid until next call */
        size_t len;
        uint64_t pos;      /* position of data[0] in the frame's output */
    } data;
    struct {
        uint32_t magic;    /* 0x184D2A50 .. 0x184D2A5F */
        uint32_t bytes;
    } skippable;
} td_lz4_event;

typedef struct td_lz4 {
    td_input in;
    td_fault fault;
    uint8_t *window;
    uint32_t next;         /* where the next output byte goes */
    uint32_t emitted;      /* first byte not yet handed out */
    uint64_t frame_out;    /* output bytes of the current frame */
    td_xxh32 content_hash;
    td_xxh32 block_hash;
    uint64_t content_size;
    uint64_t block_offset;
    uint32_t block_left;   /* input bytes left in the current block */
    uint32_t block_max;
    uint32_t literal_left;
    uint32_t match_left;
    uint32_t match_dist;
    uint32_t skip_left;
    uint32_t frame;
    uint8_t flags;         /* FLG byte of the current frame */
    uint8_t state;
    uint8_t uncompressed;  /* the current block is stored */
} td_lz4;

/* window: TD_LZ4_WINDOW bytes. Returns TD_OK, TD_E_INVALID_ARGUMENT or
 * TD_E_BAD_CONFIG. */
int td_lz4_init(td_lz4 *d, void *window, size_t window_size);
int td_lz4_reset(td_lz4 *d);

/* TD_EVENT, TD_NEED_INPUT, TD_END (the input ended after a whole frame),
 * or an error: TD_E_TRUNCATED, TD_E_LZ4_*. */
int td_lz4_next(td_lz4 *d, td_lz4_event *ev);
const td_request *td_lz4_request(const td_lz4 *d);
int td_lz4_feed(td_lz4 *d, const void *data, size_t len);
const td_fault *td_lz4_fault(const td_lz4 *d);

#ifdef __cplusplus
}
#endif

#endif /* TRACEDEC_LZ4_H */
