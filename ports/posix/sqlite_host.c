/*
 * sqlite_host.c - see sqlite_host.h.
 */
#define _POSIX_C_SOURCE 200809L
#include "sqlite_host.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

static int fail(sqlite_host *h, const char *what, const char *path)
{
    snprintf(h->error, sizeof h->error, "%s: %s: %s", path, what,
             strerror(errno));
    return -1;
}

/* Size and first bytes of PATH-suffix; absent files are empty. */
static int side_file(sqlite_host *h, const char *path, const char *suffix,
                     uint64_t *size, uint8_t *head)
{
    char name[4096];
    struct stat st;
    int fd;
    snprintf(name, sizeof name, "%s%s", path, suffix);
    *size = 0;
    if (stat(name, &st) != 0)
        return errno == ENOENT ? 0 : fail(h, "stat", name);
    *size = (uint64_t)st.st_size;
    if (head == NULL || *size == 0)
        return 0;
    fd = open(name, O_RDONLY);
    if (fd < 0)
        return fail(h, "open", name);
    if (pread(fd, head, 8, 0) < 0) {
        close(fd);
        return fail(h, "read", name);
    }
    close(fd);
    return 0;
}

int sqlite_host_open(sqlite_host *h, const char *path, bool use_mmap)
{
    struct stat st;
    memset(h, 0, sizeof *h);
    h->fd = open(path, O_RDONLY);
    if (h->fd < 0)
        return fail(h, "open", path);
    if (fstat(h->fd, &st) != 0)
        return fail(h, "stat", path);
    if (!S_ISREG(st.st_mode)) {
        snprintf(h->error, sizeof h->error,
                 "%s: an SQLite database must be a regular file", path);
        return -1;
    }
    h->files.db_size = (uint64_t)st.st_size;
    if (side_file(h, path, "-wal", &h->files.wal_size, NULL) != 0 ||
        side_file(h, path, "-journal", &h->files.journal_size,
                  h->files.journal_head) != 0)
        return -1;
    if (use_mmap && st.st_size > 0) {
        void *m = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE,
                       h->fd, 0);
        if (m == MAP_FAILED)
            return fail(h, "mmap", path);
        h->map = m;
        h->mapped = true;
    }
    return 0;
}

static int read_pread(sqlite_host *h, const td_request *rq,
                      const uint8_t **data, size_t *len)
{
    unsigned lane = rq->source < TD_SQLITE_LANES ? rq->source : 0;
    size_t got = 0;
    if (h->cap[lane] < rq->min_len) {
        uint8_t *nb = realloc(h->buf[lane], rq->min_len);
        if (nb == NULL)
            return fail(h, "realloc", "buffer");
        h->buf[lane] = nb;
        h->cap[lane] = rq->min_len;
    }
    while (got < rq->min_len) {
        ssize_t n = pread(h->fd, h->buf[lane] + got, rq->min_len - got,
                          (off_t)(rq->offset + got));
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return fail(h, "pread", "database");
        if (n == 0)
            break;
        got += (size_t)n;
    }
    *data = h->buf[lane];
    *len = got;
    return 0;
}

int sqlite_host_read(sqlite_host *h, const td_request *rq,
                     const uint8_t **data, size_t *len)
{
    h->requests++;
    if (!h->mapped)
        return read_pread(h, rq, data, len);
    if (rq->offset >= h->files.db_size) {
        *data = NULL;
        *len = 0;
        return 0;
    }
    *data = h->map + rq->offset;
    *len = (size_t)(h->files.db_size - rq->offset);
    return 0;
}

void sqlite_host_close(sqlite_host *h)
{
    unsigned i;
    if (h->mapped)
        munmap((void *)h->map, (size_t)h->files.db_size);
    if (h->fd >= 0)
        close(h->fd);
    for (i = 0; i < TD_SQLITE_LANES; i++)
        free(h->buf[i]);
    memset(h, 0, sizeof *h);
    h->fd = -1;
}
