/*
 * drmem_command.c - the tracedec commands on drmemtrace files and
 * directories: each shard is opened with the chosen I/O method, its
 * container is found from its first bytes, and the driver hands its
 * events to the command's consumer.
 */
#include "drmem_command.h"
#include "drmem_counts.h"
#include "drmem_print.h"
#include "drmem_view.h"
#include "driver.h"
#include "json.h"
#include "tracedir.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- What a command does with the events of all shards ---------------- */

typedef struct drmem_run {
    const cli *c;
    drmem_view view;
    drmem_shard_counts *shards;  /* stat, info, validate */
    size_t shard;                /* the current shard */
    uint64_t records;            /* stored records, hidden ones included */
    uint32_t width;              /* of the records: the HEADER's size */
    uint64_t warnings;
    int container;
    uint32_t version;
    bool tallying;               /* stat, info, validate: counts suffice */
    td_drmem_tally tally;        /* the current shard's */
    uint64_t pcs[4096];
} drmem_run;

static int out_of_memory(const cli *c)
{
    report_problem(c, "out of memory");
    return EXIT_USAGE;
}

/* Hand one event to the command. Returns 0, or -1 when out of memory. */
static int take(drmem_run *r, const td_drmem_event *ev)
{
    const cli_options *o = &r->c->opt;
    if (ev->kind == TD_DRMEM_EV_PCS)
        return drmem_counts_pcs(&r->shards[r->shard], &r->tally);
    if (o->command == CMD_DUMP && strcmp(o->style, "drcachesim") == 0)
        return drmem_view_event(&r->view, ev);
    if (o->command == CMD_DUMP)
        drmem_native_line(r->c->out, ev);
    else if (o->command == CMD_CONVERT)
        drmem_json_line(r->c->out, ev);
    else
        return drmem_counts_event(&r->shards[r->shard], ev);
    return 0;
}

static int consume(void *ctx, const void *event)
{
    drmem_run *r = ctx;
    const td_drmem_event *ev = event;
    if (ev->kind == TD_DRMEM_EV_HEADER) {
        r->version = ev->header.version;
        r->width = (uint32_t)ev->size;
    }
    if (ev->kind == TD_DRMEM_EV_WARNING)
        r->warnings++;
    return take(r, ev);
}

/* A fresh tally for the next shard. */
static void start_tally(drmem_run *r)
{
    memset(&r->tally, 0, sizeof r->tally);
    r->tally.pcs = r->pcs;
    r->tally.pcs_cap = sizeof r->pcs / sizeof r->pcs[0];
}

/* Prepare the shard's decoder for its container. Returns 0, or an exit
 * status having said why. */
static int start_shard(drmem_run *r, td_drmem_file_decoder *f, host *h,
                       const char *path, void *window)
{
    td_drmem_file_config cfg = {sizeof cfg, 0, window, TD_DRMEM_FILE_WINDOW,
                                TD_FORMAT_UNKNOWN};
    const uint8_t *head;
    size_t len;
    cli_fault unknown;
    int rc;
    if (host_head(h, 64, &head, &len) != 0) {
        report_path_problem(r->c, path, h->error);
        return EXIT_USAGE;
    }
    r->container = td_detect_format(head, len);
    cfg.container = r->container;
    cfg.flags = h->io == HOST_STREAM ? 0 : TD_ZIP_SEEKABLE;
    rc = td_drmem_file_init(f, &cfg);
    if (rc == TD_E_INVALID_ARGUMENT) {
        cli_fault_set(&unknown, TD_E_UNKNOWN_FORMAT, 0,
                      "not a drmemtrace file");
        report_error(r->c, path, &unknown);
        return EXIT_INVALID;
    }
    if (rc != TD_OK) {
        report_path_problem(r->c, path, td_error_text(rc));
        return EXIT_USAGE;
    }
    start_tally(r);
    return 0;
}

/* Decode one shard from h; returns an exit status. */
static int decode_shard(drmem_run *r, host *h, const char *path,
                        void *window)
{
    td_drmem_file_decoder *f = malloc(sizeof *f);
    td_drmem_event ev;
    decoder dec;
    driver d;
    int status;
    if (f == NULL) {
        report_path_problem(r->c, path, "out of memory");
        return EXIT_USAGE;
    }
    status = start_shard(r, f, h, path, window);
    if (status != 0) {
        free(f);
        return status;
    }
    dec = decoder_of(DECODER_DRMEM_FILE, f);
    dec.tally = r->tallying ? &r->tally : NULL;
    driver_init(&d, r->c, dec, &ev, h, path);
    d.warnings = r->c->opt.verbose;
    status = driver_run(&d, consume, r);
    if (r->width > 0)
        r->records += td_drmem_stream_offset(&f->records) / r->width;
    if (r->tallying &&
        drmem_counts_tally(&r->shards[r->shard], &r->tally) != 0 &&
        status == EXIT_VALID)
        status = out_of_memory(r->c);
    free(f);
    return status;
}

/* One shard: from the host main() opened, or from one of its own. */
static int shard(drmem_run *r, host *input, const char *path, void *window)
{
    host own;
    int status;
    if (input != NULL)
        return decode_shard(r, input, path, window);
    if (host_open(&own, path, r->c->opt.io) != 0) {
        report_path_problem(r->c, path, own.error);
        host_close(&own);
        return EXIT_USAGE;
    }
    status = decode_shard(r, &own, path, window);
    host_close(&own);
    return status;
}

static uint64_t instructions(const drmem_run *r, size_t shards)
{
    uint64_t n = 0;
    size_t i;
    for (i = 0; i < shards; i++)
        n += r->shards[i].c.n[DC_INSTRS];
    return n;
}

static const char *container_name(const drmem_run *r)
{
    return r->container == TD_FORMAT_DRMEMTRACE
               ? "none"
               : td_format_name(r->container);
}

static void print_info(const drmem_run *r, const shard_list *shards)
{
    int64_t filetype = r->shards[0].filetype;
    out *o = r->c->out;
    out_printf(o, "format: drmemtrace\ncontainer: %s\nversion: %" PRIu32
                  "\n",
               container_name(r), r->version);
    if (filetype == -1)
        out_str(o, "file type: none (no FILETYPE marker)\n");
    else
        out_printf(o, "file type: 0x%" PRIx64 "\n", (uint64_t)filetype);
    out_printf(o, "shards: %zu\n", shards->count);
    out_printf(o, "drmemtrace v%" PRIu32 ": %" PRIu64 " records, %" PRIu64
                  " instructions in %zu shards\n",
               r->version, r->records, instructions(r, shards->count),
               shards->count);
}

static void print_info_json(const drmem_run *r, const shard_list *shards)
{
    int64_t filetype = r->shards[0].filetype;
    json j;
    json_begin(&j, r->c->out, "drmemtrace");
    json_str(&j, "container", container_name(r));
    json_u64(&j, "version", r->version);
    if (filetype == -1)
        json_null(&j, "file_type");
    else
        json_u64(&j, "file_type", (uint64_t)filetype);
    json_u64(&j, "shards", shards->count);
    json_u64(&j, "records", r->records);
    json_u64(&j, "instructions", instructions(r, shards->count));
    json_end(&j);
}

/* validate's summary: "PATH: valid drmemtrace v7, S shards, N records,
 * W warnings" on standard error, or its JSON object. */
static void print_valid(const drmem_run *r, const shard_list *shards)
{
    const char *path = r->c->opt.path;
    json j;
    if (!r->c->opt.json) {
        out_printf(r->c->err, "%s: valid drmemtrace v%" PRIu32
                              ", %zu shards, %" PRIu64 " records, %"
                              PRIu64 " warnings\n",
                   path, r->version, shards->count, r->records,
                   r->warnings);
        return;
    }
    json_begin_valid(&j, r->c->out, "drmemtrace", path);
    json_u64(&j, "version", r->version);
    json_u64(&j, "shards", shards->count);
    json_u64(&j, "records", r->records);
    json_u64(&j, "warnings", r->warnings);
    json_end(&j);
}

static int report(drmem_run *r, const shard_list *shards)
{
    const cli_options *o = &r->c->opt;
    switch (o->command) {
    case CMD_DUMP:
        if (strcmp(o->style, "drcachesim") == 0)
            drmem_view_finish(&r->view);
        return 0;
    case CMD_STAT:
        if (o->json)
            return drmem_counts_print_json(r->c->out, r->shards,
                                           shards->count);
        return drmem_counts_print(r->c->out, r->shards, shards->count);
    case CMD_INFO:
        if (o->json)
            print_info_json(r, shards);
        else
            print_info(r, shards);
        return 0;
    case CMD_VALIDATE:
        if (o->verbose || o->json)
            print_valid(r, shards);
        return 0;
    default:
        return 0;
    }
}

/* Every shard in turn, then the command's report. */
static int run(drmem_run *r, host *input, const shard_list *shards,
               void *window)
{
    const cli_options *o = &r->c->opt;
    int status = EXIT_VALID;
    size_t i;
    if (o->command == CMD_DUMP && strcmp(o->style, "drcachesim") == 0)
        drmem_view_init(&r->view, r->c->out);
    for (i = 0; i < shards->count && status == EXIT_VALID; i++) {
        r->shard = i;
        drmem_counts_init(&r->shards[i], (uint32_t)i);
        drmem_view_shard(&r->view);
        if (o->command == CMD_DUMP && strcmp(o->style, "native") == 0)
            out_printf(r->c->out, "# shard %zu %s\n", i, shards->paths[i]);
        status = shard(r, input, shards->paths[i], window);
    }
    if (status == EXIT_VALID && report(r, shards) != 0)
        status = out_of_memory(r->c);
    for (i = 0; i < shards->count; i++)
        drmem_counts_free(&r->shards[i]);
    return status;
}

int drmem_command(const cli *c, host *input)
{
    const cli_options *o = &c->opt;
    drmem_run *r;
    shard_list shards;
    char error[4096];
    void *window;
    int status;
    if (tracedir_open(o->path, &shards, error, sizeof error) != 0) {
        report_problem(c, error);
        return EXIT_USAGE;
    }
    r = calloc(1, sizeof *r);
    window = malloc(TD_DRMEM_FILE_WINDOW);
    if (r != NULL)
        r->shards = calloc(shards.count, sizeof *r->shards);
    if (r == NULL || window == NULL || r->shards == NULL) {
        status = out_of_memory(c);
    } else {
        r->c = c;
        r->tallying = o->command == CMD_STAT || o->command == CMD_INFO ||
                      o->command == CMD_VALIDATE;
        status = run(r, input, &shards, window);
    }
    if (r != NULL)
        free(r->shards);
    free(r);
    free(window);
    tracedir_free(&shards);
    return status;
}
