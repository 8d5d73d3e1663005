/*
 * umt_records.c - the execution records in order: exec.offsets gives each
 * record's window in exec.vtable, the record's header its thread, type and
 * flags, and its type what follows (an instruction looked up in ins.itable,
 * a syscall in syscall.vtable, a register context).
 *
 * Technique. Offsets are read five at a time into the decoder (one request
 * per four records instead of one each) and checked as they arrive: each
 * window at least 6 bytes and none past Offset[RecordCount], which the open
 * pass found inside exec.vtable. A record's first 30 bytes (or its whole
 * window when smaller) hold every fixed field of every type, so one read
 * gives the RECORD event; the type's sub-structure then runs its own steps
 * (td_umt_ins_state.c, umt_syscall.c, umt_context.c) until it is done.
 */
#include "umt_internal.h"

#define OFFSET_BATCH 5
#define HEAD_READ 30

enum record_step {
    RS_WINDOW = 0,
    RS_HEADER,
    RS_INSTRUCTION,
    RS_SYSCALL,
    RS_CONTEXT,
    RS_NEXT,
    RS_FINISH,
    RS_DONE
};

static int refill_offsets(td_umt_decoder *d)
{
    uint64_t id = d->u.rec.id, left = d->records + 1 - id, at = id * 8;
    size_t n = left < OFFSET_BATCH ? (size_t)left : OFFSET_BATCH, k;
    int rc;
    const uint8_t *p = umt_get(d, TD_UMT_EXEC_OFFSETS, at, n * 8,
                               TD_REASON("exec.offsets holds fewer than "
                                         "RecordCount + 1 offsets"),
                               &rc);
    if (p == NULL)
        return rc;
    for (k = 0; k < n; k++) {
        uint64_t v = td_le64(p + 8 * k);
        if (k > 0 && (v < d->u.rec.off[k - 1] ||
                      v - d->u.rec.off[k - 1] < RECORD_HEADER_SIZE))
            return umt_fail(d, TD_E_UMT_OFFSETS, TD_UMT_EXEC_OFFSETS,
                            at + 8 * k,
                            TD_REASON("Offset[i + 1] is less than 6 bytes "
                                      "after Offset[i]"));
        if (v > d->exec_end)
            return umt_fail(d, TD_E_UMT_OFFSETS, TD_UMT_EXEC_OFFSETS,
                            at + 8 * k,
                            TD_REASON("Offset[i] lies past "
                                      "Offset[RecordCount]"));
        d->u.rec.off[k] = v;
    }
    d->u.rec.off_base = id;
    d->u.rec.off_count = (uint8_t)n;
    return TD_OK;
}

static int window(td_umt_decoder *d)
{
    uint64_t id = d->u.rec.id;
    if (id < d->u.rec.off_base ||
        id + 1 >= d->u.rec.off_base + d->u.rec.off_count) {
        int rc = refill_offsets(d);
        if (rc != TD_OK)
            return rc;
    }
    d->u.rec.start = d->u.rec.off[id - d->u.rec.off_base];
    d->u.rec.end = d->u.rec.off[id - d->u.rec.off_base + 1];
    return TD_OK;
}

static bool has_ref(int type)
{
    return type == TD_UMT_INSTRUCTION ||
           (type >= TD_UMT_SYSCALL_ENTRY && type <= TD_UMT_SYSCALL_SKIPPED);
}

/* InsID or SyscallID; umt_check_record made sure the window holds it. */
static uint64_t record_ref(const uint8_t *p)
{
    return has_ref(p[4]) ? td_le64(p + 6) : 0;
}

/* References to other tables in the record's fixed fields. */
static int check_references(td_umt_decoder *d, const uint8_t *p)
{
    uint64_t at = d->u.rec.start, ref = record_ref(p);
    int type = p[4];
    if (td_le32(p) >= d->thread_rows)
        return umt_fail(d, TD_E_UMT_REFERENCE, TD_UMT_EXEC_VTABLE, at,
                        TD_REASON("ThreadID is not a row of thread.itable"));
    if (type == TD_UMT_INSTRUCTION && ref >= d->ins_rows)
        return umt_fail(d, TD_E_UMT_REFERENCE, TD_UMT_EXEC_VTABLE, at + 6,
                        TD_REASON("InsID is not a row of ins.itable"));
    if ((type == TD_UMT_SYSCALL_ENTRY || type == TD_UMT_SYSCALL_SKIPPED) &&
        ref >= d->syscall_rows)
        return umt_fail(d, TD_E_UMT_REFERENCE, TD_UMT_EXEC_VTABLE, at + 6,
                        TD_REASON("SyscallID is not a syscall record"));
    if (type == TD_UMT_SYSCALL_EXIT && !umt_id_or_none(ref, d->syscall_rows))
        return umt_fail(d, TD_E_UMT_REFERENCE, TD_UMT_EXEC_VTABLE, at + 6,
                        TD_REASON("SyscallID is neither -1 nor a syscall "
                                  "record"));
    if (type == TD_UMT_APPLICATION_END && d->u.rec.id + 1 != d->records)
        return umt_fail(d, TD_E_UMT_SEQUENCE, TD_UMT_EXEC_VTABLE, at,
                        TD_REASON("an application end record is not the "
                                  "last record"));
    return TD_OK;
}

static void record_event(td_umt_decoder *d, const uint8_t *p, td_umt_event *ev)
{
    int type = p[4];
    bool has_code =
        type == TD_UMT_THREAD_END || type == TD_UMT_APPLICATION_END;
    umt_event(d, ev, TD_UMT_EV_RECORD, TD_UMT_EXEC_VTABLE, d->u.rec.start,
              d->u.rec.end - d->u.rec.start);
    ev->record.type = p[4];
    ev->record.flags = p[5];
    ev->record.exec_version = d->exec_version;
    ev->record.thread = td_as_i32(td_le32(p));
    ev->record.ref = (int64_t)record_ref(p);
    ev->record.exit_code = has_code ? td_as_i32(td_le32(p + 6)) : 0;
}

/* What follows the RECORD event. */
static void plan(td_umt_decoder *d, const uint8_t *p)
{
    int type = p[4];
    uint64_t ref = record_ref(p);
    d->u.rec.type = p[4];
    d->u.rec.flags = p[5];
    d->u.rec.ctx_step = 0;
    d->u.rec.ctx_at =
        d->u.rec.start + RECORD_HEADER_SIZE +
        (type == TD_UMT_SYSCALL_ENTRY || type == TD_UMT_SYSCALL_EXIT ? 8 : 0);
    d->app_end = type == TD_UMT_APPLICATION_END;
    if (type == TD_UMT_INSTRUCTION) {
        umt_ins_begin(&d->u.rec.k.ins, ref);
        d->u.rec.sub = RS_INSTRUCTION;
    } else if (type >= TD_UMT_SYSCALL_ENTRY &&
               type <= TD_UMT_SYSCALL_SKIPPED && ref != UMT_NONE) {
        umt_sys_begin(&d->u.rec.k.sys, ref);
        d->u.rec.sub = RS_SYSCALL;
    } else if (umt_type_has_context(type)) {
        d->u.rec.sub = RS_CONTEXT;
    } else {
        d->u.rec.sub = RS_NEXT;
    }
}

static int header(td_umt_decoder *d, td_umt_event *ev)
{
    uint64_t size = d->u.rec.end - d->u.rec.start;
    int rc;
    const uint8_t *p =
        umt_get(d, TD_UMT_EXEC_VTABLE, d->u.rec.start,
                size < HEAD_READ ? (size_t)size : HEAD_READ,
                TD_REASON("exec.vtable ends inside a record"), &rc);
    if (p == NULL)
        return rc;
    rc = umt_check_record(d, p, size, d->u.rec.start);
    if (rc == TD_OK)
        rc = check_references(d, p);
    if (rc != TD_OK)
        return rc;
    record_event(d, p, ev);
    plan(d, p);
    return TD_EVENT;
}

static int instruction(td_umt_decoder *d, td_umt_event *ev)
{
    umt_ins_context c;
    int rc;
    c.record = true;
    c.lc_at = d->u.rec.start + 14;
    c.window = d->u.rec.end - d->u.rec.start;
    c.flags = d->u.rec.flags;
    c.report = d->u.rec.start;
    rc = umt_ins_step(d, &d->u.rec.k.ins, &d->u.rec.slot, &c, ev);
    if (rc == UMT_DONE)
        d->u.rec.sub = RS_NEXT;
    return rc == UMT_DONE ? UMT_AGAIN : rc;
}

static int syscall(td_umt_decoder *d, td_umt_event *ev)
{
    int rc = umt_sys_step(d, &d->u.rec.k.sys, d->u.rec.id, d->u.rec.type, ev);
    if (rc == UMT_DONE)
        d->u.rec.sub =
            umt_type_has_context(d->u.rec.type) ? RS_CONTEXT : RS_NEXT;
    return rc == UMT_DONE ? UMT_AGAIN : rc;
}

static int finish(td_umt_decoder *d, td_umt_event *ev)
{
    d->u.rec.sub = RS_DONE;
    if (d->app_end)
        return UMT_DONE;
    umt_event(d, ev, TD_UMT_EV_WARNING, TD_UMT_EXEC_VTABLE, d->exec_end, 0);
    ev->eid = -1;
    ev->warning.code = TD_W_UMT_NO_APPLICATION_END;
    ev->warning.reason = TD_REASON("the last record is not an application "
                                   "end: the application did not exit "
                                   "gracefully or the trace was cut");
    return TD_EVENT;
}

static int record_step(td_umt_decoder *d, td_umt_event *ev)
{
    int rc;
    switch (d->u.rec.sub) {
    case RS_WINDOW:
        if (d->u.rec.id >= d->records) {
            d->u.rec.sub = RS_FINISH;
            return UMT_AGAIN;
        }
        rc = window(d);
        if (rc == TD_OK)
            d->u.rec.sub = RS_HEADER;
        return rc == TD_OK ? UMT_AGAIN : rc;
    case RS_HEADER:
        return header(d, ev);
    case RS_INSTRUCTION:
        return instruction(d, ev);
    case RS_SYSCALL:
        return syscall(d, ev);
    case RS_CONTEXT:
        rc = umt_context_step(d, ev);
        if (rc == UMT_DONE)
            d->u.rec.sub = RS_NEXT;
        return rc == UMT_DONE ? UMT_AGAIN : rc;
    case RS_NEXT:
        d->u.rec.id++;
        d->u.rec.sub = RS_WINDOW;
        return UMT_AGAIN;
    case RS_FINISH:
        return finish(d, ev);
    default:
        return UMT_DONE;
    }
}

int umt_records(td_umt_decoder *d, td_umt_event *ev)
{
    int rc;
    do
        rc = record_step(d, ev);
    while (rc == UMT_AGAIN);
    return rc;
}
