/*
 * codec_sqlite.h - the SQLite reader as a test codec (codec.h): the
 * database and the cursors of its b-trees, walked the way a host would.
 * File 0 of the input is the database; files 1 and 2, when present, stand
 * for DB-wal and DB-journal (their sizes and the journal's first bytes are
 * what the reader is told). test_config.flags are the cursor flags the
 * b-trees named in sqlite_schema are scanned with.
 */
#ifndef TRACEDEC_TEST_CODEC_SQLITE_H
#define TRACEDEC_TEST_CODEC_SQLITE_H

#include "codec.h"

extern const test_codec sqlite_codec;

/* The files the reader is told of, from the input. */
td_sqlite_files sqlite_files_of(const test_input *in);

#endif /* TRACEDEC_TEST_CODEC_SQLITE_H */
