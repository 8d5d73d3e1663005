/*
 * tracedec/umt.h - UMTracer/UMTIndex indexed traces: the eleven files of a
 * trace directory, decoded without allocation.
 *
 * Sources. A request names one of the files by its index (enum
 * td_umt_file; td_umt_file_name() gives "exec.vtable", ...). The decoder
 * follows the contract at the top of <tracedec.h>; it reads at random
 * offsets, so the host answers each request with at least min_len bytes of
 * that file from the requested offset, or fewer only where the file ends.
 * min_len never exceeds TD_UMT_MAX_REQUEST. Every offset is 64-bit.
 *
 * Modes (td_umt_config.mode):
 *   TD_UMT_DECODE     the execution records in order: exec.offsets and
 *                     exec.vtable, with the instruction, syscall, thread
 *                     and context map tables looked up by random access;
 *   TD_UMT_VALIDATE   every check the format documents allow: the
 *                     headers and exact sizes of every file, every table
 *                     row, trace.xml, the records as TD_UMT_DECODE reads
 *                     them, the syscall records against the records, and
 *                     each thread's chain of records walked through
 *                     exec.prev_next.column;
 *   TD_UMT_STREAM     exec.vtable read forward next to exec.offsets (each
 *                     file forward only: two pipes can feed it), giving
 *                     raw records; no other file is read;
 *   TD_UMT_MODULES, _THREADS, _SYSCALLS, _ADDRESS_RANGES, _INSTRUCTIONS,
 *   _REGISTERS (the context map), TD_UMT_XML (trace.xml): one table on
 *                     its own.
 *
 * Memory: the decoder is its struct (at most 512 bytes: 512 on x86-64, 480
 * on 32-bit targets), plus an optional workspace from the caller
 * (td_umt_config.memory). Without one it keeps O(1) state in every mode:
 * thread chains are walked one at a time after the records. With one,
 * offsets and prev/next pairs are read ahead in batches, each thread's
 * chain is followed during the record pass (one state per thread), and
 * TD_UMT_SKIP_INSTRUCTIONS checks instruction records in place. Long
 * payloads (memory dumps up to 100 MB, operand values, strings) arrive as
 * BYTES fragments either way.
 *
 * Errors (sticky; td_umt_fault_file() says which file the offset is in):
 * TD_E_TRUNCATED when a file is shorter than its structures, TD_E_UMT_*
 * for wrong bytes, TD_E_TAGSCAN_* for trace.xml, TD_E_INVALID_ARGUMENT.
 * Each has a reason naming the check.
 *
 * String layouts. cStr and uStr strings come in two layouts: the October
 * 2013 document's (a 64-bit length; Length + 9 or Length * 2 + 10 bytes)
 * and the one the tools really wrote (a 16-bit length; Length + 3 or
 * Length * 2 + 4 bytes). An init flag picks one; otherwise the first
 * non-empty string decides (see td_umt_event.string) and every later string
 * must follow it.
 */
#ifndef TRACEDEC_UMT_H
#define TRACEDEC_UMT_H

#include "common.h"
#include "tagscan.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The files of a trace directory: the `source` of every request. */
enum td_umt_file {
    TD_UMT_EXEC_VTABLE = 0,
    TD_UMT_EXEC_OFFSETS = 1,
    TD_UMT_EXEC_PREV_NEXT = 2, /* exec.prev_next.column */
    TD_UMT_INS_ITABLE = 3,
    TD_UMT_SYSCALL_VTABLE = 4,
    TD_UMT_SYSCALL_OFFSETS = 5,
    TD_UMT_MODULE_ITABLE = 6,
    TD_UMT_THREAD_ITABLE = 7,
    TD_UMT_CONTEXT_MAP = 8,   /* context_map.itable */
    TD_UMT_ADDRESS_SPACE = 9, /* address_space.itable */
    TD_UMT_TRACE_XML = 10,
    TD_UMT_FILE_COUNT = 11
};

/* "exec.vtable", ..., "trace.xml"; NULL outside 0..10. Static strings. */
const char *td_umt_file_name(int file);

/* The largest min_len of any request. */
#define TD_UMT_MAX_REQUEST 4096

enum td_umt_mode {
    TD_UMT_DECODE = 0,
    TD_UMT_VALIDATE = 1,
    TD_UMT_STREAM = 2,
    TD_UMT_MODULES = 3,
    TD_UMT_THREADS = 4,
    TD_UMT_SYSCALLS = 5,
    TD_UMT_ADDRESS_RANGES = 6,
    TD_UMT_INSTRUCTIONS = 7,
    TD_UMT_REGISTERS = 8,
    TD_UMT_XML = 9 /* trace.xml */
};

/* init() flags */
#define TD_UMT_STRINGS_2013 1u     /* strings have 64-bit lengths */
#define TD_UMT_STRINGS_AS_BUILT 2u /* strings have 16-bit lengths */
#define TD_UMT_NO_PAYLOADS                                                    \
    4u /* leave out the events that only carry                                \
values (SLOT, REGISTER, SYSCALL_ARG, STRING, BYTES); every check is           \
still made. Validation reads much less this way. */
#define TD_UMT_SKIP_INSTRUCTIONS                                              \
    8u /* check instruction records (type 0) but                              \
hand out no RECORD, INSTRUCTION or DECODED events for them; implies           \
TD_UMT_NO_PAYLOADS. Every check is still made, and errors are the same. With  \
a workspace most of them are checked in place, in the host's span:            \
validation at memory speed. */

/* String layouts (td_umt_event.string.layout, td_umt_layout()). */
enum td_umt_layout {
    TD_UMT_LAYOUT_UNKNOWN = 0, /* not decided yet: only empty strings */
    TD_UMT_LAYOUT_2013 = 1,
    TD_UMT_LAYOUT_AS_BUILT = 2
};

/* Execution record types (execRec.Type). 7 does not exist. */
enum td_umt_record_type {
    TD_UMT_INSTRUCTION = 0,
    TD_UMT_THREAD_BEGIN = 1,
    TD_UMT_THREAD_END = 2,
    TD_UMT_APPLICATION_END = 3,
    TD_UMT_SYSCALL_ENTRY = 4,
    TD_UMT_SYSCALL_EXIT = 5,
    TD_UMT_SYSCALL_SKIPPED = 6,
    TD_UMT_APC = 8,
    TD_UMT_EXCEPTION = 9,
    TD_UMT_CALLBACK = 10,
    TD_UMT_UNKNOWN_CONTEXT_CHANGE = 11
};

/* "instruction", "thread_begin", "thread_end", "application_end",
 * "syscall_entry", "syscall_exit", "syscall_skipped", "apc", "exception",
 * "callback", "unknown_context_change"; NULL for 7 and above 11. */
const char *td_umt_record_type_name(int type);

/* execRec.Flags, the same in both exec versions */
#define TD_UMT_FLAG_64BIT 0x01u /* 64-bit code segment */
#define TD_UMT_FLAG_INSTRUMENTATION_OFF                                       \
    0x02u /* instrumentation was off                                          \
             before this record */
#define TD_UMT_FLAG_NOT_EXECUTED                                              \
    0x04u                           /* conditional instruction whose          \
                                       condition was false */
#define TD_UMT_FLAG_FIRST_REP 0x08u /* first iteration of a rep */
/* exec.vtable version 0 (2013) */
#define TD_UMT_V0_EXCEPTION_INPUTS 0x10u /* while recording inputs */
#define TD_UMT_V0_EXCEPTION_EXECUTING 0x20u
#define TD_UMT_V0_EXCEPTION_OUTPUTS 0x40u /* while reading back outputs */
#define TD_UMT_V0_TRACER_ERROR 0x80u
/* exec.vtable version 1 (tool suite 3.0) */
#define TD_UMT_V1_INPUTS_UNRELIABLE 0x10u
#define TD_UMT_V1_OUTPUTS_UNRELIABLE 0x20u
#define TD_UMT_V1_FAULTED 0x40u
#define TD_UMT_V1_ABORTED 0x80u
/* Flags a record other than an instruction may carry. */
#define TD_UMT_SPECIAL_RECORD_FLAGS 0x03u

/* The name of one flag bit for an exec version: "64bit",
 * "instrumentation-off", "not-executed", "first-rep", then for version 0
 * "exception-inputs", "exception-executing", "exception-outputs",
 * "tracer-error" and for version 1 "inputs-unreliable",
 * "outputs-unreliable", "faulted", "aborted". NULL for other values. */
const char *td_umt_flag_name(unsigned exec_version, unsigned bit);

/* Register names with a meaning of their own (lcSlot/expOper RegName). */
#define TD_UMT_REG_INVALID 0x0000u
#define TD_UMT_REG_STACKPUSH 0x007du /* XED 2013: memory at sp - n */
#define TD_UMT_REG_STACKPOP 0x007eu  /* XED 2013: memory at sp */
#define TD_UMT_REG_AGEN 0xfffdu      /* address generation (lea) */
#define TD_UMT_REG_MEM1 0xfffeu
#define TD_UMT_REG_MEM0 0xffffu
/* Local-context slot indices with a meaning of their own. */
#define TD_UMT_SLOT_IMM0 0xfdu
#define TD_UMT_SLOT_IMM1 0xfeu
#define TD_UMT_SLOT_NA 0xffu

/* The three slot groups, in order. */
enum td_umt_slot_group {
    TD_UMT_BEFORE = 0,            /* inputs: read and read-write operands */
    TD_UMT_WRITE_ONLY_BEFORE = 1, /* before-values of write-only operands */
    TD_UMT_AFTER = 2              /* after execution */
};

/* Event kinds. Each names the sub-struct of td_umt_event that it fills. */
enum td_umt_event_kind {
    TD_UMT_EV_TRACE = 1,          /* .trace: every header, before any record
                                     (DECODE, VALIDATE) */
    TD_UMT_EV_TABLE = 2,          /* .table: a table's header (table modes,
                                     VALIDATE before its rows) */
    TD_UMT_EV_RECORD = 3,         /* .record: one execution record */
    TD_UMT_EV_INSTRUCTION = 4,    /* .instruction: an insRec (after the
                                     RECORD of a type-0 record, or a row) */
    TD_UMT_EV_DECODED = 5,        /* .decoded: its decodedIns */
    TD_UMT_EV_SLOT = 6,           /* .slot: a local-context slot; its value
                                     follows as BYTES */
    TD_UMT_EV_CONTEXT = 7,        /* .context: an rmContext */
    TD_UMT_EV_REGISTER = 8,       /* .reg: one register of its dump */
    TD_UMT_EV_MEMORY = 9,         /* .memory: a contextMem; data follows as
                                     BYTES */
    TD_UMT_EV_SYSCALL = 10,       /* .syscall: a syscall record */
    TD_UMT_EV_SYSCALL_ARG = 11,   /* .arg: one of its arguments */
    TD_UMT_EV_MODULE = 12,        /* .module: a module row; its two names
                                     follow as STRING + BYTES */
    TD_UMT_EV_THREAD = 13,        /* .thread: a thread row */
    TD_UMT_EV_ADDRESS_RANGE = 14, /* .range: an address range row */
    TD_UMT_EV_REGISTER_INFO = 15, /* .reginfo: a context map entry */
    TD_UMT_EV_STRING = 16,        /* .string: a string; its characters follow
                                     as BYTES */
    TD_UMT_EV_BYTES = 17,         /* .bytes: a fragment of a payload */
    TD_UMT_EV_XML = 18,           /* .xml: trace.xml element start, text
                                     fragment or end */
    TD_UMT_EV_CHAIN = 19,         /* .chain: a thread's records were walked
                                     and agree with its row (VALIDATE) */
    TD_UMT_EV_WARNING = 20        /* .warning */
};

/* What a BYTES fragment belongs to (td_umt_event.bytes.of). */
enum td_umt_payload {
    TD_UMT_OF_STRING = 1, /* the STRING before it: raw characters (UTF-16LE
                             code units when .string.wide) */
    TD_UMT_OF_SLOT = 2,   /* the SLOT before it: the value, without the
                             address that precedes memory values */
    TD_UMT_OF_MEMORY = 3, /* the MEMORY before it: the memory contents */
    TD_UMT_OF_RECORD = 4  /* STREAM mode: the record after its 6-byte
                             header */
};

/* Which string a STRING event is. */
enum td_umt_string_role {
    TD_UMT_DISASSEMBLY = 1, /* insRec.DisasmFP (cStr) */
    TD_UMT_WIN_NAME = 2,    /* moduleRec.WinNameFP (uStr) */
    TD_UMT_DEVICE_NAME = 3  /* moduleRec.DeviceNameFP (uStr) */
};

/* What a slot refers to (td_umt_event.slot.kind). */
enum td_umt_slot_kind {
    TD_UMT_REGISTER_SLOT = 0,
    TD_UMT_MEM0_SLOT = 1,
    TD_UMT_MEM1_SLOT = 2,
    TD_UMT_AGEN_SLOT = 3, /* the computed address, no memory access */
    TD_UMT_STACKPUSH_SLOT = 4,
    TD_UMT_STACKPOP_SLOT = 5
};

/* XML event parts (td_umt_event.xml.part). */
enum td_umt_xml_part {
    TD_UMT_XML_START = 1,
    TD_UMT_XML_TEXT = 2,
    TD_UMT_XML_END = 3
};

typedef struct td_umt_operand { /* expOper */
    uint16_t reg;               /* RegName */
    uint16_t size;
    uint8_t flags; /* 1 read, 2 written */
    uint8_t before_slot, after_slot;
    uint8_t before_offset, after_offset;
} td_umt_operand;

typedef struct td_umt_map_entry { /* regInfo */
    uint16_t offset; /* in the dump; 0xffff: not in this context */
    uint8_t size;
    uint16_t eff_largest;
} td_umt_map_entry;

typedef struct td_umt_event {
    int kind;        /* enum td_umt_event_kind */
    uint32_t flags;  /* TD_LAST_FRAGMENT */
    uint64_t offset; /* absolute offset in `file` */
    uint64_t size;   /* bytes it occupies there */
    uint32_t file;   /* enum td_umt_file holding what it describes */
    int64_t eid;     /* the execution record it belongs to, else -1 */

    struct {
        uint8_t exec_version;        /* 0 or 1 */
        uint8_t ins_version;         /* ins.itable RecordVer: 0 or 1 */
        uint8_t syscall_ids_version; /* UnifiedIDsVer: 0 or 1 */
        uint8_t layout;              /* enum td_umt_layout, as known so far */
        uint64_t records;
        uint64_t instructions, modules, threads, syscalls, address_ranges;
        uint16_t dump_size; /* bytes of a register dump */
        uint16_t registers; /* context map ElemCount */
    } trace;
    struct {
        uint32_t file;
        uint32_t header_version, record_version; /* syscalls: Version and
                                                    UnifiedIDsVer */
        uint64_t rows;
        uint64_t row_size; /* 0 for syscall records */
        uint64_t table_fp, extra_fp, extra_size;
    } table;
    struct {
        uint8_t type;         /* enum td_umt_record_type */
        uint8_t flags;        /* execRec.Flags */
        uint8_t exec_version; /* which names the flags have */
        int32_t thread;       /* ThreadID */
        int64_t ref;          /* InsID (0), SyscallID (4, 5, 6; -1 in
                                 an exit without entry), else 0 */
        int32_t exit_code;    /* types 2 and 3 */
    } record;
    struct {
        int64_t id;
        uint8_t type; /* insRec.Type */
        bool cs64;
        uint8_t code_size;
        uint8_t code[15];
        int32_t module; /* ModuleID, -1 for floating code */
        uint64_t address;
        uint64_t disasm_fp, decoded_fp; /* relative to ExtraFP */
    } instruction;
    struct {
        uint16_t category, mnemonic, form;
        uint8_t flags;
        uint8_t exp_count;
        td_umt_operand operands[4]; /* the first exp_count are valid */
        uint8_t eff_operand_size, eff_address_size;
        uint16_t lc_size;
        uint8_t first_out_slot, first_after_slot, lc_count;
        uint8_t mem0_seg_slot, mem0_base_slot, mem0_scale, mem0_index_slot;
        uint8_t mem1_base_slot;
        uint64_t const_slot[2];
    } decoded;
    struct {
        uint8_t index;
        uint8_t group;         /* enum td_umt_slot_group */
        uint8_t kind;          /* enum td_umt_slot_kind */
        uint16_t reg, largest; /* RegName, LargestEnclosing (common
                                  register name in RecordVer 1) */
        uint16_t value_size, lc_offset;
        uint8_t addr_width;
        const char *name; /* register name from the context map,
                             or "MEM0", "MEM1", "AGEN",
                             "STACKPUSH", "STACKPOP"; NULL in the
                             instruction table mode */
        size_t name_len;
        bool has_value;   /* BYTES with the value follow */
        bool memory;      /* an address precedes the value */
        uint64_t address; /* memory slots with a value */
    } slot;
    struct {
        bool bits64; /* RegMap64 applies */
        uint32_t mem_count;
        uint64_t regs_offset; /* absolute offset of the dump */
        uint16_t dump_size;
    } context;
    struct {
        uint16_t reg;
        const char *name; /* valid until the next call */
        size_t name_len;
        uint8_t size;
        uint16_t dump_offset;
        uint16_t eff_largest;
        const uint8_t *value; /* size bytes, valid until the next call */
    } reg;
    struct {
        uint32_t index;
        uint64_t address;
        uint64_t length;      /* bytes of data (BYTES follow) */
        uint64_t data_offset; /* absolute offset of the data */
    } memory;
    struct {
        int64_t id;
        uint16_t raw_id, uniform_id;
        uint8_t convention, completed, arg_count, extra_count;
        int64_t begin_eid, end_eid;
        uint64_t before_sp, result;
        uint64_t args_offset, extras_offset; /* absolute */
    } syscall;
    struct {
        uint8_t index;
        uint64_t value;
    } arg;
    struct {
        int64_t id;
        int64_t load_eid, unload_eid;
        uint64_t start, end; /* end: the last byte */
        uint64_t win_name_fp, device_name_fp;
        const uint8_t *extra; /* row bytes past the known 48 (opaque;
                                 16 in tool suite 4.0), valid until
                                 the next call */
        size_t extra_len;
    } module;
    struct {
        int32_t id, win_tid;
        uint64_t tib;
        int64_t first_eid, last_eid; /* last_eid -1: interrupted */
        uint64_t rec_count;
    } thread;
    struct {
        uint64_t index;
        uint64_t first, last;
    } range;
    struct {
        uint16_t reg;
        const char *name;
        size_t name_len;
        uint16_t largest;
        td_umt_map_entry map32, map64;
    } reginfo;
    struct {
        uint8_t role;         /* enum td_umt_string_role */
        bool wide;            /* uStr: UTF-16 code units */
        uint8_t layout;       /* enum td_umt_layout it was read with */
        uint64_t length;      /* characters (code units) */
        uint64_t data_offset; /* absolute offset of the characters */
    } string;
    struct {
        uint8_t of;          /* enum td_umt_payload */
        const uint8_t *data; /* valid until the next call */
        size_t len;
        uint64_t pos;   /* position of data[0] in the payload */
        uint64_t total; /* bytes of the whole payload */
    } bytes;
    struct {
        uint8_t part;     /* enum td_umt_xml_part */
        const char *path; /* "/A/B", path_len bytes, valid until
                             the next call */
        size_t path_len;
        unsigned depth;
        const uint8_t *text; /* TEXT: a fragment of the element's
                                text; the run ends at the next START
                                or END */
        size_t text_len;
    } xml;
    struct {
        int32_t thread;
        int64_t first_eid, last_eid;
        uint64_t count;
    } chain;
    struct {
        int code; /* enum td_warning */
        const char *reason;
    } warning;
} td_umt_event;

/* The decoder's private parts. */
typedef struct td_umt_payload_state {
    uint64_t start, pos, end;
    uint8_t file, of;
} td_umt_payload_state;

typedef struct td_umt_string_state {
    uint64_t at, area_end;
    uint8_t file, role, wide, step, layout;
} td_umt_string_state;

typedef struct td_umt_ins_state {
    uint64_t id;
    uint64_t decoded_at; /* absolute offset of the decodedIns */
    uint64_t disasm_fp;
    uint16_t lc_size;
    uint8_t lc_count, first_out, first_after, cs64, slot, step;
} td_umt_ins_state;

typedef struct td_umt_slot_state {
    uint16_t reg, largest, value_size, offset;
    uint8_t addr_width, name_len;
    char name[16];
} td_umt_slot_state;

typedef struct td_umt_sys_state {
    uint64_t id;
    uint64_t at, size; /* the syscallRec's window */
    uint64_t args_at;
    uint64_t begin, end;      /* BeginEID, EndEID */
    uint64_t rec_at, rec_end; /* an execution record it names */
    uint8_t arg_count, arg, step, completed;
} td_umt_sys_state;

typedef struct td_umt_decoder {
    td_input in;
    td_fault fault;
    void *workspace; /* NULL when none */
    size_t workspace_size;
    uint32_t fault_file;
    uint32_t flags;
    uint8_t mode, phase, step, layout;
    uint8_t exec_version, ins_version, ids_version;
    uint8_t warning_due; /* enum td_warning - 400, 0 when none */
    uint8_t app_end;     /* the last record was an application end */
    uint16_t dump_size, elem_count;
    uint64_t records, exec_end; /* RecordCount, Offset[RecordCount] */
    uint64_t ins_rows, ins_row_size, ins_table, ins_extra, ins_extra_size;
    uint64_t module_rows, thread_rows, syscall_rows;
    td_umt_payload_state payload;
    td_umt_string_state str;
    union {
        struct {
            uint64_t first, last; /* Offset[0], Offset[RecordCount] */
            uint64_t address_rows;
            uint64_t table_at, table_end, extra_at, extra_end;
            uint64_t index; /* the step within a table or array */
            uint32_t table; /* the fixed-size table being opened */
            uint8_t array;  /* the context map array being checked */
        } open;
        struct {
            uint64_t id, start, end;
            uint64_t off[5]; /* exec.offsets[off_base ...] without a
                                workspace (see umt_records.c) */
            uint64_t off_base;
            uint64_t ctx_at;  /* the rmContext */
            uint64_t regs_at; /* its register dump */
            uint32_t mem_index, mem_count;
            uint16_t reg;       /* the next register to report */
            uint16_t off_count; /* offsets in the batch from off_base */
            uint8_t type, flags, sub, ctx_step;
            union {
                td_umt_ins_state ins;
                td_umt_sys_state sys;
            } k;
            td_umt_slot_state slot; /* also a register being reported */
            uint16_t pair_count;    /* prev/next pairs from off_base */
        } rec;
        struct {
            uint64_t fp, row_size, rows, extra, extra_size, row;
            uint8_t file, sub, more;
            union {
                td_umt_ins_state ins;
                td_umt_sys_state sys;
                td_umt_map_entry map[2]; /* a context map entry */
                uint64_t names[2];       /* a module's name pointers */
            } k;
            td_umt_slot_state slot;
        } table;
        struct {
            uint64_t table, row_size, thread;
            uint64_t eid, prev, next, count, sum, vt_at;
            uint64_t first, last, rec_count;
            uint8_t step;
        } chain;
        struct {
            uint64_t off[5]; /* exec.offsets[off_base ...] */
            uint64_t off_base;
            uint64_t off_read; /* offsets read from exec.offsets */
            uint64_t vt_pos;   /* where exec.vtable reading stopped */
            uint64_t id, start, end;
            uint8_t off_count, step;
        } stream;
        td_tagscan_state xml;
    } u;
} td_umt_decoder;

/* The smallest workspace td_umt_init accepts. */
#define TD_UMT_WORKSPACE_MIN 4096

/* What td_umt_init needs (the API shape at the top of <tracedec.h>). */
typedef struct td_umt_config {
    size_t size;        /* sizeof(td_umt_config) */
    uint32_t flags;     /* TD_UMT_* init flags */
    void *memory;       /* the workspace, or NULL for none */
    size_t memory_size; /* at least TD_UMT_WORKSPACE_MIN */
    int mode;           /* enum td_umt_mode */
} td_umt_config;

/* Prepare a decoder. The workspace, when there is one, is memory_size
 * bytes, 8-byte aligned, that outlive the decoder. After a few bytes where
 * the decoder notes how it uses the rest (48 on x86-64), a quarter holds
 * batches of exec.offsets and of exec.prev_next.column pairs read ahead
 * (8192 records at most), a quarter the state of each thread's chain in
 * VALIDATE (32 bytes a thread: with more threads than fit, chains are
 * walked after the records as without a workspace), half a cache of
 * instruction summaries (16 bytes each) for TD_UMT_SKIP_INSTRUCTIONS. The
 * events and errors do not depend on the workspace; only the requests do.
 * The CLI gives 2 MiB: room for 16383 threads and 32768 summaries.
 * A NULL config is every setting 0: DECODE, no flags, no workspace.
 * Returns TD_OK, TD_E_INVALID_ARGUMENT (NULL decoder, cfg->size below
 * sizeof(td_umt_config), unknown mode or flag, both string layouts)
 * or TD_E_BAD_CONFIG (a workspace below TD_UMT_WORKSPACE_MIN bytes or not
 * 8-byte aligned). */
int td_umt_init(td_umt_decoder *d, const td_umt_config *cfg);

/* Start again from the beginning with the same config. Returns TD_OK or
 * TD_E_INVALID_ARGUMENT (NULL decoder). */
int td_umt_reset(td_umt_decoder *d);

/* The next event: TD_EVENT, TD_NEED_INPUT (see td_umt_request), TD_END or
 * an error, sticky until reset: TD_E_TRUNCATED, every TD_E_UMT_*,
 * TD_E_TAGSCAN_* (trace.xml), TD_E_INVALID_ARGUMENT (NULL decoder or
 * event). Pointers in *ev (names, values, payload data, paths, reasons)
 * stay valid until the next call on the decoder.
 *
 * Event order. TRACE first (DECODE, VALIDATE). VALIDATE then gives each
 * table (TABLE then its rows: modules, threads, address ranges,
 * instructions, syscalls) and trace.xml. Then each execution record:
 *   RECORD; for an instruction INSTRUCTION, DECODED, the disassembly
 *   (STRING + BYTES), then each slot (SLOT + BYTES); for a syscall entry,
 *   exit or skipped exit with an ID, SYSCALL + SYSCALL_ARGs; for a record
 *   with a register context, CONTEXT, its REGISTERs (present in the map for
 *   the record's bitness) and its MEMORYs (each + BYTES).
 * VALIDATE ends with a CHAIN per thread. A WARNING follows what it is
 * about. STREAM gives TRACE-less RECORDs, each + BYTES of its data. */
int td_umt_next(td_umt_decoder *d, td_umt_event *ev);

/* request, feed, fault: as every decoder's (tracedec.h, THE DECODER
 * CONTRACT). The request names a file (rq->source); feed answers it with at
 * least min_len bytes unless the file ends there. feed returns TD_OK,
 * TD_E_INVALID_ARGUMENT (NULL decoder), TD_E_PROTOCOL (no request
 * outstanding, NULL data with len > 0) or the sticky error; request and
 * fault return no error. */
const td_request *td_umt_request(const td_umt_decoder *d);
int td_umt_feed(td_umt_decoder *d, const void *data, size_t len);
const td_fault *td_umt_fault(const td_umt_decoder *d);

/* The file (enum td_umt_file) the sticky error's offset is in; 0 while
 * healthy. Returns no error. */
uint32_t td_umt_fault_file(const td_umt_decoder *d);

/* The string layout in use (enum td_umt_layout). Returns no error. */
int td_umt_layout(const td_umt_decoder *d);

#ifdef __cplusplus
}
#endif

#endif /* TRACEDEC_UMT_H */
