/*
 * xray_cli.c - the tracedec commands on an XRay file: one decode loop that
 * answers the decoder's requests from the host and hands every event to the
 * command's consumer.
 */
#include "cli.h"
#include "xray_convert.h"
#include "xray_print.h"
#include "xray_stat.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Call matcher sizing for validate, stat and chrome: threads x depth. */
#define MATCH_THREADS 8192u
#define MATCH_DEPTH 256u

/* A consumer returns 0 to go on, or an exit status to stop with (having
 * said why on stderr). */
typedef int (*event_fn)(void *ctx, const td_xray_event *ev);

static int out_of_memory(void)
{
    fprintf(stderr, "tracedec: out of memory\n");
    return EXIT_USAGE;
}

typedef struct decode_run {
    const cli_options *o;
    host *h;
    out out;            /* dumps' and conversions' standard output */
    td_xray_decoder d;
    void *calls_mem;
} decode_run;

static int setup(decode_run *r, const cli_options *o, host *h, bool match,
                 uint32_t flags)
{
    td_xray_config cfg;
    memset(r, 0, sizeof *r);
    r->o = o;
    r->h = h;
    out_init(&r->out, stdout);
    memset(&cfg, 0, sizeof cfg);
    cfg.size = sizeof cfg;
    cfg.flags = flags;
    if (o->recover)
        cfg.flags |= TD_XRAY_RECOVER_TYPED_EXTENTS;
    if (match) {
        cfg.memory_size = td_xray_calls_size(MATCH_THREADS, MATCH_DEPTH);
        cfg.memory = r->calls_mem = malloc(cfg.memory_size);
        cfg.max_threads = MATCH_THREADS;
        cfg.max_depth = MATCH_DEPTH;
    }
    if (match && r->calls_mem == NULL)
        return out_of_memory();
    td_xray_init(&r->d, &cfg); /* cannot fail: the config is well formed */
    return 0;
}

/* Decode everything; returns an exit status. */
static int run(decode_run *r, event_fn fn, void *ctx)
{
    td_xray_event ev;
    int rc;
    for (;;) {
        rc = td_xray_next(&r->d, &ev);
        if (rc == TD_EVENT) {
            rc = fn(ctx, &ev);
            if (rc != 0)
                return rc;
        } else if (rc == TD_NEED_INPUT) {
            const uint8_t *data;
            size_t len;
            if (host_read(r->h, td_xray_request(&r->d), &data, &len) != 0) {
                fprintf(stderr, "tracedec: %s: %s\n", r->o->path,
                        r->h->error);
                return EXIT_USAGE;
            }
            td_xray_feed(&r->d, data, len);
        } else if (rc == TD_END) {
            return EXIT_VALID;
        } else {
            cli_report_fault(r->o->path, td_xray_fault(&r->d));
            return EXIT_INVALID;
        }
    }
}

static void finish(decode_run *r)
{
    out_flush(&r->out);
    free(r->calls_mem);
}

/* ---- dump ------------------------------------------------------------- */

static int print_native(void *ctx, const td_xray_event *ev)
{
    xray_print_native(ctx, ev);
    return 0;
}

typedef struct llvm_run {
    out *o;
    xray_llvm_style st;
} llvm_run;

static int print_llvm(void *ctx, const td_xray_event *ev)
{
    llvm_run *l = ctx;
    if (ev->kind == TD_XRAY_EV_HEADER && ev->header.mode != TD_XRAY_MODE_FDR) {
        fprintf(stderr, "tracedec: --style=llvm prints FDR files only; this "
                        "is a basic-mode file\n");
        return EXIT_USAGE;
    }
    xray_print_llvm(l->o, &l->st, ev);
    return 0;
}

static int dump(decode_run *r)
{
    llvm_run l;
    memset(&l, 0, sizeof l);
    l.o = &r->out;
    if (strcmp(r->o->style, "llvm") == 0)
        return run(r, print_llvm, &l);
    return run(r, print_native, &r->out);
}

/* ---- convert ---------------------------------------------------------- */

static int to_yaml(void *ctx, const td_xray_event *ev)
{
    return xray_yaml_event(ctx, ev) == 0 ? 0 : out_of_memory();
}

static int to_json(void *ctx, const td_xray_event *ev)
{
    xray_json_event(ctx, ev);
    return 0;
}

static int to_chrome(void *ctx, const td_xray_event *ev)
{
    return xray_chrome_event(ctx, ev) == 0 ? 0 : out_of_memory();
}

static int convert(decode_run *r)
{
    int rc;
    if (strcmp(r->o->to, "yaml") == 0) {
        xray_yaml y;
        xray_yaml_init(&y, &r->out, r->o->sort);
        rc = run(r, to_yaml, &y);
        if (rc == EXIT_VALID && xray_yaml_finish(&y) != 0)
            rc = out_of_memory();
        return rc;
    }
    if (strcmp(r->o->to, "chrome") == 0) {
        xray_chrome c;
        xray_chrome_init(&c, &r->out);
        rc = run(r, to_chrome, &c);
        if (rc == EXIT_VALID)
            xray_chrome_finish(&c);
        return rc;
    }
    return run(r, to_json, &r->out);
}

/* ---- validate, stat, info --------------------------------------------- */

/* Plain validate: the decoder checks every record and hands out only the
 * others; nothing is counted or matched. */
static int ignore(void *ctx, const td_xray_event *ev)
{
    (void)ctx;
    (void)ev;
    return 0;
}

typedef struct stat_run {
    xray_stat s;
    const cli_options *o;
} stat_run;

static int count(void *ctx, const td_xray_event *ev)
{
    stat_run *sr = ctx;
    if (ev->kind == TD_XRAY_EV_WARNING && sr->o->verbose &&
        sr->o->command == CMD_VALIDATE)
        fprintf(stderr, "%s:%" PRIu64 ": warning %s: %s\n", sr->o->path,
                ev->offset, td_warning_name(ev->warning.code),
                ev->warning.reason ? ev->warning.reason
                                   : td_warning_text(ev->warning.code));
    return xray_stat_event(&sr->s, ev) == 0 ? 0 : out_of_memory();
}

static void print_info(const xray_stat *s)
{
    const td_xray_event *h = &s->header;
    printf("format: xray\nmode: %s\nversion: %u\nbyte order: %s\n"
           "constant tsc: %s\nnonstop tsc: %s\nflags: 0x%08" PRIx32 "\n"
           "cycle frequency: %" PRIu64 "\n",
           h->header.mode == TD_XRAY_MODE_FDR ? "fdr" : "basic",
           h->header.version,
           h->header.big_endian ? "big-endian" : "little-endian",
           h->header.constant_tsc ? "yes" : "no",
           h->header.nonstop_tsc ? "yes" : "no", h->header.bitfield,
           h->header.cycle_frequency);
    if (h->header.mode == TD_XRAY_MODE_FDR)
        printf("buffer size: %" PRIu64 "\n", h->header.buffer_size);
    xray_stat_summary(stdout, s);
}

static int statistics(decode_run *r)
{
    stat_run sr;
    int rc;
    xray_stat_init(&sr.s);
    sr.o = r->o;
    rc = run(r, count, &sr);
    if (rc == EXIT_VALID) {
        if (r->o->command == CMD_INFO)
            print_info(&sr.s);
        else if (r->o->command == CMD_STAT && r->o->json)
            xray_stat_print_json(stdout, &sr.s);
        else if (r->o->command == CMD_STAT)
            xray_stat_print(stdout, &sr.s);
        else if (r->o->verbose)
            xray_stat_summary(stderr, &sr.s);
    }
    xray_stat_free(&sr.s);
    return rc;
}

int xray_command(const cli_options *o, host *h)
{
    decode_run r;
    bool quiet = o->command == CMD_VALIDATE && !o->verbose;
    bool match = (o->command == CMD_VALIDATE && o->verbose) ||
                 o->command == CMD_STAT ||
                 (o->command == CMD_CONVERT && strcmp(o->to, "chrome") == 0);
    int rc;
    rc = setup(&r, o, h, match, quiet ? TD_XRAY_SKIP_FUNCTIONS : 0);
    if (rc != 0) {
        finish(&r);
        return rc;
    }
    switch (o->command) {
    case CMD_DUMP:
        rc = dump(&r);
        break;
    case CMD_CONVERT:
        rc = convert(&r);
        break;
    case CMD_VALIDATE:
        rc = quiet ? run(&r, ignore, NULL) : statistics(&r);
        break;
    default:
        rc = statistics(&r);
        break;
    }
    finish(&r);
    return rc;
}
