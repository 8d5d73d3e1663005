/*
 * lz4_internal.h - state shared by the LZ4 frame decoder's files.
 */
#ifndef TDI_LZ4_INTERNAL_H
#define TDI_LZ4_INTERNAL_H

#include "tracedec/lz4.h"
#include "../common/input.h"
#include "../common/fault.h"
#include "../common/step.h"
#include "../common/bytes.h"


/* The output ring wraps here; output is handed out before it wraps. */
#define LZ4_RING TD_LZ4_WINDOW
/* The farthest a match may reach back. */
#define LZ4_MAX_DISTANCE 65535u
/* How far the fast path's strided copies may write past what they copy
 * (strides of 16 bytes overshoot by 15 at most). The ring holds this much
 * beyond the 64 KiB of history, so an overshoot never destroys a byte a
 * match could still reach. */
#define LZ4_OVERSHOOT 16u

#define LZ4_MAGIC 0x184d2204u
#define LZ4_LEGACY_MAGIC 0x184c2102u
#define LZ4_SKIPPABLE_MAGIC 0x184d2a50u /* low 4 bits are free */
#define LZ4_SKIPPABLE_MASK 0xfffffff0u

/* FLG bits. */
#define LZ4_FLG_INDEPENDENT 0x20u
#define LZ4_FLG_BLOCK_CHECKSUM 0x10u
#define LZ4_FLG_CONTENT_SIZE 0x08u
#define LZ4_FLG_CONTENT_CHECKSUM 0x04u
#define LZ4_FLG_RESERVED 0x02u
#define LZ4_FLG_DICT_ID 0x01u

/* Sequence fields. */
#define LZ4_MIN_MATCH 4u
#define LZ4_LENGTH_MORE 15u  /* a token nibble of 15: length bytes follow */
#define LZ4_LAST_LITERALS 5u /* a block's last 5 bytes are literals */
#define LZ4_MATCH_LIMIT                                                       \
    12u /* its last match starts 12 or more before                            \
           its end */

/* What next() is doing (td_lz4_decoder.state). */
enum lz4_state {
    LS_MAGIC = 0,      /* at a frame boundary */
    LS_FRAME_HEADER,   /* magic seen: FLG, BD, options, header checksum */
    LS_SKIP,           /* skipping a skippable frame's user data */
    LS_BLOCK_HEADER,   /* at a block boundary: block size or end mark */
    LS_STORED,         /* copying a stored (uncompressed) block */
    LS_TOKEN,          /* at a sequence boundary in a compressed block */
    LS_LITERAL_LENGTH, /* literal length bytes after a token of 15 */
    LS_LITERALS,       /* copying literals */
    LS_OFFSET,         /* the 2-byte match offset */
    LS_MATCH_LENGTH,   /* match length bytes after a nibble of 15 */
    LS_MATCH,          /* copying a match */
    LS_BLOCK_CHECKSUM, /* the block's data is done: its checksum, if any */
    LS_BLOCK_END,      /* handing out the rest of the block's output */
    LS_DONE            /* TD_END was returned */
};

/* Frames (lz4_frame.c). */
int tdi_lz4_magic(td_lz4_decoder *d);
int tdi_lz4_frame_header(td_lz4_decoder *d, td_lz4_event *ev);
int tdi_lz4_skip(td_lz4_decoder *d, td_lz4_event *ev);
int tdi_lz4_block_header(td_lz4_decoder *d, td_lz4_event *ev);
int tdi_lz4_block_checksum(td_lz4_decoder *d);

/* Block contents (lz4_block.c). */
int tdi_lz4_stored(td_lz4_decoder *d);
int tdi_lz4_token(td_lz4_decoder *d);
int tdi_lz4_literal_length(td_lz4_decoder *d);
int tdi_lz4_literals(td_lz4_decoder *d);
int tdi_lz4_offset(td_lz4_decoder *d);
int tdi_lz4_match_length(td_lz4_decoder *d);
int tdi_lz4_match(td_lz4_decoder *d);

/* Whole sequences straight from the span (lz4_fast.c). */
void tdi_lz4_fast_sequences(td_lz4_decoder *d);

/* History a match may reach right now: the frame's output, or the block's
 * when blocks are independent. */
static inline uint64_t lz4_history(const td_lz4_decoder *d)
{
    return (d->flags & LZ4_FLG_INDEPENDENT) ? d->block_out : d->frame_out;
}

/* Count n bytes just written at the ring's next position. */
static inline void lz4_produced(td_lz4_decoder *d, uint32_t n)
{
    d->next += n;
    d->block_out += n;
    d->frame_out += n;
}

#endif /* TDI_LZ4_INTERNAL_H */
