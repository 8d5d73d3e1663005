/*
 * xray_command.h - the entry point of the XRay format: every command on an
 * XRay file (info, validate, dump, convert, stat).
 */
#ifndef TRACEDEC_XRAY_COMMAND_H
#define TRACEDEC_XRAY_COMMAND_H

#include "cli.h"

/* Run c's command on the XRay file `input`. Returns an exit status. */
int xray_command(const cli *c, host *input);

#endif /* TRACEDEC_XRAY_COMMAND_H */
