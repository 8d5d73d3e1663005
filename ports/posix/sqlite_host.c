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
    h->mapped = use_mmap;
    if (side_file(h, path, "-wal", &h->files.wal_size, NULL) != 0 ||
        side_file(h, path, "-journal", &h->files.journal_size,
                  h->files.journal_head) != 0)
        return -1;
    return 0;
}

/* The lane's slot that holds [offset, offset + n), or NULL. */
static sqlite_slot *find_slot(sqlite_host *h, unsigned lane, uint64_t offset,
                              size_t n)
{
    unsigned i;
    for (i = 0; i < SQLITE_HOST_SLOTS; i++) {
        sqlite_slot *s = &h->slot[lane][i];
        if (s->data != NULL && offset >= s->start &&
            offset - s->start <= s->len && s->len - (offset - s->start) >= n)
            return s;
    }
    return NULL;
}

static sqlite_slot *least_used(sqlite_host *h, unsigned lane)
{
    sqlite_slot *best = &h->slot[lane][0];
    unsigned i;
    for (i = 1; i < SQLITE_HOST_SLOTS; i++)
        if (h->slot[lane][i].used < best->used)
            best = &h->slot[lane][i];
    return best;
}

static void empty_slot(sqlite_host *h, sqlite_slot *s)
{
    if (h->mapped && s->data != NULL)
        munmap((void *)s->data, s->len);
    s->data = NULL;
    s->len = 0;
}

/* Read [start, start + n) of the file into s's buffer (less at its end). */
static int fill_read(sqlite_host *h, sqlite_slot *s, uint64_t start, size_t n)
{
    size_t got = 0;
    if (s->cap < n) {
        uint8_t *nb = realloc(s->buf, n);
        if (nb == NULL)
            return fail(h, "realloc", "buffer");
        s->buf = nb;
        s->cap = n;
    }
    while (got < n) {
        ssize_t r = pread(h->fd, s->buf + got, n - got, (off_t)(start + got));
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0)
            return fail(h, "pread", "database");
        if (r == 0)
            break;
        got += (size_t)r;
    }
    s->data = s->buf;
    s->len = got;
    return 0;
}

/* Map [start, start + n) of the file (start is page-aligned). */
static int fill_map(sqlite_host *h, sqlite_slot *s, uint64_t start, size_t n)
{
    void *m = mmap(NULL, n, PROT_READ, MAP_PRIVATE, h->fd, (off_t)start);
    if (m == MAP_FAILED)
        return fail(h, "mmap", "database");
    posix_madvise(m, n, POSIX_MADV_WILLNEED); /* fault it in at once */
    s->data = m;
    s->len = n;
    return 0;
}

/* Load the chunk that holds [offset, offset + n) into the lane's least
 * recently used slot: the aligned chunk around it, or more when n does
 * not fit there. */
static sqlite_slot *load_slot(sqlite_host *h, unsigned lane, uint64_t offset,
                              size_t n)
{
    sqlite_slot *s = least_used(h, lane);
    uint64_t start = offset - offset % SQLITE_HOST_CHUNK;
    uint64_t end = start + SQLITE_HOST_CHUNK;
    if (end < offset + n)
        end = offset + n;
    if (end > h->files.db_size)
        end = h->files.db_size;
    empty_slot(h, s);
    if (h->mapped ? fill_map(h, s, start, (size_t)(end - start))
                  : fill_read(h, s, start, (size_t)(end - start)))
        return NULL;
    s->start = start;
    return s;
}

int sqlite_host_read(sqlite_host *h, const td_request *rq,
                     const uint8_t **data, size_t *len)
{
    unsigned lane = rq->source < TD_SQLITE_LANES ? rq->source : 0;
    sqlite_slot *s;
    h->requests++;
    *data = NULL;
    *len = 0;
    if (rq->offset >= h->files.db_size)
        return 0;
    s = find_slot(h, lane, rq->offset, rq->min_len);
    if (s == NULL && (s = load_slot(h, lane, rq->offset, rq->min_len)) == NULL)
        return -1;
    s->used = h->requests;
    *data = s->data + (rq->offset - s->start);
    *len = s->len - (size_t)(rq->offset - s->start);
    return 0;
}

void sqlite_host_close(sqlite_host *h)
{
    unsigned lane, i;
    for (lane = 0; lane < TD_SQLITE_LANES; lane++) {
        for (i = 0; i < SQLITE_HOST_SLOTS; i++) {
            empty_slot(h, &h->slot[lane][i]);
            free(h->slot[lane][i].buf);
        }
    }
    if (h->fd >= 0)
        close(h->fd);
    memset(h, 0, sizeof *h);
    h->fd = -1;
}
