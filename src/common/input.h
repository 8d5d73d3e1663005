/*
 * input.h - the input cursor shared by every decoder: the host's span, the
 * staging of fixed-size fields that straddle two spans, and the request.
 *
 * A decoder reads through three calls:
 *   tdi_input_peek(in, n)     n contiguous bytes at the cursor, not taken;
 *   tdi_input_take(in, n)     take n bytes just peeked;
 *   tdi_input_piece(in, max)  up to max bytes of a long run (payloads),
 *                            straight from the span, never staged;
 *   tdi_input_skip(in, max)   drop up to max bytes, staged ones first.
 * Random-access decoders read with tdi_input_at(in, source, offset, n)
 * instead, which never stages and may ask for more than TD_STAGE_SIZE.
 * When the bytes are not there, peek and piece return NULL: either a request
 * is outstanding (tdi_input_waiting) or the host said end of file
 * (tdi_input_ended), and the decoder turns that into TD_NEED_INPUT or
 * TD_E_TRUNCATED with tdi_input_stall().
 */
#ifndef TDI_INPUT_H
#define TDI_INPUT_H

#include "tracedec/common.h"
#include "mem.h"

void tdi_input_init(td_input *in);

/* The host's answer to the outstanding request; len == 0 is end of file.
 * Returns TD_OK or TD_E_PROTOCOL. */
int tdi_input_feed(td_input *in, const void *data, size_t len);

/* Random access: forget the span and anything staged; the cursor is now at
 * `offset` of `source`, and the next peek or piece asks for it. */
void tdi_input_seek(td_input *in, uint32_t source, uint64_t offset);

/* Random access: n contiguous bytes of `source` at `offset`, straight
 * from the span (never staged, so n may exceed TD_STAGE_SIZE). Returns a
 * pointer valid until the next request, or NULL: then either a request
 * for (source, offset, n) is outstanding (tdi_input_waiting), or the source
 * holds fewer than n bytes from `offset` (the host answered short: the
 * source ends there; *available says how many it holds). */
const uint8_t *tdi_input_at(td_input *in, uint32_t source, uint64_t offset,
                           size_t n, size_t *available);

/* Absolute offset of the next byte the decoder has not taken. */
static inline uint64_t tdi_input_tell(const td_input *in)
{
    return in->span_offset + in->pos - in->staged;
}

const uint8_t *tdi_input_peek_slow(td_input *in, size_t n);

/* n (<= TD_STAGE_SIZE) contiguous bytes at the cursor, or NULL. */
static inline const uint8_t *tdi_input_peek(td_input *in, size_t n)
{
    if (in->staged == 0 && in->span_len - in->pos >= n)
        return in->span + in->pos;
    return tdi_input_peek_slow(in, n);
}

/* The bytes from the cursor to the end of the span, not taken, when none
 * are staged (else NULL): for fast paths that check whole records in
 * place and then take them. */
static inline const uint8_t *tdi_input_rest(const td_input *in, size_t *len)
{
    if (in->staged != 0 || in->span == NULL)
        return NULL;
    *len = in->span_len - in->pos;
    return in->span + in->pos;
}

/* Take n bytes that the last peek returned. */
static inline void tdi_input_take(td_input *in, size_t n)
{
    if (in->staged == 0) {
        in->pos += n;
        return;
    }
    in->staged = (uint8_t)(in->staged - n);
    if (in->staged > 0)
        memmove(in->stage, in->stage + n, in->staged);
}

/* Take up to max (>= 1) bytes straight from the span; *len says how many.
 * Only at a point where nothing is staged (after a whole record was taken). */
const uint8_t *tdi_input_piece(td_input *in, uint64_t max, size_t *len);

/* Drop up to max (>= 1) bytes, staged ones first. Returns how many, or 0
 * when none are available (a request is outstanding, or the input ended). */
uint64_t tdi_input_skip(td_input *in, uint64_t max);

/* Give back the last n (<= 8) bytes taken, whose values are `bytes`: a
 * decoder that read ahead (a bit accumulator) returns what it did not use.
 * They go back into the span when they came from it, else into the
 * stage. */
void tdi_input_unget(td_input *in, const uint8_t *bytes, size_t n);

/* 1 if at least one byte is available at the cursor, 0 at end of file,
 * -1 when a request is now outstanding. */
int tdi_input_probe(td_input *in);

/* Turn a failed peek/piece into TD_NEED_INPUT, or into TD_E_TRUNCATED at
 * `offset` (the start of the structure that was cut) with `reason`. */
int tdi_input_stall(const td_input *in, td_fault *f, uint64_t offset,
                   const char *reason);

#endif /* TDI_INPUT_H */
