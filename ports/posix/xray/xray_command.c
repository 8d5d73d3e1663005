/*
 * xray_command.c - the tracedec commands on an XRay file: the decoder as
 * the driver calls it, and each command's consumer of its events.
 */
#include "xray_command.h"
#include "driver.h"
#include "xray_convert.h"
#include "xray_print.h"
#include "xray_stat.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* Call matcher sizing for validate, stat and chrome: threads x depth. */
#define MATCH_THREADS 8192u
#define MATCH_DEPTH 256u

/* ---- The decoder, as the driver calls it ------------------------------ */

static int next(void *d, void *ev)
{
    return td_xray_next(d, ev);
}

static const td_request *request(const void *d)
{
    return td_xray_request(d);
}

static int feed(void *d, const void *data, size_t len)
{
    return td_xray_feed(d, data, len);
}

static void fault(const void *d, cli_fault *f)
{
    cli_fault_from(f, td_xray_fault(d));
}

static bool warning(const void *event, cli_fault *w)
{
    const td_xray_event *ev = event;
    if (ev->kind != TD_XRAY_EV_WARNING)
        return false;
    cli_fault_set(w, ev->warning.code, ev->offset, ev->warning.reason);
    return true;
}

static const driver_ops xray_ops = {next, request, feed, fault, warning};

/* A run of the decoder over the file, with the command's consumer. */
typedef struct xray_run {
    const cli *c;
    td_xray_decoder d;
    td_xray_event ev;
    driver drive;
    void *calls_mem;
} xray_run;

static int out_of_memory(const cli *c)
{
    report_problem(c, "out of memory");
    return EXIT_USAGE;
}

static int setup(xray_run *r, const cli *c, host *input, bool match,
                 uint32_t flags)
{
    td_xray_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.size = sizeof cfg;
    cfg.flags = flags;
    if (c->opt.recover)
        cfg.flags |= TD_XRAY_RECOVER_TYPED_EXTENTS;
    if (match) {
        cfg.memory_size = td_xray_calls_size(MATCH_THREADS, MATCH_DEPTH);
        cfg.memory = r->calls_mem = malloc(cfg.memory_size);
        cfg.max_threads = MATCH_THREADS;
        cfg.max_depth = MATCH_DEPTH;
        if (r->calls_mem == NULL)
            return out_of_memory(c);
    }
    td_xray_init(&r->d, &cfg); /* cannot fail: the config is well formed */
    driver_init(&r->drive, c, &xray_ops, &r->d, &r->ev, input, c->opt.path);
    r->drive.warnings = c->opt.verbose && c->opt.command == CMD_VALIDATE;
    return 0;
}

/* ---- dump ------------------------------------------------------------- */

static int print_native(void *ctx, const void *ev)
{
    xray_print_native(ctx, ev);
    return 0;
}

typedef struct llvm_run {
    const cli *c;
    xray_llvm_style st;
} llvm_run;

static int print_llvm(void *ctx, const void *event)
{
    const td_xray_event *ev = event;
    llvm_run *l = ctx;
    if (ev->kind == TD_XRAY_EV_HEADER && ev->header.mode != TD_XRAY_MODE_FDR) {
        report_problem(l->c, "--style=llvm prints FDR files only; this is "
                             "a basic-mode file");
        return EXIT_USAGE;
    }
    xray_print_llvm(l->c->out, &l->st, ev);
    return 0;
}

static int dump(xray_run *r)
{
    llvm_run l;
    if (strcmp(r->c->opt.style, "llvm") != 0)
        return driver_run(&r->drive, print_native, r->c->out);
    memset(&l, 0, sizeof l);
    l.c = r->c;
    return driver_run(&r->drive, print_llvm, &l);
}

/* ---- convert ---------------------------------------------------------- */

typedef struct convert_run {
    const cli *c;
    xray_yaml yaml;
    xray_chrome chrome;
} convert_run;

static int to_yaml(void *ctx, const void *ev)
{
    convert_run *cr = ctx;
    return xray_yaml_event(&cr->yaml, ev) == 0 ? 0 : out_of_memory(cr->c);
}

static int to_json(void *ctx, const void *ev)
{
    xray_json_event(ctx, ev);
    return 0;
}

static int to_chrome(void *ctx, const void *ev)
{
    convert_run *cr = ctx;
    return xray_chrome_event(&cr->chrome, ev) == 0 ? 0
                                                   : out_of_memory(cr->c);
}

static int convert(xray_run *r)
{
    convert_run cr;
    int rc;
    cr.c = r->c;
    if (strcmp(r->c->opt.to, "yaml") == 0) {
        xray_yaml_init(&cr.yaml, r->c->out, r->c->opt.sort);
        rc = driver_run(&r->drive, to_yaml, &cr);
        if (rc == EXIT_VALID && xray_yaml_finish(&cr.yaml) != 0)
            rc = out_of_memory(r->c);
        return rc;
    }
    if (strcmp(r->c->opt.to, "chrome") == 0) {
        xray_chrome_init(&cr.chrome, r->c->out);
        rc = driver_run(&r->drive, to_chrome, &cr);
        if (rc == EXIT_VALID)
            xray_chrome_finish(&cr.chrome);
        return rc;
    }
    return driver_run(&r->drive, to_json, r->c->out);
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

typedef struct stat_run {
    const cli *c;
    xray_stat s;
} stat_run;

static int count(void *ctx, const void *ev)
{
    stat_run *sr = ctx;
    return xray_stat_event(&sr->s, ev) == 0 ? 0 : out_of_memory(sr->c);
}

static void print_info(out *o, const xray_stat *s)
{
    const td_xray_event *h = &s->header;
    out_printf(o, "format: xray\nmode: %s\nversion: %u\nbyte order: %s\n"
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

static int statistics(xray_run *r)
{
    const cli_options *o = &r->c->opt;
    stat_run sr;
    int rc;
    sr.c = r->c;
    xray_stat_init(&sr.s);
    rc = driver_run(&r->drive, count, &sr);
    if (rc == EXIT_VALID) {
        if (o->command == CMD_INFO)
            print_info(r->c->out, &sr.s);
        else if (o->command == CMD_STAT && o->json)
            xray_stat_print_json(r->c->out, &sr.s);
        else if (o->command == CMD_STAT)
            xray_stat_print(r->c->out, &sr.s);
        else if (o->verbose)
            xray_stat_summary(r->c->err, &sr.s);
    }
    xray_stat_free(&sr.s);
    return rc;
}

int xray_command(const cli *c, host *input)
{
    const cli_options *o = &c->opt;
    xray_run *r = calloc(1, sizeof *r);
    bool quiet = o->command == CMD_VALIDATE && !o->verbose;
    bool match = (o->command == CMD_VALIDATE && o->verbose) ||
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
        rc = quiet ? driver_run(&r->drive, ignore, NULL) : statistics(r);
    free(r->calls_mem);
    free(r);
    return rc;
}
