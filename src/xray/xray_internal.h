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

/* Queue a warning for the next call to next(). */
void tdi_xray_queue_warning(td_xray_decoder *d, int code, uint64_t offset,
                        int32_t func_id, uint32_t count);

/* Point the call matcher at cfg->memory (none when it is NULL), checking
 * its sizes. Returns TD_OK, TD_E_INVALID_ARGUMENT or TD_E_BAD_CONFIG. */
int tdi_xray_calls_init(td_xray_calls *c, const td_xray_config *cfg);

/* Empty the call matcher: no thread, no open frame. */
void tdi_xray_calls_clear(td_xray_calls *c);

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
void tdi_xray_buffer_reset(td_xray_decoder *d);

/* Basic-mode records (xray_basic.c). */
int tdi_xray_basic_record(td_xray_decoder *d, td_xray_event *ev);

/* End of input: report open calls, then TD_END (xray_calls.c). */
int tdi_xray_unwind(td_xray_decoder *d);

/* Special kind for admit(): a function record. */
#define XK_FUNCTION 255u

#endif /* TDI_XRAY_INTERNAL_H */
