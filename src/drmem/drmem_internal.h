/*
 * drmem_internal.h - state shared by the drmemtrace decoder's files.
 */
#ifndef TDI_DRMEM_INTERNAL_H
#define TDI_DRMEM_INTERNAL_H

#include "tracedec/drmem.h"
#include "../common/bytes.h"
#include "../common/fault.h"
#include "../common/step.h"
#include "../common/input.h"
#include "../common/mem.h"


#define DRMEM_MAX_ENCODING 15
/* record_filter's encodings2regdeps writes DR_ISA_REGDEPS encodings of
 * 4, 8, 12 or 16 bytes. */
#define DRMEM_MAX_REGDEPS_ENCODING 16
#define DRMEM_REGDEPS_ALIGN 4
#define DRMEM_NO_MARKER 255

/* Where in the stream the decoder is (td_drmem_decoder.state). */
enum drmem_state {
    DS_FIRST = 0,  /* before the first record: its width is not known */
    DS_PREAMBLE,   /* after HEADER, before PID */
    DS_BODY,       /* after PID */
    DS_ENDED,      /* after FOOTER */
    DS_DONE        /* TD_END returned */
};

/* A record that must come next (td_drmem_decoder.expect). */
enum drmem_expect {
    DX_NONE = 0,
    DX_ORDINAL,         /* a member began: RECORD_ORDINAL or HEADER */
    DX_VIRTUAL_ADDRESS, /* after PHYSICAL_ADDRESS */
    DX_KERNEL_EVENT     /* after RSEQ_ABORT */
};

/* A record, 12 bytes (8 from 32-bit producers): u16 type, u16 size (a
 * marker's kind, an instruction's length, an ENCODING's byte count), then
 * the address or value: u64, or u32 in 8-byte records; an ENCODING's
 * bytes stand there. In the first record, a HEADER, bytes 8..11 tell the
 * width (DRMEM_WIDTH_WORD: zero in a 12-byte file). */
#define DRMEM_TYPE 0
#define DRMEM_SIZE 2
#define DRMEM_ADDR 4
#define DRMEM_WIDTH_WORD 8

static inline uint64_t drmem_addr(const uint8_t *p, size_t width)
{
    return width == 12 ? tdi_le64(p + DRMEM_ADDR) : tdi_le32(p + DRMEM_ADDR);
}

/* One raw record. */
typedef struct drmem_record {
    uint16_t type;
    uint16_t size;
    uint64_t addr;
    const uint8_t *bytes; /* the record, for ENCODING payloads */
} drmem_record;

/* Fill the fields every event has. */
void tdi_drmem_event_base(const td_drmem_decoder *d, td_drmem_event *ev,
                      const drmem_record *r, uint64_t offset, int kind);

/* Count a record that DynamoRIO's reader shows to tools. */
void tdi_drmem_visible(td_drmem_decoder *d, td_drmem_event *ev);

void tdi_drmem_warn(td_drmem_decoder *d, int code);

/* drmem_preamble.c: HEADER, THREAD, PID, FOOTER, THREAD_EXIT, and the
 * version and file-type checks. */
int tdi_drmem_stream_record(td_drmem_decoder *d, const drmem_record *r,
                        uint64_t at, td_drmem_event *ev);
int tdi_drmem_check_filetype(td_drmem_decoder *d, uint64_t value, uint64_t at);
bool tdi_drmem_restarts_allowed(const td_drmem_decoder *d);

/* drmem_instr.c: instructions, ENCODING records, memory references. */
int tdi_drmem_encoding_record(td_drmem_decoder *d, const drmem_record *r,
                          uint64_t at);
int tdi_drmem_instr_record(td_drmem_decoder *d, const drmem_record *r,
                       uint64_t at, td_drmem_event *ev);
int tdi_drmem_memref_record(td_drmem_decoder *d, const drmem_record *r,
                        uint64_t at, td_drmem_event *ev);

/* The fetched instruction types (bit n: type n) that, 1 to 15 bytes long
 * and with nothing pending before them, pass every check but the chunk's
 * count. */
uint64_t tdi_drmem_plain_instr_types(const td_drmem_decoder *d);
/* The indirect branch types: what may follow a BRANCH_TARGET. */
uint64_t tdi_drmem_indirect_types(void);
/* How many more instructions the current chunk may hold. */
uint64_t tdi_drmem_chunk_room(const td_drmem_decoder *d);

/* drmem_skim.c: runs of plain records checked in place (tallying). */
void tdi_drmem_skim(td_drmem_decoder *d, td_drmem_tally *t);

/* Count an event into the tally, if it is one a tally takes. */
bool tdi_drmem_tallied(td_drmem_tally *t, const td_drmem_event *ev);

/* drmem_markers.c */
int tdi_drmem_marker_record(td_drmem_decoder *d, const drmem_record *r,
                        uint64_t at, td_drmem_event *ev);
int tdi_drmem_expected_next(td_drmem_decoder *d, const drmem_record *r,
                        uint64_t at);
int tdi_drmem_check_timestamp(td_drmem_decoder *d, uint64_t value, uint64_t at);

/* drmem_chunks.c: container members (trace chunks). */
bool tdi_drmem_is_chunk_marker(const td_drmem_decoder *d, const drmem_record *r);
int tdi_drmem_chunk_marker(td_drmem_decoder *d, const drmem_record *r,
                       uint64_t at, td_drmem_event *ev);
int tdi_drmem_member_start(td_drmem_decoder *d, const drmem_record *r,
                       uint64_t at);
bool tdi_drmem_is_chunked(const td_drmem_decoder *d);

#endif /* TDI_DRMEM_INTERNAL_H */
