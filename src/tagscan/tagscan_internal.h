/*
 * tagscan_internal.h - what the tag scanner's files share. Decoders that
 * embed the scanner (td_tagscan_decoder, UMT's trace.xml) use only
 * tagscan_core.h.
 */
#ifndef TDI_TAGSCAN_INTERNAL_H
#define TDI_TAGSCAN_INTERNAL_H

#include "../common/fault.h"
#include "../common/step.h"
#include "../common/input.h"
#include "../common/mem.h"
#include "tagscan_core.h"


/* Where the scanner is (td_tagscan_state.state). */
enum tagscan_where {
    TS_TEXT = 0,   /* between tags */
    TS_LT,         /* after '<' */
    TS_OPEN,       /* in a start tag's name */
    TS_ATTRS,      /* in a start tag, after its name */
    TS_CLOSE,      /* in an end tag's name */
    TS_CLOSE_TAIL, /* in an end tag, after its name */
    TS_BANG,       /* after "<!": comment, CDATA or declaration? */
    TS_BANG_DASH,  /* after "<!-" */
    TS_BANG_CDATA, /* inside "<![CDATA[" */
    TS_COMMENT,    /* in <!-- ... --> */
    TS_CDATA,      /* in <![CDATA[ ... ]]> */
    TS_DECL,       /* in <!DOCTYPE ...> and other declarations */
    TS_PI          /* in <? ... ?> */
};

/* tagscan_tags.c: element tags. Each handles the bytes p[0..n) at the
 * cursor (n >= 1), takes those it used, and returns TDI_AGAIN, TD_EVENT
 * or an error. */
int tdi_tagscan_after_lt(td_tagscan_state *st, td_input *in, td_fault *f,
                     const uint8_t *p);
int tdi_tagscan_open_name(td_tagscan_state *st, td_input *in, td_fault *f,
                      td_tagscan_event *ev, const uint8_t *p, size_t n);
int tdi_tagscan_attributes(td_tagscan_state *st, td_input *in, td_fault *f,
                       td_tagscan_event *ev, const uint8_t *p, size_t n);
int tdi_tagscan_close_name(td_tagscan_state *st, td_input *in, td_fault *f,
                       td_tagscan_event *ev, const uint8_t *p, size_t n);
void tdi_tagscan_pop(td_tagscan_state *st);
void tdi_tagscan_tag_event(const td_tagscan_state *st, const td_input *in,
                       td_tagscan_event *ev, int kind);

/* tagscan_markup.c: what is skipped (comments, CDATA, declarations and
 * processing instructions). */
int tdi_tagscan_markup(td_tagscan_state *st, td_input *in, const uint8_t *p,
                   size_t n);

bool tdi_tagscan_is_space(uint8_t c);

#endif /* TDI_TAGSCAN_INTERNAL_H */
