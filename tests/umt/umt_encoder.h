/*
 * umt_encoder.h - a UMTracer/UMTIndex trace writer for tests, written from
 * the format documents and independent of the decoder: it builds the eleven
 * files of a trace directory in memory from descriptions (instructions,
 * modules, threads, execution records of every type, syscalls, address
 * ranges, trace.xml), in either string layout, either exec version and
 * either instruction record version, with 48- or 64-byte module rows and
 * 40- or 48-byte thread rows, and with the records, extra areas and syscall
 * records placed past 4 GiB when asked (the files are then sparse: a hole,
 * then the bytes).
 *
 * It links with nothing but libc, so tests/tools/umt_bigtrace.c can use it
 * too.
 */
#ifndef TRACEDEC_TEST_UMT_ENCODER_H
#define TRACEDEC_TEST_UMT_ENCODER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum {
    UF_EXEC_VTABLE = 0,
    UF_EXEC_OFFSETS,
    UF_PREV_NEXT,
    UF_INS,
    UF_SYSCALL_VTABLE,
    UF_SYSCALL_OFFSETS,
    UF_MODULE,
    UF_THREAD,
    UF_CONTEXT_MAP,
    UF_ADDRESS,
    UF_XML,
    UF_COUNT
};

extern const char *const uenc_file_names[UF_COUNT];

/* A file: `head` bytes from offset 0 and, when far_at is not 0, `far`
 * bytes from far_at (zeros between: a hole). */
typedef struct ufile {
    uint8_t *head;
    size_t head_len, head_cap;
    uint64_t far_at;
    uint8_t *far;
    size_t far_len, far_cap;
} ufile;

uint64_t ufile_size(const ufile *f);
/* Byte at a logical offset (0 in the hole). */
uint8_t ufile_byte(const ufile *f, uint64_t at);
/* Copy [at, at + n) into out (n must fit in the file). */
void ufile_read(const ufile *f, uint64_t at, uint8_t *out, size_t n);

enum { UENC_AS_BUILT = 0, UENC_2013 = 1 };

typedef struct uenc_options {
    int layout;             /* UENC_AS_BUILT or UENC_2013 */
    unsigned exec_version;  /* 0 or 1 */
    unsigned ins_version;   /* 0 or 1 */
    unsigned ids_version;   /* syscall UnifiedIDsVer: 0 or 1 */
    unsigned ins_row;       /* insRec RowSize: 64 or more */
    unsigned module_row;    /* 48 or 64 */
    unsigned thread_row;    /* 40 or 48 */
    uint64_t far;           /* 0, or where exec records, extra areas and
                               syscall records start (e.g. 5 GiB) */
    bool share_strings;     /* identical disassembly strings and decoded
                               instructions are written once */
    bool syscalls_reversed; /* syscall records stored last ID first */
    bool no_prev_next;      /* keep no exec.prev_next.column in memory
                               (the caller writes it: uenc_flush_records) */
} uenc_options;

void uenc_default_options(uenc_options *o);

/* ---- Instructions ------------------------------------------------------- */
#define UENC_MAX_SLOTS 24

enum {
    UREG_MEM0 = 0xffff,
    UREG_MEM1 = 0xfffe,
    UREG_AGEN = 0xfffd,
    UREG_STACKPUSH = 0x7d,
    UREG_STACKPOP = 0x7e
};
/* Registers of the encoder's context map (XED-like numbers). */
enum {
    UREG_RAX = 1,
    UREG_RCX,
    UREG_RDX,
    UREG_RBX,
    UREG_RSP,
    UREG_RBP,
    UREG_RSI,
    UREG_RDI,
    UREG_R8,
    UREG_R9,
    UREG_RIP = 20,
    UREG_RFLAGS,
    UREG_EAX = 30,
    UREG_ECX,
    UREG_EDX,
    UREG_EBX,
    UREG_ESP,
    UREG_EBP,
    UREG_ESI,
    UREG_EDI,
    UREG_EIP = 40,
    UREG_EFLAGS,
    UREG_AX = 50,
    UREG_AL = 60,
    UREG_AH = 61,
    UREG_XMM0 = 70,
    UREG_XMM1,
    UREG_FS_BASE = 0x86,
    UREG_GS_BASE = 0x87,
    UREG_COUNT = 0x90
};

typedef struct uslot {
    uint16_t reg, largest, value_size;
    uint8_t addr_width;
} uslot;

typedef struct uoper {
    uint16_t reg, size;
    uint8_t flags, before, after, before_off, after_off;
} uoper;

typedef struct uins {
    uint8_t type, cs64, code_size;
    uint8_t code[15];
    int32_t module;
    uint64_t address;
    const char *disasm;
    uint16_t category, mnemonic, form;
    uint8_t flags, exp_count, eff_oper, eff_addr;
    uoper ops[4];
    uint8_t first_out, first_after, lc_count;
    uint8_t mem0_seg, mem0_base, mem0_scale, mem0_index, mem1_base;
    uint64_t consts[2];
    uslot slots[UENC_MAX_SLOTS];
} uins;

/* A plain register-to-register instruction to start from: `mov eax, ebx`
 * (slots: ebx before, eax after). */
void uins_init(uins *u, uint64_t address, int32_t module);

/* ---- Register contexts ---------------------------------------------------
 */
typedef struct umem {
    uint64_t address;
    uint64_t size;
} umem;

typedef struct uctx {
    unsigned mem_count;
    umem mem[4];
    uint8_t seed; /* the dump's and the data's byte pattern */
} uctx;

/* ---- Syscalls ------------------------------------------------------------
 */
typedef struct usys {
    uint16_t raw, uniform;
    uint8_t convention;
    uint8_t arg_count, extra_count;
    uint64_t args[16];
    uint64_t before_sp, result;
} usys;

/* ---- The trace ------------------------------------------------------------
 */
#define UENC_MAX_THREADS 48
#define UENC_MAX_SYSCALLS 64

typedef struct uthread {
    int32_t win_tid;
    uint64_t tib;
    int64_t first, last, count; /* filled as records are added */
    bool interrupted;           /* write LastEID -1 */
} uthread;

typedef struct usyscall {
    usys d;
    int64_t begin, end;
    uint8_t completed;
} usyscall;

typedef struct ubuf {
    uint8_t *data;
    size_t len, cap;
} ubuf;

typedef struct uenc {
    uenc_options o;
    ufile f[UF_COUNT];
    /* collected before uenc_finish */
    ubuf ins_rows, ins_extra, module_rows, module_extra, ranges, records,
        offsets, prev_next, xml;
    uint64_t ins_count, module_count, range_count, record_count;
    uins *insv;                       /* every instruction's description */
    uint64_t *decoded_fp, *disasm_fp; /* relative to ExtraFP */
    size_t ins_cap;
    uint64_t flushed; /* record bytes already written out */
    uthread threads[UENC_MAX_THREADS];
    unsigned thread_count;
    usyscall syscalls[UENC_MAX_SYSCALLS];
    unsigned syscall_count;
    /* where things are once finished (logical offsets) */
    uint64_t rec_base; /* exec.vtable offset of the first record */
    uint64_t ins_table, ins_extra_at, module_table, module_extra_at;
    uint64_t syscall_at[UENC_MAX_SYSCALLS];
    uint64_t thread_table, range_table;
    bool finished;
} uenc;

void uenc_init(uenc *e, const uenc_options *o);
void uenc_free(uenc *e);

int32_t uenc_module(uenc *e, uint64_t start, uint64_t end,
                    const char *win_name, const char *device_name);
/* An instruction row; returns its InsID. */
int64_t uenc_instruction(uenc *e, const uins *u);
int32_t uenc_thread(uenc *e, int32_t win_tid, uint64_t tib);
void uenc_range(uenc *e, uint64_t first, uint64_t last);
void uenc_xml(uenc *e, const char *text);

/* Execution records; each returns its EID. Values and dumps are
 * deterministic byte patterns from `seed`. */
int64_t uenc_rec_ins(uenc *e, int32_t thread, uint8_t flags, int64_t ins,
                     uint8_t seed);
int64_t uenc_rec_thread_begin(uenc *e, int32_t thread, uint8_t flags,
                              const uctx *c);
int64_t uenc_rec_thread_end(uenc *e, int32_t thread, int32_t code);
int64_t uenc_rec_app_end(uenc *e, int32_t thread, int32_t code);
/* A syscall entry record and its syscall record (BeginEID); *id is the
 * syscall's ID. */
int64_t uenc_rec_syscall_entry(uenc *e, int32_t thread, uint8_t flags,
                               const usys *s, const uctx *c, int64_t *id);
/* id -1: an exit without entry. */
int64_t uenc_rec_syscall_exit(uenc *e, int32_t thread, uint8_t flags,
                              int64_t id, uint64_t result, const uctx *c);
int64_t uenc_rec_syscall_skipped(uenc *e, int32_t thread, int64_t id);
/* type 8..11 */
int64_t uenc_rec_context(uenc *e, int32_t thread, uint8_t type, uint8_t flags,
                         const uctx *c);
/* A record of any bytes after the 6-byte header. */
int64_t uenc_rec_raw(uenc *e, int32_t thread, uint8_t type, uint8_t flags,
                     const uint8_t *data, size_t len);

/* Lay out and write every file. */
void uenc_finish(uenc *e);

/* For traces too big for memory (tests/tools/umt_bigtrace.c): append the
 * records added so far to exec.vtable and their offsets to exec.offsets
 * (both open for writing at their ends; records start at offset 16) and
 * forget them. Returns 0 or -1. */
int uenc_flush_records(uenc *e, int vtable_fd, int offsets_fd);
/* Lay out every file but the three exec files. */
void uenc_finish_tables(uenc *e);

/* Patch a finished file (little-endian). */
void uenc_poke8(uenc *e, int file, uint64_t at, uint8_t v);
void uenc_poke16(uenc *e, int file, uint64_t at, uint16_t v);
void uenc_poke32(uenc *e, int file, uint64_t at, uint32_t v);
void uenc_poke64(uenc *e, int file, uint64_t at, uint64_t v);
/* Cut a finished file to `size` bytes (size within its head, or its far
 * part). */
void uenc_truncate(uenc *e, int file, uint64_t size);
/* Append bytes to a finished file. */
void uenc_append(uenc *e, int file, const void *data, size_t len);

/* Where record `eid` starts in exec.vtable, and its size. */
uint64_t uenc_record_at(const uenc *e, int64_t eid);
uint64_t uenc_record_size(const uenc *e, int64_t eid);
/* Where instruction `id`'s row and decodedIns are in ins.itable. */
uint64_t uenc_ins_row_at(const uenc *e, int64_t id);
uint64_t uenc_ins_decoded_at(const uenc *e, int64_t id);
uint64_t uenc_ins_disasm_at(const uenc *e, int64_t id);
uint64_t uenc_module_row_at(const uenc *e, int32_t id);
uint64_t uenc_thread_row_at(const uenc *e, int32_t id);

/* Write the files into directory `dir` (created); holes stay holes.
 * Returns 0 or -1. */
int uenc_write_dir(const uenc *e, const char *dir);

/* Bytes shared with the generator: the context map (17424 bytes) and an
 * rmContext's size for a context description. */
#define UENC_DUMP_SIZE 192
void uenc_context_map(uint8_t out[17424]);

#endif /* TRACEDEC_TEST_UMT_ENCODER_H */
