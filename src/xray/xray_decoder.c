/*
 * xray_decoder.c - the LLVM XRay decoder: its entry points and the loop
 * that drives its state machine.
 *
 * Record kind -> function (file):
 *   file header -> tdi_xray_read_header (xray_header.c)
 *   basic mode (naive), 32-byte records -> tdi_xray_basic_record
 *     (xray_basic.c): type 0 function record -> function_record, type 1
 *     argument payload -> arg_payload
 *   FDR mode, one record per call -> tdi_xray_fdr_record (xray_fdr.c):
 *     function records Enter, Exit, TailExit, EnterArgs (8 bytes) ->
 *       function_record (xray_fdr.c); runs of them, checked in place
 *       under TD_XRAY_SKIP_FUNCTIONS -> tdi_xray_fdr_skim (xray_skim.c)
 *     metadata records (16 bytes) -> metadata_record (xray_fdr.c), by kind:
 *       NewBuffer -> new_buffer_record
 *       EndOfBuffer (v1) -> end_of_buffer_record, its padding ->
 *         tdi_xray_fdr_padding and tdi_xray_fdr_skip
 *       NewCPUId, TSCWrap, WalltimeMarker, Pid -> metadata_record's cases
 *       CustomEvent, TypedEvent -> event_marker, their payload ->
 *         tdi_xray_fdr_payload
 *       CallArgument -> call_argument
 *       BufferExtents (v2+) -> extents_record
 *       kinds 10 and up, or not in the file's version -> version_has_kind:
 *         rejected
 *     which record may come where in a buffer, and its extents ->
 *       tdi_xray_buffer_admit and the buffer checks (xray_buffer.c)
 *   entries and exits matched per thread -> tdi_xray_match_call, calls left
 *     open at the end -> tdi_xray_unwind (xray_calls.c)
 *   ranges of buffers, speculative matching and its merge -> xray_range.c
 *   warnings -> pending_warning (here)
 *
 * States (enum xray_state, xray_internal.h):
 *
 *   HEADER --basic mode--> BASIC_RECORD ----------+
 *     |                                           | the input ends at
 *     +--FDR mode--> FDR_RECORD ------------------+ a record boundary
 *                     |                           v
 *                     |                         UNWIND --> DONE
 *                     +- Custom/TypedEvent -> FDR_PAYLOAD (fragments) -+
 *                     +- EndOfBuffer (v1) --> FDR_PADDING -> FDR_SKIP -+
 *                     +- bytes cut by the typed-event bug -> FDR_SKIP -+
 *                                                  back to FDR_RECORD <+
 *
 * next() runs the state handler for d->state until one produces an event,
 * asks for input, ends or fails; a warning a handler queued goes out
 * first. Handlers return TDI_AGAIN when they changed state without an
 * event (skipping bytes).
 */
#include "xray_internal.h"
#include "../common/entry.h"
#include "../common/mem.h"

/* The decoder must stay small enough for constrained hosts. */
typedef char tdi_xray_decoder_fits_288_bytes
    [sizeof(td_xray_decoder) <= 288 ? 1 : -1];

#define KNOWN_FLAGS (TD_XRAY_RECOVER_TYPED_EXTENTS | TD_XRAY_SKIP_FUNCTIONS)

/* Begin at the file header with these flags and this (empty) matcher. */
static void start(td_xray_decoder *d, uint32_t flags,
                  const td_xray_calls *calls)
{
    memset(d, 0, sizeof *d);
    tdi_input_init(&d->in);
    d->flags = flags;
    d->calls = *calls;
    d->calls.speculative = 0;
    tdi_xray_calls_clear(&d->calls);
    d->state = XS_HEADER;
}

int td_xray_init(td_xray_decoder *d, const td_xray_config *cfg)
{
    static const td_xray_config defaults = {sizeof(td_xray_config), 0, NULL,
                                            0, 0, 0};
    td_xray_calls calls;
    int rc;
    if (cfg == NULL)
        cfg = &defaults;
    if (d == NULL || cfg->size < sizeof *cfg ||
        (cfg->flags & ~KNOWN_FLAGS) != 0)
        return TD_E_INVALID_ARGUMENT;
    rc = tdi_xray_calls_init(&calls, cfg);
    if (rc != TD_OK)
        return rc;
    start(d, cfg->flags, &calls);
    return TD_OK;
}

int td_xray_reset(td_xray_decoder *d)
{
    td_xray_calls calls;
    if (d == NULL)
        return TD_E_INVALID_ARGUMENT;
    calls = d->calls;
    start(d, d->flags, &calls);
    return TD_OK;
}

const td_fault *td_xray_fault(const td_xray_decoder *d)
{
    return &d->fault;
}

void tdi_xray_queue_warning(td_xray_decoder *d, int code, uint64_t offset,
                        int32_t func_id, uint32_t count)
{
    d->pending_warning = (uint8_t)code;
    d->pending_offset = offset;
    d->pending_func = func_id;
    d->pending_count = count;
}

static int pending_warning(td_xray_decoder *d, td_xray_event *ev)
{
    ev->kind = TD_XRAY_EV_WARNING;
    ev->offset = d->pending_offset;
    ev->size = 0;
    ev->warning.code = d->pending_warning;
    ev->warning.reason = tdi_warning_reason(d->pending_warning);
    ev->warning.func_id = d->pending_func;
    ev->warning.count = d->pending_count;
    xray_context(d, ev);
    d->pending_warning = 0;
    return TD_EVENT;
}

static int step(td_xray_decoder *d, td_xray_event *ev)
{
    switch (d->state) {
    case XS_HEADER:
        return tdi_xray_read_header(d, ev);
    case XS_FDR_RECORD:
        return tdi_xray_fdr_record(d, ev);
    case XS_FDR_PAYLOAD:
        return tdi_xray_fdr_payload(d, ev);
    case XS_FDR_PADDING:
        return tdi_xray_fdr_padding(d, ev);
    case XS_FDR_SKIP:
        return tdi_xray_fdr_skip(d);
    case XS_BASIC_RECORD:
        return tdi_xray_basic_record(d, ev);
    case XS_UNWIND:
        return tdi_xray_unwind(d);
    default:
        return TD_END;
    }
}

int td_xray_next(td_xray_decoder *d, td_xray_event *ev)
{
    int rc = d == NULL || ev == NULL
                 ? TD_E_INVALID_ARGUMENT
                 : tdi_entry_next(&d->in, &d->fault, &ev->flags);
    while (rc == TDI_AGAIN)
        rc = d->pending_warning != 0 ? pending_warning(d, ev) : step(d, ev);
    return rc;
}

const td_request *td_xray_request(const td_xray_decoder *d)
{
    return &d->in.want;
}

int td_xray_feed(td_xray_decoder *d, const void *data, size_t len)
{
    return d == NULL ? TD_E_INVALID_ARGUMENT
                     : tdi_entry_feed(&d->in, &d->fault, data, len);
}
