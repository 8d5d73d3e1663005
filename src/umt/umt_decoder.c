/*
 * umt_decoder.c - the UMT decoder's entry points and its passes.
 *
 * Technique. A mode is a short list of passes run one after the other
 * (d->phase); each pass keeps its own state in the decoder's union, which
 * is cleared when the pass begins, and returns TDI_DONE when it is over.
 * Inside a pass every step reads one place and either completes or asks
 * for input without changing anything (see umt_internal.h), so the host
 * may answer with spans of any size at or above min_len and the events
 * come out the same.
 *
 *   umt_headers.c       file headers, the open pass, the TRACE event
 *   umt_context_map.c   context_map.itable: checks and lookups
 *   umt_records.c       execution records in order
 *   umt_skim.c          runs of instruction records checked in place
 *   umt_record_types.c  record types, flags and sizes
 *   umt_ins.c           instructions: insRec, decodedIns, slots
 *   umt_context.c       rmContext: registers and memory references
 *   umt_syscall.c       syscall records and the records they name
 *   umt_strings.c       cStr and uStr in both layouts
 *   umt_tables.c        one table on its own
 *   umt_chains.c        thread chains through prev/next
 *   umt_stream.c        exec.vtable forward next to exec.offsets
 *   umt_xml.c           trace.xml through the tag scanner
 *   umt_io.c            reads, faults, payload fragments
 *   umt_workspace.c     the caller's workspace: batches, chains, summaries
 *   umt_names.c         names of files, record types and flags
 */
#include "umt_internal.h"
#include "../common/entry.h"

typedef char
    tdi_umt_decoder_fits_512_bytes[sizeof(td_umt_decoder) <= 512 ? 1 : -1];

#define KNOWN_FLAGS                                                           \
    (TD_UMT_STRINGS_2013 | TD_UMT_STRINGS_AS_BUILT | TD_UMT_NO_PAYLOADS |     \
     TD_UMT_SKIP_INSTRUCTIONS)

static const uint8_t decode_passes[] = {P_OPEN, P_RECORDS, P_END};
static const uint8_t validate_passes[] = {
    P_OPEN,     P_MODULES, P_THREADS, P_RANGES, P_INSTRUCTIONS,
    P_SYSCALLS, P_XML,     P_RECORDS, P_CHAINS, P_END};
static const uint8_t stream_passes[] = {P_STREAM, P_END};
static const uint8_t register_passes[] = {P_MAP, P_REGISTERS, P_END};

/* The passes of a table mode: the table alone. */
static uint8_t table_pass(int mode)
{
    switch (mode) {
    case TD_UMT_MODULES:
        return P_MODULES;
    case TD_UMT_THREADS:
        return P_THREADS;
    case TD_UMT_SYSCALLS:
        return P_SYSCALLS;
    case TD_UMT_ADDRESS_RANGES:
        return P_RANGES;
    case TD_UMT_INSTRUCTIONS:
        return P_INSTRUCTIONS;
    default:
        return P_XML;
    }
}

/* The pass after d->phase in d->mode's list. */
static uint8_t next_pass(const td_umt_decoder *d)
{
    const uint8_t *list;
    size_t i;
    switch (d->mode) {
    case TD_UMT_DECODE:
        list = decode_passes;
        break;
    case TD_UMT_VALIDATE:
        list = validate_passes;
        break;
    case TD_UMT_STREAM:
        list = stream_passes;
        break;
    case TD_UMT_REGISTERS:
        list = register_passes;
        break;
    default:
        return P_END;
    }
    for (i = 0; list[i] != P_END; i++)
        if (list[i] == d->phase)
            return list[i + 1];
    return P_END;
}

static uint8_t first_pass(int mode)
{
    switch (mode) {
    case TD_UMT_DECODE:
    case TD_UMT_VALIDATE:
        return P_OPEN;
    case TD_UMT_STREAM:
        return P_STREAM;
    case TD_UMT_REGISTERS:
        return P_MAP;
    default:
        return table_pass(mode);
    }
}

static void begin_pass(td_umt_decoder *d, uint8_t phase)
{
    d->phase = phase;
    d->step = 0;
    memset(&d->u, 0, sizeof d->u);
    tdi_umt_space_plan(d);
    switch (phase) {
    case P_RECORDS:
        tdi_umt_summaries_clear(tdi_umt_space_of(d));
        break;
    case P_MODULES:
    case P_THREADS:
    case P_RANGES:
    case P_INSTRUCTIONS:
    case P_SYSCALLS:
    case P_REGISTERS:
        tdi_umt_table_begin(d);
        break;
    case P_XML:
        tdi_tagscan_state_init(&d->u.xml);
        tdi_input_seek(&d->in, TD_UMT_TRACE_XML, 0);
        break;
    case P_STREAM:
        tdi_input_seek(&d->in, TD_UMT_EXEC_VTABLE, 0);
        break;
    default:
        break;
    }
}

static int run_pass(td_umt_decoder *d, td_umt_event *ev)
{
    int rc;
    switch (d->phase) {
    case P_OPEN:
        return tdi_umt_open(d, ev);
    case P_MAP:
        rc = tdi_umt_context_map_check(d);
        return rc == TD_OK ? TDI_DONE : rc;
    case P_RECORDS:
        return tdi_umt_records(d, ev);
    case P_CHAINS:
        return tdi_umt_chains(d, ev);
    case P_STREAM:
        return tdi_umt_stream(d, ev);
    case P_XML:
        return tdi_umt_xml(d, ev);
    case P_END:
        return TD_END;
    default:
        return tdi_umt_tables(d, ev);
    }
}

/* Begin the mode's first pass; workspace NULL: none. */
static int start(td_umt_decoder *d, int mode, uint32_t flags,
                 void *workspace, size_t size)
{
    memset(d, 0, sizeof *d);
    tdi_input_init(&d->in);
    d->workspace = workspace;
    d->workspace_size = workspace != NULL ? size : 0;
    d->mode = (uint8_t)mode;
    d->flags = (flags & TD_UMT_SKIP_INSTRUCTIONS) != 0
                   ? flags | TD_UMT_NO_PAYLOADS
                   : flags;
    d->layout = (flags & TD_UMT_STRINGS_2013)       ? TD_UMT_LAYOUT_2013
                : (flags & TD_UMT_STRINGS_AS_BUILT) ? TD_UMT_LAYOUT_AS_BUILT
                                                    : TD_UMT_LAYOUT_UNKNOWN;
    begin_pass(d, first_pass(mode));
    return TD_OK;
}

int td_umt_init(td_umt_decoder *d, const td_umt_config *cfg)
{
    static const td_umt_config defaults = {sizeof(td_umt_config), 0, NULL, 0,
                                           TD_UMT_DECODE};
    if (cfg == NULL)
        cfg = &defaults;
    if (d == NULL || cfg->size < sizeof *cfg ||
        cfg->mode < TD_UMT_DECODE || cfg->mode > TD_UMT_XML ||
        (cfg->flags & ~KNOWN_FLAGS) != 0 ||
        (cfg->flags & TD_UMT_STRINGS_2013 &&
         cfg->flags & TD_UMT_STRINGS_AS_BUILT))
        return TD_E_INVALID_ARGUMENT;
    if (cfg->memory != NULL && (cfg->memory_size < TD_UMT_WORKSPACE_MIN ||
                                ((uintptr_t)cfg->memory & 7) != 0))
        return TD_E_BAD_CONFIG;
    return start(d, cfg->mode, cfg->flags, cfg->memory, cfg->memory_size);
}

int td_umt_reset(td_umt_decoder *d)
{
    return d == NULL ? TD_E_INVALID_ARGUMENT
                     : start(d, d->mode, d->flags, d->workspace,
                             d->workspace_size);
}

const td_fault *td_umt_fault(const td_umt_decoder *d)
{
    return &d->fault;
}

int td_umt_next(td_umt_decoder *d, td_umt_event *ev)
{
    int rc = d == NULL || ev == NULL
                 ? TD_E_INVALID_ARGUMENT
                 : tdi_entry_next(&d->in, &d->fault, &ev->flags);
    if (rc != TDI_AGAIN)
        return rc;
    while ((rc = run_pass(d, ev)) == TDI_DONE)
        begin_pass(d, next_pass(d));
    return rc;
}

const td_request *td_umt_request(const td_umt_decoder *d)
{
    return &d->in.want;
}

int td_umt_feed(td_umt_decoder *d, const void *data, size_t len)
{
    return d == NULL ? TD_E_INVALID_ARGUMENT
                     : tdi_entry_feed(&d->in, &d->fault, data, len);
}

uint32_t td_umt_fault_file(const td_umt_decoder *d)
{
    return d->fault_file;
}

int td_umt_layout(const td_umt_decoder *d)
{
    return d->layout;
}
