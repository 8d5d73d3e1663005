/*
 * inflate_core.h - the raw inflate engine that td_inflate_decoder, gzip and zip
 * drive over their own input cursor and fault.
 *
 * One call decodes as far as it can into the window ring and hands out
 * what it produced as one contiguous span. A stop for input, the end of
 * the stream or an error found after some output was produced first
 * returns that output (TD_EVENT); the stop shows on the next call (the
 * fault is already recorded, the request already outstanding), so the
 * bytes handed out before a stop never depend on the chunking.
 */
#ifndef TDI_INFLATE_CORE_H
#define TDI_INFLATE_CORE_H

#include "tracedec/inflate.h"
#include "../common/input.h"

/* Status of tdi_inflate_core_next: the stream needs a byte at or beyond the
 * end set with tdi_inflate_core_limit (zip: the member's compressed size
 * is too small). Nothing is recorded in the fault. */
#define TDI_INFLATE_PAST_LIMIT 5

typedef struct tdi_inflate_output {
    const uint8_t *data;   /* inside the window, valid until the next call */
    size_t len;
    uint64_t pos;          /* position of data[0] in the stream's output */
    uint64_t block_offset; /* input offset of the block that made data[0] */
} tdi_inflate_output;

/* Start a stream whose output goes to window (TD_INFLATE_WINDOW bytes),
 * with no input limit. */
void tdi_inflate_core_init(td_inflate_state *z, uint8_t *window);

/* The stream must end before input offset `end`: the engine never takes
 * the byte at `end` and returns TDI_INFLATE_PAST_LIMIT when it needs it. */
void tdi_inflate_core_limit(td_inflate_state *z, uint64_t end);

/* TD_EVENT (*out holds output), TD_NEED_INPUT (a request is outstanding
 * in `in`), TD_END (the final block ended; the whole bytes the bit
 * accumulator read ahead were given back to `in`, so the cursor is on the
 * first byte after the stream), TDI_INFLATE_PAST_LIMIT, or an error
 * recorded in f: TD_E_TRUNCATED (at the current block's offset) or a
 * TD_E_INFLATE_* code. */
int tdi_inflate_core_next(td_inflate_state *z, td_input *in, td_fault *f,
                         tdi_inflate_output *out);

#endif /* TDI_INFLATE_CORE_H */
