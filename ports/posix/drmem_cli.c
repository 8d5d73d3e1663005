/*
 * drmem_cli.c - the tracedec commands on drmemtrace files and directories:
 * each shard is opened with the chosen I/O method, its container is found
 * from its first bytes, and its events go to the command's consumer.
 */
#include "cli.h"
#include "drmem_counts.h"
#include "drmem_print.h"
#include "tracedir.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What a command does with the events of all shards. */
typedef struct drmem_run {
    const cli_options *o;
    host *opened;                /* the single file main() opened, or NULL */
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

/* The error line. Container errors have file offsets; record errors in
 * a compressed file have offsets in its decompressed records, which a zip
 * counts from the start of the member (named, as users find it by name).
 */
static void report_fault(const char *path, const td_drmem_file_decoder *f)
{
    td_drmem_where where;
    const td_fault *fault = td_drmem_file_fault(f);
    const char *reason = fault->reason ? fault->reason
                                       : td_error_text(fault->code);
    char member[128] = "";
    uint64_t offset = fault->offset;
    td_drmem_file_where(f, &where);
    if (f->config.container == TD_FORMAT_ZIP && where.name_len > 0)
        snprintf(member, sizeof member, "zip member %" PRIu32 " \"%.*s\"",
                 where.member, (int)where.name_len,
                 (const char *)where.name);
    if (!where.compressed) {
        cli_report_fault(path, fault);
        return;
    }
    if (where.in_records && f->config.container == TD_FORMAT_ZIP)
        offset = where.member_offset;
    fprintf(stderr, "%s:%" PRIu64 ": %s: %s", path, offset,
            td_error_name(fault->code), reason);
    if (where.in_records)
        fprintf(stderr, " (offset in the decompressed records%s%s)\n",
                member[0] ? " of " : "", member);
    else
        fprintf(stderr, member[0] ? " (in %s)\n" : "\n", member);
}

static int consume(drmem_run *r, const td_drmem_event *ev, const char *path)
{
    if (ev->kind == TD_DRMEM_EV_PCS)
        return drmem_counts_pcs(&r->shards[r->shard], &r->tally);
    if (ev->kind == TD_DRMEM_EV_HEADER) {
        r->version = ev->header.version;
        r->width = ev->size;
    }
    if (ev->kind == TD_DRMEM_EV_WARNING) {
        r->warnings++;
        if (r->o->verbose)
            fprintf(stderr, "%s:%" PRIu64 ": warning %s: %s\n", path,
                    ev->offset, td_warning_name(ev->warning.code),
                    ev->warning.reason ? ev->warning.reason
                                       : td_warning_text(ev->warning.code));
    }
    switch (r->o->command) {
    case CMD_DUMP:
        if (strcmp(r->o->style, "drcachesim") == 0)
            return drmem_view_event(&r->view, ev);
        drmem_print_native(stdout, ev);
        return 0;
    case CMD_CONVERT:
        drmem_print_json(stdout, ev);
        return 0;
    default:
        return drmem_counts_event(&r->shards[r->shard], ev);
    }
}

/* The shard's host: main()'s for a single file, else a new one. */
static host *open_shard(drmem_run *r, host *own, const char *path)
{
    if (r->opened != NULL)
        return r->opened;
    return host_open(own, path, r->o->io) == 0 ? own : NULL;
}

static void close_shard(drmem_run *r, host *h)
{
    if (h != r->opened)
        host_close(h);
}

static int next_event(drmem_run *r, td_drmem_file_decoder *f, td_drmem_event *ev)
{
    if (r->tallying)
        return td_drmem_file_tally_next(f, ev, &r->tally);
    return td_drmem_file_next(f, ev);
}

/* A fresh tally for the next shard. */
static void start_tally(drmem_run *r)
{
    memset(&r->tally, 0, sizeof r->tally);
    r->tally.pcs = r->pcs;
    r->tally.pcs_cap = sizeof r->pcs / sizeof r->pcs[0];
}

/* Add what the shard's tally holds to its counts. */
static int finish_tally(drmem_run *r)
{
    if (!r->tallying)
        return 0;
    return drmem_counts_tally(&r->shards[r->shard], &r->tally);
}

/* Decode one shard; returns an exit status. */
static int decode_shard(drmem_run *r, const char *path, void *window)
{
    host own, *h = open_shard(r, &own, path);
    td_drmem_file_decoder *f = malloc(sizeof *f);
    td_drmem_file_config cfg = {sizeof cfg, 0, window, TD_DRMEM_FILE_WINDOW,
                                TD_FORMAT_UNKNOWN};
    td_drmem_event ev;
    const uint8_t *data;
    size_t len;
    int rc, status = EXIT_VALID;
    if (f == NULL || h == NULL || host_head(h, 64, &data, &len) != 0) {
        fprintf(stderr, "tracedec: %s: %s\n", path,
                f == NULL ? "out of memory" : h ? h->error : own.error);
        if (h != NULL)
            close_shard(r, h);
        free(f);
        return EXIT_USAGE;
    }
    r->container = td_detect_format(data, len);
    cfg.container = r->container;
    cfg.flags = h->io == HOST_STREAM ? 0 : TD_ZIP_SEEKABLE;
    rc = td_drmem_file_init(f, &cfg);
    if (rc == TD_E_INVALID_ARGUMENT) {
        fprintf(stderr, "%s:0: unknown-format: not a drmemtrace file\n",
                path);
        status = EXIT_INVALID;
    } else if (rc != TD_OK) {
        fprintf(stderr, "tracedec: %s: %s\n", path, td_error_text(rc));
        status = EXIT_USAGE;
    }
    start_tally(r);
    while (status == EXIT_VALID && (rc = next_event(r, f, &ev)) != TD_END) {
        if (rc == TD_EVENT) {
            if (consume(r, &ev, path) != 0) {
                fprintf(stderr, "tracedec: out of memory\n");
                status = EXIT_USAGE;
            }
        } else if (rc == TD_NEED_INPUT) {
            if (host_read(h, td_drmem_file_request(f), &data, &len) != 0) {
                fprintf(stderr, "tracedec: %s: %s\n", path, h->error);
                status = EXIT_USAGE;
            } else {
                td_drmem_file_feed(f, data, len);
            }
        } else {
            report_fault(path, f);
            status = EXIT_INVALID;
        }
    }
    if (r->width > 0)
        r->records += td_drmem_stream_offset(&f->records) / r->width;
    if (finish_tally(r) != 0 && status == EXIT_VALID) {
        fprintf(stderr, "tracedec: out of memory\n");
        status = EXIT_USAGE;
    }
    close_shard(r, h);
    free(f);
    return status;
}

static void print_info(const drmem_run *r, const shard_list *shards)
{
    uint64_t instrs = 0;
    size_t i;
    int64_t filetype = r->shards[0].filetype;
    for (i = 0; i < shards->count; i++)
        instrs += r->shards[i].c.n[DC_INSTRS];
    printf("format: drmemtrace\ncontainer: %s\nversion: %" PRIu32 "\n",
           r->container == TD_FORMAT_DRMEMTRACE ? "none"
                                                 : td_format_name(r->container),
           r->version);
    if (filetype == -1)
        printf("file type: none (no FILETYPE marker)\n");
    else
        printf("file type: 0x%" PRIx64 "\n", (uint64_t)filetype);
    printf("shards: %zu\n", shards->count);
    printf("drmemtrace v%" PRIu32 ": %" PRIu64 " records, %" PRIu64
           " instructions in %zu shards\n",
           r->version, r->records, instrs, shards->count);
}

static int report(drmem_run *r, const shard_list *shards)
{
    switch (r->o->command) {
    case CMD_DUMP:
        if (strcmp(r->o->style, "drcachesim") == 0)
            drmem_view_finish(&r->view);
        return 0;
    case CMD_STAT:
        return drmem_counts_print(stdout, r->shards, shards->count);
    case CMD_INFO:
        print_info(r, shards);
        return 0;
    case CMD_VALIDATE:
        if (r->o->verbose)
            fprintf(stderr, "%s: valid drmemtrace v%" PRIu32 ", %zu shards, "
                            "%" PRIu64 " records, %" PRIu64 " warnings\n",
                    r->o->path, r->version, shards->count, r->records,
                    r->warnings);
        return 0;
    default:
        return 0;
    }
}

int drmem_command(const cli_options *o, host *opened)
{
    drmem_run r;
    shard_list shards;
    char error[4096];
    void *window = malloc(TD_DRMEM_FILE_WINDOW);
    int status = EXIT_VALID;
    size_t i;
    if (o->command == CMD_CONVERT && strcmp(o->to, "json") != 0) {
        fprintf(stderr, "tracedec: drmemtrace converts to json only\n");
        free(window);
        return EXIT_USAGE;
    }
    if (tracedir_open(o->path, &shards, error, sizeof error) != 0) {
        fprintf(stderr, "tracedec: %s\n", error);
        free(window);
        return EXIT_USAGE;
    }
    memset(&r, 0, sizeof r);
    r.o = o;
    r.opened = opened;
    r.tallying = o->command == CMD_STAT || o->command == CMD_INFO ||
                 o->command == CMD_VALIDATE;
    r.shards = calloc(shards.count, sizeof *r.shards);
    if (window == NULL || r.shards == NULL) {
        fprintf(stderr, "tracedec: out of memory\n");
        status = EXIT_USAGE;
    }
    if (o->command == CMD_DUMP && strcmp(o->style, "drcachesim") == 0)
        drmem_view_init(&r.view, stdout);
    for (i = 0; i < shards.count && status == EXIT_VALID; i++) {
        r.shard = i;
        drmem_counts_init(&r.shards[i], (uint32_t)i);
        drmem_view_shard(&r.view);
        if (o->command == CMD_DUMP && strcmp(o->style, "native") == 0)
            printf("# shard %zu %s\n", i, shards.paths[i]);
        status = decode_shard(&r, shards.paths[i], window);
    }
    if (status == EXIT_VALID && report(&r, &shards) != 0) {
        fprintf(stderr, "tracedec: out of memory\n");
        status = EXIT_USAGE;
    }
    for (i = 0; r.shards != NULL && i < shards.count; i++)
        drmem_counts_free(&r.shards[i]);
    free(r.shards);
    free(window);
    tracedir_free(&shards);
    return status;
}
