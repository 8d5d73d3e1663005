/*
 * drmem_view.c - see drmem_view.h. The record and instruction lines (most
 * of the output) are put together from out.h's pieces; the marker lines
 * with out_printf.
 */
#include "drmem_view.h"
#include "escape.h"

#include <inttypes.h>
#include <string.h>

typedef struct cached_encoding {
    uint8_t len;
    uint8_t bytes[16];
} cached_encoding;

void drmem_view_init(drmem_view *v, out *o)
{
    memset(v, 0, sizeof *v);
    v->o = o;
    v->last_tid = -1;
    u64_map_init(&v->encodings, sizeof(cached_encoding));
    drmem_view_shard(v);
    out_str(o, "Output format:\n<--record#-> <--instr#->: <Wrkld.Tid> "
               "<record details>\n-------------------------------------"
               "-----------------------\n");
}

void drmem_view_serial(drmem_view *v)
{
    v->serial = true;
}

void drmem_view_shard(drmem_view *v)
{
    v->version = -1;
    v->filetype = -1;
    v->header_due = false;
}

/* s, then spaces to `width` columns ("%-12s"). */
static void left(out *o, const char *s, size_t width)
{
    size_t n = strlen(s);
    out_bytes(o, s, n);
    if (n < width)
        out_spaces(o, width - n);
}

/* "%12" PRIu64 "%12" PRIu64 ": %11s " with the record ordinal, the
 * instruction ordinal and "W0.T<tid>". */
static void prefix(drmem_view *v, uint64_t ordinal, const td_drmem_event *ev)
{
    char tid[24];
    size_t n = out_format_i64(tid, ev->tid);
    out_u64_width(v->o, ordinal, 12);
    out_u64_width(v->o, ev->instr_ordinal, 12);
    out_str(v->o, ": ");
    if (4 + n < 11)
        out_spaces(v->o, 11 - 4 - n);
    out_str(v->o, "W0.T");
    out_bytes(v->o, tid, n);
    out_char(v->o, ' ');
}

/* "%-12s%2u byte(s) @ 0x%016" PRIx64 */
static void access(out *o, const char *what, uint32_t size, uint64_t addr)
{
    left(o, what, 12);
    out_u64_width(o, size, 2);
    out_str(o, " byte(s) @ 0x");
    out_hex(o, addr, 16);
}

/* What the view tool says an instruction is, by record type. */
static const char *const instr_descriptions[TD_DRMEM_TYPE_COUNT] = {
    [TD_DRMEM_INSTR] = "non-branch",
    [TD_DRMEM_INSTR_DIRECT_JUMP] = "jump",
    [TD_DRMEM_INSTR_INDIRECT_JUMP] = "indirect jump",
    [TD_DRMEM_INSTR_CONDITIONAL_JUMP] = "conditional jump",
    [TD_DRMEM_INSTR_TAKEN_JUMP] = "taken conditional jump",
    [TD_DRMEM_INSTR_UNTAKEN_JUMP] = "untaken conditional jump",
    [TD_DRMEM_INSTR_DIRECT_CALL] = "call",
    [TD_DRMEM_INSTR_INDIRECT_CALL] = "indirect call",
    [TD_DRMEM_INSTR_RETURN] = "return",
    [TD_DRMEM_INSTR_NO_FETCH] = "non-fetched instruction",
};

/* An instruction type's description; "sysenter" for the others. */
static const char *instr_description(int type)
{
    const char *text = type >= 0 && type < TD_DRMEM_TYPE_COUNT
                           ? instr_descriptions[type]
                           : NULL;
    return text != NULL ? text : "sysenter";
}

/* An ARCH_REGDEPS encoding as the view tool prints it: 4-byte
 * little-endian words in hex, two a line, the rest under the first. */
static void print_regdeps_words(drmem_view *v, const td_drmem_event *ev,
                                const cached_encoding *c)
{
    size_t at;
    for (at = 0; at < c->len; at += 4) {
        const uint8_t *w = c->bytes + at;
        if (at > 0 && at % 8 == 0) {
            out_char(v->o, '\n');
            prefix(v, ev->record_ordinal, ev);
            out_spaces(v->o, 43);
        }
        out_char(v->o, ' ');
        out_hex(v->o, (uint64_t)w[0] | (uint64_t)w[1] << 8 |
                          (uint64_t)w[2] << 16 | (uint64_t)w[3] << 24, 8);
    }
    out_char(v->o, '\n');
}

/* The view tool prints up to 7 bytes beside the disassembly and the rest
 * on a line of their own, under the byte column. */
static int print_bytes(drmem_view *v, const td_drmem_event *ev)
{
    cached_encoding *c = u64_map_get(&v->encodings, ev->instr.pc);
    size_t first;
    if (c == NULL)
        return -1;
    if (ev->instr.encoding_is_new) {
        c->len = ev->instr.encoding_len;
        memcpy(c->bytes, ev->instr.encoding, c->len);
    }
    if ((uint64_t)v->filetype & TD_DRMEM_FILE_ARCH_REGDEPS) {
        print_regdeps_words(v, ev, c);
        return 0;
    }
    first = c->len < 7 ? c->len : 7;
    out_char(v->o, ' ');
    escape_hex(v->o, c->bytes, first, " ");
    out_char(v->o, '\n');
    if (c->len > first) {
        prefix(v, ev->record_ordinal, ev);
        out_spaces(v->o, 44);
        escape_hex(v->o, c->bytes + first, c->len - first, " ");
        out_char(v->o, '\n');
    }
    return 0;
}

static int view_instr(drmem_view *v, const td_drmem_event *ev)
{
    access(v->o, "ifetch", ev->instr.length, ev->instr.pc);
    v->instructions++;
    if (v->filetype == -1 ||
        !((uint64_t)v->filetype & TD_DRMEM_FILE_ENCODINGS)) {
        out_char(v->o, ' ');
        out_str(v->o, instr_description(ev->type));
        out_char(v->o, '\n');
        return 0;
    }
    return print_bytes(v, ev);
}

static const char *memref_name(int type)
{
    static const char *const prefetches[] = {
        "pref", "pref-r-L1", "pref-r-L2", "pref-r-L3", "pref-NTA", "pref-r",
        "pref-w", "pref-i"};
    static const char *const more_prefetches[] = {
        "pref-r-L1-NT", "pref-r-L2-NT", "pref-r-L3-NT", "pref-i-L1",
        "pref-i-L1-NT", "pref-i-L2", "pref-i-L2-NT", "pref-i-L3",
        "pref-i-L3-NT", "pref-w-L1", "pref-w-L1-NT", "pref-w-L2",
        "pref-w-L2-NT", "pref-w-L3", "pref-w-L3-NT"};
    if (type == TD_DRMEM_READ)
        return "read";
    if (type == TD_DRMEM_WRITE)
        return "write";
    if (type == TD_DRMEM_INSTR_FLUSH)
        return "iflush";
    if (type == TD_DRMEM_DATA_FLUSH)
        return "dflush";
    if (type == TD_DRMEM_HARDWARE_PREFETCH)
        return "pref-HW";
    if (type >= TD_DRMEM_PREFETCH && type <= 9)
        return prefetches[type - TD_DRMEM_PREFETCH];
    if (type >= 32 && type <= 46)
        return more_prefetches[type - 32];
    return "unknown";
}

static void view_memref(drmem_view *v, const td_drmem_event *ev)
{
    access(v->o, memref_name(ev->type), ev->memref.size, ev->memref.addr);
    out_str(v->o, " by PC 0x");
    out_hex(v->o, ev->memref.pc, 16);
    out_char(v->o, '\n');
}

/* How the view tool prints most markers: "<marker: TEXT" + the value in
 * decimal or hex (or none) + ">". The others have a case in
 * view_marker(). */
typedef struct marker_text {
    int base;              /* 10, 16, or 0: no value */
    const char *text;      /* NULL: a marker printed otherwise */
} marker_text;

static const marker_text marker_texts[TD_DRMEM_MARKER_COUNT] = {
    [TD_DRMEM_MARKER_INSTRUCTION_COUNT] =
        {10, "instruction count "},
    [TD_DRMEM_MARKER_CACHE_LINE_SIZE] =
        {10, "cache line size "},
    [TD_DRMEM_MARKER_PAGE_SIZE] =
        {10, "page size "},
    [TD_DRMEM_MARKER_CHUNK_INSTR_COUNT] =
        {10, "chunk instruction count "},
    [TD_DRMEM_MARKER_CHUNK_FOOTER] =
        {10, "chunk footer #"},
    [TD_DRMEM_MARKER_SYSCALL_FAILED] =
        {10, "system call failed: "},
    [TD_DRMEM_MARKER_SYSCALL] =
        {10, "system call "},
    [TD_DRMEM_MARKER_DIRECT_THREAD_SWITCH] =
        {10, "direct switch to thread "},
    [TD_DRMEM_MARKER_WINDOW_ID] =
        {10, "window "},
    [TD_DRMEM_MARKER_SYSCALL_TRACE_START] =
        {10, "trace start for system call number "},
    [TD_DRMEM_MARKER_SYSCALL_TRACE_END] =
        {10, "trace end for system call number "},
    [TD_DRMEM_MARKER_CONTEXT_SWITCH_START] =
        {10, "trace start for context switch type "},
    [TD_DRMEM_MARKER_CONTEXT_SWITCH_END] =
        {10, "trace end for context switch type "},
    [TD_DRMEM_MARKER_TIMESTAMP] =
        {10, "timestamp "},
    [TD_DRMEM_MARKER_SIGNAL_NUMBER] =
        {10, "signal #"},
    [TD_DRMEM_MARKER_RSEQ_ENTRY] =
        {16, "rseq entry with end at 0x"},
    [TD_DRMEM_MARKER_PHYSICAL_ADDRESS] =
        {16, "physical address for following virtual: 0x"},
    [TD_DRMEM_MARKER_VIRTUAL_ADDRESS] =
        {16, "virtual address for prior physical: 0x"},
    [TD_DRMEM_MARKER_PHYSICAL_ADDRESS_NOT_AVAILABLE] =
        {16, "physical address not available for 0x"},
    [TD_DRMEM_MARKER_FUNC_RETADDR] =
        {16, "function return address 0x"},
    [TD_DRMEM_MARKER_FUNC_ARG] =
        {16, "function argument 0x"},
    [TD_DRMEM_MARKER_FUNC_RETVAL] =
        {16, "function return value 0x"},
    [TD_DRMEM_MARKER_RECORD_ORDINAL] =
        {16, "record ordinal 0x"},
    [TD_DRMEM_MARKER_BRANCH_TARGET] =
        {16, "indirect branch target 0x"},
    [TD_DRMEM_MARKER_MAYBE_BLOCKING_SYSCALL] =
        {0, "maybe-blocking system call"},
    [TD_DRMEM_MARKER_FILTER_ENDPOINT] =
        {0, "filter endpoint"},
    [TD_DRMEM_MARKER_CORE_WAIT] =
        {0, "wait for another core"},
    [TD_DRMEM_MARKER_CORE_IDLE] =
        {0, "core is idle"},
};

/* The marker's entry of marker_texts, or NULL. */
static const marker_text *marker_text_of(int type)
{
    if (type < 0 || type >= TD_DRMEM_MARKER_COUNT ||
        marker_texts[type].text == NULL)
        return NULL;
    return &marker_texts[type];
}

static void print_marker_text(out *o, const marker_text *m, uint64_t value)
{
    out_str(o, "<marker: ");
    out_str(o, m->text);
    if (m->base == 10)
        out_u64(o, value);
    else if (m->base == 16)
        out_hex(o, value, 1);
    out_str(o, ">\n");
}

/* Kernel and rseq transfers: "<marker: WHAT from 0xPC[ to handler]>",
 * where traces before version 3 give an offset in the module. */
static void view_kernel_marker(drmem_view *v, const td_drmem_event *ev)
{
    int type = ev->marker.type;
    bool legacy = v->version <= 2 && type != TD_DRMEM_MARKER_RSEQ_ABORT;
    const char *what = type == TD_DRMEM_MARKER_KERNEL_EVENT ? "kernel xfer"
                       : type == TD_DRMEM_MARKER_KERNEL_XFER ? "syscall xfer"
                                                             : "rseq abort";
    out_str(v->o, "<marker: ");
    out_str(v->o, what);
    out_field_hex(v->o, legacy ? " from module offset +0x" : " from 0x",
                  ev->marker.value);
    out_str(v->o, type == TD_DRMEM_MARKER_KERNEL_XFER ? ">\n"
                                                      : " to handler>\n");
}

static void view_marker(drmem_view *v, const td_drmem_event *ev)
{
    const uint64_t syscall_base = 0x100000000ull;
    const marker_text *m = marker_text_of(ev->marker.type);
    int type = ev->marker.type;
    uint64_t value = ev->marker.value;
    if (m != NULL)
        print_marker_text(v->o, m, value);
    else if (type == TD_DRMEM_MARKER_CPU_ID)
        out_printf(v->o, "<marker: W0.T%" PRId64 " on core %" PRIu64 ">\n",
                   ev->tid, value);
    else if (type == TD_DRMEM_MARKER_FUNC_ID && value >= syscall_base)
        out_printf(v->o, "<marker: function==syscall #%" PRIu64 ">\n",
                   value - syscall_base);
    else if (type == TD_DRMEM_MARKER_FUNC_ID)
        out_printf(v->o, "<marker: function #%" PRIu64 ">\n", value);
    else if (type == TD_DRMEM_MARKER_KERNEL_EVENT ||
             type == TD_DRMEM_MARKER_KERNEL_XFER ||
             type == TD_DRMEM_MARKER_RSEQ_ABORT)
        view_kernel_marker(v, ev);
    else if (type == TD_DRMEM_MARKER_VECTOR_LENGTH)
        out_printf(v->o, "<marker: vector length %" PRIu64 " bytes>\n",
                   value);
    else
        out_printf(v->o, "<marker: type %d; value %" PRIu64 ">\n", type,
                   value);
}

/* VERSION and FILETYPE are printed once the thread is known. */
static bool delayed_header(drmem_view *v, const td_drmem_event *ev)
{
    if (ev->marker.type == TD_DRMEM_MARKER_VERSION) {
        v->version = (int64_t)ev->marker.value;
        v->version_ordinal = ev->record_ordinal;
        v->header_due = true;
        return true;
    }
    if (ev->marker.type == TD_DRMEM_MARKER_FILETYPE) {
        v->filetype = (int64_t)ev->marker.value;
        v->filetype_ordinal = ev->record_ordinal;
        v->header_due = true;
        return true;
    }
    return false;
}

/* In a serial stream, the line of dashes DynamoRIO's view prints where
 * the thread changes. */
static void thread_switch(drmem_view *v, int64_t tid)
{
    if (!v->serial || tid == -1)
        return;
    if (v->last_tid != -1 && tid != v->last_tid)
        out_str(v->o, "------------------------------------------------------"
                      "------\n");
    v->last_tid = tid;
}

static void print_delayed_header(drmem_view *v, const td_drmem_event *ev)
{
    v->header_due = false;
    thread_switch(v, ev->tid);
    if (v->version != -1) {
        prefix(v, v->version_ordinal, ev);
        out_field_i64(v->o, "<marker: version ", v->version);
        out_str(v->o, ">\n");
    }
    if (v->filetype != -1) {
        prefix(v, v->filetype_ordinal, ev);
        out_field_hex(v->o, "<marker: filetype 0x", (uint64_t)v->filetype);
        out_str(v->o, ">\n");
    }
}

int drmem_view_event(drmem_view *v, const td_drmem_event *ev)
{
    if (ev->flags & TD_DRMEM_HIDDEN)
        return 0;
    if (ev->kind == TD_DRMEM_EV_MARKER && delayed_header(v, ev))
        return 0;
    if (v->header_due && ev->tid != -1)
        print_delayed_header(v, ev);
    if (ev->kind != TD_DRMEM_EV_INSTR && ev->kind != TD_DRMEM_EV_MEMREF &&
        ev->kind != TD_DRMEM_EV_MARKER && ev->kind != TD_DRMEM_EV_THREAD_EXIT)
        return 0;
    thread_switch(v, ev->tid);
    prefix(v, ev->record_ordinal, ev);
    if (ev->kind == TD_DRMEM_EV_INSTR)
        return view_instr(v, ev);
    if (ev->kind == TD_DRMEM_EV_MEMREF) {
        view_memref(v, ev);
    } else if (ev->kind == TD_DRMEM_EV_MARKER) {
        view_marker(v, ev);
    } else {
        out_field_i64(v->o, "<thread W0.T", ev->tid);
        out_str(v->o, " exited>\n");
    }
    return 0;
}

void drmem_view_finish(drmem_view *v)
{
    out_str(v->o, "View tool results:\n");
    out_u64_width(v->o, v->instructions, 15);
    out_str(v->o, " : total instructions\n");
    drmem_view_free(v);
}

void drmem_view_free(drmem_view *v)
{
    u64_map_free(&v->encodings);
}
