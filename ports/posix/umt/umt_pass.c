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
        status = driver_run(&d, consume, ctx);
    }
    host_close(&h);
    free(u);
    return status;
}
