/*
 * drmem_skim.c - tallying: runs of plain records checked in place.
 *
 * Technique. Most of a trace is instructions and loads and stores with
 * nothing pending between them: no ENCODING records or BRANCH_TARGET
 * waiting for an instruction, no marker pairing open, no chunk or warning
 * due. In that state a READ or WRITE passes every check, and so does an
 * INSTR_NO_FETCH of 1 to 15 bytes, and a fetched instruction whose length is 1 to 15 bytes, whose branch kind
 * the version writes (an indirect branch only where it needs no
 * BRANCH_TARGET), and that fits in the current chunk; which types those
 * are is worked out once per run. A BRANCH_TARGET marker followed by an
 * indirect branch passes as a pair. The skim reads them from the span,
 * updates exactly the counters the general path would (ordinals, the
 * chunk's count, the last PC) and the tally, and stops at the first
 * record it cannot vouch for, at the end of the span, and when the PC
 * array is full; step() then decodes that record the general way, so
 * errors, events and their order do not change.
 */
#include "drmem_internal.h"

/* Nothing is pending that a plain record would have to answer. */
static bool steady(const td_drmem_decoder *d)
{
    return d->state == DS_BODY && d->expect == DX_NONE && !d->has_encoding &&
           !d->has_branch_target && !d->member_footer &&
           d->warning_code == 0 && !d->chunk_pending;
}

/* A run: what it may take and where its PCs go. Every fetched
 * instruction it takes appends its PC, so the PCs appended are also the
 * instructions counted, and one limit on the array stands for both the
 * array's room and the chunk's. */
typedef struct skim_run {
    uint64_t fetched;        /* the plain fetched instruction types */
    uint64_t indirect_types; /* what may follow a BRANCH_TARGET */
    uint64_t *counts;        /* the tally's counts for this stream's mode */
    uint64_t *pcs_start, *pcs, *pcs_limit;
    size_t width;
} skim_run;

/* Tally the plain records from p up to end, `width` bytes each; returns
 * the bytes they took. Only what changes per record lives in the loop,
 * so that all of it stays in registers: reads and writes are counted
 * apart from `counts`, as consecutive increments of one counter in
 * memory would wait on each other's stores. */
static inline size_t skim_width(skim_run *run, const uint8_t *p,
                                const uint8_t *end, size_t width)
{
    const uint8_t *q = p;
    uint64_t *pcs = run->pcs, *const limit = run->pcs_limit;
    uint64_t *const counts = run->counts;
    const uint64_t fetched = run->fetched;
    uint64_t reads = 0, writes = 0;
    for (; (size_t)(end - q) >= width; q += width) {
        unsigned type = tdi_le16(q + DRMEM_TYPE);
        unsigned size = tdi_le16(q + DRMEM_SIZE);
        if (type == TD_DRMEM_READ) {
            reads++;
        } else if (type == TD_DRMEM_WRITE) {
            writes++;
        } else if (type < 64 && ((fetched >> type) & 1) &&
                   size - 1u < DRMEM_MAX_ENCODING && pcs < limit) {
            *pcs++ = drmem_addr(q, width);
            counts[type]++;
        } else if (type == TD_DRMEM_INSTR_NO_FETCH &&
                   size - 1u < DRMEM_MAX_ENCODING) {
            counts[type]++;
        } else {
            break;
        }
    }
    run->pcs = pcs;
    counts[TD_DRMEM_READ] += reads;
    counts[TD_DRMEM_WRITE] += writes;
    return (size_t)(q - p);
}

static size_t skim_plain(skim_run *run, const uint8_t *p, const uint8_t *end)
{
    if (run->width == 12)
        return skim_width(run, p, end, 12);
    return skim_width(run, p, end, 8);
}

/* A BRANCH_TARGET marker at p and an indirect branch after it that the
 * run may take. */
static bool target_pair(const skim_run *run, const uint8_t *p,
                        const uint8_t *end)
{
    size_t width = run->width;
    uint16_t type, size;
    if ((size_t)(end - p) < 2 * width ||
        tdi_le16(p + DRMEM_TYPE) != TD_DRMEM_MARKER ||
        tdi_le16(p + DRMEM_SIZE) != TD_DRMEM_MARKER_BRANCH_TARGET)
        return false;
    type = tdi_le16(p + width + DRMEM_TYPE);
    size = tdi_le16(p + width + DRMEM_SIZE);
    return type < 64 && ((run->indirect_types >> type) & 1) && size >= 1 &&
           size <= DRMEM_MAX_ENCODING && run->pcs < run->pcs_limit;
}

/* Tally the indirect branch after a BRANCH_TARGET (the marker is hidden). */
static void tally_branch(skim_run *run, const uint8_t *p)
{
    *run->pcs++ = drmem_addr(p, run->width);
    run->counts[tdi_le16(p + DRMEM_TYPE)]++;
}

static void skim_begin(const td_drmem_decoder *d, td_drmem_tally *t,
                       skim_run *run)
{
    uint64_t chunk_room = tdi_drmem_chunk_room(d);
    uint64_t pcs_room = t->pcs_cap - t->pcs_len;
    run->fetched = tdi_drmem_plain_instr_types(d);
    run->indirect_types = tdi_drmem_indirect_types();
    run->counts = t->records[d->kernel];
    run->pcs_start = run->pcs = t->pcs + t->pcs_len;
    run->pcs_limit = run->pcs + (chunk_room < pcs_room ? chunk_room
                                                       : pcs_room);
    run->width = d->width;
}

/* The PC of the last instruction among the n bytes of records at p (all
 * of them taken by the run), if there is one: every record of an
 * instruction type there is an instruction the run took. */
static void find_last_pc(td_drmem_decoder *d, const skim_run *run,
                         const uint8_t *p, size_t n)
{
    uint64_t types = run->fetched | run->indirect_types |
                     (uint64_t)1 << TD_DRMEM_INSTR_NO_FETCH;
    while (n > 0) {
        unsigned type;
        n -= run->width;
        type = tdi_le16(p + n + DRMEM_TYPE);
        if (type < 64 && ((types >> type) & 1)) {
            d->last_pc = drmem_addr(p + n, run->width);
            return;
        }
    }
}

/* What the run counted, into the decoder and the tally; `visible` records
 * (BRANCH_TARGET markers are hidden). */
static void skim_end(td_drmem_decoder *d, td_drmem_tally *t,
                     const skim_run *run, uint64_t visible)
{
    uint64_t instrs = (uint64_t)(run->pcs - run->pcs_start);
    d->instrs += instrs;
    d->chunk_instrs += instrs;
    d->visible += visible;
    t->pcs_len += (size_t)instrs;
    d->previous_marker = DRMEM_NO_MARKER;
    d->hide_next = 0;
}

void tdi_drmem_skim(td_drmem_decoder *d, td_drmem_tally *t)
{
    size_t len, n = 0, targets = 0;
    const uint8_t *p = tdi_input_rest(&d->in, &len);
    skim_run run;
    if (p == NULL || !steady(d))
        return;
    skim_begin(d, t, &run);
    for (;;) {
        n += skim_plain(&run, p + n, p + len);
        if (!target_pair(&run, p + n, p + len))
            break;
        tally_branch(&run, p + n + run.width);
        n += 2 * run.width;
        targets++;
    }
    if (n == 0)
        return;
    find_last_pc(d, &run, p, n);
    skim_end(d, t, &run, n / run.width - targets);
    tdi_input_take(&d->in, n);
}

bool tdi_drmem_tallied(td_drmem_tally *t, const td_drmem_event *ev)
{
    bool kernel = (ev->flags & TD_DRMEM_KERNEL) != 0;
    if (ev->kind == TD_DRMEM_EV_MARKER &&
        ev->marker.type == TD_DRMEM_MARKER_BRANCH_TARGET)
        return true; /* hidden; its branch is tallied */
    if ((ev->kind != TD_DRMEM_EV_INSTR && ev->kind != TD_DRMEM_EV_MEMREF) ||
        (ev->flags & TD_DRMEM_HIDDEN))
        return false;
    t->records[kernel][ev->type]++;
    if (ev->kind == TD_DRMEM_EV_MEMREF)
        return true;
    if (ev->instr.encoding_is_new)
        t->encodings++;
    if (ev->instr.fetched)
        t->pcs[t->pcs_len++] = ev->instr.pc;
    return true;
}
