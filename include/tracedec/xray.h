/*
 * tracedec/xray.h - LLVM XRay trace decoder: FDR mode versions 1 to 5 and
 * basic ("naive") mode versions 1 to 3, little- and big-endian.
 *
 * Follows the contract at the top of <tracedec.h>. One forward pass, no
 * workspace: the decoder struct is all the memory it needs (at most 288
 * bytes), plus the memory of the optional call matcher (see
 * td_xray_config). Requests always name the byte after the last one taken,
 * so the input can be a pipe or a socket.
 */
#ifndef TRACEDEC_XRAY_H
#define TRACEDEC_XRAY_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* File header modes (the header's `type` field). */
enum td_xray_mode {
    TD_XRAY_MODE_BASIC = 0,
    TD_XRAY_MODE_FDR = 1
};

/* Function record actions. FDR stores them in 3 bits, basic mode in a byte. */
enum td_xray_action {
    TD_XRAY_ENTER = 0,
    TD_XRAY_EXIT = 1,
    TD_XRAY_TAIL_EXIT = 2,
    TD_XRAY_ENTER_ARGS = 3  /* call arguments follow as CALL_ARG events */
};

/* Event kinds. Each names the sub-struct of td_xray_event that it fills. */
enum td_xray_event_kind {
    TD_XRAY_EV_HEADER = 1,       /* .header: the 32-byte file header */
    TD_XRAY_EV_EXTENTS = 2,      /* .extents: FDR v2+ BufferExtents */
    TD_XRAY_EV_NEW_BUFFER = 3,   /* .thread: FDR NewBuffer (tid) */
    TD_XRAY_EV_WALLCLOCK = 4,    /* .wallclock */
    TD_XRAY_EV_PID = 5,          /* .thread: FDR v3+ Pid record */
    TD_XRAY_EV_NEW_CPU = 6,      /* .cpu: NewCPUId (cpu, absolute tsc) */
    TD_XRAY_EV_TSC_WRAP = 7,     /* .cpu: TSCWrap (new base tsc) */
    TD_XRAY_EV_FUNCTION = 8,     /* .function: FDR or basic function record */
    TD_XRAY_EV_CALL_ARG = 9,     /* .call_arg: FDR CallArgument / basic payload */
    TD_XRAY_EV_CUSTOM_EVENT = 10,/* .event: CustomEventMarker; PAYLOAD follows */
    TD_XRAY_EV_TYPED_EVENT = 11, /* .event: TypedEventMarker; PAYLOAD follows */
    TD_XRAY_EV_PAYLOAD = 12,     /* .payload: a fragment of event bytes */
    TD_XRAY_EV_END_OF_BUFFER = 13,/* FDR v1 EndOfBuffer */
    TD_XRAY_EV_PADDING = 14,     /* .padding: v1 bytes skipped after EndOfBuffer */
    TD_XRAY_EV_WARNING = 15      /* .warning */
};

typedef struct td_xray_event {
    int kind;          /* enum td_xray_event_kind */
    uint32_t flags;
    uint64_t offset;   /* absolute offset of the record (or fragment) */
    uint64_t size;     /* bytes it occupies in the file */

    /* Where and when, for FUNCTION, CALL_ARG, CUSTOM_EVENT, TYPED_EVENT,
     * NEW_CPU and TSC_WRAP (and NEW_BUFFER, PID, WALLCLOCK as far as known).
     * tsc is absolute: FDR deltas are already applied. */
    uint64_t tsc;
    uint32_t cpu;
    int32_t tid;
    int32_t pid;

    struct {
        uint16_t version;
        uint16_t mode;         /* enum td_xray_mode */
        bool big_endian;
        bool constant_tsc;
        bool nonstop_tsc;
        uint32_t bitfield;     /* raw flag word, reserved bits included */
        uint64_t cycle_frequency;
        uint64_t buffer_size;  /* FDR: per-thread buffer size (bytes 16..23) */
    } header;
    struct {
        uint64_t bytes;        /* buffer bytes after the extents record */
    } extents;
    struct {
        int32_t id;            /* NEW_BUFFER: tid; PID: pid */
    } thread;
    struct {
        uint64_t seconds;
        uint32_t micros;       /* printed by llvm-xray as "nanos" */
    } wallclock;
    struct {
        uint16_t id;           /* NEW_CPU: the cpu; TSC_WRAP: unused */
        uint64_t tsc;          /* the absolute tsc in the record */
    } cpu_record;
    struct {
        int action;            /* enum td_xray_action */
        int32_t func_id;       /* FDR: 28 bits unsigned; basic: 32 signed */
        uint32_t delta;        /* FDR tsc delta; 0 in basic mode */
        /* Filled only with a call matcher (td_xray_config): */
        uint32_t depth;        /* open frames on this thread afterwards */
        uint32_t closed;       /* exits: frames this exit closes; 0 when it
                                  matched no entry, more than 1 when exits
                                  of inner frames were lost */
    } function;
    struct {
        uint64_t value;
    } call_arg;
    struct {
        int32_t size;          /* payload bytes that follow */
        int32_t delta;         /* v5 custom and typed: signed tsc delta */
        uint64_t tsc_field;    /* v1-v4 custom: the absolute tsc field */
        uint16_t cpu_field;    /* v4 custom: the cpu field */
        uint16_t type;         /* typed: the event type */
    } event;
    struct {
        const uint8_t *data;   /* points into the host's span: valid until the
                                  next call on this decoder */
        size_t len;
        uint64_t pos;          /* position of data[0] within the payload */
    } payload;
    struct {
        uint64_t bytes;
    } padding;
    struct {
        int code;              /* enum td_warning */
        const char *reason;    /* static; NULL under TD_NO_REASONS */
        int32_t func_id;       /* call warnings: the function concerned */
        uint32_t count;        /* LOST_EXITS / UNFINISHED_CALLS: frames */
    } warning;
} td_xray_event;

/* init() flags (td_xray_config.flags) */
#define TD_XRAY_RECOVER_TYPED_EXTENTS 1u /* skip the bytes lost to the
    compiler-rt <= 14 typed-event extents bug with a warning instead of
    stopping with TD_E_XRAY_TYPED_EVENT_EXTENTS */
#define TD_XRAY_SKIP_FUNCTIONS 2u /* check function records (and match
    them, with a call matcher) but hand out no FUNCTION events: validation
    at memory speed */

/* ---- Call matching (optional) ------------------------------------------
 * With memory for it in td_xray_config, the decoder matches function exits
 * to entries per (pid, tid), fills function.depth and function.closed, and
 * reports warning events: an exit without an entry (a thread's trace that
 * starts mid-stack, or lost buffers), an exit that skipped open frames
 * (lost exits), and frames still open at the end. A trace with more
 * threads than max_threads ends in TD_E_LIMIT. */

/* Largest max_threads and max_depth accepted. */
#define TD_XRAY_CALLS_MAX (1u << 24)

/* Bytes of memory a call matcher of max_threads threads and max_depth
 * frames per thread needs; 0 when a size is above TD_XRAY_CALLS_MAX or
 * the total does not fit in size_t. */
size_t td_xray_calls_size(uint32_t max_threads, uint32_t max_depth);

/* What td_xray_init needs (the API shape at the top of <tracedec.h>). */
typedef struct td_xray_config {
    size_t size;          /* sizeof(td_xray_config) */
    uint32_t flags;       /* 0 or TD_XRAY_* init flags */
    void *memory;         /* the call matcher's memory: at least
                             td_xray_calls_size(max_threads, max_depth)
                             bytes, 8-byte aligned, that outlive the
                             decoder; NULL for no call matcher */
    size_t memory_size;
    uint32_t max_threads; /* call matcher: threads, a power of two */
    uint32_t max_depth;   /* call matcher: frames recorded per thread */
} td_xray_config;

/* The call matcher's state inside the decoder (fields are private). */
typedef struct td_xray_calls {
    uint64_t *keys;       /* per slot: (pid << 32 | tid) + 1, 0 = free */
    uint32_t *depths;     /* per slot: open frames (may exceed max_depth) */
    int32_t *frames;      /* per slot: max_depth function ids */
    uint32_t max_threads; /* slots, a power of two; 0 = no matcher */
    uint32_t max_depth;
    uint32_t used;
    uint32_t cached;      /* slot of the last thread looked up */
    uint32_t unwind_slot; /* where the end-of-trace report has got to */
    uint8_t speculative;  /* a range's matcher (TD_XRAY_RANGE_SPECULATE) */
    uint8_t can_speculate;/* its memory is td_xray_range_calls_size() */
} td_xray_calls;

/* The decoder. Allocate it anywhere; its fields are private. */
typedef struct td_xray_decoder {
    td_input in;
    td_fault fault;
    td_xray_calls calls;   /* the optional call matcher */
    uint64_t buffer_size;  /* header bytes 16..23 (FDR v1 buffer stride) */
    uint64_t block_end;    /* absolute end of the current buffer, 0 = none */
    uint64_t range_end;    /* td_xray_start_range's end, 0 = none */
    uint64_t payload_left; /* event payload bytes still to deliver */
    uint64_t payload_pos;
    uint64_t tsc;          /* current base tsc (FDR) */
    int32_t tid, pid;
    int32_t arg_func;      /* basic: the record call arguments attach to */
    int32_t arg_tid, arg_pid;
    uint32_t flags;
    uint16_t version;
    uint16_t cpu;
    uint8_t mode;
    uint8_t big_endian;
    uint8_t state;
    uint8_t grammar;       /* where in the buffer grammar we are */
    uint8_t last_record;   /* what the previous record was, for CALL_ARG */
    uint8_t typed_seen;    /* the buffer holds a typed event */
    uint8_t pending_warning;
    uint32_t pending_count;
    int32_t pending_func;
    uint64_t pending_offset;
} td_xray_decoder;

/* Prepare a decoder for a new input, with the call matcher in
 * cfg->memory when there is one (max_threads and max_depth are then
 * read; without memory they are not). A NULL config is every setting 0:
 * no flags, no call matcher.
 * Returns TD_OK, TD_E_INVALID_ARGUMENT (NULL decoder, cfg->size
 * below sizeof(td_xray_config), unknown flag; with memory: a zero size,
 * a size above TD_XRAY_CALLS_MAX, max_threads not a power of two) or
 * TD_E_BAD_CONFIG (memory smaller than td_xray_calls_size() or not 8-byte
 * aligned). */
int td_xray_init(td_xray_decoder *d, const td_xray_config *cfg);

/* Forget the input and any error, and empty the call matcher; keep the
 * config. Returns TD_OK or TD_E_INVALID_ARGUMENT (NULL decoder). */
int td_xray_reset(td_xray_decoder *d);

/* Decode the next event into *ev.
 * Returns TD_EVENT, TD_NEED_INPUT (see td_xray_request), TD_END, or a
 * negative error; errors are sticky until reset, see td_xray_fault().
 * Errors: TD_E_TRUNCATED, every TD_E_XRAY_*, TD_E_INVALID_ARGUMENT
 * (NULL decoder or event), TD_E_LIMIT (more threads than the call
 * matcher's max_threads).
 * Pointers in *ev (payload.data, warning.reason) stay valid until the next
 * call on this decoder; reason strings are static. */
int td_xray_next(td_xray_decoder *d, td_xray_event *ev);

/* request, feed, fault: as every decoder's (tracedec.h, THE DECODER
 * CONTRACT). feed returns TD_OK, TD_E_INVALID_ARGUMENT (NULL decoder),
 * TD_E_PROTOCOL (no request outstanding, NULL data with len > 0) or the
 * sticky error; request and fault return no error. */
const td_request *td_xray_request(const td_xray_decoder *d);
int td_xray_feed(td_xray_decoder *d, const void *data, size_t len);
const td_fault *td_xray_fault(const td_xray_decoder *d);

/* ---- Ranges of a file: decoding on several cores --------------------------
 * Every FDR buffer starts its time, thread and grammar afresh, so what its
 * records give depends only on the file header and on the buffer; a
 * basic-mode record depends on the header and on the last function record
 * before it. Only the call matcher carries state further (each thread's
 * open calls). A host can therefore cut a file at buffer boundaries
 * (td_xray_buffer_end), or at basic-mode records that follow a function
 * record (td_xray_follow), decode the ranges with decoders of their own, in
 * any order, and merge them in file order:
 *
 * A range decoder's call matcher needs td_xray_range_calls_size() bytes;
 * the master's, td_xray_calls_size() as usual.
 *
 *   range decoders, any order:             a master decoder, in file order:
 *     td_xray_start_range(r, h, s, e,        td_xray_merge_calls(m, r)
 *         TD_XRAY_RANGE_SPECULATE)             TD_OK: r's events stand
 *     td_xray_next(r) ... TD_END               TD_E_LIMIT: decode [s, e)
 *                                                again with m (start_range
 *                                                without SPECULATE)
 *   and at the end: td_xray_start_range(m, h, file size, 0, 0), whose
 *   events are the calls left open (unfinished-calls warnings).
 *
 * A speculating matcher starts every thread with unknown open calls and
 * assumes that each exit it cannot match inside the range closes the
 * innermost of them (and any frames opened in the range above it, with a
 * lost-exits warning): it remembers the exits so assumed, and how deep
 * each thread went. Merging checks those against the master's stacks; when
 * they hold, the range's events and warnings are exactly those of one
 * decoder over the whole file, and the master takes the range's open
 * calls. They fail to hold where a thread's exits do not match (an exit
 * without an entry, lost exits below the range's start), where calls
 * nest deeper than max_depth, or where the threads outgrow max_threads:
 * the master then decodes the range itself. Under speculation,
 * function.depth counts the frames opened in the range only. */

/* Bytes of memory a call matcher that can speculate needs (the config's
 * memory for a range decoder): td_xray_calls_size() and 12 bytes more per
 * thread; 0 when a size is above TD_XRAY_CALLS_MAX or the total does not
 * fit in size_t. */
size_t td_xray_range_calls_size(uint32_t max_threads, uint32_t max_depth);

/* Where the FDR buffer that starts at `offset` ends, and so the next one
 * begins: for version 2 and later from its BufferExtents record, whose 16
 * bytes are `first`; for version 1 from the header's buffer size (`first`
 * is not read and may be NULL). `header` is the file's header event.
 * Returns true with *end set, or false when it cannot tell (not an FDR
 * header, not a BufferExtents record, no buffer size, an end past
 * UINT64_MAX): a decoder must then go on from `offset` to the end of the
 * file, and will say what is wrong there. */
bool td_xray_buffer_end(const td_xray_event *header, uint64_t offset,
                        const uint8_t *first, uint64_t *end);

/* td_xray_start_range() flags */
#define TD_XRAY_RANGE_SPECULATE 1u /* empty the call matcher and speculate
    (above); at the end of the file, report no calls left open */

/* Make d, initialized (its config is kept), decode the file whose header
 * event is *header from `start` to `end`, or to the end of the file when
 * `end` is 0. In FDR mode both are buffer boundaries (the end of the
 * header, or ends td_xray_buffer_end() gave); in basic mode, record
 * boundaries (the header's end plus a multiple of 32), and a range that
 * starts after the first record is then given the function record it
 * follows with td_xray_follow() before decoding. There
 * next() returns TD_END, having checked the file's end as usual and, with
 * a call matcher and without TD_XRAY_RANGE_SPECULATE, reported the calls
 * left open. Without that flag the call matcher keeps its threads and
 * their open calls. The error and the input are forgotten; the header
 * event is not repeated. Events before the first NewBuffer (BufferExtents
 * and its warnings) carry a zero tsc, cpu, tid and pid.
 * Returns TD_OK, TD_E_INVALID_ARGUMENT (NULL decoder or header, a header
 * event of another kind, start inside the header, end before start, a
 * basic-mode start or end off a record boundary, an unknown flag) or
 * TD_E_BAD_CONFIG (speculating with a call matcher whose memory is
 * smaller than td_xray_range_calls_size()). */
int td_xray_start_range(td_xray_decoder *d, const td_xray_event *header,
                        uint64_t start, uint64_t end, uint32_t flags);

/* Basic mode: the range d was just started on follows `record`, the 32
 * bytes of the last function record (type 0) before its start: argument
 * payloads check against it, as after that record. Returns TD_OK or
 * TD_E_INVALID_ARGUMENT (NULL, not a basic-mode decoder at the start of a
 * range after the first record, not a function record). */
int td_xray_follow(td_xray_decoder *d, const uint8_t *record);

/* Check what the speculating `range` (done, or stopped by an error)
 * assumed of the threads' open calls against `master`'s call matcher, in
 * file order the next range; when it holds, give the master the range's
 * threads and open calls. Returns TD_OK (merged: the range's events
 * stand), TD_E_LIMIT (nothing changed: decode the range again with the
 * master) or TD_E_INVALID_ARGUMENT (NULL, no call matcher, a range that
 * is not speculating or a master that is, matchers of different sizes). */
int td_xray_merge_calls(td_xray_decoder *master,
                        const td_xray_decoder *range);

#ifdef __cplusplus
}
#endif

#endif /* TRACEDEC_XRAY_H */
