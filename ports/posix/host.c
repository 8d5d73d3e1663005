/*
 * host.c - pread, mmap-window and stream hosts (see host.h).
 */
#define _POSIX_C_SOURCE 200809L
#include "host.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define READ_SIZE (1u << 20)
#define MAP_WINDOW ((size_t)8 << 20)

static int fail(host *h, const char *what)
{
    snprintf(h->error, sizeof h->error, "%s: %s", what, strerror(errno));
    return -1;
}

static int fail_msg(host *h, const char *msg)
{
    snprintf(h->error, sizeof h->error, "%s", msg);
    return -1;
}

int host_open(host *h, const char *path, int io)
{
    struct stat st;
    memset(h, 0, sizeof *h);
    h->fd = strcmp(path, "-") == 0 ? STDIN_FILENO : open(path, O_RDONLY);
    if (h->fd < 0)
        return fail(h, "open");
    if (fstat(h->fd, &st) != 0)
        return fail(h, "stat");
    if (S_ISDIR(st.st_mode)) {
        errno = EISDIR;
        return fail(h, "open");
    }
    if (io == HOST_AUTO)
        io = S_ISREG(st.st_mode) ? HOST_PREAD : HOST_STREAM;
    if (io != HOST_STREAM && !S_ISREG(st.st_mode))
        return fail_msg(h, "pread and mmap need a regular file; use "
                           "--io=stream");
    h->io = io;
    h->file_size = (uint64_t)st.st_size;
    h->cap = READ_SIZE;
    h->buf = malloc(h->cap);
    if (h->buf == NULL)
        return fail(h, "malloc");
    return 0;
}

void host_close(host *h)
{
    if (h->map != NULL)
        munmap(h->map, h->map_len);
    if (h->fd > STDIN_FILENO)
        close(h->fd);
    free(h->buf);
    h->buf = NULL;
    h->map = NULL;
}

static int grow(host *h, size_t need)
{
    uint8_t *nb;
    if (need <= h->cap)
        return 0;
    nb = realloc(h->buf, need);
    if (nb == NULL)
        return fail(h, "realloc");
    h->buf = nb;
    h->cap = need;
    return 0;
}

/* pread: one read of at least min_len bytes (or up to EOF) per request. */
static int read_pread(host *h, const td_request *rq, const uint8_t **data,
                      size_t *len)
{
    size_t got = 0, want;
    if (grow(h, rq->min_len) != 0)
        return -1;
    want = h->cap;
    while (got < rq->min_len || got == 0) {
        ssize_t n = pread(h->fd, h->buf + got, want - got,
                          (off_t)(rq->offset + got));
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return fail(h, "pread");
        if (n == 0)
            break;
        got += (size_t)n;
    }
    *data = h->buf;
    *len = got;
    return 0;
}

/* mmap: a window of MAP_WINDOW bytes that slides forward or jumps. */
static int read_mmap(host *h, const td_request *rq, const uint8_t **data,
                     size_t *len)
{
    long page = sysconf(_SC_PAGESIZE);
    uint64_t start, end;
    if (rq->offset >= h->file_size) {
        *data = NULL;
        *len = 0;
        return 0;
    }
    if (h->map == NULL || rq->offset < h->map_off ||
        rq->offset + rq->min_len > h->map_off + h->map_len) {
        if (h->map != NULL)
            munmap(h->map, h->map_len);
        h->map = NULL;
        start = rq->offset - rq->offset % (uint64_t)page;
        end = start + MAP_WINDOW + rq->min_len;
        if (end > h->file_size)
            end = h->file_size;
        h->map = mmap(NULL, (size_t)(end - start), PROT_READ, MAP_PRIVATE,
                      h->fd, (off_t)start);
        if (h->map == MAP_FAILED) {
            h->map = NULL;
            return fail(h, "mmap");
        }
        h->map_off = start;
        h->map_len = (size_t)(end - start);
        posix_madvise(h->map, h->map_len, POSIX_MADV_SEQUENTIAL);
    }
    *data = h->map + (rq->offset - h->map_off);
    *len = (size_t)(h->map_off + h->map_len - rq->offset);
    return 0;
}

/* stream: keep what was read from rq->offset on, read until min_len bytes
 * are there or the stream ends. */
static int read_stream(host *h, const td_request *rq, const uint8_t **data,
                       size_t *len)
{
    size_t skip, have;
    if (rq->offset < h->buf_off)
        return fail_msg(h, "the decoder asked to read backwards, which a "
                           "stream cannot do; use a file");
    while (rq->offset > h->buf_off + h->buf_len && !h->eof) {
        h->buf_off += h->buf_len; /* discard what lies before the request */
        h->buf_len = 0;
        ssize_t n = read(h->fd, h->buf, h->cap);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return fail(h, "read");
        h->eof = n == 0;
        h->buf_len = (size_t)n;
    }
    if (rq->offset > h->buf_off + h->buf_len)
        skip = h->buf_len;
    else
        skip = (size_t)(rq->offset - h->buf_off);
    memmove(h->buf, h->buf + skip, h->buf_len - skip);
    h->buf_off += skip;
    h->buf_len -= skip;
    if (grow(h, rq->min_len) != 0)
        return -1;
    have = h->buf_len;
    while ((have < rq->min_len || have == 0) && !h->eof) {
        ssize_t n = read(h->fd, h->buf + have, h->cap - have);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return fail(h, "read");
        h->eof = n == 0;
        have += (size_t)n;
    }
    h->buf_len = have;
    *data = h->buf;
    *len = rq->offset >= h->buf_off + h->buf_len ? 0 : h->buf_len;
    return 0;
}

int host_read(host *h, const td_request *rq, const uint8_t **data,
              size_t *len)
{
    switch (h->io) {
    case HOST_MMAP:
        return read_mmap(h, rq, data, len);
    case HOST_STREAM:
        return read_stream(h, rq, data, len);
    default:
        return read_pread(h, rq, data, len);
    }
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
