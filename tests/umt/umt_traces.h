/*
 * umt_traces.h - valid UMT traces built with the test encoder: one with
 * every record type, instruction shape and table (in every combination of
 * versions and layouts), one with a 1 MiB memory dump, one past 4 GiB.
 */
#ifndef TRACEDEC_TEST_UMT_TRACES_H
#define TRACEDEC_TEST_UMT_TRACES_H

#include "umt_encoder.h"

/* Instructions of the full trace, by InsID. */
enum {
    INS_MOV = 0,   /* mov eax, ebx */
    INS_STORE,     /* mov dword ptr [eax], ecx (MEM0) */
    INS_LEA,       /* lea eax, [ebx + ecx*2 + 8] (AGEN) */
    INS_PUSH,      /* push rbp (64-bit, STACKPUSH) */
    INS_FXSAVE,    /* fxsave [eax] (512-byte MEM0) */
    INS_MOVSD,     /* movsd (MEM0 and MEM1) */
    INS_MOV_AL_AH, /* mov al, ah (BeforeOffset 1) */
    INS_JZ,        /* jz (a constant operand) */
    INS_SYSCALL,   /* syscall (64-bit) */
    INS_NOP,       /* nop (type 8) */
    INS_POP,       /* pop rbp (64-bit, STACKPOP) */
    INS_COUNT
};

/* Where the interesting records of the full trace are. */
typedef struct umt_marks {
    int64_t begin0, store, fxsave, begin1, push, jz, entry64, exit64, entry32,
        skipped, apc, exception, callback, unknown, exit_none, nop, end1,
        entry_open, app_end;
    int64_t sys_entry64, sys_entry32, sys_open;
    int32_t t0, t1;
} umt_marks;

/* The two modules and the INS_COUNT instructions of the full trace. */
void umt_trace_instructions(uenc *e);

/* The full trace (finished), with the given options. */
void umt_full_trace(uenc *e, const uenc_options *o, umt_marks *m);

/* Its instructions, records and tables without uenc_finish, for cases
 * that add records of their own. */
void umt_full_trace_body(uenc *e, const uenc_options *o, umt_marks *m);

/* The same trace with options for each named variant ("as-built-v1",
 * "legacy-2013", ...); returns false for an unknown name. */
bool umt_variant_options(const char *name, uenc_options *o);
extern const char *const umt_variants[];
extern const unsigned umt_variant_count;

/* A trace whose one context record holds a 1 MiB memory dump. */
void umt_big_dump_trace(uenc *e);

/* The full trace with its records, extra areas and syscall records past
 * 4 GiB (sparse files). */
void umt_far_trace(uenc *e);

/* UMT_MANY_THREADS threads taking turns, more than the smallest workspace
 * has chain states for. */
#define UMT_MANY_THREADS 40
void umt_many_threads_trace(uenc *e);

#define UMT_TRACE_XML                                                         \
    "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"                            \
    "<Xed><Version>20130904</Version></Xed>\n"                                \
    "<UMTracer><Exec><SyscallTable><Version>1</Version></SyscallTable>"       \
    "</Exec></UMTracer>\n"                                                    \
    "<App><ProcessID>4242</ProcessID></App>\n"                                \
    "<!-- several top-level elements -->\n"                                   \
    "<TraceMetaData><CPU><HasXMM>1</HasXMM><HasYMM>0</HasYMM>"                \
    "<HasZMM>0</HasZMM></CPU><OS Kind=\"nt\"><Id>61</Id>"                     \
    "<Name>Windows 7</Name></OS><Pin><Version>2.13-65163</Version>"           \
    "<CommandLine>app.exe -x \"a b\"</CommandLine>"                           \
    "<WorkingDirectory>C:\\work</WorkingDirectory></Pin><Empty/>"             \
    "</TraceMetaData>\n"

#endif /* TRACEDEC_TEST_UMT_TRACES_H */
