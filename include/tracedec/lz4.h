/*
 * tracedec/lz4.h - LZ4 frame format decoder: linked and independent
 * blocks, block and content checksums (xxHash32), content size,
 * concatenated and skippable frames. The caller supplies the history
 * window (td_lz4_config.memory); decompressed bytes come out as spans of
 * it. Follows the API shape and the contract at the top of <tracedec.h>;
 * forward-only (a pipe can feed it).
 *
 * Events, in input order:
 *   FRAME      a frame header was read and checked (header checksum);
 *   DATA       decompressed bytes of the current block;
 *   FRAME_END  the end mark, with the content size and content checksum
 *              (when present) checked;
 *   SKIPPABLE  a whole skippable frame (magic 0x184D2A50-5F) was skipped.
 * Frames are numbered from 0 in file order, skippable ones included.
 *
 * DATA. Output is decoded into the window and handed out when the window
 * is full and at the end of every block, never because a span ran out: so
 * the DATA events are the same whatever the chunking of the input. A DATA
 * span points into the window and stays valid until the next call on the
 * decoder. A block is streamed (it may be 4 MiB, the window is 64 KiB), so
 * a block's DATA may come before the block checksum that condemns it, and
 * all of a frame's DATA comes before its content checksum is checked.
 *
 * Strictness. Besides the frame format, every block must obey the LZ4 block
 * format's end-of-block rules: it ends with a literals-only sequence,
 * exactly at the block's end; when it holds a match, the last 5 bytes are
 * literals and the last match starts at least 12 bytes before the end.
 * Matches may not reach before the start of the frame (linked blocks) or
 * of the block (independent blocks). An input that ends exactly after a
 * frame ends cleanly (TD_END); an empty input is TD_E_TRUNCATED.
 */
#ifndef TRACEDEC_LZ4_H
#define TRACEDEC_LZ4_H

#include "common.h"
#include "checksum.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Bytes of window the caller supplies: 64 KiB of history, plus 64 bytes
 * that let the decoder copy in whole 16-byte strides that overshoot the
 * end of a literal run or match without destroying history still in
 * reach. */
#define TD_LZ4_WINDOW (65536u + 64u)

/* What init needs. No flags are defined yet: flags must be 0. */
typedef struct td_lz4_config {
    size_t size;        /* sizeof(td_lz4_config) */
    uint32_t flags;     /* 0 */
    void *memory;       /* the window: TD_LZ4_WINDOW bytes (no alignment
                           needed) that outlive the decoder */
    size_t memory_size;
} td_lz4_config;

enum td_lz4_event_kind {
    TD_LZ4_EV_FRAME = 1,     /* .frame_header: a frame header was read */
    TD_LZ4_EV_DATA = 2,      /* .data: decompressed bytes */
    TD_LZ4_EV_FRAME_END = 3, /* the end mark (and content checksum) matched */
    TD_LZ4_EV_SKIPPABLE = 4  /* .skippable: a skippable frame was skipped */
};

typedef struct td_lz4_event {
    int kind;        /* enum td_lz4_event_kind */
    uint32_t flags;  /* 0: no flag applies to LZ4 events */
    uint64_t offset; /* absolute input offset of the header, end mark,
                        skippable frame, or block producing data[0] */
    uint64_t size;   /* input bytes it occupies; 0 for DATA */
    uint32_t frame;  /* 0-based index of the frame */
    struct {
        bool independent_blocks;
        bool block_checksum;
        bool content_checksum;
        bool has_content_size;
        uint32_t block_max;    /* 64 KiB, 256 KiB, 1 MiB or 4 MiB */
        uint64_t content_size; /* 0 when absent */
    } frame_header;
    struct {
        const uint8_t *data; /* inside the window; valid until next call */
        size_t len;
        uint64_t pos; /* position of data[0] in the frame's output */
    } data;
    struct {
        uint32_t magic; /* 0x184D2A50 .. 0x184D2A5F */
        uint32_t bytes; /* user data bytes after the 8-byte header */
    } skippable;
} td_lz4_event;

/* The decoder; every field is private. */
typedef struct td_lz4_decoder {
    td_input in;
    td_fault fault;
    uint8_t *window;       /* TD_LZ4_WINDOW bytes: the output ring */
    uint64_t frame_out;    /* output bytes of the current frame */
    uint64_t content_size; /* declared by the frame header, if present */
    uint64_t frame_offset; /* input offset of the current frame */
    uint64_t block_offset; /* input offset of the current block */
    uint64_t seq_offset;   /* input offset of the current sequence */
    td_xxh32 content_hash;
    td_xxh32 block_hash;
    uint32_t next;    /* ring position of the next output byte */
    uint32_t emitted; /* first ring position not yet handed out */
    uint32_t block_max;
    uint32_t block_limit;  /* most output the current block may make */
    uint32_t block_left;   /* input bytes left in the current block */
    uint32_t block_out;    /* output bytes of the current block */
    uint32_t literal_left; /* literals of the current sequence to copy */
    uint32_t match_left;   /* match bytes to copy (first: the nibble) */
    uint32_t match_dist;
    uint32_t last_match_start; /* block output where the block's last */
    uint32_t last_match_end;   /* match starts and ends; 0: no match */
    uint32_t skip_magic;
    uint32_t skip_bytes; /* user data of the current skippable frame */
    uint32_t skip_left;
    uint32_t frame; /* index of the current frame */
    uint8_t flags;  /* FLG byte of the current frame */
    uint8_t state;
} td_lz4_decoder;

/* Prepare a decoder for an LZ4 frame file.
 * Returns TD_OK, TD_E_INVALID_ARGUMENT (NULL decoder, config or memory,
 * cfg->size below sizeof(td_lz4_config), a flag other than 0) or
 * TD_E_BAD_CONFIG (memory_size below TD_LZ4_WINDOW). */
int td_lz4_init(td_lz4_decoder *d, const td_lz4_config *cfg);

/* Start over on a new input with the same window, forgetting any error.
 * Returns TD_OK or TD_E_INVALID_ARGUMENT (NULL decoder). */
int td_lz4_reset(td_lz4_decoder *d);

/* Decode the next event into *ev.
 * Returns TD_EVENT, TD_NEED_INPUT (see td_lz4_request), TD_END (the input
 * ended after a whole frame) or an error: TD_E_INVALID_ARGUMENT (NULL
 * decoder or event), or, sticky until reset, TD_E_TRUNCATED (at the
 * frame, block or end mark that was cut), TD_E_LZ4_MAGIC,
 * TD_E_LZ4_VERSION (FLG version or reserved bit), TD_E_LZ4_BLOCK_SIZE (BD
 * reserved bits or size, a block size word or a block's output above the
 * maximum), TD_E_LZ4_HEADER_CHECKSUM, TD_E_LZ4_BLOCK_CHECKSUM,
 * TD_E_LZ4_CONTENT_CHECKSUM, TD_E_LZ4_CONTENT_SIZE (output past the
 * declared size, or short of it at the end mark), TD_E_LZ4_CORRUPT (a bad
 * sequence: offset 0 or before the history, a length past the block, an
 * end-of-block rule), TD_E_LZ4_DICTIONARY. */
int td_lz4_next(td_lz4_decoder *d, td_lz4_event *ev);

/* request, feed, fault: as every decoder's (tracedec.h, THE DECODER
 * CONTRACT). feed returns TD_OK, TD_E_INVALID_ARGUMENT (NULL decoder),
 * TD_E_PROTOCOL (no request outstanding, NULL data with len > 0) or the
 * sticky error; request and fault return no error. */
const td_request *td_lz4_request(const td_lz4_decoder *d);
int td_lz4_feed(td_lz4_decoder *d, const void *data, size_t len);
const td_fault *td_lz4_fault(const td_lz4_decoder *d);

#ifdef __cplusplus
}
#endif

#endif /* TRACEDEC_LZ4_H */
