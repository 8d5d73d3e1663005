/*
 * tracedec/zip.h - zip archive decoder: local headers read in file order,
 * stored and deflate members, data descriptors, zip64 fields; the central
 * directory and end records after them. Follows the API shape and the
 * contract at the top of <tracedec.h>. The caller supplies the 32 KiB
 * window (td_zip_config.memory).
 *
 * Forward-only by default (a pipe works): the central directory is then
 * checked against the local headers by count and by a running digest of
 * each member's name, CRC, sizes and offset, in order; a disagreement is
 * found at the last central entry (or at the end record when the counts
 * differ), as the local values are not kept. With TD_ZIP_SEEKABLE the
 * decoder also goes back to each member's local header when it reads the
 * central directory entry, and compares method, name, CRC and sizes, so
 * the first entry that disagrees is the one reported (its requests then
 * jump backwards: use pread or mmap).
 *
 * A stored member whose sizes are in a data descriptor (flag bit 3) cannot
 * be delimited reading forward: TD_E_ZIP_DESCRIPTOR, in both modes (the
 * decoder is never told where the input ends, so it cannot find the
 * central directory first). Deflate members end where their stream ends,
 * so a descriptor is no problem for them.
 */
#ifndef TRACEDEC_ZIP_H
#define TRACEDEC_ZIP_H

#include "common.h"
#include "inflate.h"

#ifdef __cplusplus
extern "C" {
#endif

/* td_zip_config.flags */
#define TD_ZIP_SEEKABLE 1u /* cross-check with random access */

/* What init needs. */
typedef struct td_zip_config {
    size_t size;        /* sizeof(td_zip_config) */
    uint32_t flags;     /* 0 or TD_ZIP_SEEKABLE */
    void *memory;       /* the window: TD_INFLATE_WINDOW bytes (no
                           alignment needed) that outlive the decoder */
    size_t memory_size;
} td_zip_config;

enum td_zip_event_kind {
    TD_ZIP_EV_MEMBER = 1,     /* .header: a local file header, its fields as
                              written (zip64 and descriptor values come
                              with MEMBER_END) */
    TD_ZIP_EV_NAME = 2,       /* .text: a fragment of the member's name; an
                              empty name is one empty last fragment */
    TD_ZIP_EV_DATA = 3,       /* .data: decompressed bytes of the member */
    TD_ZIP_EV_MEMBER_END = 4, /* .header: the member's CRC and sizes matched
                              (from the descriptor when it has one);
                              offset and size are the descriptor's, or the
                              end of the data and 0 */
    TD_ZIP_EV_CENTRAL = 5,    /* .header: a central directory entry, checked
                              (its name is not delivered) */
    TD_ZIP_EV_END = 6         /* .end: the end of central directory record */
};

/* The fields of a local header or central directory entry. */
typedef struct td_zip_header {
    uint16_t version_needed;
    uint16_t flags;        /* bit 3: sizes in a data descriptor */
    uint16_t method;       /* 0 stored, 8 deflate */
    uint32_t crc;
    uint64_t compressed_size;
    uint64_t uncompressed_size;
    uint64_t local_offset; /* offset of the local header */
    uint16_t name_len;
    bool zip64;            /* the record has a zip64 extra field (its sizes
                              and its descriptor's are 64-bit) */
} td_zip_header;

typedef struct td_zip_event {
    int kind;              /* enum td_zip_event_kind */
    uint32_t flags;        /* NAME: TD_LAST_FRAGMENT on the name's last
                              fragment; 0 otherwise */
    uint64_t offset;       /* absolute input offset of the record, name
                              fragment, or block that produced data[0]
                              (stored members: data[0] itself) */
    uint64_t size;         /* input bytes of the record (header with name
                              and extra, descriptor, entry); 0 for DATA */
    uint32_t member;       /* 0-based index of the member or entry; END:
                              the number of entries */
    td_zip_header header;
    struct {
        const uint8_t *data; /* into the input span (names, stored data)
                                or the window (deflated data); valid until
                                the next call */
        size_t len;
        uint64_t pos;      /* position of data[0] in the name or output */
    } text, data;
    struct {
        uint64_t entries;
        uint64_t central_offset;
        uint64_t central_size;
        uint16_t comment_len;
        bool zip64;        /* a zip64 end record was present */
    } end;
} td_zip_event;

typedef struct td_zip_decoder {
    td_input in;
    td_fault fault;
    td_inflate_state z;
    td_zip_header cur;     /* the record being read */
    td_zip_header local;   /* TD_ZIP_SEEKABLE: the local header of the
                              central entry in cur */
    uint32_t init_flags;
    uint32_t member;       /* local members so far */
    uint32_t entry;        /* central entries so far */
    uint32_t crc;          /* CRC-32 of the member's output so far */
    uint32_t name_crc;     /* CRC-32 of cur's name */
    uint32_t local_name_crc; /* CRC-32 of local's name */
    uint64_t local_digest; /* members as the local headers describe them */
    uint64_t central_digest;
    uint64_t record_offset;/* where the current record started */
    uint64_t record_size;  /* its bytes with name, extra and comment */
    uint64_t data_offset;  /* where the member's data starts */
    uint64_t data_left;    /* stored bytes still to deliver */
    uint64_t resume;       /* TD_ZIP_SEEKABLE: where to come back to */
    uint64_t central_start;
    uint64_t central_end;
    uint64_t zip64_end_offset;
    uint64_t end_entries;  /* totals of the zip64 end record, if any */
    uint64_t end_central_size;
    uint64_t end_central_offset;
    uint32_t name_left;
    uint32_t extra_left;
    uint64_t skip_left;    /* bytes of an extra sub-field, comment or
                              record tail still to skip */
    uint16_t comment_len;
    uint8_t state;
    uint8_t phase;         /* which records may come next */
} td_zip_decoder;

/* Prepare a decoder for a zip archive.
 * Returns TD_OK, TD_E_INVALID_ARGUMENT (NULL decoder, config or memory,
 * cfg->size below sizeof(td_zip_config), a flag other than
 * TD_ZIP_SEEKABLE) or TD_E_BAD_CONFIG (memory_size below
 * TD_INFLATE_WINDOW). */
int td_zip_init(td_zip_decoder *d, const td_zip_config *cfg);

/* Start a new input with the same window and flags, forgetting any
 * error. Returns TD_OK or TD_E_INVALID_ARGUMENT (NULL decoder). */
int td_zip_reset(td_zip_decoder *d);

/* Decode the next event into *ev.
 * Returns TD_EVENT, TD_NEED_INPUT (see td_zip_request), TD_END (after the
 * end of central directory record and its comment, at the end of the
 * input) or an error: TD_E_INVALID_ARGUMENT (NULL decoder or event), or,
 * sticky until reset, TD_E_TRUNCATED (at the record that was cut),
 * TD_E_ZIP_SIGNATURE, TD_E_ZIP_METHOD, TD_E_ZIP_ENCRYPTED,
 * TD_E_ZIP_DESCRIPTOR, TD_E_ZIP_ZIP64, TD_E_ZIP_SIZE, TD_E_ZIP_CRC,
 * TD_E_ZIP_CENTRAL, TD_E_ZIP_END, every TD_E_INFLATE_*, TD_E_INTERNAL (a
 * bug: the decoder found its own state inconsistent). Pointers in *ev
 * stay valid until the next call. */
int td_zip_next(td_zip_decoder *d, td_zip_event *ev);

/* request, feed, fault: as every decoder's (tracedec.h, THE DECODER
 * CONTRACT). With TD_ZIP_SEEKABLE the request jumps back to a member's local
 * header while the central directory is read, and then forward again. feed
 * returns TD_OK, TD_E_INVALID_ARGUMENT (NULL decoder), TD_E_PROTOCOL (no
 * request outstanding, NULL data with len > 0) or the sticky error; request
 * and fault return no error. */
const td_request *td_zip_request(const td_zip_decoder *d);
int td_zip_feed(td_zip_decoder *d, const void *data, size_t len);
const td_fault *td_zip_fault(const td_zip_decoder *d);

#ifdef __cplusplus
}
#endif

#endif /* TRACEDEC_ZIP_H */
