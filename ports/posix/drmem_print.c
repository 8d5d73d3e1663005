/*
 * drmem_print.c - see drmem_print.h.
 */
#include "drmem_print.h"

#include <inttypes.h>
#include <string.h>

/* ---- tracedec's own dump -------------------------------------------- */

static void hex_bytes(FILE *f, const uint8_t *p, size_t n, const char *sep)
{
    size_t i;
    for (i = 0; i < n; i++)
        fprintf(f, "%s%02x", i ? sep : "", p[i]);
}

static const char *kind_name(int kind)
{
    static const char *const names[] = {"unknown", "header", "thread",
                                        "pid", "instr", "memref", "marker",
                                        "thread_exit", "footer", "chunk",
                                        "warning"};
    return kind > 0 && kind <= TD_DRMEM_EV_WARNING ? names[kind] : names[0];
}

static void native_instr(FILE *f, const td_drmem_event *ev)
{
    fprintf(f, " %s pc=0x%" PRIx64 " len=%u", td_drmem_type_name(ev->type),
            ev->instr.pc, ev->instr.length);
    if (ev->instr.encoding_is_new) {
        fputs(" encoding=", f);
        hex_bytes(f, ev->instr.encoding, ev->instr.encoding_len, "");
    }
    if (ev->instr.branch == TD_DRMEM_INDIRECT && ev->instr.branch_target)
        fprintf(f, " target=0x%" PRIx64, ev->instr.branch_target);
}

void drmem_print_native(FILE *f, const td_drmem_event *ev)
{
    fprintf(f, "@%" PRIu64 "+%" PRIu64 " %s", ev->offset, ev->size,
            kind_name(ev->kind));
    switch (ev->kind) {
    case TD_DRMEM_EV_HEADER:
        fprintf(f, " version=%" PRIu32, ev->header.version);
        break;
    case TD_DRMEM_EV_INSTR:
        native_instr(f, ev);
        break;
    case TD_DRMEM_EV_MEMREF:
        fprintf(f, " %s addr=0x%" PRIx64 " size=%" PRIu32 " pc=0x%" PRIx64,
                td_drmem_type_name(ev->type), ev->memref.addr,
                ev->memref.size, ev->memref.pc);
        break;
    case TD_DRMEM_EV_MARKER:
        fprintf(f, " %s value=%" PRIu64, td_drmem_marker_name(ev->marker.type),
                ev->marker.value);
        if (ev->marker.type >= TD_DRMEM_MARKER_COUNT)
            fprintf(f, " type=%u", ev->marker.type);
        break;
    case TD_DRMEM_EV_CHUNK:
        fprintf(f, " index=%" PRIu32, ev->chunk.index);
        break;
    case TD_DRMEM_EV_WARNING:
        fprintf(f, " %s", td_warning_name(ev->warning.code));
        break;
    default:
        break;
    }
    fprintf(f, " tid=%" PRId64 " pid=%" PRId64 " ord=%" PRIu64
               " instrs=%" PRIu64 "%s%s\n",
            ev->tid, ev->pid, ev->record_ordinal, ev->instr_ordinal,
            ev->flags & TD_DRMEM_HIDDEN ? " hidden" : "",
            ev->flags & TD_DRMEM_KERNEL ? " kernel" : "");
}

/* ---- JSON Lines -------------------------------------------------------- */

void drmem_print_json(FILE *f, const td_drmem_event *ev)
{
    fprintf(f, "{\"offset\":%" PRIu64 ",\"size\":%" PRIu64
               ",\"kind\":\"%s\",\"type\":\"%s\",\"size_field\":%u,"
               "\"addr\":%" PRIu64 ",\"tid\":%" PRId64 ",\"pid\":%" PRId64
               ",\"ordinal\":%" PRIu64 ",\"instrs\":%" PRIu64
               ",\"hidden\":%s,\"kernel\":%s",
            ev->offset, ev->size, kind_name(ev->kind),
            ev->kind == TD_DRMEM_EV_CHUNK || ev->kind == TD_DRMEM_EV_WARNING
                ? ""
                : td_drmem_type_name(ev->type),
            ev->size_field, ev->addr, ev->tid, ev->pid, ev->record_ordinal,
            ev->instr_ordinal, ev->flags & TD_DRMEM_HIDDEN ? "true" : "false",
            ev->flags & TD_DRMEM_KERNEL ? "true" : "false");
    if (ev->kind == TD_DRMEM_EV_INSTR && ev->instr.encoding_is_new) {
        fputs(",\"encoding\":\"", f);
        hex_bytes(f, ev->instr.encoding, ev->instr.encoding_len, "");
        fputc('"', f);
    }
    if (ev->kind == TD_DRMEM_EV_INSTR && ev->instr.branch_target)
        fprintf(f, ",\"target\":%" PRIu64, ev->instr.branch_target);
    if (ev->kind == TD_DRMEM_EV_MARKER)
        fprintf(f, ",\"marker\":\"%s\",\"value\":%" PRIu64,
                td_drmem_marker_name(ev->marker.type), ev->marker.value);
    if (ev->kind == TD_DRMEM_EV_MEMREF)
        fprintf(f, ",\"pc\":%" PRIu64, ev->memref.pc);
    if (ev->kind == TD_DRMEM_EV_CHUNK)
        fprintf(f, ",\"index\":%" PRIu32, ev->chunk.index);
    if (ev->kind == TD_DRMEM_EV_WARNING)
        fprintf(f, ",\"warning\":\"%s\"", td_warning_name(ev->warning.code));
    fputs("}\n", f);
}

/* ---- DynamoRIO's view tool ------------------------------------------- */

typedef struct cached_encoding {
    uint8_t len;
    uint8_t bytes[15];
} cached_encoding;

void drmem_view_init(drmem_view *v, FILE *f)
{
    memset(v, 0, sizeof *v);
    v->f = f;
    u64_map_init(&v->encodings, sizeof(cached_encoding));
    drmem_view_shard(v);
    fputs("Output format:\n<--record#-> <--instr#->: <Wrkld.Tid> <record "
          "details>\n------------------------------------------------------"
          "------\n",
          f);
}

void drmem_view_shard(drmem_view *v)
{
    v->version = -1;
    v->filetype = -1;
    v->header_due = false;
}

static void prefix(drmem_view *v, uint64_t ordinal, const td_drmem_event *ev)
{
    char who[32];
    snprintf(who, sizeof who, "W0.T%" PRId64, ev->tid);
    fprintf(v->f, "%12" PRIu64 "%12" PRIu64 ": %11s ", ordinal,
            ev->instr_ordinal, who);
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
    fputc(' ', v->f);
    hex_bytes(v->f, c->bytes, first, " ");
    fputc('\n', v->f);
    if (c->len > first) {
        prefix(v, ev->record_ordinal, ev);
        fprintf(v->f, "%44s", "");
        hex_bytes(v->f, c->bytes + first, c->len - first, " ");
        fputc('\n', v->f);
    }
    return 0;
}

static int view_instr(drmem_view *v, const td_drmem_event *ev)
{
    fprintf(v->f, "%-12s%2u byte(s) @ 0x%016" PRIx64, "ifetch",
            ev->instr.length, ev->instr.pc);
    v->instructions++;
    if (v->filetype == -1 ||
        !((uint64_t)v->filetype & TD_DRMEM_FILE_ENCODINGS)) {
        fprintf(v->f, " %s\n", instr_description(ev->type));
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
    fprintf(v->f,
            "%-12s%2" PRIu32 " byte(s) @ 0x%016" PRIx64 " by PC 0x%016" PRIx64
            "\n",
            memref_name(ev->type), ev->memref.size, ev->memref.addr,
            ev->memref.pc);
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
        fprintf(v->f, legacy ? "<marker: kernel xfer from module offset "
                               "+0x%" PRIx64 " to handler>\n"
                             : "<marker: kernel xfer from 0x%" PRIx64
                               " to handler>\n",
                value);
    else if (ev->marker.type == TD_DRMEM_MARKER_KERNEL_XFER)
        fprintf(v->f, legacy ? "<marker: syscall xfer from module offset "
                               "+0x%" PRIx64 ">\n"
                             : "<marker: syscall xfer from 0x%" PRIx64 ">\n",
                value);
    else
        fprintf(v->f, "<marker: rseq abort from 0x%" PRIx64 " to handler>\n",
                value);
}

static void view_marker(drmem_view *v, const td_drmem_event *ev)
{
    const uint64_t syscall_base = 0x100000000ull;
    int type = ev->marker.type;
    uint64_t value = ev->marker.value;
    const char *text;
    if ((text = decimal_marker(type)) != NULL)
        fprintf(v->f, "<marker: %s%" PRIu64 ">\n", text, value);
    else if ((text = hex_marker(type)) != NULL)
        fprintf(v->f, "<marker: %s%" PRIx64 ">\n", text, value);
    else if (type == TD_DRMEM_MARKER_CPU_ID)
        fprintf(v->f, "<marker: W0.T%" PRId64 " on core %" PRIu64 ">\n",
                ev->tid, value);
    else if (type == TD_DRMEM_MARKER_FUNC_ID && value >= syscall_base)
        fprintf(v->f, "<marker: function==syscall #%" PRIu64 ">\n",
                value - syscall_base);
    else if (type == TD_DRMEM_MARKER_FUNC_ID)
        fprintf(v->f, "<marker: function #%" PRIu64 ">\n", value);
    else if (type == TD_DRMEM_MARKER_KERNEL_EVENT ||
             type == TD_DRMEM_MARKER_KERNEL_XFER ||
             type == TD_DRMEM_MARKER_RSEQ_ABORT)
        view_kernel_marker(v, ev);
    else if (type == TD_DRMEM_MARKER_MAYBE_BLOCKING_SYSCALL)
        fputs("<marker: maybe-blocking system call>\n", v->f);
    else if (type == TD_DRMEM_MARKER_FILTER_ENDPOINT)
        fputs("<marker: filter endpoint>\n", v->f);
    else if (type == TD_DRMEM_MARKER_CORE_WAIT)
        fputs("<marker: wait for another core>\n", v->f);
    else if (type == TD_DRMEM_MARKER_CORE_IDLE)
        fputs("<marker: core is idle>\n", v->f);
    else if (type == TD_DRMEM_MARKER_VECTOR_LENGTH)
        fprintf(v->f, "<marker: vector length %" PRIu64 " bytes>\n", value);
    else
        fprintf(v->f, "<marker: type %d; value %" PRIu64 ">\n", type, value);
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
        fprintf(v->f, "<marker: version %" PRId64 ">\n", v->version);
    }
    if (v->filetype != -1) {
        prefix(v, v->filetype_ordinal, ev);
        fprintf(v->f, "<marker: filetype 0x%" PRIx64 ">\n",
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
        fprintf(v->f, "<thread W0.T%" PRId64 " exited>\n", ev->tid);
        return 0;
    default:
        return 0;
    }
}

void drmem_view_finish(drmem_view *v)
{
    fprintf(v->f, "View tool results:\n%15" PRIu64 " : total instructions\n",
            v->instructions);
    u64_map_free(&v->encodings);
}
