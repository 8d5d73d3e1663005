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

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Version ------------------------------------------------------------
 * MAJOR changes break the interface, MINOR adds capabilities without breaking
 * it, PATCH fixes bugs. */
#define TD_VERSION_MAJOR 0
#define TD_VERSION_MINOR 1
#define TD_VERSION_PATCH 0
#define TD_VERSION_NUMBER \
    (TD_VERSION_MAJOR * 10000 + TD_VERSION_MINOR * 100 + TD_VERSION_PATCH)
#define TD_VERSION_STRING "0.1.0"

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

/* ---- Error codes ---------------------------------------------------------
 * Explicit values, never renumbered and never reused. Ranges per module:
 * 1..99 the contract and the input, 100..199 XRay, 200..299 drmemtrace
 * records, 300..399 the compressed containers, 400..499 UMT, 500..599
 * SQLite, 600..699 REVEN. td_error_name() gives a stable lower-case name.
 */
enum td_error {
    TD_OK = 0,
    /* The contract and the input (every decoder). */
    TD_E_INVALID_ARGUMENT = -1, /* a NULL pointer or an out-of-range option */
    TD_E_BAD_CONFIG = -2,       /* caller memory too small or misaligned */
    TD_E_PROTOCOL = -3,         /* the host broke the request/feed protocol */
    TD_E_TRUNCATED = -4,        /* input ended inside a structure */
    TD_E_LIMIT = -5,            /* a limit the caller sized was exceeded */
    TD_E_INTERNAL = -6,         /* a tracedec bug; please report it */
    TD_E_UNKNOWN_FORMAT = -7,   /* the bytes are not a format tracedec knows */

    /* LLVM XRay (FDR and basic mode). */
    TD_E_XRAY_VERSION = -100,         /* unsupported version for the mode */
    TD_E_XRAY_FILE_TYPE = -101,       /* header type is neither 0 nor 1 */
    TD_E_XRAY_METADATA_KIND = -102,   /* unknown or out-of-version kind */
    TD_E_XRAY_FUNCTION_ACTION = -103, /* function record type 4..7 */
    TD_E_XRAY_BLOCK_ORDER = -104,     /* record out of place in its buffer */
    TD_E_XRAY_EXTENTS = -105,         /* record crosses its buffer's end */
    TD_E_XRAY_TYPED_EVENT_EXTENTS = -106, /* the same, caused by the
                                        compiler-rt <= 14 typed-event bug */
    TD_E_XRAY_EVENT_SIZE = -107,      /* custom/typed event size <= 0 */
    TD_E_XRAY_CALL_ARGUMENT = -108,   /* call argument not after an entry */
    TD_E_XRAY_BLOCK_INCOMPLETE = -109,/* buffer ended before its first CPU */
    TD_E_XRAY_EXPECTED_EXTENTS = -110,/* v2+: buffer not led by extents */
    TD_E_XRAY_BASIC_RECORD_TYPE = -111,/* basic record type not 0 or 1 */
    TD_E_XRAY_BASIC_ENTRY_TYPE = -112, /* basic entry type > 3 */
    TD_E_XRAY_ARG_PAYLOAD = -113,     /* basic arg payload without its entry */

    /* Raw inflate (RFC 1951). */
    TD_E_INFLATE_BLOCK_TYPE = -300,   /* block type 3 */
    TD_E_INFLATE_STORED_LENGTH = -301,/* stored LEN is not ~NLEN */
    TD_E_INFLATE_CODE_LENGTHS = -302, /* bad dynamic-block code lengths */
    TD_E_INFLATE_HUFFMAN = -303,      /* over-subscribed or incomplete code */
    TD_E_INFLATE_SYMBOL = -304,       /* literal/length 286-287, distance
                                         30-31 */
    TD_E_INFLATE_DISTANCE = -305,     /* distance before the stream start */
    /* gzip (RFC 1952). */
    TD_E_GZIP_MAGIC = -320,           /* not 1f 8b */
    TD_E_GZIP_METHOD = -321,          /* compression method is not 8 */
    TD_E_GZIP_FLAGS = -322,           /* reserved flag bits set */
    TD_E_GZIP_HEADER_CRC = -323,      /* FHCRC does not match */
    TD_E_GZIP_CRC = -324,             /* CRC-32 of the data does not match */
    TD_E_GZIP_SIZE = -325,            /* ISIZE does not match */
    /* zip (APPNOTE 6.3). */
    TD_E_ZIP_SIGNATURE = -340,        /* unknown record signature */
    TD_E_ZIP_METHOD = -341,           /* method other than stored/deflate */
    TD_E_ZIP_ENCRYPTED = -342,        /* encrypted member */
    TD_E_ZIP_CRC = -343,              /* CRC-32 of a member does not match */
    TD_E_ZIP_SIZE = -344,             /* sizes disagree with the data */
    TD_E_ZIP_DESCRIPTOR = -345,       /* bad or unusable data descriptor */
    TD_E_ZIP_ZIP64 = -346,            /* malformed zip64 extra field */
    TD_E_ZIP_CENTRAL = -347,          /* central directory disagrees */
    TD_E_ZIP_END = -348,              /* bad end of central directory */
    /* LZ4 frame format. */
    TD_E_LZ4_MAGIC = -360,            /* not an LZ4 frame (nor skippable) */
    TD_E_LZ4_VERSION = -361,          /* FLG version or reserved bits */
    TD_E_LZ4_BLOCK_SIZE = -362,       /* bad BD, or block above its max */
    TD_E_LZ4_HEADER_CHECKSUM = -363,
    TD_E_LZ4_BLOCK_CHECKSUM = -364,
    TD_E_LZ4_CONTENT_CHECKSUM = -365,
    TD_E_LZ4_CONTENT_SIZE = -366,     /* content size field disagrees */
    TD_E_LZ4_CORRUPT = -367,          /* bad sequence in a block */
    TD_E_LZ4_DICTIONARY = -368,       /* frame needs a dictionary */
    /* Snappy framing format. */
    TD_E_SNAPPY_STREAM_ID = -380,     /* missing or bad stream identifier */
    TD_E_SNAPPY_CHUNK_TYPE = -381,    /* reserved unskippable chunk type */
    TD_E_SNAPPY_CRC = -382,           /* masked CRC-32C does not match */
    TD_E_SNAPPY_LENGTH = -383,        /* impossible chunk length */
    TD_E_SNAPPY_CORRUPT = -384        /* bad compressed data */
};

/* ---- Warning codes --------------------------------------------------------
 * Legal but suspicious facts. They arrive as warning events and never stop
 * decoding. Same ranges as the errors, positive. */
enum td_warning {
    TD_W_XRAY_EXIT_WITHOUT_ENTRY = 100, /* thread's trace starts mid-stack */
    TD_W_XRAY_LOST_EXITS = 101,         /* exit skipped open frames above it */
    TD_W_XRAY_UNFINISHED_CALLS = 102,   /* frames still open at the end */
    TD_W_XRAY_ARG_AFTER_PLAIN_ENTRY = 103, /* pre-2018 writers did this */
    TD_W_XRAY_DETACHED_ARG_PAYLOAD = 104,  /* basic: payload after another
                                              thread's records */
    TD_W_XRAY_TYPED_EVENT_EXTENTS = 105,   /* bytes lost to the typed-event
                                              extents bug were skipped */
    TD_W_XRAY_EMPTY_BUFFER = 106,          /* extents of zero bytes */
    TD_W_XRAY_DEPTH_LIMIT = 107            /* call depth beyond tracking */
};

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
    uint8_t eof;          /* the host said the input ends at the cursor */
    uint8_t staged;       /* bytes held in stage[] */
    uint8_t stage[TD_STAGE_SIZE];
} td_input;

/* ---- Formats ---------------------------------------------------------- */
enum td_format {
    TD_FORMAT_UNKNOWN = 0,
    TD_FORMAT_XRAY = 1,
    TD_FORMAT_DRMEMTRACE = 2, /* uncompressed drmemtrace records */
    TD_FORMAT_ZIP = 3,        /* containers: what is inside is up to the */
    TD_FORMAT_GZIP = 4,       /* caller */
    TD_FORMAT_LZ4 = 5,
    TD_FORMAT_SNAPPY = 6
};

/* Guess the format from the first bytes of a file (32 are enough).
 * Returns an enum td_format value. */
int td_detect_format(const uint8_t *head, size_t len);
const char *td_format_name(int format);

#ifdef __cplusplus
}
#endif

#endif /* TRACEDEC_COMMON_H */
