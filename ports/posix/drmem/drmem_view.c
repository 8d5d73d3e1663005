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
    uint8_t bytes[15];
} cached_encoding;

void drmem_view_init(drmem_view *v, out *o)
{
    memset(v, 0, sizeof *v);
    v->o = o;
    u64_map_init(&v->encodings, sizeof(cached_encoding));
    drmem_view_shard(v);
    out_str(o, "Output format:\n<--record#-> <--instr#->: <Wrkld.Tid> "
               "<record details>\n-------------------------------------"
               "-----------------------\n");
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

static const char *instr_description(int type)
{
    switch (type) {
    case TD_DRMEM_INSTR:
        return "non-branch";
    case TD_DRMEM_INSTR_DIRECT_JUMP:
        return "jump";
    case TD_DRMEM_INSTR_INDIRECT_JUMP:
        return "indirect jump";
    case TD_DRMEM_INSTR_CONDITIONAL_JUMP:
        return "conditional jump";
    case TD_DRMEM_INSTR_TAKEN_JUMP:
        return "taken conditional jump";
    case TD_DRMEM_INSTR_UNTAKEN_JUMP:
        return "untaken conditional jump";
    case TD_DRMEM_INSTR_DIRECT_CALL:
        return "call";
    case TD_DRMEM_INSTR_INDIRECT_CALL:
        return "indirect call";
    case TD_DRMEM_INSTR_RETURN:
        return "return";
    case TD_DRMEM_INSTR_NO_FETCH:
        return "non-fetched instruction";
    default:
        return "sysenter";
    }
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

/* Markers whose text is "<marker: TEXT VALUE>" with a decimal value. */
static const char *decimal_marker(int type)
{
    switch (type) {
    case TD_DRMEM_MARKER_INSTRUCTION_COUNT:
        return "instruction count ";
    case TD_DRMEM_MARKER_CACHE_LINE_SIZE:
        return "cache line size ";
    case TD_DRMEM_MARKER_PAGE_SIZE:
        return "page size ";
    case TD_DRMEM_MARKER_CHUNK_INSTR_COUNT:
        return "chunk instruction count ";
    case TD_DRMEM_MARKER_CHUNK_FOOTER:
        return "chunk footer #";
    case TD_DRMEM_MARKER_SYSCALL_FAILED:
        return "system call failed: ";
    case TD_DRMEM_MARKER_SYSCALL:
        return "system call ";
    case TD_DRMEM_MARKER_DIRECT_THREAD_SWITCH:
        return "direct switch to thread ";
    case TD_DRMEM_MARKER_WINDOW_ID:
        return "window ";
    case TD_DRMEM_MARKER_SYSCALL_TRACE_START:
        return "trace start for system call number ";
    case TD_DRMEM_MARKER_SYSCALL_TRACE_END:
        return "trace end for system call number ";
    case TD_DRMEM_MARKER_CONTEXT_SWITCH_START:
        return "trace start for context switch type ";
    case TD_DRMEM_MARKER_CONTEXT_SWITCH_END:
        return "trace end for context switch type ";
    case TD_DRMEM_MARKER_TIMESTAMP:
        return "timestamp ";
    case TD_DRMEM_MARKER_SIGNAL_NUMBER:
        return "signal #";
    default:
        return NULL;
    }
}

/* Markers whose text is "<marker: TEXT 0xVALUE>". */
static const char *hex_marker(int type)
{
    switch (type) {
    case TD_DRMEM_MARKER_RSEQ_ENTRY:
        return "rseq entry with end at 0x";
    case TD_DRMEM_MARKER_PHYSICAL_ADDRESS:
        return "physical address for following virtual: 0x";
    case TD_DRMEM_MARKER_VIRTUAL_ADDRESS:
        return "virtual address for prior physical: 0x";
    case TD_DRMEM_MARKER_PHYSICAL_ADDRESS_NOT_AVAILABLE:
        return "physical address not available for 0x";
    case TD_DRMEM_MARKER_FUNC_RETADDR:
        return "function return address 0x";
    case TD_DRMEM_MARKER_FUNC_ARG:
        return "function argument 0x";
    case TD_DRMEM_MARKER_FUNC_RETVAL:
        return "function return value 0x";
    case TD_DRMEM_MARKER_RECORD_ORDINAL:
        return "record ordinal 0x";
    case TD_DRMEM_MARKER_BRANCH_TARGET:
        return "indirect branch target 0x";
    default:
        return NULL;
    }
}

static void view_kernel_marker(drmem_view *v, const td_drmem_event *ev)
{
    bool legacy = v->version <= 2;
    uint64_t value = ev->marker.value;
    if (ev->marker.type == TD_DRMEM_MARKER_KERNEL_EVENT)
        out_printf(v->o, legacy ? "<marker: kernel xfer from module offset "
                               "+0x%" PRIx64 " to handler>\n"
                             : "<marker: kernel xfer from 0x%" PRIx64
                               " to handler>\n",
                value);
    else if (ev->marker.type == TD_DRMEM_MARKER_KERNEL_XFER)
        out_printf(v->o, legacy ? "<marker: syscall xfer from module offset "
                               "+0x%" PRIx64 ">\n"
                             : "<marker: syscall xfer from 0x%" PRIx64 ">\n",
                value);
    else
        out_printf(v->o, "<marker: rseq abort from 0x%" PRIx64 " to handler>\n",
                value);
}

static void view_marker(drmem_view *v, const td_drmem_event *ev)
{
    const uint64_t syscall_base = 0x100000000ull;
    int type = ev->marker.type;
    uint64_t value = ev->marker.value;
    const char *text;
    if ((text = decimal_marker(type)) != NULL)
        out_printf(v->o, "<marker: %s%" PRIu64 ">\n", text, value);
    else if ((text = hex_marker(type)) != NULL)
        out_printf(v->o, "<marker: %s%" PRIx64 ">\n", text, value);
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
    else if (type == TD_DRMEM_MARKER_MAYBE_BLOCKING_SYSCALL)
        out_str(v->o, "<marker: maybe-blocking system call>\n");
    else if (type == TD_DRMEM_MARKER_FILTER_ENDPOINT)
        out_str(v->o, "<marker: filter endpoint>\n");
    else if (type == TD_DRMEM_MARKER_CORE_WAIT)
        out_str(v->o, "<marker: wait for another core>\n");
    else if (type == TD_DRMEM_MARKER_CORE_IDLE)
        out_str(v->o, "<marker: core is idle>\n");
    else if (type == TD_DRMEM_MARKER_VECTOR_LENGTH)
        out_printf(v->o, "<marker: vector length %" PRIu64 " bytes>\n", value);
    else
        out_printf(v->o, "<marker: type %d; value %" PRIu64 ">\n", type, value);
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

static void print_delayed_header(drmem_view *v, const td_drmem_event *ev)
{
    v->header_due = false;
    if (v->version != -1) {
        prefix(v, v->version_ordinal, ev);
        out_printf(v->o, "<marker: version %" PRId64 ">\n", v->version);
    }
    if (v->filetype != -1) {
        prefix(v, v->filetype_ordinal, ev);
        out_printf(v->o, "<marker: filetype 0x%" PRIx64 ">\n",
                (uint64_t)v->filetype);
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
    switch (ev->kind) {
    case TD_DRMEM_EV_INSTR:
        prefix(v, ev->record_ordinal, ev);
        return view_instr(v, ev);
    case TD_DRMEM_EV_MEMREF:
        prefix(v, ev->record_ordinal, ev);
        view_memref(v, ev);
        return 0;
    case TD_DRMEM_EV_MARKER:
        prefix(v, ev->record_ordinal, ev);
        view_marker(v, ev);
        return 0;
    case TD_DRMEM_EV_THREAD_EXIT:
        prefix(v, ev->record_ordinal, ev);
        out_printf(v->o, "<thread W0.T%" PRId64 " exited>\n", ev->tid);
        return 0;
    default:
        return 0;
    }
}

void drmem_view_finish(drmem_view *v)
{
    out_printf(v->o, "View tool results:\n%15" PRIu64 " : total instructions\n",
            v->instructions);
    u64_map_free(&v->encodings);
}
