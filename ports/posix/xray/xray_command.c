/*
 * xray_command.c - the tracedec commands on an XRay file: the decoder's
 * configuration for each, and each one's consumer of its events.
 */
#include "xray_command.h"
#include "driver.h"
#include "xray_convert.h"
#include "xray_jobs.h"
#include "xray_print.h"
#include "xray_stat.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* Call matcher sizing for validate, stat and chrome: threads x depth. */
#define MATCH_THREADS 8192u
#define MATCH_DEPTH 256u

/* A run of the decoder over the file, and what the command builds from
 * its events. */
typedef struct xray_run {
    const cli *c;
    td_xray_decoder d;
    td_xray_event ev;
    td_xray_config cfg;
    driver drive;
    void *calls_mem;
    xray_llvm_style llvm;     /* dump --style=llvm */
    xray_yaml yaml;           /* convert -f yaml */
    xray_chrome chrome;       /* convert -f chrome */
    xray_json json;           /* convert -f json */
    xray_stat stat;           /* info, stat, validate -v */
} xray_run;

static int out_of_memory(const cli *c)
{
    report_problem(c, "out of memory");
    return EXIT_USAGE;
}

/* The decoder's configuration for c's command, without the call
 * matcher's memory. */
static void configure(td_xray_config *cfg, const cli *c, bool match,
                      uint32_t flags)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->size = sizeof *cfg;
    cfg->flags = flags;
    if (c->opt.recover)
        cfg->flags |= TD_XRAY_RECOVER_TYPED_EXTENTS;
    if (match) {
        cfg->max_threads = MATCH_THREADS;
        cfg->max_depth = MATCH_DEPTH;
    }
}

static int setup(xray_run *r, const cli *c, host *input, bool match,
                 uint32_t flags)
{
    configure(&r->cfg, c, match, flags);
    if (match) {
        r->cfg.memory_size = td_xray_calls_size(MATCH_THREADS, MATCH_DEPTH);
        r->cfg.memory = r->calls_mem = malloc(r->cfg.memory_size);
        if (r->calls_mem == NULL)
            return out_of_memory(c);
    }
    td_xray_init(&r->d, &r->cfg); /* cannot fail: the config is well formed */
    driver_init(&r->drive, c, decoder_of(DECODER_XRAY, &r->d), &r->ev, input,
                c->opt.path);
    r->drive.warnings = c->opt.verbose && c->opt.command == CMD_VALIDATE;
    return 0;
}

/* ---- dump ------------------------------------------------------------- */

static int print_native(void *ctx, const void *ev)
{
    xray_print_native(ctx, ev);
    return 0;
}

static int print_llvm(void *ctx, const void *event)
{
    const td_xray_event *ev = event;
    xray_run *r = ctx;
    if (ev->kind == TD_XRAY_EV_HEADER && ev->header.mode != TD_XRAY_MODE_FDR) {
        report_problem(r->c, "--style=llvm prints FDR files only; this is "
                             "a basic-mode file");
        return EXIT_USAGE;
    }
    xray_print_llvm(r->c->out, &r->llvm, ev);
    return 0;
}

static int dump(xray_run *r)
{
    if (strcmp(r->c->opt.style, "llvm") == 0)
        return driver_run(&r->drive, print_llvm, r);
    return driver_run(&r->drive, print_native, r->c->out);
}

/* ---- convert ----------------------------------------------------------
 * json and chrome stay valid JSON when the input turns out bad: the
 * driver's abandon closes them before the error line. */

static int to_yaml(void *yaml, const void *ev)
{
    return xray_yaml_event(yaml, ev);
}

static int to_json(void *json, const void *ev)
{
    xray_json_event(json, ev);
    return 0;
}

static void end_json(void *json)
{
    xray_json_finish(json);
}

static int to_chrome(void *chrome, const void *ev)
{
    return xray_chrome_event(chrome, ev);
}

static void end_chrome(void *chrome)
{
    xray_chrome_finish(chrome);
}

static int convert(xray_run *r)
{
    int rc;
    if (strcmp(r->c->opt.to, "yaml") == 0) {
        xray_yaml_init(&r->yaml, r->c->out, r->c->opt.sort);
        rc = driver_run(&r->drive, to_yaml, &r->yaml);
        if (rc == EXIT_VALID && xray_yaml_finish(&r->yaml) != 0)
            rc = out_of_memory(r->c);
        xray_yaml_free(&r->yaml);
        return rc;
    }
    if (strcmp(r->c->opt.to, "chrome") == 0) {
        xray_chrome_init(&r->chrome, r->c->out);
        r->drive.abandon = end_chrome;
        rc = driver_run(&r->drive, to_chrome, &r->chrome);
        xray_chrome_finish(&r->chrome);
        xray_chrome_free(&r->chrome);
        return rc;
    }
    xray_json_init(&r->json, r->c->out);
    r->drive.abandon = end_json;
    rc = driver_run(&r->drive, to_json, &r->json);
    xray_json_finish(&r->json);
    return rc;
}

/* ---- validate, stat, info --------------------------------------------- */

/* Plain validate: the decoder checks every record and hands out only the
 * others; nothing is counted or matched. */
static int ignore(void *ctx, const void *ev)
{
    (void)ctx;
    (void)ev;
    return 0;
}

/* "format: xray", and the container it came in, if any. */
static void print_format(out *o, int container)
{
    if (container == TD_FORMAT_UNKNOWN)
        out_str(o, "format: xray\n");
    else
        out_printf(o, "format: xray (in %s)\n", td_format_name(container));
}

static void print_info(out *o, const xray_stat *s, int container)
{
    const td_xray_event *h = &s->header;
    print_format(o, container);
    out_printf(o, "mode: %s\nversion: %u\nbyte order: %s\n"
                  "constant tsc: %s\nnonstop tsc: %s\nflags: 0x%08" PRIx32
                  "\ncycle frequency: %" PRIu64 "\n",
               h->header.mode == TD_XRAY_MODE_FDR ? "fdr" : "basic",
               h->header.version,
               h->header.big_endian ? "big-endian" : "little-endian",
               h->header.constant_tsc ? "yes" : "no",
               h->header.nonstop_tsc ? "yes" : "no", h->header.bitfield,
               h->header.cycle_frequency);
    if (h->header.mode == TD_XRAY_MODE_FDR)
        out_printf(o, "buffer size: %" PRIu64 "\n", h->header.buffer_size);
    xray_stat_summary(o, s);
}

/* Count the file: on the workers of -j when it splits, else with the
 * one decoder (which plain validate runs without counting). */
static int count(xray_run *r, bool quiet)
{
    int rc = xray_jobs_count(r->c, r->drive.input, &r->cfg,
                             r->drive.warnings, &r->stat);
    if (rc != XRAY_JOBS_SERIAL)
        return rc;
    if (quiet)
        return driver_run(&r->drive, ignore, NULL);
    return driver_run(&r->drive, xray_stat_consume, &r->stat);
}

static int statistics(xray_run *r, bool quiet)
{
    const cli_options *o = &r->c->opt;
    int rc;
    xray_stat_init(&r->stat);
    rc = count(r, quiet);
    if (rc == EXIT_VALID) {
        if (o->command == CMD_INFO && o->json)
            xray_stat_print_info_json(r->c->out, &r->stat,
                                      host_container(r->drive.input));
        else if (o->command == CMD_INFO)
            print_info(r->c->out, &r->stat, host_container(r->drive.input));
        else if (o->command == CMD_STAT && o->json)
            xray_stat_print_json(r->c->out, &r->stat);
        else if (o->command == CMD_STAT)
            xray_stat_print(r->c->out, &r->stat);
        else if (o->json)
            xray_stat_print_valid_json(r->c->out, o->path, &r->stat);
        else if (o->verbose)
            xray_stat_print_valid(r->c->err, o->path, &r->stat);
    }
    xray_stat_free(&r->stat);
    return rc;
}

int xray_command(const cli *c, host *input)
{
    const cli_options *o = &c->opt;
    xray_run *r = calloc(1, sizeof *r);
    bool summary = o->verbose || o->json;  /* validate's */
    bool quiet = o->command == CMD_VALIDATE && !summary;
    bool match = (o->command == CMD_VALIDATE && summary) ||
                 o->command == CMD_STAT ||
                 (o->command == CMD_CONVERT && strcmp(o->to, "chrome") == 0);
    int rc;
    if (r == NULL)
        return out_of_memory(c);
    r->c = c;
    rc = setup(r, c, input, match, quiet ? TD_XRAY_SKIP_FUNCTIONS : 0);
    if (rc == 0 && o->command == CMD_DUMP)
        rc = dump(r);
    else if (rc == 0 && o->command == CMD_CONVERT)
        rc = convert(r);
    else if (rc == 0)
        rc = statistics(r, quiet);
    free(r->calls_mem);
    free(r);
    return rc;
}
