/*
 * xray_basic.c - basic ("naive") mode records, versions 1 to 3.
 *
 * Technique. Records are 32 bytes; each is peeked whole (staged when it
 * straddles two spans), decoded into one event, then taken.
 *
 *   type 0, a function record:       type 1, an argument payload:
 *    0 u16 record type = 0            0 u16 record type = 1
 *    2 u8  cpu                        4 i32 function id
 *    3 u8  entry type (0..3)          8 u32 thread id
 *    4 i32 function id               12 u32 process id
 *    8 u64 absolute tsc              16 u64 argument
 *   16 u32 thread id
 *   20 u32 process id (v3; earlier writers leave 0)
 *
 * An argument payload belongs to the entry-with-arguments record before it:
 * the state a record leaves for the next is that of the last function
 * record (a range of records starts from it: tdi_xray_basic_follow).
 * Writers fill a buffer per thread and append it to the file when it is
 * full, so a payload can open a thread's next buffer with another thread's
 * records in between. A payload after a record of the same thread must
 * therefore match it; one after another thread's record is accepted with a
 * warning (llvm-xray rejects those files).
 */
#include "xray_internal.h"

void tdi_xray_basic_follow(td_xray_decoder *d, const uint8_t *p)
{
    bool be = d->big_endian != 0;
    d->cpu = p[2];
    d->tsc = tdi_load64(p + 8, be);
    d->tid = tdi_as_i32(tdi_load32(p + 16, be));
    d->pid = tdi_as_i32(tdi_load32(p + 20, be));
    d->arg_func = tdi_as_i32(tdi_load32(p + 4, be));
    d->last_record = p[3] == TD_XRAY_ENTER_ARGS ? XL_ENTRY_ARGS : XL_OTHER;
}

static int function_record(td_xray_decoder *d, const uint8_t *p,
                           td_xray_event *ev)
{
    unsigned action = p[3];
    if (action > TD_XRAY_ENTER_ARGS)
        return tdi_fail(&d->fault, TD_E_XRAY_BASIC_ENTRY_TYPE, ev->offset + 3,
                       TDI_REASON("basic-mode entry type is greater than 3"));
    tdi_xray_basic_follow(d, p);
    ev->kind = TD_XRAY_EV_FUNCTION;
    ev->function.action = (int)action;
    ev->function.func_id = d->arg_func;
    ev->function.delta = 0;
    xray_context(d, ev);
    return tdi_xray_match_call(d, ev);
}

static int arg_payload(td_xray_decoder *d, const uint8_t *p,
                       td_xray_event *ev, bool first)
{
    bool be = d->big_endian != 0;
    int32_t func = tdi_as_i32(tdi_load32(p + 4, be));
    int32_t tid = tdi_as_i32(tdi_load32(p + 8, be));
    int32_t pid = tdi_as_i32(tdi_load32(p + 12, be));
    bool same_thread = tid == d->tid && (d->version < 3 || pid == d->pid);
    if (first)
        return tdi_fail(&d->fault, TD_E_XRAY_ARG_PAYLOAD, ev->offset,
                       TDI_REASON("argument payload before any function "
                                 "record"));
    if (same_thread &&
        (d->last_record != XL_ENTRY_ARGS || func != d->arg_func))
        return tdi_fail(&d->fault, TD_E_XRAY_ARG_PAYLOAD, ev->offset,
                       TDI_REASON("argument payload does not follow an "
                                 "entry-with-arguments record of the same "
                                 "function"));
    if (!same_thread)
        tdi_xray_queue_warning(d, TD_W_XRAY_DETACHED_ARG_PAYLOAD, ev->offset,
                           func, 0);
    ev->kind = TD_XRAY_EV_CALL_ARG;
    ev->call_arg.value = tdi_load64(p + 16, be);
    xray_context(d, ev);
    ev->tid = tid;
    ev->pid = d->version < 3 ? d->pid : pid;
    return TD_EVENT;
}

int tdi_xray_basic_record(td_xray_decoder *d, td_xray_event *ev)
{
    td_input *in = &d->in;
    uint64_t at = tdi_input_tell(in);
    const uint8_t *p;
    uint16_t type;
    int rc;
    if (at == d->range_end) {
        d->state = XS_DONE;
        return TD_END;
    }
    p = tdi_input_peek(in, XRAY_BASIC_SIZE);
    if (p == NULL) {
        if (in->waiting)
            return TD_NEED_INPUT;
        if (in->staged == 0)
            return tdi_xray_unwind(d);
        return tdi_fail(&d->fault, TD_E_TRUNCATED, at,
                       TDI_REASON("input ends inside a 32-byte record"));
    }
    ev->offset = at;
    ev->size = XRAY_BASIC_SIZE;
    type = tdi_load16(p, d->big_endian != 0);
    if (type == 0)
        rc = function_record(d, p, ev);
    else if (type == 1)
        rc = arg_payload(d, p, ev, at == XRAY_HEADER_SIZE);
    else
        return tdi_fail(&d->fault, TD_E_XRAY_BASIC_RECORD_TYPE, at,
                       TDI_REASON("basic-mode record type is neither 0 "
                                 "(function) nor 1 (argument payload)"));
    if (rc != TD_EVENT)
        return rc;
    tdi_input_take(in, XRAY_BASIC_SIZE);
    if (type == 0 && (d->flags & TD_XRAY_SKIP_FUNCTIONS))
        return TDI_AGAIN;
    return TD_EVENT;
}
