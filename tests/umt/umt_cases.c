/*
 * umt_cases.c - see umt_cases.h. Case names say what is wrong. A place
 * {base, mark, index, add} is the base's thing numbered mark + index, then
 * add bytes into it: {AT_RECORD, M_STORE, 0, 4} is the type byte of
 * record #store.
 */
#include "umt_cases.h"
#include "tracedec.h"

#include <string.h>

#define NONE (-1)

/* Thread t's instruction record of turn 0, 1 or 2 in the many-threads
 * trace (each thread's begin comes first, in thread order, then the
 * turns, then the ends), and thread t's end (threads 1 and up). */
#define TURN(n, t) ((int64_t)UMT_MANY_THREADS * (1 + (n)) + (t))
#define END_OF(t) ((int64_t)UMT_MANY_THREADS * 4 - 1 + (t))

/* ---- Places --------------------------------------------------------------
 */

static int64_t mark_value(const uenc *e, const umt_marks *m, int mark)
{
    switch (mark) {
    case M_BEGIN0: return m->begin0;
    case M_STORE: return m->store;
    case M_BEGIN1: return m->begin1;
    case M_PUSH: return m->push;
    case M_ENTRY64: return m->entry64;
    case M_ENTRY32: return m->entry32;
    case M_SKIPPED: return m->skipped;
    case M_APC: return m->apc;
    case M_EXIT_NONE: return m->exit_none;
    case M_NOP: return m->nop;
    case M_END1: return m->end1;
    case M_ENTRY_OPEN: return m->entry_open;
    case M_APP_END: return m->app_end;
    case M_SYS_OPEN: return m->sys_open;
    case M_SYS_ENTRY64: return m->sys_entry64;
    case M_SYS_ENTRY32: return m->sys_entry32;
    case M_RECORDS: return (int64_t)e->record_count;
    default: return 0;
    }
}

/* Where a place is (or what it counts), in `file` for AT_FILE_END. */
static uint64_t place(const uenc *e, const umt_marks *m, int file,
                      umt_place p)
{
    int64_t i = mark_value(e, m, p.mark) + p.index;
    uint64_t extra_at = e->ins_extra_at;
    switch (p.base) {
    case AT_RECORD: return uenc_record_at(e, i) + (uint64_t)p.add;
    case AT_RECORD_SIZE: return uenc_record_size(e, i) + (uint64_t)p.add;
    case AT_OFFSET: return (uint64_t)i * 8 + (uint64_t)p.add;
    case AT_PREV_NEXT: return (uint64_t)i * 16 + (uint64_t)p.add;
    case AT_DECODED: return uenc_ins_decoded_at(e, i) + (uint64_t)p.add;
    case AT_INS_ROW: return uenc_ins_row_at(e, i) + (uint64_t)p.add;
    case AT_DISASM: return uenc_ins_disasm_at(e, i) + (uint64_t)p.add;
    case AT_INS_EXTRA: return extra_at + (uint64_t)p.add;
    case AT_EXTRA_SIZE:
        return ufile_size(&e->f[UF_INS]) - extra_at + (uint64_t)p.add;
    case AT_MODULE_ROW: return uenc_module_row_at(e, i) + (uint64_t)p.add;
    case AT_MODULE_NAME: return e->module_extra_at + (uint64_t)p.add;
    case AT_THREAD_ROW: return uenc_thread_row_at(e, i) + (uint64_t)p.add;
    case AT_THREAD_TABLE: return e->thread_table + (uint64_t)p.add;
    case AT_SYSCALL: return e->syscall_at[i] + (uint64_t)p.add;
    case AT_FILE_END: return ufile_size(&e->f[file]) + (uint64_t)p.add;
    default: return (uint64_t)(i + p.add);
    }
}

/* Do a poke (bytes appended are those the cases were first written with:
 * "x", or counting digits). */
static void apply(uenc *e, const umt_poke *k, uint64_t at, uint64_t value)
{
    static const char digits[16] = "0123456789abcdef";
    const char *grow = value == 1 ? "x" : digits;
    switch (k->width) {
    case 1: uenc_poke8(e, k->file, at, (uint8_t)value); break;
    case 2: uenc_poke16(e, k->file, at, (uint16_t)value); break;
    case 4: uenc_poke32(e, k->file, at, (uint32_t)value); break;
    case 8: uenc_poke64(e, k->file, at, value); break;
    case UMT_CUT: uenc_truncate(e, k->file, at); break;
    case UMT_GROW: uenc_append(e, k->file, grow, (size_t)value); break;
    default: break;
    }
}

/* ---- Changes no table says -----------------------------------------------
 */

static uint64_t find_xml(const uenc *e, const char *what)
{
    const ufile *f = &e->f[UF_XML];
    size_t n = strlen(what), i;
    for (i = 0; i + n <= f->head_len; i++)
        if (memcmp(f->head + i, what, n) == 0)
            return i;
    return 0;
}

static uint64_t xml_mismatch(uenc *e, const umt_marks *m)
{
    uint64_t at = find_xml(e, "</Version></Xed>");
    (void)m;
    uenc_poke8(e, UF_XML, at + 8, 'm');
    return at;
}

static uint64_t xml_syntax(uenc *e, const umt_marks *m)
{
    uint64_t at = find_xml(e, "20130904");
    (void)m;
    uenc_poke8(e, UF_XML, at, '<');
    uenc_poke8(e, UF_XML, at + 1, ' ');
    return at;
}

static uint64_t xml_unclosed(uenc *e, const umt_marks *m)
{
    uint64_t at = find_xml(e, "<App>") + 5;
    (void)m;
    uenc_truncate(e, UF_XML, at);
    return at;
}

static void deep_xml(uenc *e, umt_marks *m)
{
    uenc_options o;
    int i;
    uenc_default_options(&o);
    umt_full_trace_body(e, &o, m);
    e->xml.len = 0;
    for (i = 0; i < 33; i++)
        uenc_xml(e, "<a>");
    uenc_finish(e);
}

static void long_xml(uenc *e, umt_marks *m)
{
    uenc_options o;
    char name[200];
    uenc_default_options(&o);
    umt_full_trace_body(e, &o, m);
    e->xml.len = 0;
    memset(name, 'n', sizeof name);
    name[0] = '<';
    name[130] = '>';
    name[131] = 0;
    uenc_xml(e, "<Top>");
    uenc_xml(e, name);
    uenc_finish(e);
}

static void late_record(uenc *e, umt_marks *m)
{
    uenc_options o;
    uenc_default_options(&o);
    umt_full_trace_body(e, &o, m);
    uenc_rec_ins(e, m->t0, 0, INS_MOV, 9);
    uenc_finish(e);
}

static void many_threads(uenc *e, umt_marks *m)
{
    memset(m, 0, sizeof *m);
    umt_many_threads_trace(e);
}

static void legacy_trace(uenc *e, umt_marks *m)
{
    uenc_options o;
    umt_variant_options("legacy-2013", &o);
    umt_full_trace(e, &o, m);
}

static uint64_t disasm_unterminated(uenc *e, const umt_marks *m)
{
    uint64_t at = uenc_ins_disasm_at(e, 2);
    (void)m;
    uenc_poke8(e, UF_INS, at + 2 + strlen(e->insv[2].disasm), 'x');
    return at;
}

static uint64_t orphan_record(uenc *e, const umt_marks *m)
{
    int64_t after = m->push + 4; /* the syscall instruction */
    uenc_poke64(e, UF_PREV_NEXT, (uint64_t)m->begin1 * 16 + 8,
                (uint64_t)after);
    uenc_poke64(e, UF_PREV_NEXT, (uint64_t)after * 16, (uint64_t)m->begin1);
    uenc_poke64(e, UF_THREAD, uenc_thread_row_at(e, 1) + 32, 11);
    return e->thread_table;
}

#define V TD_UMT_VALIDATE
#define D TD_UMT_DECODE
#define S TD_UMT_STREAM
#define I TD_UMT_INSTRUCTIONS

/* Places in short: a number (an offset or a value), a field of a record,
 * of a decoded instruction, of a row. */
#define NUM(n) {AT_NUMBER, NO_MARK, n, 0}

const umt_case umt_cases[] = {
    /* headers and sizes */
    {"exec-version", TD_E_UMT_VERSION, UF_EXEC_VTABLE, V, 0,
     .pokes = {{4, UF_EXEC_VTABLE, NUM(0), NUM(2)}}},
    {"exec-record-count-negative", TD_E_UMT_HEADER, UF_EXEC_VTABLE, V, 0,
     .pokes = {{8, UF_EXEC_VTABLE, NUM(8), NUM(INT64_MIN)}}},
    {"first-offset-in-header", TD_E_UMT_OFFSETS, UF_EXEC_OFFSETS, V, 0,
     .pokes = {{8, UF_EXEC_OFFSETS, NUM(0), NUM(8)}}},
    {"last-offset-too-small", TD_E_UMT_OFFSETS, UF_EXEC_OFFSETS, V, 0,
     .pokes = {{8, UF_EXEC_OFFSETS, {AT_OFFSET, M_RECORDS, 0, 0},
                {AT_RECORD, NO_MARK, 0, 7}}}},
    {"exec-vtable-short", TD_E_TRUNCATED, UF_EXEC_VTABLE, D, 0,
     .pokes = {{UMT_CUT, UF_EXEC_VTABLE, {AT_FILE_END, NO_MARK, 0, -1},
                NUM(0)}}},
    {"exec-vtable-long", TD_E_UMT_FILE_SIZE, UF_EXEC_VTABLE, V, 0,
     .pokes = {{UMT_GROW, UF_EXEC_VTABLE, {AT_FILE_END, NO_MARK, 0, 0},
                NUM(1)}}},
    {"exec-offsets-long", TD_E_UMT_FILE_SIZE, UF_EXEC_OFFSETS, V, 0,
     .pokes = {{UMT_GROW, UF_EXEC_OFFSETS, {AT_FILE_END, NO_MARK, 0, 0},
                NUM(8)}}},
    {"prev-next-short", TD_E_TRUNCATED, UF_PREV_NEXT, V, 0,
     .pokes = {{UMT_CUT, UF_PREV_NEXT, {AT_PREV_NEXT, M_RECORDS, 0, -1},
                NUM(0)}}},
    {"prev-next-long", TD_E_UMT_FILE_SIZE, UF_PREV_NEXT, V, 0,
     .pokes = {{UMT_GROW, UF_PREV_NEXT, {AT_FILE_END, NO_MARK, 0, 0},
                NUM(1)}}},
    {"ins-header-version", TD_E_UMT_VERSION, UF_INS, V, 0,
     .pokes = {{4, UF_INS, NUM(0), NUM(1)}}},
    {"ins-record-version", TD_E_UMT_VERSION, UF_INS, V, 0,
     .pokes = {{4, UF_INS, NUM(4), NUM(2)}}},
    {"ins-row-size-small", TD_E_UMT_HEADER, UF_INS, D, 0,
     .pokes = {{8, UF_INS, NUM(16), NUM(63)}}},
    {"ins-table-in-header", TD_E_UMT_POINTER, UF_INS, V, 0,
     .pokes = {{8, UF_INS, NUM(24), NUM(40)}}},
    {"ins-row-count-huge", TD_E_UMT_HEADER, UF_INS, V, 0,
     .pokes = {{8, UF_INS, NUM(8), NUM((int64_t)1 << 62)}}},
    {"ins-extra-in-header", TD_E_UMT_POINTER, UF_INS, V, 0,
     .pokes = {{8, UF_INS, NUM(32), NUM(8)}}},
    {"ins-extra-overlaps-table", TD_E_UMT_HEADER, UF_INS, V, 0,
     .pokes = {{8, UF_INS, NUM(32), NUM(48)}}},
    {"ins-extra-size-negative", TD_E_UMT_HEADER, UF_INS, V, 0,
     .pokes = {{8, UF_INS, NUM(40), NUM(INT64_MIN)}}},
    {"ins-extra-past-end", TD_E_TRUNCATED, UF_INS, V, 0,
     .pokes = {{8, UF_INS, NUM(40), {AT_EXTRA_SIZE, NO_MARK, 0, 1}}},
     .error = {AT_INS_EXTRA, NO_MARK, 0, 0}},
    {"thread-table-past-end", TD_E_TRUNCATED, UF_THREAD, V, 0,
     .pokes = {{8, UF_THREAD, NUM(8), NUM(3)}}, .error = NUM(32)},
    {"module-row-size-small", TD_E_UMT_HEADER, UF_MODULE, V, 0,
     .pokes = {{8, UF_MODULE, NUM(16), NUM(47)}}},
    {"module-record-version", TD_E_UMT_VERSION, UF_MODULE, V, 0,
     .pokes = {{4, UF_MODULE, NUM(4), NUM(2)}}},
    {"thread-record-version", TD_E_UMT_VERSION, UF_THREAD, V, 0,
     .pokes = {{4, UF_THREAD, NUM(4), NUM(1)}}},
    {"range-row-size-small", TD_E_UMT_HEADER, UF_ADDRESS, V, 0,
     .pokes = {{8, UF_ADDRESS, NUM(16), NUM(8)}}},
    {"syscall-version", TD_E_UMT_VERSION, UF_SYSCALL_VTABLE, V, 0,
     .pokes = {{4, UF_SYSCALL_VTABLE, NUM(0), NUM(1)}}},
    {"syscall-ids-version", TD_E_UMT_VERSION, UF_SYSCALL_VTABLE, V, 0,
     .pokes = {{4, UF_SYSCALL_VTABLE, NUM(4), NUM(2)}}},
    {"syscall-offsets-long", TD_E_UMT_FILE_SIZE, UF_SYSCALL_OFFSETS, V, 0,
     .pokes = {{UMT_GROW, UF_SYSCALL_OFFSETS, {AT_FILE_END, NO_MARK, 0, 0},
                NUM(16)}}},
    {"syscall-offsets-short", TD_E_TRUNCATED, UF_SYSCALL_OFFSETS, V, 0,
     .pokes = {{UMT_CUT, UF_SYSCALL_OFFSETS, {AT_FILE_END, NO_MARK, 0, -1},
                NUM(0)}}},
    /* the context map: 16 bytes of header, then 512 registers' largest
     * (2 bytes each, from 16), names (16 bytes, from 1040), 32-bit and
     * 64-bit maps (8 bytes, from 9232 and 13328) */
    {"map-elem-count", TD_E_UMT_CONTEXT_MAP, UF_CONTEXT_MAP, V, 0,
     .pokes = {{2, UF_CONTEXT_MAP, NUM(2), NUM(513)}}},
    {"map-long", TD_E_UMT_FILE_SIZE, UF_CONTEXT_MAP, V, 0,
     .pokes = {{UMT_GROW, UF_CONTEXT_MAP, {AT_FILE_END, NO_MARK, 0, 0},
                NUM(1)}}},
    {"map-short", TD_E_TRUNCATED, UF_CONTEXT_MAP, D, 0,
     .pokes = {{UMT_CUT, UF_CONTEXT_MAP, {AT_FILE_END, NO_MARK, 0, -1},
                NUM(0)}},
     .error = NUM(0)},
    {"map-largest", TD_E_UMT_CONTEXT_MAP, UF_CONTEXT_MAP, V, 0,
     .pokes = {{2, UF_CONTEXT_MAP, NUM(16 + 2 * 5), NUM(UREG_COUNT)}}},
    {"map-name-unterminated", TD_E_UMT_CONTEXT_MAP, UF_CONTEXT_MAP, V, 0,
     .pokes = {{8, UF_CONTEXT_MAP, NUM(1040 + 16 * 3),
                NUM(0x4141414141414141)},
               {8, UF_CONTEXT_MAP, NUM(1040 + 16 * 3 + 8),
                NUM(0x4141414141414141)}}},
    {"map-absent-with-size", TD_E_UMT_CONTEXT_MAP, UF_CONTEXT_MAP, V, 0,
     .pokes = {{1, UF_CONTEXT_MAP, NUM(9232 + 8 * UREG_R8 + 2), NUM(4)}},
     .error = NUM(9232 + 8 * UREG_R8)},
    {"map-register-outside-dump", TD_E_UMT_CONTEXT_MAP, UF_CONTEXT_MAP, D,
     0, .pokes = {{2, UF_CONTEXT_MAP, NUM(13328 + 8 * UREG_RAX), NUM(190)}}},
    {"map-eff-largest", TD_E_UMT_CONTEXT_MAP, UF_CONTEXT_MAP, V, 0,
     .pokes = {{2, UF_CONTEXT_MAP, NUM(13328 + 8 * UREG_RAX + 4),
                NUM(0x200)}}},
    /* module, thread and range rows */
    {"module-load-negative", TD_E_UMT_ROW, UF_MODULE, V, 0,
     .pokes = {{8, UF_MODULE, {AT_MODULE_ROW, NO_MARK, 0, 0}, NUM(-5)}}},
    {"module-unload-before-load", TD_E_UMT_ROW, UF_MODULE, V, 0,
     .pokes = {{8, UF_MODULE, {AT_MODULE_ROW, NO_MARK, 1, 8}, NUM(5)},
               {8, UF_MODULE, {AT_MODULE_ROW, NO_MARK, 1, 0}, NUM(10)}}},
    {"module-end-before-start", TD_E_UMT_ROW, UF_MODULE, V, 0,
     .pokes = {{8, UF_MODULE, {AT_MODULE_ROW, NO_MARK, 0, 24},
                NUM(0x1000)}}},
    {"module-name-outside-extra", TD_E_UMT_POINTER, UF_MODULE, V, 0,
     .pokes = {{8, UF_MODULE, {AT_MODULE_ROW, NO_MARK, 0, 32}, NUM(10)}}},
    {"module-name-neither-layout", TD_E_UMT_STRING, UF_MODULE, V, 0,
     .pokes = {{2, UF_MODULE, {AT_MODULE_NAME, NO_MARK, 0, 2}, NUM(0)},
               {1, UF_MODULE, {AT_MODULE_NAME, NO_MARK, 0, 4}, NUM('C')}},
     .error = {AT_MODULE_NAME, NO_MARK, 0, 0}},
    {"module-name-unterminated", TD_E_UMT_STRING, UF_MODULE, V, 0,
     .pokes = {{2, UF_MODULE, {AT_MODULE_NAME, NO_MARK, 0, 2 + 2 * 32},
                NUM('x')}},
     .error = {AT_MODULE_NAME, NO_MARK, 0, 0}},
    {"thread-id", TD_E_UMT_ROW, UF_THREAD, V, 0,
     .pokes = {{4, UF_THREAD, {AT_THREAD_ROW, NO_MARK, 1, 0}, NUM(0)}}},
    {"thread-first", TD_E_UMT_REFERENCE, UF_THREAD, V, 0,
     .pokes = {{8, UF_THREAD, {AT_THREAD_ROW, NO_MARK, 0, 16},
                {AT_NUMBER, M_RECORDS, 0, 0}}}},
    {"thread-last-before-first", TD_E_UMT_REFERENCE, UF_THREAD, V, 0,
     .pokes = {{8, UF_THREAD, {AT_THREAD_ROW, NO_MARK, 1, 24},
                {AT_NUMBER, M_BEGIN1, -1, 0}}}},
    {"thread-count-zero", TD_E_UMT_ROW, UF_THREAD, V, 0,
     .pokes = {{8, UF_THREAD, {AT_THREAD_ROW, NO_MARK, 0, 32}, NUM(0)}}},
    {"thread-count-above-span", TD_E_UMT_ROW, UF_THREAD, V, 0,
     .pokes = {{8, UF_THREAD, {AT_THREAD_ROW, NO_MARK, 0, 32},
                {AT_NUMBER, M_APP_END, 2, 0}}}},
    {"range-first-unaligned", TD_E_UMT_ROW, UF_ADDRESS, V, 0,
     .pokes = {{8, UF_ADDRESS, NUM(32), NUM(0x400001)}}},
    {"range-last-unaligned", TD_E_UMT_ROW, UF_ADDRESS, V, 0,
     .pokes = {{8, UF_ADDRESS, NUM(40), NUM(0x40fffe)}}},
    /* instruction rows and decodedIns: a decoded instruction's operands
     * are 12 bytes each from +8, its slots 12 bytes each from +88 */
    {"ins-id", TD_E_UMT_ROW, UF_INS, V, 0,
     .pokes = {{8, UF_INS, {AT_INS_ROW, NO_MARK, 2, 0}, NUM(7)}}},
    {"ins-type-7", TD_E_UMT_ROW, UF_INS, V, 0,
     .pokes = {{1, UF_INS, {AT_INS_ROW, NO_MARK, 2, 8}, NUM(7)}}},
    {"ins-cs64", TD_E_UMT_ROW, UF_INS, V, 0,
     .pokes = {{1, UF_INS, {AT_INS_ROW, NO_MARK, 2, 9}, NUM(2)}}},
    {"ins-code-size", TD_E_UMT_ROW, UF_INS, D, 0,
     .pokes = {{1, UF_INS, {AT_INS_ROW, NO_MARK, 2, 10}, NUM(16)}}},
    {"ins-module", TD_E_UMT_REFERENCE, UF_INS, V, 0,
     .pokes = {{4, UF_INS, {AT_INS_ROW, NO_MARK, 2, 12}, NUM(2)}}},
    {"ins-disasm-fp", TD_E_UMT_POINTER, UF_INS, V, 0,
     .pokes = {{8, UF_INS, {AT_INS_ROW, NO_MARK, 2, 40},
                {AT_EXTRA_SIZE, NO_MARK, 0, 0}}}},
    {"ins-decoded-fp", TD_E_UMT_POINTER, UF_INS, V, 0,
     .pokes = {{8, UF_INS, {AT_INS_ROW, NO_MARK, 2, 48},
                {AT_EXTRA_SIZE, NO_MARK, 0, -80}}}},
    {"disasm-unterminated", TD_E_UMT_STRING, UF_INS, D, 0,
     .change = disasm_unterminated},
    {"decoded-flags", TD_E_UMT_FLAGS, UF_INS, V, 0,
     .pokes = {{1, UF_INS, {AT_DECODED, NO_MARK, 1, 6}, NUM(0x60)}}},
    {"decoded-exp-count", TD_E_UMT_OPERAND, UF_INS, V, 0,
     .pokes = {{1, UF_INS, {AT_DECODED, NO_MARK, 1, 7}, NUM(5)}}},
    {"decoded-operand-size", TD_E_UMT_DECODED, UF_INS, V, 0,
     .pokes = {{1, UF_INS, {AT_DECODED, NO_MARK, 1, 56}, NUM(3)}}},
    {"decoded-scale", TD_E_UMT_DECODED, UF_INS, V, 0,
     .pokes = {{1, UF_INS, {AT_DECODED, NO_MARK, 2, 65}, NUM(3)}}},
    {"slot-groups", TD_E_UMT_SLOT, UF_INS, V, 0,
     .pokes = {{1, UF_INS, {AT_DECODED, NO_MARK, 1, 60}, NUM(4)}}},
    {"slot-count", TD_E_UMT_SLOT, UF_INS, V, 0,
     .pokes = {{1, UF_INS, {AT_DECODED, NO_MARK, 1, 62}, NUM(254)}}},
    {"slot-phrase-index", TD_E_UMT_SLOT, UF_INS, V, 0,
     .pokes = {{1, UF_INS, {AT_DECODED, NO_MARK, 1, 64}, NUM(9)}}},
    {"slot-addr-width", TD_E_UMT_SLOT, UF_INS, V, 0,
     .pokes = {{1, UF_INS, {AT_DECODED, NO_MARK, 1, 88 + 12 * 2 + 8},
                NUM(3)}}},
    {"slot-memory-without-width", TD_E_UMT_SLOT, UF_INS, D, 0,
     .pokes = {{1, UF_INS, {AT_DECODED, NO_MARK, 1, 88 + 12 * 2 + 8},
                NUM(0)}}},
    {"slot-register-outside-map", TD_E_UMT_SLOT, UF_INS, V, 0,
     .pokes = {{2, UF_INS, {AT_DECODED, NO_MARK, 0, 88}, NUM(0x91)}}},
    {"slot-outside-lc-size", TD_E_UMT_SLOT, UF_INS, V, 0,
     .pokes = {{2, UF_INS, {AT_DECODED, NO_MARK, 0, 88 + 6}, NUM(30)}}},
    {"operand-flags", TD_E_UMT_OPERAND, UF_INS, V, 0,
     .pokes = {{1, UF_INS, {AT_DECODED, NO_MARK, 0, 8 + 4}, NUM(0)}}},
    {"operand-before-na", TD_E_UMT_OPERAND, UF_INS, V, 0,
     .pokes = {{1, UF_INS, {AT_DECODED, NO_MARK, 0, 8 + 12 + 5},
                NUM(0xff)}}},
    {"operand-before-in-after-group", TD_E_UMT_OPERAND, UF_INS, V, 0,
     .pokes = {{1, UF_INS, {AT_DECODED, NO_MARK, 0, 8 + 12 + 5}, NUM(2)}}},
    {"operand-read-only-with-after", TD_E_UMT_OPERAND, UF_INS, V, 0,
     .pokes = {{1, UF_INS, {AT_DECODED, NO_MARK, 0, 8 + 12 + 6}, NUM(2)}}},
    {"operand-after-in-before-group", TD_E_UMT_OPERAND, UF_INS, V, 0,
     .pokes = {{1, UF_INS, {AT_DECODED, NO_MARK, 0, 8 + 6}, NUM(0)}}},
    {"operand-outside-slot", TD_E_UMT_OPERAND, UF_INS, D, 0,
     .pokes = {{2, UF_INS, {AT_DECODED, NO_MARK, 0, 8 + 2}, NUM(8)}},
     .error = {AT_DECODED, NO_MARK, 0, 8 + 7}},
    {"decoded-past-extra", TD_E_UMT_POINTER, UF_INS, V, 0,
     .pokes = {{1, UF_INS, {AT_DECODED, NO_MARK, INS_POP, 62}, NUM(200)}},
     .error = {AT_DECODED, NO_MARK, INS_POP, 0}},
    /* syscall records: syscall.offsets holds an offset and a size each */
    {"syscall-offset-in-header", TD_E_UMT_OFFSETS, UF_SYSCALL_OFFSETS, V, 0,
     .pokes = {{8, UF_SYSCALL_OFFSETS, NUM(0), NUM(8)}}},
    {"syscall-size-small", TD_E_UMT_RECORD_SIZE, UF_SYSCALL_OFFSETS, V, 0,
     .pokes = {{8, UF_SYSCALL_OFFSETS, NUM(8), NUM(63)}}},
    {"syscall-window-past-end", TD_E_TRUNCATED, UF_SYSCALL_VTABLE, V, 0,
     .pokes = {{8, UF_SYSCALL_OFFSETS, NUM(2 * 16 + 8), NUM(1000)}},
     .error = {AT_SYSCALL, NO_MARK, 2, 0}},
    {"syscall-convention", TD_E_UMT_ROW, UF_SYSCALL_VTABLE, V, 0,
     .pokes = {{1, UF_SYSCALL_VTABLE, {AT_SYSCALL, NO_MARK, 0, 4}, NUM(6)}}},
    {"syscall-completed", TD_E_UMT_ROW, UF_SYSCALL_VTABLE, V, 0,
     .pokes = {{1, UF_SYSCALL_VTABLE, {AT_SYSCALL, NO_MARK, 0, 5}, NUM(2)}}},
    {"syscall-begin", TD_E_UMT_REFERENCE, UF_SYSCALL_VTABLE, V, 0,
     .pokes = {{8, UF_SYSCALL_VTABLE, {AT_SYSCALL, NO_MARK, 0, 8},
                {AT_NUMBER, M_RECORDS, 0, 0}}}},
    {"syscall-end-before-begin", TD_E_UMT_REFERENCE, UF_SYSCALL_VTABLE, V, 0,
     .pokes = {{8, UF_SYSCALL_VTABLE, {AT_SYSCALL, NO_MARK, 0, 16},
                NUM(5)}}},
    {"syscall-completed-without-end", TD_E_UMT_SYSCALL, UF_SYSCALL_VTABLE, V,
     0, .pokes = {{1, UF_SYSCALL_VTABLE, {AT_SYSCALL, M_SYS_OPEN, 0, 5},
                   NUM(1)}}},
    {"syscall-args-outside", TD_E_UMT_POINTER, UF_SYSCALL_VTABLE, V, 0,
     .pokes = {{8, UF_SYSCALL_VTABLE, {AT_SYSCALL, NO_MARK, 0, 40},
                NUM(100)}}},
    {"syscall-extras-outside", TD_E_UMT_POINTER, UF_SYSCALL_VTABLE, V, 0,
     .pokes = {{8, UF_SYSCALL_VTABLE, {AT_SYSCALL, NO_MARK, 0, 48},
                NUM(104)}}},
    {"syscall-begin-not-entry", TD_E_UMT_SYSCALL, UF_SYSCALL_VTABLE, V, 0,
     .pokes = {{8, UF_SYSCALL_VTABLE, {AT_SYSCALL, M_SYS_ENTRY32, 0, 8},
                {AT_NUMBER, M_ENTRY64, -1, 0}}}},
    {"syscall-end-not-exit", TD_E_UMT_SYSCALL, UF_SYSCALL_VTABLE, V, 0,
     .pokes = {{8, UF_SYSCALL_VTABLE, {AT_SYSCALL, M_SYS_ENTRY64, 0, 16},
                {AT_NUMBER, M_ENTRY32, 0, 0}}}},
    {"syscall-skipped-but-completed", TD_E_UMT_SYSCALL, UF_SYSCALL_VTABLE, V,
     0, .pokes = {{1, UF_SYSCALL_VTABLE, {AT_SYSCALL, M_SYS_ENTRY32, 0, 5},
                   NUM(1)}},
     .error = {AT_SYSCALL, M_SYS_ENTRY32, 0, 16}},
    {"syscall-entry-names-other", TD_E_UMT_SYSCALL, UF_SYSCALL_VTABLE, D, 0,
     .pokes = {{8, UF_EXEC_VTABLE, {AT_RECORD, M_ENTRY_OPEN, 0, 6},
                {AT_NUMBER, M_SYS_ENTRY32, 0, 0}}},
     .error = {AT_SYSCALL, M_SYS_ENTRY32, 0, 8}},
    /* trace.xml */
    {"xml-end-tag-mismatch", TD_E_TAGSCAN_MISMATCH, UF_XML, V, 0,
     .change = xml_mismatch},
    {"xml-lone-lt", TD_E_TAGSCAN_SYNTAX, UF_XML, V, 0, .change = xml_syntax},
    {"xml-unclosed", TD_E_TRUNCATED, UF_XML, V, 0, .change = xml_unclosed},
    {"xml-too-deep", TD_E_TAGSCAN_LIMIT, UF_XML, V, 0, .error = NUM(32 * 3),
     .build = deep_xml},
    {"xml-path-too-long", TD_E_TAGSCAN_LIMIT, UF_XML, V, 0, .error = NUM(5),
     .build = long_xml},
    /* execution records */
    {"offsets-not-increasing", TD_E_UMT_OFFSETS, UF_EXEC_OFFSETS, V, 0,
     .pokes = {{8, UF_EXEC_OFFSETS, {AT_OFFSET, NO_MARK, 3, 0},
                {AT_RECORD, NO_MARK, 2, 2}}}},
    {"offset-past-end", TD_E_UMT_OFFSETS, UF_EXEC_OFFSETS, D, 0,
     .pokes = {{8, UF_EXEC_OFFSETS, {AT_OFFSET, M_APP_END, 0, 0},
                {AT_RECORD, M_RECORDS, 0, 8}}}},
    {"record-type-7", TD_E_UMT_RECORD_TYPE, UF_EXEC_VTABLE, V, 0,
     .pokes = {{1, UF_EXEC_VTABLE, {AT_RECORD, M_STORE, 0, 4}, NUM(7)}}},
    {"record-type-12", TD_E_UMT_RECORD_TYPE, UF_EXEC_VTABLE, D, 0,
     .pokes = {{1, UF_EXEC_VTABLE, {AT_RECORD, M_STORE, 0, 4}, NUM(12)}}},
    {"record-flags", TD_E_UMT_FLAGS, UF_EXEC_VTABLE, V, 0,
     .pokes = {{1, UF_EXEC_VTABLE, {AT_RECORD, M_END1, 0, 5}, NUM(0x04)}}},
    {"record-too-small", TD_E_UMT_RECORD_SIZE, UF_EXEC_VTABLE, V, 0,
     .pokes = {{1, UF_EXEC_VTABLE, {AT_RECORD, M_END1, 0, 4}, NUM(4)}},
     .error = {AT_RECORD, M_END1, 0, 0}},
    {"record-thread", TD_E_UMT_REFERENCE, UF_EXEC_VTABLE, V, 0,
     .pokes = {{4, UF_EXEC_VTABLE, {AT_RECORD, M_STORE, 0, 0}, NUM(2)}}},
    {"record-ins-id", TD_E_UMT_REFERENCE, UF_EXEC_VTABLE, V, 0,
     .pokes = {{8, UF_EXEC_VTABLE, {AT_RECORD, M_STORE, 0, 6},
                NUM(INS_COUNT)}}},
    {"record-syscall-id", TD_E_UMT_REFERENCE, UF_EXEC_VTABLE, D, 0,
     .pokes = {{8, UF_EXEC_VTABLE, {AT_RECORD, M_SKIPPED, 0, 6}, NUM(3)}}},
    {"record-exit-syscall-id", TD_E_UMT_REFERENCE, UF_EXEC_VTABLE, D, 0,
     .pokes = {{8, UF_EXEC_VTABLE, {AT_RECORD, M_EXIT_NONE, 0, 6},
                NUM(7)}}},
    {"application-end-not-last", TD_E_UMT_SEQUENCE, UF_EXEC_VTABLE, V, 0,
     .error = {AT_RECORD, M_APP_END, 0, 0}, .build = late_record},
    {"instruction-64bit-flag", TD_E_UMT_FLAGS, UF_EXEC_VTABLE, V, 0,
     .pokes = {{1, UF_EXEC_VTABLE, {AT_RECORD, M_STORE, 0, 5}, NUM(0x01)}}},
    {"instruction-record-size", TD_E_UMT_RECORD_SIZE, UF_EXEC_VTABLE, V, 0,
     .pokes = {{8, UF_EXEC_OFFSETS, {AT_OFFSET, M_NOP, 1, 0},
                {AT_RECORD, M_NOP, 1, 1}}},
     .error = {AT_RECORD, M_NOP, 0, 0}},
    {"context-mem-count", TD_E_UMT_RECORD_SIZE, UF_EXEC_VTABLE, V, 0,
     .pokes = {{4, UF_EXEC_VTABLE, {AT_RECORD, M_BEGIN0, 0, 6},
                NUM(0x80000000)}}},
    {"context-regs-in-array", TD_E_UMT_POINTER, UF_EXEC_VTABLE, V, 0,
     .pokes = {{8, UF_EXEC_VTABLE, {AT_RECORD, M_BEGIN0, 0, 6 + 8},
                NUM(16)}}},
    {"context-dump-outside", TD_E_UMT_POINTER, UF_EXEC_VTABLE, D, 0,
     .pokes = {{8, UF_EXEC_VTABLE, {AT_RECORD, M_BEGIN0, 0, 6 + 8},
                {AT_RECORD_SIZE, M_BEGIN0, 0, -6 - 100}}}},
    {"context-data-outside", TD_E_UMT_POINTER, UF_EXEC_VTABLE, V, 0,
     .pokes = {{8, UF_EXEC_VTABLE, {AT_RECORD, M_BEGIN0, 0, 6 + 32},
                NUM(1000)}}},
    /* thread chains */
    {"prev-wrong", TD_E_UMT_PREV_NEXT, UF_PREV_NEXT, V, 0,
     .pokes = {{8, UF_PREV_NEXT, {AT_PREV_NEXT, M_STORE, 0, 0}, NUM(0)}}},
    {"next-not-later", TD_E_UMT_PREV_NEXT, UF_PREV_NEXT, V, 0,
     .pokes = {{8, UF_PREV_NEXT, {AT_PREV_NEXT, M_STORE, 0, 8}, NUM(1)}}},
    {"chain-record-of-other-thread", TD_E_UMT_THREAD, UF_EXEC_VTABLE, V, 0,
     .pokes = {{4, UF_EXEC_VTABLE, {AT_RECORD, M_STORE, 0, 0}, NUM(1)}}},
    {"thread-begin-not-first", TD_E_UMT_SEQUENCE, UF_EXEC_VTABLE, V, 0,
     .pokes = {{1, UF_EXEC_VTABLE, {AT_RECORD, M_APC, 0, 4}, NUM(1)}}},
    {"thread-end-not-last", TD_E_UMT_SEQUENCE, UF_EXEC_VTABLE, V, 0,
     .pokes = {{1, UF_EXEC_VTABLE, {AT_RECORD, M_APC, 0, 4}, NUM(2)}}},
    {"chain-ends-before-last-eid", TD_E_UMT_THREAD, UF_THREAD, V, 0,
     .pokes = {{8, UF_THREAD, {AT_THREAD_ROW, NO_MARK, 0, 24},
                {AT_NUMBER, M_NOP, 0, 0}}}},
    {"interrupted-but-ended", TD_E_UMT_THREAD, UF_THREAD, V, 0,
     .pokes = {{8, UF_THREAD, {AT_THREAD_ROW, NO_MARK, 1, 24}, NUM(NONE)}}},
    {"rec-count-too-small", TD_E_UMT_THREAD, UF_THREAD, V, 0,
     .pokes = {{8, UF_THREAD, {AT_THREAD_ROW, NO_MARK, 0, 32}, NUM(12)}}},
    {"rec-count-too-large", TD_E_UMT_THREAD, UF_THREAD, V, 0,
     .pokes = {{8, UF_THREAD, {AT_THREAD_ROW, NO_MARK, 0, 32}, NUM(14)}}},
    {"orphan-record", TD_E_UMT_THREAD, UF_THREAD, V, 0,
     .change = orphan_record},
    /* many threads: instructions met again (taken in place by the skim)
     * and chains followed during the records */
    {"again-64bit-flag", TD_E_UMT_FLAGS, UF_EXEC_VTABLE, V, 0,
     .pokes = {{1, UF_EXEC_VTABLE, {AT_RECORD, NO_MARK, TURN(2, 10), 5},
                NUM(0x01)}},
     .build = many_threads},
    {"again-record-size", TD_E_UMT_RECORD_SIZE, UF_EXEC_VTABLE, D, 0,
     .pokes = {{8, UF_EXEC_OFFSETS, {AT_OFFSET, NO_MARK, TURN(2, 10) + 1, 0},
                {AT_RECORD, NO_MARK, TURN(2, 10) + 1, 1}}},
     .error = {AT_RECORD, NO_MARK, TURN(2, 10), 0}, .build = many_threads},
    {"again-ins-id", TD_E_UMT_REFERENCE, UF_EXEC_VTABLE, V, 0,
     .pokes = {{8, UF_EXEC_VTABLE, {AT_RECORD, NO_MARK, TURN(2, 10), 6},
                NUM(INS_COUNT)}},
     .build = many_threads},
    /* InsID -1 in a 14-byte window: no summary may match it */
    {"again-ins-id-none", TD_E_UMT_REFERENCE, UF_EXEC_VTABLE, V, 0,
     .pokes = {{8, UF_EXEC_VTABLE, {AT_RECORD, NO_MARK, TURN(2, 10), 6},
                NUM(NONE)},
               {8, UF_EXEC_OFFSETS, {AT_OFFSET, NO_MARK, TURN(2, 10) + 1, 0},
                {AT_RECORD, NO_MARK, TURN(2, 10), 14}}},
     .build = many_threads},
    {"again-thread", TD_E_UMT_REFERENCE, UF_EXEC_VTABLE, D, 0,
     .pokes = {{4, UF_EXEC_VTABLE, {AT_RECORD, NO_MARK, TURN(2, 10), 0},
                NUM(UMT_MANY_THREADS)}},
     .build = many_threads},
    {"again-other-thread", TD_E_UMT_THREAD, UF_EXEC_VTABLE, V,
     TD_UMT_NO_PAYLOADS,
     .pokes = {{4, UF_EXEC_VTABLE, {AT_RECORD, NO_MARK, TURN(2, 10), 0},
                NUM(11)}},
     .build = many_threads},
    /* two broken chains: the first thread's is reported, not the first in
     * the file */
    {"chains-in-thread-order", TD_E_UMT_PREV_NEXT, UF_PREV_NEXT, V, 0,
     .pokes = {{8, UF_PREV_NEXT, {AT_PREV_NEXT, NO_MARK, END_OF(1), 0},
                NUM(0)},
               {8, UF_PREV_NEXT, {AT_PREV_NEXT, NO_MARK, TURN(2, 3), 0},
                NUM(0)}},
     .build = many_threads},
    {"many-rec-count-too-small", TD_E_UMT_THREAD, UF_THREAD, V, 0,
     .pokes = {{8, UF_THREAD, {AT_THREAD_ROW, NO_MARK, 2, 32}, NUM(3)}},
     .build = many_threads},
    /* a record of a group and an offset of the same group are wrong: the
     * group's offsets are checked first ... */
    {"offset-before-its-group", TD_E_UMT_OFFSETS, UF_EXEC_OFFSETS, V, 0,
     .pokes = {{8, UF_EXEC_OFFSETS, {AT_OFFSET, NO_MARK, TURN(0, 4), 0},
                {AT_RECORD, NO_MARK, TURN(0, 3), 0}},
               {1, UF_EXEC_VTABLE, {AT_RECORD, NO_MARK, TURN(0, 1), 4},
                NUM(7)}},
     .build = many_threads},
    /* ... and a record comes before a wrong offset of the next group */
    {"record-before-next-group", TD_E_UMT_RECORD_TYPE, UF_EXEC_VTABLE, D, 0,
     .pokes = {{1, UF_EXEC_VTABLE, {AT_RECORD, NO_MARK, TURN(0, 3), 4},
                NUM(7)},
               {8, UF_EXEC_OFFSETS, {AT_OFFSET, NO_MARK, TURN(0, 6), 0},
                {AT_RECORD, NO_MARK, TURN(0, 5), 0}}},
     .build = many_threads},
    /* warnings: valid traces */
    {"warn-thread-interrupted", TD_END, UF_THREAD, V, 0,
     .pokes = {{8, UF_THREAD, {AT_THREAD_ROW, NO_MARK, 0, 24}, NUM(NONE)}}},
    {"warn-no-application-end", TD_END, UF_EXEC_VTABLE, V, 0,
     .pokes = {{1, UF_EXEC_VTABLE, {AT_RECORD, M_APP_END, 0, 4}, NUM(2)}}},
    /* string layouts */
    {"strings-as-built-read-as-2013", TD_E_UMT_STRING, UF_MODULE, V,
     TD_UMT_STRINGS_2013, .error = {AT_MODULE_NAME, NO_MARK, 0, 0}},
    {"strings-2013-read-as-built", TD_E_UMT_STRING, UF_MODULE, V,
     TD_UMT_STRINGS_AS_BUILT, .error = {AT_MODULE_NAME, NO_MARK, 0, 0},
     .build = legacy_trace},
    {"disasm-as-built-read-as-2013", TD_E_UMT_STRING, UF_INS, I,
     TD_UMT_STRINGS_2013, .error = {AT_DISASM, NO_MARK, 0, 0}},
    /* "abc" in the 2013 layout (a 64-bit length) after as-built strings */
    {"later-string-other-layout", TD_E_UMT_STRING, UF_INS, I, 0,
     .pokes = {{8, UF_INS, {AT_DISASM, NO_MARK, 1, 0}, NUM(3)},
               {4, UF_INS, {AT_DISASM, NO_MARK, 1, 8}, NUM(0x00636261)}}},
    {"string-first-unit-nul", TD_E_UMT_STRING, UF_INS, I, 0,
     .pokes = {{2, UF_INS, {AT_DISASM, NO_MARK, 0, 2}, NUM(0)}},
     .error = {AT_DISASM, NO_MARK, 0, 0}},
    /* stream mode */
    {"stream-window-small", TD_E_UMT_OFFSETS, UF_EXEC_OFFSETS, S, 0,
     .pokes = {{8, UF_EXEC_OFFSETS, {AT_OFFSET, NO_MARK, 2, 0},
                {AT_RECORD, NO_MARK, 1, 5}}}},
    {"stream-record-type-7", TD_E_UMT_RECORD_TYPE, UF_EXEC_VTABLE, S, 0,
     .pokes = {{1, UF_EXEC_VTABLE, {AT_RECORD, M_STORE, 0, 4}, NUM(7)}}},
    {"stream-first-offset-in-header", TD_E_UMT_OFFSETS, UF_EXEC_OFFSETS, S,
     0, .pokes = {{8, UF_EXEC_OFFSETS, NUM(0), NUM(8)}}},
    {"stream-vtable-short", TD_E_TRUNCATED, UF_EXEC_VTABLE, S, 0,
     .pokes = {{UMT_CUT, UF_EXEC_VTABLE, {AT_RECORD, M_APP_END, 0, 3},
                NUM(0)}},
     .error = {AT_RECORD, M_APP_END, 0, 0}},
    {"stream-record-flags", TD_E_UMT_FLAGS, UF_EXEC_VTABLE, S, 0,
     .pokes = {{1, UF_EXEC_VTABLE, {AT_RECORD, M_END1, 0, 5}, NUM(0x04)}}},
};

const unsigned umt_case_count = sizeof umt_cases / sizeof *umt_cases;

uint64_t umt_case_trace(const umt_case *c, uenc *e)
{
    uint64_t at[2], value[2], error;
    umt_marks m;
    uenc_options o;
    int k;
    if (c->build != NULL) {
        c->build(e, &m);
    } else {
        umt_variant_options("as-built-v1", &o);
        umt_full_trace(e, &o, &m);
    }
    if (c->change != NULL)
        return c->change(e, &m);
    for (k = 0; k < 2; k++) {
        at[k] = place(e, &m, c->pokes[k].file, c->pokes[k].at);
        value[k] = place(e, &m, c->pokes[k].file, c->pokes[k].value);
    }
    error = c->error.base == AT_POKE ? at[0]
                                     : place(e, &m, c->file, c->error);
    for (k = 0; k < 2; k++)
        apply(e, &c->pokes[k], at[k], value[k]);
    return error;
}
