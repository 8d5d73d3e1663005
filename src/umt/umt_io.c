/*
 * umt_io.c - reading places of the trace's files, recording errors with the
 * file they are in, and handing payloads out as BYTES fragments.
 *
 * Technique: tdi_input_at() answers from the host's current span when the
 * place is inside it and asks for it otherwise; a short answer means the
 * file ends, which becomes TD_E_TRUNCATED. Payload fragments ask for at
 * most TD_UMT_MAX_REQUEST bytes but take everything the span holds, so a
 * host that answers with large spans (a pread buffer, a mapping) gets one
 * fragment per payload and no copy is ever made.
 */
#include "umt_internal.h"

int tdi_umt_fail(td_umt_decoder *d, int code, uint32_t file, uint64_t offset,
             const char *reason)
{
    if (d->fault.code == 0)
        d->fault_file = file;
    return tdi_fail(&d->fault, code, offset, reason);
}

const uint8_t *tdi_umt_get(td_umt_decoder *d, uint32_t file, uint64_t offset,
                       size_t n, const char *reason, int *rc)
{
    size_t available;
    const uint8_t *p = tdi_input_at(&d->in, file, offset, n, &available);
    if (p != NULL)
        return p;
    *rc = d->in.waiting ? TD_NEED_INPUT
                        : tdi_umt_fail(d, TD_E_TRUNCATED, file, offset, reason);
    return NULL;
}

uint64_t tdi_umt_span_from(const td_umt_decoder *d, uint64_t offset)
{
    return d->in.span_offset + d->in.span_len - offset;
}

int tdi_umt_need_end(td_umt_decoder *d, uint32_t file, uint64_t end,
                 uint64_t report, const char *reason)
{
    int rc = TD_OK;
    if (end == 0)
        return TD_OK;
    if (tdi_umt_get(d, file, end - 1, 1, reason, &rc) != NULL)
        return TD_OK;
    if (rc == TD_E_TRUNCATED)
        d->fault.offset = report;
    return rc;
}

int tdi_umt_no_more(td_umt_decoder *d, uint32_t file, uint64_t size,
                const char *reason)
{
    size_t available;
    if (tdi_input_at(&d->in, file, size, 1, &available) != NULL)
        return tdi_umt_fail(d, TD_E_UMT_FILE_SIZE, file, size, reason);
    return d->in.waiting ? TD_NEED_INPUT : TD_OK;
}

static int64_t umt_eid(const td_umt_decoder *d)
{
    return d->phase == P_RECORDS ? (int64_t)d->u.rec.id : -1;
}

void tdi_umt_event(const td_umt_decoder *d, td_umt_event *ev, int kind,
               uint32_t file, uint64_t offset, uint64_t size)
{
    ev->kind = kind;
    ev->flags = 0;
    ev->file = file;
    ev->offset = offset;
    ev->size = size;
    ev->eid = umt_eid(d);
}

void tdi_umt_payload(td_umt_decoder *d, uint32_t file, uint8_t of, uint64_t start,
                 uint64_t end)
{
    d->payload.file = (uint8_t)file;
    d->payload.of = of;
    d->payload.start = start;
    d->payload.pos = start;
    d->payload.end = end;
}

int tdi_umt_fragment(td_umt_decoder *d, td_umt_event *ev)
{
    td_umt_payload_state *pl = &d->payload;
    uint64_t left = pl->end - pl->pos, have;
    const uint8_t *p;
    int rc;
    if (left == 0)
        return TDI_DONE;
    p = tdi_umt_get(d, pl->file, pl->pos,
                left < TD_UMT_MAX_REQUEST ? (size_t)left : TD_UMT_MAX_REQUEST,
                TDI_REASON("the file ends inside a payload"), &rc);
    if (p == NULL)
        return rc;
    have = tdi_umt_span_from(d, pl->pos);
    if (have > left)
        have = left;
    tdi_umt_event(d, ev, TD_UMT_EV_BYTES, pl->file, pl->pos, have);
    ev->bytes.of = pl->of;
    ev->bytes.data = p;
    ev->bytes.len = (size_t)have;
    ev->bytes.pos = pl->pos - pl->start;
    ev->bytes.total = pl->end - pl->start;
    pl->pos += have;
    if (pl->pos == pl->end)
        ev->flags = TD_LAST_FRAGMENT;
    return TD_EVENT;
}
