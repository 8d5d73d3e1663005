/*
 * files.h - what the file system says about a path, for the CLI's
 * choices: whether it is a directory, a regular file, and the size and
 * first bytes of a file that may be missing (an SQLite database's -wal and
 * -journal).
 */
#ifndef TRACEDEC_FILES_H
#define TRACEDEC_FILES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* True when `path` names a directory. */
bool path_is_dir(const char *path);

/* True when `path` names a regular file. */
bool path_is_file(const char *path);

/* The size of `path` and its first head_len bytes into head (when head is
 * not NULL and the file is not empty); a missing file has size 0. Returns
 * 0, or -1 with "WHAT: reason" in error. */
int path_probe(const char *path, uint64_t *size, uint8_t *head,
               size_t head_len, char *error, size_t error_len);

#endif /* TRACEDEC_FILES_H */
