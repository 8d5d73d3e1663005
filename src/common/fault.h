/*
 * fault.h - recording a decoder's sticky error.
 */
#ifndef TDI_FAULT_H
#define TDI_FAULT_H

#include "tracedec/common.h"

/* Reason strings compile out under TD_NO_REASONS. */
#ifdef TD_NO_REASONS
#define TDI_REASON(text) ((const char *)0)
#else
#define TDI_REASON(text) (text)
#endif

/* Record the first error and return its code; later calls keep the first. */
int tdi_fail(td_fault *f, int code, uint64_t offset, const char *reason);

/* The reason of a warning code, from the list in tracedec/errors.h (NULL
 * under TD_NO_REASONS). */
const char *tdi_warning_reason(int code);

#endif /* TDI_FAULT_H */
