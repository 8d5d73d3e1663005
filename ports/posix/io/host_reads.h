/*
 * host_reads.h - the ways a host reads, for host.c, host_chunks.c and
 * host_stream.c and host_unpack.c only: chunks (pread buffers or mmap windows) and forward
 * reads, and the helpers they share.
 */
#ifndef TRACEDEC_HOST_READS_H
#define TRACEDEC_HOST_READS_H

#include "host.h"

/* Answer a request as host_read does, from the file itself even when the
 * host unpacks it (host_unpack.c reads the container through it); and
 * from the unpacked content. */
int host_read_file(host *h, const td_request *rq, const uint8_t **data,
                   size_t *len);
int host_read_unpacked(host *h, const td_request *rq, const uint8_t **data,
                       size_t *len);

/* Free what host_unpack() holds. */
void host_unpack_close(host *h);

/* Answer a request for source s as host_read does: from a chunk (pread,
 * mmap; rq->offset is below the source's size), or by reading forward
 * (stream). */
int host_read_chunk(host *h, host_source *s, const td_request *rq,
                    const uint8_t **data, size_t *len);
int host_read_stream(host *h, host_source *s, const td_request *rq,
                     const uint8_t **data, size_t *len);

/* Drop a chunk's bytes (unmapping a window); its buffer stays. */
void host_drop_chunk(const host *h, host_chunk *c);

/* h->error = "WHAT: strerror(errno)", with s's name in front for a
 * directory's file (s may be NULL). Returns -1. */
int host_fail(host *h, const host_source *s, const char *what);

/* Make c's buffer hold at least n bytes. Returns 0, or -1 with h->error
 * set. */
int host_grow(host *h, const host_source *s, host_chunk *c, size_t n);

#endif /* TRACEDEC_HOST_READS_H */
