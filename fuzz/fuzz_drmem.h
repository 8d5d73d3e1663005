/*
 * fuzz_drmem.h - what the drmemtrace harnesses share: the digest of a
 * record event, and the check of a whole drmemtrace file (container and
 * records chained by td_drmem_file_decoder, as the CLI reads one) that the
 * container harnesses run on inputs whose option bit 1 is set.
 */
#ifndef TRACEDEC_FUZZ_DRMEM_H
#define TRACEDEC_FUZZ_DRMEM_H

#include "fuzz_common.h"

/* Every field of a record event. */
void fz_mix_drmem_event(fz_digest *g, const td_drmem_event *ev);

/* Decode data as a drmemtrace file in `container` (TD_FORMAT_ZIP, ...)
 * in one span and in `spans` drawn from `seed`; the events, the final
 * status, the fault and where it lies must be the same in both, record
 * errors must lie inside the decompressed bytes and container errors
 * inside the input. Any difference aborts. */
void fz_check_drmem_file(const char *harness, int container, bool seekable,
                         const uint8_t *data, size_t len, fz_spans spans,
                         uint64_t seed);

#endif /* TRACEDEC_FUZZ_DRMEM_H */
