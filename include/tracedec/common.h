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

    /* DynamoRIO drmemtrace records. */
    TD_E_DRMEM_RECORD_TYPE = -200,    /* type 50 or above, or online-only */
    TD_E_DRMEM_VERSION = -201,        /* version not 1..7, or inconsistent */
    TD_E_DRMEM_HEADER = -202,         /* the file does not start with a
                                         HEADER, THREAD and PID */
    TD_E_DRMEM_FILETYPE = -203,       /* impossible or missing file type */
    TD_E_DRMEM_ENCODING = -204,       /* bad ENCODING records */
    TD_E_DRMEM_CHUNK = -205,          /* chunk footer, ordinal or count */
    TD_E_DRMEM_TIMESTAMP = -206,      /* timestamp went backwards */
    TD_E_DRMEM_END = -207,            /* records after the FOOTER, or no
                                         FOOTER at the end */
    TD_E_DRMEM_MARKER = -208,         /* marker out of place or raw-only */
    TD_E_DRMEM_BRANCH = -209,         /* branch kind not of this version */
    TD_E_DRMEM_SIZE = -210,           /* instruction or access size */
    TD_E_DRMEM_THREAD = -211,         /* THREAD_EXIT of another thread */

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
    TD_E_SNAPPY_CORRUPT = -384,       /* bad compressed data */

    /* UMTracer/UMTIndex indexed traces (offsets are in the file that
     * td_umt_fault() names). */
    TD_E_UMT_VERSION = -400,          /* a header version the documents do
                                         not describe */
    TD_E_UMT_HEADER = -401,           /* impossible header: RowSize below
                                         the known fields, negative counts,
                                         table and extra area overlapping */
    TD_E_UMT_OFFSETS = -402,          /* exec.offsets not increasing or
                                         outside exec.vtable, syscall.offsets
                                         pair outside syscall.vtable */
    TD_E_UMT_RECORD_TYPE = -403,      /* execution record type 7 or > 11 */
    TD_E_UMT_FLAGS = -404,            /* flag bits not allowed here */
    TD_E_UMT_RECORD_SIZE = -405,      /* record window disagrees with the
                                         record (6 + 8 + LCSIZE, ...) */
    TD_E_UMT_POINTER = -406,          /* a file pointer outside its file,
                                         extra area or record window */
    TD_E_UMT_STRING = -407,           /* a string fits neither layout, or
                                         not the trace's layout */
    TD_E_UMT_SLOT = -408,             /* bad local-context slot or slot
                                         group */
    TD_E_UMT_OPERAND = -409,          /* bad explicit operand, more than 4 */
    TD_E_UMT_DECODED = -410,          /* impossible decodedIns field */
    TD_E_UMT_REFERENCE = -411,        /* ThreadID, InsID, SyscallID or
                                         ModuleID outside its table */
    TD_E_UMT_PREV_NEXT = -412,        /* prev/next links inconsistent */
    TD_E_UMT_THREAD = -413,           /* thread row disagrees with its
                                         records */
    TD_E_UMT_SYSCALL = -414,          /* syscall record disagrees with the
                                         execution records */
    TD_E_UMT_CONTEXT_MAP = -415,      /* context map size or entries */
    TD_E_UMT_FILE_SIZE = -416,        /* a file is longer than its
                                         structures */
    TD_E_UMT_ROW = -417,              /* impossible table row value */
    TD_E_UMT_SEQUENCE = -418,         /* record out of place: thread begin
                                         not first, application end not
                                         last, ... */
    /* The tolerant XML tag scanner (trace.xml). */
    TD_E_TAGSCAN_SYNTAX = -480,       /* '<' not followed by a tag */
    TD_E_TAGSCAN_MISMATCH = -481,     /* end tag does not close the open
                                         element */
    TD_E_TAGSCAN_LIMIT = -482,        /* element path too deep or long */

    /* SQLite database file format. */
    TD_E_SQLITE_MAGIC = -500,         /* not "SQLite format 3" */
    TD_E_SQLITE_HEADER = -501,        /* a database header field is wrong */
    TD_E_SQLITE_WAL = -502,           /* a non-empty -wal file exists */
    TD_E_SQLITE_HOT_JOURNAL = -503,   /* a hot -journal file exists */
    TD_E_SQLITE_PAGE_NUMBER = -504,   /* page number out of range, or a page
                                         that cannot be a b-tree/overflow */
    TD_E_SQLITE_PAGE_TYPE = -505,     /* bad page type for its place */
    TD_E_SQLITE_PAGE_HEADER = -506,   /* cell count, content area or
                                         freeblocks */
    TD_E_SQLITE_CELL = -507,          /* cell outside the content area */
    TD_E_SQLITE_DEPTH = -508,         /* b-tree too deep, uneven leaves */
    TD_E_SQLITE_CYCLE = -509,         /* a page reached twice */
    TD_E_SQLITE_KEY_ORDER = -510,     /* keys not strictly increasing */
    TD_E_SQLITE_OVERFLOW = -511,      /* overflow chain length or end */
    TD_E_SQLITE_RECORD = -512,        /* bad record header or serial type */
    TD_E_SQLITE_SCHEMA = -513,        /* malformed sqlite_schema row */
    TD_E_SQLITE_FREELIST = -514,      /* freelist disagrees with the header */

    /* REVEN block traces (rvnblock). */
    TD_E_RVN_NO_METADATA = -600,      /* no _metadata table */
    TD_E_RVN_METADATA = -601,         /* _metadata rows or columns */
    TD_E_RVN_RESOURCE_TYPE = -602,    /* not a block trace (type 9) */
    TD_E_RVN_VERSION = -603,          /* bad or incompatible version */
    TD_E_RVN_SCHEMA = -604,           /* missing or misshapen table */
    TD_E_RVN_BLOCK = -605,            /* bad blocks row */
    TD_E_RVN_INTERRUPT_BLOCK = -606,  /* rowid 1 is not "interrupt" */
    TD_E_RVN_EXECUTION = -607,        /* bad execution row */
    TD_E_RVN_DANGLING_BLOCK = -608,   /* block id not in blocks */
    TD_E_RVN_INSTRUCTION = -609,      /* bad instruction_indices row */
    TD_E_RVN_INTERRUPT = -610         /* interrupts row and execution
                                         disagree */
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
    TD_W_XRAY_DEPTH_LIMIT = 107,           /* call depth beyond tracking */
    TD_W_DRMEM_UNKNOWN_MARKER = 200,       /* marker type 47..99 */
    TD_W_DRMEM_NO_THREAD_EXIT = 201,       /* FOOTER without THREAD_EXIT: a
                                              thread detached or was cut */
    TD_W_UMT_THREAD_INTERRUPTED = 400,     /* LastEID -1: the tracer stopped
                                              while the thread ran */
    TD_W_UMT_NO_APPLICATION_END = 401,     /* the trace ends without an
                                              application end record */
    TD_W_RVN_NO_INSTRUCTION_INDICES = 600, /* a file from before 2021-07 */
    TD_W_RVN_NO_INTERRUPTS = 601,          /* a file from before 2021-07 */
    TD_W_RVN_UNFINISHED = 602              /* interrupts after the last
                                              execution row: not finalized */
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
    uint8_t random;       /* it is a random-access request */
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
    TD_FORMAT_SNAPPY = 6,
    TD_FORMAT_SQLITE = 8      /* an SQLite database (REVEN block traces) */
};

/* Guess the format from the first bytes of a file (32 are enough).
 * Returns an enum td_format value. */
int td_detect_format(const uint8_t *head, size_t len);
const char *td_format_name(int format);

#ifdef __cplusplus
}
#endif

#endif /* TRACEDEC_COMMON_H */
