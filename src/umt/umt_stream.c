/*
 * umt_stream.c - TD_UMT_STREAM: exec.vtable read forward next to
 * exec.offsets, each file only forward, so two pipes can feed it.
 *
 * Technique. One input cursor serves both files: it reads a batch of
 * offsets from exec.offsets (the last one of the previous batch is carried
 * over, so no byte is read twice), then returns to exec.vtable where it
 * stopped and gives the records of the batch, then goes back for more
 * offsets. It only switches files between records, where nothing is staged.
 * Each record's 6-byte header (with the InsID, SyscallID or exit code that
 * follows, when the window holds them) is peeked for the RECORD event; the
 * rest of its window goes out as BYTES fragments straight from the span.
 * The checks are those that need no other file: header version, offsets
 * (Offset[0] after the header, windows of at least 6 bytes), record types,
 * flags and minimal sizes.
 */
#include "umt_internal.h"

#define STREAM_BATCH 5

enum stream_step {
    S_HEADER = 0,
    S_OFFSETS,
    S_SKIP,
    S_RECORD,
    S_DATA,
    S_NEXT,
    S_DONE
};

static int stall(td_umt_decoder *d, uint32_t file, uint64_t at,
                 const char *reason)
{
    if (d->in.waiting)
        return TD_NEED_INPUT;
    return tdi_umt_fail(d, TD_E_TRUNCATED, file, at, reason);
}

static void go_to(td_umt_decoder *d, uint32_t file, uint64_t offset)
{
    if (d->in.source != file)
        tdi_input_seek(&d->in, file, offset);
}

static int header(td_umt_decoder *d)
{
    const uint8_t *p = tdi_input_peek(&d->in, EXEC_HEADER_SIZE);
    int rc;
    if (p == NULL)
        return stall(d, TD_UMT_EXEC_VTABLE, 0,
                     TDI_REASON("exec.vtable is shorter than its header"));
    rc = tdi_umt_exec_header(d, p);
    if (rc != TD_OK)
        return rc;
    tdi_input_take(&d->in, EXEC_HEADER_SIZE);
    d->u.stream.vt_pos = EXEC_HEADER_SIZE;
    return TD_OK;
}

static int check_offset(td_umt_decoder *d, uint64_t v, uint64_t index)
{
    uint8_t n = d->u.stream.off_count;
    if (index == 0 && (umt_negative(v) || v < EXEC_HEADER_SIZE))
        return tdi_umt_fail(d, TD_E_UMT_OFFSETS, TD_UMT_EXEC_OFFSETS, 0,
                        TDI_REASON("Offset[0] points into the exec.vtable "
                                  "header"));
    if (n > 0 &&
        (v < d->u.stream.off[n - 1] ||
         v - d->u.stream.off[n - 1] < RECORD_HEADER_SIZE || umt_negative(v)))
        return tdi_umt_fail(d, TD_E_UMT_OFFSETS, TD_UMT_EXEC_OFFSETS, index * 8,
                        TDI_REASON("Offset[i + 1] is less than 6 bytes after "
                                  "Offset[i]"));
    return TD_OK;
}

/* Offsets from id on, the carried one first, up to a batch or
 * Offset[RecordCount]. */
static int offsets(td_umt_decoder *d)
{
    uint64_t last = d->records;
    go_to(d, TD_UMT_EXEC_OFFSETS, d->u.stream.off_read * 8);
    while (d->u.stream.off_count < STREAM_BATCH &&
           d->u.stream.off_read <= last) {
        uint64_t index = d->u.stream.off_read, v;
        const uint8_t *p = tdi_input_peek(&d->in, 8);
        int rc;
        if (p == NULL)
            return stall(d, TD_UMT_EXEC_OFFSETS, index * 8,
                         TDI_REASON("exec.offsets holds fewer than "
                                   "RecordCount + 1 offsets"));
        v = tdi_le64(p);
        rc = check_offset(d, v, index);
        if (rc != TD_OK)
            return rc;
        tdi_input_take(&d->in, 8);
        d->u.stream.off[d->u.stream.off_count++] = v;
        d->u.stream.off_read++;
    }
    go_to(d, TD_UMT_EXEC_VTABLE, d->u.stream.vt_pos);
    return TD_OK;
}

static int skip_to_first(td_umt_decoder *d)
{
    uint64_t first = d->u.stream.off[0];
    while (tdi_input_tell(&d->in) < first) {
        if (tdi_input_skip(&d->in, first - tdi_input_tell(&d->in)) == 0)
            return stall(d, TD_UMT_EXEC_VTABLE, first,
                         TDI_REASON("exec.vtable ends before Offset[0]"));
    }
    return TD_OK;
}

static int record(td_umt_decoder *d, td_umt_event *ev)
{
    uint64_t k = d->u.stream.id - d->u.stream.off_base;
    uint64_t start = d->u.stream.off[k], end = d->u.stream.off[k + 1];
    uint64_t window = end - start;
    const uint8_t *p = tdi_input_peek(
        &d->in, window < REC_FIXED_SIZE ? (size_t)window
                                              : REC_FIXED_SIZE);
    int rc;
    if (p == NULL)
        return stall(d, TD_UMT_EXEC_VTABLE, start,
                     TDI_REASON("exec.vtable ends inside a record"));
    rc = tdi_umt_check_record(d, p, window, start);
    if (rc != TD_OK)
        return rc;
    tdi_umt_record_event(d, ev, p, start, window);
    ev->eid = (int64_t)d->u.stream.id;
    tdi_input_take(&d->in, RECORD_HEADER_SIZE);
    d->u.stream.start = start;
    d->u.stream.end = end;
    return TD_EVENT;
}

/* The first data bytes may still be staged from the RECORD's peek: they
 * go out first, whole (taking them all leaves the stage as it is). */
static const uint8_t *data_bytes(td_umt_decoder *d, uint64_t max, size_t *len)
{
    const uint8_t *p;
    if (d->in.staged == 0)
        return tdi_input_piece(&d->in, max, len);
    *len = d->in.staged;
    p = tdi_input_peek(&d->in, *len);
    tdi_input_take(&d->in, *len);
    return p;
}

static int data(td_umt_decoder *d, td_umt_event *ev)
{
    uint64_t at = tdi_input_tell(&d->in),
             from = d->u.stream.start + RECORD_HEADER_SIZE;
    size_t len;
    const uint8_t *p;
    if (at == d->u.stream.end)
        return TDI_DONE;
    p = data_bytes(d, d->u.stream.end - at, &len);
    if (p == NULL)
        return stall(d, TD_UMT_EXEC_VTABLE, d->u.stream.start,
                     TDI_REASON("exec.vtable ends inside a record"));
    tdi_umt_event(d, ev, TD_UMT_EV_BYTES, TD_UMT_EXEC_VTABLE, at, len);
    ev->eid = (int64_t)d->u.stream.id;
    ev->bytes.of = TD_UMT_OF_RECORD;
    ev->bytes.data = p;
    ev->bytes.len = len;
    ev->bytes.pos = at - from;
    ev->bytes.total = d->u.stream.end - from;
    if (at + len == d->u.stream.end)
        ev->flags = TD_LAST_FRAGMENT;
    return TD_EVENT;
}

/* After a record: the next one, perhaps after a new batch of offsets. */
static void next_record(td_umt_decoder *d)
{
    uint64_t k;
    d->u.stream.id++;
    k = d->u.stream.id - d->u.stream.off_base;
    if (d->u.stream.id >= d->records) {
        d->u.stream.step = S_DONE;
    } else if (k + 1 < d->u.stream.off_count) {
        d->u.stream.step = S_RECORD;
    } else {
        d->u.stream.vt_pos = tdi_input_tell(&d->in);
        d->u.stream.off[0] = d->u.stream.off[k];
        d->u.stream.off_count = 1;
        d->u.stream.off_base = d->u.stream.id;
        d->u.stream.step = S_OFFSETS;
    }
}

static int stream_step(td_umt_decoder *d, td_umt_event *ev)
{
    int rc;
    switch (d->u.stream.step) {
    case S_HEADER:
        rc = header(d);
        if (rc == TD_OK && d->records == 0)
            d->u.stream.step = S_DONE;
        else if (rc == TD_OK)
            d->u.stream.step = S_OFFSETS;
        return rc == TD_OK ? TDI_AGAIN : rc;
    case S_OFFSETS:
        rc = offsets(d);
        if (rc == TD_OK)
            d->u.stream.step = d->u.stream.id == 0 ? S_SKIP : S_RECORD;
        return rc == TD_OK ? TDI_AGAIN : rc;
    case S_SKIP:
        rc = skip_to_first(d);
        if (rc == TD_OK)
            d->u.stream.step = S_RECORD;
        return rc == TD_OK ? TDI_AGAIN : rc;
    case S_RECORD:
        rc = record(d, ev);
        if (rc == TD_EVENT)
            d->u.stream.step = S_DATA;
        return rc;
    case S_DATA:
        rc = data(d, ev);
        if (rc == TDI_DONE)
            d->u.stream.step = S_NEXT;
        return rc == TDI_DONE ? TDI_AGAIN : rc;
    case S_NEXT:
        next_record(d);
        return TDI_AGAIN;
    default:
        return TDI_DONE;
    }
}

int tdi_umt_stream(td_umt_decoder *d, td_umt_event *ev)
{
    int rc;
    do
        rc = stream_step(d, ev);
    while (rc == TDI_AGAIN);
    return rc;
}
