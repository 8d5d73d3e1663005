/*
 * inflate_decoder.c - the standalone raw deflate decoder (RFC 1951): the
 * public entry points around the engine of inflate_core.c, with its own
 * input cursor and fault. gzip and zip embed the same engine.
 *
 * Record kind -> function (file):
 *   block header, BFINAL and BTYPE -> tdi_inflate_block_header
 *     (inflate_blocks.c); BTYPE 3 is rejected there
 *   stored block: LEN and NLEN -> tdi_inflate_stored_length, its bytes ->
 *     tdi_inflate_stored_copy (inflate_blocks.c)
 *   fixed-code block -> tdi_inflate_fixed_tables (inflate_tables.c)
 *   dynamic block: HLIT, HDIST, HCLEN -> tdi_inflate_table_counts, the
 *     code length code -> tdi_inflate_codelen_lens, the code lengths ->
 *     tdi_inflate_lens (inflate_blocks.c), the Huffman tables built ->
 *     tdi_inflate_build (inflate_tables.c)
 *   literals, lengths and distances while the span and the window have
 *     room -> tdi_inflate_fast (inflate_fast.c)
 *   the same one field at a time: literal/length code ->
 *     tdi_inflate_literal_length, length extra bits ->
 *     tdi_inflate_length_extra, distance code -> tdi_inflate_distance,
 *     distance extra bits -> tdi_inflate_distance_extra, the match ->
 *     tdi_inflate_copy (inflate_codes.c)
 *   end of the final block: the bytes read ahead given back -> give_back
 *     (inflate_core.c)
 *   output, as DATA events -> tdi_inflate_core_next (inflate_core.c)
 */
#include "inflate_internal.h"
#include "../common/entry.h"

/* The tables must leave the state small enough to embed anywhere. */
typedef char tdi_inflate_state_fits_12_kib
    [sizeof(td_inflate_state) <= 12288 ? 1 : -1];
typedef char tdi_inflate_tables_fit
    [TD_INFLATE_TABLE_ENTRIES == LITLEN_ENOUGH + DIST_ENOUGH ? 1 : -1];

/* A new stream whose output goes to window. */
static int start(td_inflate_decoder *d, uint8_t *window)
{
    memset(d, 0, sizeof *d);
    tdi_input_init(&d->in);
    tdi_inflate_core_init(&d->z, window);
    return TD_OK;
}

int td_inflate_init(td_inflate_decoder *d, const td_inflate_config *cfg)
{
    int rc;
    if (d == NULL || cfg == NULL || cfg->size < sizeof *cfg ||
        cfg->flags != 0)
        return TD_E_INVALID_ARGUMENT;
    rc = tdi_entry_memory(cfg->memory, cfg->memory_size, TD_INFLATE_WINDOW);
    return rc == TD_OK ? start(d, cfg->memory) : rc;
}

int td_inflate_reset(td_inflate_decoder *d)
{
    return d == NULL ? TD_E_INVALID_ARGUMENT : start(d, d->z.window);
}

const td_fault *td_inflate_fault(const td_inflate_decoder *d)
{
    return &d->fault;
}

int td_inflate_next(td_inflate_decoder *d, td_inflate_event *ev)
{
    tdi_inflate_output out;
    int rc = d == NULL || ev == NULL
                 ? TD_E_INVALID_ARGUMENT
                 : tdi_entry_next(&d->in, &d->fault, &ev->flags);
    if (rc != TDI_AGAIN)
        return rc;
    rc = tdi_inflate_core_next(&d->z, &d->in, &d->fault, &out);
    if (rc == TD_EVENT) {
        ev->kind = TD_INFLATE_EV_DATA;
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
    return d == NULL ? TD_E_INVALID_ARGUMENT
                     : tdi_entry_feed(&d->in, &d->fault, data, len);
}
