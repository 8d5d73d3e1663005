/*
 * umt_pass.c - see umt_pass.h. The directory's eleven files are the
 * host's sources (a file that is missing reads as empty); the error and
 * warning lines name the file: DIR/FILE:OFFSET.
 */
#include "umt_pass.h"

#include <stdlib.h>
#include <string.h>

/* The decoder's workspace: read-ahead batches, thread chains and
 * instruction summaries (see td_umt_init). */
#define WORKSPACE_SIZE ((size_t)2 << 20)

/* ---- The decoder, as the driver calls it ------------------------------ */

static int next(void *d, void *ev)
{
    return td_umt_next(d, ev);
}

static const td_request *request(const void *d)
{
    return td_umt_request(d);
}

static int feed(void *d, const void *data, size_t len)
{
    return td_umt_feed(d, data, len);
}

static const char *file_name(uint32_t file)
{
    const char *name = td_umt_file_name((int)file);
    return name != NULL ? name : "?";
}

static void fault(const void *d, cli_fault *f)
{
    cli_fault_from(f, td_umt_fault(d));
    f->file = file_name(td_umt_fault_file(d));
}

static bool warning(const void *event, cli_fault *w)
{
    const td_umt_event *ev = event;
    if (ev->kind != TD_UMT_EV_WARNING)
        return false;
    cli_fault_set(w, ev->warning.code, ev->offset, ev->warning.reason);
    w->file = file_name(ev->file);
    return true;
}

static const driver_ops umt_ops = {next, request, feed, fault, warning};

/* What a pass allocates. */
typedef struct umt_decoding {
    td_umt_decoder d;
    td_umt_event ev;
    uint64_t workspace[WORKSPACE_SIZE / 8];
} umt_decoding;

static void init_decoder(umt_decoding *u, int mode, uint32_t flags)
{
    td_umt_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.size = sizeof cfg;
    cfg.flags = flags;
    cfg.memory = u->workspace;
    cfg.memory_size = sizeof u->workspace;
    cfg.mode = mode;
    td_umt_init(&u->d, &cfg); /* cannot fail: the config is well formed */
}

int umt_pass(const cli *c, int mode, uint32_t flags, driver_consumer consume,
             void *ctx)
{
    const char *names[TD_UMT_FILE_COUNT];
    umt_decoding *u = malloc(sizeof *u);
    host h;
    driver d;
    int status, i;
    if (u == NULL) {
        report_path_problem(c, c->opt.path, "out of memory");
        return EXIT_USAGE;
    }
    for (i = 0; i < TD_UMT_FILE_COUNT; i++)
        names[i] = td_umt_file_name(i);
    if (host_open_dir(&h, c->opt.path, names, TD_UMT_FILE_COUNT,
                      mode == TD_UMT_STREAM ? HOST_STREAM : c->opt.io) != 0) {
        report_path_problem(c, c->opt.path, h.error);
        status = EXIT_USAGE;
    } else {
        init_decoder(u, mode, flags);
        driver_init(&d, c, &umt_ops, &u->d, &u->ev, &h, c->opt.path);
        d.warnings = c->opt.verbose;
        status = driver_run(&d, consume, ctx);
    }
    host_close(&h);
    free(u);
    return status;
}
