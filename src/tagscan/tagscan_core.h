/*
 * tagscan_core.h - the tag scanner's state machine for a decoder that
 * embeds it: td_tagscan_decoder runs it over its own input cursor and
 * fault, and the UMT decoder runs it over trace.xml through its own (as
 * gzip and zip embed the inflate engine of inflate_core.h).
 *
 * The embedding decoder owns a td_tagscan_state, prepares it with
 * tdi_tagscan_state_init() and the input cursor with tdi_input_seek() at
 * the document's first byte, then calls tdi_tagscan_step() until it
 * returns something other than TD_EVENT.
 */
#ifndef TDI_TAGSCAN_CORE_H
#define TDI_TAGSCAN_CORE_H

#include "tracedec/tagscan.h"
#include "../common/input.h"

/* An empty element path, at the start of a document. */
void tdi_tagscan_state_init(td_tagscan_state *st);

/* One event of the document read through `in`: TD_EVENT (*ev holds it),
 * TD_NEED_INPUT (a request is outstanding in `in`), TD_END (the input
 * ended outside every element), or an error recorded in f: TD_E_TRUNCATED
 * or a TD_E_TAGSCAN_* code. */
int tdi_tagscan_step(td_tagscan_state *st, td_input *in, td_fault *f,
                     td_tagscan_event *ev);

#endif /* TDI_TAGSCAN_CORE_H */
