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

/* What a run may take: the plain instruction types and how many more
 * instructions the chunk holds. */
typedef struct skim_run {
    uint64_t plain_types;
    uint64_t indirect_types; /* after a BRANCH_TARGET */
    uint64_t chunk_room;
} skim_run;

/* A fetched instruction of `types`, 1 to 15 bytes, that the chunk and
 * the PC array have room for. */
static bool takes_instr(const td_drmem_tally *t, const skim_run *run,
                        uint64_t types, uint16_t type, uint16_t size)
{
    return type < 64 && ((types >> type) & 1) && size >= 1 &&
           size <= DRMEM_MAX_ENCODING && run->chunk_room > 0 &&
           t->pcs_len < t->pcs_cap;
}

static void tally_instr(td_drmem_decoder *d, td_drmem_tally *t,
                        skim_run *run, const uint8_t *p, uint16_t type)
{
    uint64_t pc = d->width == 12 ? td_le64(p + 4) : td_le32(p + 4);
    run->chunk_room--;
    d->instrs++;
    d->chunk_instrs++;
    d->visible++;
    d->last_pc = pc;
    t->records[d->kernel][type]++;
    t->pcs[t->pcs_len++] = pc;
}

/* A BRANCH_TARGET marker at p and an indirect branch after it. */
static bool target_pair(const td_drmem_tally *t, const skim_run *run,
                        const uint8_t *p, size_t len, size_t width)
{
    return len >= 2 * width && td_le16(p) == TD_DRMEM_MARKER &&
           td_le16(p + 2) == TD_DRMEM_MARKER_BRANCH_TARGET &&
           takes_instr(t, run, run->indirect_types, td_le16(p + width),
                       td_le16(p + width + 2));
}

/* Tally the records at p (len bytes available); returns how many bytes
 * they were, 0 when the general path must take the first. */
static size_t skim_record(td_drmem_decoder *d, td_drmem_tally *t,
                          skim_run *run, const uint8_t *p, size_t len)
{
    uint16_t type = td_le16(p), size = td_le16(p + 2);
    if (type == TD_DRMEM_READ || type == TD_DRMEM_WRITE) {
        t->records[d->kernel][type]++;
        d->visible++;
        return d->width;
    }
    if (takes_instr(t, run, run->plain_types, type, size)) {
        tally_instr(d, t, run, p, type);
        return d->width;
    }
    if (type == TD_DRMEM_INSTR_NO_FETCH && size >= 1 &&
        size <= DRMEM_MAX_ENCODING) {
        d->visible++;
        d->last_pc = d->width == 12 ? td_le64(p + 4) : td_le32(p + 4);
        t->records[d->kernel][type]++;
        return d->width;
    }
    if (target_pair(t, run, p, len, d->width)) {
        tally_instr(d, t, run, p + d->width, td_le16(p + d->width));
        return 2u * d->width;
    }
    return 0;
}

void drmem_skim(td_drmem_decoder *d, td_drmem_tally *t)
{
    size_t len, n = 0, step;
    const uint8_t *p = td_input_rest(&d->in, &len);
    skim_run run;
    if (p == NULL || !steady(d))
        return;
    run.plain_types = drmem_plain_instr_types(d);
    run.indirect_types = drmem_indirect_types();
    run.chunk_room = drmem_chunk_room(d);
    while (len - n >= d->width &&
           (step = skim_record(d, t, &run, p + n, len - n)) > 0)
        n += step;
    if (n == 0)
        return;
    d->previous_marker = DRMEM_NO_MARKER;
    d->hide_next = 0;
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
