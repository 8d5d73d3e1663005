/*
 * xray_range.c - ranges of whole FDR buffers, or of basic-mode records,
 * decoded apart and merged in file order (the contract is in
 * <tracedec/xray.h>): where a buffer ends, where a range decoder starts,
 * and the speculating call matcher with its merge into the master's.
 *
 * Technique. A speculating matcher keeps, per thread, the frames opened in
 * the range at the bottom of the thread's frame array, and the function
 * ids of the exits it assumed to close frames opened before the range
 * ("popped") at its top, innermost first. It also keeps the thread's rise:
 * the most its depth went above the range's start (depth in the range
 * minus exits popped). Merging holds when, for each thread, the master's
 * innermost open frames are the popped ids in that order, and the
 * master's depth plus the rise stays within max_depth (so every frame was
 * recorded, and no depth-limit warning was due). Then every exit matched
 * where one decoder would have matched it, and the master's stack becomes
 * its part left after the popped frames, with the range's open frames on
 * top. Threads new to the master join it in the order they first came in
 * the range, so its slots are those one decoder would have filled.
 */
#include "xray_internal.h"

/* The 16 bytes a BufferExtents record of this byte order begins with. */
static bool is_extents(const td_xray_event *header, const uint8_t *p)
{
    unsigned kind = XK_EXTENTS;
    return header->header.big_endian ? p[0] == (0x80u | kind)
                                     : p[0] == (kind << 1 | 1u);
}

size_t td_xray_range_calls_size(uint32_t max_threads, uint32_t max_depth)
{
    size_t plain = td_xray_calls_size(max_threads, max_depth);
    size_t more = (size_t)max_threads * 12;
    return plain == 0 || more > (size_t)-1 - plain ? 0 : plain + more;
}

bool td_xray_buffer_end(const td_xray_event *header, uint64_t offset,
                        const uint8_t *first, uint64_t *end)
{
    uint64_t size;
    if (header == NULL || end == NULL ||
        header->kind != TD_XRAY_EV_HEADER ||
        header->header.mode != TD_XRAY_MODE_FDR)
        return false;
    if (header->header.version == 1) {
        size = header->header.buffer_size;
    } else {
        if (first == NULL || !is_extents(header, first))
            return false;
        size = tdi_load64(first + 1, header->header.big_endian);
        if (size > UINT64_MAX - XRAY_METADATA_SIZE)
            return false;
        size += XRAY_METADATA_SIZE;
    }
    if (size == 0 || size > UINT64_MAX - offset)
        return false;
    *end = offset + size;
    return true;
}

/* A basic-mode record boundary. */
static bool on_record(uint64_t offset)
{
    return (offset - XRAY_HEADER_SIZE) % XRAY_BASIC_SIZE == 0;
}

int td_xray_start_range(td_xray_decoder *d, const td_xray_event *header,
                        uint64_t start, uint64_t end, uint32_t flags)
{
    td_xray_calls calls;
    uint32_t config_flags;
    if (d == NULL || header == NULL || header->kind != TD_XRAY_EV_HEADER ||
        start < XRAY_HEADER_SIZE || (end != 0 && end < start) ||
        (flags & ~TD_XRAY_RANGE_SPECULATE) != 0 ||
        (header->header.mode == TD_XRAY_MODE_BASIC &&
         (!on_record(start) || (end != 0 && !on_record(end)))))
        return TD_E_INVALID_ARGUMENT;
    if ((flags & TD_XRAY_RANGE_SPECULATE) && xray_matching(d) &&
        !d->calls.can_speculate)
        return TD_E_BAD_CONFIG;
    calls = d->calls;
    config_flags = d->flags;
    memset(d, 0, sizeof *d);
    tdi_input_init(&d->in);
    tdi_input_seek(&d->in, 0, start);
    d->flags = config_flags;
    d->calls = calls;
    d->calls.speculative = (flags & TD_XRAY_RANGE_SPECULATE) != 0;
    if (d->calls.speculative)
        tdi_xray_calls_clear(&d->calls);
    d->calls.unwind_slot = 0;
    d->version = header->header.version;
    d->mode = header->header.mode == TD_XRAY_MODE_FDR ? TD_XRAY_MODE_FDR
                                                      : TD_XRAY_MODE_BASIC;
    d->big_endian = header->header.big_endian;
    d->buffer_size = header->header.buffer_size;
    d->range_end = end;
    if (d->mode == TD_XRAY_MODE_BASIC) {
        d->state = XS_BASIC_RECORD;
        return TD_OK;
    }
    d->state = XS_FDR_RECORD;
    tdi_xray_buffer_reset(d);
    return TD_OK;
}

int td_xray_follow(td_xray_decoder *d, const uint8_t *record)
{
    if (d == NULL || record == NULL || d->state != XS_BASIC_RECORD ||
        tdi_input_tell(&d->in) == XRAY_HEADER_SIZE ||
        tdi_load16(record, d->big_endian != 0) != 0)
        return TD_E_INVALID_ARGUMENT;
    tdi_xray_basic_follow(d, record);
    return TD_OK;
}

/* ---- The speculating matcher ------------------------------------------ */

static int32_t *thread_frames(const td_xray_calls *c, uint32_t slot)
{
    return c->frames + (size_t)slot * c->max_depth;
}

/* Give up speculating on the thread: the master will decode the range. */
static uint32_t failed(td_xray_calls *c, uint32_t slot)
{
    xray_calls_popped(c)[slot] = XRAY_SPECULATION_FAILED;
    return 0;
}

uint32_t tdi_xray_speculate_entry(td_xray_decoder *d, uint32_t slot,
                                  const td_xray_event *ev)
{
    td_xray_calls *c = &d->calls;
    uint32_t depth = c->depths[slot];
    uint32_t popped = xray_calls_popped(c)[slot];
    int32_t *rise = &xray_calls_rise(c)[slot];
    if (popped == XRAY_SPECULATION_FAILED)
        return 0;
    if (depth + popped >= c->max_depth)
        return failed(c, slot);
    thread_frames(c, slot)[depth] = ev->function.func_id;
    c->depths[slot] = ++depth;
    if ((int64_t)depth - popped > *rise)
        *rise = (int32_t)(depth - popped);
    return depth;
}

uint32_t tdi_xray_speculate_exit(td_xray_decoder *d, uint32_t slot,
                                 const td_xray_event *ev)
{
    td_xray_calls *c = &d->calls;
    uint32_t depth = c->depths[slot];
    uint32_t *popped = &xray_calls_popped(c)[slot];
    uint32_t closed;
    if (*popped == XRAY_SPECULATION_FAILED)
        return 0;
    closed = tdi_xray_close_frames(d, slot, ev);
    if (closed != 0)
        return closed;
    if (*popped >= c->max_depth)
        return failed(c, slot);
    thread_frames(c, slot)[c->max_depth - 1 - *popped] =
        ev->function.func_id;
    (*popped)++;
    c->depths[slot] = 0;
    if (depth > 0)
        tdi_xray_queue_warning(d, TD_W_XRAY_LOST_EXITS, ev->offset,
                               ev->function.func_id, depth);
    return depth + 1;
}

/* ---- Merging into the master ------------------------------------------ */

/* Whether the range's thread `slot` holds against the master's thread
 * `at` (FREE_SLOT: new to the master). */
static bool thread_holds(const td_xray_calls *m, uint32_t at,
                         const td_xray_calls *r, uint32_t slot)
{
    uint32_t popped = xray_calls_popped(r)[slot];
    uint32_t depth = at == UINT32_MAX ? 0 : m->depths[at];
    const int32_t *mine = at == UINT32_MAX ? NULL : thread_frames(m, at);
    const int32_t *theirs = thread_frames(r, slot);
    uint32_t k;
    if (popped == XRAY_SPECULATION_FAILED || popped > depth ||
        depth > m->max_depth ||
        (uint64_t)depth + (uint64_t)xray_calls_rise(r)[slot] > m->max_depth)
        return false;
    for (k = 0; k < popped; k++)
        if (mine[depth - 1 - k] != theirs[r->max_depth - 1 - k])
            return false;
    return true;
}

/* The master's thread `at` after the range's thread `slot`. */
static void take_thread(td_xray_calls *m, uint32_t at,
                        const td_xray_calls *r, uint32_t slot)
{
    uint32_t depth = m->depths[at] - xray_calls_popped(r)[slot];
    uint32_t opened = r->depths[slot];
    memcpy(thread_frames(m, at) + depth, thread_frames(r, slot),
           (size_t)opened * sizeof(int32_t));
    m->depths[at] = depth + opened;
}

int td_xray_merge_calls(td_xray_decoder *master,
                        const td_xray_decoder *range)
{
    td_xray_calls *m;
    const td_xray_calls *r;
    uint32_t k, slot, at, fresh = 0;
    if (master == NULL || range == NULL)
        return TD_E_INVALID_ARGUMENT;
    m = &master->calls;
    r = &range->calls;
    if (!r->speculative || m->speculative || r->max_threads == 0 ||
        m->max_threads != r->max_threads || m->max_depth != r->max_depth)
        return TD_E_INVALID_ARGUMENT;
    if (range->fault.code == TD_E_LIMIT)
        return TD_E_LIMIT;
    for (k = 0; k < r->used; k++) {
        slot = xray_calls_order(r)[k];
        at = tdi_xray_thread_slot(m, r->keys[slot], false);
        if (at == UINT32_MAX)
            fresh++;
        if (!thread_holds(m, at, r, slot))
            return TD_E_LIMIT;
    }
    if (fresh > m->max_threads - m->used)
        return TD_E_LIMIT;
    for (k = 0; k < r->used; k++) {
        slot = xray_calls_order(r)[k];
        take_thread(m, tdi_xray_thread_slot(m, r->keys[slot], true), r,
                    slot);
    }
    return TD_OK;
}
