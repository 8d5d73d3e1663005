/*
 * xray_buffer.c - the grammar of an FDR buffer and its extents.
 *
 *   file   := header buffer*
 *   buffer := BufferExtents(N) content          (v2+: content is N bytes)
 *           | content [EndOfBuffer padding]     (v1: content plus padding
 *                                                fill the header's buffer
 *                                                size, when it is set)
 *   content:= NewBuffer WallClock [Pid] NewCPUId body*
 *   body   := Function | Function(EnterArgs) CallArgument* | NewCPUId
 *           | TSCWrap | CustomEvent payload | TypedEvent payload
 *
 * d->grammar says which record may come next; d->block_end is the absolute
 * offset where the current buffer's bytes end (0 when unknown), and no
 * record may cross it.
 */
#include "xray_internal.h"

void tdi_xray_buffer_reset(td_xray_decoder *d)
{
    d->grammar = d->version >= 2 ? XG_EXTENTS : XG_NEW_BUFFER;
    d->block_end = 0;
    d->typed_seen = 0;
    d->last_record = XL_OTHER;
}

static int out_of_order(td_xray_decoder *d, uint64_t at, const char *reason)
{
    return tdi_fail(&d->fault, TD_E_XRAY_BLOCK_ORDER, at, reason);
}

/* A preamble record that must come next: `want`, after which the grammar
 * moves to `then`. */
static int expect_kind(td_xray_decoder *d, unsigned kind, uint64_t at,
                       unsigned want, enum xray_grammar then,
                       const char *reason)
{
    if (kind != want)
        return out_of_order(d, at, reason);
    d->grammar = (uint8_t)then;
    return TD_OK;
}

static bool body_kind(unsigned kind)
{
    switch (kind) {
    case XK_FUNCTION:
    case XK_NEW_CPU:
    case XK_TSC_WRAP:
    case XK_CUSTOM_EVENT:
    case XK_CALL_ARG:
    case XK_TYPED_EVENT:
    case XK_END_OF_BUFFER:
        return true;
    default:
        return false;
    }
}

int tdi_xray_buffer_admit(td_xray_decoder *d, unsigned kind, uint64_t at)
{
    switch (d->grammar) {
    case XG_EXTENTS:
        if (kind != XK_EXTENTS)
            return tdi_fail(&d->fault, TD_E_XRAY_EXPECTED_EXTENTS, at,
                           TDI_REASON("a version 2+ buffer must begin with "
                                     "a BufferExtents record"));
        return TD_OK;
    case XG_NEW_BUFFER:
        return expect_kind(d, kind, at, XK_NEW_BUFFER, XG_WALLCLOCK,
                           TDI_REASON("a buffer must begin with a "
                                     "NewBuffer record"));
    case XG_WALLCLOCK:
        return expect_kind(d, kind, at, XK_WALLCLOCK, XG_PID_OR_CPU,
                           TDI_REASON("NewBuffer must be followed by "
                                     "WallClock"));
    case XG_PID_OR_CPU:
        if (kind == XK_PID) {
            d->grammar = XG_CPU;
            return TD_OK;
        }
        return expect_kind(d, kind, at, XK_NEW_CPU, XG_BODY,
                           TDI_REASON("WallClock must be followed by Pid "
                                     "or NewCPUId"));
    case XG_CPU:
        return expect_kind(d, kind, at, XK_NEW_CPU, XG_BODY,
                           TDI_REASON("Pid must be followed by "
                                     "NewCPUId"));
    default:
        if (!body_kind(kind))
            return out_of_order(d, at,
                                TDI_REASON("NewBuffer, WallClock, Pid and "
                                          "BufferExtents may only begin a "
                                          "buffer"));
        return TD_OK;
    }
}

int tdi_xray_buffer_boundary(td_xray_decoder *d, uint64_t at)
{
    /* XG_NEW_BUFFER here is a v2+ buffer whose extents were zero. */
    if (d->grammar != XG_BODY && d->grammar != XG_NEW_BUFFER)
        return tdi_fail(&d->fault, TD_E_XRAY_BLOCK_INCOMPLETE, at,
                       TDI_REASON("buffer ends before its first NewCPUId "
                                 "record"));
    tdi_xray_buffer_reset(d);
    return TD_OK;
}

bool tdi_xray_buffer_between(const td_xray_decoder *d)
{
    return d->grammar == (d->version >= 2 ? XG_EXTENTS : XG_NEW_BUFFER);
}

int tdi_xray_buffer_at_eof(td_xray_decoder *d, uint64_t at)
{
    if (tdi_xray_buffer_between(d))
        return TD_OK;
    return tdi_fail(&d->fault, TD_E_TRUNCATED, at,
                   TDI_REASON("input ends inside a buffer"));
}

int tdi_xray_buffer_overrun(td_xray_decoder *d, uint64_t at)
{
    if (d->version >= 2 && d->typed_seen) {
        if (!(d->flags & TD_XRAY_RECOVER_TYPED_EXTENTS))
            return tdi_fail(&d->fault, TD_E_XRAY_TYPED_EVENT_EXTENTS, at,
                           TDI_REASON("record crosses the buffer extents "
                                     "after a typed event: compiler-rt 14 "
                                     "and older count only a typed event's "
                                     "payload in the extents, so each typed "
                                     "event cut 16 bytes from its buffer"));
        tdi_xray_queue_warning(d, TD_W_XRAY_TYPED_EVENT_EXTENTS, at, 0,
                           (uint32_t)(d->block_end - at));
        d->payload_left = d->block_end - at;
        d->state = XS_FDR_SKIP;
        return TDI_AGAIN;
    }
    if (d->version == 1)
        return tdi_fail(&d->fault, TD_E_XRAY_EXTENTS, at,
                       TDI_REASON("record crosses the buffer size given in "
                                 "the header"));
    return tdi_fail(&d->fault, TD_E_XRAY_EXTENTS, at,
                   TDI_REASON("record crosses the end of its buffer's "
                             "extents"));
}
