/*
 * umt_record_types.c - what each execution record type holds after the
 * 6-byte header (ThreadID, Type, Flags), and the checks every mode makes on
 * a record's first bytes: the type exists, the flags suit it, the window
 * holds its fixed fields.
 *
 *   0 instruction             i64 InsID, operand values (LCSIZE bytes)
 *   1 thread begin            rmContext
 *   2 thread end              i32 ExitCode
 *   3 application end         i32 ExitCode
 *   4 syscall entry           i64 SyscallID, rmContext
 *   5 syscall exit            i64 SyscallID (-1: no entry), rmContext
 *   6 skipped syscall exit    i64 SyscallID
 *   8..11 context change      rmContext (APC, exception, callback, other)
 */
#include "umt_internal.h"

static bool type_exists(int type)
{
    return type >= 0 && type <= 11 && type != 7;
}

bool tdi_umt_type_has_context(int type)
{
    return type == TD_UMT_THREAD_BEGIN || type == TD_UMT_SYSCALL_ENTRY ||
           type == TD_UMT_SYSCALL_EXIT || type >= TD_UMT_APC;
}

static uint64_t min_size(int type)
{
    switch (type) {
    case TD_UMT_INSTRUCTION:
    case TD_UMT_SYSCALL_SKIPPED:
        return 8;
    case TD_UMT_THREAD_END:
    case TD_UMT_APPLICATION_END:
        return 4;
    case TD_UMT_SYSCALL_ENTRY:
    case TD_UMT_SYSCALL_EXIT:
        return 8 + CONTEXT_HEAD_SIZE;
    default:
        return CONTEXT_HEAD_SIZE;
    }
}

int tdi_umt_check_record(td_umt_decoder *d, const uint8_t *p, uint64_t window,
                     uint64_t at)
{
    int type = p[REC_TYPE];
    if (!type_exists(type))
        return tdi_umt_fail(d, TD_E_UMT_RECORD_TYPE, TD_UMT_EXEC_VTABLE,
                        at + REC_TYPE,
                        type == 7 ? TDI_REASON("record type 7 does not exist")
                                  : TDI_REASON("record type is above 11"));
    if (type != TD_UMT_INSTRUCTION &&
        (p[REC_FLAGS] & ~TD_UMT_SPECIAL_RECORD_FLAGS) != 0)
        return tdi_umt_fail(d, TD_E_UMT_FLAGS, TD_UMT_EXEC_VTABLE,
                        at + REC_FLAGS,
                        TDI_REASON("a record other than an instruction has "
                                  "instruction-only flags (0x04..0x80)"));
    if (window < RECORD_HEADER_SIZE + min_size(type))
        return tdi_umt_fail(d, TD_E_UMT_RECORD_SIZE, TD_UMT_EXEC_VTABLE, at,
                        TDI_REASON("record window is too small for its "
                                  "type's fixed fields"));
    return TD_OK;
}

void tdi_umt_record_event(const td_umt_decoder *d, td_umt_event *ev,
                          const uint8_t *p, uint64_t at, uint64_t window)
{
    tdi_umt_event(d, ev, TD_UMT_EV_RECORD, TD_UMT_EXEC_VTABLE, at, window);
    umt_read_record(p, ev);
    ev->record.exec_version = d->exec_version;
}
