/*
 * sqlite_cli.h - the tracedec commands on SQLite files (REVEN block traces
 * and `dump --table`), and the helpers they share.
 */
#ifndef TRACEDEC_SQLITE_CLI_H
#define TRACEDEC_SQLITE_CLI_H

#include "cli.h"
#include "sqlite_host.h"

/* Answer the database's outstanding request from the host. Returns 0, or
 * -1 after printing the I/O error. */
int sqlite_answer(sqlite_host *h, td_sqlite_decoder *db);

/* One row of sqlite_schema, as UTF-8 strings (malloc'd). */
typedef struct schema_row {
    char *type, *name, *tbl_name, *sql;
    long long rootpage;
} schema_row;

/* Read sqlite_schema. Returns the number of rows (*rows malloc'd), or -1
 * after reporting the error (*status is the exit status then). */
long sqlite_read_schema(sqlite_host *h, td_sqlite_decoder *db, const char *path,
                        schema_row **rows, int *status);
void sqlite_free_schema(schema_row *rows, long n);

/* `dump --table NAME PATH`: what `sqlite3 -quote PATH "SELECT * FROM
 * NAME"` prints. */
int sqlite_dump_table(const cli_options *o);

/* The line of `info` that describes the database header. */
void sqlite_print_header(const td_sqlite_header *h);

/* `info` on an SQLite database that is not a REVEN trace: its header and
 * its tables. */
int sqlite_info(const cli_options *o);

/* info, validate, stat and dump on a REVEN block trace. */
int rvn_command(const cli_options *o);

#endif /* TRACEDEC_SQLITE_CLI_H */
