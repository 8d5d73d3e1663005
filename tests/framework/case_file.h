/*
 * case_file.h - golden cases kept in Markdown with the input beside its
 * expected log, as llhttp's test/ Markdown files and libipt's .ptt files
 * keep theirs:
 *
 *     ## enc-fdr-calls
 *
 *     What the case is, in a line or a paragraph.
 *
 *     ```hex enc-fdr-calls.xray
 *     0000 file header | 05 00 01 00 03 00 00 00 00 ca 9a 3b 00*4
 *     0010             | 00 40 00*14
 *     0020 extents     | 0f 70 00*7 a5*7
 *     ```
 *
 *     ```log
 *     @0+32 header version=5 mode=fdr ...
 *     => end
 *     ```
 *
 * A case's hex blocks are its input, one per file (the info string names
 * the file). Each line is an offset (hex, checked against the bytes so
 * far), a label (any text, for the reader), '|', and bytes: two hex
 * digits each, or hh*N for N bytes of hh. A line `member` says a
 * container member begins there.
 *
 * Its other blocks are expected results, exactly as they are between the
 * fences, each line ending in a newline: "log" the decoder's event log in
 * the format's usual mode and its outcome line, "log MODE" the same in
 * another mode, "output ARGS" what `tracedec ARGS INPUT` prints.
 *
 * Everything else is prose: the file's introduction before the first case,
 * and each case's description, which is kept (before its blocks) when the
 * file is written back.
 */
#ifndef TRACEDEC_TEST_CASE_FILE_H
#define TRACEDEC_TEST_CASE_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct case_block {
    char *info;      /* after the fence: "hex NAME", "log", "output ARGS" */
    char *text;      /* result blocks: the lines, each ending in '\n' */
    uint8_t *bytes;  /* hex blocks: the file's bytes */
    size_t len;
    uint64_t *members; /* hex blocks: where members begin */
    unsigned member_count;
} case_block;

typedef struct golden_case {
    char *name;
    char *about; /* the description: its lines, each ending in '\n' */
    case_block *blocks;
    unsigned count;
} golden_case;

typedef struct case_file {
    char *path;
    char *head; /* the text before the first case */
    golden_case *cases;
    unsigned count;
} case_file;

/* Read and parse a case file. Returns 0, or -1 with `error` saying what
 * is wrong where. */
int case_file_read(const char *path, case_file *f, char *error,
                   size_t error_size);
void case_file_free(case_file *f);

/* A case's block whose info string is `info` exactly ("log",
 * "output dump", ...), or whose info string is "hex " + `info` for hex
 * blocks; NULL if none. */
case_block *case_block_of(const golden_case *c, const char *info);

/* Whether a block holds an input file (a "hex" block); its file name. */
bool case_block_is_hex(const case_block *b);
const char *case_block_file(const case_block *b);

/* Give a block new bytes (hex) or a new text (results). */
void case_block_set_bytes(case_block *b, const uint8_t *bytes, size_t len,
                          const uint64_t *members, unsigned member_count);
void case_block_set_text(case_block *b, const char *text);

/* How a format cuts a hex block's bytes into records for writing: the size
 * of the record at `at` (1 or more) and its label; `c` is the case, for
 * layouts another of its files describes. */
typedef size_t (*record_fn)(const golden_case *c, const case_block *b,
                            size_t at, char *label, size_t label_size);

/* Write the file back (its hex blocks a record a line). Returns 0 or -1. */
int case_file_write(const case_file *f, record_fn records);

#endif /* TRACEDEC_TEST_CASE_FILE_H */
