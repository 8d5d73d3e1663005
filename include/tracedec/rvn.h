/*
 * tracedec/rvn.h - REVEN block traces ("rvnblock", blocks.sqlite): an
 * SQLite database written by tetrane/rvnblock's Writer, read with
 * <tracedec/sqlite.h>.
 *
 * td_rvn_decoder checks and decodes a whole file in one pass of events:
 *   METADATA_TEXT*, METADATA   the single _metadata row (7-column layout of
 *                              metadata version 1, or the 5-column one of
 *                              version 0); type 9 (block); format and tool
 *                              versions semver 2.0, format major 1;
 *   TABLES                     which tables exist and their root pages;
 *   (BLOCK_DATA*, BLOCK)*      `blocks` in rowid order: ids 1..N without
 *                              gaps, id 1 the 9-byte "interrupt" block,
 *                              instruction_count 0..65535, mode 0..2;
 *   INSTRUCTION*               `instruction_indices` by (block, id): ids
 *                              from 0 without gaps, offsets increasing,
 *                              each inside its block's instruction bytes,
 *                              at most instruction_count - 1 per block;
 *   (EXECUTION | INTERRUPT)*   `execution` by transition: each row is a
 *                              block executed over [previous T or 0, T),
 *                              T strictly increasing, block ids in 1..N;
 *                              `interrupts`, merged in by transition: each
 *                              interrupt at T starts an execution of block
 *                              1 at T, and (when the table exists) each
 *                              execution of block 1 has its interrupt.
 * then the freelist is walked (the database's td_sqlite_next()), then
 * TD_END.
 * Files from before instruction_indices or interrupts existed
 * (format "1.0.0" all the same) are accepted with a warning event.
 *
 * Payloads longer than a page (metadata texts, instruction bytes) come as
 * fragments, the last one flagged TD_LAST_FRAGMENT.
 *
 * Parts. The execution table, most of a trace, can be checked by several
 * decoders at once, each on its own part (td_rvn_config.parts): part 0
 * reads everything up to execution and the first part of it, part k the
 * k-th part of execution (td_sqlite_cursor_config.parts: a range of the
 * root's children) with interrupts merged in, the last part also what the
 * whole pass does after execution. What a part cannot see (the rows before
 * it) it leaves in td_rvn_part_of(), and td_rvn_join() says whether the
 * parts, taken in order, pass where one decoder over the whole file would
 * pass, and their counts. When it says no, or a part fails, only one
 * decoder over the whole file says which error comes first. The first
 * EXECUTION event of a part after 0 has start 0: the row before it, whose
 * T is its start, lies in another part.
 *
 * Memory: sizeof(td_rvn_decoder) <= 2688 bytes (the database, two cursors:
 * `execution` and `interrupts` are merged through the two lanes, as are
 * `instruction_indices` and `blocks`, and the event they fill, kept here
 * rather than on the stack); no workspace. The contract is the
 * one of <tracedec.h> and <tracedec/sqlite.h>: pages by request, sources 0
 * and 1 both the database file.
 */
#ifndef TRACEDEC_RVN_H
#define TRACEDEC_RVN_H

#include "common.h"
#include "sqlite.h"

#ifdef __cplusplus
extern "C" {
#endif

/* REVEN resource type of block traces (rvnmetadata ResourceType::Block). */
#define TD_RVN_TYPE_BLOCK 9

/* The tables (td_rvn_event.tables.present bits, root[] index). */
enum td_rvn_table {
    TD_RVN_METADATA_TABLE = 0,
    TD_RVN_BLOCKS = 1,
    TD_RVN_EXECUTION_TABLE = 2,
    TD_RVN_INSTRUCTION_INDICES = 3,
    TD_RVN_INTERRUPTS = 4,
    TD_RVN_TABLE_COUNT = 5
};

/* _metadata text fields. */
enum td_rvn_text {
    TD_RVN_FORMAT_VERSION = 0,
    TD_RVN_TOOL_NAME = 1,
    TD_RVN_TOOL_VERSION = 2,  /* metadata version 0: absent, and read as
                                 "1.0.0-prerelease" */
    TD_RVN_TOOL_INFO = 3
};

enum td_rvn_event_kind {
    TD_RVN_EV_METADATA_TEXT = 1, /* .text: a fragment of a _metadata text */
    TD_RVN_EV_METADATA = 2,      /* .metadata: the _metadata row, checked */
    TD_RVN_EV_TABLES = 3,        /* .tables */
    TD_RVN_EV_BLOCK_DATA = 4,    /* .data: instruction bytes of the block whose
                                 BLOCK event follows */
    TD_RVN_EV_BLOCK = 5,         /* .block */
    TD_RVN_EV_INSTRUCTION = 6,   /* .instruction */
    TD_RVN_EV_EXECUTION = 7,     /* .execution */
    TD_RVN_EV_INTERRUPT = 8,     /* .interrupt */
    TD_RVN_EV_WARNING = 9        /* .warning */
};

/* A semantic version, "MAJOR.MINOR.PATCH[-PRE][+BUILD]". */
typedef struct td_rvn_version {
    uint64_t major, minor, patch;
    bool prerelease, build;
} td_rvn_version;

/* The _metadata row (td_rvn_event.metadata). */
typedef struct td_rvn_metadata {
    uint32_t metadata_version; /* 1, or 0 for the 5-column layout */
    uint32_t type;            /* 9 */
    td_rvn_version format;
    td_rvn_version tool;
    int64_t generation_date;  /* seconds since 1970 */
} td_rvn_metadata;

typedef struct td_rvn_event {
    int kind;                 /* enum td_rvn_event_kind */
    uint32_t flags;           /* METADATA_TEXT, BLOCK_DATA: TD_LAST_FRAGMENT
                                 on the final fragment; others: 0 */
    uint64_t offset;          /* the row's cell in the file (fragments:
                                 their first byte) */
    uint64_t size;
    struct {
        int field;            /* enum td_rvn_text */
        const uint8_t *data;  /* UTF-8 (or UTF-16: td_rvn_header()) */
        uint32_t size;
        uint64_t pos, length;
    } text;
    td_rvn_metadata metadata;
    struct {
        uint32_t present;     /* 1 << enum td_rvn_table */
        uint32_t root[TD_RVN_TABLE_COUNT];
    } tables;
    struct {
        const uint8_t *data;
        uint32_t size;
        uint64_t pos, length;
    } data;
    struct {
        int64_t id;           /* rowid */
        uint64_t pc;          /* stored as int64: reinterpreted */
        uint64_t data_length; /* instruction bytes */
        uint32_t instruction_count;
        uint8_t mode;         /* 0 x86-64, 1 x86-32, 2 x86-16 */
    } block;
    struct {
        int64_t block_id;
        uint32_t id;          /* instruction k + 1 of the block */
        uint32_t index;       /* starts at this offset in its data */
    } instruction;
    struct {
        uint64_t start, end;  /* transitions [start, end) */
        int64_t block_id;     /* 1: a non-instruction (interrupt, fault) */
    } execution;
    struct {
        uint64_t transition;
        uint64_t pc;
        int64_t number;       /* u32 stored as int32 */
        int64_t related_block_id; /* 0: none */
        uint8_t mode;
        bool is_hw;
    } interrupt;
    struct {
        int code;             /* enum td_warning */
        const char *reason;
    } warning;
} td_rvn_event;

/* What td_rvn_counts() reports once TD_END was returned. */
typedef struct td_rvn_counts {
    uint64_t blocks, instructions, executions, interrupts;
    uint64_t interrupt_executions;  /* execution rows of block 1 */
    uint64_t last_transition;       /* end of the last execution row */
    uint64_t block_bytes;           /* instruction bytes of all blocks */
} td_rvn_counts;

/* What a part of the execution table leaves for td_rvn_join() (after
 * TD_END). */
typedef struct td_rvn_part {
    td_rvn_counts counts;     /* its own (blocks...: part 0's alone) */
    uint64_t first_transition; /* its first execution row's T (0: none) */
    int64_t first_block;      /* and its block */
    int64_t max_block;        /* the largest block id its rows name */
    uint64_t tail[2];         /* T + 1 of the first two interrupts after its
                                 last row (0: none) */
    uint32_t leaf_depth;      /* of execution's leaves (0: none entered) */
    uint32_t pages;           /* execution pages it entered */
    uint32_t page_count;      /* the database's */
    bool interrupts;          /* the interrupts table exists */
} td_rvn_part;

/* One row of integers gathered from a cursor (private). */
typedef struct td_rvn_row {
    uint64_t offset;          /* the cell */
    int64_t rowid;
    uint32_t columns;
    uint32_t integers;        /* bit i: column i is an INTEGER */
    uint32_t blobs;           /* bit i: column i is a BLOB */
    int64_t value[8];         /* INTEGER values */
    uint64_t length[8];       /* TEXT/BLOB lengths */
    bool complete;
} td_rvn_row;

/* A semantic-version parser fed one character at a time (private). */
typedef struct td_rvn_semver {
    td_rvn_version *out;
    uint8_t state;
    uint8_t unit_byte;        /* UTF-16: first byte of a code unit */
    bool have_byte;
    bool ident_digits, ident_zero;
    uint32_t ident_len;
    uint64_t number;
} td_rvn_semver;

/* The decoder: caller-owned; fields are private. */
typedef struct td_rvn_decoder {
    td_sqlite_decoder db;
    td_sqlite_cursor main;    /* lane 0 */
    td_sqlite_cursor side;    /* lane 1: the table merged in */
    td_rvn_counts counts;
    td_rvn_row row;           /* main cursor's current row */
    td_rvn_row side_row;      /* side cursor's current row */
    td_rvn_semver semver;
    td_sqlite_event sev;      /* the cursors' event (one row at a time),
                                 and the database's at the end */
    td_rvn_metadata meta;     /* the METADATA event being assembled */
    uint64_t meta_offset, meta_size;
    uint32_t root[TD_RVN_TABLE_COUNT];
    uint32_t present;
    uint8_t phase;
    uint8_t warnings;         /* warnings still due (bits) */
    uint8_t block_due;        /* a BLOCK event follows its inline data */
    uint8_t side_state;       /* 0 not started, 1 has a row, 2 ended */
    uint8_t metadata_rows;
    uint8_t name_match;       /* schema: table whose name the row holds */
    uint8_t name_ok;          /* schema: the name matched so far */
    uint8_t type_ok;          /* schema: the type is "table" */
    uint8_t unit_byte;        /* schema name: UTF-16 half unit */
    bool have_byte;
    uint32_t name_pos;
    uint32_t text_column;     /* metadata: column being streamed */
    uint64_t expected_rowid;  /* blocks: next rowid */
    int64_t block_id;         /* instruction_indices: current block */
    int64_t next_instruction;
    int64_t last_index;
    uint64_t last_transition; /* execution: previous T (0 at first) */
    uint64_t last_interrupt;  /* transition of the last interrupt + 1 */
    bool main_pending;        /* row holds a row not yet acted on */
    bool interrupt_data_ok;   /* blocks rowid 1: "interrupt" so far */
    bool format_ok, tool_ok;  /* the metadata versions parsed */
    bool layout_v1;           /* _metadata has 7 columns */
    uint16_t part, parts;     /* td_rvn_config's */
    int64_t max_block;        /* parts after 0: largest block id named */
    uint64_t first_transition; /* parts after 0: the first row's T */
    int64_t first_block;
    uint64_t tail[2];         /* not the last part: interrupts after it */
} td_rvn_decoder;

/* What td_rvn_init() needs. */
typedef struct td_rvn_config {
    size_t size;              /* sizeof(td_rvn_config) */
    uint32_t flags;           /* 0: there are no init flags */
    td_sqlite_files files;    /* the host's facts about the file and its
                                 -wal and -journal neighbours */
    unsigned part, parts;     /* parts 0: the whole file; otherwise part
                                 `part` (0 .. parts-1, parts <= 65535) of
                                 its execution table (see Parts above) */
} td_rvn_config;

/* Prepare a decoder; a NULL cfg reads as all zero (a file of 0 bytes,
 * which next() refuses). Returns TD_OK, or TD_E_INVALID_ARGUMENT (NULL
 * decoder, cfg->size below sizeof(td_rvn_config), a flag set, part not
 * below parts, parts above 65535). */
int td_rvn_init(td_rvn_decoder *r, const td_rvn_config *cfg);

/* Start over with the same files; any error is forgotten. Returns TD_OK
 * or TD_E_INVALID_ARGUMENT (NULL decoder). */
int td_rvn_reset(td_rvn_decoder *r);

/* TD_EVENT, TD_NEED_INPUT, TD_END, or an error: TD_E_INVALID_ARGUMENT
 * (NULL pointer), TD_E_TRUNCATED, every TD_E_SQLITE_* (see
 * td_sqlite_next() and td_sqlite_cursor_next()), every TD_E_RVN_*,
 * TD_E_INTERNAL (a tracedec bug); sticky until reset. Pointers in *ev
 * (text.data, data.data, warning.reason) stay valid until the next
 * call. */
int td_rvn_next(td_rvn_decoder *r, td_rvn_event *ev);

/* request, feed, fault: as every decoder's (tracedec.h, THE DECODER
 * CONTRACT). The request's source is 0 or 1, both the database file,
 * answered as td_sqlite_feed() answers. feed returns TD_OK,
 * TD_E_INVALID_ARGUMENT (NULL decoder), TD_E_PROTOCOL (no request
 * outstanding, NULL data with len > 0) or the sticky error; request and
 * fault return no error. */
const td_request *td_rvn_request(const td_rvn_decoder *r);
int td_rvn_feed(td_rvn_decoder *r, const void *data, size_t len);
const td_fault *td_rvn_fault(const td_rvn_decoder *r);

/* The database header (valid once the first event came). */
const td_sqlite_header *td_rvn_header(const td_rvn_decoder *r);

/* The counts, complete once TD_END was returned. */
const td_rvn_counts *td_rvn_counts_of(const td_rvn_decoder *r);

/* A part's leftovers and counts, complete once TD_END was returned. */
void td_rvn_part_of(const td_rvn_decoder *r, td_rvn_part *part);

/* Join part `next` to `whole`, the parts before it joined in order
 * (start with part 0's): true when one decoder over both would have gone
 * on across their seam without an error (transitions increasing, the
 * interrupt before next's first row where it needs one, block ids that
 * blocks holds, leaves at one depth, no more pages than the file holds);
 * whole then holds the counts of both. False: whole is unchanged, and only
 * one decoder over the whole file says which error comes first. */
bool td_rvn_join(td_rvn_part *whole, const td_rvn_part *next);

#ifdef __cplusplus
}
#endif

#endif /* TRACEDEC_RVN_H */
