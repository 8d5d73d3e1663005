/*
 * drmem_markers.c - MARKER records: their values and the pairs they form.
 *
 *   VERSION and FILETYPE must agree with the HEADER and with themselves;
 *   TIMESTAMP never goes back within a thread;
 *   PHYSICAL_ADDRESS is followed by VIRTUAL_ADDRESS with the same page
 *   offset; SIGNAL_NUMBER follows KERNEL_EVENT; RSEQ_ABORT precedes it;
 *   SYSCALL_TRACE_START/END and CONTEXT_SWITCH_START/END pair up with equal
 *   values, without nesting; instructions between them are kernel code;
 *   raw-only markers (SPLIT_VALUE, SYSCALL_IDX, MIDBLOCK_END_PC,
 *   KERNEL_EVENT_RAW) never reach a final trace;
 *   types 47 to 99 are unknown (a warning); 100 and up are the user's;
 *   ARCH_REGDEPS traces have no CPU (CPU_ID is -1) and none of the
 *   markers DynamoRIO's invariant checker refuses in them (the syscall
 *   and signal ones, UNCOMPLETED_INSTRUCTION).
 * BRANCH_TARGET is kept for the next instruction; chunk bookkeeping
 * (CHUNK_FOOTER, RECORD_ORDINAL, repeated TIMESTAMP and CPU_ID) is in
 * drmem_chunks.c.
 */
#include "drmem_internal.h"

static int out_of_place(td_drmem_decoder *d, uint64_t at, const char *why)
{
    return tdi_fail(&d->fault, TD_E_DRMEM_MARKER, at, why);
}

static bool raw_only(uint16_t type)
{
    return type == TD_DRMEM_MARKER_SPLIT_VALUE ||
           type == TD_DRMEM_MARKER_SYSCALL_IDX ||
           type == TD_DRMEM_MARKER_MIDBLOCK_END_PC ||
           type == TD_DRMEM_MARKER_KERNEL_EVENT_RAW;
}

static int open_trace(td_drmem_decoder *d, const drmem_record *r,
                      uint64_t at)
{
    if (d->open_kind != 0)
        return out_of_place(d, at, TDI_REASON("a kernel trace START inside "
                                             "another one"));
    d->open_kind = (uint8_t)r->size;
    d->open_trace = r->addr;
    d->kernel = 1;
    return TD_OK;
}

static int close_trace(td_drmem_decoder *d, const drmem_record *r,
                       uint64_t at)
{
    if (d->open_kind != r->size - 1 || d->open_trace != r->addr)
        return out_of_place(d, at, TDI_REASON("a kernel trace END without "
                                             "its START, or with another "
                                             "value"));
    d->open_kind = 0;
    d->kernel = 0;
    return TD_OK;
}

int tdi_drmem_check_timestamp(td_drmem_decoder *d, uint64_t value, uint64_t at)
{
    if (value < d->timestamp)
        return tdi_fail(&d->fault, TD_E_DRMEM_TIMESTAMP, at,
                       TDI_REASON("TIMESTAMP smaller than the thread's "
                                 "previous one"));
    d->timestamp = value;
    return TD_OK;
}

/* A marker DynamoRIO's invariant checker refuses in ARCH_REGDEPS traces
 * (the FUNC_ markers of calls other than futex too, but which call is
 * futex depends on the traced architecture, which such a trace does not
 * say). */
static bool refused_in_regdeps(uint16_t type)
{
    return type == TD_DRMEM_MARKER_SYSCALL ||
           type == TD_DRMEM_MARKER_SYSCALL_TRACE_START ||
           type == TD_DRMEM_MARKER_SYSCALL_TRACE_END ||
           type == TD_DRMEM_MARKER_SYSCALL_FAILED ||
           type == TD_DRMEM_MARKER_SIGNAL_NUMBER ||
           type == TD_DRMEM_MARKER_UNCOMPLETED_INSTRUCTION;
}

/* The rules of ARCH_REGDEPS traces, before the marker's own. */
static int check_regdeps_marker(td_drmem_decoder *d, const drmem_record *r,
                                uint64_t at)
{
    uint64_t no_cpu = d->width == 8 ? UINT32_MAX : UINT64_MAX;
    if (!(d->filetype & TD_DRMEM_FILE_ARCH_REGDEPS))
        return TD_OK;
    if (refused_in_regdeps(r->size))
        return out_of_place(d, at, TDI_REASON("a syscall, signal or "
                                             "uncompleted-instruction "
                                             "marker in an ARCH_REGDEPS "
                                             "trace"));
    if (r->size == TD_DRMEM_MARKER_CPU_ID && r->addr != no_cpu)
        return out_of_place(d, at, TDI_REASON("a CPU_ID other than -1 in "
                                             "an ARCH_REGDEPS trace"));
    return TD_OK;
}

/* The markers check_marker has no case for. Those whose value has no rule
 * (CPU_ID, KERNEL_XFER, the FUNC_ ones, CACHE_LINE_SIZE, PAGE_SIZE, SYSCALL,
 * WINDOW_ID, ...) are carried as they are; KERNEL_EVENT and
 * VIRTUAL_ADDRESS were checked as the second half of their pairs
 * (tdi_drmem_expected_next, tdi_drmem_marker_record). Raw-only markers
 * fail, unknown ones (47 to 99) give a warning, the user's (100 and up)
 * are carried. */
static int check_other_marker(td_drmem_decoder *d, const drmem_record *r,
                              uint64_t at)
{
    if (raw_only(r->size))
        return out_of_place(d, at, TDI_REASON("a marker that only raw "
                                             "(unconverted) traces hold"));
    if (r->size >= TD_DRMEM_MARKER_COUNT &&
        r->size < TD_DRMEM_MARKER_USER_FIRST)
        tdi_drmem_warn(d, TD_W_DRMEM_UNKNOWN_MARKER);
    return TD_OK;
}

/* The checks of one marker; sets d->expect for the next record. */
static int check_marker(td_drmem_decoder *d, const drmem_record *r,
                        uint64_t at)
{
    switch (r->size) {
    case TD_DRMEM_MARKER_VERSION:
        if (r->addr != d->version)
            return tdi_fail(&d->fault, TD_E_DRMEM_VERSION, at,
                           TDI_REASON("VERSION marker differs from the "
                                     "HEADER's version"));
        return TD_OK;
    case TD_DRMEM_MARKER_FILETYPE:
        return tdi_drmem_check_filetype(d, r->addr, at);
    case TD_DRMEM_MARKER_TIMESTAMP:
        return tdi_drmem_check_timestamp(d, r->addr, at);
    case TD_DRMEM_MARKER_CHUNK_INSTR_COUNT:
        d->chunk_size = r->addr;
        return TD_OK;
    case TD_DRMEM_MARKER_PHYSICAL_ADDRESS:
        d->expect = DX_VIRTUAL_ADDRESS;
        d->pair_value = (uint16_t)(r->addr & 0xfff);
        return TD_OK;
    case TD_DRMEM_MARKER_RSEQ_ABORT:
        d->expect = DX_KERNEL_EVENT;
        return TD_OK;
    case TD_DRMEM_MARKER_SIGNAL_NUMBER:
        if (d->previous_marker != TD_DRMEM_MARKER_KERNEL_EVENT)
            return out_of_place(d, at, TDI_REASON("SIGNAL_NUMBER does not "
                                                 "follow a KERNEL_EVENT"));
        return TD_OK;
    case TD_DRMEM_MARKER_SYSCALL_TRACE_START:
    case TD_DRMEM_MARKER_CONTEXT_SWITCH_START:
        return open_trace(d, r, at);
    case TD_DRMEM_MARKER_SYSCALL_TRACE_END:
    case TD_DRMEM_MARKER_CONTEXT_SWITCH_END:
        return close_trace(d, r, at);
    case TD_DRMEM_MARKER_BRANCH_TARGET:
        d->has_branch_target = 1;
        d->branch_target = r->addr;
        return TD_OK;
    default:
        return check_other_marker(d, r, at);
    }
}

/* The record a pending expectation asks for must come now. */
int tdi_drmem_expected_next(td_drmem_decoder *d, const drmem_record *r,
                        uint64_t at)
{
    uint16_t want;
    if (d->expect == DX_VIRTUAL_ADDRESS)
        want = TD_DRMEM_MARKER_VIRTUAL_ADDRESS;
    else if (d->expect == DX_KERNEL_EVENT)
        want = TD_DRMEM_MARKER_KERNEL_EVENT;
    else
        return TD_OK;
    if (r->type != TD_DRMEM_MARKER || r->size != want)
        return out_of_place(d, at,
                            want == TD_DRMEM_MARKER_KERNEL_EVENT
                                ? TDI_REASON("RSEQ_ABORT is not followed by "
                                            "a KERNEL_EVENT")
                                : TDI_REASON("PHYSICAL_ADDRESS is not "
                                            "followed by VIRTUAL_ADDRESS"));
    if (want == TD_DRMEM_MARKER_VIRTUAL_ADDRESS &&
        (r->addr & 0xfff) != d->pair_value)
        return out_of_place(d, at, TDI_REASON("VIRTUAL_ADDRESS and its "
                                             "PHYSICAL_ADDRESS differ in "
                                             "page offset"));
    d->expect = DX_NONE;
    return TD_OK;
}

static bool hidden_marker(uint16_t type)
{
    return type == TD_DRMEM_MARKER_BRANCH_TARGET;
}

int tdi_drmem_marker_record(td_drmem_decoder *d, const drmem_record *r,
                        uint64_t at, td_drmem_event *ev)
{
    int rc;
    if (r->size == TD_DRMEM_MARKER_VIRTUAL_ADDRESS &&
        d->previous_marker != TD_DRMEM_MARKER_PHYSICAL_ADDRESS)
        return out_of_place(d, at, TDI_REASON("VIRTUAL_ADDRESS without a "
                                             "PHYSICAL_ADDRESS before it"));
    rc = check_regdeps_marker(d, r, at);
    if (rc != TD_OK)
        return rc;
    if (tdi_drmem_is_chunk_marker(d, r))
        return tdi_drmem_chunk_marker(d, r, at, ev);
    rc = check_marker(d, r, at);
    if (rc != TD_OK)
        return rc;
    tdi_drmem_event_base(d, ev, r, at, TD_DRMEM_EV_MARKER);
    ev->marker.type = r->size;
    ev->marker.value = r->addr;
    d->previous_marker =
        r->size < DRMEM_NO_MARKER ? (uint8_t)r->size : DRMEM_NO_MARKER;
    if (hidden_marker(r->size))
        ev->flags |= TD_DRMEM_HIDDEN;
    else
        tdi_drmem_visible(d, ev);
    return TD_EVENT;
}
