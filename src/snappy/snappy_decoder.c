/*
 * snappy_decoder.c - the snappy framing-format decoder: its entry points
 * and the loop that drives its state machine.
 *
 * Record kind -> function (file):
 *   chunk header (type, 3-byte length) -> tdi_snappy_chunk (snappy_chunk.c)
 *   0xff stream identifier -> tdi_snappy_stream_id (snappy_chunk.c)
 *   0x00 compressed data: masked CRC-32C -> tdi_snappy_crc, uncompressed
 *     length -> tdi_snappy_length, elements: literals and copies ->
 *     tdi_snappy_elements, a literal's bytes -> tdi_snappy_literal
 *     (snappy_elements.c)
 *   0x01 uncompressed data: CRC -> tdi_snappy_crc, bytes -> tdi_snappy_raw
 *     (snappy_chunk.c)
 *   0x02, 0x03 (DynamoRIO's compressed and uncompressed chunks without a
 *     CRC) -> as 0x00 and 0x01, without tdi_snappy_crc
 *   0x04..0x7f reserved unskippable -> tdi_snappy_chunk: rejected
 *   0x80..0xfd reserved skippable, 0xfe padding -> tdi_snappy_skip
 *     (snappy_chunk.c)
 *   a data chunk's output, checked and handed out as one DATA event ->
 *     tdi_snappy_check (snappy_chunk.c)
 *
 * next() runs the handler of d->state until one produces an event, asks
 * for input, ends or fails; handlers return TDI_AGAIN when they only
 * changed state.
 */
#include "snappy_internal.h"
#include "../common/entry.h"
#include "../common/mem.h"

/* A new input whose output goes to window. */
static int start(td_snappy_decoder *d, uint8_t *window)
{
    memset(d, 0, sizeof *d);
    tdi_input_init(&d->in);
    d->window = window;
    d->state = SS_CHUNK;
    return TD_OK;
}

int td_snappy_init(td_snappy_decoder *d, const td_snappy_config *cfg)
{
    int rc;
    if (d == NULL || cfg == NULL || cfg->size < sizeof *cfg ||
        cfg->flags != 0)
        return TD_E_INVALID_ARGUMENT;
    rc = tdi_entry_memory(cfg->memory, cfg->memory_size, TD_SNAPPY_WINDOW);
    return rc == TD_OK ? start(d, cfg->memory) : rc;
}

int td_snappy_reset(td_snappy_decoder *d)
{
    return d == NULL ? TD_E_INVALID_ARGUMENT : start(d, d->window);
}

const td_fault *td_snappy_fault(const td_snappy_decoder *d)
{
    return &d->fault;
}

static int step(td_snappy_decoder *d, td_snappy_event *ev)
{
    switch (d->state) {
    case SS_CHUNK:
        return tdi_snappy_chunk(d);
    case SS_STREAM_ID:
        return tdi_snappy_stream_id(d, ev);
    case SS_SKIP:
        return tdi_snappy_skip(d, ev);
    case SS_CRC:
        return tdi_snappy_crc(d);
    case SS_LENGTH:
        return tdi_snappy_length(d);
    case SS_ELEMENT:
        return tdi_snappy_elements(d);
    case SS_LITERAL:
        return tdi_snappy_literal(d);
    case SS_RAW:
        return tdi_snappy_raw(d);
    default:
        return tdi_snappy_check(d, ev);
    }
}

int td_snappy_next(td_snappy_decoder *d, td_snappy_event *ev)
{
    int rc = d == NULL || ev == NULL
                 ? TD_E_INVALID_ARGUMENT
                 : tdi_entry_next(&d->in, &d->fault, &ev->flags);
    while (rc == TDI_AGAIN)
        rc = step(d, ev);
    return rc;
}

const td_request *td_snappy_request(const td_snappy_decoder *d)
{
    return &d->in.want;
}

int td_snappy_feed(td_snappy_decoder *d, const void *data, size_t len)
{
    return d == NULL ? TD_E_INVALID_ARGUMENT
                     : tdi_entry_feed(&d->in, &d->fault, data, len);
}
