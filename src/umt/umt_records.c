/*
 * umt_records.c - the execution records in order: exec.offsets gives each
 * record's window in exec.vtable, the record's header its thread, type and
 * flags, and its type what follows (an instruction looked up in ins.itable,
 * a syscall in syscall.vtable, a register context).
 *
 * Technique. Offsets are copied in batches, five without a workspace (one
 * request per four records instead of one each), up to 8192 with one, and
 * checked as they arrive: each window at least 6 bytes and none past
 * Offset[RecordCount], which the open pass found inside exec.vtable. The
 * checks go by groups of four records whatever the batch: before record
 * 4k is read, Offset[4k] to Offset[4k + 4] are checked, so an error among
 * them comes out before anything wrong in record 4k. A batch stops short
 * of a bad offset beyond its first group and leaves it to its own group.
 * With a workspace in VALIDATE, the prev/next pairs of the batch's records
 * are copied next, and each record takes its step on its thread's chain
 * (umt_chains.c) once its header is checked. A record's first 30 bytes (or
 * its whole window when smaller) hold every fixed field of every type, so
 * one read gives the RECORD event; the type's sub-structure then runs its
 * own steps (umt_ins.c, umt_syscall.c, umt_context.c) until it is done.
 * Under TD_UMT_SKIP_INSTRUCTIONS instruction records give no events, their
 * instructions' summaries are kept in the workspace, and the skim
 * (umt_skim.c) takes runs of them in place before each record.
 */
#include "umt_internal.h"

#define INLINE_BATCH 5
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

static bool skipping(const td_umt_decoder *d)
{
    return (d->flags & TD_UMT_SKIP_INSTRUCTIONS) != 0;
}

/* Where the batch of offsets is kept, and how many it may hold. */
static uint64_t *offset_store(td_umt_decoder *d, const umt_space *ws,
                              size_t *cap)
{
    if (ws->offsets != NULL) {
        *cap = (size_t)ws->batch + 1;
        return ws->offsets;
    }
    *cap = INLINE_BATCH;
    return d->u.rec.off;
}

/* The last offset of record id's group: Offset[4k + 4] for id in 4k ..
 * 4k + 3, or Offset[RecordCount]. */
static uint64_t group_last(const td_umt_decoder *d, uint64_t id)
{
    uint64_t last = (id & ~(uint64_t)3) + 4;
    return last < d->records ? last : d->records;
}

/* The first record whose group the offsets in the batch do not cover. */
static uint64_t offsets_end(const td_umt_decoder *d)
{
    uint64_t have = d->u.rec.off_base + d->u.rec.off_count;
    if (have > d->records)
        return d->records;
    return have < 5 ? 0 : ((have - 5) & ~(uint64_t)3) + 4;
}

/* The first record without its prev/next pair in the batch. */
static uint64_t pairs_end(const td_umt_decoder *d, const umt_space *ws)
{
    return ws->chains == NULL ? UINT64_MAX
                              : d->u.rec.off_base + d->u.rec.pair_count;
}

uint64_t tdi_umt_batch_end(const td_umt_decoder *d, const umt_space *ws)
{
    uint64_t offsets = offsets_end(d), pairs = pairs_end(d, ws);
    return offsets < pairs ? offsets : pairs;
}

/* The check of Offset[base + k] = v, NULL when it is sound. */
static const char *offset_fault(const td_umt_decoder *d, const uint64_t *off,
                                size_t k, uint64_t v)
{
    if (k > 0 && (v < off[k - 1] || v - off[k - 1] < RECORD_HEADER_SIZE))
        return TDI_REASON("Offset[i + 1] is less than 6 bytes after "
                         "Offset[i]");
    if (v > d->exec_end)
        return TDI_REASON("Offset[i] lies past Offset[RecordCount]");
    return NULL;
}

/* A new batch of offsets from record g0 on (g0 a multiple of 4). */
static int refill_offsets(td_umt_decoder *d, const umt_space *ws, uint64_t g0)
{
    uint64_t at = g0 * 8, last = group_last(d, g0), n;
    size_t cap, k;
    uint64_t *off = offset_store(d, ws, &cap);
    int rc;
    const uint8_t *p =
        tdi_umt_get(d, TD_UMT_EXEC_OFFSETS, at, (size_t)(last - g0 + 1) * 8,
                TDI_REASON("exec.offsets holds fewer than "
                          "RecordCount + 1 offsets"),
                &rc);
    if (p == NULL)
        return rc;
    n = tdi_umt_span_from(d, at) / 8;
    if (n > cap)
        n = cap;
    if (n > d->records + 1 - g0)
        n = d->records + 1 - g0;
    for (k = 0; k < n; k++) {
        uint64_t v = tdi_le64(p + 8 * k);
        const char *fault = offset_fault(d, off, k, v);
        if (fault != NULL && g0 + k <= last)
            return tdi_umt_fail(d, TD_E_UMT_OFFSETS, TD_UMT_EXEC_OFFSETS,
                            at + 8 * k, fault);
        if (fault != NULL)
            break;
        off[k] = v;
    }
    d->u.rec.off_base = g0;
    d->u.rec.off_count = (uint16_t)k;
    d->u.rec.pair_count = 0;
    return TD_OK;
}

/* The pairs of the batch's records, through record id at least (id is
 * in the batch's first group). */
static int refill_pairs(td_umt_decoder *d, const umt_space *ws, uint64_t id)
{
    uint64_t base = d->u.rec.off_base, at = base * 16, n, k;
    int rc;
    const uint8_t *p =
        tdi_umt_get(d, TD_UMT_EXEC_PREV_NEXT, at, (size_t)(id - base + 1) * 16,
                TDI_REASON("exec.prev_next.column holds fewer than "
                          "RecordCount pairs"),
                &rc);
    if (p == NULL)
        return rc;
    n = tdi_umt_span_from(d, at) / 16;
    if (n > ws->batch)
        n = ws->batch;
    if (n > d->records - base)
        n = d->records - base;
    for (k = 0; k < 2 * n; k++)
        ws->pairs[k] = tdi_le64(p + 8 * k);
    d->u.rec.pair_count = (uint16_t)n;
    return TD_OK;
}

static int window(td_umt_decoder *d, const umt_space *ws)
{
    uint64_t id = d->u.rec.id, g0 = id & ~(uint64_t)3, k;
    size_t cap;
    const uint64_t *off;
    int rc;
    /* The pairs share the offsets' base, which must then be id's group. */
    if (id >= offsets_end(d) ||
        (id >= pairs_end(d, ws) && d->u.rec.off_base != g0)) {
        rc = refill_offsets(d, ws, g0);
        if (rc != TD_OK)
            return rc;
    }
    if (id >= pairs_end(d, ws)) {
        rc = refill_pairs(d, ws, id);
        if (rc != TD_OK)
            return rc;
    }
    off = offset_store(d, ws, &cap);
    k = id - d->u.rec.off_base;
    d->u.rec.start = off[k];
    d->u.rec.end = off[k + 1];
    return TD_OK;
}

/* References to other tables in the record's fixed fields, read into
 * its RECORD event. */
static int check_references(td_umt_decoder *d, const td_umt_event *ev)
{
    uint64_t at = d->u.rec.start, ref = (uint64_t)ev->record.ref;
    int type = ev->record.type;
    if ((uint32_t)ev->record.thread >= d->thread_rows)
        return tdi_umt_fail(d, TD_E_UMT_REFERENCE, TD_UMT_EXEC_VTABLE,
                        at + REC_THREAD,
                        TDI_REASON("ThreadID is not a row of thread.itable"));
    if (type == TD_UMT_INSTRUCTION && ref >= d->ins_rows)
        return tdi_umt_fail(d, TD_E_UMT_REFERENCE, TD_UMT_EXEC_VTABLE,
                        at + REC_REF,
                        TDI_REASON("InsID is not a row of ins.itable"));
    if ((type == TD_UMT_SYSCALL_ENTRY || type == TD_UMT_SYSCALL_SKIPPED) &&
        ref >= d->syscall_rows)
        return tdi_umt_fail(d, TD_E_UMT_REFERENCE, TD_UMT_EXEC_VTABLE,
                        at + REC_REF,
                        TDI_REASON("SyscallID is not a syscall record"));
    if (type == TD_UMT_SYSCALL_EXIT && !umt_id_or_none(ref, d->syscall_rows))
        return tdi_umt_fail(d, TD_E_UMT_REFERENCE, TD_UMT_EXEC_VTABLE,
                        at + REC_REF,
                        TDI_REASON("SyscallID is neither -1 nor a syscall "
                                  "record"));
    if (type == TD_UMT_APPLICATION_END && d->u.rec.id + 1 != d->records)
        return tdi_umt_fail(d, TD_E_UMT_SEQUENCE, TD_UMT_EXEC_VTABLE, at,
                        TDI_REASON("an application end record is not the "
                                  "last record"));
    return TD_OK;
}

/* What follows the RECORD event. */
static void plan(td_umt_decoder *d, const td_umt_event *ev)
{
    int type = ev->record.type;
    uint64_t ref = (uint64_t)ev->record.ref;
    d->u.rec.type = ev->record.type;
    d->u.rec.flags = ev->record.flags;
    d->u.rec.ctx_step = 0;
    d->u.rec.ctx_at =
        d->u.rec.start + RECORD_HEADER_SIZE +
        (type == TD_UMT_SYSCALL_ENTRY || type == TD_UMT_SYSCALL_EXIT ? 8 : 0);
    d->app_end = type == TD_UMT_APPLICATION_END;
    if (type == TD_UMT_INSTRUCTION) {
        tdi_umt_ins_begin(&d->u.rec.k.ins, ref);
        d->u.rec.sub = RS_INSTRUCTION;
    } else if (type >= TD_UMT_SYSCALL_ENTRY &&
               type <= TD_UMT_SYSCALL_SKIPPED && ref != UMT_NONE) {
        tdi_umt_sys_begin(&d->u.rec.k.sys, ref);
        d->u.rec.sub = RS_SYSCALL;
    } else if (tdi_umt_type_has_context(type)) {
        d->u.rec.sub = RS_CONTEXT;
    } else {
        d->u.rec.sub = RS_NEXT;
    }
}

/* The record's step on its thread's chain, when chains are followed. */
static void follow_chain(const td_umt_decoder *d, const umt_space *ws,
                         const td_umt_event *ev)
{
    if (ws->chains != NULL)
        tdi_umt_chain_note(d, ws, d->u.rec.id, (uint32_t)ev->record.thread,
                           ev->record.type,
                           ws->pairs + 2 * (d->u.rec.id - d->u.rec.off_base));
}

/* The record's first bytes, read into its RECORD event (handed out unless
 * it is an instruction skipped under TD_UMT_SKIP_INSTRUCTIONS). */
static int header(td_umt_decoder *d, const umt_space *ws, td_umt_event *ev)
{
    uint64_t size = d->u.rec.end - d->u.rec.start;
    int rc;
    const uint8_t *p =
        tdi_umt_get(d, TD_UMT_EXEC_VTABLE, d->u.rec.start,
                size < HEAD_READ ? (size_t)size : HEAD_READ,
                TDI_REASON("exec.vtable ends inside a record"), &rc);
    if (p == NULL)
        return rc;
    rc = tdi_umt_check_record(d, p, size, d->u.rec.start);
    if (rc != TD_OK)
        return rc;
    tdi_umt_record_event(d, ev, p, d->u.rec.start, size);
    rc = check_references(d, ev);
    if (rc != TD_OK)
        return rc;
    follow_chain(d, ws, ev);
    plan(d, ev);
    if (ev->record.type == TD_UMT_INSTRUCTION && skipping(d))
        return TDI_AGAIN;
    return TD_EVENT;
}

static int instruction(td_umt_decoder *d, const umt_space *ws,
                       td_umt_event *ev)
{
    umt_ins_context c;
    int rc;
    c.record = true;
    c.quiet = skipping(d);
    c.cache = skipping(d) && ws->summaries != NULL ? ws : NULL;
    c.lc_at = d->u.rec.start + REC_FIXED_SIZE;
    c.window = d->u.rec.end - d->u.rec.start;
    c.flags = d->u.rec.flags;
    c.report = d->u.rec.start;
    rc = tdi_umt_ins_step(d, &d->u.rec.k.ins, &d->u.rec.slot, &c, ev);
    if (rc == TDI_DONE)
        d->u.rec.sub = RS_NEXT;
    return rc == TDI_DONE ? TDI_AGAIN : rc;
}

static int syscall(td_umt_decoder *d, td_umt_event *ev)
{
    int rc = tdi_umt_sys_step(d, &d->u.rec.k.sys, d->u.rec.id, d->u.rec.type, ev);
    if (rc == TDI_DONE)
        d->u.rec.sub =
            tdi_umt_type_has_context(d->u.rec.type) ? RS_CONTEXT : RS_NEXT;
    return rc == TDI_DONE ? TDI_AGAIN : rc;
}

static int finish(td_umt_decoder *d, td_umt_event *ev)
{
    d->u.rec.sub = RS_DONE;
    if (d->app_end)
        return TDI_DONE;
    tdi_umt_event(d, ev, TD_UMT_EV_WARNING, TD_UMT_EXEC_VTABLE, d->exec_end, 0);
    ev->eid = -1;
    ev->warning.code = TD_W_UMT_NO_APPLICATION_END;
    ev->warning.reason = tdi_warning_reason(TD_W_UMT_NO_APPLICATION_END);
    return TD_EVENT;
}

static int record_step(td_umt_decoder *d, const umt_space *ws,
                       td_umt_event *ev)
{
    int rc;
    switch (d->u.rec.sub) {
    case RS_WINDOW:
        if (skipping(d))
            tdi_umt_skim(d, ws);
        if (d->u.rec.id >= d->records) {
            d->u.rec.sub = RS_FINISH;
            return TDI_AGAIN;
        }
        rc = window(d, ws);
        if (rc == TD_OK)
            d->u.rec.sub = RS_HEADER;
        return rc == TD_OK ? TDI_AGAIN : rc;
    case RS_HEADER:
        return header(d, ws, ev);
    case RS_INSTRUCTION:
        return instruction(d, ws, ev);
    case RS_SYSCALL:
        return syscall(d, ev);
    case RS_CONTEXT:
        rc = tdi_umt_context_step(d, ev);
        if (rc == TDI_DONE)
            d->u.rec.sub = RS_NEXT;
        return rc == TDI_DONE ? TDI_AGAIN : rc;
    case RS_NEXT:
        d->u.rec.id++;
        d->u.rec.sub = RS_WINDOW;
        return TDI_AGAIN;
    case RS_FINISH:
        return finish(d, ev);
    default:
        return TDI_DONE;
    }
}

int tdi_umt_records(td_umt_decoder *d, td_umt_event *ev)
{
    const umt_space *ws = tdi_umt_space_of(d);
    int rc;
    do
        rc = record_step(d, ws, ev);
    while (rc == TDI_AGAIN);
    return rc;
}
