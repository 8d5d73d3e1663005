/*
 * host.h - POSIX hosts that answer tracedec's input requests: a file read
 * with pread, a file mapped with mmap (a sliding window, so memory stays
 * constant), or a forward-only stream (stdin, a pipe or a socket).
 */
#ifndef TRACEDEC_HOST_H
#define TRACEDEC_HOST_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>

#include "tracedec.h"

enum host_io { HOST_PREAD, HOST_MMAP, HOST_STREAM, HOST_AUTO };

typedef struct host {
    int fd;
    int io;
    uint8_t *buf;        /* pread cache or stream buffer */
    size_t cap;
    size_t buf_len;      /* valid bytes in buf */
    uint64_t buf_off;    /* absolute offset of buf[0] */
    bool eof;            /* stream: read() returned 0 */
    uint8_t *map;        /* mmap window */
    size_t map_len;
    uint64_t map_off;
    uint64_t file_size;
    char error[256];     /* why the last call failed */
} host;

/* Open `path` ("-" is standard input) for reading with the given I/O
 * method; HOST_AUTO picks pread for regular files and stream otherwise.
 * Returns 0, or -1 with h->error set. */
int host_open(host *h, const char *path, int io);

/* Answer a request: (*data, *len) is a span starting at rq->offset (len 0 at
 * end of file), valid until the next call. Returns 0, or -1 with h->error
 * set (I/O error, or a stream asked to go backwards). */
int host_read(host *h, const td_request *rq, const uint8_t **data,
              size_t *len);

/* The first bytes of the input, for format detection (at most `want`). */
int host_head(host *h, size_t want, const uint8_t **data, size_t *len);

void host_close(host *h);

#endif /* TRACEDEC_HOST_H */
