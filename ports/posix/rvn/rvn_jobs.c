/*
 * rvn_jobs.c - see rvn_jobs.h.
 *
 * Technique. Task k is part k of the trace: a worker opens its own host
 * on the file (two lanes, as the main one), runs a td_rvn_decoder
 * configured for part k through the driver, with standard output and
 * error captured, and keeps td_rvn_part_of(). finish() joins the parts in
 * order (td_rvn_join); the text is replayed only once every part passed
 * and joined, since until then one of them may turn the run into one
 * decoder's, whose text replaces theirs. A part that could not be read
 * (an I/O error) ends the run with its text and those before it. All parts are in flight at once
 * (the window is the part count), so memory is a host and a decoder per
 * worker and a few captured lines per part.
 */
#include "rvn_jobs.h"
#include "capture.h"
#include "driver.h"
#include "jobs.h"

#include <stdlib.h>
#include <string.h>

typedef struct part_result {
    capture text;
    bool captured;
    int status;               /* an exit status, or -1: out of memory */
    td_rvn_part part;
    uint64_t modes[3];
    uint64_t warnings;
} part_result;

typedef struct rvn_jobs {
    const cli *c;
    const td_sqlite_files *files;
    unsigned parts;
    td_rvn_decoder *decoders; /* one per worker */
    part_result *results;     /* one per part */
    rvn_totals *totals;
    unsigned replay;          /* parts whose text is written */
} rvn_jobs;

/* The driver's consumer: what the summaries count besides the decoder. */
static int consume(void *ctx, const void *event)
{
    part_result *res = ctx;
    const td_rvn_event *ev = event;
    if (ev->kind == TD_RVN_EV_WARNING)
        res->warnings++;
    if (ev->kind == TD_RVN_EV_BLOCK && ev->block.mode < 3)
        res->modes[ev->block.mode]++;
    return 0;
}

/* Decode part `part` with r through a host of its own. Returns an exit
 * status. */
static int decode_part(const rvn_jobs *j, td_rvn_decoder *r, unsigned part,
                       part_result *res)
{
    const cli *c = &res->text.c;
    td_rvn_config cfg = {.size = sizeof cfg};
    td_rvn_event ev;
    driver d;
    host h;
    int status = EXIT_USAGE;
    cfg.files = *j->files;
    cfg.part = part;
    cfg.parts = j->parts;
    td_rvn_init(r, &cfg); /* cannot fail: the config is well formed */
    if (host_open(&h, c->opt.path, c->opt.io) == 0 &&
        host_lanes(&h, TD_SQLITE_LANES) == 0) {
        driver_init(&d, c, decoder_of(DECODER_RVN, r), &ev, &h, c->opt.path);
        d.warnings = c->opt.verbose;
        status = driver_run(&d, consume, res);
        td_rvn_part_of(r, &res->part);
    }
    host_close(&h);
    return status;
}

/* jobs.h's work(): part `task` into its result. */
static void work_part(void *ctx, size_t task, size_t slot, int worker)
{
    rvn_jobs *j = ctx;
    part_result *res = &j->results[task];
    (void)slot;
    if (capture_open(&res->text, j->c) != 0) {
        res->status = -1;
        return;
    }
    res->captured = true;
    res->status = decode_part(j, &j->decoders[worker], (unsigned)task, res);
}

/* jobs.h's finish(): part `task` joined to those before it. Returns 0;
 * EXIT_USAGE to stop when the part could not be read (an I/O error, out
 * of memory: said in its text, which is written, as another read might
 * not fail); or RVN_JOBS_ONE to stop when it found the file invalid or
 * does not join. */
static int finish_part(void *ctx, size_t task, size_t slot)
{
    rvn_jobs *j = ctx;
    const part_result *res = &j->results[task];
    rvn_totals *t = j->totals;
    unsigned i;
    (void)slot;
    if (res->status == EXIT_USAGE || res->status == -1) {
        j->replay = (unsigned)task + 1;
        return EXIT_USAGE;
    }
    if (res->status != EXIT_VALID)
        return RVN_JOBS_ONE;
    if (task == 0)
        t->whole = res->part;
    else if (!td_rvn_join(&t->whole, &res->part))
        return RVN_JOBS_ONE;
    for (i = 0; i < 3; i++)
        t->modes[i] += res->modes[i];
    t->warnings += res->warnings;
    return 0;
}

/* jobs.h's discard(): a part done after the run stopped (its text goes
 * with the others', unwritten). */
static void discard_part(void *ctx, size_t task, size_t slot)
{
    (void)ctx;
    (void)task;
    (void)slot;
}

/* The text of the first j->replay parts in order; the rest is dropped.
 * Returns 0, or -1 when a part ran out of memory. */
static int release_text(const rvn_jobs *j)
{
    unsigned i;
    int rc = 0;
    for (i = 0; i < j->parts; i++) {
        part_result *res = &j->results[i];
        if (i < j->replay && res->status == -1)
            rc = -1;
        if (!res->captured)
            continue;
        if (i < j->replay && capture_replay(&res->text, j->c) != 0)
            rc = -1;
        else if (i >= j->replay)
            capture_close(&res->text);
    }
    return rc;
}

int rvn_jobs_run(const cli *c, const td_sqlite_files *files, unsigned parts,
                 rvn_totals *t)
{
    rvn_jobs r = {c, files, parts, NULL, NULL, t, 0};
    jobs j = {0};
    int status;
    memset(t, 0, sizeof *t);
    r.decoders = calloc((size_t)c->opt.jobs, sizeof *r.decoders);
    r.results = calloc(parts, sizeof *r.results);
    if (r.decoders == NULL || r.results == NULL) {
        free(r.decoders);
        free(r.results);
        return RVN_JOBS_ONE;
    }
    j.count = parts;
    j.workers = c->opt.jobs < (int)parts ? c->opt.jobs : (int)parts;
    j.window = parts;
    j.ctx = &r;
    j.work = work_part;
    j.finish = finish_part;
    j.discard = discard_part;
    status = jobs_run(&j);
    if (status == 0)
        r.replay = parts;
    if (release_text(&r) != 0) {
        report_problem(c, "out of memory");
        status = EXIT_USAGE;
    }
    free(r.decoders);
    free(r.results);
    return status;
}
