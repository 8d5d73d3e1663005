/*
 * xray_jobs.c - see xray_jobs.h.
 *
 * Technique. The header is decoded first, on main()'s host; the index
 * pass cuts the rest into ranges of RANGE_BYTES or so (fewer bytes when
 * the file is small, so that every worker gets several). A worker decodes
 * a range with a speculating call matcher, reading it through a host of
 * the range's own (what is read does not depend on the schedule), its
 * text captured and its events counted into its slot. In file order, the
 * calling thread merges the range's call matcher into the master's; when
 * that holds, it replays the range's text and adds its counts, else it
 * decodes the range again itself with the master decoder, printing as it
 * goes. After the last range the master reports the calls left open.
 */
#include "xray_jobs.h"
#include "capture.h"
#include "driver.h"
#include "jobs.h"
#include "xray_ranges.h"

#include <stdlib.h>
#include <string.h>

#define RANGE_BYTES (4u << 20)
#define RANGES_PER_WORKER 4

/* What a worker gives for a range. */
typedef struct range_result {
    td_xray_decoder d;
    void *calls_mem;        /* d's call matcher, or NULL */
    xray_stat stat;
    capture text;
    bool captured;
    int status;             /* an exit status, or -1: out of memory
                               before anything could say so */
} range_result;

typedef struct xray_jobs_run {
    const cli *c;
    host *input;                 /* main()'s: the calling thread's */
    td_xray_config cfg;          /* without memory */
    bool matching;
    size_t range_calls_size;     /* a slot's call matcher (0: none) */
    bool warnings;
    td_xray_event header;
    uint64_t size;
    xray_ranges ranges;
    range_result *slots;         /* one per window slot */
    td_xray_decoder master;
    void *master_mem;
    bool unwound;                /* the master decoded the last range: it
                                    reported the calls left open */
    xray_stat *total;
} xray_jobs_run;

static int out_of_memory(const cli *c)
{
    report_problem(c, "out of memory");
    return EXIT_USAGE;
}

/* The decoder with its call matcher in `memory`, of `size` bytes. */
static void start_decoder(const xray_jobs_run *r, td_xray_decoder *d,
                          void *memory, size_t size)
{
    td_xray_config cfg = r->cfg;
    cfg.memory = memory;
    cfg.memory_size = size;
    td_xray_init(d, &cfg); /* cannot fail: the command's config */
}

/* Decode with d from h, counting into s and printing to c. Returns an
 * exit status. */
static int decode(const xray_jobs_run *r, td_xray_decoder *d, host *h,
                  const cli *c, xray_stat *s)
{
    td_xray_event ev;
    driver drive;
    driver_init(&drive, c, decoder_of(DECODER_XRAY, d), &ev, h,
                c->opt.path);
    drive.warnings = r->warnings;
    return driver_run(&drive, xray_stat_consume, s);
}

/* ---- The header and the ranges ------------------------------------------ */

static int take_header(void *ctx, const void *event)
{
    xray_jobs_run *r = ctx;
    r->header = *(const td_xray_event *)event;
    return xray_stat_consume(r->total, event) != 0 ? DRIVER_OUT_OF_MEMORY
                                                   : DRIVER_STOP;
}

/* Decode the header. Returns an exit status (EXIT_VALID with r->header
 * set). */
static int read_header(xray_jobs_run *r)
{
    td_xray_decoder d;
    driver drive;
    td_xray_event ev;
    td_xray_init(&d, NULL);
    driver_init(&drive, r->c, decoder_of(DECODER_XRAY, &d), &ev, r->input,
                r->c->opt.path);
    return driver_run(&drive, take_header, r);
}

/* The end of range i: 0 for the last (to the file's end). */
static uint64_t range_end(const xray_jobs_run *r, size_t i)
{
    return i + 1 < r->ranges.count ? r->ranges.starts[i + 1] : 0;
}

/* Make d decode range i (speculating: `flags`). */
static void start_range(const xray_jobs_run *r, td_xray_decoder *d,
                        size_t i, uint32_t flags)
{
    td_xray_start_range(d, &r->header, r->ranges.starts[i], range_end(r, i),
                        flags);
    if (i > 0 && r->header.header.mode == TD_XRAY_MODE_BASIC)
        td_xray_follow(d, r->ranges.follows[i]);
}

/* Cut the file for `workers` workers. Returns 0, XRAY_JOBS_SERIAL when
 * it makes one range, or EXIT_USAGE having said why it could not. */
static int cut(xray_jobs_run *r, int workers)
{
    uint64_t target = r->size / ((uint64_t)workers * RANGES_PER_WORKER);
    char error[512];
    if (target > RANGE_BYTES)
        target = RANGE_BYTES;
    if (xray_ranges_find(&r->ranges, r->c->opt.path, r->size, &r->header,
                         target ? target : 1, error, sizeof error) != 0) {
        report_path_problem(r->c, r->c->opt.path, error);
        return EXIT_USAGE;
    }
    return r->ranges.count > 1 ? 0 : XRAY_JOBS_SERIAL;
}

/* ---- A range, by a worker ------------------------------------------------ */

/* Decode range `index` with res->d, from a host of its own (so that what
 * it reads does not depend on which worker decodes which range). Returns
 * an exit status. */
static int decode_range(xray_jobs_run *r, range_result *res, size_t index)
{
    const cli *c = &res->text.c;
    host own;
    int status;
    if (host_open(&own, c->opt.path, c->opt.io) != 0) {
        report_path_problem(c, c->opt.path, own.error);
        host_close(&own);
        return EXIT_USAGE;
    }
    start_decoder(r, &res->d, res->calls_mem, r->range_calls_size);
    start_range(r, &res->d, index, TD_XRAY_RANGE_SPECULATE);
    status = decode(r, &res->d, &own, c, &res->stat);
    host_close(&own);
    return status;
}

/* jobs.h's work(): range `index` into its slot. */
static void work_range(void *ctx, size_t index, size_t slot, int worker)
{
    xray_jobs_run *r = ctx;
    range_result *res = &r->slots[slot];
    (void)worker;
    res->captured = false;
    xray_stat_init(&res->stat);
    if (capture_open(&res->text, r->c) != 0) {
        res->status = -1;
        return;
    }
    res->captured = true;
    res->status = decode_range(r, res, index);
}

/* Free what a range gave, unused. */
static void drop_result(range_result *res)
{
    if (res->captured)
        capture_close(&res->text);
    res->captured = false;
    xray_stat_free(&res->stat);
}

/* jobs.h's discard(): a range done after the run stopped. */
static void discard_range(void *ctx, size_t index, size_t slot)
{
    xray_jobs_run *r = ctx;
    (void)index;
    drop_result(&r->slots[slot]);
}

/* ---- In file order, by the calling thread ------------------------------ */

/* Whether the range's events stand: its call matcher merged into the
 * master's (nothing to merge without one). */
static bool range_stands(xray_jobs_run *r, const range_result *res)
{
    if (!r->matching || res->status == EXIT_USAGE)
        return true;
    return td_xray_merge_calls(&r->master, &res->d) == TD_OK;
}

/* Range `index` decoded again by the master. Returns an exit status. */
static int redo(xray_jobs_run *r, size_t index)
{
    start_range(r, &r->master, index, 0);
    r->unwound = range_end(r, index) == 0;
    return decode(r, &r->master, r->input, r->c, r->total);
}

/* The range's text and counts. Returns its exit status. */
static int take_range(xray_jobs_run *r, range_result *res)
{
    int status = res->status;
    if (capture_replay(&res->text, r->c) != 0 && status == EXIT_VALID)
        status = -1;
    res->captured = false;
    if (status == EXIT_VALID && xray_stat_merge(r->total, &res->stat) != 0)
        status = -1;
    xray_stat_free(&res->stat);
    return status == -1 ? out_of_memory(r->c) : status;
}

/* jobs.h's finish(). Returns the range's exit status (nonzero stops the
 * run). */
static int finish_range(void *ctx, size_t index, size_t slot)
{
    xray_jobs_run *r = ctx;
    range_result *res = &r->slots[slot];
    uint64_t end;
    int status;
    if (res->status == -1) {
        drop_result(res);
        return out_of_memory(r->c);
    }
    if (range_stands(r, res)) {
        status = take_range(r, res);
    } else {
        drop_result(res);
        status = redo(r, index);
    }
    end = range_end(r, index);
    progress_update(r->c->progress, end ? end : r->size, r->size);
    return status;
}

/* After the last range: the calls left open, as one decoder reports them
 * at the file's end. Returns an exit status. */
static int unwind(xray_jobs_run *r)
{
    if (!r->matching || r->unwound)
        return EXIT_VALID;
    td_xray_start_range(&r->master, &r->header, r->size, 0, 0);
    return decode(r, &r->master, r->input, r->c, r->total);
}

/* ---- The run ----------------------------------------------------------- */

/* The run's memory: a slot per task in flight, call matchers for the
 * slots and the master. Returns 0, or -1. */
static int allocate(xray_jobs_run *r, int workers)
{
    size_t i, window = 2 * (size_t)workers;
    r->slots = calloc(window, sizeof *r->slots);
    if (r->slots == NULL)
        return -1;
    if (!r->matching)
        return 0;
    r->master_mem = malloc(
        td_xray_calls_size(r->cfg.max_threads, r->cfg.max_depth));
    r->range_calls_size =
        td_xray_range_calls_size(r->cfg.max_threads, r->cfg.max_depth);
    for (i = 0; i < window; i++)
        if ((r->slots[i].calls_mem = malloc(r->range_calls_size)) == NULL)
            return -1;
    return r->master_mem != NULL ? 0 : -1;
}

static void release(xray_jobs_run *r, int workers)
{
    size_t k;
    for (k = 0; r->slots != NULL && k < 2 * (size_t)workers; k++)
        free(r->slots[k].calls_mem);
    free(r->slots);
    free(r->master_mem);
    xray_ranges_free(&r->ranges);
}

/* Every range by `workers` workers, then the calls left open. */
static int run(xray_jobs_run *r, int workers)
{
    const jobs j = {r->ranges.count, workers, 2 * (size_t)workers, r,
                    work_range, finish_range, discard_range};
    int status;
    start_decoder(r, &r->master, r->master_mem,
                  td_xray_calls_size(r->cfg.max_threads, r->cfg.max_depth));
    status = jobs_run(&j);
    return status == EXIT_VALID ? unwind(r) : status;
}

/* Whether the input can be read again by other threads: a file, not a
 * pipe, not a container being unpacked. */
static bool splittable(const cli *c, const host *input)
{
    return c->opt.jobs > 1 && input->io != HOST_STREAM &&
           host_container(input) == TD_FORMAT_UNKNOWN &&
           host_size(input, 0) > 0;
}

int xray_jobs_count(const cli *c, host *input, const td_xray_config *cfg,
                    bool warnings, xray_stat *s)
{
    xray_jobs_run r;
    int status, workers = c->opt.jobs;
    if (!splittable(c, input))
        return XRAY_JOBS_SERIAL;
    memset(&r, 0, sizeof r);
    r.c = c;
    r.input = input;
    r.cfg = *cfg;
    r.cfg.memory = NULL;
    r.matching = cfg->max_threads != 0;
    r.warnings = warnings;
    r.size = host_size(input, 0);
    r.total = s;
    status = read_header(&r);
    if (status != EXIT_VALID)
        return status;
    status = cut(&r, workers);
    if (status == XRAY_JOBS_SERIAL) {
        xray_stat_free(s); /* the one decoder counts the header again */
        xray_stat_init(s);
    }
    if (status != 0) {
        xray_ranges_free(&r.ranges);
        return status;
    }
    if ((size_t)workers > r.ranges.count)
        workers = (int)r.ranges.count;
    status = allocate(&r, workers) != 0 ? out_of_memory(c) : run(&r, workers);
    release(&r, workers);
    return status;
}
