/*
 * xray_fdr.c - FDR ("flight data recorder") records, versions 1 to 5.
 *
 * Technique. One call decodes one record. The first byte says what it is:
 * bit 0 set (bit 7 on big-endian producers) is a 16-byte metadata record
 * whose other seven bits are its kind, clear is an 8-byte function record.
 * The record is peeked whole, either in place in the host's span or from
 * the input's staging area when it straddles two spans; it is checked
 * against the buffer grammar and extents (xray_buffer.c), decoded into one
 * event, and only then taken. Custom and typed event payloads, up to 2 GiB,
 * are never staged: XS_FDR_PAYLOAD hands them out as fragments of whatever
 * the span holds.
 *
 * Time. Every buffer opens with NewCPUId (absolute tsc) and function records
 * add an unsigned 32-bit delta to it; TSCWrap resets it. From version 5,
 * custom and typed events carry a signed 32-bit delta that advances the
 * base as well; before, custom events carry an absolute tsc and leave the
 * base alone. So all time state is local to a buffer.
 */
#include "xray_internal.h"

static bool is_metadata(const td_xray_decoder *d, uint8_t first)
{
    return d->big_endian ? (first & 0x80u) != 0 : (first & 1u) != 0;
}

static unsigned metadata_kind(const td_xray_decoder *d, uint8_t first)
{
    return d->big_endian ? first & 0x7fu : first >> 1;
}

static uint16_t u16_at(const td_xray_decoder *d, const uint8_t *p)
{
    return tdi_load16(p, d->big_endian);
}

static uint32_t u32_at(const td_xray_decoder *d, const uint8_t *p)
{
    return tdi_load32(p, d->big_endian);
}

static uint64_t u64_at(const td_xray_decoder *d, const uint8_t *p)
{
    return tdi_load64(p, d->big_endian);
}

static int function_record(td_xray_decoder *d, const uint8_t *p,
                           td_xray_event *ev)
{
    uint32_t word = u32_at(d, p);
    unsigned action;
    uint32_t func;
    int rc = tdi_xray_buffer_admit(d, XK_FUNCTION, ev->offset);
    if (rc != TD_OK)
        return rc;
    if (d->big_endian) {
        action = (word >> 28) & 7u;
        func = word & 0x0fffffffu;
    } else {
        action = (word >> 1) & 7u;
        func = word >> 4;
    }
    if (action > TD_XRAY_ENTER_ARGS)
        return tdi_fail(&d->fault, TD_E_XRAY_FUNCTION_ACTION, ev->offset,
                       TDI_REASON("function record type is 4-7; only 0-3 "
                                 "exist"));
    d->tsc += u32_at(d, p + 4);
    d->last_record = action == TD_XRAY_ENTER        ? XL_ENTRY
                     : action == TD_XRAY_ENTER_ARGS ? XL_ENTRY_ARGS
                                                    : XL_OTHER;
    ev->kind = TD_XRAY_EV_FUNCTION;
    ev->function.action = (int)action;
    ev->function.func_id = (int32_t)func;
    ev->function.delta = u32_at(d, p + 4);
    xray_context(d, ev);
    return tdi_xray_match_call(d, ev);
}

static int call_argument(td_xray_decoder *d, const uint8_t *p,
                         td_xray_event *ev)
{
    if (d->last_record == XL_ENTRY)
        tdi_xray_queue_warning(d, TD_W_XRAY_ARG_AFTER_PLAIN_ENTRY, ev->offset, 0,
                           0);
    else if (d->last_record != XL_ENTRY_ARGS)
        return tdi_fail(&d->fault, TD_E_XRAY_CALL_ARGUMENT, ev->offset,
                       TDI_REASON("CallArgument must follow a function entry "
                                 "or another CallArgument"));
    d->last_record = XL_ENTRY_ARGS;
    ev->kind = TD_XRAY_EV_CALL_ARG;
    ev->call_arg.value = u64_at(d, p + 1);
    xray_context(d, ev);
    return TD_EVENT;
}

/* Custom (v1-v5 layouts) and typed events: the marker event now, the
 * payload from XS_FDR_PAYLOAD. */
static int event_marker(td_xray_decoder *d, unsigned kind, const uint8_t *p,
                        td_xray_event *ev)
{
    int32_t size = tdi_as_i32(u32_at(d, p + 1));
    bool delta_form = kind == XK_TYPED_EVENT || d->version >= 5;
    uint64_t end;
    if (size <= 0)
        return tdi_fail(&d->fault, TD_E_XRAY_EVENT_SIZE, ev->offset + 1,
                       TDI_REASON("event payload size is zero or negative"));
    end = ev->offset + XRAY_METADATA_SIZE + (uint64_t)size;
    if (d->block_end != 0 && end > d->block_end) {
        if (kind == XK_TYPED_EVENT)
            d->typed_seen = 1; /* this marker counted only its payload */
        return tdi_xray_buffer_overrun(d, ev->offset);
    }
    ev->kind = kind == XK_TYPED_EVENT ? TD_XRAY_EV_TYPED_EVENT
                                      : TD_XRAY_EV_CUSTOM_EVENT;
    ev->event.size = size;
    ev->event.delta = 0;
    ev->event.tsc_field = 0;
    ev->event.cpu_field = 0;
    ev->event.type = 0;
    xray_context(d, ev);
    if (delta_form) {
        ev->event.delta = tdi_as_i32(u32_at(d, p + 5));
        d->tsc += (uint64_t)(int64_t)ev->event.delta;
        ev->tsc = d->tsc;
        if (kind == XK_TYPED_EVENT)
            ev->event.type = u16_at(d, p + 9);
    } else {
        ev->event.tsc_field = u64_at(d, p + 5);
        ev->tsc = ev->event.tsc_field;
        if (d->version == 4) {
            ev->event.cpu_field = u16_at(d, p + 13);
            ev->cpu = ev->event.cpu_field;
        }
    }
    if (kind == XK_TYPED_EVENT)
        d->typed_seen = 1;
    d->last_record = XL_OTHER;
    d->payload_left = (uint64_t)size;
    d->payload_pos = 0;
    d->state = XS_FDR_PAYLOAD;
    return TD_EVENT;
}

static int version_has_kind(td_xray_decoder *d, unsigned kind, uint64_t at)
{
    if (kind >= XK_COUNT)
        return tdi_fail(&d->fault, TD_E_XRAY_METADATA_KIND, at,
                       TDI_REASON("metadata record kind is 10 or more"));
    if (kind == XK_END_OF_BUFFER && d->version >= 2)
        return tdi_fail(&d->fault, TD_E_XRAY_METADATA_KIND, at,
                       TDI_REASON("EndOfBuffer records exist only in "
                                 "version 1"));
    if (kind == XK_EXTENTS && d->version < 2)
        return tdi_fail(&d->fault, TD_E_XRAY_METADATA_KIND, at,
                       TDI_REASON("BufferExtents records exist only from "
                                 "version 2"));
    return TD_OK;
}

static int extents_record(td_xray_decoder *d, const uint8_t *p,
                          td_xray_event *ev)
{
    uint64_t bytes = u64_at(d, p + 1);
    uint64_t start = ev->offset + XRAY_METADATA_SIZE;
    d->block_end = bytes > UINT64_MAX - start ? UINT64_MAX : start + bytes;
    d->grammar = XG_NEW_BUFFER;
    if (bytes == 0)
        tdi_xray_queue_warning(d, TD_W_XRAY_EMPTY_BUFFER, ev->offset, 0, 0);
    ev->kind = TD_XRAY_EV_EXTENTS;
    ev->extents.bytes = bytes;
    xray_context(d, ev);
    return TD_EVENT;
}

static int new_buffer_record(td_xray_decoder *d, const uint8_t *p,
                             td_xray_event *ev)
{
    d->tid = tdi_as_i32(u32_at(d, p + 1));
    d->pid = 0;
    d->cpu = 0;
    d->tsc = 0;
    if (d->version == 1 && d->buffer_size != 0)
        d->block_end = d->buffer_size > UINT64_MAX - ev->offset
                           ? UINT64_MAX
                           : ev->offset + d->buffer_size;
    ev->kind = TD_XRAY_EV_NEW_BUFFER;
    ev->thread.id = d->tid;
    xray_context(d, ev);
    return TD_EVENT;
}

static int end_of_buffer_record(td_xray_decoder *d, td_xray_event *ev)
{
    uint64_t end = ev->offset + XRAY_METADATA_SIZE;
    ev->kind = TD_XRAY_EV_END_OF_BUFFER;
    xray_context(d, ev);
    if (d->block_end > end) {
        d->payload_left = d->block_end - end;
        d->state = XS_FDR_PADDING;
    } else if (d->block_end == 0) {
        tdi_xray_buffer_reset(d);
    }
    return TD_EVENT;
}

/* NewCPUId and TSCWrap: the TSC they set, with the current CPU. */
static void cpu_record(td_xray_decoder *d, int kind, uint64_t tsc,
                       td_xray_event *ev)
{
    d->tsc = tsc;
    ev->kind = kind;
    ev->cpu_record.id = d->cpu;
    ev->cpu_record.tsc = tsc;
}

static int metadata_record(td_xray_decoder *d, const uint8_t *p,
                           td_xray_event *ev)
{
    unsigned kind = metadata_kind(d, p[0]);
    int rc = version_has_kind(d, kind, ev->offset);
    if (rc == TD_OK)
        rc = tdi_xray_buffer_admit(d, kind, ev->offset);
    if (rc != TD_OK)
        return rc;
    if (kind != XK_CALL_ARG)
        d->last_record = XL_OTHER;
    switch (kind) {
    case XK_NEW_BUFFER:
        return new_buffer_record(d, p, ev);
    case XK_END_OF_BUFFER:
        return end_of_buffer_record(d, ev);
    case XK_NEW_CPU:
        d->cpu = u16_at(d, p + 1);
        cpu_record(d, TD_XRAY_EV_NEW_CPU, u64_at(d, p + 3), ev);
        break;
    case XK_TSC_WRAP:
        cpu_record(d, TD_XRAY_EV_TSC_WRAP, u64_at(d, p + 1), ev);
        break;
    case XK_WALLCLOCK:
        ev->kind = TD_XRAY_EV_WALLCLOCK;
        ev->wallclock.seconds = u64_at(d, p + 1);
        ev->wallclock.micros = u32_at(d, p + 9);
        break;
    case XK_CUSTOM_EVENT:
    case XK_TYPED_EVENT:
        return event_marker(d, kind, p, ev);
    case XK_CALL_ARG:
        return call_argument(d, p, ev);
    case XK_EXTENTS:
        return extents_record(d, p, ev);
    default: /* XK_PID, the last kind: version_has_kind rejected kinds
                past it */
        d->pid = tdi_as_i32(u32_at(d, p + 1));
        ev->kind = TD_XRAY_EV_PID;
        ev->thread.id = d->pid;
        break;
    }
    xray_context(d, ev);
    return TD_EVENT;
}

int tdi_xray_fdr_record(td_xray_decoder *d, td_xray_event *ev)
{
    td_input *in = &d->in;
    uint64_t at = tdi_input_tell(in);
    const uint8_t *p;
    size_t size;
    int rc;

    if (d->block_end != 0 && at == d->block_end) {
        rc = tdi_xray_buffer_boundary(d, at);
        if (rc != TD_OK)
            return rc;
    }
    if (at == d->range_end && tdi_xray_buffer_between(d)) {
        d->state = XS_DONE;
        return TD_END;
    }
    if ((d->flags & TD_XRAY_SKIP_FUNCTIONS) && !xray_matching(d)) {
        tdi_xray_fdr_skim(d);
        at = tdi_input_tell(in);
        if (d->block_end != 0 && at == d->block_end)
            return TDI_AGAIN;
    }
    p = tdi_input_peek(in, 1);
    if (p == NULL) {
        if (in->waiting)
            return TD_NEED_INPUT;
        rc = tdi_xray_buffer_at_eof(d, at);
        return rc == TD_OK ? tdi_xray_unwind(d) : rc;
    }
    size = is_metadata(d, p[0]) ? XRAY_METADATA_SIZE : XRAY_FUNCTION_SIZE;
    if (d->block_end != 0 && size > d->block_end - at)
        return tdi_xray_buffer_overrun(d, at);
    p = tdi_input_peek(in, size);
    if (p == NULL)
        return tdi_input_stall(in, &d->fault, at,
                              TDI_REASON("input ends inside a record"));
    ev->offset = at;
    ev->size = size;
    if (size == XRAY_FUNCTION_SIZE)
        rc = function_record(d, p, ev);
    else
        rc = metadata_record(d, p, ev);
    if (rc != TD_EVENT)
        return rc;
    tdi_input_take(in, size);
    if (size == XRAY_FUNCTION_SIZE && (d->flags & TD_XRAY_SKIP_FUNCTIONS))
        return TDI_AGAIN;
    return TD_EVENT;
}

int tdi_xray_fdr_payload(td_xray_decoder *d, td_xray_event *ev)
{
    uint64_t at = tdi_input_tell(&d->in);
    size_t len;
    const uint8_t *p = tdi_input_piece(&d->in, d->payload_left, &len);
    if (p == NULL)
        return tdi_input_stall(&d->in, &d->fault, at,
                              TDI_REASON("input ends inside an event "
                                        "payload"));
    ev->kind = TD_XRAY_EV_PAYLOAD;
    ev->offset = at;
    ev->size = len;
    ev->flags = 0;
    ev->payload.data = p;
    ev->payload.len = len;
    ev->payload.pos = d->payload_pos;
    xray_context(d, ev);
    d->payload_pos += len;
    d->payload_left -= len;
    if (d->payload_left == 0) {
        ev->flags = TD_LAST_FRAGMENT;
        d->state = XS_FDR_RECORD;
    }
    return TD_EVENT;
}

int tdi_xray_fdr_padding(td_xray_decoder *d, td_xray_event *ev)
{
    ev->kind = TD_XRAY_EV_PADDING;
    ev->offset = tdi_input_tell(&d->in);
    ev->size = d->payload_left;
    ev->padding.bytes = d->payload_left;
    xray_context(d, ev);
    d->state = XS_FDR_SKIP;
    return TD_EVENT;
}

int tdi_xray_fdr_skip(td_xray_decoder *d)
{
    while (d->payload_left > 0) {
        uint64_t at = tdi_input_tell(&d->in);
        uint64_t len = tdi_input_skip(&d->in, d->payload_left);
        if (len == 0)
            return tdi_input_stall(&d->in, &d->fault, at,
                                  TDI_REASON("input ends inside bytes being "
                                            "skipped"));
        d->payload_left -= len;
    }
    d->state = XS_FDR_RECORD;
    return TDI_AGAIN;
}
