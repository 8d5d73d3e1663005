/*
 * umt_syscall.c - syscall records: the (Offset, Size) pair in
 * syscall.offsets, the 64-byte syscallRec and its arguments inside that
 * window, and the execution records they name.
 *
 * Technique. One place per step (umt_internal.h): the pair, the window's
 * last byte, the record (checked and reported), each argument, and, when
 * validating the table, the entry record at BeginEID and the exit record at
 * EndEID (their windows from exec.offsets, then their first bytes), which
 * must be of the right type and name this syscall. An execution record
 * that names a syscall is checked from the other side in tdi_umt_sys_step's
 * record checks (BeginEID or EndEID must be that record).
 */
#include "umt_internal.h"

enum sys_step {
    Y_PAIR = 0,
    Y_END,
    Y_RECORD,
    Y_ARGS,
    Y_BEGIN_WINDOW,
    Y_BEGIN_RECORD,
    Y_END_WINDOW,
    Y_END_RECORD,
    Y_DONE
};

void tdi_umt_sys_begin(td_umt_sys_state *s, uint64_t id)
{
    memset(s, 0, sizeof *s);
    s->id = id;
}

static int pair(td_umt_decoder *d, td_umt_sys_state *s)
{
    uint64_t at = s->id * 16;
    int rc;
    const uint8_t *p = tdi_umt_get(d, TD_UMT_SYSCALL_OFFSETS, at, 16,
                               TDI_REASON("syscall.offsets holds fewer than "
                                         "RecordCount pairs"),
                               &rc);
    if (p == NULL)
        return rc;
    s->at = tdi_le64(p);
    s->size = tdi_le64(p + 8);
    if (umt_negative(s->at) || s->at < EXEC_HEADER_SIZE)
        return tdi_umt_fail(d, TD_E_UMT_OFFSETS, TD_UMT_SYSCALL_OFFSETS, at,
                        TDI_REASON("syscall record offset points into the "
                                  "syscall.vtable header"));
    if (umt_negative(s->size) || s->size < SYSCALL_ROW_SIZE)
        return tdi_umt_fail(d, TD_E_UMT_RECORD_SIZE, TD_UMT_SYSCALL_OFFSETS,
                        at + 8,
                        TDI_REASON("syscall record size is below 64 bytes"));
    if (!umt_fits(s->at, s->size, UINT64_MAX >> 1))
        return tdi_umt_fail(d, TD_E_UMT_OFFSETS, TD_UMT_SYSCALL_OFFSETS, at,
                        TDI_REASON("syscall record window does not fit in a "
                                  "file"));
    return TD_OK;
}

static bool knows_records(const td_umt_decoder *d)
{
    return d->mode == TD_UMT_DECODE || d->mode == TD_UMT_VALIDATE;
}

/* The record, read into its SYSCALL event. */
static int check_fields(td_umt_decoder *d, const td_umt_sys_state *s,
                        const td_umt_event *ev)
{
    uint64_t limit = knows_records(d) ? d->records : UINT64_MAX >> 1;
    uint64_t begin = (uint64_t)ev->syscall.begin_eid;
    uint64_t end = (uint64_t)ev->syscall.end_eid;
    uint64_t args = ev->syscall.args_offset - s->at;
    uint64_t extras = ev->syscall.extras_offset - s->at;
    if (ev->syscall.convention > 5)
        return tdi_umt_fail(d, TD_E_UMT_ROW, TD_UMT_SYSCALL_VTABLE,
                        s->at + SYS_CONVENTION,
                        TDI_REASON("Convention is not 0..5"));
    if (ev->syscall.completed > 1)
        return tdi_umt_fail(d, TD_E_UMT_ROW, TD_UMT_SYSCALL_VTABLE,
                        s->at + SYS_COMPLETED,
                        TDI_REASON("Completed is neither 0 nor 1"));
    if (begin >= limit)
        return tdi_umt_fail(d, TD_E_UMT_REFERENCE, TD_UMT_SYSCALL_VTABLE,
                        s->at + SYS_BEGIN_EID,
                        TDI_REASON("BeginEID is not an execution record"));
    if (end != UMT_NONE && (end >= limit || end <= begin))
        return tdi_umt_fail(d, TD_E_UMT_REFERENCE, TD_UMT_SYSCALL_VTABLE,
                        s->at + SYS_END_EID,
                        TDI_REASON("EndEID is neither -1 nor a record after "
                                  "BeginEID"));
    if (ev->syscall.completed == 1 && end == UMT_NONE)
        return tdi_umt_fail(d, TD_E_UMT_SYSCALL, TD_UMT_SYSCALL_VTABLE,
                        s->at + SYS_COMPLETED,
                        TDI_REASON("a completed syscall has no EndEID"));
    if (ev->syscall.arg_count > 0 &&
        (args < SYSCALL_ROW_SIZE ||
         !umt_fits(args, (uint64_t)ev->syscall.arg_count * 8, s->size)))
        return tdi_umt_fail(d, TD_E_UMT_POINTER, TD_UMT_SYSCALL_VTABLE,
                        s->at + SYS_ARGS_FP,
                        TDI_REASON("ArgsFP array lies outside the record"));
    if (ev->syscall.extra_count > 0 &&
        (extras < SYSCALL_ROW_SIZE || extras >= s->size))
        return tdi_umt_fail(d, TD_E_UMT_POINTER, TD_UMT_SYSCALL_VTABLE,
                        s->at + SYS_EXTRAS_FP,
                        TDI_REASON("ExtrasFP lies outside the record"));
    return TD_OK;
}

/* An execution record names this syscall: it must be its entry or exit. */
static int check_named_by(td_umt_decoder *d, const td_umt_sys_state *s,
                          uint64_t eid, int type)
{
    if (type == TD_UMT_SYSCALL_ENTRY && s->begin != eid)
        return tdi_umt_fail(d, TD_E_UMT_SYSCALL, TD_UMT_SYSCALL_VTABLE,
                        s->at + SYS_BEGIN_EID,
                        TDI_REASON("BeginEID is not the entry record that "
                                  "names this syscall"));
    if (type != TD_UMT_SYSCALL_ENTRY && s->end != eid)
        return tdi_umt_fail(d, TD_E_UMT_SYSCALL, TD_UMT_SYSCALL_VTABLE,
                        s->at + SYS_END_EID,
                        TDI_REASON("EndEID is not the exit record that names "
                                  "this syscall"));
    if (type != TD_UMT_SYSCALL_ENTRY &&
        s->completed != (type == TD_UMT_SYSCALL_EXIT))
        return tdi_umt_fail(d, TD_E_UMT_SYSCALL, TD_UMT_SYSCALL_VTABLE,
                        s->at + SYS_COMPLETED,
                        TDI_REASON("Completed disagrees with the kind of exit "
                                  "record"));
    return TD_OK;
}

/* The record, read into its SYSCALL event and checked there. */
static int record(td_umt_decoder *d, td_umt_sys_state *s, uint64_t eid,
                  int type, td_umt_event *ev)
{
    int rc;
    const uint8_t *p =
        tdi_umt_get(d, TD_UMT_SYSCALL_VTABLE, s->at, SYSCALL_ROW_SIZE,
                TDI_REASON("syscall.vtable ends inside a "
                          "record"),
                &rc);
    if (p == NULL)
        return rc;
    tdi_umt_event(d, ev, TD_UMT_EV_SYSCALL, TD_UMT_SYSCALL_VTABLE, s->at,
                  s->size);
    ev->syscall.id = (int64_t)s->id;
    umt_read_syscall(p, s->at, ev);
    s->begin = (uint64_t)ev->syscall.begin_eid;
    s->end = (uint64_t)ev->syscall.end_eid;
    s->completed = ev->syscall.completed;
    rc = check_fields(d, s, ev);
    if (rc == TD_OK && eid != UMT_NONE)
        rc = check_named_by(d, s, eid, type);
    if (rc != TD_OK)
        return rc;
    s->arg_count = ev->syscall.arg_count;
    s->args_at = ev->syscall.args_offset;
    return TD_EVENT;
}

static int argument(td_umt_decoder *d, td_umt_sys_state *s, td_umt_event *ev)
{
    uint64_t at = s->args_at + (uint64_t)s->arg * 8;
    int rc;
    const uint8_t *p = tdi_umt_get(d, TD_UMT_SYSCALL_VTABLE, at, 8,
                               TDI_REASON("syscall.vtable ends inside a "
                                         "record"),
                               &rc);
    if (p == NULL)
        return rc;
    tdi_umt_event(d, ev, TD_UMT_EV_SYSCALL_ARG, TD_UMT_SYSCALL_VTABLE, at, 8);
    ev->arg.index = s->arg;
    ev->arg.value = tdi_le64(p);
    s->arg++;
    return TD_EVENT;
}

/* ---- The records a table row names (VALIDATE) ----------------------- */

static int window(td_umt_decoder *d, td_umt_sys_state *s, uint64_t eid)
{
    int rc;
    const uint8_t *p = tdi_umt_get(d, TD_UMT_EXEC_OFFSETS, eid * 8, 16,
                               TDI_REASON("exec.offsets holds fewer than "
                                         "RecordCount + 1 offsets"),
                               &rc);
    if (p == NULL)
        return rc;
    s->rec_at = tdi_le64(p);
    s->rec_end = tdi_le64(p + 8);
    if (s->rec_at < EXEC_HEADER_SIZE || s->rec_end > d->exec_end ||
        s->rec_end < s->rec_at || s->rec_end - s->rec_at < RECORD_HEADER_SIZE)
        return tdi_umt_fail(d, TD_E_UMT_OFFSETS, TD_UMT_EXEC_OFFSETS, eid * 8,
                        TDI_REASON("record window is under 6 bytes or "
                                  "outside exec.vtable"));
    return TD_OK;
}

static int names_this(td_umt_decoder *d, td_umt_sys_state *s, bool entry)
{
    uint64_t window_size = s->rec_end - s->rec_at;
    uint64_t field = s->at + (entry ? SYS_BEGIN_EID : SYS_END_EID);
    int rc, want = entry          ? TD_UMT_SYSCALL_ENTRY
                   : s->completed ? TD_UMT_SYSCALL_EXIT
                                  : TD_UMT_SYSCALL_SKIPPED;
    const uint8_t *p =
        tdi_umt_get(d, TD_UMT_EXEC_VTABLE, s->rec_at,
                window_size < REC_FIXED_SIZE ? (size_t)window_size
                                             : REC_FIXED_SIZE,
                TDI_REASON("exec.vtable ends inside a record"), &rc);
    if (p == NULL)
        return rc;
    if (p[REC_TYPE] != want || window_size < REC_FIXED_SIZE ||
        tdi_le64(p + REC_REF) != s->id)
        return tdi_umt_fail(d, TD_E_UMT_SYSCALL, TD_UMT_SYSCALL_VTABLE, field,
                        entry ? TDI_REASON("the record at BeginEID is not a "
                                          "syscall entry naming this "
                                          "syscall")
                              : TDI_REASON("the record at EndEID is not the "
                                          "exit (or skipped exit, when not "
                                          "Completed) naming this syscall"));
    return TD_OK;
}

static int cross_step(td_umt_decoder *d, td_umt_sys_state *s)
{
    switch (s->step) {
    case Y_BEGIN_WINDOW:
        return window(d, s, s->begin);
    case Y_BEGIN_RECORD:
        return names_this(d, s, true);
    case Y_END_WINDOW:
        return s->end == UMT_NONE ? TD_OK : window(d, s, s->end);
    default:
        return s->end == UMT_NONE ? TD_OK : names_this(d, s, false);
    }
}

int tdi_umt_sys_step(td_umt_decoder *d, td_umt_sys_state *s, uint64_t eid,
                 int type, td_umt_event *ev)
{
    int rc;
    switch (s->step) {
    case Y_PAIR:
        rc = pair(d, s);
        break;
    case Y_END:
        rc = tdi_umt_need_end(d, TD_UMT_SYSCALL_VTABLE, s->at + s->size, s->at,
                          TDI_REASON("syscall record window runs past the "
                                    "end of syscall.vtable"));
        break;
    case Y_RECORD:
        rc = record(d, s, eid, type, ev);
        if (rc == TD_EVENT)
            s->step++;
        return rc;
    case Y_ARGS:
        if (s->arg < s->arg_count && (d->flags & TD_UMT_NO_PAYLOADS) == 0)
            return argument(d, s, ev);
        rc = TD_OK;
        if (eid != UMT_NONE || d->mode != TD_UMT_VALIDATE)
            s->step = Y_DONE - 1;
        break;
    case Y_DONE:
        return TDI_DONE;
    default:
        rc = cross_step(d, s);
        break;
    }
    if (rc != TD_OK)
        return rc;
    s->step++;
    return TDI_AGAIN;
}
