/*
 * umt_cases.h - one corrupt UMT trace per check the decoder makes: each
 * case changes a valid trace built with the test encoder and says which
 * error, in which file, at which offset the decoder must report.
 *
 * Most changes are a poke of a field found through the trace's structure
 * (the 4 bytes of record #store's type, a thread row's count, ...), in a
 * table; the few others are functions.
 */
#ifndef TRACEDEC_TEST_UMT_CASES_H
#define TRACEDEC_TEST_UMT_CASES_H

#include "umt_traces.h"

/* What a place is counted from (the index is a mark's value plus a
 * number; see umt_place). */
enum umt_base {
    AT_POKE = 0,   /* (error places only) where the first poke is */
    AT_NUMBER,     /* the index itself: an offset, or a value */
    AT_RECORD,     /* execution record #index in exec.vtable */
    AT_RECORD_SIZE, /* (values) that record's size */
    AT_OFFSET,     /* its entry in exec.offsets */
    AT_PREV_NEXT,  /* its entry in exec.prev_next.column */
    AT_DECODED,    /* instruction #index's decoded instruction (ins.itable) */
    AT_INS_ROW,    /* instruction table row #index */
    AT_DISASM,     /* instruction #index's disassembly string */
    AT_INS_EXTRA,  /* ins.itable's extra area */
    AT_EXTRA_SIZE, /* (values) the size of that area */
    AT_MODULE_ROW, /* module table row #index */
    AT_MODULE_NAME, /* module 0's name: module.itable's extra area */
    AT_THREAD_ROW, /* thread table row #index */
    AT_THREAD_TABLE, /* the thread table */
    AT_SYSCALL,    /* syscall record #index in syscall.vtable */
    AT_FILE_END    /* the end of the file the change is in */
};

/* Marks of the full trace (umt_marks), and the record count. */
enum umt_mark {
    NO_MARK = 0,
    M_BEGIN0, M_STORE, M_BEGIN1, M_PUSH, M_ENTRY64, M_ENTRY32, M_SKIPPED,
    M_APC, M_EXIT_NONE, M_NOP, M_END1, M_ENTRY_OPEN, M_APP_END,
    M_SYS_OPEN, M_SYS_ENTRY64, M_SYS_ENTRY32, M_RECORDS
};

/* base's thing number mark + index, then `add` bytes into it. */
typedef struct umt_place {
    int base;
    int mark;
    int64_t index;
    int64_t add;
} umt_place;

/* Change kinds besides pokes of 1, 2, 4 or 8 bytes. */
enum { UMT_CUT = 16 /* end the file at `at` */,
       UMT_GROW = 17 /* append `value` bytes */ };

/* Poke `width` bytes of `value` at `at` of `file` (little-endian), or cut
 * or grow the file. */
typedef struct umt_poke {
    int width; /* 0: no poke */
    int file;  /* UF_* */
    umt_place at, value;
} umt_poke;

typedef struct umt_case {
    const char *name;
    int code;  /* TD_E_* (or TD_END with a warning) */
    int file;  /* UF_* the error is in */
    int mode;  /* TD_UMT_* */
    uint32_t flags;
    umt_poke pokes[2];
    umt_place error; /* where the error is */
    /* The trace before the change; NULL: the as-built-v1 trace. */
    void (*build)(uenc *e, umt_marks *m);
    /* A change no table says; returns the error's offset. NULL: none. */
    uint64_t (*change)(uenc *e, const umt_marks *m);
} umt_case;

/* Build the case's trace and change it; returns the error's offset. */
uint64_t umt_case_trace(const umt_case *c, uenc *e);

extern const umt_case umt_cases[];
extern const unsigned umt_case_count;

#endif /* TRACEDEC_TEST_UMT_CASES_H */
