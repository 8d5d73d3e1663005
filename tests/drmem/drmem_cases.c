/*
 * drmem_cases.c - the encoder-built drmemtrace cases (see drmem_cases.h).
 * Names say what a case is: drmem-v5-branches is valid; bad-... breaks one
 * rule.
 */
#include "drmem_cases.h"
#include "drmem_records.h"
#include "golden.h"
#include "harness.h"
#include "tracedec.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
    READ = 0, WRITE = 1, INSTR = 10, DIRECT_JUMP = 11, INDIRECT_JUMP = 12,
    CONDITIONAL = 13, DIRECT_CALL = 14, INDIRECT_CALL = 15, RETURN = 16,
    BUNDLE = 17, NO_FETCH = 29, TAKEN = 48, UNTAKEN = 49, ENCODING = 47,
    HEADER = 25, THREAD = 22, PID = 24, FOOTER = 26, MARKER = 28,
    M_KERNEL_EVENT = 0, M_TIMESTAMP = 2, M_CPU = 3, M_FUNC_ID = 4,
    M_FUNC_ARG = 6, M_FUNC_RETVAL = 7, M_SPLIT = 8, M_VERSION = 12,
    M_PHYS = 15, M_VIRT = 17, M_SYSCALL = 25, M_BLOCKING = 26,
    M_TRACE_START = 27, M_TRACE_END = 28, M_BRANCH_TARGET = 29,
    M_CORE_IDLE = 33, M_SIGNAL = 40
};

#define X86_64 0x40u
#define FT_ENCODINGS 0x200u
#define FT_TEMPLATES 0x4000u
#define FT_CORE_SHARDED 0x10000u

static const uint8_t mov7[7] = {0x48, 0xc7, 0xc3, 0x10, 0x00, 0x00, 0x00};
static const uint8_t lea8[8] = {0x48, 0x8d, 0x34, 0x25, 0x00, 0x20, 0x40,
                                0x00};
static const uint8_t jnz2[2] = {0x75, 0xd9};
static const uint8_t ret1[1] = {0xc3};

static void body_v1(denc *e)
{
    denc_instr(e, INSTR, 0x400110, 4, NULL);
    denc_instr(e, INSTR, 0x400114, 1, NULL);
    denc_memref(e, WRITE, 0x7fff413f5be8, 8);
    denc_instr(e, CONDITIONAL, 0x400115, 2, NULL);
    denc_instr(e, DIRECT_CALL, 0x400200, 5, NULL);
    denc_memref(e, READ, 0x7fff413f5c28, 4);
    denc_instr(e, RETURN, 0x400205, 1, NULL);
}

static void v1_12(denc *e)
{
    denc_init(e, 12);
    denc_header(e, 1, 0, 21548, 21548, 0);
    body_v1(e);
    denc_exit(e, 21548);
}

static void v1_8(denc *e)
{
    denc_init(e, 8);
    denc_header(e, 1, 0, 21548, 21548, 0);
    body_v1(e);
    denc_exit(e, 21548);
}

static void v4_encodings(denc *e)
{
    denc_init(e, 12);
    denc_header(e, 4, X86_64 | FT_ENCODINGS, 7, 7, 0);
    denc_instr(e, INSTR, 0x401004, 7, mov7);
    denc_instr(e, INSTR, 0x40100b, 8, lea8);
    denc_memref(e, READ, 0x402000, 8);
    denc_instr(e, CONDITIONAL, 0x401013, 2, jnz2);
    denc_instr(e, INSTR, 0x401004, 7, NULL); /* repeated: no encoding */
    denc_instr(e, NO_FETCH, 0x401004, 7, NULL);
    denc_exit(e, 7);
}

static void v5_branches(denc *e)
{
    denc_init(e, 12);
    denc_header(e, 5, X86_64 | FT_ENCODINGS, 8, 8, 0);
    denc_instr(e, TAKEN, 0x401030, 2, jnz2);
    denc_instr(e, UNTAKEN, 0x401030, 2, NULL);
    denc_record(e, ENCODING, 1, 0xc3, false);
    denc_marker(e, M_BRANCH_TARGET, 0x401000);
    e->visible--; /* the branch target is hidden */
    denc_instr(e, RETURN, 0x401040, 1, NULL);
    denc_marker(e, M_BRANCH_TARGET, 0x402000);
    e->visible--;
    denc_instr(e, INDIRECT_CALL, 0x401000, 1, ret1);
    denc_exit(e, 8);
}

static void v7_markers(denc *e)
{
    denc_init(e, 12);
    denc_header(e, 7, X86_64, 9, 9, 0);
    denc_marker(e, M_FUNC_ID, 0x100000000ull + 202);
    denc_marker(e, M_FUNC_RETVAL, (uint64_t)-4);
    denc_instr(e, INSTR, 0x401000, 2, NULL);
    denc_timestamp_cpu(e, 13000000000000100ull, 4);
    denc_marker(e, M_SYSCALL, 1);
    denc_marker(e, M_BLOCKING, 0);
    denc_marker(e, M_FUNC_ARG, 3);
    denc_marker(e, M_KERNEL_EVENT, 0x401002);
    denc_marker(e, M_SIGNAL, 26);
    denc_marker(e, M_PHYS, 0x12345678);
    denc_marker(e, M_VIRT, 0x7fff5678);
    denc_marker(e, 47, 1);  /* unknown: a warning */
    denc_marker(e, 100, 5); /* a user marker */
    denc_exit(e, 9);
}

static void chunked(denc *e)
{
    int i;
    denc_init(e, 12);
    denc_header(e, 6, X86_64 | FT_ENCODINGS, 10, 10, 3);
    for (i = 0; i < 3; i++)
        denc_instr(e, INSTR, 0x401004 + 7 * (uint64_t)i, 7, mov7);
    denc_memref(e, READ, 0x1000, 8);
    denc_chunk(e, 0);
    for (i = 0; i < 3; i++)
        denc_instr(e, INSTR, 0x401004 + 7 * (uint64_t)i, 7, mov7);
    denc_chunk(e, 1);
    denc_instr(e, INSTR, 0x401004, 7, mov7);
    denc_exit(e, 10);
}

static void templates(denc *e)
{
    denc_init(e, 12);
    denc_header(e, 7, X86_64 | FT_ENCODINGS | FT_TEMPLATES, 1, 1, 0);
    denc_marker(e, M_TRACE_START, 11);
    denc_instr(e, INSTR, 0xdeadbe00, 1, ret1);
    denc_marker(e, M_TRACE_END, 11);
    denc_marker(e, 21, 0); /* the first member's CHUNK_FOOTER */
    denc_member(e);
    denc_header(e, 7, X86_64 | FT_ENCODINGS | FT_TEMPLATES, 1, 1, 0);
    denc_marker(e, M_TRACE_START, 14);
    denc_instr(e, INSTR, 0xdeadbe00, 1, ret1);
    denc_marker(e, M_TRACE_END, 14);
    denc_exit(e, 1);
}

static void core_sharded(denc *e)
{
    uint64_t ft = X86_64 | FT_CORE_SHARDED;
    denc_init(e, 12);
    denc_header(e, 7, ft, 100, 99, 0);
    denc_instr(e, INSTR, 0x1000, 2, NULL);
    denc_exit(e, 100);
    denc_marker(e, M_CORE_IDLE, 0);
    denc_marker(e, M_CORE_IDLE, 0);
    denc_header(e, 7, ft, 101, 99, 0);
    denc_instr(e, INSTR, 0x2000, 2, NULL);
    denc_record(e, THREAD, 0, 102, false); /* switched in */
    denc_record(e, PID, 0, 99, false);
    denc_instr(e, INSTR, 0x3000, 2, NULL);
    denc_record(e, FOOTER, 0, 0, false);
}

static void legacy_interleaved(denc *e)
{
    denc_init(e, 12);
    denc_header(e, 1, 0, 50, 49, 0);
    denc_instr(e, INSTR, 0x1000, 2, NULL);
    denc_record(e, THREAD, 4, 51, false);
    denc_timestamp_cpu(e, 13000000000000001ull, 1);
    denc_instr(e, INSTR, 0x2000, 2, NULL);
    denc_record(e, THREAD, 4, 50, false);
    denc_instr(e, INSTR, 0x1002, 2, NULL);
    denc_exit(e, 50);
}

static void no_thread_exit(denc *e)
{
    denc_init(e, 12);
    denc_header(e, 7, X86_64, 3, 3, 0);
    denc_instr(e, INSTR, 0x1000, 2, NULL);
    denc_record(e, FOOTER, 0, 0, false);
}

/* ---- one case per check ----------------------------------------------- */

/* A valid v7 preamble; the body comes from the case. */
static void v7(denc *e)
{
    denc_init(e, 12);
    denc_header(e, 7, X86_64 | FT_ENCODINGS, 5, 5, 0);
}

/* The v7 preamble and the case's records. */
static void v7_steps(const drmem_case *c, denc *e)
{
    unsigned i;
    v7(e);
    for (i = 0; i < DRMEM_STEPS && c->steps[i].what != STEP_NONE; i++) {
        const drmem_step *k = &c->steps[i];
        switch (k->what) {
        case STEP_MARK:
            denc_mark(e);
            break;
        case STEP_RECORD:
        case STEP_HIDDEN:
            denc_record(e, k->type, k->size, k->value,
                        k->what == STEP_RECORD);
            break;
        case STEP_MARKER:
            denc_marker(e, k->type, k->value);
            break;
        case STEP_INSTR:
            denc_instr(e, k->type, k->value, k->size, k->bytes);
            break;
        case STEP_MEMREF:
            denc_memref(e, k->type, k->value, k->size);
            break;
        default:
            denc_exit(e, (int64_t)k->value);
            break;
        }
    }
}

void drmem_case_build(const drmem_case *c, denc *e)
{
    if (c->build != NULL)
        c->build(e);
    else
        v7_steps(c, e);
}

static void bad_first_record(denc *e)
{
    denc_init(e, 12);
    denc_mark(e);
    denc_record(e, THREAD, 4, 1, false);
    denc_exit(e, 1);
}

static void bad_version(denc *e)
{
    denc_init(e, 12);
    denc_mark(e);
    denc_record(e, HEADER, 0, 8, false);
}

static void bad_version_marker(denc *e)
{
    denc_init(e, 12);
    denc_record(e, HEADER, 0, 7, false);
    denc_mark(e);
    denc_marker(e, M_VERSION, 6);
}

static void bad_pid_before_thread(denc *e)
{
    denc_init(e, 12);
    denc_record(e, HEADER, 0, 1, false);
    denc_mark(e);
    denc_record(e, PID, 4, 1, false);
}

static void bad_instr_in_preamble(denc *e)
{
    denc_init(e, 12);
    denc_record(e, HEADER, 0, 1, false);
    denc_record(e, THREAD, 4, 1, false);
    denc_mark(e);
    denc_instr(e, INSTR, 0x1000, 2, NULL);
}

static void bad_missing_filetype(denc *e)
{
    denc_init(e, 12);
    denc_record(e, HEADER, 0, 5, false);
    denc_marker(e, M_VERSION, 5);
    denc_record(e, THREAD, 4, 1, false);
    denc_mark(e);
    denc_record(e, PID, 4, 1, false);
}

static void bad_two_archs(denc *e)
{
    denc_init(e, 12);
    denc_record(e, HEADER, 0, 7, false);
    denc_marker(e, M_VERSION, 7);
    denc_mark(e);
    denc_marker(e, 9, 0x60);
}

static void bad_taken_in_v4(denc *e)
{
    denc_init(e, 12);
    denc_header(e, 4, X86_64, 5, 5, 0);
    denc_mark(e);
    denc_instr(e, TAKEN, 0x1000, 2, NULL);
}

static void bad_conditional_in_v5(denc *e)
{
    denc_init(e, 12);
    denc_header(e, 5, X86_64, 5, 5, 0);
    denc_mark(e);
    denc_instr(e, CONDITIONAL, 0x1000, 2, NULL);
}

static void bad_partial_record(denc *e)
{
    v7(e);
    denc_exit(e, 5);
    e->len -= 5;
    e->mark = e->len - 7;
}

static void bad_chunk_missing_footer(denc *e)
{
    denc_init(e, 12);
    denc_header(e, 6, X86_64, 10, 10, 3);
    denc_instr(e, INSTR, 0x1000, 2, NULL);
    denc_mark(e);
    denc_member(e);
    denc_instr(e, INSTR, 0x1000, 2, NULL);
    denc_exit(e, 10);
}

static void bad_chunk_footer_index(denc *e)
{
    int i;
    denc_init(e, 12);
    denc_header(e, 6, X86_64, 10, 10, 3);
    for (i = 0; i < 3; i++)
        denc_instr(e, INSTR, 0x1000, 2, NULL);
    denc_mark(e);
    denc_chunk(e, 1);
    denc_exit(e, 10);
}

static void bad_chunk_count(denc *e)
{
    denc_init(e, 12);
    denc_header(e, 6, X86_64, 10, 10, 3);
    denc_instr(e, INSTR, 0x1000, 2, NULL);
    denc_mark(e);
    denc_chunk(e, 0);
    denc_exit(e, 10);
}

static void bad_chunk_overflow(denc *e)
{
    int i;
    denc_init(e, 12);
    denc_header(e, 6, X86_64, 10, 10, 3);
    for (i = 0; i < 3; i++)
        denc_instr(e, INSTR, 0x1000, 2, NULL);
    denc_mark(e);
    denc_instr(e, INSTR, 0x1000, 2, NULL);
    denc_chunk(e, 0);
    denc_exit(e, 10);
}

static void bad_record_ordinal(denc *e)
{
    int i;
    denc_init(e, 12);
    denc_header(e, 6, X86_64, 10, 10, 3);
    for (i = 0; i < 3; i++)
        denc_instr(e, INSTR, 0x1000, 2, NULL);
    denc_chunk(e, 0);
    e->mark = e->len - 3 * 12;
    e->buf[e->mark + 4] ^= 1; /* the ordinal's value */
    denc_exit(e, 10);
}

static void bad_after_chunk_footer(denc *e)
{
    int i;
    denc_init(e, 12);
    denc_header(e, 6, X86_64, 10, 10, 3);
    for (i = 0; i < 3; i++)
        denc_instr(e, INSTR, 0x1000, 2, NULL);
    denc_marker(e, 21, 0);
    denc_mark(e);
    denc_instr(e, INSTR, 0x1000, 2, NULL);
    denc_member(e);
    denc_exit(e, 10);
}

const drmem_case drmem_cases[] = {
    {"drmem-v1-12-byte", v1_12, TD_END, 0,
     .contains = "instr_conditional_jump"},
    {"drmem-v1-8-byte", v1_8, TD_END, 0, .contains = "+8 thread_exit"},
    {"drmem-v4-encodings", v4_encodings, TD_END, 0,
     .contains = "encoding=488d3425002040"},
    {"drmem-v5-branches", v5_branches, TD_END, 0,
     .contains = "target=0x401000"},
    {"drmem-v7-markers", v7_markers, TD_END, 0,
     .contains = "warning unknown-marker"},
    {"drmem-v6-chunked", chunked, TD_END, 0, .contains = "chunk index=2"},
    {"drmem-templates", templates, TD_END, 0, .contains = "kernel"},
    {"drmem-core-sharded", core_sharded, TD_END, 0, .contains = "tid=102"},
    {"drmem-legacy-interleaved", legacy_interleaved, TD_END, 0,
     .contains = "tid=51"},
    {"drmem-no-thread-exit", no_thread_exit, TD_END, 0,
     .contains = "warning no-thread-exit"},
    {"bad-first-record", bad_first_record, TD_E_DRMEM_HEADER, 0,
     .contains = NULL},
    {"bad-version", bad_version, TD_E_DRMEM_VERSION, 0, .contains = NULL},
    {"bad-version-marker", bad_version_marker, TD_E_DRMEM_VERSION, 0,
     .contains = NULL},
    {"bad-pid-before-thread", bad_pid_before_thread, TD_E_DRMEM_HEADER, 0,
     .contains = NULL},
    {"bad-instr-in-preamble", bad_instr_in_preamble, TD_E_DRMEM_HEADER, 0,
     .contains = NULL},
    {"bad-missing-filetype", bad_missing_filetype, TD_E_DRMEM_FILETYPE, 0,
     .contains = NULL},
    {"bad-two-archs", bad_two_archs, TD_E_DRMEM_FILETYPE, 0, .contains = NULL},
    {"bad-type-50", NULL, TD_E_DRMEM_RECORD_TYPE, 0,
     .steps = {{STEP_MARK, 0, 0, 0, NULL},
               {STEP_RECORD, 50, 0, 0, NULL}}},
    {"bad-bundle", NULL, TD_E_DRMEM_RECORD_TYPE, 0,
     .steps = {{STEP_MARK, 0, 0, 0, NULL},
               {STEP_RECORD, BUNDLE, 0x0304, 2, NULL}}},
    {"bad-encoding-empty", NULL, TD_E_DRMEM_ENCODING, 0,
     .steps = {{STEP_MARK, 0, 0, 0, NULL},
               {STEP_HIDDEN, ENCODING, 0, 0, NULL}}},
    {"bad-encoding-long", NULL, TD_E_DRMEM_ENCODING, 0,
     .steps = {{STEP_HIDDEN, ENCODING, 0, 8, NULL},
               {STEP_HIDDEN, ENCODING, 0, 7, NULL},
               {STEP_MARK, 0, 0, 0, NULL},
               {STEP_HIDDEN, ENCODING, 0, 1, NULL}}},
    {"bad-encoding-mismatch", NULL, TD_E_DRMEM_ENCODING, 0,
     .steps = {{STEP_HIDDEN, ENCODING, 0x123456, 3, NULL},
               {STEP_MARK, 0, 0, 0, NULL},
               {STEP_INSTR, INSTR, 0x1000, 4, NULL}}},
    {"bad-encoding-dangling", NULL, TD_E_DRMEM_ENCODING, 0,
     .steps = {{STEP_HIDDEN, ENCODING, 0x123456, 3, NULL},
               {STEP_MARK, 0, 0, 0, NULL},
               {STEP_MEMREF, READ, 0x1000, 8, NULL}}},
    {"bad-instr-size", NULL, TD_E_DRMEM_SIZE, 0,
     .steps = {{STEP_MARK, 0, 0, 0, NULL},
               {STEP_INSTR, INSTR, 0x1000, 16, NULL}}},
    {"bad-taken-in-v4", bad_taken_in_v4, TD_E_DRMEM_BRANCH, 0,
     .contains = NULL},
    {"bad-conditional-in-v5", bad_conditional_in_v5, TD_E_DRMEM_BRANCH, 0,
     .contains = NULL},
    {"bad-target-before-direct", NULL, TD_E_DRMEM_MARKER, 12,
     .steps = {{STEP_MARKER, M_BRANCH_TARGET, 0x2000, 0, NULL},
               {STEP_MARK, 0, 0, 0, NULL},
               {STEP_INSTR, DIRECT_JUMP, 0x1000, 2, jnz2}}},
    {"bad-indirect-without-target", NULL, TD_E_DRMEM_MARKER, 12,
     .steps = {{STEP_MARK, 0, 0, 0, NULL},
               {STEP_INSTR, RETURN, 0x1000, 1, ret1}}},
    {"bad-timestamp-backwards", NULL, TD_E_DRMEM_TIMESTAMP, 0,
     .steps = {{STEP_MARK, 0, 0, 0, NULL},
               {STEP_MARKER, M_TIMESTAMP, 12000000000000000ull, 0, NULL}}},
    {"bad-raw-only-marker", NULL, TD_E_DRMEM_MARKER, 0,
     .steps = {{STEP_MARK, 0, 0, 0, NULL},
               {STEP_MARKER, M_SPLIT, 1, 0, NULL}}},
    {"bad-virtual-alone", NULL, TD_E_DRMEM_MARKER, 0,
     .steps = {{STEP_MARK, 0, 0, 0, NULL},
               {STEP_MARKER, M_VIRT, 0x7fff5678, 0, NULL}}},
    {"bad-physical-alone", NULL, TD_E_DRMEM_MARKER, 0,
     .steps = {{STEP_MARKER, M_PHYS, 0x12345678, 0, NULL},
               {STEP_MARK, 0, 0, 0, NULL},
               {STEP_INSTR, INSTR, 0x1000, 2, jnz2}}},
    {"bad-page-offsets", NULL, TD_E_DRMEM_MARKER, 0,
     .steps = {{STEP_MARKER, M_PHYS, 0x12345678, 0, NULL},
               {STEP_MARK, 0, 0, 0, NULL},
               {STEP_MARKER, M_VIRT, 0x7fff5679, 0, NULL}}},
    {"bad-signal-alone", NULL, TD_E_DRMEM_MARKER, 0,
     .steps = {{STEP_MARK, 0, 0, 0, NULL},
               {STEP_MARKER, M_SIGNAL, 11, 0, NULL}}},
    {"bad-trace-end-alone", NULL, TD_E_DRMEM_MARKER, 0,
     .steps = {{STEP_MARK, 0, 0, 0, NULL},
               {STEP_MARKER, M_TRACE_END, 11, 0, NULL}}},
    {"bad-trace-nested", NULL, TD_E_DRMEM_MARKER, 0,
     .steps = {{STEP_MARKER, M_TRACE_START, 11, 0, NULL},
               {STEP_MARK, 0, 0, 0, NULL},
               {STEP_MARKER, M_TRACE_START, 12, 0, NULL}}},
    {"bad-exit-other-thread", NULL, TD_E_DRMEM_THREAD, 0,
     .steps = {{STEP_MARK, 0, 0, 0, NULL},
               {STEP_EXIT, 0, 6, 0, NULL}}},
    {"bad-after-footer", NULL, TD_E_DRMEM_END, 0,
     .steps = {{STEP_EXIT, 0, 5, 0, NULL},
               {STEP_MARK, 0, 0, 0, NULL},
               {STEP_INSTR, INSTR, 0x1000, 2, jnz2}}},
    {"bad-no-footer", NULL, TD_E_TRUNCATED, 0,
     .steps = {{STEP_INSTR, INSTR, 0x1000, 2, jnz2},
               {STEP_MARK, 0, 0, 0, NULL}}},
    {"bad-partial-record", bad_partial_record, TD_E_TRUNCATED, 0,
     .contains = NULL},
    {"bad-second-header", NULL, TD_E_DRMEM_HEADER, 0,
     .steps = {{STEP_MARK, 0, 0, 0, NULL},
               {STEP_HIDDEN, HEADER, 7, 0, NULL}}},
    {"bad-chunk-missing-footer", bad_chunk_missing_footer, TD_E_DRMEM_CHUNK, 0,
     .contains = NULL},
    {"bad-chunk-footer-index", bad_chunk_footer_index, TD_E_DRMEM_CHUNK, 0,
     .contains = NULL},
    {"bad-chunk-count", bad_chunk_count, TD_E_DRMEM_CHUNK, 0,
     .contains = NULL},
    {"bad-chunk-overflow", bad_chunk_overflow, TD_E_DRMEM_CHUNK, 0,
     .contains = NULL},
    {"bad-record-ordinal", bad_record_ordinal, TD_E_DRMEM_CHUNK, 0,
     .contains = NULL},
    {"bad-after-chunk-footer", bad_after_chunk_footer, TD_E_DRMEM_CHUNK, 0,
     .contains = NULL},
};

const unsigned drmem_case_count = sizeof drmem_cases / sizeof drmem_cases[0];

unsigned drmem_cases_golden(golden_set *s, bool update)
{
    unsigned i, found = 0;
    for (i = 0; i < drmem_case_count; i++) {
        char file[300];
        unsigned f;
        golden_case *c = golden_find(s, drmem_cases[i].name, &f);
        denc e;
        if (c == NULL)
            continue;
        found++;
        snprintf(file, sizeof file, "%s.trace", drmem_cases[i].name);
        drmem_case_build(&drmem_cases[i], &e);
        golden_check_bytes(s, f, c, file, e.buf, e.len, e.members,
                           e.member_count > 1 ? e.member_count : 0, update);
        denc_free(&e);
    }
    return found;
}

/* --export: the cases into their golden cases and the fuzz seeds (a byte
 * saying whether the case has members, then its bytes). */
int export_drmem_cases(void)
{
    golden_set s = golden_read(DRMEM_CASES);
    unsigned i;
    int rc = drmem_cases_golden(&s, true) == drmem_case_count ? 0 : -1;
    for (i = 0; rc == 0 && i < drmem_case_count; i++) {
        denc e;
        drmem_case_build(&drmem_cases[i], &e);
        rc = golden_write_seed("drmem", drmem_cases[i].name,
                               e.member_count > 1 ? 0x85 : 0x05, e.buf,
                               e.len);
        denc_free(&e);
    }
    golden_save(&s, drmem_record);
    return rc;
}
