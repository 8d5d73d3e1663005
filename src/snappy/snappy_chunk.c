/*
 * snappy_chunk.c - the framing layer: chunk headers, stream identifiers,
 * skippable chunks, CRC fields, uncompressed chunks, and the check and
 * hand-out of each data chunk's output.
 *
 *   chunk := type (1 byte) length (3 bytes, little-endian) body
 *   body of 0x00 and 0x01: masked CRC-32C of the output, then the data;
 *   0x02 and 0x03 (DynamoRIO): the data alone.
 *
 * Technique: the 4-byte chunk header, the CRC field and the 6-byte stream
 * identifier body are read with tdi_input_peek(), which stages a field
 * that straddles two spans; data comes straight from the spans into the
 * window, where the whole chunk's output is assembled. Only when it is
 * complete and its CRC matches does the chunk go out, as one DATA event,
 * so nothing of a corrupt chunk is ever handed out.
 */
#include "snappy_internal.h"
#include "../common/mem.h"

/* The longest compressed body that can make 64 KiB or less: a 5-byte
 * length, then at most 6 input bytes per output byte (a 1-byte literal
 * with a 4-byte length field). */
#define SNAPPY_MAX_COMPRESSED (SNAPPY_MAX_VARINT + 6u * SNAPPY_MAX_OUTPUT)

static int stall(td_snappy_decoder *d, const char *reason)
{
    return tdi_input_stall(&d->in, &d->fault, d->chunk_offset, reason);
}

static bool is_compressed(uint8_t type)
{
    return type == SNAPPY_COMPRESSED || type == SNAPPY_COMPRESSED_NO_CRC;
}

/* A data chunk's length must leave room for what it holds. */
static int check_data_length(td_snappy_decoder *d, uint8_t type, uint32_t len)
{
    uint32_t crc = snappy_has_crc(type) ? SNAPPY_CRC_SIZE : 0;
    uint64_t at = d->chunk_offset + 1;
    if (len < crc + (is_compressed(type) ? 1u : 0u))
        return tdi_fail(&d->fault, TD_E_SNAPPY_LENGTH, at,
                       TDI_REASON("data chunk too short for its CRC and "
                                 "uncompressed length"));
    if (is_compressed(type) && len - crc > SNAPPY_MAX_COMPRESSED)
        return tdi_fail(&d->fault, TD_E_SNAPPY_LENGTH, at,
                       TDI_REASON("compressed chunk longer than any 64 KiB "
                                 "of output needs"));
    if (!is_compressed(type) && len - crc > SNAPPY_MAX_OUTPUT)
        return tdi_fail(&d->fault, TD_E_SNAPPY_LENGTH, at,
                       TDI_REASON("uncompressed chunk holds more than 65536 "
                                 "bytes"));
    return TD_OK;
}

/* The chunk type and length make sense here; TD_OK or the error. */
static int check_header(td_snappy_decoder *d, uint8_t type, uint32_t len)
{
    if (!d->seen_stream_id && type != SNAPPY_STREAM_IDENTIFIER)
        return tdi_fail(&d->fault, TD_E_SNAPPY_STREAM_ID, d->chunk_offset,
                       TDI_REASON("the stream does not start with a stream "
                                 "identifier chunk"));
    if (type == SNAPPY_STREAM_IDENTIFIER && len != 6)
        return tdi_fail(&d->fault, TD_E_SNAPPY_STREAM_ID, d->chunk_offset + 1,
                       TDI_REASON("stream identifier length is not 6"));
    if (type >= SNAPPY_FIRST_RESERVED && type < SNAPPY_FIRST_SKIPPABLE)
        return tdi_fail(&d->fault, TD_E_SNAPPY_CHUNK_TYPE, d->chunk_offset,
                       TDI_REASON("reserved unskippable chunk type "
                                 "(0x04-0x7f)"));
    if (type < SNAPPY_FIRST_RESERVED)
        return check_data_length(d, type, len);
    return TD_OK;
}

/* What reading the body of a chunk of this type starts with. */
static uint8_t body_state(uint8_t type)
{
    if (type == SNAPPY_STREAM_IDENTIFIER)
        return SS_STREAM_ID;
    if (type >= SNAPPY_FIRST_SKIPPABLE)
        return SS_SKIP;
    if (snappy_has_crc(type))
        return SS_CRC;
    return is_compressed(type) ? SS_LENGTH : SS_RAW;
}

int tdi_snappy_chunk(td_snappy_decoder *d)
{
    const uint8_t *p;
    uint32_t len;
    uint8_t type;
    int rc, more = tdi_input_probe(&d->in);
    if (more < 0)
        return TD_NEED_INPUT;
    if (more == 0 && !d->seen_stream_id)
        return tdi_fail(&d->fault, TD_E_TRUNCATED, 0,
                       TDI_REASON("input ends before the stream identifier"));
    if (more == 0)
        return TD_END;
    d->chunk_offset = tdi_input_tell(&d->in);
    p = tdi_input_peek(&d->in, SNAPPY_CHUNK_HEADER);
    if (p == NULL)
        return stall(d, TDI_REASON("input ends inside a chunk header"));
    type = p[0];
    len = (uint32_t)p[1] | (uint32_t)p[2] << 8 | (uint32_t)p[3] << 16;
    rc = check_header(d, type, len);
    if (rc != TD_OK)
        return rc;
    tdi_input_take(&d->in, SNAPPY_CHUNK_HEADER);
    d->chunk_type = type;
    d->chunk_size = d->chunk_left = len;
    d->out_len = 0;
    d->out_expected = is_compressed(type)    ? 0 /* from the varint */
                      : snappy_has_crc(type) ? len - SNAPPY_CRC_SIZE
                                             : len;
    d->varint_bytes = 0;
    d->state = body_state(type);
    return TDI_AGAIN;
}

static void chunk_event(const td_snappy_decoder *d, td_snappy_event *ev, int kind)
{
    ev->kind = kind;
    ev->offset = d->chunk_offset;
    ev->size = SNAPPY_CHUNK_HEADER + (uint64_t)d->chunk_size;
    ev->chunk_type = d->chunk_type;
    ev->data.data = NULL;
    ev->data.len = 0;
    ev->data.pos = d->total_out;
}

int tdi_snappy_stream_id(td_snappy_decoder *d, td_snappy_event *ev)
{
    static const uint8_t body[6] = {'s', 'N', 'a', 'P', 'p', 'Y'};
    const uint8_t *p = tdi_input_peek(&d->in, sizeof body);
    unsigned i;
    if (p == NULL)
        return stall(d, TDI_REASON("input ends inside a stream identifier"));
    for (i = 0; i < sizeof body; i++)
        if (p[i] != body[i])
            return tdi_fail(&d->fault, TD_E_SNAPPY_STREAM_ID,
                           d->chunk_offset + SNAPPY_CHUNK_HEADER + i,
                           TDI_REASON("stream identifier body is not "
                                     "\"sNaPpY\""));
    tdi_input_take(&d->in, sizeof body);
    d->seen_stream_id = 1;
    d->state = SS_CHUNK;
    chunk_event(d, ev, TD_SNAPPY_EV_STREAM);
    return TD_EVENT;
}

int tdi_snappy_skip(td_snappy_decoder *d, td_snappy_event *ev)
{
    while (d->chunk_left > 0) {
        uint64_t n = tdi_input_skip(&d->in, d->chunk_left);
        if (n == 0)
            return stall(d, TDI_REASON("input ends inside a skippable "
                                      "chunk"));
        d->chunk_left -= (uint32_t)n;
    }
    d->state = SS_CHUNK;
    chunk_event(d, ev, TD_SNAPPY_EV_SKIPPED);
    return TD_EVENT;
}

int tdi_snappy_crc(td_snappy_decoder *d)
{
    const uint8_t *p = tdi_input_peek(&d->in, SNAPPY_CRC_SIZE);
    if (p == NULL)
        return stall(d, TDI_REASON("input ends inside a chunk's CRC"));
    d->crc = tdi_le32(p);
    tdi_input_take(&d->in, SNAPPY_CRC_SIZE);
    d->chunk_left -= SNAPPY_CRC_SIZE;
    d->state = is_compressed(d->chunk_type) ? SS_LENGTH : SS_RAW;
    return TDI_AGAIN;
}

int tdi_snappy_copy_in(td_snappy_decoder *d, uint32_t max, uint32_t *copied)
{
    size_t len;
    const uint8_t *p = tdi_input_piece(&d->in, max, &len);
    *copied = 0;
    if (p == NULL)
        return stall(d, TDI_REASON("input ends inside a data chunk"));
    memcpy(d->window + d->out_len, p, len);
    d->out_len += (uint32_t)len;
    d->chunk_left -= (uint32_t)len;
    *copied = (uint32_t)len;
    return TD_OK;
}

int tdi_snappy_raw(td_snappy_decoder *d)
{
    uint32_t copied;
    int rc;
    while (d->chunk_left > 0) {
        rc = tdi_snappy_copy_in(d, d->chunk_left, &copied);
        if (rc != TD_OK)
            return rc;
    }
    d->state = SS_CHECK;
    return TDI_AGAIN;
}

/* The CRC as the framing format stores it: rotated and offset, so that
 * data holding its own CRC does not checksum to a fixed value. */
static uint32_t masked_crc(const uint8_t *data, size_t len)
{
    uint32_t crc = td_crc32c(0, data, len);
    return ((crc >> 15) | (crc << 17)) + 0xa282ead8u;
}

int tdi_snappy_check(td_snappy_decoder *d, td_snappy_event *ev)
{
    if (snappy_has_crc(d->chunk_type) &&
        masked_crc(d->window, d->out_len) != d->crc)
        return tdi_fail(&d->fault, TD_E_SNAPPY_CRC,
                       d->chunk_offset + SNAPPY_CHUNK_HEADER,
                       TDI_REASON("masked CRC-32C of the chunk's output does "
                                 "not match"));
    chunk_event(d, ev, TD_SNAPPY_EV_DATA);
    ev->data.data = d->window;
    ev->data.len = d->out_len;
    d->total_out += d->out_len;
    d->state = SS_CHUNK;
    return TD_EVENT;
}
