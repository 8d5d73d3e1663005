/*
 * drmem_chunks.c - trace chunks: the members of a zip trace file.
 *
 * raw2trace splits a thread's records into zip members of CHUNK_INSTR_COUNT
 * instructions each. Every member but the last ends with CHUNK_FOOTER(k),
 * k its index; every member after the first starts with RECORD_ORDINAL(n),
 * n the number of records tools saw before it, then repeats the last
 * TIMESTAMP and CPU_ID so that a reader can start there. DynamoRIO's
 * reader hides the ordinal and the repeats from tools, and so do these
 * events (TD_DRMEM_HIDDEN). Traces written before RECORD_ORDINAL existed
 * (versions 3 and 4) may lack it. Template files put one stream per member,
 * each starting with its own HEADER.
 *
 * The container tells the decoder where members begin
 * (td_drmem_begin_member); a decoder never told is reading a file that is
 * not chunked (gzip, LZ4, snappy, plain), where these markers, if any, are
 * ordinary.
 */
#include "drmem_internal.h"

bool tdi_drmem_is_chunked(const td_drmem_decoder *d)
{
    return d->member != UINT32_MAX;
}

int td_drmem_begin_member(td_drmem_decoder *d, uint32_t index)
{
    uint64_t at;
    if (d == NULL)
        return TD_E_INVALID_ARGUMENT;
    if (d->fault.code != 0)
        return d->fault.code;
    at = tdi_input_tell(&d->in);
    if (d->in.staged != 0)
        return tdi_fail(&d->fault, TD_E_DRMEM_CHUNK, at,
                       TDI_REASON("a container member ends inside a "
                                 "record"));
    if (tdi_drmem_is_chunked(d) && !d->member_footer && d->state != DS_ENDED)
        return tdi_fail(&d->fault, TD_E_DRMEM_CHUNK, at,
                       TDI_REASON("a chunk before the last ends without its "
                                 "CHUNK_FOOTER: the file was truncated"));
    d->member = index;
    d->member_footer = 0;
    d->chunk_instrs = 0;
    d->expect = index > 0 ? DX_ORDINAL : DX_NONE;
    d->chunk_pending = 1;
    return TD_OK;
}

int tdi_drmem_member_start(td_drmem_decoder *d, const drmem_record *r,
                       uint64_t at)
{
    d->expect = DX_NONE;
    if (r->type == TD_DRMEM_HEADER)
        return TD_OK;
    if (r->type == TD_DRMEM_MARKER &&
        r->size == TD_DRMEM_MARKER_RECORD_ORDINAL) {
        if (r->addr != d->visible)
            return tdi_fail(&d->fault, TD_E_DRMEM_CHUNK, at,
                           TDI_REASON("RECORD_ORDINAL differs from the "
                                     "number of records before the chunk"));
        return TD_OK;
    }
    if (d->version >= 5)
        return tdi_fail(&d->fault, TD_E_DRMEM_CHUNK, at,
                       TDI_REASON("a chunk after the first does not start "
                                 "with RECORD_ORDINAL"));
    d->hide_next = 2; /* no ordinal in old traces, but the repeats */
    return TD_OK;
}

bool tdi_drmem_is_chunk_marker(const td_drmem_decoder *d, const drmem_record *r)
{
    return r->size == TD_DRMEM_MARKER_CHUNK_FOOTER ||
           r->size == TD_DRMEM_MARKER_RECORD_ORDINAL ||
           (d->hide_next != 0 && (r->size == TD_DRMEM_MARKER_TIMESTAMP ||
                                  r->size == TD_DRMEM_MARKER_CPU_ID));
}

static int footer(td_drmem_decoder *d, const drmem_record *r, uint64_t at)
{
    if (!tdi_drmem_is_chunked(d))
        return TD_OK;
    if (r->addr != d->member)
        return tdi_fail(&d->fault, TD_E_DRMEM_CHUNK, at,
                       TDI_REASON("CHUNK_FOOTER value differs from the "
                                 "member's index"));
    if (d->chunk_size != 0 && d->chunk_instrs != d->chunk_size)
        return tdi_fail(&d->fault, TD_E_DRMEM_CHUNK, at,
                       TDI_REASON("a chunk before the last holds fewer "
                                 "instructions than CHUNK_INSTR_COUNT"));
    d->member_footer = 1;
    return TD_OK;
}

int tdi_drmem_chunk_marker(td_drmem_decoder *d, const drmem_record *r,
                       uint64_t at, td_drmem_event *ev)
{
    int rc = TD_OK;
    bool hidden = true;
    if (r->size == TD_DRMEM_MARKER_CHUNK_FOOTER) {
        rc = footer(d, r, at);
        hidden = false;
    } else if (r->size == TD_DRMEM_MARKER_RECORD_ORDINAL) {
        d->hide_next = 2;
    } else {
        d->hide_next--;
        if (r->size == TD_DRMEM_MARKER_TIMESTAMP)
            rc = tdi_drmem_check_timestamp(d, r->addr, at);
    }
    if (rc != TD_OK)
        return rc;
    tdi_drmem_event_base(d, ev, r, at, TD_DRMEM_EV_MARKER);
    ev->marker.type = r->size;
    ev->marker.value = r->addr;
    d->previous_marker = (uint8_t)r->size;
    if (hidden)
        ev->flags |= TD_DRMEM_HIDDEN;
    else
        tdi_drmem_visible(d, ev);
    return TD_EVENT;
}
