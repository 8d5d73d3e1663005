/*
 * snappy_decoder.c - the snappy decoder's public entry points and the loop
 * that drives its state machine.
 *
 * next() runs the handler of d->state until one produces an event, asks
 * for input, ends or fails; handlers return TDI_AGAIN when they only
 * changed state. Which handler decodes what:
 *   snappy_chunk.c     chunk headers, stream identifiers, skippable
 *                      chunks, CRCs, uncompressed data, the output check
 *   snappy_elements.c  compressed data: the length and the elements
 */
#include "snappy_internal.h"
#include "../common/mem.h"

/* A new input whose output goes to window. */
static void start(td_snappy_decoder *d, uint8_t *window)
{
    memset(d, 0, sizeof *d);
    tdi_input_init(&d->in);
    d->window = window;
    d->state = SS_CHUNK;
}

int td_snappy_init(td_snappy_decoder *d, const td_snappy_config *cfg)
{
    if (d == NULL || cfg == NULL || cfg->size < sizeof *cfg ||
        cfg->flags != 0 || cfg->memory == NULL)
        return TD_E_INVALID_ARGUMENT;
    if (cfg->memory_size < TD_SNAPPY_WINDOW)
        return TD_E_BAD_CONFIG;
    start(d, cfg->memory);
    return TD_OK;
}

int td_snappy_reset(td_snappy_decoder *d)
{
    if (d == NULL)
        return TD_E_INVALID_ARGUMENT;
    start(d, d->window);
    return TD_OK;
}

const td_request *td_snappy_request(const td_snappy_decoder *d)
{
    return &d->in.want;
}

const td_fault *td_snappy_fault(const td_snappy_decoder *d)
{
    return &d->fault;
}

int td_snappy_feed(td_snappy_decoder *d, const void *data, size_t len)
{
    if (d == NULL)
        return TD_E_INVALID_ARGUMENT;
    return tdi_input_answer(&d->in, &d->fault, data, len);
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
    int rc;
    if (d == NULL || ev == NULL)
        return TD_E_INVALID_ARGUMENT;
    rc = tdi_input_blocked(&d->in, &d->fault);
    if (rc != TD_OK)
        return rc;
    ev->flags = 0;
    do
        rc = step(d, ev);
    while (rc == TDI_AGAIN);
    return rc;
}
