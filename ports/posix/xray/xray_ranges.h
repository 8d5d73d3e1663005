/*
 * xray_ranges.h - an XRay file cut into ranges for the workers of -j: the
 * cheap index pass. In FDR mode a range is whole buffers: the pass reads
 * 16 bytes per buffer (its BufferExtents record; nothing for version 1,
 * whose buffers all have the header's size) and hops to the next buffer,
 * until the file ends or the bytes stop making sense; the rest of the file
 * is then the last range, whose decoder says what is wrong there, exactly
 * as one decoder over the whole file would. In basic mode a range is
 * records: it starts about every `target` bytes at the first record that
 * follows a function record (read with 32-byte preads), which its decoder
 * is given (td_xray_follow).
 */
#ifndef TRACEDEC_XRAY_RANGES_H
#define TRACEDEC_XRAY_RANGES_H

#include <stddef.h>
#include <stdint.h>

#include "tracedec.h"

typedef struct xray_ranges {
    uint64_t *starts;   /* range i is [starts[i], starts[i + 1]), the last
                           [starts[count - 1], file end) */
    uint8_t (*follows)[32]; /* basic mode: the function record range i
                           follows (not range 0) */
    size_t count;
} xray_ranges;

/* Cut the XRay file at `path`, `size` bytes, whose header event is
 * *header, into ranges of about `target` bytes (at least one buffer or
 * record each). Returns 0, or -1 with why in `error` (a failed open or
 * read, out of memory; *r is then empty). */
int xray_ranges_find(xray_ranges *r, const char *path, uint64_t size,
                     const td_xray_event *header, uint64_t target,
                     char *error, size_t error_len);

void xray_ranges_free(xray_ranges *r);

#endif /* TRACEDEC_XRAY_RANGES_H */
