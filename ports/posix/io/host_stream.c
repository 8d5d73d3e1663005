/*
 * host_stream.c - reading forward (see host.h): a source's one buffer
 * holds what lies from the last request on; a request further on drops
 * what lies before it (reading through it when it was not read yet, as a
 * pipe must), then reads until min_len bytes are there or the source
 * ends. A request for bytes already dropped is an error.
 */
#define _POSIX_C_SOURCE 200809L
#include "host_reads.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* One read() after the buffer's bytes. */
static int read_more(host *h, host_source *s, host_chunk *c)
{
    ssize_t n;
    do
        n = read(s->fd, c->buf + c->len, c->cap - c->len);
    while (n < 0 && errno == EINTR);
    if (n < 0)
        return host_fail(h, s, "read");
    s->eof = n == 0;
    c->len += (size_t)n;
    return 0;
}

int host_read_stream(host *h, host_source *s, const td_request *rq,
                     const uint8_t **data, size_t *len)
{
    host_chunk *c = &s->chunk[0];
    size_t skip;
    if (rq->offset < c->start) {
        snprintf(h->error, sizeof h->error,
                 "the decoder asked to read backwards, which a stream "
                 "cannot do; use a file");
        return -1;
    }
    if (host_grow(h, s, c, rq->min_len > h->chunk_size ? rq->min_len
                                                        : h->chunk_size))
        return -1;
    while (rq->offset > c->start + c->len && !s->eof) {
        c->start += c->len; /* read through what lies before the request */
        c->len = 0;
        if (read_more(h, s, c) != 0)
            return -1;
    }
    skip = rq->offset > c->start + c->len ? c->len
                                          : (size_t)(rq->offset - c->start);
    memmove(c->buf, c->buf + skip, c->len - skip);
    c->start += skip;
    c->len -= skip;
    while ((c->len < rq->min_len || c->len == 0) && !s->eof)
        if (read_more(h, s, c) != 0)
            return -1;
    c->data = c->buf;
    *data = c->buf;
    *len = rq->offset >= c->start + c->len ? 0 : c->len;
    return 0;
}
