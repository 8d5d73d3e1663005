/*
 * xray_calls.c - matching function exits to entries, per thread, in caller
 * memory; and the end-of-trace report of calls left open.
 *
 * Technique. An open-addressing hash table keyed by (pid, tid), linear
 * probing, with one fixed-depth array of function ids per thread. Entries
 * push; an exit searches its thread's stack from the top: found at the top
 * it closes one frame, found deeper it closes the frames above too (their
 * exits were lost), not found it closes nothing (the thread's trace began
 * inside that function). Frames deeper than max_depth are counted but not
 * recorded, so exits at those depths cannot be checked. The table never
 * shrinks; a trace with more threads than slots fails with TD_E_LIMIT.
 */
#include "xray_internal.h"
#include "../common/mem.h"

#define FREE_SLOT UINT32_MAX

size_t td_xray_calls_size(uint32_t max_threads, uint32_t max_depth)
{
    /* Per thread: a key (8), a depth (4) and max_depth frames (4 each);
     * below 2^24 * (12 + 2^26) bytes, so no 64-bit overflow. */
    uint64_t total;
    if (max_threads > TD_XRAY_CALLS_MAX || max_depth > TD_XRAY_CALLS_MAX)
        return 0;
    total = (12 + (uint64_t)max_depth * 4) * max_threads;
    return (size_t)total == total ? (size_t)total : 0;
}

int tdi_xray_calls_init(td_xray_calls *c, const td_xray_config *cfg)
{
    size_t need = td_xray_calls_size(cfg->max_threads, cfg->max_depth);
    uint8_t *base = cfg->memory;
    memset(c, 0, sizeof *c);
    if (base == NULL)
        return TD_OK;
    if (cfg->max_threads == 0 || cfg->max_depth == 0 ||
        cfg->max_threads > TD_XRAY_CALLS_MAX ||
        cfg->max_depth > TD_XRAY_CALLS_MAX ||
        (cfg->max_threads & (cfg->max_threads - 1)) != 0)
        return TD_E_INVALID_ARGUMENT;
    if (need == 0 || cfg->memory_size < need || ((uintptr_t)base & 7u) != 0)
        return TD_E_BAD_CONFIG;
    c->keys = (uint64_t *)(void *)base;
    c->depths = (uint32_t *)(void *)(base + (size_t)cfg->max_threads * 8);
    c->frames = (int32_t *)(void *)(base + (size_t)cfg->max_threads * 12);
    c->max_threads = cfg->max_threads;
    c->max_depth = cfg->max_depth;
    c->can_speculate = cfg->memory_size >=
                       td_xray_range_calls_size(cfg->max_threads,
                                                cfg->max_depth);
    return TD_OK;
}

void tdi_xray_calls_clear(td_xray_calls *c)
{
    uint32_t i;
    for (i = 0; i < c->max_threads; i++)
        c->depths[i] = FREE_SLOT;
    c->used = 0;
    c->cached = 0;
    c->unwind_slot = 0;
}

static uint32_t hash_key(uint64_t key)
{
    return (uint32_t)((key * 0x9e3779b97f4a7c15u) >> 32);
}

/* A new thread in free slot i: no open frame (and, speculating, its
 * place in the order and nothing speculated yet). */
static void claim_slot(td_xray_calls *c, uint32_t i, uint64_t key)
{
    c->keys[i] = key;
    c->depths[i] = 0;
    if (c->speculative) {
        xray_calls_order(c)[c->used] = i;
        xray_calls_popped(c)[i] = 0;
        xray_calls_rise(c)[i] = 0;
    }
    c->used++;
}

uint32_t tdi_xray_thread_slot(td_xray_calls *c, uint64_t key, bool claim)
{
    uint32_t mask = c->max_threads - 1;
    uint32_t i = hash_key(key) & mask;
    uint32_t probes;
    if (c->depths[c->cached] != FREE_SLOT && c->keys[c->cached] == key)
        return c->cached;
    for (probes = 0; probes < c->max_threads; probes++) {
        if (c->depths[i] == FREE_SLOT) {
            if (!claim)
                return FREE_SLOT;
            claim_slot(c, i, key);
            break;
        }
        if (c->keys[i] == key)
            break;
        i = (i + 1) & mask;
    }
    if (probes == c->max_threads)
        return FREE_SLOT;
    c->cached = i;
    return i;
}

static uint32_t push(td_xray_decoder *d, td_xray_calls *c, uint32_t slot,
                     const td_xray_event *ev)
{
    uint32_t depth = c->depths[slot];
    if (depth < c->max_depth)
        c->frames[(size_t)slot * c->max_depth + depth] =
            ev->function.func_id;
    else if (depth == c->max_depth)
        tdi_xray_queue_warning(d, TD_W_XRAY_DEPTH_LIMIT, ev->offset,
                           ev->function.func_id, depth);
    c->depths[slot] = depth + 1;
    return depth + 1;
}

uint32_t tdi_xray_close_frames(td_xray_decoder *d, uint32_t slot,
                               const td_xray_event *ev)
{
    td_xray_calls *c = &d->calls;
    uint32_t depth = c->depths[slot];
    const int32_t *frames = c->frames + (size_t)slot * c->max_depth;
    uint32_t i;
    for (i = depth; i > 0; i--) {
        if (frames[i - 1] == ev->function.func_id) {
            c->depths[slot] = i - 1;
            if (depth - i > 0)
                tdi_xray_queue_warning(d, TD_W_XRAY_LOST_EXITS, ev->offset,
                                   ev->function.func_id, depth - i);
            return depth - i + 1;
        }
    }
    return 0;
}

/* Returns the number of frames the exit closes. */
static uint32_t pop(td_xray_decoder *d, td_xray_calls *c, uint32_t slot,
                    const td_xray_event *ev)
{
    uint32_t depth = c->depths[slot], closed;
    if (depth > c->max_depth) {
        c->depths[slot] = depth - 1;
        return 1;
    }
    closed = tdi_xray_close_frames(d, slot, ev);
    if (closed == 0)
        tdi_xray_queue_warning(d, TD_W_XRAY_EXIT_WITHOUT_ENTRY, ev->offset,
                               ev->function.func_id, 0);
    return closed;
}

int tdi_xray_match_call(td_xray_decoder *d, td_xray_event *ev)
{
    td_xray_calls *c = &d->calls;
    uint64_t key;
    uint32_t slot;
    ev->function.depth = 0;
    ev->function.closed = 0;
    if (!xray_matching(d))
        return TD_EVENT;
    key = (uint64_t)(uint32_t)ev->pid << 32 | (uint32_t)ev->tid;
    slot = tdi_xray_thread_slot(c, key, true);
    if (slot == FREE_SLOT)
        return tdi_fail(&d->fault, TD_E_LIMIT, ev->offset,
                       TDI_REASON("more threads than the call matcher was "
                                 "sized for"));
    if (ev->function.action == TD_XRAY_ENTER ||
        ev->function.action == TD_XRAY_ENTER_ARGS) {
        ev->function.depth = c->speculative
                                 ? tdi_xray_speculate_entry(d, slot, ev)
                                 : push(d, c, slot, ev);
        return TD_EVENT;
    }
    ev->function.closed = c->speculative
                              ? tdi_xray_speculate_exit(d, slot, ev)
                              : pop(d, c, slot, ev);
    ev->function.depth = c->depths[slot];
    return TD_EVENT;
}

int tdi_xray_unwind(td_xray_decoder *d)
{
    td_xray_calls *c = &d->calls;
    d->state = XS_UNWIND;
    if (c->speculative)
        c->unwind_slot = c->max_threads; /* the master reports them */
    while (c->unwind_slot < c->max_threads) {
        uint32_t slot = c->unwind_slot++;
        uint32_t depth = c->depths[slot];
        uint64_t key = c->keys[slot];
        if (depth == FREE_SLOT || depth == 0)
            continue;
        d->tid = tdi_as_i32((uint32_t)key);
        d->pid = tdi_as_i32((uint32_t)(key >> 32));
        tdi_xray_queue_warning(d, TD_W_XRAY_UNFINISHED_CALLS,
                           tdi_input_tell(&d->in),
                           depth <= c->max_depth
                               ? c->frames[(size_t)slot * c->max_depth +
                                           depth - 1]
                               : 0,
                           depth);
        return TDI_AGAIN;
    }
    d->state = XS_DONE;
    return TD_END;
}
