/*
 * drmem_encoder.h - a drmemtrace record writer for tests, independent of
 * the decoder: 12- or 8-byte records, headers of every version, encodings,
 * chunk boundaries, and raw records for corrupt cases.
 */
#ifndef TRACEDEC_TEST_DRMEM_ENCODER_H
#define TRACEDEC_TEST_DRMEM_ENCODER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define DENC_MAX_MEMBERS 64

typedef struct denc {
    uint8_t *buf;
    size_t len, cap;
    unsigned width;            /* 12 or 8 */
    unsigned version;
    uint64_t visible;          /* records a tool would see, for ordinals */
    uint64_t timestamp;        /* the last TIMESTAMP written */
    uint64_t cpu;              /* the last CPU_ID written */
    uint64_t members[DENC_MAX_MEMBERS]; /* where each member starts */
    unsigned member_count;
    size_t mark;               /* a test case's interesting record */
} denc;

void denc_init(denc *e, unsigned width);
void denc_free(denc *e);
void denc_mark(denc *e);

/* One raw record; `visible` says whether tools would see it. */
void denc_record(denc *e, uint16_t type, uint16_t size, uint64_t addr,
                 bool visible);
void denc_marker(denc *e, uint16_t marker, uint64_t value);
void denc_timestamp_cpu(denc *e, uint64_t timestamp, uint64_t cpu);

/* HEADER, [VERSION, FILETYPE] (filetype 0: none), THREAD, PID,
 * [CACHE_LINE_SIZE, CHUNK_INSTR_COUNT (when chunk_size), PAGE_SIZE] for
 * v2+, then TIMESTAMP and CPU_ID. */
void denc_header(denc *e, unsigned version, uint64_t filetype, int64_t tid,
                 int64_t pid, uint64_t chunk_size);

/* ENCODING records for `len` bytes (when `bytes` is not NULL), then the
 * instruction. */
void denc_instr(denc *e, uint16_t type, uint64_t pc, uint16_t len,
                const uint8_t *bytes);
void denc_memref(denc *e, uint16_t type, uint64_t addr, uint16_t size);

/* THREAD_EXIT(tid), FOOTER. */
void denc_exit(denc *e, int64_t tid);

/* End chunk `index` (CHUNK_FOOTER) and start the next zip member with
 * RECORD_ORDINAL and the repeated TIMESTAMP and CPU_ID. */
void denc_chunk(denc *e, uint64_t index);

/* Start a new member here without any chunk records. */
void denc_member(denc *e);

#endif /* TRACEDEC_TEST_DRMEM_ENCODER_H */
