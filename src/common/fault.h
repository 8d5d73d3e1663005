/*
 * fault.h - recording a decoder's sticky error.
 */
#ifndef TD_FAULT_H
#define TD_FAULT_H

#include "tracedec/common.h"

/* Reason strings compile out under TD_NO_REASONS. */
#ifdef TD_NO_REASONS
#define TD_REASON(text) ((const char *)0)
#else
#define TD_REASON(text) (text)
#endif

/* Record the first error and return its code; later calls keep the first. */
int td_fail(td_fault *f, int code, uint64_t offset, const char *reason);

#endif /* TD_FAULT_H */
