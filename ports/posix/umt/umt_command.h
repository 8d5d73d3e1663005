/*
 * umt_command.h - the entry point of the UMT format: the commands on a
 * UMTracer/UMTIndex trace directory (a directory holding exec.vtable):
 * info, validate, dump, stat.
 */
#ifndef TRACEDEC_UMT_COMMAND_H
#define TRACEDEC_UMT_COMMAND_H

#include <stdbool.h>

#include "cli.h"

/* True when `path` is a directory with an exec.vtable in it. */
bool umt_is_trace_dir(const char *path);

/* Run c's command on the trace directory c->opt.path (`input` is NULL:
 * a pass opens the files it reads). Returns an exit status. */
int umt_command(const cli *c, host *input);

#endif /* TRACEDEC_UMT_COMMAND_H */
