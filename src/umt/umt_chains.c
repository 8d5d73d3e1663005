/*
 * umt_chains.c - each thread's chain of records (VALIDATE, after the
 * records themselves have been checked in order).
 *
 * For every thread row, start at FirstEID and follow Next through
 * exec.prev_next.column: each record's Prev must be the record before it
 * on the chain (-1 for the first), its Next -1 or a later record, its
 * ThreadID the thread's; a thread begin may only come first and a thread
 * end only last. The chain must end at LastEID (or, with LastEID -1, not
 * with a thread end) after exactly RecCount records, and the RecCounts of
 * all threads must add up to RecordCount, so every record lies on exactly
 * one chain.
 *
 * Technique. The walk needs O(1) memory: one thread at a time, one record
 * at a time, three places per record (its prev/next pair, its offset, its
 * header). Next must grow and the count may not pass RecCount, so no cycle
 * can run for ever. With a workspace that holds a state per thread, the
 * walks are mostly done before this pass: since Next grows, every walk
 * visits its records in file order, so the record pass, which reads the
 * records in that order anyway, takes each walk's steps as it meets them
 * (tdi_umt_chain_note). A step that would fail is not taken, and no error is
 * reported there: the walk stops at that record, and this pass goes on
 * from where each walk stopped, in thread order, reporting the first
 * failure exactly as a walk from FirstEID would.
 */
#include "umt_internal.h"

enum chain_step {
    W_HEADER = 0,
    W_ROW,
    W_LINKS,
    W_WINDOW,
    W_RECORD,
    W_WARNING,
    W_NEXT_THREAD,
    W_SUM
};

static uint64_t row_at(const td_umt_decoder *d)
{
    return d->u.chain.table + d->u.chain.thread * d->u.chain.row_size;
}

static int thread_fail(td_umt_decoder *d, uint64_t field, const char *reason)
{
    return tdi_umt_fail(d, TD_E_UMT_THREAD, TD_UMT_THREAD_ITABLE,
                    row_at(d) + field, reason);
}

static int header(td_umt_decoder *d)
{
    umt_table_header h;
    int rc = tdi_umt_table_header_read(d, TD_UMT_THREAD_ITABLE, TABLE_HEADER_SIZE,
                                   THREAD_ROW_SIZE, &h);
    if (rc != TD_OK)
        return rc;
    d->u.chain.table = h.table;
    d->u.chain.row_size = h.row_size;
    return TD_OK;
}

void tdi_umt_chain_seed(const umt_space *ws, uint64_t thread, uint64_t first)
{
    umt_chain_state *s = &ws->chains[thread];
    s->eid = first;
    s->prev = UMT_NONE;
    s->count = 0;
    s->ended = 0;
    s->end_type = 0;
}

void tdi_umt_chain_note(const td_umt_decoder *d, const umt_space *ws, uint64_t eid,
                    uint32_t thread, int type, const uint64_t *pair)
{
    umt_chain_state *s = &ws->chains[thread];
    uint64_t next = pair[1];
    if (s->ended || s->eid != eid || pair[0] != s->prev ||
        (next != UMT_NONE && (next <= eid || next >= d->records)) ||
        (type == TD_UMT_THREAD_BEGIN && s->prev != UMT_NONE) ||
        (type == TD_UMT_THREAD_END && next != UMT_NONE))
        return;
    s->count++;
    if (next == UMT_NONE) {
        s->ended = 1;
        s->end_type = (uint8_t)type;
        return;
    }
    s->prev = eid;
    s->eid = next;
}

static int row(td_umt_decoder *d)
{
    umt_thread_row t;
    int rc;
    const uint8_t *p =
        tdi_umt_get(d, TD_UMT_THREAD_ITABLE, row_at(d), THREAD_ROW_SIZE,
                TDI_REASON("thread.itable ends inside a row"), &rc);
    if (p == NULL)
        return rc;
    umt_read_thread_row(p, &t);
    d->u.chain.first = t.first;
    d->u.chain.last = t.last;
    d->u.chain.rec_count = t.count;
    d->u.chain.eid = d->u.chain.first;
    d->u.chain.prev = UMT_NONE;
    d->u.chain.count = 0;
    return TD_OK;
}

static int links(td_umt_decoder *d)
{
    uint64_t at = d->u.chain.eid * 16, next;
    int rc;
    const uint8_t *p = tdi_umt_get(d, TD_UMT_EXEC_PREV_NEXT, at, 16,
                               TDI_REASON("exec.prev_next.column holds fewer "
                                         "than RecordCount pairs"),
                               &rc);
    if (p == NULL)
        return rc;
    next = tdi_le64(p + 8);
    if (tdi_le64(p) != d->u.chain.prev)
        return tdi_umt_fail(d, TD_E_UMT_PREV_NEXT, TD_UMT_EXEC_PREV_NEXT, at,
                        TDI_REASON("Prev is not the record before it on its "
                                  "thread's chain"));
    if (next != UMT_NONE && (next <= d->u.chain.eid || next >= d->records))
        return tdi_umt_fail(d, TD_E_UMT_PREV_NEXT, TD_UMT_EXEC_PREV_NEXT, at + 8,
                        TDI_REASON("Next is neither -1 nor a later record"));
    d->u.chain.next = next;
    return TD_OK;
}

static int window(td_umt_decoder *d)
{
    int rc;
    const uint8_t *p = tdi_umt_get(d, TD_UMT_EXEC_OFFSETS, d->u.chain.eid * 8, 8,
                               TDI_REASON("exec.offsets holds fewer than "
                                         "RecordCount + 1 offsets"),
                               &rc);
    if (p == NULL)
        return rc;
    d->u.chain.vt_at = tdi_le64(p);
    return TD_OK;
}

static int too_many(td_umt_decoder *d)
{
    return thread_fail(d, THREAD_REC_COUNT,
                       TDI_REASON("the thread's chain holds more records "
                                 "than RecCount"));
}

/* The chain's last record: where it ends and how many it held. */
static int chain_end(td_umt_decoder *d, int type)
{
    if (d->u.chain.last != UMT_NONE && d->u.chain.eid != d->u.chain.last)
        return thread_fail(d, THREAD_LAST_EID,
                           TDI_REASON("the thread's chain does not end "
                                     "at LastEID"));
    if (d->u.chain.last == UMT_NONE && type == TD_UMT_THREAD_END)
        return thread_fail(d, THREAD_LAST_EID,
                           TDI_REASON("LastEID is -1 but the chain "
                                     "ends with a thread end"));
    if (d->u.chain.count != d->u.chain.rec_count)
        return thread_fail(d, THREAD_REC_COUNT,
                           TDI_REASON("RecCount is not the number of "
                                     "records on the thread's "
                                     "chain"));
    d->u.chain.sum += d->u.chain.count;
    if (d->u.chain.sum > d->records)
        return thread_fail(d, THREAD_REC_COUNT,
                           TDI_REASON("the threads' RecCounts add up "
                                     "to more than RecordCount"));
    return TD_OK;
}

static int record(td_umt_decoder *d)
{
    uint64_t at = d->u.chain.vt_at;
    int rc, type;
    const uint8_t *p =
        tdi_umt_get(d, TD_UMT_EXEC_VTABLE, at, REC_TYPE + 1,
                TDI_REASON("exec.vtable ends inside a record"), &rc);
    if (p == NULL)
        return rc;
    type = p[REC_TYPE];
    if (tdi_le32(p + REC_THREAD) != d->u.chain.thread)
        return tdi_umt_fail(d, TD_E_UMT_THREAD, TD_UMT_EXEC_VTABLE, at,
                        TDI_REASON("a record on the thread's chain has "
                                  "another ThreadID"));
    if (type == TD_UMT_THREAD_BEGIN && d->u.chain.prev != UMT_NONE)
        return tdi_umt_fail(d, TD_E_UMT_SEQUENCE, TD_UMT_EXEC_VTABLE,
                        at + REC_TYPE,
                        TDI_REASON("a thread begin record is not its "
                                  "thread's first"));
    if (type == TD_UMT_THREAD_END && d->u.chain.next != UMT_NONE)
        return tdi_umt_fail(d, TD_E_UMT_SEQUENCE, TD_UMT_EXEC_VTABLE,
                        at + REC_TYPE,
                        TDI_REASON("a thread end record is not its thread's "
                                  "last"));
    if (++d->u.chain.count > d->u.chain.rec_count)
        return too_many(d);
    if (d->u.chain.next == UMT_NONE)
        return chain_end(d, type) == TD_OK ? TDI_DONE : d->fault.code;
    d->u.chain.prev = d->u.chain.eid;
    d->u.chain.eid = d->u.chain.next;
    return TD_OK;
}

/* Where the record pass left the thread's walk: TDI_DONE when it ended,
 * TD_OK when it goes on from there. */
static int followed(td_umt_decoder *d)
{
    const umt_space *ws = tdi_umt_space_of(d);
    const umt_chain_state *s;
    if (ws->chains == NULL)
        return TD_OK;
    s = &ws->chains[d->u.chain.thread];
    d->u.chain.eid = s->eid;
    d->u.chain.prev = s->prev;
    d->u.chain.count = s->count;
    if (s->count > d->u.chain.rec_count)
        return too_many(d);
    if (!s->ended)
        return TD_OK;
    return chain_end(d, s->end_type) == TD_OK ? TDI_DONE : d->fault.code;
}

static int chain_event(td_umt_decoder *d, td_umt_event *ev)
{
    tdi_umt_event(d, ev, TD_UMT_EV_CHAIN, TD_UMT_THREAD_ITABLE, row_at(d),
              d->u.chain.row_size);
    ev->chain.thread = (int32_t)d->u.chain.thread;
    ev->chain.first_eid = (int64_t)d->u.chain.first;
    ev->chain.last_eid = (int64_t)d->u.chain.last;
    ev->chain.count = d->u.chain.count;
    d->u.chain.step = d->u.chain.last == UMT_NONE ? W_WARNING : W_NEXT_THREAD;
    return TD_EVENT;
}

static int warning(td_umt_decoder *d, td_umt_event *ev)
{
    tdi_umt_event(d, ev, TD_UMT_EV_WARNING, TD_UMT_THREAD_ITABLE,
              row_at(d) + THREAD_LAST_EID, 8);
    ev->warning.code = TD_W_UMT_THREAD_INTERRUPTED;
    ev->warning.reason = tdi_warning_reason(TD_W_UMT_THREAD_INTERRUPTED);
    d->u.chain.step = W_NEXT_THREAD;
    return TD_EVENT;
}

static int sum(td_umt_decoder *d)
{
    if (d->u.chain.sum != d->records)
        return tdi_umt_fail(d, TD_E_UMT_THREAD, TD_UMT_THREAD_ITABLE,
                        d->u.chain.table,
                        TDI_REASON("the threads' RecCounts do not add up to "
                                  "RecordCount"));
    return TDI_DONE;
}

static int chain_step(td_umt_decoder *d, td_umt_event *ev)
{
    int rc;
    switch (d->u.chain.step) {
    case W_HEADER:
        rc = header(d);
        break;
    case W_ROW:
        if (d->u.chain.thread >= d->thread_rows) {
            d->u.chain.step = W_SUM;
            return TDI_AGAIN;
        }
        rc = row(d);
        if (rc == TD_OK)
            rc = followed(d);
        if (rc == TDI_DONE)
            return chain_event(d, ev);
        break;
    case W_LINKS:
        rc = links(d);
        break;
    case W_WINDOW:
        rc = window(d);
        break;
    case W_RECORD:
        rc = record(d);
        if (rc == TDI_DONE)
            return chain_event(d, ev);
        if (rc == TD_OK)
            d->u.chain.step = W_LINKS;
        return rc == TD_OK ? TDI_AGAIN : rc;
    case W_WARNING:
        return warning(d, ev);
    case W_NEXT_THREAD:
        d->u.chain.thread++;
        d->u.chain.step = W_ROW;
        return TDI_AGAIN;
    default:
        return sum(d);
    }
    if (rc != TD_OK)
        return rc;
    d->u.chain.step++;
    return TDI_AGAIN;
}

int tdi_umt_chains(td_umt_decoder *d, td_umt_event *ev)
{
    int rc;
    do
        rc = chain_step(d, ev);
    while (rc == TDI_AGAIN);
    return rc;
}
