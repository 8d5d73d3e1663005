/*
 * drmem_command.h - the entry point of the drmemtrace format: every
 * command on a drmemtrace file (uncompressed, zip, gzip, lz4 or snappy)
 * or directory of shards.
 */
#ifndef TRACEDEC_DRMEM_COMMAND_H
#define TRACEDEC_DRMEM_COMMAND_H

#include "cli.h"

/* Run c's command on the file `input`, or, when it is NULL, on the
 * shards of the directory c->opt.path. Returns an exit status. */
int drmem_command(const cli *c, host *input);

#endif /* TRACEDEC_DRMEM_COMMAND_H */
