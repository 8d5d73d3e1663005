/*
 * sqlite_walk.h - drive the SQLite reader over a database held in memory
 * the way a host would, and log what it sees: the header (the database's
 * first event), every b-tree named in sqlite_schema (rows and values), the
 * freelist trunks (the database's events after it). Protocol checks: the
 * requests, the header first, TD_LAST_FRAGMENT exactly where each value
 * ends, error offsets inside the file.
 *
 * Every answer is copied into its own exactly-sized allocation, one per
 * lane, freed when that lane is asked again, so a read outside the bytes
 * given or a pointer kept too long shows under ASan. How much is given per
 * request is the sweep's knob: exactly min_len, more, or the whole rest of
 * the file (what an mmap host gives).
 */
#ifndef TRACEDEC_TEST_SQLITE_WALK_H
#define TRACEDEC_TEST_SQLITE_WALK_H

#include <stddef.h>
#include <stdint.h>

#include "tracedec.h"

enum walk_answer { WALK_EXACT, WALK_MORE, WALK_WHOLE };

typedef struct walk_result {
    int status;           /* TD_END or the error */
    td_fault fault;
    char *log;            /* malloc'd */
    size_t log_len;
    uint64_t requests;
    bool protocol_ok;
    char protocol_msg[160];
} walk_result;

/* side: the -wal/-journal facts (NULL: none). */
walk_result sqlite_walk(const uint8_t *data, size_t len,
                        const td_sqlite_files *side, int answer);
/* The same, scanning the schema's b-trees with cursor `flags`
 * (TD_SQLITE_WHOLE_ROWS: the log is the same, values logged alike). */
walk_result sqlite_walk_with(const uint8_t *data, size_t len,
                             const td_sqlite_files *side, int answer,
                             uint32_t flags);
void walk_result_free(walk_result *r);

/* Decode a whole REVEN trace the same way; the log lists its events. */
walk_result rvn_walk(const uint8_t *data, size_t len,
                     const td_sqlite_files *side, int answer);

/* The CLI (--tracedec) by absolute path, for commands the SQLite and
 * REVEN tests run in another directory. */
const char *walk_cli(void);

#endif /* TRACEDEC_TEST_SQLITE_WALK_H */
