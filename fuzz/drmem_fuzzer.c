/*
 * drmem_fuzzer.c - the drmemtrace record decoder under libFuzzer, AFL++
 * and the replay driver.
 *
 * Input: one option byte, then a record stream. Option bits 0..6 seed the
 * span lengths; bit 7 makes the stream a zip of members of 16 records each
 * (12-byte records assumed), announced with td_drmem_begin_member. The
 * stream is decoded in one span and in pseudo-random spans, and the two
 * event sequences must be identical (a digest over every field); a third
 * decode with a tally (td_drmem_tally_next, a 5-entry PC array), in those
 * spans, must give the events a tally leaves out, the PCs and the counts
 * that the first decode's events make. Requests must name the next byte
 * and error offsets lie inside the input. The loop is fuzz_driver.c's.
 */
#include <string.h>

#include "fuzz_driver.h"
#include "fuzz_drmem.h"
#include "../tests/drmem/drmem_tally_model.h"

#define MEMBER_BYTES (16 * 12)
#define TALLY_PCS 5

/* What a decode saw: a digest of every event, and one of what a tally
 * shows (events it leaves out, PCs in blocks of TALLY_PCS, counts). */
typedef struct digests {
    fz_digest all, tallied;
    td_drmem_tally tally;
    uint64_t pcs[TALLY_PCS];
} digests;

/* Where the member holding byte `fed` ends. */
static size_t member_end(size_t fed, size_t len)
{
    size_t end = fed / MEMBER_BYTES * MEMBER_BYTES + MEMBER_BYTES;
    return end < len ? end : len;
}

static void mix_pcs(digests *g)
{
    size_t i;
    for (i = 0; i < g->tally.pcs_len; i++)
        fz_mix64(&g->tallied, g->tally.pcs[i]);
    fz_mix64(&g->tallied, g->tally.pcs_len);
    g->tally.pcs_len = 0;
}

static void mix_tally(digests *g)
{
    mix_pcs(g);
    fz_mix(&g->tallied, g->tally.records, sizeof g->tally.records);
    fz_mix64(&g->tallied, g->tally.encodings);
}


static void mix(digests *g, const td_drmem_event *ev, bool tallying)
{
    if (tallying && ev->kind == TD_DRMEM_EV_PCS) {
        mix_pcs(g);
        return;
    }
    fz_mix_drmem_event(&g->all, ev);
    if (tallying || !drmem_tally_model(&g->tally, ev))
        fz_mix_drmem_event(&g->tallied, ev);
    if (!tallying && g->tally.pcs_len == TALLY_PCS)
        mix_pcs(g);
}

/* What one decode sees besides its digests (fz_run.context). */
typedef struct seen {
    digests *g;
    bool zip, tallying;
    uint32_t member;
} seen;

static void mix_event(fz_run *run, const fz_event *e)
{
    seen *s = run->context;
    mix(s->g, &e->drmem, s->tallying);
}

static void mix_fault(fz_run *run, int rc)
{
    seen *s = run->context;
    fz_mix_fault(&s->g->all, &run->feeder, rc, fz_run_fault(run));
    fz_mix_fault(&s->g->tallied, &run->feeder, rc, fz_run_fault(run));
}

/* In a zip, a member begins at every MEMBER_BYTES; answers stop at its
 * end. */
static void before_answer(fz_run *run)
{
    seen *s = run->context;
    size_t fed = fz_feeder_fed(&run->feeder), len = run->feeder.source[0].len;
    if (!s->zip)
        return;
    if (fed < len && fed == (size_t)s->member * MEMBER_BYTES)
        td_drmem_begin_member(&run->d.drmem, s->member++);
    run->end = member_end(fed, len);
}

/* seed 0: one span per member. */
static void decode(const uint8_t *data, size_t len, bool zip, uint64_t seed,
                   bool tallying, digests *g)
{
    seen s = {g, zip, tallying, 0};
    fz_run run;
    memset(g, 0, sizeof *g);
    g->all = g->tallied = fz_digest_start();
    g->tally.pcs = g->pcs;
    g->tally.pcs_cap = TALLY_PCS;
    fz_run_start(&run, "drmem_fuzzer", FZ_DRMEM, data, len,
                 seed ? FZ_RANDOM_SPANS : FZ_ONE_SPAN, seed, 0);
    td_drmem_init(&run.d.drmem, NULL);
    run.tally = tallying ? &g->tally : NULL;
    run.event = mix_event;
    run.fault = mix_fault;
    run.before_answer = before_answer;
    run.context = &s;
    fz_run_decode(&run);
    mix_tally(g);
    fz_run_finish(&run);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static digests whole, split, tallied;
    uint64_t seed;
    bool zip;
    if (size == 0)
        return 0;
    zip = (data[0] & 0x80) != 0;
    seed = (uint64_t)(data[0] & 0x7f) + 1;
    decode(data + 1, size - 1, zip, 0, false, &whole);
    decode(data + 1, size - 1, zip, seed, false, &split);
    decode(data + 1, size - 1, zip, seed, true, &tallied);
    if (whole.all.h != split.all.h)
        fz_fail("drmem_fuzzer", "the event stream depends on the chunking");
    if (tallied.tallied.h != whole.tallied.h)
        fz_fail("drmem_fuzzer", "the tally differs from the events' tally");
    return 0;
}
