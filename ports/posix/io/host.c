/*
 * host.c - opening and closing hosts, and host_read(), which hands each
 * request to the way the host reads (see host.h): host_chunks.c for pread
 * and mmap, host_stream.c for forward reads, host_unpack.c for the content
 * of a container.
 */
#define _POSIX_C_SOURCE 200809L
#include "host_reads.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define KIB ((size_t)1 << 10)
#define MIB ((size_t)1 << 20)

/* Chunk sizes by I/O method (pread, mmap, stream): a file read by a
 * forward decoder takes large reads and a large window; a directory's
 * files, read at random, smaller ones; lanes, aligned chunks of a
 * database. */
static const size_t file_chunk[3] = {1 * MIB, 8 * MIB, 1 * MIB};
static const size_t dir_chunk[3] = {256 * KIB, 1 * MIB, 256 * KIB};
#define LANE_CHUNK (256 * KIB)

/* An empty host of `count` sources (no file open yet). */
static void start(host *h, unsigned count)
{
    unsigned i;
    memset(h, 0, sizeof *h);
    for (i = 0; i < HOST_MAX_SOURCES; i++)
        h->src[i].fd = -1;
    h->count = count;
    h->chunks = 1;
    h->page = (uint64_t)sysconf(_SC_PAGESIZE);
    h->advice = POSIX_MADV_NORMAL;
}

static void set_io(host *h, int io, const size_t *chunk)
{
    h->io = io;
    h->chunk_size = chunk[io];
}

int host_fail(host *h, const host_source *s, const char *what)
{
    const char *why = strerror(errno);
    if (s != NULL && s->name != NULL)
        snprintf(h->error, sizeof h->error, "%.200s: %s: %.200s", s->name,
                 what, why);
    else
        snprintf(h->error, sizeof h->error, "%s: %.200s", what, why);
    return -1;
}

static int fail_message(host *h, const char *message)
{
    snprintf(h->error, sizeof h->error, "%s", message);
    return -1;
}

int host_open(host *h, const char *path, int io)
{
    host_source *s = &h->src[0];
    struct stat st;
    start(h, 1);
    h->path = path;
    s->borrowed = strcmp(path, "-") == 0;
    s->fd = s->borrowed ? STDIN_FILENO : open(path, O_RDONLY);
    if (s->fd < 0)
        return host_fail(h, NULL, "open");
    if (fstat(s->fd, &st) != 0)
        return host_fail(h, NULL, "stat");
    if (S_ISDIR(st.st_mode)) {
        errno = EISDIR;
        return host_fail(h, NULL, "open");
    }
    if (io == HOST_AUTO)
        io = S_ISREG(st.st_mode) ? HOST_PREAD : HOST_STREAM;
    if (io != HOST_STREAM && !S_ISREG(st.st_mode))
        return fail_message(h, "pread and mmap need a regular file; use "
                               "--io=stream");
    set_io(h, io, file_chunk);
    if (io == HOST_MMAP)
        h->advice = POSIX_MADV_SEQUENTIAL;
    s->size = (uint64_t)st.st_size;
    return 0;
}

int host_open_dir(host *h, const char *dir, const char *const *names,
                  unsigned count, int io)
{
    unsigned i;
    start(h, 0);
    set_io(h, io == HOST_AUTO ? HOST_PREAD : io, dir_chunk);
    if (count > HOST_MAX_SOURCES)
        return fail_message(h, "too many sources");
    h->count = count;
    for (i = 0; i < count; i++) {
        host_source *s = &h->src[i];
        char path[4096];
        struct stat st;
        s->name = names[i];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        s->fd = open(path, O_RDONLY);
        if (s->fd < 0 && errno == ENOENT)
            continue;
        if (s->fd < 0)
            return host_fail(h, s, "open");
        if (fstat(s->fd, &st) != 0)
            return host_fail(h, s, "stat");
        s->size = (uint64_t)st.st_size;
    }
    return 0;
}

/* Free a source's chunks. */
static void empty_source(host *h, host_source *s)
{
    unsigned i;
    for (i = 0; i < HOST_CHUNKS; i++) {
        host_drop_chunk(h, &s->chunk[i]);
        free(s->chunk[i].buf);
    }
    memset(s->chunk, 0, sizeof s->chunk);
}

int host_lanes(host *h, unsigned lanes)
{
    unsigned i;
    if (h->count != 1 || h->io == HOST_STREAM || lanes == 0 ||
        lanes > HOST_MAX_SOURCES)
        return fail_message(h, "lanes need one file read by pread or mmap");
    empty_source(h, &h->src[0]);
    h->chunk_size = LANE_CHUNK;
    h->chunks = HOST_CHUNKS;
    h->aligned = true;
    h->advice = POSIX_MADV_WILLNEED; /* fault a chunk in at once */
    for (i = 1; i < lanes; i++) {
        h->src[i].fd = h->src[0].fd;
        h->src[i].borrowed = true;
        h->src[i].size = h->src[0].size;
    }
    h->count = lanes;
    return 0;
}

void host_park(host *h, size_t chunk_size)
{
    host_source *s = &h->src[0];
    if (chunk_size > 0)
        h->chunk_size = chunk_size;
    if (h->count != 1 || h->io == HOST_STREAM || s->borrowed || s->fd < 0)
        return;
    close(s->fd);
    s->fd = -1;
    s->parked = true;
}

/* Open a parked file again. Returns 0, or -1 with h->error set. */
static int unpark(host *h, host_source *s)
{
    s->fd = open(h->path, O_RDONLY);
    if (s->fd < 0)
        return host_fail(h, NULL, "open");
    s->parked = false;
    return 0;
}

void host_close(host *h)
{
    unsigned i;
    host_unpack_close(h);
    for (i = 0; i < HOST_MAX_SOURCES; i++) {
        host_source *s = &h->src[i];
        empty_source(h, s);
        if (s->fd >= 0 && !s->borrowed)
            close(s->fd);
        s->fd = -1;
    }
    h->count = 0;
}

void host_drop_chunk(const host *h, host_chunk *c)
{
    if (h->io == HOST_MMAP && c->data != NULL)
        munmap((void *)c->data, c->len);
    c->data = NULL;
    c->len = 0;
}

int host_grow(host *h, const host_source *s, host_chunk *c, size_t n)
{
    uint8_t *bigger;
    if (n <= c->cap)
        return 0;
    bigger = realloc(c->buf, n);
    if (bigger == NULL)
        return host_fail(h, s, "realloc");
    c->buf = bigger;
    c->cap = n;
    return 0;
}

int host_read(host *h, const td_request *rq, const uint8_t **data,
              size_t *len)
{
    *data = NULL;
    *len = 0;
    if (h->unpacked != NULL)
        return host_read_unpacked(h, rq, data, len);
    return host_read_file(h, rq, data, len);
}

int host_read_file(host *h, const td_request *rq, const uint8_t **data,
                   size_t *len)
{
    host_source *s;
    *data = NULL;
    *len = 0;
    if (rq->source >= h->count) {
        snprintf(h->error, sizeof h->error, "request for unknown source %u",
                 rq->source);
        return -1;
    }
    s = &h->src[rq->source];
    h->requests++;
    if (s->parked && unpark(h, s) != 0)
        return -1;
    if (s->fd < 0)
        return 0;
    if (h->io == HOST_STREAM)
        return host_read_stream(h, s, rq, data, len);
    if (rq->offset >= s->size)
        return 0;
    return host_read_chunk(h, s, rq, data, len);
}

int host_head(host *h, size_t want, const uint8_t **data, size_t *len)
{
    td_request rq;
    rq.offset = 0;
    rq.min_len = want;
    rq.source = 0;
    if (host_read(h, &rq, data, len) != 0)
        return -1;
    if (*len > want)
        *len = want;
    return 0;
}

uint64_t host_size(const host *h, unsigned source)
{
    return source < h->count && h->unpacked == NULL ? h->src[source].size
                                                    : 0;
}

bool host_missing(const host *h, unsigned source)
{
    return source < h->count && h->src[source].fd < 0;
}
