/*
 * rvn_command.h - the entry point of SQLite files: the commands on a
 * REVEN block trace (info, validate, stat, dump), and `dump --table NAME`
 * on any SQLite database.
 */
#ifndef TRACEDEC_RVN_COMMAND_H
#define TRACEDEC_RVN_COMMAND_H

#include "cli.h"

/* Run c's command on the SQLite file `input`. Returns an exit status. */
int rvn_command(const cli *c, host *input);

#endif /* TRACEDEC_RVN_COMMAND_H */
