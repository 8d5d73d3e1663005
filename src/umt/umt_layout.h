/*
 * umt_layout.h - the byte layouts of a UMT trace's fixed structures: the
 * size of each, the offset of every field the decoder reads, and one
 * reader for each structure that more than one step reads: into the
 * event that reports it where there is one, so that no copy of the
 * structure takes stack.
 *
 * Every field is little-endian and packed. Offsets are from the start of
 * the structure; "i64" fields are signed on disk but read as uint64_t, -1
 * being UMT_NONE. A reader takes bytes the caller has fetched whole (and,
 * for an execution record, checked with tdi_umt_check_record).
 */
#ifndef TDI_UMT_LAYOUT_H
#define TDI_UMT_LAYOUT_H

#include "../common/bytes.h"
#include "../common/mem.h"
#include "tracedec/umt.h"

/* ---- Sizes ----------------------------------------------------------- */
#define EXEC_HEADER_SIZE 16u   /* exec.vtable and syscall.vtable */
#define TABLE_HEADER_SIZE 32u  /* thread.itable, address_space.itable */
#define EXTRA_HEADER_SIZE 48u  /* with ExtraFP and ExtraSize: ins, module */
#define RECORD_HEADER_SIZE 6u  /* execRec: ThreadID, Type, Flags */
#define INS_ROW_SIZE 64u       /* insRec */
#define DECODED_SIZE 88u       /* decodedIns, before its lcSlots */
#define LC_SLOT_SIZE 12u
#define EXP_OPER_SIZE 12u
#define MODULE_ROW_SIZE 48u
#define THREAD_ROW_SIZE 40u
#define RANGE_ROW_SIZE 16u
#define SYSCALL_ROW_SIZE 64u   /* syscallRec */
#define CONTEXT_HEAD_SIZE 16u  /* rmContext before its contextMem array */
#define CONTEXT_MEM_SIZE 24u
#define CONTEXT_MAP_SIZE 17424u
#define PAGE 4096u

/* ---- File headers ------------------------------------------------------
 * exec.vtable and syscall.vtable: u32 Version (syscall.vtable: HeaderVer),
 * u32 (syscall.vtable: UnifiedIDsVer), i64 RecordCount. The fixed-size
 * tables: the fields below; ExtraFP and ExtraSize only in 48-byte headers. */
#define HEAD_VERSION 0         /* u32 Version, HeaderVer */
#define HEAD_RECORD_VERSION 4  /* u32 RecordVer, UnifiedIDsVer */
#define HEAD_ROWS 8            /* i64 RowCount, RecordCount */
#define HEAD_ROW_SIZE 16       /* i64 RowSize */
#define HEAD_TABLE_FP 24       /* i64 TableFP */
#define HEAD_EXTRA_FP 32       /* i64 ExtraFP */
#define HEAD_EXTRA_SIZE 40     /* i64 ExtraSize */

/* ---- execRec: the header of every execution record ----------------------
 * and the field after it that most types have (umt_record_types.c lists
 * what each type holds). */
#define REC_THREAD 0    /* u32 ThreadID, a row of thread.itable */
#define REC_TYPE 4      /* u8 Type, enum td_umt_record_type */
#define REC_FLAGS 5     /* u8 Flags, TD_UMT_FLAG_* */
#define REC_REF 6       /* i64 InsID (instructions) or SyscallID (syscalls) */
#define REC_EXIT_CODE 6 /* i32 ExitCode (thread end, application end) */
#define REC_FIXED_SIZE 14u /* the header and REC_REF: an instruction's
                              LCSIZE bytes of operand values follow */

/* Types whose REC_REF is an InsID or a SyscallID. */
static inline bool umt_type_has_ref(int type)
{
    return type == TD_UMT_INSTRUCTION ||
           (type >= TD_UMT_SYSCALL_ENTRY && type <= TD_UMT_SYSCALL_SKIPPED);
}

/* The header and the field after it into a RECORD event's .record (all
 * but exec_version). */
static inline void umt_read_record(const uint8_t *p, td_umt_event *ev)
{
    uint8_t type = p[REC_TYPE];
    ev->record.type = type;
    ev->record.flags = p[REC_FLAGS];
    ev->record.thread = tdi_as_i32(tdi_le32(p + REC_THREAD));
    ev->record.ref =
        umt_type_has_ref(type) ? (int64_t)tdi_le64(p + REC_REF) : 0;
    ev->record.exit_code =
        type == TD_UMT_THREAD_END || type == TD_UMT_APPLICATION_END
            ? tdi_as_i32(tdi_le32(p + REC_EXIT_CODE))
            : 0;
}

/* ---- threadRec (thread.itable) ------------------------------------------ */
#define THREAD_ID 0         /* i32 ID, the row's number */
#define THREAD_WIN_TID 4    /* i32 the Windows thread ID */
#define THREAD_TIB 8        /* u64 thread information block */
#define THREAD_FIRST_EID 16 /* i64 its first record */
#define THREAD_LAST_EID 24  /* i64 its last record, -1: none */
#define THREAD_REC_COUNT 32 /* i64 records on its chain */

typedef struct umt_thread_row {
    uint32_t id;
    int32_t win_tid;
    uint64_t tib, first, last, count;
} umt_thread_row;

static inline void umt_read_thread_row(const uint8_t *p, umt_thread_row *r)
{
    r->id = tdi_le32(p + THREAD_ID);
    r->win_tid = tdi_as_i32(tdi_le32(p + THREAD_WIN_TID));
    r->tib = tdi_le64(p + THREAD_TIB);
    r->first = tdi_le64(p + THREAD_FIRST_EID);
    r->last = tdi_le64(p + THREAD_LAST_EID);
    r->count = tdi_le64(p + THREAD_REC_COUNT);
}

/* ---- moduleRec (module.itable) ------------------------------------------ */
#define MODULE_LOAD_EID 0     /* i64 */
#define MODULE_UNLOAD_EID 8   /* i64, -1: never unloaded */
#define MODULE_START 16       /* u64 StartAddr */
#define MODULE_END 24         /* u64 EndAddr */
#define MODULE_WIN_NAME 32    /* i64 WinNameFP, a uStr in the extra area */
#define MODULE_DEVICE_NAME 40 /* i64 DeviceNameFP, likewise */

/* ---- address range (address_space.itable) ------------------------------- */
#define RANGE_FIRST 0 /* u64, a multiple of 4 kB */
#define RANGE_LAST 8  /* u64, one less than a multiple of 4 kB */

/* ---- insRec (ins.itable) ------------------------------------------------ */
#define INS_ID 0          /* i64, the row's number */
#define INS_TYPE 8        /* u8 0..6, 8, 9 */
#define INS_CS64 9        /* u8 CSis64Bits */
#define INS_CODE_SIZE 10  /* u8 1..15 */
#define INS_MODULE 12     /* i32 ModuleID, -1: none */
#define INS_ADDRESS 16    /* u64 */
#define INS_CODE 24       /* 15 bytes */
#define INS_DISASM_FP 40  /* i64 into the extra area: a cStr */
#define INS_DECODED_FP 48 /* i64 into the extra area: a decodedIns */

/* The row into an INSTRUCTION event's .instruction (cs64 as a bool:
 * whether CSis64Bits is 0 or 1 is the caller's check). */
static inline void umt_read_instruction(const uint8_t *p, td_umt_event *ev)
{
    ev->instruction.id = (int64_t)tdi_le64(p + INS_ID);
    ev->instruction.type = p[INS_TYPE];
    ev->instruction.cs64 = p[INS_CS64] != 0;
    ev->instruction.code_size = p[INS_CODE_SIZE];
    memcpy(ev->instruction.code, p + INS_CODE, 15);
    ev->instruction.module = tdi_as_i32(tdi_le32(p + INS_MODULE));
    ev->instruction.address = tdi_le64(p + INS_ADDRESS);
    ev->instruction.disasm_fp = tdi_le64(p + INS_DISASM_FP);
    ev->instruction.decoded_fp = tdi_le64(p + INS_DECODED_FP);
}

/* ---- decodedIns, its expOpers and its lcSlots ------------------------ */
#define DEC_CATEGORY 0         /* u16 */
#define DEC_MNEMONIC 2         /* u16 */
#define DEC_FORM 4             /* u16 */
#define DEC_FLAGS 6            /* u8 */
#define DEC_EXP_COUNT 7        /* u8 explicit operands, 0..4 */
#define DEC_OPERANDS 8         /* 4 expOper */
#define DEC_EFF_OPERAND_SIZE 56 /* u8 2, 4 or 8 */
#define DEC_EFF_ADDRESS_SIZE 57 /* u8 2, 4 or 8 */
#define DEC_LC_SIZE 58         /* u16 LCSIZE: operand value bytes */
#define DEC_FIRST_OUT 60       /* u8 FirstOutSlot */
#define DEC_FIRST_AFTER 61     /* u8 FirstAfterSlot */
#define DEC_LC_COUNT 62        /* u8 LCCount: lcSlots after the 88 bytes */
#define DEC_MEM0_SEG 63        /* u8 slot indices of the memory phrases */
#define DEC_MEM0_BASE 64
#define DEC_MEM0_SCALE 65      /* u8 0, 1, 2, 4 or 8 */
#define DEC_MEM0_INDEX 66
#define DEC_MEM1_BASE 67
#define DEC_CONST_SLOTS 72     /* 2 u64 */

#define OPER_REG 0           /* u16 RegName */
#define OPER_SIZE 2          /* u16 */
#define OPER_FLAGS 4         /* u8 1 read, 2 written */
#define OPER_BEFORE_SLOT 5   /* u8 */
#define OPER_AFTER_SLOT 6    /* u8 */
#define OPER_BEFORE_OFFSET 7 /* u8 inside the before slot's value */
#define OPER_AFTER_OFFSET 8  /* u8 inside the after slot's value */

#define SLOT_REG 0        /* u16 RegName */
#define SLOT_LARGEST 2    /* u16 */
#define SLOT_VALUE_SIZE 4 /* u16 */
#define SLOT_OFFSET 6     /* u16 in the record's LCSIZE bytes */
#define SLOT_ADDR_WIDTH 8 /* u8 0, 2, 4 or 8 */

/* ---- syscallRec (syscall.vtable) --------------------------------------- */
#define SYS_RAW_ID 0      /* u16 */
#define SYS_UNIFORM_ID 2  /* u16 */
#define SYS_CONVENTION 4  /* u8 0..5 */
#define SYS_COMPLETED 5   /* u8 0 or 1 */
#define SYS_ARG_COUNT 6   /* u8 */
#define SYS_EXTRA_COUNT 7 /* u8 */
#define SYS_BEGIN_EID 8   /* i64 its entry record */
#define SYS_END_EID 16    /* i64 its exit record, -1: none */
#define SYS_BEFORE_SP 24  /* u64 */
#define SYS_RESULT 32     /* u64 */
#define SYS_ARGS_FP 40    /* i64 from the record: ArgCount u64 */
#define SYS_EXTRAS_FP 48  /* i64 from the record */

/* The record, found at `at` in syscall.vtable, into a SYSCALL event's
 * .syscall (all but id); its FPs become absolute offsets. */
static inline void umt_read_syscall(const uint8_t *p, uint64_t at,
                                    td_umt_event *ev)
{
    ev->syscall.raw_id = tdi_le16(p + SYS_RAW_ID);
    ev->syscall.uniform_id = tdi_le16(p + SYS_UNIFORM_ID);
    ev->syscall.convention = p[SYS_CONVENTION];
    ev->syscall.completed = p[SYS_COMPLETED];
    ev->syscall.arg_count = p[SYS_ARG_COUNT];
    ev->syscall.extra_count = p[SYS_EXTRA_COUNT];
    ev->syscall.begin_eid = (int64_t)tdi_le64(p + SYS_BEGIN_EID);
    ev->syscall.end_eid = (int64_t)tdi_le64(p + SYS_END_EID);
    ev->syscall.before_sp = tdi_le64(p + SYS_BEFORE_SP);
    ev->syscall.result = tdi_le64(p + SYS_RESULT);
    ev->syscall.args_offset = at + tdi_le64(p + SYS_ARGS_FP);
    ev->syscall.extras_offset = at + tdi_le64(p + SYS_EXTRAS_FP);
}

/* ---- rmContext and contextMem ------------------------------------------ */
#define CONTEXT_MEM_COUNT 0 /* i32 MemCount, then 4 bytes of padding */
#define CONTEXT_REGS_FP 8   /* i64 from the rmContext: the register dump */
#define MEM_ADDRESS 0       /* i64 */
#define MEM_SIZE 8          /* i64 */
#define MEM_DATA_FP 16      /* i64 from the rmContext */

/* ---- context_map.itable (no table header) ------------------------------ */
#define MAP_DUMP_SIZE 0      /* u16 DumpSize */
#define MAP_ELEM_COUNT 2     /* u16 ElemCount, at most 512 */
#define MAP_LARGEST 16       /* 512 u16 Largest */
#define MAP_NAMES 1040u      /* 512 names of 16 bytes */
#define MAP_REGMAP32 9232u   /* 512 regInfo */
#define MAP_REGMAP64 13328u  /* 512 regInfo */
#define MAP_ENTRIES 512u
#define MAP_NAME_SIZE 16u
#define MAP_INFO_SIZE 8u     /* regInfo: */
#define INFO_OFFSET 0        /*   u16 in the dump, 0xffff: absent */
#define INFO_SIZE 2          /*   u8, 0 when absent */
#define INFO_EFF_LARGEST 4   /*   u16 */

#endif /* TDI_UMT_LAYOUT_H */
