/*
 * sqlite_schema.h - the rows of sqlite_schema (the tables, indexes and
 * their CREATE statements), and `info` on a database that is not a REVEN
 * trace: its header and its tables.
 */
#ifndef TRACEDEC_SQLITE_SCHEMA_H
#define TRACEDEC_SQLITE_SCHEMA_H

#include "cli.h"

/* One row of sqlite_schema, as UTF-8 strings (malloc'd; NULL when the
 * value is not TEXT). */
typedef struct schema_row {
    char *type, *name, *tbl_name, *sql;
    long long rootpage;
} schema_row;

/* The rows of db's schema. Returns an exit status; *rows (malloc'd, *count
 * of them) are the rows read before any error: free them whatever it
 * is. */
int sqlite_read_schema(const cli *c, host *input, td_sqlite_decoder *db,
                       schema_row **rows, size_t *count);
void sqlite_free_schema(schema_row *rows, size_t count);

/* `info` on a database that is not a REVEN trace: `input` is its lanes,
 * `files` what sqlite_open() said. Returns an exit status. */
int sqlite_info(const cli *c, host *input, const td_sqlite_files *files);

#endif /* TRACEDEC_SQLITE_SCHEMA_H */
