/*
 * xray_internal.h - state shared by the XRay decoder's files.
 */
#ifndef TDI_XRAY_INTERNAL_H
#define TDI_XRAY_INTERNAL_H

#include "tracedec/xray.h"
#include "../common/input.h"
#include "../common/fault.h"
#include "../common/step.h"
#include "../common/bytes.h"
#include "xray_header.h"


#define XRAY_FUNCTION_SIZE 8
#define XRAY_METADATA_SIZE 16
#define XRAY_BASIC_SIZE 32

/* What next() is doing (td_xray_decoder.state). */
enum xray_state {
    XS_HEADER = 0,  /* reading the file header */
    XS_FDR_RECORD,  /* at an FDR record boundary */
    XS_FDR_PAYLOAD, /* delivering a custom/typed event payload */
    XS_FDR_PADDING, /* v1: announcing the padding after EndOfBuffer */
    XS_FDR_SKIP,    /* skipping v1 padding or bytes cut by the typed bug */
    XS_BASIC_RECORD,/* at a basic-mode record boundary */
    XS_UNWIND,      /* reporting calls left open at the end */
    XS_DONE         /* TD_END returned */
};

/* Where in an FDR buffer we are (td_xray_decoder.grammar):
 *   buffer := [BufferExtents] NewBuffer WallClock [Pid] NewCPUId body*
 *             [EndOfBuffer padding]                                     */
enum xray_grammar {
    XG_EXTENTS = 0, /* v2+: between buffers, BufferExtents next */
    XG_NEW_BUFFER,  /* NewBuffer next */
    XG_WALLCLOCK,   /* after NewBuffer */
    XG_PID_OR_CPU,  /* after WallClock */
    XG_CPU,         /* after Pid */
    XG_BODY         /* after the first NewCPUId */
};

/* What the previous record was, for call argument placement. */
enum xray_last {
    XL_OTHER = 0,
    XL_ENTRY,      /* a plain entry: an argument here is the old style */
    XL_ENTRY_ARGS  /* an entry with arguments, or one of its arguments */
};

/* FDR metadata record kinds. */
enum xray_kind {
    XK_NEW_BUFFER = 0,
    XK_END_OF_BUFFER = 1,
    XK_NEW_CPU = 2,
    XK_TSC_WRAP = 3,
    XK_WALLCLOCK = 4,
    XK_CUSTOM_EVENT = 5,
    XK_CALL_ARG = 6,
    XK_EXTENTS = 7,
    XK_TYPED_EVENT = 8,
    XK_PID = 9,
    XK_COUNT = 10
};

/* Fill the where-and-when fields of ev from the decoder. */
static inline void xray_context(const td_xray_decoder *d, td_xray_event *ev)
{
    ev->tsc = d->tsc;
    ev->cpu = d->cpu;
    ev->tid = d->tid;
    ev->pid = d->pid;
}

/* A call matcher came with the config. */
static inline bool xray_matching(const td_xray_decoder *d)
{
    return d->calls.max_threads != 0;
}

/* A speculating call matcher's per-thread arrays, after the frames (see
 * td_xray_range_calls_size): the order threads first came in (order[i] is
 * the slot of the i-th), the exits assumed to close calls open before the
 * range (their function ids fill the thread's frames from the far end),
 * and how far above the range's start the thread went. */
#define XRAY_SPECULATION_FAILED UINT32_MAX /* popped[slot]: cannot merge */

static inline uint32_t *xray_calls_order(const td_xray_calls *c)
{
    return (uint32_t *)(c->frames + (size_t)c->max_threads * c->max_depth);
}

static inline uint32_t *xray_calls_popped(const td_xray_calls *c)
{
    return xray_calls_order(c) + c->max_threads;
}

static inline int32_t *xray_calls_rise(const td_xray_calls *c)
{
    return (int32_t *)(xray_calls_order(c) + 2 * (size_t)c->max_threads);
}

/* Queue a warning for the next call to next(). */
void tdi_xray_queue_warning(td_xray_decoder *d, int code, uint64_t offset,
                        int32_t func_id, uint32_t count);

/* Point the call matcher at cfg->memory (none when it is NULL), checking
 * its sizes. Returns TD_OK, TD_E_INVALID_ARGUMENT or TD_E_BAD_CONFIG. */
int tdi_xray_calls_init(td_xray_calls *c, const td_xray_config *cfg);

/* Empty the call matcher: no thread, no open frame. */
void tdi_xray_calls_clear(td_xray_calls *c);

/* The slot of thread `key` (pid << 32 | tid), claimed if new when `claim`;
 * UINT32_MAX when it has none (not claimed, or the table is full). */
uint32_t tdi_xray_thread_slot(td_xray_calls *c, uint64_t key, bool claim);

/* An exit on thread `slot` (at most max_depth deep): the thread's frames
 * from the top down to the exit's function closed, with a lost-exits
 * warning when there were frames above it. Returns the frames closed, 0
 * when the function is not open (nothing changes). */
uint32_t tdi_xray_close_frames(td_xray_decoder *d, uint32_t slot,
                               const td_xray_event *ev);

/* A speculating matcher's entry and exit on thread `slot` (xray_range.c):
 * the thread's depth in the range after the entry; the frames the exit
 * closes. Both may queue a warning. */
uint32_t tdi_xray_speculate_entry(td_xray_decoder *d, uint32_t slot,
                                  const td_xray_event *ev);
uint32_t tdi_xray_speculate_exit(td_xray_decoder *d, uint32_t slot,
                                 const td_xray_event *ev);

/* Tell the call matcher about a FUNCTION event; fills function.depth and
 * function.closed and may queue a warning. Returns TD_EVENT or TD_E_LIMIT. */
int tdi_xray_match_call(td_xray_decoder *d, td_xray_event *ev);

/* FDR records (xray_fdr.c). */
int tdi_xray_fdr_record(td_xray_decoder *d, td_xray_event *ev);
int tdi_xray_fdr_payload(td_xray_decoder *d, td_xray_event *ev);
int tdi_xray_fdr_padding(td_xray_decoder *d, td_xray_event *ev);
int tdi_xray_fdr_skip(td_xray_decoder *d);

/* Check and take the function records at the cursor that lie whole in
 * the span and the buffer, without events (xray_skim.c). */
void tdi_xray_fdr_skim(td_xray_decoder *d);

/* FDR buffer grammar and extents (xray_buffer.c). */
int tdi_xray_buffer_admit(td_xray_decoder *d, unsigned kind, uint64_t at);
int tdi_xray_buffer_boundary(td_xray_decoder *d, uint64_t at);
int tdi_xray_buffer_overrun(td_xray_decoder *d, uint64_t at);
int tdi_xray_buffer_at_eof(td_xray_decoder *d, uint64_t at);
/* Between buffers: the next record must begin one. */
bool tdi_xray_buffer_between(const td_xray_decoder *d);
void tdi_xray_buffer_reset(td_xray_decoder *d);

/* Basic-mode records (xray_basic.c). */
int tdi_xray_basic_record(td_xray_decoder *d, td_xray_event *ev);
/* What function record p (type 0) leaves for the records after it. */
void tdi_xray_basic_follow(td_xray_decoder *d, const uint8_t *p);

/* End of input: report open calls, then TD_END (xray_calls.c). */
int tdi_xray_unwind(td_xray_decoder *d);

/* Special kind for admit(): a function record. */
#define XK_FUNCTION 255u

#endif /* TDI_XRAY_INTERNAL_H */
