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

/* A run: what it may take (the plain instruction types and how many
 * more instructions the chunk holds) and what it has counted. The counts
 * are kept here, not in the decoder, so that they stay in registers: a PC
 * stored into the tally's array could otherwise be any of the decoder's
 * 64-bit fields, and each would be reloaded after every store. */
typedef struct skim_run {
    uint64_t plain_types;
    uint64_t indirect_types; /* after a BRANCH_TARGET */
    uint64_t chunk_room;
    uint64_t instrs, visible, last_pc;
    uint64_t reads, writes; /* apart from counts: consecutive increments
                               of one counter in memory would wait on
                               each other's stores */
    uint64_t *counts; /* the tally's counts for this stream's mode */
    uint64_t *pcs;
    size_t pcs_len, pcs_cap, width;
    bool saw_pc;
} skim_run;

/* A fetched instruction of `types`, 1 to 15 bytes, that the chunk and
 * the PC array have room for. */
static inline bool takes_instr(const skim_run *run, uint64_t types, uint16_t type,
                        uint16_t size)
{
    return type < 64 && ((types >> type) & 1) && size >= 1 &&
           size <= DRMEM_MAX_ENCODING && run->chunk_room > 0 &&
           run->pcs_len < run->pcs_cap;
}

static inline uint64_t record_pc(const skim_run *run, const uint8_t *p)
{
    return run->width == 12 ? td_le64(p + 4) : td_le32(p + 4);
}

static inline void tally_instr(skim_run *run, const uint8_t *p, uint16_t type)
{
    uint64_t pc = record_pc(run, p);
    run->chunk_room--;
    run->instrs++;
    run->visible++;
    run->last_pc = pc;
    run->saw_pc = true;
    run->counts[type]++;
    run->pcs[run->pcs_len++] = pc;
}

/* A BRANCH_TARGET marker at p and an indirect branch after it. */
static inline bool target_pair(const skim_run *run, const uint8_t *p, size_t len)
{
    size_t width = run->width;
    return len >= 2 * width && td_le16(p) == TD_DRMEM_MARKER &&
           td_le16(p + 2) == TD_DRMEM_MARKER_BRANCH_TARGET &&
           takes_instr(run, run->indirect_types, td_le16(p + width),
                       td_le16(p + width + 2));
}

/* Tally the records at p (len bytes available); returns how many bytes
 * they were, 0 when the general path must take the first. */
static inline size_t skim_record(skim_run *run, const uint8_t *p, size_t len)
{
    uint16_t type = td_le16(p), size = td_le16(p + 2);
    if (type == TD_DRMEM_READ) {
        run->reads++;
        return run->width;
    }
    if (type == TD_DRMEM_WRITE) {
        run->writes++;
        return run->width;
    }
    if (takes_instr(run, run->plain_types, type, size)) {
        tally_instr(run, p, type);
        return run->width;
    }
    if (type == TD_DRMEM_INSTR_NO_FETCH && size >= 1 &&
        size <= DRMEM_MAX_ENCODING) {
        run->visible++;
        run->last_pc = record_pc(run, p);
        run->saw_pc = true;
        run->counts[type]++;
        return run->width;
    }
    if (target_pair(run, p, len)) {
        tally_instr(run, p + run->width, td_le16(p + run->width));
        return 2u * run->width;
    }
    return 0;
}

static void skim_begin(const td_drmem_decoder *d, td_drmem_tally *t,
                       skim_run *run)
{
    run->counts = t->records[d->kernel];
    run->pcs = t->pcs;
    run->pcs_cap = t->pcs_cap;
    run->width = d->width;
    run->plain_types = drmem_plain_instr_types(d);
    run->indirect_types = drmem_indirect_types();
    run->chunk_room = drmem_chunk_room(d);
    run->instrs = 0;
    run->visible = 0;
    run->reads = 0;
    run->writes = 0;
    run->last_pc = 0;
    run->pcs_len = t->pcs_len;
    run->saw_pc = false;
}

/* What the run counted, into the decoder and the tally. */
static void skim_end(td_drmem_decoder *d, td_drmem_tally *t,
                     const skim_run *run)
{
    d->instrs += run->instrs;
    d->chunk_instrs += run->instrs;
    d->visible += run->visible + run->reads + run->writes;
    run->counts[TD_DRMEM_READ] += run->reads;
    run->counts[TD_DRMEM_WRITE] += run->writes;
    if (run->saw_pc)
        d->last_pc = run->last_pc;
    t->pcs_len = run->pcs_len;
    d->previous_marker = DRMEM_NO_MARKER;
    d->hide_next = 0;
}

void drmem_skim(td_drmem_decoder *d, td_drmem_tally *t)
{
    size_t len, n = 0, step;
    const uint8_t *p = td_input_rest(&d->in, &len);
    skim_run run;
    if (p == NULL || !steady(d))
        return;
    skim_begin(d, t, &run);
    while (len - n >= run.width &&
           (step = skim_record(&run, p + n, len - n)) > 0)
        n += step;
    if (n == 0)
        return;
    skim_end(d, t, &run);
    td_input_take(&d->in, n);
}

bool drmem_tallied(td_drmem_tally *t, const td_drmem_event *ev)
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
