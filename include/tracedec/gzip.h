/*
 * tracedec/gzip.h - gzip (RFC 1952) decoder: member headers with every
 * flag (FTEXT, FHCRC, FEXTRA, FNAME, FCOMMENT), CRC-32 and ISIZE checks,
 * and concatenated members, over the raw inflate of <tracedec/inflate.h>.
 * Follows the contract at the top of <tracedec.h>; forward-only.
 */
#ifndef TRACEDEC_GZIP_H
#define TRACEDEC_GZIP_H

#include "common.h"
#include "inflate.h"

#ifdef __cplusplus
extern "C" {
#endif

enum td_gzip_event_kind {
    TD_GZIP_EV_MEMBER = 1,     /* .header: a member header was read */
    TD_GZIP_EV_DATA = 2,       /* .data: decompressed bytes of the member */
    TD_GZIP_EV_MEMBER_END = 3  /* .trailer: CRC-32 and ISIZE matched */
};

typedef struct td_gzip_event {
    int kind;
    uint64_t offset;        /* absolute input offset of the header, trailer,
                               or deflate block that produced data[0] */
    uint64_t size;          /* input bytes of the header (with its optional
                               fields) or trailer (8); 0 for DATA */
    uint32_t member;        /* 0-based index of the member */
    struct {
        uint8_t flags;      /* FTEXT 1, FHCRC 2, FEXTRA 4, FNAME 8,
                               FCOMMENT 16 */
        uint8_t xfl;
        uint8_t os;
        uint32_t mtime;
    } header;
    struct {
        const uint8_t *data; /* inside the window; valid until the next
                                call on this decoder */
        size_t len;
        uint64_t pos;       /* position of data[0] in the member's output */
    } data;
    struct {
        uint32_t crc;
        uint32_t isize;
    } trailer;
} td_gzip_event;

typedef struct td_gzip_decoder {
    td_input in;
    td_fault fault;
    td_inflate_state z;
    uint64_t member_offset; /* where the current member started */
    uint32_t member;        /* 0-based index of the current member */
    uint32_t crc;           /* CRC-32 of the member's output so far */
    uint32_t header_crc;    /* CRC-32 of the header so far (FHCRC) */
    uint32_t mtime;
    uint16_t extra_left;    /* bytes of FEXTRA still to skip */
    uint8_t state;
    uint8_t flags, xfl, os;
} td_gzip_decoder;

/* window: TD_INFLATE_WINDOW bytes. Returns TD_OK, TD_E_INVALID_ARGUMENT or
 * TD_E_BAD_CONFIG (window too small). */
int td_gzip_init(td_gzip_decoder *d, void *window, size_t window_size);
int td_gzip_reset(td_gzip_decoder *d);

/* TD_EVENT, TD_NEED_INPUT, TD_END (the input ended after a whole member),
 * or an error: TD_E_TRUNCATED, TD_E_GZIP_*, TD_E_INFLATE_*. Bytes after the
 * last member that are not another member are TD_E_GZIP_MAGIC. Data
 * pointers stay valid until the next call. */
int td_gzip_next(td_gzip_decoder *d, td_gzip_event *ev);
const td_request *td_gzip_request(const td_gzip_decoder *d);
int td_gzip_feed(td_gzip_decoder *d, const void *data, size_t len);
const td_fault *td_gzip_fault(const td_gzip_decoder *d);

#ifdef __cplusplus
}
#endif

#endif /* TRACEDEC_GZIP_H */
