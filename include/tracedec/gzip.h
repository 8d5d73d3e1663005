/*
 * tracedec/gzip.h - gzip (RFC 1952) decoder: member headers with every
 * flag (FTEXT, FHCRC, FEXTRA, FNAME, FCOMMENT), CRC-32 and ISIZE checks,
 * and concatenated members, over the raw inflate of <tracedec/inflate.h>.
 * Follows the API shape and the contract at the top of <tracedec.h>;
 * forward-only. The caller supplies the 32 KiB window
 * (td_gzip_config.memory).
 */
#ifndef TRACEDEC_GZIP_H
#define TRACEDEC_GZIP_H

#include "common.h"
#include "inflate.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What init needs. No flags are defined yet: flags must be 0. */
typedef struct td_gzip_config {
    size_t size;        /* sizeof(td_gzip_config) */
    uint32_t flags;     /* 0 */
    void *memory;       /* the window: TD_INFLATE_WINDOW bytes (no
                           alignment needed) that outlive the decoder */
    size_t memory_size;
} td_gzip_config;

enum td_gzip_event_kind {
    TD_GZIP_EV_MEMBER = 1,     /* .header: a member header was read */
    TD_GZIP_EV_DATA = 2,       /* .data: decompressed bytes of the member */
    TD_GZIP_EV_MEMBER_END = 3  /* .trailer: CRC-32 and ISIZE matched */
};

typedef struct td_gzip_event {
    int kind;               /* enum td_gzip_event_kind */
    uint32_t flags;         /* 0: no flag applies to gzip events */
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

/* Prepare a decoder for a gzip file.
 * Returns TD_OK, TD_E_INVALID_ARGUMENT (NULL decoder, config or memory,
 * cfg->size below sizeof(td_gzip_config), a flag other than 0) or
 * TD_E_BAD_CONFIG (memory_size below TD_INFLATE_WINDOW). */
int td_gzip_init(td_gzip_decoder *d, const td_gzip_config *cfg);

/* Start a new input with the same window, forgetting any error.
 * Returns TD_OK or TD_E_INVALID_ARGUMENT (NULL decoder). */
int td_gzip_reset(td_gzip_decoder *d);

/* Decode the next event into *ev.
 * Returns TD_EVENT, TD_NEED_INPUT (see td_gzip_request), TD_END (the input
 * ended after a whole member) or an error: TD_E_INVALID_ARGUMENT (NULL
 * decoder or event), or, sticky until reset, TD_E_TRUNCATED (at the
 * header, block or trailer that was cut), TD_E_GZIP_MAGIC (also: bytes
 * after a member that do not start another), TD_E_GZIP_METHOD,
 * TD_E_GZIP_FLAGS, TD_E_GZIP_HEADER_CRC, TD_E_GZIP_CRC, TD_E_GZIP_SIZE,
 * every TD_E_INFLATE_*. Data pointers stay valid until the next call. */
int td_gzip_next(td_gzip_decoder *d, td_gzip_event *ev);

/* request, feed, fault: as every decoder's (tracedec.h, THE DECODER
 * CONTRACT). feed returns TD_OK, TD_E_INVALID_ARGUMENT (NULL decoder),
 * TD_E_PROTOCOL (no request outstanding, NULL data with len > 0) or the
 * sticky error; request and fault return no error. */
const td_request *td_gzip_request(const td_gzip_decoder *d);
int td_gzip_feed(td_gzip_decoder *d, const void *data, size_t len);
const td_fault *td_gzip_fault(const td_gzip_decoder *d);

#ifdef __cplusplus
}
#endif

#endif /* TRACEDEC_GZIP_H */
