/*
 * dir_host.c - see dir_host.h.
 */
#define _POSIX_C_SOURCE 200809L
#include "dir_host.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define READ_SIZE ((size_t)256 << 10)
#define MAP_WINDOW ((size_t)1 << 20)

static int fail(dir_host *h, const char *what, unsigned i)
{
    snprintf(h->error, sizeof h->error, "%.300s (source %u): %.100s", what, i,
             strerror(errno));
    return -1;
}

int dir_host_open(dir_host *h, const char *dir, const char *const *names,
                  unsigned count, int io)
{
    unsigned i;
    memset(h, 0, sizeof *h);
    h->io = io == HOST_AUTO ? HOST_PREAD : io;
    h->count = count;
    h->page = (uint64_t)sysconf(_SC_PAGESIZE);
    for (i = 0; i < DIR_HOST_MAX_SOURCES; i++)
        h->src[i].fd = -1;
    if (count > DIR_HOST_MAX_SOURCES) {
        snprintf(h->error, sizeof h->error, "too many sources");
        return -1;
    }
    for (i = 0; i < count; i++) {
        char path[4096];
        struct stat st;
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        h->src[i].fd = open(path, O_RDONLY);
        if (h->src[i].fd < 0 && errno == ENOENT)
            continue;
        if (h->src[i].fd < 0 || fstat(h->src[i].fd, &st) != 0)
            return fail(h, path, i);
        h->src[i].size = (uint64_t)st.st_size;
    }
    return 0;
}

bool dir_host_has(const dir_host *h, unsigned i)
{
    return i < h->count && h->src[i].fd >= 0;
}

void dir_host_close(dir_host *h)
{
    unsigned i;
    for (i = 0; i < DIR_HOST_MAX_SOURCES; i++) {
        dir_source *s = &h->src[i];
        if (s->map != NULL)
            munmap(s->map, s->map_len);
        if (s->fd >= 0)
            close(s->fd);
        free(s->buf);
        memset(s, 0, sizeof *s);
        s->fd = -1;
    }
}

static int grow(dir_host *h, dir_source *s, size_t need, unsigned i)
{
    uint8_t *nb;
    if (need <= s->cap)
        return 0;
    nb = realloc(s->buf, need);
    if (nb == NULL)
        return fail(h, "realloc", i);
    s->buf = nb;
    s->cap = need;
    return 0;
}

/* pread: answer from the buffer when it holds [offset, offset + min_len),
 * else refill it from offset. */
static int read_pread(dir_host *h, dir_source *s, const td_request *rq,
                      const uint8_t **data, size_t *len)
{
    size_t got = 0;
    if (rq->offset >= s->off && rq->offset - s->off <= s->len &&
        s->len - (rq->offset - s->off) >= rq->min_len) {
        *data = s->buf + (rq->offset - s->off);
        *len = s->len - (size_t)(rq->offset - s->off);
        return 0;
    }
    if (grow(h, s, rq->min_len > READ_SIZE ? rq->min_len : READ_SIZE,
             rq->source) != 0)
        return -1;
    while (got < rq->min_len || got == 0) {
        ssize_t n = pread(s->fd, s->buf + got, s->cap - got,
                          (off_t)(rq->offset + got));
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return fail(h, "pread", rq->source);
        if (n == 0)
            break;
        got += (size_t)n;
    }
    s->off = rq->offset;
    s->len = got;
    *data = s->buf;
    *len = got;
    return 0;
}

/* mmap: a window of MAP_WINDOW bytes (more for a larger request). */
static int read_mmap(dir_host *h, dir_source *s, const td_request *rq,
                     const uint8_t **data, size_t *len)
{
    uint64_t page = h->page, start, end;
    if (rq->offset >= s->size) {
        *data = NULL;
        *len = 0;
        return 0;
    }
    if (s->map == NULL || rq->offset < s->map_off ||
        rq->offset + rq->min_len > s->map_off + s->map_len) {
        if (s->map != NULL)
            munmap(s->map, s->map_len);
        s->map = NULL;
        start = rq->offset - rq->offset % page;
        end = start + MAP_WINDOW + rq->min_len;
        if (end > s->size)
            end = s->size;
        s->map = mmap(NULL, (size_t)(end - start), PROT_READ, MAP_PRIVATE,
                      s->fd, (off_t)start);
        if (s->map == MAP_FAILED) {
            s->map = NULL;
            return fail(h, "mmap", rq->source);
        }
        s->map_off = start;
        s->map_len = (size_t)(end - start);
    }
    *data = s->map + (rq->offset - s->map_off);
    *len = (size_t)(s->map_off + s->map_len - rq->offset);
    return 0;
}

/* Forward reads: keep what lies from rq->offset on, read until min_len
 * bytes are there or the file ends. */
static int read_forward(dir_host *h, dir_source *s, const td_request *rq,
                        const uint8_t **data, size_t *len)
{
    size_t skip;
    if (rq->offset < s->off) {
        snprintf(h->error, sizeof h->error,
                 "the decoder asked source %u to go back", rq->source);
        return -1;
    }
    if (rq->offset > s->off + s->len) {
        /* skip ahead: drop the buffer and read from the new offset */
        if (lseek(s->fd, (off_t)rq->offset, SEEK_SET) < 0)
            return fail(h, "lseek", rq->source);
        s->off = rq->offset;
        s->len = 0;
        s->eof = false;
    }
    skip = (size_t)(rq->offset - s->off);
    if (skip > 0)
        memmove(s->buf, s->buf + skip, s->len - skip);
    s->off += skip;
    s->len -= skip;
    if (grow(h, s, rq->min_len > READ_SIZE ? rq->min_len : READ_SIZE,
             rq->source) != 0)
        return -1;
    while ((s->len < rq->min_len || s->len == 0) && !s->eof) {
        ssize_t n = read(s->fd, s->buf + s->len, s->cap - s->len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return fail(h, "read", rq->source);
        s->eof = n == 0;
        s->len += (size_t)n;
    }
    *data = s->buf;
    *len = s->len;
    return 0;
}

int dir_host_read(dir_host *h, const td_request *rq, const uint8_t **data,
                  size_t *len)
{
    dir_source *s;
    if (rq->source >= h->count) {
        snprintf(h->error, sizeof h->error, "request for unknown source %u",
                 rq->source);
        return -1;
    }
    s = &h->src[rq->source];
    if (s->fd < 0) {
        *data = NULL;
        *len = 0;
        return 0;
    }
    switch (h->io) {
    case HOST_MMAP:
        return read_mmap(h, s, rq, data, len);
    case HOST_STREAM:
        return read_forward(h, s, rq, data, len);
    default:
        return read_pread(h, s, rq, data, len);
    }
}
