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
 * and error offsets lie inside the input.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_drmem.h"
#include "tracedec.h"

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

/* The tally's definition applied to an event of an untallied decode. */
static bool tally_event(td_drmem_tally *t, const td_drmem_event *ev)
{
    if (ev->kind == TD_DRMEM_EV_MARKER &&
        ev->marker.type == TD_DRMEM_MARKER_BRANCH_TARGET)
        return true;
    if ((ev->kind != TD_DRMEM_EV_INSTR && ev->kind != TD_DRMEM_EV_MEMREF) ||
        (ev->flags & TD_DRMEM_HIDDEN))
        return false;
    t->records[(ev->flags & TD_DRMEM_KERNEL) != 0][ev->type]++;
    if (ev->kind == TD_DRMEM_EV_INSTR && ev->instr.encoding_is_new)
        t->encodings++;
    if (ev->kind == TD_DRMEM_EV_INSTR && ev->instr.fetched)
        t->pcs[t->pcs_len++] = ev->instr.pc;
    return true;
}

static void mix(digests *g, const td_drmem_event *ev, bool tallying)
{
    if (tallying && ev->kind == TD_DRMEM_EV_PCS) {
        mix_pcs(g);
        return;
    }
    fz_mix_drmem_event(&g->all, ev);
    if (tallying || !tally_event(&g->tally, ev))
        fz_mix_drmem_event(&g->tallied, ev);
    if (!tallying && g->tally.pcs_len == TALLY_PCS)
        mix_pcs(g);
}

static int next(td_drmem_decoder *d, td_drmem_event *ev, digests *g,
                bool tallying)
{
    return tallying ? td_drmem_tally_next(d, ev, &g->tally)
                    : td_drmem_next(d, ev);
}

/* seed 0: one span per member. */
static void decode(const uint8_t *data, size_t len, bool zip, uint64_t seed,
                   bool tallying, digests *g)
{
    td_drmem_decoder d;
    td_drmem_event ev;
    fz_feeder f;
    uint32_t member = 0;
    int rc;
    memset(&ev, 0, sizeof ev);
    memset(g, 0, sizeof *g);
    g->all = g->tallied = fz_digest_start();
    g->tally.pcs = g->pcs;
    g->tally.pcs_cap = TALLY_PCS;
    fz_feeder_init(&f, "drmem_fuzzer", data, len,
                   seed ? FZ_RANDOM_SPANS : FZ_ONE_SPAN, seed);
    td_drmem_init(&d, NULL);
    while ((rc = next(&d, &ev, g, tallying)) != TD_END) {
        if (rc == TD_EVENT) {
            mix(g, &ev, tallying);
        } else if (rc == TD_NEED_INPUT) {
            size_t fed = fz_feeder_fed(&f), n;
            const uint8_t *span;
            if (zip && fed < len && fed == (size_t)member * MEMBER_BYTES)
                td_drmem_begin_member(&d, member++);
            span = fz_feeder_answer(&f, td_drmem_request(&d),
                                    zip ? member_end(fed, len) : len, &n);
            td_drmem_feed(&d, span, n);
        } else {
            fz_mix_fault(&g->all, &f, rc, td_drmem_fault(&d));
            fz_mix_fault(&g->tallied, &f, rc, td_drmem_fault(&d));
            break;
        }
    }
    mix_tally(g);
    fz_feeder_free(&f);
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
