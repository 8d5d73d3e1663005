/*
 * host.h - the one host: it answers every decoder's input requests, for
 * every kind of input, through one read function.
 *
 * A host serves numbered sources (td_request.source):
 *   a file         source 0 ("-" is standard input);
 *   a directory    sources 0..count-1 are named files in it (UMT's eleven
 *                  tables); a missing file reads as empty;
 *   lanes          sources 0..lanes-1 are all the same file, each with a
 *                  cache of its own (an SQLite database read by a b-tree
 *                  walk on each lane).
 * and reads them in one of three ways:
 *   pread          into chunk buffers: a file and a directory keep one per
 *                  source (1 MiB, 256 KiB), reused while requests stay
 *                  inside it; lanes keep HOST_CHUNKS aligned 256 KiB
 *                  chunks per lane and replace the least recently used;
 *   mmap           the same chunks as mapped windows (8 MiB for a file,
 *                  1 MiB for a directory's files, 256 KiB for lanes);
 *   stream         forward-only reads (standard input, pipes; a
 *                  directory's files read in order): a buffer per source
 *                  holds what the decoder has not passed yet.
 * A file that is a container (zip, gzip, LZ4, snappy) can be unpacked:
 * source 0 then serves the bytes it holds, forward only, decompressed as
 * they are asked for (host_unpack.c), its file read in one of the ways
 * above.
 * Memory stays bounded whatever the input's size: at most HOST_CHUNKS
 * chunks per source, each the chunk size or the largest min_len asked.
 */
#ifndef TRACEDEC_HOST_H
#define TRACEDEC_HOST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tracedec.h"

enum host_io { HOST_PREAD, HOST_MMAP, HOST_STREAM, HOST_AUTO };

#define HOST_MAX_SOURCES 16
#define HOST_CHUNKS 4 /* chunks a lane keeps; other sources keep one */

/* Bytes of a source in memory: [start, start + len) at data. */
typedef struct host_chunk {
    const uint8_t *data; /* NULL: empty */
    uint8_t *buf;        /* pread and stream: the chunk's buffer */
    size_t cap;
    uint64_t start;
    size_t len;
    uint64_t used;       /* the request it last answered (pread, mmap) */
} host_chunk;

typedef struct host_source {
    int fd;              /* -1: a missing file, which reads empty */
    bool borrowed;       /* the descriptor is standard input or another
                            lane's: not closed */
    const char *name;    /* a directory's file, for messages; or NULL */
    uint64_t size;       /* pread and mmap */
    bool eof;            /* stream: read() returned 0 */
    bool parked;         /* its file closed by host_park(): opened again
                            (by path) at the next read that needs it */
    host_chunk chunk[HOST_CHUNKS];
} host_source;

typedef struct host {
    struct host_unpacked *unpacked; /* the container being unpacked, or
                                       NULL */
    int io;              /* HOST_PREAD, HOST_MMAP or HOST_STREAM */
    size_t chunk_size;   /* what a read or a mapping takes at least */
    unsigned chunks;     /* chunks kept per source */
    bool aligned;        /* chunks start at multiples of chunk_size */
    int advice;          /* posix_madvise advice for a new mapping */
    uint64_t page;       /* mappings start on a page */
    uint64_t requests;   /* answered so far: the age of chunks */
    unsigned count;      /* sources */
    const char *path;    /* host_open()'s, kept for host_park() */
    host_source src[HOST_MAX_SOURCES];
    char error[512];     /* why the last call failed */
} host;

/* Open one file, `path` ("-" is standard input), with the given I/O
 * method; HOST_AUTO picks pread for regular files and stream otherwise.
 * Returns 0, or -1 with h->error set (close it all the same). */
int host_open(host *h, const char *path, int io);

/* Open DIR/names[i] as source i, for `count` sources; a missing file is
 * not an error (it reads as empty). HOST_AUTO means pread. The names must
 * outlive the host. Returns 0, or -1 with h->error set (close it all the
 * same). */
int host_open_dir(host *h, const char *dir, const char *const *names,
                  unsigned count, int io);

/* Serve the open file (pread or mmap) as `lanes` sources, each with its
 * own HOST_CHUNKS chunks. Returns 0, or -1 with h->error set. */
int host_lanes(host *h, unsigned lanes);

/* Answer a request: (*data, *len) starts at rq->offset of source
 * rq->source, at least min_len bytes unless the source ends first (len 0
 * at its end); valid until the next call for the same source. Returns 0,
 * or -1 with h->error set (an I/O error, an unknown source, a stream
 * asked to go back). */
int host_read(host *h, const td_request *rq, const uint8_t **data,
              size_t *len);

/* Serve source 0 as the content of the file's container (a td_format:
 * TD_FORMAT_ZIP, _GZIP, _LZ4 or _SNAPPY), read forward from offset 0.
 * Returns 0, or -1 with h->error set. */
int host_unpack(host *h, int container);

/* The container host_unpack() opened, or TD_FORMAT_UNKNOWN. */
int host_container(const host *h);

/* After host_read() failed on an unpacked host: the container's error
 * when its bytes are damaged (an input error, not an I/O error), else
 * NULL. */
const td_fault *host_damage(const host *h);

/* Whether source `source` is a directory's file that is missing (which
 * reads as empty). */
bool host_missing(const host *h, unsigned source);

/* The first bytes of source 0, for format detection (at most `want`).
 * Returns 0, or -1 with h->error set. */
int host_head(host *h, size_t want, const uint8_t **data, size_t *len);

/* The size of a source (0 for a missing file, a stream or a container
 * being unpacked). */
uint64_t host_size(const host *h, unsigned source);

/* Close the file of a host_open() host read by pread or mmap, keeping
 * what it holds in memory (the decoder's span stays valid); the next read
 * that needs the file opens it again by its path, which must outlive the
 * host. With `chunk_size`, reads take that many bytes from now on (0:
 * unchanged). For many files decoded in turn with few of them open (the
 * shards of an interleaved drmemtrace dump). */
void host_park(host *h, size_t chunk_size);

void host_close(host *h);

#endif /* TRACEDEC_HOST_H */
