/*
 * sqlite_table.h - `dump --table NAME`: any table of any SQLite file,
 * printed as `sqlite3 -quote FILE "SELECT * FROM NAME"` prints it.
 */
#ifndef TRACEDEC_SQLITE_TABLE_H
#define TRACEDEC_SQLITE_TABLE_H

#include "cli.h"

/* Dump the table c->opt.table of the SQLite file `input`. Returns an exit
 * status. */
int sqlite_dump_table(const cli *c, host *input);

#endif /* TRACEDEC_SQLITE_TABLE_H */
