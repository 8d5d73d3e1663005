/*
 * sqlite_host.h - answering an SQLite reader's page requests from a file,
 * through a few chunks of the file per lane: read with pread into buffers
 * (the default) or mapped with mmap. Also finds DB-wal and DB-journal
 * beside the file.
 *
 * A b-tree walk asks for a leaf, then for its parent again, then for the
 * next leaf: each lane keeps SQLITE_HOST_SLOTS chunks of
 * SQLITE_HOST_CHUNK bytes (aligned, least recently used one replaced), so
 * that most requests are answered from memory and the file is read about
 * once, in large reads. Memory stays bounded whatever the file size:
 * 2 MiB of buffers (pread) or of mapped windows (mmap).
 */
#ifndef TRACEDEC_SQLITE_HOST_H
#define TRACEDEC_SQLITE_HOST_H

#include "tracedec.h"

#define SQLITE_HOST_CHUNK ((size_t)256 << 10)
#define SQLITE_HOST_SLOTS 4

/* A chunk of the file: [start, start + len) at data. */
typedef struct sqlite_slot {
    const uint8_t *data;      /* NULL: empty */
    uint8_t *buf;             /* pread: the slot's buffer */
    size_t cap;
    uint64_t start;
    size_t len;
    uint64_t used;            /* when it last answered a request */
} sqlite_slot;

typedef struct sqlite_host {
    int fd;
    bool mapped;
    sqlite_slot slot[TD_SQLITE_LANES][SQLITE_HOST_SLOTS];
    td_sqlite_files files;
    uint64_t requests;               /* answered so far */
    char error[4400];
} sqlite_host;

/* Open `path` for pread (mmap when `use_mmap`) and describe its side files.
 * Returns 0, or -1 with h->error set. */
int sqlite_host_open(sqlite_host *h, const char *path, bool use_mmap);

/* Answer rq: (*data, *len) valid until the next call for the same source.
 * Returns 0 or -1 (I/O error, h->error set). */
int sqlite_host_read(sqlite_host *h, const td_request *rq,
                     const uint8_t **data, size_t *len);

void sqlite_host_close(sqlite_host *h);

#endif /* TRACEDEC_SQLITE_HOST_H */
