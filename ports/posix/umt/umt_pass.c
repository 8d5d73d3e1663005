/*
 * umt_pass.c - see umt_pass.h. The directory's eleven files are the
 * host's sources (a file that is missing reads as empty).
 */
#include "umt_pass.h"

#include <stdlib.h>

/* The decoder's workspace: read-ahead batches, thread chains and
 * instruction summaries (see td_umt_init). */
#define WORKSPACE_SIZE ((size_t)2 << 20)

/* What a pass allocates. */
typedef struct umt_decoding {
    td_umt_decoder d;
    td_umt_event ev;
    uint64_t workspace[WORKSPACE_SIZE / 8];
} umt_decoding;

/* The decoder's error after a pass that failed quietly: a truncation in
 * a file that is missing says so. */
static void report_fault(const cli *c, const host *h, const driver *d,
                         const td_umt_decoder *u)
{
    cli_fault f;
    const char *file;
    decoder_fault(&d->dec, &f);
    file = f.file;
    if (host_missing(h, td_umt_fault_file(u))) {
        cli_fault_set(&f, TD_E_MISSING_FILE, 0,
                      "the file is missing; the UMT trace needs it");
        f.file = file;
    }
    report_error(c, c->opt.path, &f);
}

static void init_decoder(umt_decoding *u, int mode, uint32_t flags)
{
    td_umt_config cfg = {.size = sizeof cfg, .flags = flags,
                         .memory = u->workspace,
                         .memory_size = sizeof u->workspace, .mode = mode};
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
        driver_init(&d, c, decoder_of(DECODER_UMT, &u->d), &u->ev, &h,
                    c->opt.path);
        d.warnings = c->opt.verbose;
        d.quiet_error = TD_E_TRUNCATED;
        status = driver_run(&d, consume, ctx);
        if (d.error == TD_E_TRUNCATED)
            report_fault(c, &h, &d, &u->d);
    }
    host_close(&h);
    free(u);
    return status;
}
