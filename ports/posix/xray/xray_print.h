/*
 * xray_print.h - one line per XRay event: tracedec's own dump format and
 * llvm-xray fdr-dump's.
 *
 * Payload fragments continue the line their marker event opened, so the
 * text is the same whatever the input chunking.
 */
#ifndef TRACEDEC_XRAY_PRINT_H
#define TRACEDEC_XRAY_PRINT_H

#include "out.h"
#include "tracedec.h"

/* "@OFFSET+SIZE kind field=value ..." */
void xray_print_native(out *o, const td_xray_event *ev);

/* The start of an event's line in the native dump, or in JSON Lines
 * (`json`): a payload fragment continues its marker's "data" string,
 * escaped, and closes it and the line after the last fragment; any other
 * event opens its line with its offset, size and kind. Returns false for
 * a payload fragment (its part of the line is done). */
bool xray_print_start(out *o, const td_xray_event *ev, bool json);

/* What the llvm-style printer remembers between events. Zero it before
 * the first event. */
typedef struct xray_llvm_style {
    unsigned version;  /* from the header event */
    int marker;        /* kind of the event whose payload is being printed */
} xray_llvm_style;

/* Exactly what `llvm-xray fdr-dump` prints for the record; nothing for
 * events it does not print (the header, padding, warnings). */
void xray_print_llvm(out *o, xray_llvm_style *st, const td_xray_event *ev);

/* "function", "call_arg", ...: the names dumps and JSON use. */
const char *xray_kind_name(int kind);
/* "enter", "exit", "tail_exit", "enter_args". */
const char *xray_action_name(int action);

#endif /* TRACEDEC_XRAY_PRINT_H */
