/*
 * drmem_shard.h - one drmemtrace shard (a trace file) made ready to
 * decode: its container found from its first bytes, and the file decoder
 * with the window the container needs. Shared by the shard-by-shard runs
 * (drmem_command.c) and the interleaved dump (drmem_interleave.c).
 */
#ifndef TRACEDEC_DRMEM_SHARD_H
#define TRACEDEC_DRMEM_SHARD_H

#include "cli.h"
#include "tracedec.h"

typedef struct drmem_shard {
    td_drmem_file_decoder f;
    int container;       /* td_detect_format's answer for the file */
    unsigned char window[TD_DRMEM_FILE_WINDOW];
} drmem_shard;

/* Detect the container of the file h reads (`path` names it in messages)
 * and prepare s->f for it. Returns 0, or an exit status having said why
 * on c's standard error: EXIT_INVALID for a file that is no drmemtrace
 * file (unknown-format), EXIT_USAGE for an I/O error. */
int drmem_shard_start(drmem_shard *s, const cli *c, host *h,
                      const char *path);

#endif /* TRACEDEC_DRMEM_SHARD_H */
