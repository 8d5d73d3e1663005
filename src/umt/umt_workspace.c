/*
 * umt_workspace.c - the caller's workspace (td_umt_config.memory): where
 * the batches of offsets and prev/next pairs, the thread chains and the
 * instruction summaries are.
 *
 * Technique. The layout depends on the workspace size, the mode and the
 * table sizes, which the open pass learns; each pass plans it again when
 * it begins and keeps it at the start of the workspace, where the steps
 * find it. The rest is split in quarters: the first holds the batch
 * (offsets, then pairs), the second the chain states (VALIDATE, when
 * every thread fits; otherwise chains are walked after the records), the
 * second half the summaries: a direct-mapped cache indexed by the low bits
 * of the InsID, no larger than the instruction table needs, so a small
 * table is never evicted.
 */
#include "umt_internal.h"

#define MAX_BATCH 8192u
#define MAX_SUMMARIES (1u << 24)

/* The layout without a workspace: nothing anywhere. */
static const umt_space no_workspace = {NULL, NULL, 0, NULL, NULL, 0};

static uint32_t batch_for(size_t quarter)
{
    uint32_t batch = MAX_BATCH;
    while ((size_t)batch * 24 + 8 > quarter)
        batch >>= 1;
    return batch;
}

static uint32_t summaries_for(size_t half, uint64_t rows)
{
    uint32_t entries = 1;
    while ((size_t)entries * 2 * sizeof(umt_ins_summary) <= half &&
           entries < rows && entries < MAX_SUMMARIES)
        entries <<= 1;
    return entries;
}

void tdi_umt_space_plan(td_umt_decoder *d)
{
    size_t head = (sizeof(umt_space) + 7) & ~(size_t)7;
    size_t rest = d->workspace_size - head;
    size_t quarter = (rest >> 2) & ~(size_t)7;
    umt_space *ws = d->workspace;
    uint8_t *base;
    if (ws == NULL)
        return;
    base = (uint8_t *)d->workspace + head;
    memset(ws, 0, sizeof *ws);
    ws->batch = batch_for(quarter);
    ws->offsets = (uint64_t *)(void *)base;
    ws->pairs = ws->offsets + ws->batch + 1;
    if (d->mode == TD_UMT_VALIDATE &&
        d->thread_rows <= quarter / sizeof(umt_chain_state))
        ws->chains = (umt_chain_state *)(void *)(base + quarter);
    ws->summaries = (umt_ins_summary *)(void *)(base + 2 * quarter);
    ws->summary_mask = summaries_for(rest - 2 * quarter, d->ins_rows) - 1;
}

const umt_space *tdi_umt_space_of(const td_umt_decoder *d)
{
    return d->workspace != NULL ? (const umt_space *)d->workspace
                                : &no_workspace;
}

void tdi_umt_summaries_clear(const umt_space *ws)
{
    if (ws->summaries != NULL)
        memset(ws->summaries, 0,
               ((size_t)ws->summary_mask + 1) * sizeof(umt_ins_summary));
}

const umt_ins_summary *tdi_umt_summary(const umt_space *ws, uint64_t id)
{
    const umt_ins_summary *s = &ws->summaries[id & ws->summary_mask];
    return s->id_plus_one != 0 && s->id_plus_one == id + 1 ? s : NULL;
}

void tdi_umt_summary_keep(const umt_space *ws, uint64_t id, uint8_t cs64,
                      uint16_t lc_size)
{
    umt_ins_summary *s = &ws->summaries[id & ws->summary_mask];
    s->id_plus_one = id + 1;
    s->cs64 = cs64;
    s->lc_size = lc_size;
}
