/*
 * host_chunks.c - reading by chunks (see host.h): a request is answered
 * from a chunk of its source that holds [offset, offset + min_len), or
 * the least recently used chunk is replaced by the one around it: read
 * with pread into the chunk's buffer, or mapped with mmap. A chunk starts
 * at the request (pread), at its page (mmap), or at a multiple of the
 * chunk size (lanes: a b-tree walk comes back to a parent page, and its
 * chunk is still there); it holds the chunk size or min_len, whichever is
 * more, unless the source ends first.
 */
#define _POSIX_C_SOURCE 200809L
#include "host_reads.h"

#include <errno.h>
#include <sys/mman.h>
#include <unistd.h>

/* The chunk of s that holds [offset, offset + n) and a byte at offset, or
 * NULL. */
static host_chunk *find(const host *h, host_source *s, uint64_t offset,
                        size_t n)
{
    unsigned i;
    for (i = 0; i < h->chunks; i++) {
        host_chunk *c = &s->chunk[i];
        if (c->data != NULL && offset >= c->start &&
            offset - c->start < c->len && c->len - (offset - c->start) >= n)
            return c;
    }
    return NULL;
}

static host_chunk *least_used(const host *h, host_source *s)
{
    host_chunk *best = &s->chunk[0];
    unsigned i;
    for (i = 1; i < h->chunks; i++)
        if (s->chunk[i].used < best->used)
            best = &s->chunk[i];
    return best;
}

/* Read [start, start + n) of s into c's buffer (less at its end). */
static int fill_read(host *h, host_source *s, host_chunk *c, uint64_t start,
                     size_t n)
{
    size_t got = 0;
    if (host_grow(h, s, c, n) != 0)
        return -1;
    while (got < n) {
        ssize_t r = pread(s->fd, c->buf + got, n - got, (off_t)(start + got));
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0)
            return host_fail(h, s, "pread");
        if (r == 0)
            break;
        got += (size_t)r;
    }
    c->data = c->buf;
    c->len = got;
    return 0;
}

/* Map [start, start + n) of s (start is page-aligned). */
static int fill_map(host *h, host_source *s, host_chunk *c, uint64_t start,
                    size_t n)
{
    void *m = mmap(NULL, n, PROT_READ, MAP_PRIVATE, s->fd, (off_t)start);
    if (m == MAP_FAILED)
        return host_fail(h, s, "mmap");
    posix_madvise(m, n, h->advice);
    c->data = m;
    c->len = n;
    return 0;
}

/* Where the chunk around offset starts. */
static uint64_t chunk_start(const host *h, uint64_t offset)
{
    if (h->aligned)
        return offset - offset % h->chunk_size;
    if (h->io == HOST_MMAP)
        return offset - offset % h->page;
    return offset;
}

/* Replace the least recently used chunk by the one that holds
 * [rq->offset, rq->offset + rq->min_len). Returns it, or NULL (h->error). */
static host_chunk *load(host *h, host_source *s, const td_request *rq)
{
    host_chunk *c = least_used(h, s);
    uint64_t start = chunk_start(h, rq->offset);
    uint64_t end = start + h->chunk_size;
    if (end < rq->offset + rq->min_len)
        end = rq->offset + rq->min_len;
    if (end > s->size)
        end = s->size;
    host_drop_chunk(h, c);
    if (h->io == HOST_MMAP ? fill_map(h, s, c, start, (size_t)(end - start))
                           : fill_read(h, s, c, start, (size_t)(end - start)))
        return NULL;
    c->start = start;
    return c;
}

int host_read_chunk(host *h, host_source *s, const td_request *rq,
                    const uint8_t **data, size_t *len)
{
    host_chunk *c = find(h, s, rq->offset, rq->min_len);
    if (c == NULL && (c = load(h, s, rq)) == NULL)
        return -1;
    c->used = h->requests;
    *data = c->data + (rq->offset - c->start);
    *len = c->len - (size_t)(rq->offset - c->start);
    return 0;
}
