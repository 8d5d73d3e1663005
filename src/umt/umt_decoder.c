/*
 * umt_decoder.c - the UMT (UMTracer/UMTIndex) decoder: its entry points,
 * its passes, and its state diagrams.
 *
 * Technique. A mode is a short list of passes run one after the other
 * (d->phase); each pass keeps its own state in the decoder's union, which
 * is cleared when the pass begins, and returns TDI_DONE when it is over.
 * Inside a pass every step reads one place and either completes or asks
 * for input without changing anything (see umt_internal.h), so the host
 * may answer with spans of any size at or above min_len and the events
 * come out the same. Field offsets are named in umt_layout.h, which also
 * reads each structure that several steps read.
 *
 * Record kind -> function (file):
 *   exec.vtable header -> tdi_umt_exec_header (umt_headers.c)
 *   exec.offsets: Offset[0] and Offset[RecordCount] -> first_offset,
 *     last_offset (umt_headers.c); batches -> refill_offsets
 *     (umt_records.c); in STREAM mode -> offsets (umt_stream.c)
 *   exec.prev_next.column pairs -> refill_pairs (umt_records.c), links
 *     (umt_chains.c)
 *   fixed-size table headers (ins, module, thread, address_space) ->
 *     tdi_umt_table_header_read (umt_headers.c)
 *   syscall.vtable header -> tdi_umt_syscall_header (umt_headers.c);
 *     syscall.offsets pairs -> pair (umt_syscall.c)
 *   context_map.itable: DumpSize, ElemCount -> head, its four arrays ->
 *     check_item (umt_context_map.c); an entry in REGISTERS mode ->
 *     register_entry (umt_tables.c); a register's name ->
 *     tdi_umt_register_name (umt_context_map.c)
 *   execution record header (ThreadID, Type, Flags) -> header
 *     (umt_records.c), record (umt_stream.c); its checks ->
 *     tdi_umt_check_record, its RECORD event -> tdi_umt_record_event
 *     (umt_record_types.c); then by type:
 *     0 instruction -> tdi_umt_ins_step (umt_ins.c): insRec -> row,
 *       decodedIns -> decoded, disassembly -> disassembly, operand
 *       values -> slots; runs of them checked in place -> tdi_umt_skim
 *       (umt_skim.c)
 *     1 thread begin, 8..11 context changes -> tdi_umt_context_step
 *       (umt_context.c): rmContext -> head, registers -> register_value,
 *       contextMem -> memory
 *     2 thread end, 3 application end -> the exit code in the RECORD
 *       event; the application end must be last -> check_references
 *       (umt_records.c), its absence -> finish (umt_records.c): a warning
 *     4 syscall entry, 5 syscall exit -> tdi_umt_sys_step (umt_syscall.c),
 *       then tdi_umt_context_step; 6 skipped exit -> tdi_umt_sys_step
 *     7 and above 11 -> tdi_umt_check_record: rejected
 *   syscallRec -> record, its arguments -> argument, the records it names
 *     (VALIDATE) -> window, names_this (umt_syscall.c)
 *   module rows -> module_row, their names -> module_names (umt_tables.c)
 *   thread rows -> thread_row (umt_tables.c); each thread's chain of
 *     records -> tdi_umt_chains (umt_chains.c), started by the record pass
 *     -> tdi_umt_chain_note (umt_chains.c)
 *   address ranges -> range_row (umt_tables.c)
 *   ins.itable rows on their own -> row_first, row_more (umt_tables.c),
 *     then tdi_umt_ins_step (umt_ins.c)
 *   cStr and uStr strings -> tdi_umt_string_step (umt_strings.c)
 *   trace.xml -> tdi_umt_xml (umt_xml.c), through the tag scanner
 *   payloads as BYTES fragments -> tdi_umt_fragment (umt_io.c)
 *
 * The passes of each mode (d->phase), run left to right; a table mode
 * (MODULES, THREADS, SYSCALLS, ADDRESS_RANGES, INSTRUCTIONS, XML) runs its
 * table's pass alone:
 *
 *   P_OPEN     every header, the first and last offsets, each file's size
 *              (umt_headers.c); ends with the TRACE event
 *   P_MODULES .. P_SYSCALLS, P_REGISTERS  one table, row by row
 *              (umt_tables.c)
 *   P_MAP      the context map's arrays checked (umt_context_map.c)
 *   P_XML      trace.xml (umt_xml.c)
 *   P_RECORDS  the execution records in order (umt_records.c)
 *   P_CHAINS   each thread's chain through prev/next (umt_chains.c)
 *   P_STREAM   exec.vtable forward (umt_stream.c)
 *   P_END      TD_END
 *
 *   DECODE     OPEN -> RECORDS -> END
 *   VALIDATE   OPEN -> MODULES -> THREADS -> RANGES -> INSTRUCTIONS
 *                   -> SYSCALLS -> XML -> RECORDS -> CHAINS -> END
 *   STREAM     STREAM -> END
 *   REGISTERS  MAP -> REGISTERS -> END
 *
 * The record pass, one record at a time (d->u.rec.sub):
 *
 *   RS_WINDOW       the record's window from the batch of offsets (the
 *                   skim runs first)
 *   RS_HEADER       its first bytes: checks, the RECORD event, the plan
 *   RS_INSTRUCTION  its instruction, operand values (umt_ins.c)
 *   RS_SYSCALL      its syscall record (umt_syscall.c)
 *   RS_CONTEXT      its rmContext (umt_context.c)
 *   RS_NEXT         on to the next record
 *   RS_FINISH       after the last: the missing application end, if so
 *   RS_DONE         the pass is over (TDI_DONE)
 *
 *                    0                              more records
 *   WINDOW --> HEADER ---> INSTRUCTION -------> NEXT -----------+
 *    ^  |        |                          6    ^ ^ ^           |
 *    |  |        +--> SYSCALL -------------------+ | |           |
 *    |  |        |   4, 5, 6  | 4, 5               | |           |
 *    |  |        |            v                    | |           |
 *    |  |        +--> CONTEXT ---------------------+ |           |
 *    |  |        |   1, 8..11, 5 with SyscallID -1   |           |
 *    |  |        +-----------------------------------+           |
 *    |  |            2, 3                                         |
 *    |  | past the last record                                   |
 *    |  +--> FINISH --> DONE                                     |
 *    +-----------------------------------------------------------+
 *
 * (The numbers are record types.) The table passes step T_HEADER, then
 * T_ROW, T_MORE (a row's strings, decodedIns, slots), T_NEXT per row
 * (umt_tables.c); the chain pass steps W_ROW, then W_LINKS, W_WINDOW,
 * W_RECORD per record of the thread's chain (umt_chains.c).
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
