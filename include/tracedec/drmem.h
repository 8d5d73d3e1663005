/*
 * tracedec/drmem.h - DynamoRIO drmemtrace offline trace records.
 *
 * td_drmem_decoder reads the decompressed record stream of one trace file
 * (a thread's shard, a core's shard, a legacy file with several threads,
 * or a template file): 12-byte trace_entry_t records, or 8-byte ones from
 * 32-bit producers (detected from the first record). It follows the API
 * shape and the contract at the top of <tracedec.h>, forward-only, with
 * no workspace (its config has no memory, and may be NULL): all its state
 * is O(1) and fits in 256 bytes.
 *
 * td_drmem_file_decoder wraps it with the file's container (zip, gzip, LZ4 frame,
 * snappy framing, or none) so that a host feeds raw file bytes.
 */
#ifndef TRACEDEC_DRMEM_H
#define TRACEDEC_DRMEM_H

#include "common.h"
#include "gzip.h"
#include "lz4.h"
#include "snappy.h"
#include "zip.h"

#ifdef __cplusplus
extern "C" {
#endif

/* trace_type_t: the record's `type` field. */
enum td_drmem_type {
    TD_DRMEM_READ = 0,
    TD_DRMEM_WRITE = 1,
    TD_DRMEM_PREFETCH = 2,          /* 2..9, 27, 32..46: prefetches */
    TD_DRMEM_INSTR = 10,            /* 10..16, 31, 48, 49: instructions */
    TD_DRMEM_INSTR_DIRECT_JUMP = 11,
    TD_DRMEM_INSTR_INDIRECT_JUMP = 12,
    TD_DRMEM_INSTR_CONDITIONAL_JUMP = 13,
    TD_DRMEM_INSTR_DIRECT_CALL = 14,
    TD_DRMEM_INSTR_INDIRECT_CALL = 15,
    TD_DRMEM_INSTR_RETURN = 16,
    TD_DRMEM_INSTR_BUNDLE = 17,
    TD_DRMEM_INSTR_FLUSH = 18,
    TD_DRMEM_INSTR_FLUSH_END = 19,
    TD_DRMEM_DATA_FLUSH = 20,
    TD_DRMEM_DATA_FLUSH_END = 21,
    TD_DRMEM_THREAD = 22,
    TD_DRMEM_THREAD_EXIT = 23,
    TD_DRMEM_PID = 24,
    TD_DRMEM_HEADER = 25,
    TD_DRMEM_FOOTER = 26,
    TD_DRMEM_HARDWARE_PREFETCH = 27,
    TD_DRMEM_MARKER = 28,
    TD_DRMEM_INSTR_NO_FETCH = 29,
    TD_DRMEM_INSTR_MAYBE_FETCH = 30,
    TD_DRMEM_INSTR_SYSENTER = 31,
    TD_DRMEM_ENCODING = 47,
    TD_DRMEM_INSTR_TAKEN_JUMP = 48,
    TD_DRMEM_INSTR_UNTAKEN_JUMP = 49,
    TD_DRMEM_TYPE_COUNT = 50
};

/* trace_marker_type_t: a MARKER record's `size` field. */
enum td_drmem_marker {
    TD_DRMEM_MARKER_KERNEL_EVENT = 0,
    TD_DRMEM_MARKER_KERNEL_XFER = 1,
    TD_DRMEM_MARKER_TIMESTAMP = 2,
    TD_DRMEM_MARKER_CPU_ID = 3,
    TD_DRMEM_MARKER_FUNC_ID = 4,
    TD_DRMEM_MARKER_FUNC_RETADDR = 5,
    TD_DRMEM_MARKER_FUNC_ARG = 6,
    TD_DRMEM_MARKER_FUNC_RETVAL = 7,
    TD_DRMEM_MARKER_SPLIT_VALUE = 8,
    TD_DRMEM_MARKER_FILETYPE = 9,
    TD_DRMEM_MARKER_CACHE_LINE_SIZE = 10,
    TD_DRMEM_MARKER_INSTRUCTION_COUNT = 11,
    TD_DRMEM_MARKER_VERSION = 12,
    TD_DRMEM_MARKER_RSEQ_ABORT = 13,
    TD_DRMEM_MARKER_WINDOW_ID = 14,
    TD_DRMEM_MARKER_PHYSICAL_ADDRESS = 15,
    TD_DRMEM_MARKER_PHYSICAL_ADDRESS_NOT_AVAILABLE = 16,
    TD_DRMEM_MARKER_VIRTUAL_ADDRESS = 17,
    TD_DRMEM_MARKER_PAGE_SIZE = 18,
    TD_DRMEM_MARKER_SYSCALL_IDX = 19,
    TD_DRMEM_MARKER_CHUNK_INSTR_COUNT = 20,
    TD_DRMEM_MARKER_CHUNK_FOOTER = 21,
    TD_DRMEM_MARKER_RECORD_ORDINAL = 22,
    TD_DRMEM_MARKER_FILTER_ENDPOINT = 23,
    TD_DRMEM_MARKER_RSEQ_ENTRY = 24,
    TD_DRMEM_MARKER_SYSCALL = 25,
    TD_DRMEM_MARKER_MAYBE_BLOCKING_SYSCALL = 26,
    TD_DRMEM_MARKER_SYSCALL_TRACE_START = 27,
    TD_DRMEM_MARKER_SYSCALL_TRACE_END = 28,
    TD_DRMEM_MARKER_BRANCH_TARGET = 29,
    TD_DRMEM_MARKER_SYSCALL_FAILED = 30,
    TD_DRMEM_MARKER_DIRECT_THREAD_SWITCH = 31,
    TD_DRMEM_MARKER_CORE_WAIT = 32,
    TD_DRMEM_MARKER_CORE_IDLE = 33,
    TD_DRMEM_MARKER_CONTEXT_SWITCH_START = 34,
    TD_DRMEM_MARKER_CONTEXT_SWITCH_END = 35,
    TD_DRMEM_MARKER_VECTOR_LENGTH = 36,
    TD_DRMEM_MARKER_SYSCALL_UNSCHEDULE = 37,
    TD_DRMEM_MARKER_SYSCALL_SCHEDULE = 38,
    TD_DRMEM_MARKER_SYSCALL_ARG_TIMEOUT = 39,
    TD_DRMEM_MARKER_SIGNAL_NUMBER = 40,
    TD_DRMEM_MARKER_UNCOMPLETED_INSTRUCTION = 41,
    TD_DRMEM_MARKER_MIDBLOCK_END_PC = 42,
    TD_DRMEM_MARKER_HARDWARE_EVENT = 43,
    TD_DRMEM_MARKER_HARDWARE_CONTEXT_RETURN = 44,
    TD_DRMEM_MARKER_KERNEL_EVENT_RAW = 45,
    TD_DRMEM_MARKER_SKIPPED_MEMREF = 46,
    TD_DRMEM_MARKER_COUNT = 47,
    TD_DRMEM_MARKER_USER_FIRST = 100 /* user-defined markers from here */
};

/* offline_file_type_t bits: the FILETYPE marker's value. */
#define TD_DRMEM_FILE_FILTERED 0x1u
#define TD_DRMEM_FILE_NO_OPTIMIZATIONS 0x2u
#define TD_DRMEM_FILE_INSTRUCTION_ONLY 0x4u
#define TD_DRMEM_FILE_ARCH_AARCH64 0x8u
#define TD_DRMEM_FILE_ARCH_ARM32 0x10u
#define TD_DRMEM_FILE_ARCH_X86_32 0x20u
#define TD_DRMEM_FILE_ARCH_X86_64 0x40u
#define TD_DRMEM_FILE_IFILTERED 0x80u
#define TD_DRMEM_FILE_DFILTERED 0x100u
#define TD_DRMEM_FILE_ENCODINGS 0x200u
#define TD_DRMEM_FILE_SYSCALL_NUMBERS 0x400u
#define TD_DRMEM_FILE_BLOCKING_SYSCALLS 0x800u
#define TD_DRMEM_FILE_KERNEL_SYSCALLS 0x1000u
#define TD_DRMEM_FILE_BIMODAL_FILTERED_WARMUP 0x2000u
#define TD_DRMEM_FILE_SYSCALL_TEMPLATES 0x4000u
#define TD_DRMEM_FILE_KERNEL_SYSCALL_INSTR_ONLY 0x8000u
#define TD_DRMEM_FILE_CORE_SHARDED 0x10000u
#define TD_DRMEM_FILE_ARCH_REGDEPS 0x20000u
#define TD_DRMEM_FILE_WHOLE_SYSTEM 0x40000u

#define TD_DRMEM_LATEST_VERSION 7

/* Event kinds. */
enum td_drmem_event_kind {
    TD_DRMEM_EV_HEADER = 1,   /* .header: a HEADER record (a stream starts) */
    TD_DRMEM_EV_THREAD = 2,   /* THREAD record: ev->tid is the new thread */
    TD_DRMEM_EV_PID = 3,      /* PID record: ev->pid */
    TD_DRMEM_EV_INSTR = 4,    /* .instr: an instruction (fetched or not) */
    TD_DRMEM_EV_MEMREF = 5,   /* .memref: read, write, prefetch, flush */
    TD_DRMEM_EV_MARKER = 6,   /* .marker */
    TD_DRMEM_EV_THREAD_EXIT = 7, /* THREAD_EXIT record: .marker.value tid */
    TD_DRMEM_EV_FOOTER = 8,   /* FOOTER record: the stream ends */
    TD_DRMEM_EV_CHUNK = 9,    /* .chunk: a container member begins */
    TD_DRMEM_EV_WARNING = 10, /* .warning */
    TD_DRMEM_EV_PCS = 11      /* tallying: the tally's PC array is full */
};

/* td_drmem_event.flags: the format's own, from bit 8 (bits 0..7 are the
 * common ones of <tracedec/common.h>, none of which drmemtrace events
 * use). */
#define TD_DRMEM_HIDDEN 0x100u /* DynamoRIO's reader does not hand this
                                  record to tools (headers, PC-only
                                  instructions, branch targets, chunk
                                  bookkeeping) */
#define TD_DRMEM_KERNEL 0x200u /* inside a kernel syscall trace */

/* Instruction kinds for instr.branch. */
enum td_drmem_branch {
    TD_DRMEM_NOT_BRANCH = 0,
    TD_DRMEM_TAKEN = 1,       /* conditional, taken (v5+) */
    TD_DRMEM_UNTAKEN = 2,     /* conditional, not taken (v5+) */
    TD_DRMEM_CONDITIONAL = 3, /* conditional, outcome not recorded (< v5) */
    TD_DRMEM_DIRECT = 4,      /* direct jump or call */
    TD_DRMEM_INDIRECT = 5     /* indirect jump, call or return */
};

typedef struct td_drmem_event {
    int kind;               /* enum td_drmem_event_kind */
    uint32_t flags;         /* TD_DRMEM_HIDDEN, TD_DRMEM_KERNEL */
    uint64_t offset;        /* offset of the record in the decompressed
                               stream */
    uint64_t size;          /* bytes of the record: 12 or 8 (ENCODING
                               records have no event: their bytes come
                               with the instruction they describe) */
    uint16_t type;          /* the record's trace_type_t */
    uint16_t size_field;    /* the record's raw `size` field */
    uint64_t addr;          /* the record's raw address field */
    int64_t tid;            /* the current thread, -1 before THREAD */
    int64_t pid;            /* the current process, -1 before PID */
    uint64_t record_ordinal;/* visible records so far in this stream,
                               this one included (DynamoRIO's numbering) */
    uint64_t instr_ordinal; /* fetched instructions so far, this included */
    struct {
        uint32_t version;
    } header;
    struct {
        uint64_t pc;
        uint16_t length;    /* bytes; 0 for a PC-only (hidden) record */
        int branch;         /* enum td_drmem_branch */
        bool fetched;       /* false for INSTR_NO_FETCH */
        bool encoding_is_new; /* ENCODING records came right before */
        uint8_t encoding_len;
        const uint8_t *encoding; /* the bytes when encoding_is_new; valid
                                    until the next call */
        uint64_t branch_target; /* indirect branches (v5+): the target */
    } instr;
    struct {
        uint64_t addr;
        uint32_t size;
        uint64_t pc;        /* the instruction that made the access */
    } memref;
    struct {
        uint16_t type;      /* enum td_drmem_marker, or >= 100 */
        uint64_t value;
    } marker;
    struct {
        uint32_t index;     /* 0-based member index */
    } chunk;
    struct {
        int code;           /* enum td_warning */
        const char *reason;
    } warning;
} td_drmem_event;

/* What the record decoder's init needs. No flags are defined yet: flags
 * must be 0. A NULL config is the same as an all-zero one. */
typedef struct td_drmem_config {
    size_t size;        /* sizeof(td_drmem_config) */
    uint32_t flags;     /* 0 */
} td_drmem_config;

/* The record decoder; fields are private. */
typedef struct td_drmem_decoder {
    td_input in;
    td_fault fault;
    uint64_t visible;        /* visible records so far */
    uint64_t instrs;         /* fetched instructions so far */
    uint64_t chunk_instrs;   /* instructions in the current chunk */
    uint64_t chunk_size;     /* CHUNK_INSTR_COUNT, 0 when unknown */
    uint64_t last_pc;
    uint64_t branch_target;
    uint64_t timestamp;      /* last TIMESTAMP of the current thread */
    uint64_t open_trace;     /* value of the open SYSCALL_TRACE_START or
                                CONTEXT_SWITCH_START */
    int64_t tid, pid;
    uint32_t member;         /* index of the current container member,
                                UINT32_MAX when not in a container */
    uint32_t filetype;
    uint16_t warning_code;   /* a warning is due */
    uint16_t pair_value;     /* page offset of a PHYSICAL_ADDRESS */
    uint8_t encoding[16];    /* 15 bytes, 16 in ARCH_REGDEPS traces */
    uint8_t encoding_len;
    uint8_t width;           /* 12 or 8, 0 before the first record */
    uint8_t version;
    uint8_t state;
    uint8_t expect;          /* a record that must come next */
    uint8_t previous_marker; /* type of the previous record if a marker,
                                else 255 */
    uint8_t open_kind;       /* 0, or the START marker that is open */
    uint8_t hide_next;       /* chunk repeats that may still follow */
    uint8_t has_filetype;
    uint8_t has_branch_target;
    uint8_t has_encoding;
    uint8_t member_footer;   /* the member ended with a CHUNK_FOOTER */
    uint8_t thread_exited;
    uint8_t kernel;          /* inside a SYSCALL_TRACE_START..END */
    uint8_t chunk_pending;   /* a CHUNK event is due */
} td_drmem_decoder;

/* Prepare a decoder for one trace file's record stream.
 * Returns TD_OK or TD_E_INVALID_ARGUMENT (NULL decoder, cfg->size below
 * sizeof(td_drmem_config), a flag other than 0). */
int td_drmem_init(td_drmem_decoder *d, const td_drmem_config *cfg);

/* Start over on a new record stream, forgetting any error.
 * Returns TD_OK or TD_E_INVALID_ARGUMENT (NULL decoder). */
int td_drmem_reset(td_drmem_decoder *d);

/* Decode the next event into *ev.
 * Returns TD_EVENT, TD_NEED_INPUT (see td_drmem_request), TD_END (the
 * stream ended after its FOOTER) or an error: TD_E_INVALID_ARGUMENT (NULL
 * decoder or event), or, sticky until reset, TD_E_TRUNCATED (the stream
 * is empty, or ends inside a record or before its FOOTER),
 * TD_E_DRMEM_RECORD_TYPE, TD_E_DRMEM_VERSION, TD_E_DRMEM_HEADER,
 * TD_E_DRMEM_FILETYPE, TD_E_DRMEM_ENCODING, TD_E_DRMEM_CHUNK,
 * TD_E_DRMEM_TIMESTAMP, TD_E_DRMEM_END, TD_E_DRMEM_MARKER,
 * TD_E_DRMEM_BRANCH, TD_E_DRMEM_SIZE, TD_E_DRMEM_THREAD. Pointers in *ev
 * (instr.encoding, warning.reason) stay valid until the next call. */
int td_drmem_next(td_drmem_decoder *d, td_drmem_event *ev);

/* request, feed, fault: as every decoder's (tracedec.h, THE DECODER
 * CONTRACT). The fault's offset is that of the offending record in the
 * (decompressed) stream. feed returns TD_OK, TD_E_INVALID_ARGUMENT (NULL
 * decoder), TD_E_PROTOCOL (no request outstanding, NULL data with len > 0)
 * or the sticky error; request and fault return no error. */
const td_request *td_drmem_request(const td_drmem_decoder *d);
int td_drmem_feed(td_drmem_decoder *d, const void *data, size_t len);
const td_fault *td_drmem_fault(const td_drmem_decoder *d);

/* The offset in the record stream (decompressed) of the first byte not
 * yet taken. At TD_END it is the stream's size: divided by the record
 * width (any event's `size`), the records the file stores, hidden ones
 * (ENCODING, BRANCH_TARGET, ...) included. Returns no error: d must not
 * be NULL. */
uint64_t td_drmem_stream_offset(const td_drmem_decoder *d);

/* ---- Tallying (optional) -----------------------------------------------
 * For statistics tools (tracedec stat): td_drmem_tally_next() decodes as
 * td_drmem_next() does and makes every check, but instead of handing out
 * the instruction and memory-access events DynamoRIO's reader shows to
 * tools (those without TD_DRMEM_HIDDEN), it counts them in the tally and
 * appends the PCs of fetched instructions to the caller's array; the
 * hidden BRANCH_TARGET markers before indirect branches are not handed
 * out either (the branch is counted). A PCS
 * event says the array is full: take the PCs and set pcs_len to 0 before
 * the next call; take what is left at the end too. Runs of such records
 * are checked in place, without a call per record: the same checks, at a
 * fraction of the cost. Every other event comes as usual. */
typedef struct td_drmem_tally {
    uint64_t records[2][TD_DRMEM_TYPE_COUNT]; /* [kernel][record type] */
    uint64_t encodings;  /* instructions whose ENCODING records came with
                            them */
    uint64_t *pcs;       /* the caller's array of pcs_cap entries */
    size_t pcs_cap;      /* at least 1 */
    size_t pcs_len;      /* PCs appended and not yet taken */
} td_drmem_tally;

/* As td_drmem_next, with the same returns and errors; also
 * TD_E_INVALID_ARGUMENT (not sticky) when t is NULL, has no PC array, or
 * pcs_len is above pcs_cap. */
int td_drmem_tally_next(td_drmem_decoder *d, td_drmem_event *ev,
                        td_drmem_tally *t);

/* A container member (a zip entry: one trace chunk) begins at the cursor.
 * Call it when the decoder asks for input and the previous member has
 * ended. Returns TD_OK, TD_E_INVALID_ARGUMENT (NULL decoder), the sticky
 * error, or TD_E_DRMEM_CHUNK, which becomes the sticky error: the
 * previous member ended inside a record, or, not being the last, without
 * its CHUNK_FOOTER. */
int td_drmem_begin_member(td_drmem_decoder *d, uint32_t index);

/* Names for dumps: "read", "instr_taken_jump", ...; "unknown" if none. */
const char *td_drmem_type_name(int type);
const char *td_drmem_marker_name(int marker);

/* DynamoRIO's type classes. */
bool td_drmem_type_is_instr(int type);    /* fetched instruction types */
bool td_drmem_type_is_prefetch(int type);

/* ---- The file: container plus records ----------------------------------
 * td_drmem_file_decoder has the same shape as every decoder: its requests
 * name raw file bytes; its events are the records' (plus CHUNK events at
 * zip member starts). Window: TD_DRMEM_FILE_WINDOW bytes for every
 * container. */
#define TD_DRMEM_FILE_WINDOW TD_LZ4_WINDOW /* the largest container window */
#define TD_DRMEM_NAME_KEPT 64 /* bytes of a zip member's name kept */

/* What the file decoder's init needs. */
typedef struct td_drmem_file_config {
    size_t size;        /* sizeof(td_drmem_file_config) */
    uint32_t flags;     /* 0 or TD_ZIP_SEEKABLE: cross-check a zip's
                           central directory with random access (the other
                           containers ignore it) */
    void *memory;       /* the window: TD_DRMEM_FILE_WINDOW bytes (no
                           alignment needed) that outlive the decoder; an
                           uncompressed file needs none (NULL, 0) */
    size_t memory_size;
    int container;      /* the format of the file (td_detect_format):
                           TD_FORMAT_ZIP, _GZIP, _LZ4, _SNAPPY, or
                           _DRMEMTRACE for uncompressed records */
} td_drmem_file_config;

typedef struct td_drmem_file_decoder {
    td_drmem_decoder records;
    td_drmem_file_config config; /* as init received it, for reset */
    uint32_t member;         /* zip members begun so far */
    uint64_t member_start;   /* decompressed offset where the last began */
    uint64_t out_offset;     /* decompressed bytes handed to `records` */
    uint8_t name[TD_DRMEM_NAME_KEPT]; /* zip: the current member's name, */
    uint8_t name_len;                 /* its first TD_DRMEM_NAME_KEPT bytes */
    union {
        td_zip_decoder zip;
        td_gzip_decoder gzip;
        td_lz4_decoder lz4;
        td_snappy_decoder snappy;
    } c;
} td_drmem_file_decoder;

/* Prepare a decoder for one drmemtrace file.
 * Returns TD_OK, TD_E_INVALID_ARGUMENT (NULL decoder or config,
 * cfg->size below sizeof(td_drmem_file_config), a flag other than
 * TD_ZIP_SEEKABLE, an unknown container, NULL memory for a container) or
 * TD_E_BAD_CONFIG (a container and memory_size below
 * TD_DRMEM_FILE_WINDOW). */
int td_drmem_file_init(td_drmem_file_decoder *f,
                       const td_drmem_file_config *cfg);

/* Start over on a new file with the same config, forgetting any error.
 * Returns TD_OK or TD_E_INVALID_ARGUMENT (NULL decoder). */
int td_drmem_file_reset(td_drmem_file_decoder *f);

/* Decode the next event into *ev: events and returns as td_drmem_next,
 * with the errors of the container too. Errors: TD_E_INVALID_ARGUMENT
 * (NULL decoder or event), or, sticky until reset, TD_E_TRUNCATED, the
 * container's (TD_E_ZIP_*, TD_E_GZIP_*, TD_E_INFLATE_*, TD_E_LZ4_*,
 * TD_E_SNAPPY_*, TD_E_INTERNAL; offsets in the file) and the records'
 * (TD_E_DRMEM_*; offsets in the decompressed stream): see
 * td_drmem_file_where for which. */
int td_drmem_file_next(td_drmem_file_decoder *f, td_drmem_event *ev);

/* td_drmem_tally_next() on the file's records: the returns of
 * td_drmem_file_next, and TD_E_INVALID_ARGUMENT (not sticky) for a tally
 * td_drmem_tally_next refuses. */
int td_drmem_file_tally_next(td_drmem_file_decoder *f, td_drmem_event *ev,
                             td_drmem_tally *t);

/* request, feed, fault: as every decoder's (tracedec.h, THE DECODER
 * CONTRACT), for the file's bytes. The fault's offset is in the file or in
 * the decompressed records (see td_drmem_file_where). feed returns TD_OK,
 * TD_E_INVALID_ARGUMENT (NULL decoder), TD_E_PROTOCOL (no request
 * outstanding, NULL data with len > 0) or the sticky error of the decoder
 * that reads the file (the container's, or for an uncompressed file the
 * records'); request and fault return no error. */
const td_request *td_drmem_file_request(const td_drmem_file_decoder *f);
int td_drmem_file_feed(td_drmem_file_decoder *f, const void *data,
                       size_t len);
const td_fault *td_drmem_file_fault(const td_drmem_file_decoder *f);

/* Where an error lies. */
typedef struct td_drmem_where {
    bool in_records;        /* the offset is in the decompressed records
                               (else in the file, for container errors) */
    bool compressed;        /* the file has a container */
    uint32_t member;        /* zip: the member holding the record, or the
                               one being read at a container error */
    uint64_t member_offset; /* zip: the record's offset in that member */
    const uint8_t *name;    /* zip: that member's name (its first
                               TD_DRMEM_NAME_KEPT bytes), not terminated;
                               valid until the next call on the file */
    size_t name_len;        /* 0 before the first member's name */
} td_drmem_where;

/* Fill *where with where the sticky error lies (the member and the name
 * are those being read, while healthy). Returns nothing: f and where must
 * not be NULL. */
void td_drmem_file_where(const td_drmem_file_decoder *f,
                         td_drmem_where *where);

#ifdef __cplusplus
}
#endif

#endif /* TRACEDEC_DRMEM_H */
