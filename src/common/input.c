/*
 * input.c - staging and requests for the input cursor (see input.h).
 *
 * Technique (the get/store staging of lz4frame): a field is decoded in place
 * when the span holds all of it. Otherwise the bytes the span does hold are
 * copied into in->stage, the span is used up, and a request goes out for the
 * byte that follows; the next span tops the stage up until the field is
 * whole. Because staged bytes have already left the span, tdi_input_tell()
 * subtracts them, and every request names span end, which is always the
 * next byte of the stream: forward-only reading, whatever the chunking.
 */
#include "input.h"
#include "fault.h"



void tdi_input_init(td_input *in)
{
    memset(in, 0, sizeof *in);
}

static void request_next(td_input *in, size_t min_len)
{
    in->random = 0;
    in->want.offset = in->span_offset + in->span_len;
    in->want.min_len = min_len;
    in->want.source = in->source;
    in->waiting = 1;
}

void tdi_input_seek(td_input *in, uint32_t source, uint64_t offset)
{
    in->span = NULL;
    in->span_len = 0;
    in->pos = 0;
    in->span_offset = offset;
    in->source = source;
    in->staged = 0;
    in->eof = 0;
    in->waiting = 0;
}

int tdi_input_feed(td_input *in, const void *data, size_t len)
{
    if (!in->waiting || (data == NULL && len > 0))
        return TD_E_PROTOCOL;
    in->waiting = 0;
    in->span = data;
    in->span_len = len;
    in->pos = 0;
    in->span_offset = in->want.offset;
    /* End of the source: an empty answer, or a short one to a random-access
     * request (those must be answered whole when the bytes exist). */
    if (len == 0 || (in->random && len < in->want.min_len))
        in->eof = 1;
    return TD_OK;
}

const uint8_t *tdi_input_peek_slow(td_input *in, size_t n)
{
    size_t avail = in->span_len - in->pos;
    if (in->staged < n && avail > 0) {
        size_t copy = n - in->staged;
        if (copy > avail)
            copy = avail;
        memcpy(in->stage + in->staged, in->span + in->pos, copy);
        in->staged = (uint8_t)(in->staged + copy);
        in->pos += copy;
    }
    if (in->staged >= n)
        return in->stage;
    if (!in->eof)
        request_next(in, n - in->staged);
    return NULL;
}

const uint8_t *tdi_input_piece(td_input *in, uint64_t max, size_t *len)
{
    size_t avail = in->span_len - in->pos;
    const uint8_t *p;
    if (avail == 0) {
        *len = 0;
        if (!in->eof)
            request_next(in, 1);
        return NULL;
    }
    if ((uint64_t)avail > max)
        avail = (size_t)max;
    p = in->span + in->pos;
    in->pos += avail;
    *len = avail;
    return p;
}

void tdi_input_unget(td_input *in, const uint8_t *bytes, size_t n)
{
    if (in->staged == 0 && in->pos >= n && !in->waiting) {
        in->pos -= n;
        return;
    }
    memmove(in->stage + n, in->stage, in->staged);
    memcpy(in->stage, bytes, n);
    in->staged = (uint8_t)(in->staged + n);
}

const uint8_t *tdi_input_at(td_input *in, uint32_t source, uint64_t offset,
                           size_t n, size_t *available)
{
    *available = 0;
    if (in->source == source && !in->waiting && offset >= in->span_offset &&
        offset - in->span_offset <= in->span_len) {
        size_t have = in->span_len - (size_t)(offset - in->span_offset);
        if (have >= n && in->span != NULL)
            return in->span + (offset - in->span_offset);
        if (in->eof && in->span_offset == offset) {
            *available = have; /* answered short: the source ends */
            return NULL;
        }
    }
    in->span = NULL;
    in->span_len = 0;
    in->pos = 0;
    in->staged = 0;
    in->source = source;
    in->span_offset = offset;
    in->want.offset = offset;
    in->want.min_len = n;
    in->want.source = source;
    in->eof = 0;
    in->random = 1;
    in->waiting = 1;
    return NULL;
}

uint64_t tdi_input_skip(td_input *in, uint64_t max)
{
    size_t len;
    if (in->staged > 0) {
        len = (uint64_t)in->staged < max ? in->staged : (size_t)max;
        tdi_input_take(in, len);
        return len;
    }
    return tdi_input_piece(in, max, &len) != NULL ? len : 0;
}

int tdi_input_probe(td_input *in)
{
    if (in->staged > 0 || in->pos < in->span_len)
        return 1;
    if (in->eof)
        return 0;
    request_next(in, 1);
    return -1;
}

int tdi_input_stall(const td_input *in, td_fault *f, uint64_t offset,
                   const char *reason)
{
    if (in->waiting)
        return TD_NEED_INPUT;
    return tdi_fail(f, TD_E_TRUNCATED, offset, reason);
}
