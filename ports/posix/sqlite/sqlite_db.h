/*
 * sqlite_db.h - an SQLite database for the CLI's commands: the file
 * main() opened, served to the decoder as TD_SQLITE_LANES lanes (see
 * host.h), with what its -wal and -journal neighbours say; scans of its
 * b-trees through the driver; the line of `info` about its header.
 */
#ifndef TRACEDEC_SQLITE_DB_H
#define TRACEDEC_SQLITE_DB_H

#include "driver.h"
#include "json.h"

/* False, having said so, when `input` cannot be read at random (standard
 * input, --io=stream): an SQLite file needs a file path. */
bool sqlite_random_access(const cli *c, const host *input);

/* Make `input` the database's lanes and describe the file and its side
 * files in *files. Returns 0, or EXIT_USAGE having said why. */
int sqlite_open(const cli *c, host *input, td_sqlite_files *files);

/* Prepare db for the database `files` describes. */
void sqlite_init_db(td_sqlite_decoder *db, const td_sqlite_files *files);

/* A scan of one b-tree: the cursor's events, the database's requests. */
typedef struct sqlite_scan {
    td_sqlite_cursor cursor;
    td_sqlite_event ev;
    driver drive;
} sqlite_scan;

/* Prepare a scan of the b-tree at `root` of db (flags as
 * td_sqlite_cursor_config's) through lane 0 of `input`; then
 * driver_run(&s->drive, consume, ctx) hands each event to consume(ctx,
 * const td_sqlite_event *). */
void sqlite_scan_init(sqlite_scan *s, const cli *c, host *input,
                      td_sqlite_decoder *db, uint32_t root, uint32_t flags);

/* The line of `info` that describes the database header. */
void sqlite_print_header(out *o, const td_sqlite_header *h);

/* The same, as the "sqlite" object of `info --json`. */
void sqlite_print_header_json(json *j, const td_sqlite_header *h);

#endif /* TRACEDEC_SQLITE_DB_H */
