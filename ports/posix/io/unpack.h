/*
 * unpack.h - a container (zip, gzip, LZ4 frame, snappy framing) read for
 * the bytes it holds, whatever they are: the library's container decoders
 * behind one switch, handing out their output as spans. What a zip holds
 * is its first member: a second member ends the content (and says so).
 */
#ifndef TRACEDEC_UNPACK_H
#define TRACEDEC_UNPACK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tracedec.h"

/* The window every container fits in (LZ4's is the largest). */
#define UNPACK_WINDOW TD_DRMEM_FILE_WINDOW

typedef struct unpack {
    int container;        /* TD_FORMAT_ZIP, _GZIP, _LZ4 or _SNAPPY */
    uint32_t members;     /* zip members begun */
    union {
        td_zip_decoder zip;
        td_gzip_decoder gzip;
        td_lz4_decoder lz4;
        td_snappy_decoder snappy;
    } c;
} unpack;

/* True for the formats unpack reads. */
bool unpack_is_container(int format);

/* Start on `container` with a window of UNPACK_WINDOW bytes; flags 0, or
 * TD_ZIP_SEEKABLE for a zip read by random access. Returns TD_OK or the
 * container's init error. */
int unpack_init(unpack *u, int container, uint32_t flags, void *window);

/* The next span of the content: TD_EVENT with (*data, *len), valid until
 * the next call; TD_END at the content's end (a zip's second member ends
 * it too: u->members is then 2); TD_NEED_INPUT (answer unpack_request);
 * or the container's sticky error (unpack_fault). */
int unpack_next(unpack *u, const uint8_t **data, size_t *len);

/* request, feed, fault: the container decoder's own (tracedec.h). */
const td_request *unpack_request(const unpack *u);
int unpack_feed(unpack *u, const void *data, size_t len);
const td_fault *unpack_fault(const unpack *u);

/* The program that decompresses the container, for messages ("gunzip"). */
const char *unpack_tool(int container);

#endif /* TRACEDEC_UNPACK_H */
