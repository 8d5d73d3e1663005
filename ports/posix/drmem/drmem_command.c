/*
 * drmem_command.c - the tracedec commands on drmemtrace files and
 * directories: each shard is opened with the chosen I/O method, its
 * container is found from its first bytes, and the driver hands its
 * events to the command's consumer.
 */
#include "drmem_command.h"
#include "drmem_counts.h"
#include "drmem_interleave.h"
#include "drmem_print.h"
#include "drmem_shard.h"
#include "drmem_view.h"
#include "capture.h"
#include "driver.h"
#include "files.h"
#include "jobs.h"
#include "json.h"
#include "tracedir.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- One shard: what decoding it gives -------------------------------- */

/* A worker's scratch, reused shard after shard. */
typedef struct shard_scratch {
    drmem_shard shard;
    td_drmem_tally tally;
    uint64_t pcs[4096];
} shard_scratch;

/* What decoding one shard gives. With several workers its text goes to
 * `text`, replayed when the shard's turn comes (jobs.h). */
typedef struct shard_result {
    const cli *c;                /* where its text goes */
    cli plain;                   /* the run's, without a progress line */
    capture text;
    bool captured;
    int status;                  /* an exit status, or -1: out of memory
                                    before anything could say so */
    drmem_shard_counts counts;   /* stat, info, validate */
    uint64_t records;            /* stored records, hidden ones included */
    uint64_t warnings;
    uint64_t bytes;              /* its file's size, for the progress line */
    uint32_t version, width;     /* its HEADER's (width 0: none) */
    int container;
} shard_result;

/* A command on every shard of a trace. */
typedef struct drmem_run {
    const cli *c;
    host *input;                 /* main()'s file, or NULL: a directory */
    const shard_list *shards;
    bool tallying;               /* stat, info, validate: counts suffice */
    bool dump_view;              /* dump --style=drcachesim */
    bool parallel;               /* several workers: shards' text captured */
    drmem_view view;
    progress quiet;              /* the shards' own, off */
    shard_scratch *scratch;      /* one per worker */
    shard_result *slots;         /* one per window slot */
    drmem_totals totals;
    drmem_shard_summary *summaries;
    uint64_t records, warnings;  /* over the shards done */
    uint32_t version;            /* the last HEADER's */
    int container;               /* the last shard's */
    uint64_t bytes_done, bytes_total;
} drmem_run;

/* The consumer's context: a shard's result and its worker's scratch. */
typedef struct shard_task {
    const drmem_run *r;
    drmem_view *view;
    shard_result *res;
    shard_scratch *s;
} shard_task;

static int out_of_memory(const cli *c)
{
    report_problem(c, "out of memory");
    return EXIT_USAGE;
}

/* Hand one event to the command. Returns 0, or -1 when out of memory. */
static int take(shard_task *t, const td_drmem_event *ev)
{
    const cli *c = t->res->c;
    if (ev->kind == TD_DRMEM_EV_PCS)
        return drmem_counts_pcs(&t->res->counts, &t->s->tally);
    if (t->r->dump_view)
        return drmem_view_event(t->view, ev);
    if (c->opt.command == CMD_DUMP)
        drmem_native_line(c->out, ev);
    else if (c->opt.command == CMD_CONVERT)
        drmem_json_line(c->out, ev);
    else
        return drmem_counts_event(&t->res->counts, ev);
    return 0;
}

static int consume(void *ctx, const void *event)
{
    shard_task *t = ctx;
    const td_drmem_event *ev = event;
    if (ev->kind == TD_DRMEM_EV_HEADER) {
        t->res->version = ev->header.version;
        t->res->width = (uint32_t)ev->size;
    }
    if (ev->kind == TD_DRMEM_EV_WARNING)
        t->res->warnings++;
    return take(t, ev);
}

/* A fresh tally for the next shard. */
static void start_tally(shard_scratch *s)
{
    memset(&s->tally, 0, sizeof s->tally);
    s->tally.pcs = s->pcs;
    s->tally.pcs_cap = sizeof s->pcs / sizeof s->pcs[0];
}

/* Decode one shard from h; returns an exit status. */
static int decode_shard(shard_task *t, host *h, const char *path)
{
    shard_result *res = t->res;
    td_drmem_event ev;
    decoder dec;
    driver d;
    int status = drmem_shard_start(&t->s->shard, res->c, h, path);
    res->bytes = host_size(h, 0);
    if (status != 0)
        return status;
    res->container = t->s->shard.container;
    start_tally(t->s);
    dec = decoder_of(DECODER_DRMEM_FILE, &t->s->shard.f);
    dec.tally = t->r->tallying ? &t->s->tally : NULL;
    driver_init(&d, res->c, dec, &ev, h, path);
    d.warnings = res->c->opt.verbose;
    status = driver_run(&d, consume, t);
    if (res->width > 0)
        res->records = td_drmem_stream_offset(&t->s->shard.f.records) / res->width;
    if (t->r->tallying && drmem_counts_tally(&res->counts, &t->s->tally) != 0 &&
        status == EXIT_VALID)
        status = out_of_memory(res->c);
    return status;
}

/* One shard: from the host main() opened, or from one of its own. */
static int shard(shard_task *t, const char *path)
{
    host own;
    int status;
    if (t->r->input != NULL)
        return decode_shard(t, t->r->input, path);
    if (host_open(&own, path, t->res->c->opt.io) != 0) {
        report_path_problem(t->res->c, path, own.error);
        host_close(&own);
        return EXIT_USAGE;
    }
    status = decode_shard(t, &own, path);
    host_close(&own);
    return status;
}

/* ---- Every shard, by the workers of -j --------------------------------- */

/* jobs.h's work(): shard `index` into its slot. */
static void work_shard(void *ctx, size_t index, size_t slot, int worker)
{
    drmem_run *r = ctx;
    shard_result *res = &r->slots[slot];
    shard_task t = {r, &r->view, res, &r->scratch[worker]};
    memset(res, 0, sizeof *res);
    res->plain = *r->c;
    res->c = &res->plain;
    if (r->shards->count > 1)
        res->plain.progress = &r->quiet;
    if (r->parallel) {
        if (capture_open(&res->text, r->c) != 0) {
            res->status = -1;
            return;
        }
        res->captured = true;
        res->c = &res->text.c;
    }
    drmem_counts_init(&res->counts, (uint32_t)index);
    if (r->dump_view)
        drmem_view_shard(&r->view);
    if (res->c->opt.command == CMD_DUMP && !r->dump_view)
        out_printf(res->c->out, "# shard %zu %s\n", index,
                   r->shards->paths[index]);
    res->status = shard(&t, r->shards->paths[index]);
}

/* The size of a shard's file, for the progress line's total (0 when
 * unknown). */
static uint64_t shard_size(const char *path)
{
    uint64_t size = 0;
    char error[256];
    return path_probe(path, &size, NULL, 0, error, sizeof error) == 0 ? size
                                                                      : 0;
}

/* jobs.h's finish(): the shard's text, then its counts into the totals.
 * Returns its exit status (nonzero stops the run). */
static int finish_shard(void *ctx, size_t index, size_t slot)
{
    drmem_run *r = ctx;
    shard_result *res = &r->slots[slot];
    int status = res->status;
    if (res->captured && capture_replay(&res->text, r->c) != 0 &&
        status == EXIT_VALID)
        status = -1;
    if (status == -1)
        status = out_of_memory(r->c);
    if (status == EXIT_VALID && r->tallying &&
        drmem_counts_fold(&r->totals, &res->counts,
                          &r->summaries[index]) != 0)
        status = out_of_memory(r->c);
    r->records += res->records;
    r->warnings += res->warnings;
    if (res->width > 0)
        r->version = res->version;
    r->container = res->container;
    drmem_counts_free(&res->counts);
    if (r->shards->count > 1) {
        r->bytes_done += res->bytes;
        progress_update(r->c->progress, r->bytes_done, r->bytes_total);
    }
    return status;
}

/* jobs.h's discard(): a shard done after the run stopped. */
static void discard_shard(void *ctx, size_t index, size_t slot)
{
    drmem_run *r = ctx;
    shard_result *res = &r->slots[slot];
    (void)index;
    if (res->captured)
        capture_close(&res->text);
    drmem_counts_free(&res->counts);
}

/* How many workers: -j, but one for the commands that print as they go
 * (dump, convert: their text is the trace's, too long to hold), and no
 * more than there are shards. */
static int workers_for(const drmem_run *r)
{
    const cli_options *o = &r->c->opt;
    size_t n = (size_t)o->jobs;
    if (o->command == CMD_DUMP || o->command == CMD_CONVERT ||
        r->shards->count < 2)
        return 1;
    return (int)(n < r->shards->count ? n : r->shards->count);
}

static const char *container_name(const drmem_run *r)
{
    return r->container == TD_FORMAT_DRMEMTRACE
               ? "none"
               : td_format_name(r->container);
}

static void print_info(const drmem_run *r)
{
    int64_t filetype = r->totals.filetype;
    size_t shards = r->shards->count;
    out *o = r->c->out;
    out_printf(o, "format: drmemtrace\ncontainer: %s\nversion: %" PRIu32
                  "\n",
               container_name(r), r->version);
    if (filetype == -1)
        out_str(o, "file type: none (no FILETYPE marker)\n");
    else
        out_printf(o, "file type: 0x%" PRIx64 "\n", (uint64_t)filetype);
    out_printf(o, "shards: %zu\n", shards);
    out_printf(o, "drmemtrace v%" PRIu32 ": %" PRIu64 " records, %" PRIu64
                  " instructions in %zu shards\n",
               r->version, r->records, r->totals.n[DC_INSTRS], shards);
}

static void print_info_json(const drmem_run *r)
{
    int64_t filetype = r->totals.filetype;
    json j;
    json_begin(&j, r->c->out, "drmemtrace");
    json_str(&j, "container", container_name(r));
    json_u64(&j, "version", r->version);
    if (filetype == -1)
        json_null(&j, "file_type");
    else
        json_u64(&j, "file_type", (uint64_t)filetype);
    json_u64(&j, "shards", r->shards->count);
    json_u64(&j, "records", r->records);
    json_u64(&j, "instructions", r->totals.n[DC_INSTRS]);
    json_end(&j);
}

/* validate's summary: "PATH: valid drmemtrace v7, S shards, N records,
 * W warnings" on standard error, or its JSON object. */
static void print_valid(const drmem_run *r)
{
    const char *path = r->c->opt.path;
    json j;
    if (!r->c->opt.json) {
        out_printf(r->c->err, "%s: valid drmemtrace v%" PRIu32
                              ", %zu shards, %" PRIu64 " records, %"
                              PRIu64 " warnings\n",
                   path, r->version, r->shards->count, r->records,
                   r->warnings);
        return;
    }
    json_begin_valid(&j, r->c->out, "drmemtrace", path);
    json_u64(&j, "version", r->version);
    json_u64(&j, "shards", r->shards->count);
    json_u64(&j, "records", r->records);
    json_u64(&j, "warnings", r->warnings);
    json_end(&j);
}

static int report(drmem_run *r)
{
    const cli_options *o = &r->c->opt;
    switch (o->command) {
    case CMD_DUMP:
        if (r->dump_view)
            drmem_view_finish(&r->view);
        return 0;
    case CMD_STAT:
        if (o->json) {
            drmem_counts_print_json(r->c->out, &r->totals, r->summaries,
                                    r->shards->count);
            return 0;
        }
        return drmem_counts_print(r->c->out, &r->totals, r->summaries,
                                  r->shards->count);
    case CMD_INFO:
        if (o->json)
            print_info_json(r);
        else
            print_info(r);
        return 0;
    case CMD_VALIDATE:
        if (o->verbose || o->json)
            print_valid(r);
        return 0;
    default:
        return 0;
    }
}

/* Every shard, then the command's report. */
static int run(drmem_run *r, int workers)
{
    jobs j = {0};
    size_t i;
    int status;
    j.count = r->shards->count;
    j.workers = workers;
    j.window = 2 * (size_t)workers;
    j.ctx = r;
    j.work = work_shard;
    j.finish = finish_shard;
    j.discard = discard_shard;
    for (i = 0; i < r->shards->count && r->shards->count > 1; i++)
        r->bytes_total += shard_size(r->shards->paths[i]);
    if (r->dump_view)
        drmem_view_init(&r->view, r->c->out);
    status = jobs_run(&j);
    if (status == EXIT_VALID && report(r) != 0)
        status = out_of_memory(r->c);
    else if (status != EXIT_VALID && r->dump_view)
        drmem_view_free(&r->view);
    return status;
}

/* The run's memory: a scratch per worker, a slot per task in flight, a
 * summary per shard. Returns 0, or -1 when out of memory. */
static int allocate(drmem_run *r, int workers)
{
    r->scratch = calloc((size_t)workers, sizeof *r->scratch);
    r->slots = calloc(2 * (size_t)workers, sizeof *r->slots);
    r->summaries = calloc(r->shards->count ? r->shards->count : 1,
                          sizeof *r->summaries);
    return r->scratch != NULL && r->slots != NULL && r->summaries != NULL
               ? 0
               : -1;
}

static void release(drmem_run *r)
{
    free(r->scratch);
    free(r->slots);
    free(r->summaries);
    drmem_totals_free(&r->totals);
}

int drmem_command(const cli *c, host *input)
{
    const cli_options *o = &c->opt;
    drmem_run r;
    shard_list shards;
    char error[4096];
    int status, workers;
    if (tracedir_open(o->path, &shards, error, sizeof error) != 0) {
        report_problem(c, error);
        return EXIT_USAGE;
    }
    if (o->interleave && input == NULL) {
        status = drmem_interleave(c, &shards);
        tracedir_free(&shards);
        return status;
    }
    memset(&r, 0, sizeof r);
    r.c = c;
    r.input = input;
    r.shards = &shards;
    r.tallying = o->command == CMD_STAT || o->command == CMD_INFO ||
                 o->command == CMD_VALIDATE;
    r.dump_view =
        o->command == CMD_DUMP && strcmp(o->style, "drcachesim") == 0;
    progress_init(&r.quiet, c->out, c->err, PROGRESS_OFF, false);
    drmem_totals_init(&r.totals);
    workers = workers_for(&r);
    r.parallel = workers > 1;
    if (allocate(&r, workers) != 0)
        status = out_of_memory(c);
    else
        status = run(&r, workers);
    release(&r);
    tracedir_free(&shards);
    return status;
}
