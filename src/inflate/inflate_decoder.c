/*
 * inflate_decoder.c - the standalone raw deflate decoder: the public entry points
 * around the engine of inflate_core.c, with its own input cursor and
 * fault.
 */
#include "inflate_internal.h"

/* The tables must leave the state small enough to embed anywhere. */
typedef char tdi_inflate_state_fits_12_kib
    [sizeof(td_inflate_state) <= 12288 ? 1 : -1];
typedef char tdi_inflate_tables_fit
    [TD_INFLATE_TABLE_ENTRIES == LITLEN_ENOUGH + DIST_ENOUGH ? 1 : -1];

/* A new stream whose output goes to window. */
static void start(td_inflate_decoder *d, uint8_t *window)
{
    memset(d, 0, sizeof *d);
    tdi_input_init(&d->in);
    tdi_inflate_core_init(&d->z, window);
}

int td_inflate_init(td_inflate_decoder *d, const td_inflate_config *cfg)
{
    int rc;
    if (d == NULL || cfg == NULL || cfg->size < sizeof *cfg ||
        cfg->flags != 0)
        return TD_E_INVALID_ARGUMENT;
    rc = tdi_inflate_check_window(cfg->memory, cfg->memory_size);
    if (rc == TD_OK)
        start(d, cfg->memory);
    return rc;
}

int td_inflate_reset(td_inflate_decoder *d)
{
    if (d == NULL)
        return TD_E_INVALID_ARGUMENT;
    start(d, d->z.window);
    return TD_OK;
}

int td_inflate_next(td_inflate_decoder *d, td_inflate_event *ev)
{
    tdi_inflate_output out;
    int rc;
    if (d == NULL || ev == NULL)
        return TD_E_INVALID_ARGUMENT;
    rc = tdi_input_blocked(&d->in, &d->fault);
    if (rc != TD_OK)
        return rc;
    rc = tdi_inflate_core_next(&d->z, &d->in, &d->fault, &out);
    if (rc == TD_EVENT) {
        ev->kind = TD_INFLATE_EV_DATA;
        ev->flags = 0;
        ev->offset = out.block_offset;
        ev->size = 0;
        ev->data.data = out.data;
        ev->data.len = out.len;
        ev->data.pos = out.pos;
    }
    return rc;
}

const td_request *td_inflate_request(const td_inflate_decoder *d)
{
    return &d->in.want;
}

int td_inflate_feed(td_inflate_decoder *d, const void *data, size_t len)
{
    if (d == NULL)
        return TD_E_INVALID_ARGUMENT;
    return tdi_input_answer(&d->in, &d->fault, data, len);
}

const td_fault *td_inflate_fault(const td_inflate_decoder *d)
{
    return &d->fault;
}
