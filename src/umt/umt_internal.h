/*
 * umt_internal.h - what the UMT decoder's files share.
 *
 * Every step of the decoder reads one place of one file with tdi_umt_get() and
 * either completes (its state advances, perhaps with an event) or returns
 * TD_NEED_INPUT without changing anything, to be run again once the host
 * has answered. A step never reads two places: after the second request the
 * first place's bytes would be gone and the step would ask for them again
 * for ever. What a later step needs from an earlier place is copied into
 * the decoder first (a slot's name, a syscall record's window).
 */
#ifndef TDI_UMT_INTERNAL_H
#define TDI_UMT_INTERNAL_H

#include "../common/bytes.h"
#include "../common/fault.h"
#include "../common/step.h"
#include "../common/input.h"
#include "../common/mem.h"
#include "../tagscan/tagscan_core.h"
#include "umt_layout.h"
#include "tracedec/umt.h"


#define UMT_NONE UINT64_MAX /* an ID of -1 */

/* The passes of the decoder (td_umt_decoder.phase). */
enum umt_phase {
    P_OPEN = 0, /* headers of every file */
    P_MODULES,
    P_THREADS,
    P_RANGES,
    P_INSTRUCTIONS,
    P_SYSCALLS,
    P_MAP, /* the context map's check, before its entries */
    P_REGISTERS,
    P_XML,
    P_RECORDS, /* execution records in order */
    P_CHAINS,  /* each thread's records, through prev/next */
    P_STREAM,  /* exec.vtable forward next to exec.offsets */
    P_END
};

/* A table header (fixed-size table files). */
typedef struct umt_table_header {
    uint32_t header_version, record_version;
    uint64_t rows, row_size, table, extra, extra_size;
} umt_table_header;

/* ---- umt_io.c: reading, failing, payloads ---------------------------- */
int tdi_umt_fail(td_umt_decoder *d, int code, uint32_t file, uint64_t offset,
             const char *reason);

/* n (1..TD_UMT_MAX_REQUEST) bytes of `file` at `offset`, or NULL with *rc
 * TD_NEED_INPUT or TD_E_TRUNCATED (reported at `offset`). */
const uint8_t *tdi_umt_get(td_umt_decoder *d, uint32_t file, uint64_t offset,
                       size_t n, const char *reason, int *rc);

/* Bytes of the current span from `offset` on, after tdi_umt_get succeeded
 * there. */
uint64_t tdi_umt_span_from(const td_umt_decoder *d, uint64_t offset);

/* The file holds at least `end` bytes: TD_OK, TD_NEED_INPUT, or
 * TD_E_TRUNCATED reported at `report`. */
int tdi_umt_need_end(td_umt_decoder *d, uint32_t file, uint64_t end,
                 uint64_t report, const char *reason);

/* The file holds no byte at `size`: TD_OK, TD_NEED_INPUT or
 * TD_E_UMT_FILE_SIZE at `size`. */
int tdi_umt_no_more(td_umt_decoder *d, uint32_t file, uint64_t size,
                const char *reason);

/* offset + len <= limit, without overflow. */
static inline bool umt_fits(uint64_t offset, uint64_t len, uint64_t limit)
{
    return offset <= limit && len <= limit - offset;
}

/* An i64 field that is negative (or -1). */
static inline bool umt_negative(uint64_t v)
{
    return (v >> 63) != 0;
}

/* An i64 reference that is -1 or below `count`. */
static inline bool umt_id_or_none(uint64_t id, uint64_t count)
{
    return id == UMT_NONE || id < count;
}

void tdi_umt_event(const td_umt_decoder *d, td_umt_event *ev, int kind,
               uint32_t file, uint64_t offset, uint64_t size);

/* Start delivering [start, end) of `file` as BYTES events. */
void tdi_umt_payload(td_umt_decoder *d, uint32_t file, uint8_t of, uint64_t start,
                 uint64_t end);

/* The next fragment of the payload: TD_EVENT, TDI_DONE when it has been
 * delivered (at once for an empty one), TD_NEED_INPUT or an error. */
int tdi_umt_fragment(td_umt_decoder *d, td_umt_event *ev);


/* ---- umt_headers.c: file headers and the open pass -------------------- */
/* Read and check a fixed-size table's header (header_size 32 or 48,
 * known: the row's known bytes). One step; TD_OK when *h is filled. */
int tdi_umt_table_header_read(td_umt_decoder *d, uint32_t file,
                          uint32_t header_size, uint64_t known,
                          umt_table_header *h);
int tdi_umt_open(td_umt_decoder *d, td_umt_event *ev);

/* Check exec.vtable's 16-byte header at p; keeps RecordCount and the
 * version. */
int tdi_umt_exec_header(td_umt_decoder *d, const uint8_t *p);

/* Read and check syscall.vtable's header (one step); keeps its
 * RecordCount and UnifiedIDsVer, which *h holds too. */
int tdi_umt_syscall_header(td_umt_decoder *d, umt_table_header *h);

/* Keep what the instruction steps need of ins.itable's header. */
void tdi_umt_keep_ins_table(td_umt_decoder *d, const umt_table_header *h);

/* The first record version a table knows. */
int tdi_umt_check_row_version(td_umt_decoder *d, uint32_t file,
                          const umt_table_header *h);

/* ---- umt_workspace.c: the caller's workspace ---------------------------- */
/* A thread's chain, followed forward during the record pass: the record
 * its walk visits next (or, once ended, its last), the one before, how
 * many it has visited. */
typedef struct umt_chain_state {
    uint64_t eid, prev, count;
    uint8_t ended;    /* its last record had Next -1 */
    uint8_t end_type; /* that record's type */
} umt_chain_state;

/* What the record pass knows of an instruction once it has checked it. */
typedef struct umt_ins_summary {
    uint64_t id_plus_one; /* 0: an empty entry */
    uint16_t lc_size;
    uint8_t cs64;
} umt_ins_summary;

/* Where things are in the workspace (NULL: not there). */
typedef struct umt_space {
    uint64_t *offsets;       /* batch + 1 offsets */
    uint64_t *pairs;         /* batch prev/next pairs (2 values each) */
    uint32_t batch;          /* records a batch covers */
    umt_chain_state *chains; /* one per thread (VALIDATE, if they fit) */
    umt_ins_summary *summaries;
    uint32_t summary_mask; /* entries - 1, a power of two minus one */
} umt_space;

/* Plan the layout for the tables known so far (when a pass begins). */
void tdi_umt_space_plan(td_umt_decoder *d);
/* The layout planned last (all NULL without a workspace). */
const umt_space *tdi_umt_space_of(const td_umt_decoder *d);
/* Empty the summary cache (at the start of the record pass). */
void tdi_umt_summaries_clear(const umt_space *ws);

/* The summary of instruction `id`, NULL when it is not cached. */
const umt_ins_summary *tdi_umt_summary(const umt_space *ws, uint64_t id);
void tdi_umt_summary_keep(const umt_space *ws, uint64_t id, uint8_t cs64,
                      uint16_t lc_size);

/* ---- umt_context_map.c ------------------------------------------------ */
/* The context map's header and every entry below ElemCount, step by step
 * with d->u.open.index. TD_OK when all are checked. */
int tdi_umt_context_map_check(td_umt_decoder *d);
void tdi_umt_map_entry(const uint8_t *p, td_umt_map_entry *e);
/* Copy register `reg`'s name (16 bytes at most, up to its NUL) into
 * slot->name. One step. */
int tdi_umt_register_name(td_umt_decoder *d, uint16_t reg,
                      td_umt_slot_state *slot);

/* ---- umt_strings.c: cStr and uStr --------------------------------------- */
/* Prepare d->str for the string at `at` (its area ends at area_end). */
void tdi_umt_string_begin(td_umt_decoder *d, uint32_t file, uint8_t role,
                      bool wide, uint64_t at, uint64_t area_end);
/* STRING then BYTES events (none with TD_UMT_NO_PAYLOADS: the string is
 * checked all the same); TDI_DONE at its end. */
int tdi_umt_string_step(td_umt_decoder *d, td_umt_event *ev);

/* ---- umt_ins.c: instruction records ------------------------------------ */
/* Steps of an instruction: INSTRUCTION, DECODED, disassembly, slots.
 * `record` is true for the instruction of an execution record (window
 * checks, names and values), false for an ins.itable row. */
typedef struct umt_ins_context {
    bool record;
    bool quiet;             /* record: no events (SKIP_INSTRUCTIONS) */
    uint8_t flags;          /* record: execRec.Flags */
    const umt_space *cache; /* record: summaries to use and keep, or NULL */
    uint64_t lc_at;         /* record: where the operand values start */
    uint64_t window;        /* record: bytes of the record */
    uint64_t report;        /* record: offset of the record in exec.vtable */
} umt_ins_context;

void tdi_umt_ins_begin(td_umt_ins_state *ins, uint64_t id);
int tdi_umt_ins_step(td_umt_decoder *d, td_umt_ins_state *ins,
                 td_umt_slot_state *slot, const umt_ins_context *c,
                 td_umt_event *ev);

/* ---- umt_context.c: rmContext ------------------------------------------ */
int tdi_umt_context_step(td_umt_decoder *d, td_umt_event *ev);

/* ---- umt_syscall.c: syscall records ------------------------------------- */
void tdi_umt_sys_begin(td_umt_sys_state *s, uint64_t id);
/* SYSCALL, then SYSCALL_ARGs; TDI_DONE at the end. `eid`/`type`: the
 * execution record that names it (cross-checked), or UMT_NONE/0 for a
 * table row. */
int tdi_umt_sys_step(td_umt_decoder *d, td_umt_sys_state *s, uint64_t eid,
                 int type, td_umt_event *ev);

/* ---- umt_records.c, umt_record_types.c: execution records in order -- */
int tdi_umt_records(td_umt_decoder *d, td_umt_event *ev);
/* The first record from the batch's base on whose offsets (with the rest
 * of its group, see umt_records.c) or prev/next pair the batch lacks. */
uint64_t tdi_umt_batch_end(const td_umt_decoder *d, const umt_space *ws);
bool tdi_umt_type_has_context(int type);
/* Check a record's type, flags and size (common to every mode). */
int tdi_umt_check_record(td_umt_decoder *d, const uint8_t *p, uint64_t window,
                     uint64_t at);
/* The RECORD event of the record at `at`, `window` bytes long, whose
 * first bytes p tdi_umt_check_record accepted (common to every mode). */
void tdi_umt_record_event(const td_umt_decoder *d, td_umt_event *ev,
                          const uint8_t *p, uint64_t at, uint64_t window);

/* ---- umt_tables.c: one table on its own -------------------------------- */
/* Prepare the table pass of d->phase. */
void tdi_umt_table_begin(td_umt_decoder *d);
int tdi_umt_tables(td_umt_decoder *d, td_umt_event *ev);

/* ---- umt_chains.c: thread chains and cross-file checks ------------------ */
int tdi_umt_chains(td_umt_decoder *d, td_umt_event *ev);
/* A thread row's FirstEID (VALIDATE's thread table pass). */
void tdi_umt_chain_seed(const umt_space *ws, uint64_t thread, uint64_t first);
/* Record eid of `thread`, of `type`, with prev/next `pair`, on the thread's
 * chain (the record pass, once the record is checked). */
void tdi_umt_chain_note(const td_umt_decoder *d, const umt_space *ws, uint64_t eid,
                    uint32_t thread, int type, const uint64_t *pair);

/* ---- umt_skim.c --------------------------------------------------------- */
/* Instruction records from d->u.rec.id on, checked in place
 * (TD_UMT_SKIP_INSTRUCTIONS); ws is the workspace's layout. */
void tdi_umt_skim(td_umt_decoder *d, const umt_space *ws);

/* ---- umt_stream.c ------------------------------------------------------- */
int tdi_umt_stream(td_umt_decoder *d, td_umt_event *ev);

/* ---- umt_xml.c ---------------------------------------------------------- */
int tdi_umt_xml(td_umt_decoder *d, td_umt_event *ev);

#endif /* TDI_UMT_INTERNAL_H */
