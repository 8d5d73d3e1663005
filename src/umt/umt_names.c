/*
 * umt_names.c - names of the files, record types and flag bits.
 */
#include "umt_internal.h"

static const char *const file_names[TD_UMT_FILE_COUNT] = {
    "exec.vtable",          "exec.offsets",   "exec.prev_next.column",
    "ins.itable",           "syscall.vtable", "syscall.offsets",
    "module.itable",        "thread.itable",  "context_map.itable",
    "address_space.itable", "trace.xml",
};

const char *td_umt_file_name(int file)
{
    return file >= 0 && file < TD_UMT_FILE_COUNT ? file_names[file] : NULL;
}

static const char *const type_names[12] = {
    "instruction",
    "thread_begin",
    "thread_end",
    "application_end",
    "syscall_entry",
    "syscall_exit",
    "syscall_skipped",
    NULL,
    "apc",
    "exception",
    "callback",
    "unknown_context_change",
};

const char *td_umt_record_type_name(int type)
{
    return type >= 0 && type < 12 ? type_names[type] : NULL;
}

static const char *const common_flags[4] = {
    "64bit",
    "instrumentation-off",
    "not-executed",
    "first-rep",
};

static const char *const version_flags[2][4] = {
    {"exception-inputs", "exception-executing", "exception-outputs",
     "tracer-error"},
    {"inputs-unreliable", "outputs-unreliable", "faulted", "aborted"},
};

const char *td_umt_flag_name(unsigned exec_version, unsigned bit)
{
    unsigned i;
    for (i = 0; i < 8; i++) {
        if (bit != 1u << i)
            continue;
        if (i < 4)
            return common_flags[i];
        return exec_version <= 1 ? version_flags[exec_version][i - 4] : NULL;
    }
    return NULL;
}
