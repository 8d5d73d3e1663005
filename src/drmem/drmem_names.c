/*
 * drmem_names.c - names and classes of record and marker types.
 */
#include "drmem_internal.h"

static const char *const type_names[TD_DRMEM_TYPE_COUNT] = {
    "read", "write", "prefetch", "prefetch_read_l1", "prefetch_read_l2",
    "prefetch_read_l3", "prefetchnta", "prefetch_read", "prefetch_write",
    "prefetch_instr", "instr", "instr_direct_jump", "instr_indirect_jump",
    "instr_conditional_jump", "instr_direct_call", "instr_indirect_call",
    "instr_return", "instr_bundle", "instr_flush", "instr_flush_end",
    "data_flush", "data_flush_end", "thread", "thread_exit", "pid",
    "header", "footer", "hardware_prefetch", "marker", "instr_no_fetch",
    "instr_maybe_fetch", "instr_sysenter", "prefetch_read_l1_nt",
    "prefetch_read_l2_nt", "prefetch_read_l3_nt", "prefetch_instr_l1",
    "prefetch_instr_l1_nt", "prefetch_instr_l2", "prefetch_instr_l2_nt",
    "prefetch_instr_l3", "prefetch_instr_l3_nt", "prefetch_write_l1",
    "prefetch_write_l1_nt", "prefetch_write_l2", "prefetch_write_l2_nt",
    "prefetch_write_l3", "prefetch_write_l3_nt", "encoding",
    "instr_taken_jump", "instr_untaken_jump"};

static const char *const marker_names[TD_DRMEM_MARKER_COUNT] = {
    "kernel_event", "kernel_xfer", "timestamp", "cpu_id", "func_id",
    "func_retaddr", "func_arg", "func_retval", "split_value", "filetype",
    "cache_line_size", "instruction_count", "version", "rseq_abort",
    "window_id", "physical_address", "physical_address_not_available",
    "virtual_address", "page_size", "syscall_idx", "chunk_instr_count",
    "chunk_footer", "record_ordinal", "filter_endpoint", "rseq_entry",
    "syscall", "maybe_blocking_syscall", "syscall_trace_start",
    "syscall_trace_end", "branch_target", "syscall_failed",
    "direct_thread_switch", "core_wait", "core_idle",
    "context_switch_start", "context_switch_end", "vector_length",
    "syscall_unschedule", "syscall_schedule", "syscall_arg_timeout",
    "signal_number", "uncompleted_instruction", "midblock_end_pc",
    "hardware_event", "hardware_context_return", "kernel_event_raw",
    "skipped_memref"};

const char *td_drmem_type_name(int type)
{
    if (type < 0 || type >= TD_DRMEM_TYPE_COUNT)
        return "unknown";
    return type_names[type];
}

const char *td_drmem_marker_name(int marker)
{
    if (marker < 0 || marker >= TD_DRMEM_MARKER_COUNT)
        return marker >= TD_DRMEM_MARKER_USER_FIRST ? "user" : "unknown";
    return marker_names[marker];
}

bool td_drmem_type_is_instr(int type)
{
    return (type >= TD_DRMEM_INSTR && type <= TD_DRMEM_INSTR_RETURN) ||
           type == TD_DRMEM_INSTR_SYSENTER ||
           type == TD_DRMEM_INSTR_TAKEN_JUMP ||
           type == TD_DRMEM_INSTR_UNTAKEN_JUMP;
}

bool td_drmem_type_is_prefetch(int type)
{
    return (type >= TD_DRMEM_PREFETCH && type <= 9) ||
           type == TD_DRMEM_HARDWARE_PREFETCH || (type >= 32 && type <= 46);
}
