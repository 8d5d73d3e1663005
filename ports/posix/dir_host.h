/*
 * dir_host.h - a host for decoders that read several files of a directory
 * at random (UMT traces): each request names a source, which is one of the
 * files, and is answered with pread (a buffer per file, reused while the
 * requests stay inside it), with mmap (a sliding window per file), or, for
 * forward-only decoders, with plain reads (a forward buffer per file).
 * Memory stays constant: at most one buffer or window per file.
 */
#ifndef TRACEDEC_DIR_HOST_H
#define TRACEDEC_DIR_HOST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "host.h"

#define DIR_HOST_MAX_SOURCES 16

typedef struct dir_source {
    int fd; /* -1 when the file is missing: it reads empty */
    uint64_t size;
    uint8_t *buf; /* pread cache or forward buffer */
    size_t cap, len;
    uint64_t off; /* offset of buf[0] */
    bool eof;     /* forward: read() returned 0 */
    uint8_t *map; /* mmap window */
    size_t map_len;
    uint64_t map_off;
} dir_source;

typedef struct dir_host {
    int io; /* HOST_PREAD, HOST_MMAP or HOST_STREAM */
    unsigned count;
    uint64_t page; /* mmap windows start on a page */
    dir_source src[DIR_HOST_MAX_SOURCES];
    char error[512];
} dir_host;

/* Open DIR/names[i] for each source i; a missing file is not an error (it
 * reads as empty). HOST_AUTO means pread. Returns 0, or -1 with h->error. */
int dir_host_open(dir_host *h, const char *dir, const char *const *names,
                  unsigned count, int io);

/* Answer a request: (*data, *len) starts at rq->offset of file rq->source,
 * at least min_len bytes unless the file ends first; valid until the next
 * call. Returns 0, or -1 with h->error set. */
int dir_host_read(dir_host *h, const td_request *rq, const uint8_t **data,
                  size_t *len);

/* Whether source i exists. */
bool dir_host_has(const dir_host *h, unsigned i);

void dir_host_close(dir_host *h);

#endif /* TRACEDEC_DIR_HOST_H */
