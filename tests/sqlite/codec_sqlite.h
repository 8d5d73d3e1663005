/*
 * codec_sqlite.h - the SQLite reader as a test codec (codec.h): the
 * database and the cursors of its b-trees, walked the way a host would.
 * File 0 of the input is the database; files 1 and 2, when present, stand
 * for DB-wal and DB-journal (their sizes and the journal's first bytes are
 * what the reader is told). test_config.flags are the cursor flags the
 * b-trees named in sqlite_schema are scanned with, and in the codec's own
 * bits (above TEST_OWN_FLAGS) the part of each such b-tree that is
 * scanned (sqlite_part_config; sqlite_schema is always scanned whole).
 */
#ifndef TRACEDEC_TEST_CODEC_SQLITE_H
#define TRACEDEC_TEST_CODEC_SQLITE_H

#include "codec.h"

extern const test_codec sqlite_codec;

/* The largest `parts` a test config holds. */
#define SQLITE_TEST_MAX_PARTS 15u

/* A config of cursor flags `flags` scanning part `part` of `parts` (1 ..
 * SQLITE_TEST_MAX_PARTS; 0: whole b-trees) of each b-tree: the parts of
 * td_sqlite_cursor_config, of td_rvn_config for the REVEN codec. */
test_config sqlite_part_config(uint32_t flags, unsigned part, unsigned parts);

/* The part and parts a config asks for (0 and 0: the whole). */
void sqlite_config_part(const test_config *cfg, unsigned *part,
                        unsigned *parts);

/* init(decoder, part, parts) of each case of a table accepts (TD_OK) or
 * refuses (TD_E_INVALID_ARGUMENT) it as the contract says: a part below
 * parts, parts up to 65535, parts 0 the whole; `what` labels failures. */
void check_part_arguments(const char *what,
                          int (*init)(void *decoder, unsigned part,
                                      unsigned parts),
                          void *decoder);

/* Part `part` of `parts` of the input through codec c (sqlite_codec,
 * rvn_codec) passes, gives the same events whatever the answer size
 * (exactly min_len, more, random spans) and, cut short (every 64th
 * offset and near each event, about 100 cuts), ends in an error after a
 * prefix of its events. Returns its log, malloc'd ("" when none). */
char *sweep_part(const test_codec *c, const char *name, const test_input *in,
                 unsigned part, unsigned parts);

/* Make the folder `dir` (a mkdtemp template) and fill it with `python3
 * ROOT/SCRIPT DIR ARGS` (its output thrown away) when the shell test
 * `needs` passes; false, with a skip or a failed expectation, otherwise. */
bool scratch_from(char *dir, const char *needs, const char *script,
                  const char *args);

/* The files the reader is told of, from the input. */
td_sqlite_files sqlite_files_of(const test_input *in);

#endif /* TRACEDEC_TEST_CODEC_SQLITE_H */
