/*
 * drmem_print.c - see drmem_print.h.
 */
#include "drmem_print.h"
#include "escape.h"

const char *drmem_kind_name(int kind)
{
    static const char *const names[] = {"unknown", "header", "thread",
                                        "pid", "instr", "memref", "marker",
                                        "thread_exit", "footer", "chunk",
                                        "warning"};
    return kind > 0 && kind <= TD_DRMEM_EV_WARNING ? names[kind] : names[0];
}

/* ---- tracedec's own dump -------------------------------------------- */

/* " TYPE": the record's trace_type_t. */
static void type_word(out *o, const td_drmem_event *ev)
{
    out_char(o, ' ');
    out_str(o, td_drmem_type_name(ev->type));
}

static void native_instr(out *o, const td_drmem_event *ev)
{
    type_word(o, ev);
    out_field_hex(o, " pc=0x", ev->instr.pc);
    out_field_u64(o, " len=", ev->instr.length);
    if (ev->instr.encoding_is_new) {
        out_str(o, " encoding=");
        escape_hex(o, ev->instr.encoding, ev->instr.encoding_len, "");
    }
    if (ev->instr.branch == TD_DRMEM_INDIRECT && ev->instr.branch_target)
        out_field_hex(o, " target=0x", ev->instr.branch_target);
}

static void native_memref(out *o, const td_drmem_event *ev)
{
    type_word(o, ev);
    out_field_hex(o, " addr=0x", ev->memref.addr);
    out_field_u64(o, " size=", ev->memref.size);
    out_field_hex(o, " pc=0x", ev->memref.pc);
}

static void native_marker(out *o, const td_drmem_event *ev)
{
    out_char(o, ' ');
    out_str(o, td_drmem_marker_name(ev->marker.type));
    out_field_u64(o, " value=", ev->marker.value);
    if (ev->marker.type >= TD_DRMEM_MARKER_COUNT)
        out_field_u64(o, " type=", ev->marker.type);
}

/* What follows "@OFFSET+SIZE KIND": the kind's own fields. */
static void native_fields(out *o, const td_drmem_event *ev)
{
    if (ev->kind == TD_DRMEM_EV_INSTR) {
        native_instr(o, ev);
    } else if (ev->kind == TD_DRMEM_EV_MEMREF) {
        native_memref(o, ev);
    } else if (ev->kind == TD_DRMEM_EV_MARKER) {
        native_marker(o, ev);
    } else if (ev->kind == TD_DRMEM_EV_HEADER) {
        out_field_u64(o, " version=", ev->header.version);
    } else if (ev->kind == TD_DRMEM_EV_CHUNK) {
        out_field_u64(o, " index=", ev->chunk.index);
    } else if (ev->kind == TD_DRMEM_EV_WARNING) {
        out_char(o, ' ');
        out_str(o, td_warning_name(ev->warning.code));
    }
}

void drmem_native_line(out *o, const td_drmem_event *ev)
{
    out_field_u64(o, "@", ev->offset);
    out_field_u64(o, "+", ev->size);
    out_char(o, ' ');
    out_str(o, drmem_kind_name(ev->kind));
    native_fields(o, ev);
    out_field_i64(o, " tid=", ev->tid);
    out_field_i64(o, " pid=", ev->pid);
    out_field_u64(o, " ord=", ev->record_ordinal);
    out_field_u64(o, " instrs=", ev->instr_ordinal);
    if (ev->flags & TD_DRMEM_HIDDEN)
        out_str(o, " hidden");
    if (ev->flags & TD_DRMEM_KERNEL)
        out_str(o, " kernel");
    out_char(o, '\n');
}

void drmem_print_native(FILE *f, const td_drmem_event *ev)
{
    out o;
    out_init(&o, f);
    drmem_native_line(&o, ev);
    out_flush(&o);
}

/* ---- JSON Lines -------------------------------------------------------- */

static const char *boolean(bool b)
{
    return b ? "true" : "false";
}

/* ",\"NAME\":\"TEXT\"" */
static void json_text(out *o, const char *name, const char *text)
{
    out_str(o, name);
    out_str(o, text);
    out_char(o, '"');
}

/* What only some kinds have. */
static void json_extras(out *o, const td_drmem_event *ev)
{
    if (ev->kind == TD_DRMEM_EV_INSTR && ev->instr.encoding_is_new) {
        out_str(o, ",\"encoding\":\"");
        escape_hex(o, ev->instr.encoding, ev->instr.encoding_len, "");
        out_char(o, '"');
    }
    if (ev->kind == TD_DRMEM_EV_INSTR && ev->instr.branch_target)
        out_field_u64(o, ",\"target\":", ev->instr.branch_target);
    if (ev->kind == TD_DRMEM_EV_MARKER) {
        json_text(o, ",\"marker\":\"", td_drmem_marker_name(ev->marker.type));
        out_field_u64(o, ",\"value\":", ev->marker.value);
    }
    if (ev->kind == TD_DRMEM_EV_MEMREF)
        out_field_u64(o, ",\"pc\":", ev->memref.pc);
    if (ev->kind == TD_DRMEM_EV_CHUNK)
        out_field_u64(o, ",\"index\":", ev->chunk.index);
    if (ev->kind == TD_DRMEM_EV_WARNING)
        json_text(o, ",\"warning\":\"", td_warning_name(ev->warning.code));
}

void drmem_json_line(out *o, const td_drmem_event *ev)
{
    out_field_u64(o, "{\"offset\":", ev->offset);
    out_field_u64(o, ",\"size\":", ev->size);
    json_text(o, ",\"kind\":\"", drmem_kind_name(ev->kind));
    json_text(o, ",\"type\":\"",
              ev->kind == TD_DRMEM_EV_CHUNK || ev->kind == TD_DRMEM_EV_WARNING
                  ? ""
                  : td_drmem_type_name(ev->type));
    out_field_u64(o, ",\"size_field\":", ev->size_field);
    out_field_u64(o, ",\"addr\":", ev->addr);
    out_field_i64(o, ",\"tid\":", ev->tid);
    out_field_i64(o, ",\"pid\":", ev->pid);
    out_field_u64(o, ",\"ordinal\":", ev->record_ordinal);
    out_field_u64(o, ",\"instrs\":", ev->instr_ordinal);
    out_str(o, ",\"hidden\":");
    out_str(o, boolean(ev->flags & TD_DRMEM_HIDDEN));
    out_str(o, ",\"kernel\":");
    out_str(o, boolean(ev->flags & TD_DRMEM_KERNEL));
    json_extras(o, ev);
    out_str(o, "}\n");
}
