/*
 * xray_encoder.h - an XRay trace writer for tests, independent of the
 * decoder: FDR versions 1 to 5 and basic versions 1 to 3, in either byte
 * order, with every record kind, and raw bytes for corrupt cases.
 */
#ifndef TRACEDEC_TEST_XRAY_ENCODER_H
#define TRACEDEC_TEST_XRAY_ENCODER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct xenc {
    uint8_t *buf;
    size_t len, cap;
    unsigned version;
    bool fdr;
    bool be;
    uint64_t buffer_size; /* header bytes 16..23 */
    size_t extents_at;    /* v2+: offset of the open buffer's extents */
    size_t buffer_at;     /* v1: offset of the open buffer's NewBuffer */
    size_t mark;          /* where a test case's interesting record is */
} xenc;

/* Remember the current offset in e->mark. */
void xenc_mark(xenc *e);

/* Header: version, mode, byte order, cycle frequency, FDR buffer size. */
void xenc_init(xenc *e, bool fdr, unsigned version, bool big_endian,
               uint64_t frequency, uint64_t buffer_size);
void xenc_free(xenc *e);

/* FDR: open a buffer (extents placeholder from v2, NewBuffer, WallClock,
 * Pid when pid >= 0), then NewCPUId. */
void xenc_begin_buffer(xenc *e, int32_t tid, int32_t pid, uint64_t seconds,
                       uint32_t micros);
void xenc_new_cpu(xenc *e, uint16_t cpu, uint64_t tsc);
void xenc_tsc_wrap(xenc *e, uint64_t tsc);
void xenc_function(xenc *e, unsigned action, uint32_t func, uint32_t delta);
void xenc_call_arg(xenc *e, uint64_t value);
/* Custom event in the file version's layout: v5 uses `delta`, v1-v4 use
 * `tsc` (and v4 `cpu`). `size` is written as given; `n` payload bytes
 * follow. */
void xenc_custom(xenc *e, int32_t size, int32_t delta, uint64_t tsc,
                 uint16_t cpu, const void *data, size_t n);
void xenc_typed(xenc *e, int32_t size, int32_t delta, uint16_t type,
                const void *data, size_t n);
void xenc_pid(xenc *e, int32_t pid);
void xenc_metadata(xenc *e, unsigned kind, const uint8_t body[15]);
/* v2+: write the open buffer's extents (bytes after the extents record,
 * less `short_by`). v1: EndOfBuffer and garbage padding up to the buffer
 * size. */
void xenc_end_buffer(xenc *e, size_t short_by);

/* Basic mode. */
void xenc_basic(xenc *e, unsigned type, uint8_t cpu, int32_t func,
                uint64_t tsc, uint32_t tid, uint32_t pid);
void xenc_basic_arg(xenc *e, int32_t func, uint32_t tid, uint32_t pid,
                    uint64_t arg);

void xenc_raw(xenc *e, const void *data, size_t n);

#endif /* TRACEDEC_TEST_XRAY_ENCODER_H */
