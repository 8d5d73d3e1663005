/*
 * sqlite_host.h - answering an SQLite reader's page requests from a file:
 * pread into one page-sized buffer per lane (the default), or the whole
 * file mapped with mmap. Also finds DB-wal and DB-journal beside the file.
 */
#ifndef TRACEDEC_SQLITE_HOST_H
#define TRACEDEC_SQLITE_HOST_H

#include "tracedec.h"

typedef struct sqlite_host {
    int fd;
    bool mapped;
    const uint8_t *map;
    uint8_t *buf[TD_SQLITE_LANES];   /* pread: one buffer per lane */
    size_t cap[TD_SQLITE_LANES];
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
