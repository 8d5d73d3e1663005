/*
 * tracedec/common.h - what every tracedec decoder shares: status values,
 * error codes, the input request, the input cursor and version numbers.
 *
 * The decoder contract itself is described at the top of <tracedec.h>.
 * This header includes only <stddef.h>, <stdint.h> and <stdbool.h>.
 */
#ifndef TRACEDEC_COMMON_H
#define TRACEDEC_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>

#include "errors.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Version ------------------------------------------------------------
 * MAJOR changes break the interface, MINOR adds capabilities without breaking
 * it, PATCH fixes bugs. */
#define TD_VERSION_MAJOR 1
#define TD_VERSION_MINOR 0
#define TD_VERSION_PATCH 0
#define TD_VERSION_NUMBER \
    (TD_VERSION_MAJOR * 10000 + TD_VERSION_MINOR * 100 + TD_VERSION_PATCH)
#define TD_VERSION_TEXT(major, minor, patch)                                  \
    TD_VERSION_DIGITS(major) "." TD_VERSION_DIGITS(minor) "."                 \
        TD_VERSION_DIGITS(patch)
#define TD_VERSION_DIGITS(n) #n
#define TD_VERSION_STRING                                                     \
    TD_VERSION_TEXT(TD_VERSION_MAJOR, TD_VERSION_MINOR, TD_VERSION_PATCH)

/* The version of the library actually linked: TD_VERSION_NUMBER and
 * TD_VERSION_STRING as they were when it was built. */
uint32_t td_version_number(void);
const char *td_version_string(void);

/* ---- Status values returned by every next() -----------------------------
 * Non-negative values are progress; negative values are errors (td_error).
 * "Need input" is never an error. */
enum td_status {
    TD_END = 0,        /* the input ended cleanly; nothing more will come */
    TD_EVENT = 1,      /* *ev holds one event */
    TD_NEED_INPUT = 2  /* answer the decoder's request, then call next() */
};

/* ---- Error and warning codes ---------------------------------------------
 * Generated from the one list in tracedec/errors.h, where every code has
 * its value, name and description. Errors are negative, with explicit
 * values that are never renumbered and never reused; warnings (legal but
 * suspicious facts, reported as warning events that never stop decoding)
 * are positive, in the same ranges. */
#define TD_ENUM_ENTRY(symbol, value, ...) symbol = value,

enum td_error {
    TD_OK = 0,
    TD_ERROR_LIST(TD_ENUM_ENTRY)
};

enum td_warning {
    TD_WARNING_LIST(TD_ENUM_ENTRY)
};

#undef TD_ENUM_ENTRY

/* Stable lower-case names ("truncated", "xray-extents") and one-sentence
 * descriptions of error and warning codes. Unknown codes give "unknown". The
 * returned strings are static. */
const char *td_error_name(int code);
const char *td_error_text(int code);
const char *td_warning_name(int code);
const char *td_warning_text(int code);

/* Reasons are static strings naming the exact check that failed. Define
 * TD_NO_REASONS when building the library to compile them out; the reason is
 * then NULL and td_error_text() is the best description available. */

/* What a decoder remembers about its (sticky) error. */
typedef struct td_fault {
    int32_t code;       /* 0 while healthy, else an enum td_error value */
    uint64_t offset;    /* absolute offset of the offending byte or record */
    const char *reason; /* static string, or NULL under TD_NO_REASONS */
} td_fault;

/* ---- Events ---------------------------------------------------------------
 * Event flags common to every format (bits 0..7; a format's own flags use
 * bit 8 and up). A payload longer than the host's span arrives as ordered
 * fragments; the last one carries TD_LAST_FRAGMENT. */
#define TD_LAST_FRAGMENT 1u

/* ---- The input request -----------------------------------------------------
 * When next() returns TD_NEED_INPUT the decoder has filled a request: the host
 * answers with bytes of `source` starting exactly at `offset`. The answer may
 * be any length; at least `min_len` bytes lets the decoder make progress
 * without staging, and more is better. An empty answer means end of file. */
typedef struct td_request {
    uint64_t offset;  /* absolute offset of the first byte wanted */
    size_t min_len;   /* contiguous bytes needed to make progress */
    uint32_t source;  /* which input: always 0 for single-file formats */
} td_request;

/* ---- The input cursor (embedded in every decoder; fields are private) ----
 * It holds the host's current span, the staging area for fixed-size fields
 * that straddle two spans, and the outstanding request. */
#define TD_STAGE_SIZE 32

typedef struct td_input {
    const uint8_t *span;  /* the host's bytes, valid until the next request */
    uint32_t source;      /* which input the span belongs to */
    size_t span_len;
    size_t pos;           /* bytes of span already taken */
    uint64_t span_offset; /* absolute offset of span[0] */
    td_request want;      /* the outstanding request */
    uint8_t waiting;      /* a request is outstanding */
    uint8_t random;       /* it is a random-access request */
    uint8_t eof;          /* the host said the input ends at the cursor */
    uint8_t staged;       /* bytes held in stage[] */
    uint8_t stage[TD_STAGE_SIZE];
} td_input;

/* ---- Formats --------------------------------------------------------------
 * The formats tracedec reads; <tracedec/detect.h> recognises them. */
enum td_format {
    TD_FORMAT_UNKNOWN = 0,
    TD_FORMAT_XRAY = 1,
    TD_FORMAT_DRMEMTRACE = 2, /* uncompressed drmemtrace records */
    TD_FORMAT_ZIP = 3,        /* containers: what is inside is up to the */
    TD_FORMAT_GZIP = 4,       /* caller */
    TD_FORMAT_LZ4 = 5,
    TD_FORMAT_SNAPPY = 6,
    TD_FORMAT_SQLITE = 8      /* an SQLite database (REVEN block traces) */
};


#ifdef __cplusplus
}
#endif

#endif /* TRACEDEC_COMMON_H */
