/*
 * host_unpack.c - a host whose file is a container: source 0 serves the
 * bytes the container holds, decompressed as the decoder reads forward
 * (host.h). The container decoder reads the file through the host's own
 * reads (host_read_file); each span it hands out answers the requests
 * that fall inside it, so memory is the container's window and decoder,
 * whatever the size of the file.
 */
#include "host_reads.h"
#include "unpack.h"

#include <stdio.h>
#include <stdlib.h>

struct host_unpacked {
    unpack u;
    uint64_t start;        /* content offset of the span */
    const uint8_t *data;   /* the span: [start, start + len) */
    size_t len;
    bool ended;
    const td_fault *damage; /* the container's error, once it failed */
    uint8_t window[UNPACK_WINDOW];
};

int host_unpack(host *h, int container)
{
    struct host_unpacked *p = calloc(1, sizeof *p);
    uint32_t flags = h->io == HOST_STREAM ? 0 : TD_ZIP_SEEKABLE;
    if (p == NULL) {
        snprintf(h->error, sizeof h->error, "out of memory");
        return -1;
    }
    if (unpack_init(&p->u, container, flags, p->window) != TD_OK) {
        free(p);
        snprintf(h->error, sizeof h->error, "cannot start the container");
        return -1;
    }
    h->unpacked = p;
    return 0;
}

void host_unpack_close(host *h)
{
    free(h->unpacked);
    h->unpacked = NULL;
}

int host_container(const host *h)
{
    return h->unpacked != NULL ? h->unpacked->u.container : TD_FORMAT_UNKNOWN;
}

const td_fault *host_damage(const host *h)
{
    return h->unpacked != NULL ? h->unpacked->damage : NULL;
}

/* The container's next span, answering its requests from the file.
 * Returns 0 (p->ended at the content's end), or -1 with h->error set. */
static int next_span(host *h, struct host_unpacked *p)
{
    const uint8_t *raw;
    size_t raw_len;
    int rc;
    p->start += p->len;
    p->len = 0;
    while ((rc = unpack_next(&p->u, &p->data, &p->len)) == TD_NEED_INPUT) {
        if (host_read_file(h, unpack_request(&p->u), &raw, &raw_len) != 0)
            return -1;
        unpack_feed(&p->u, raw, raw_len);
    }
    if (rc == TD_EVENT)
        return 0;
    if (rc == TD_END && p->u.members > 1) {
        snprintf(h->error, sizeof h->error, "the zip holds more than one "
                 "file; tracedec reads a trace from a zip of one file");
        return -1;
    }
    if (rc == TD_END) {
        p->ended = true;
        return 0;
    }
    p->damage = unpack_fault(&p->u);
    snprintf(h->error, sizeof h->error, "%s", p->damage->reason);
    return -1;
}

int host_read_unpacked(host *h, const td_request *rq, const uint8_t **data,
                       size_t *len)
{
    struct host_unpacked *p = h->unpacked;
    if (rq->source != 0 || rq->offset < p->start) {
        snprintf(h->error, sizeof h->error, "the decoder asked to read "
                 "backwards in a container, which is read forward");
        return -1;
    }
    while (rq->offset >= p->start + p->len && !p->ended)
        if (next_span(h, p) != 0)
            return -1;
    if (rq->offset >= p->start + p->len)
        return 0; /* the content ended */
    *data = p->data + (rq->offset - p->start);
    *len = (size_t)(p->start + p->len - rq->offset);
    return 0;
}
