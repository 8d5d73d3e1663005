/*
 * snappy_elements.c - the compressed data of a chunk: the uncompressed
 * length, then elements until the chunk ends.
 *
 *   data    := length (varint, 1-5 bytes) element*
 *   element := tag [1-4 length bytes] literal bytes     (tag & 3 == 0)
 *            | tag offset (1, 2 or 4 bytes)              (copies)
 *
 * Technique: the varint is read a byte at a time. An element's tag says
 * how many bytes follow it (at most 4); tag and bytes are peeked together,
 * staged by td_input when they straddle two spans, and checked before any
 * is taken: the element must lie inside the chunk, its output inside the
 * declared length, a copy's source inside the output made so far.
 * Literal bytes then come from the spans in pieces; copies run inside the
 * window, where the chunk's output lies from its start, so no offset ever
 * wraps.
 */
#include "snappy_internal.h"
#include "../common/mem.h"

static int stall(td_snappy_decoder *d)
{
    return tdi_input_stall(&d->in, &d->fault, d->chunk_offset,
                          TDI_REASON("input ends inside a data chunk"));
}

static int corrupt(td_snappy_decoder *d, uint64_t offset, const char *reason)
{
    return tdi_fail(&d->fault, TD_E_SNAPPY_CORRUPT, offset, reason);
}

static int length_too_large(td_snappy_decoder *d, uint64_t at)
{
    return tdi_fail(&d->fault, TD_E_SNAPPY_LENGTH, at,
                   TDI_REASON("uncompressed length above 65536"));
}

int tdi_snappy_length(td_snappy_decoder *d)
{
    uint64_t at = d->chunk_offset + SNAPPY_CHUNK_HEADER +
                  (snappy_has_crc(d->chunk_type) ? SNAPPY_CRC_SIZE : 0);
    const uint8_t *p;
    uint8_t byte;
    if (d->chunk_left == 0)
        return corrupt(d, at,
                       TDI_REASON("uncompressed length runs past the end of "
                                 "the chunk"));
    p = tdi_input_peek(&d->in, 1);
    if (p == NULL)
        return stall(d);
    byte = *p;
    tdi_input_take(&d->in, 1);
    d->chunk_left--;
    /* From the fourth byte on, any bit is worth 2^21 or more. */
    if (d->varint_bytes >= 3 && (byte & 0x7fu) != 0)
        return length_too_large(d, at);
    d->out_expected |= (uint32_t)(byte & 0x7fu) << (7 * d->varint_bytes);
    if (d->out_expected > SNAPPY_MAX_OUTPUT)
        return length_too_large(d, at);
    d->varint_bytes++;
    if (!(byte & 0x80u)) {
        d->state = SS_ELEMENT;
        return TDI_AGAIN;
    }
    if (d->varint_bytes == SNAPPY_MAX_VARINT)
        return corrupt(d, at,
                       TDI_REASON("uncompressed length varint longer than 5 "
                                 "bytes"));
    return TDI_AGAIN;
}

/* Bytes that follow an element's tag. */
static uint32_t tag_extra(uint8_t tag)
{
    switch (tag & 3u) {
    case 0:
        return (tag >> 2) < 60 ? 0 : (uint32_t)(tag >> 2) - 59;
    case 1:
        return 1;
    case 2:
        return 2;
    default:
        return 4;
    }
}

/* n (1-4) bytes, little-endian. */
static uint32_t load_le(const uint8_t *p, uint32_t n)
{
    uint32_t v = 0;
    while (n-- > 0)
        v = v << 8 | p[n];
    return v;
}

static int literal(td_snappy_decoder *d, const uint8_t *p, uint32_t size, uint64_t at)
{
    uint64_t len = 1 + (uint64_t)(size == 1 ? (uint32_t)(p[0] >> 2)
                                            : load_le(p + 1, size - 1));
    if (len > d->out_expected - d->out_len)
        return corrupt(d, at,
                       TDI_REASON("literal makes the output longer than the "
                                 "chunk's uncompressed length"));
    if (len > d->chunk_left - size)
        return corrupt(d, at,
                       TDI_REASON("literal runs past the end of the chunk"));
    tdi_input_take(&d->in, size);
    d->chunk_left -= size;
    d->literal_left = (uint32_t)len;
    d->state = SS_LITERAL;
    return tdi_snappy_literal(d);
}

static int copy(td_snappy_decoder *d, const uint8_t *p, uint32_t size, uint64_t at)
{
    uint32_t len, dist;
    if ((p[0] & 3u) == 1) {
        len = ((p[0] >> 2) & 7u) + 4;
        dist = (uint32_t)(p[0] >> 5) << 8 | p[1];
    } else {
        len = (uint32_t)(p[0] >> 2) + 1;
        dist = load_le(p + 1, size - 1);
    }
    if (dist == 0)
        return corrupt(d, at, TDI_REASON("copy offset 0"));
    if (dist > d->out_len)
        return corrupt(d, at,
                       TDI_REASON("copy reaches before the start of the "
                                 "chunk's output"));
    if (len > d->out_expected - d->out_len)
        return corrupt(d, at,
                       TDI_REASON("copy makes the output longer than the "
                                 "chunk's uncompressed length"));
    tdi_input_take(&d->in, size);
    d->chunk_left -= size;
    tdi_repeat_back(d->window + d->out_len, dist, len);
    d->out_len += len;
    return TDI_AGAIN;
}

/* One element, or the end of the chunk's data. */
static int element(td_snappy_decoder *d)
{
    const uint8_t *p;
    uint32_t size;
    uint64_t at;
    if (d->chunk_left == 0 && d->out_len != d->out_expected)
        return corrupt(d, d->chunk_offset,
                       TDI_REASON("chunk output shorter than its "
                                 "uncompressed length"));
    if (d->chunk_left == 0) {
        d->state = SS_CHECK;
        return TDI_AGAIN;
    }
    p = tdi_input_peek(&d->in, 1);
    if (p == NULL)
        return stall(d);
    size = 1 + tag_extra(*p);
    at = tdi_input_tell(&d->in);
    if (size > d->chunk_left)
        return corrupt(d, at,
                       TDI_REASON("element runs past the end of the chunk"));
    p = tdi_input_peek(&d->in, size);
    if (p == NULL)
        return stall(d);
    if ((p[0] & 3u) == 0)
        return literal(d, p, size, at);
    return copy(d, p, size, at);
}

int tdi_snappy_elements(td_snappy_decoder *d)
{
    int rc;
    do
        rc = element(d);
    while (rc == TDI_AGAIN && d->state == SS_ELEMENT);
    return rc;
}

int tdi_snappy_literal(td_snappy_decoder *d)
{
    uint32_t copied;
    int rc;
    while (d->literal_left > 0) {
        rc = tdi_snappy_copy_in(d, d->literal_left, &copied);
        if (rc != TD_OK)
            return rc;
        d->literal_left -= copied;
    }
    d->state = SS_ELEMENT;
    return TDI_AGAIN;
}
