/*
 * drmem_decoder.c - the drmemtrace record decoder: its entry points, its
 * dispatch loop, and its state diagram.
 *
 * Technique. Records have one fixed width in a file (12 bytes, or 8 from
 * 32-bit producers), fixed when the first record, which must be a HEADER,
 * is seen: in a 12-byte file bytes 8..11 are the high half of the version
 * and are zero; in an 8-byte file they hold the next record's non-zero
 * type. Each call peeks one whole record (staged when it straddles two
 * spans), hands it to the file that knows its type, and takes it once it
 * has been accepted. ENCODING records and some bookkeeping markers produce
 * no event of their own (TDI_AGAIN) and the loop goes on. Everything the
 * checks need is a handful of counters and flags: the state is O(1).
 *
 * Record kind -> function (file). A record is u16 type, u16 size, then an
 * address (u64, or u32 in 8-byte records); by_type (here) picks by type:
 *   HEADER -> header_record, THREAD -> thread_record, PID -> pid_record,
 *     THREAD_EXIT -> thread_exit_record, FOOTER -> footer_record
 *     (drmem_preamble.c, through tdi_drmem_stream_record)
 *   INSTR and its branch kinds (10..16, 31, 48, 49), INSTR_NO_FETCH ->
 *     tdi_drmem_instr_record (drmem_instr.c)
 *   ENCODING (47) -> tdi_drmem_encoding_record (drmem_instr.c)
 *   READ, WRITE, the prefetches (2..9, 27, 32..46), INSTR_FLUSH,
 *     DATA_FLUSH and their _END (18..21) -> tdi_drmem_memref_record
 *     (drmem_instr.c)
 *   INSTR_BUNDLE, INSTR_MAYBE_FETCH (online traces only), types 50 and
 *     up -> by_type: rejected
 *   runs of plain instructions and memory references while tallying ->
 *     tdi_drmem_skim (drmem_skim.c)
 *   MARKER -> tdi_drmem_marker_record (drmem_markers.c); by marker kind
 *   (the size field):
 *     VERSION, FILETYPE, TIMESTAMP, CHUNK_INSTR_COUNT, SIGNAL_NUMBER,
 *       BRANCH_TARGET -> check_marker (drmem_markers.c)
 *     PHYSICAL_ADDRESS then VIRTUAL_ADDRESS, RSEQ_ABORT then KERNEL_EVENT
 *       -> check_marker sets d->expect, tdi_drmem_expected_next checks
 *       the second (drmem_markers.c)
 *     SYSCALL_TRACE_START/END, CONTEXT_SWITCH_START/END -> open_trace,
 *       close_trace (drmem_markers.c)
 *     CHUNK_FOOTER, RECORD_ORDINAL, and the TIMESTAMP and CPU_ID repeated
 *       at a chunk's start -> tdi_drmem_chunk_marker (drmem_chunks.c)
 *     CPU_ID, KERNEL_XFER, FUNC_ID, FUNC_RETADDR, FUNC_ARG, FUNC_RETVAL,
 *       CACHE_LINE_SIZE, INSTRUCTION_COUNT, WINDOW_ID,
 *       PHYSICAL_ADDRESS_NOT_AVAILABLE, PAGE_SIZE, FILTER_ENDPOINT,
 *       RSEQ_ENTRY, SYSCALL, MAYBE_BLOCKING_SYSCALL, SYSCALL_FAILED,
 *       DIRECT_THREAD_SWITCH, CORE_WAIT, CORE_IDLE, VECTOR_LENGTH,
 *       SYSCALL_UNSCHEDULE, SYSCALL_SCHEDULE, SYSCALL_ARG_TIMEOUT,
 *       UNCOMPLETED_INSTRUCTION, HARDWARE_EVENT, HARDWARE_CONTEXT_RETURN,
 *       SKIPPED_MEMREF: no rule for their value -> check_other_marker
 *       (drmem_markers.c) carries them as MARKER events
 *     SPLIT_VALUE, SYSCALL_IDX, MIDBLOCK_END_PC, KERNEL_EVENT_RAW (raw
 *       traces only) -> check_other_marker: rejected
 *     47..99 -> check_other_marker: a warning; 100 and up (the user's) ->
 *       carried
 *   zip members (trace chunks), told by td_drmem_begin_member ->
 *     tdi_drmem_member_start (drmem_chunks.c), CHUNK event -> emit_chunk
 *
 * The stream's state (d->state), in the manner of zlib's inflate.h:
 *
 *   DS_FIRST     before the first record: its width is not known; the
 *                record must be a HEADER (detect_width)
 *   DS_PREAMBLE  after a HEADER: markers and THREAD, up to PID
 *   DS_BODY      after PID: instructions, memory references, markers,
 *                THREAD switches
 *   DS_ENDED     after a FOOTER: the input may end here; core-sharded and
 *                template files may start their next stream
 *   DS_DONE      TD_END was returned
 *
 *            HEADER              PID              FOOTER
 *   FIRST ----------> PREAMBLE ------> BODY -------------> ENDED
 *                        ^              ^                   |  |
 *                        |              |  another record   |  | end of
 *                        |              +-------------------+  | input
 *                        |     HEADER (multi-stream files)  |  v
 *                        +----------------------------------+ DONE
 *
 * A HEADER in BODY of a multi-stream file also starts over at PREAMBLE;
 * the input ending in any state but ENDED is TD_E_TRUNCATED
 * (end_of_stream). Next to the state, d->expect names a record that must
 * come next (a chunk's RECORD_ORDINAL, VIRTUAL_ADDRESS, KERNEL_EVENT), and
 * next() hands out a pending warning or CHUNK event before reading on.
 */
#include "drmem_internal.h"
#include "../common/entry.h"

typedef char tdi_drmem_decoder_fits_256_bytes
    [sizeof(td_drmem_decoder) <= 256 ? 1 : -1];

int td_drmem_init(td_drmem_decoder *d, const td_drmem_config *cfg)
{
    if (d == NULL ||
        (cfg != NULL && (cfg->size < sizeof *cfg || cfg->flags != 0)))
        return TD_E_INVALID_ARGUMENT;
    memset(d, 0, sizeof *d);
    tdi_input_init(&d->in);
    d->tid = -1;
    d->pid = -1;
    d->member = UINT32_MAX;
    d->previous_marker = DRMEM_NO_MARKER;
    return TD_OK;
}

/* The config has nothing to keep: starting over is a new init. */
int td_drmem_reset(td_drmem_decoder *d)
{
    return td_drmem_init(d, NULL);
}

const td_request *td_drmem_request(const td_drmem_decoder *d)
{
    return &d->in.want;
}

const td_fault *td_drmem_fault(const td_drmem_decoder *d)
{
    return &d->fault;
}

uint64_t td_drmem_stream_offset(const td_drmem_decoder *d)
{
    return tdi_input_tell(&d->in);
}

int td_drmem_feed(td_drmem_decoder *d, const void *data, size_t len)
{
    return d == NULL ? TD_E_INVALID_ARGUMENT
                     : tdi_entry_feed(&d->in, &d->fault, data, len);
}

void tdi_drmem_event_base(const td_drmem_decoder *d, td_drmem_event *ev,
                      const drmem_record *r, uint64_t offset, int kind)
{
    ev->kind = kind;
    ev->flags = d->kernel ? TD_DRMEM_KERNEL : 0;
    ev->offset = offset;
    ev->size = d->width;
    ev->type = r->type;
    ev->size_field = r->size;
    ev->addr = r->addr;
    ev->tid = d->tid;
    ev->pid = d->pid;
    ev->record_ordinal = d->visible;
    ev->instr_ordinal = d->instrs;
}

void tdi_drmem_visible(td_drmem_decoder *d, td_drmem_event *ev)
{
    d->visible++;
    ev->record_ordinal = d->visible;
    ev->instr_ordinal = d->instrs;
}

void tdi_drmem_warn(td_drmem_decoder *d, int code)
{
    d->warning_code = (uint16_t)code;
}

/* A warning is about the record just taken. */
static int emit_warning(td_drmem_decoder *d, td_drmem_event *ev)
{
    drmem_record none = {0, 0, 0, NULL};
    tdi_drmem_event_base(d, ev, &none, tdi_input_tell(&d->in) - d->width,
                     TD_DRMEM_EV_WARNING);
    ev->size = 0;
    ev->warning.code = d->warning_code;
    ev->warning.reason = tdi_warning_reason(d->warning_code);
    d->warning_code = 0;
    return TD_EVENT;
}

static int emit_chunk(td_drmem_decoder *d, td_drmem_event *ev)
{
    drmem_record none = {0, 0, 0, NULL};
    tdi_drmem_event_base(d, ev, &none, tdi_input_tell(&d->in), TD_DRMEM_EV_CHUNK);
    ev->flags |= TD_DRMEM_HIDDEN;
    ev->size = 0;
    ev->chunk.index = d->member;
    d->chunk_pending = 0;
    return TD_EVENT;
}

/* The first record fixes the width; it must be a HEADER. */
static int detect_width(td_drmem_decoder *d)
{
    const uint8_t *p = tdi_input_peek(&d->in, 12);
    if (p == NULL)
        return tdi_input_stall(&d->in, &d->fault, 0,
                              TDI_REASON("stream shorter than one record"));
    if (tdi_le16(p + DRMEM_TYPE) != TD_DRMEM_HEADER)
        return tdi_fail(&d->fault, TD_E_DRMEM_HEADER, 0,
                       TDI_REASON("the stream does not start with a HEADER "
                                 "record"));
    d->width = tdi_le32(p + DRMEM_WIDTH_WORD) == 0 ? 12 : 8;
    return TD_OK;
}

static void read_record(const td_drmem_decoder *d, const uint8_t *p,
                        drmem_record *r)
{
    r->type = tdi_le16(p + DRMEM_TYPE);
    r->size = tdi_le16(p + DRMEM_SIZE);
    r->addr = drmem_addr(p, d->width);
    r->bytes = p;
}

static bool is_instr_kind(uint16_t type)
{
    return td_drmem_type_is_instr(type) || type == TD_DRMEM_INSTR_NO_FETCH;
}

static bool is_memref_kind(uint16_t type)
{
    return type == TD_DRMEM_READ || type == TD_DRMEM_WRITE ||
           td_drmem_type_is_prefetch(type) ||
           (type >= TD_DRMEM_INSTR_FLUSH && type <= TD_DRMEM_DATA_FLUSH_END);
}

static int by_type(td_drmem_decoder *d, const drmem_record *r, uint64_t at,
                   td_drmem_event *ev)
{
    if (r->type == TD_DRMEM_MARKER)
        return tdi_drmem_marker_record(d, r, at, ev);
    if (r->type == TD_DRMEM_ENCODING)
        return tdi_drmem_encoding_record(d, r, at);
    if (is_instr_kind(r->type))
        return tdi_drmem_instr_record(d, r, at, ev);
    if (is_memref_kind(r->type))
        return tdi_drmem_memref_record(d, r, at, ev);
    if (r->type >= TD_DRMEM_THREAD && r->type <= TD_DRMEM_FOOTER)
        return tdi_drmem_stream_record(d, r, at, ev);
    if (r->type == TD_DRMEM_INSTR_BUNDLE ||
        r->type == TD_DRMEM_INSTR_MAYBE_FETCH)
        return tdi_fail(&d->fault, TD_E_DRMEM_RECORD_TYPE, at,
                       TDI_REASON("INSTR_BUNDLE and INSTR_MAYBE_FETCH exist "
                                 "only in online traces"));
    return tdi_fail(&d->fault, TD_E_DRMEM_RECORD_TYPE, at,
                   TDI_REASON("record type 50 or above does not exist"));
}

/* Checks that depend on the previous record rather than on this one. */
static int follows_rules(td_drmem_decoder *d, const drmem_record *r,
                         uint64_t at)
{
    bool stream_record = r->type >= TD_DRMEM_THREAD &&
                         r->type <= TD_DRMEM_FOOTER;
    int rc = tdi_drmem_expected_next(d, r, at);
    if (rc != TD_OK)
        return rc;
    if (d->state == DS_PREAMBLE && r->type != TD_DRMEM_MARKER &&
        r->type != TD_DRMEM_THREAD && r->type != TD_DRMEM_PID)
        return tdi_fail(&d->fault, TD_E_DRMEM_HEADER, at,
                       TDI_REASON("a record other than a marker comes "
                                 "between HEADER and PID"));
    if (d->state == DS_ENDED && !tdi_drmem_restarts_allowed(d))
        return tdi_fail(&d->fault, TD_E_DRMEM_END, at,
                       TDI_REASON("records after the FOOTER"));
    if (d->state == DS_ENDED)
        d->state = DS_BODY; /* the next stream of a multi-stream file; it
                               needs a FOOTER of its own */
    if (d->has_encoding && r->type != TD_DRMEM_ENCODING &&
        r->type != TD_DRMEM_MARKER && !is_instr_kind(r->type) &&
        !stream_record)
        return tdi_fail(&d->fault, TD_E_DRMEM_ENCODING, at,
                       TDI_REASON("ENCODING records are not followed by an "
                                 "instruction"));
    if (d->member_footer && tdi_drmem_is_chunked(d))
        return tdi_fail(&d->fault, TD_E_DRMEM_CHUNK, at,
                       TDI_REASON("records after the CHUNK_FOOTER in the "
                                 "same member"));
    if (d->has_branch_target && r->type != TD_DRMEM_ENCODING &&
        r->type != TD_DRMEM_MARKER && !is_instr_kind(r->type))
        return tdi_fail(&d->fault, TD_E_DRMEM_MARKER, at,
                       TDI_REASON("BRANCH_TARGET is not followed by an "
                                 "instruction"));
    return TD_OK;
}

static int end_of_stream(td_drmem_decoder *d, uint64_t at)
{
    if (d->state == DS_ENDED) {
        d->state = DS_DONE;
        return TD_END;
    }
    return tdi_fail(&d->fault, TD_E_TRUNCATED, at,
                   d->state == DS_FIRST
                       ? TDI_REASON("the stream is empty")
                       : TDI_REASON("the stream ends before its FOOTER"));
}

/* One record (after a skim of plain ones, when tallying). */
static int step(td_drmem_decoder *d, td_drmem_event *ev, td_drmem_tally *t)
{
    uint64_t at;
    const uint8_t *p;
    drmem_record r;
    int rc;
    if (d->state == DS_DONE)
        return TD_END;
    if (t != NULL) {
        tdi_drmem_skim(d, t);
        if (t->pcs_len == t->pcs_cap)
            return TDI_AGAIN; /* next_event() hands out the PCs first */
    }
    at = tdi_input_tell(&d->in);
    if (d->width == 0 && (rc = detect_width(d)) != TD_OK)
        return rc;
    p = tdi_input_peek(&d->in, d->width);
    if (p == NULL) {
        if (d->in.waiting)
            return TD_NEED_INPUT;
        if (d->in.staged == 0)
            return end_of_stream(d, at);
        return tdi_fail(&d->fault, TD_E_TRUNCATED, at,
                       TDI_REASON("the stream ends inside a record"));
    }
    read_record(d, p, &r);
    rc = d->expect == DX_ORDINAL ? tdi_drmem_member_start(d, &r, at) : TD_OK;
    if (rc == TD_OK)
        rc = follows_rules(d, &r, at);
    if (rc == TD_OK)
        rc = by_type(d, &r, at, ev);
    if (rc == TD_EVENT || rc == TDI_AGAIN) {
        if (r.type != TD_DRMEM_MARKER) {
            d->previous_marker = DRMEM_NO_MARKER;
            d->hide_next = 0;
        }
        tdi_input_take(&d->in, d->width);
    }
    if (rc == TD_EVENT && t != NULL && tdi_drmem_tallied(t, ev))
        return TDI_AGAIN;
    return rc;
}

static bool pcs_full(const td_drmem_tally *t)
{
    return t != NULL && t->pcs_len == t->pcs_cap;
}

static int pcs_event(td_drmem_decoder *d, td_drmem_event *ev)
{
    drmem_record none = {0, 0, 0, NULL};
    tdi_drmem_event_base(d, ev, &none, tdi_input_tell(&d->in), TD_DRMEM_EV_PCS);
    ev->flags |= TD_DRMEM_HIDDEN;
    ev->size = 0;
    return TD_EVENT;
}

static int next_event(td_drmem_decoder *d, td_drmem_event *ev,
                      td_drmem_tally *t)
{
    int rc;
    if (d == NULL || ev == NULL)
        return TD_E_INVALID_ARGUMENT;
    if (d->fault.code != 0)
        return d->fault.code;
    if (d->warning_code != 0)
        return emit_warning(d, ev);
    if (d->chunk_pending)
        return emit_chunk(d, ev);
    if (d->in.waiting)
        return TD_NEED_INPUT;
    for (;;) {
        if (pcs_full(t))
            return pcs_event(d, ev);
        rc = step(d, ev, t);
        if (rc != TDI_AGAIN)
            return rc;
        if (d->warning_code != 0)
            return emit_warning(d, ev);
    }
}

int td_drmem_next(td_drmem_decoder *d, td_drmem_event *ev)
{
    return next_event(d, ev, NULL);
}

int td_drmem_tally_next(td_drmem_decoder *d, td_drmem_event *ev,
                        td_drmem_tally *t)
{
    if (t == NULL || t->pcs == NULL || t->pcs_cap == 0 ||
        t->pcs_len > t->pcs_cap)
        return TD_E_INVALID_ARGUMENT;
    return next_event(d, ev, t);
}
