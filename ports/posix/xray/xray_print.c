/*
 * xray_print.c - see xray_print.h.
 */
#include "xray_print.h"
#include "escape.h"


const char *xray_kind_name(int kind)
{
    static const char *const names[] = {
        "unknown", "header", "extents", "new_buffer", "wallclock", "pid",
        "new_cpu", "tsc_wrap", "function", "call_arg", "custom_event",
        "typed_event", "payload", "end_of_buffer", "padding", "warning"};
    return kind > 0 && kind <= TD_XRAY_EV_WARNING ? names[kind] : names[0];
}

const char *xray_action_name(int action)
{
    static const char *const names[] = {"enter", "exit", "tail_exit"};
    return action >= TD_XRAY_ENTER && action <= TD_XRAY_TAIL_EXIT
               ? names[action]
               : "enter_args";
}

static void where(out *o, const td_xray_event *ev)
{
    out_field_u64(o, " tsc=", ev->tsc);
    out_field_u64(o, " cpu=", ev->cpu);
    out_field_i64(o, " tid=", ev->tid);
    out_field_i64(o, " pid=", ev->pid);
}

static void print_header(out *o, const td_xray_event *ev)
{
    out_field_u64(o, " version=", ev->header.version);
    out_str(o, ev->header.mode == TD_XRAY_MODE_FDR ? " mode=fdr"
                                                   : " mode=basic");
    out_str(o, ev->header.big_endian ? " byte_order=be" : " byte_order=le");
    out_field_u64(o, " constant_tsc=", ev->header.constant_tsc);
    out_field_u64(o, " nonstop_tsc=", ev->header.nonstop_tsc);
    out_str(o, " bitfield=0x");
    out_hex(o, ev->header.bitfield, 8);
    out_field_u64(o, " cycle_frequency=", ev->header.cycle_frequency);
    out_field_u64(o, " buffer_size=", ev->header.buffer_size);
    out_char(o, '\n');
}

static void print_event_marker(out *o, const td_xray_event *ev)
{
    if (ev->kind == TD_XRAY_EV_TYPED_EVENT)
        out_field_u64(o, " type=", ev->event.type);
    out_field_i64(o, " size=", ev->event.size);
    out_field_i64(o, " delta=", ev->event.delta);
    where(o, ev);
    out_str(o, " data=\"");
}

/* " ACTION func=ID delta=N" for a function record, " WARNING func=ID
 * count=N" for a warning about calls. */
static void print_call(out *o, const td_xray_event *ev)
{
    bool function = ev->kind == TD_XRAY_EV_FUNCTION;
    out_char(o, ' ');
    out_str(o, function ? xray_action_name(ev->function.action)
                        : td_warning_name(ev->warning.code));
    out_field_i64(o, " func=",
                  function ? ev->function.func_id : ev->warning.func_id);
    if (function)
        out_field_u64(o, " delta=", ev->function.delta);
    else
        out_field_u64(o, " count=", ev->warning.count);
}

/* What follows "@OFFSET+SIZE KIND"; false when the line is complete. */
static bool print_native_fields(out *o, const td_xray_event *ev)
{
    switch (ev->kind) {
    case TD_XRAY_EV_HEADER:
        print_header(o, ev);
        return false;
    case TD_XRAY_EV_EXTENTS:
    case TD_XRAY_EV_PADDING:
        out_field_u64(o, " bytes=", ev->kind == TD_XRAY_EV_EXTENTS
                                    ? ev->extents.bytes
                                    : ev->padding.bytes);
        out_char(o, '\n');
        return false;
    case TD_XRAY_EV_NEW_BUFFER:
    case TD_XRAY_EV_PID:
        out_field_i64(o, ev->kind == TD_XRAY_EV_PID ? " pid=" : " tid=",
                      ev->thread.id);
        out_char(o, '\n');
        return false;
    case TD_XRAY_EV_WALLCLOCK:
        out_field_u64(o, " seconds=", ev->wallclock.seconds);
        out_field_u64(o, " micros=", ev->wallclock.micros);
        out_char(o, '\n');
        return false;
    case TD_XRAY_EV_FUNCTION:
    case TD_XRAY_EV_WARNING:
        print_call(o, ev);
        return true;
    case TD_XRAY_EV_CALL_ARG:
        out_field_u64(o, " value=", ev->call_arg.value);
        return true;
    case TD_XRAY_EV_CUSTOM_EVENT:
    case TD_XRAY_EV_TYPED_EVENT:
        print_event_marker(o, ev);
        return false;
    case TD_XRAY_EV_END_OF_BUFFER:
        out_char(o, '\n');
        return false;
    default: /* NEW_CPU and TSC_WRAP: all they say is in where() */
        return true;
    }
}

bool xray_print_start(out *o, const td_xray_event *ev, bool json)
{
    if (ev->kind == TD_XRAY_EV_PAYLOAD) {
        if (json)
            escape_json(o, ev->payload.data, ev->payload.len);
        else
            escape_c(o, ev->payload.data, ev->payload.len);
        if (ev->flags & TD_LAST_FRAGMENT)
            out_str(o, json ? "\"}\n" : "\"\n");
        return false;
    }
    out_field_u64(o, json ? "{\"offset\":" : "@", ev->offset);
    out_field_u64(o, json ? ",\"size\":" : "+", ev->size);
    out_str(o, json ? ",\"kind\":\"" : " ");
    out_str(o, xray_kind_name(ev->kind));
    if (json)
        out_char(o, '"');
    return true;
}

void xray_print_native(out *o, const td_xray_event *ev)
{
    if (!xray_print_start(o, ev, false) || !print_native_fields(o, ev))
        return;
    where(o, ev);
    out_char(o, '\n');
}

static void print_llvm_function(out *o, const td_xray_event *ev)
{
    static const char *const names[] = {"<Function Enter: #",
                                        "<Function Exit: #",
                                        "<Function Tail Exit: #",
                                        "<Function Enter With Arg: #"};
    out_str(o, names[ev->function.action & 3]);
    out_i64(o, ev->function.func_id);
    out_field_u64(o, " delta = +", ev->function.delta);
    out_str(o, ">\n");
}

static void print_llvm_marker(out *o, const td_xray_event *ev,
                              unsigned version)
{
    if (ev->kind == TD_XRAY_EV_TYPED_EVENT) {
        out_field_i64(o, "<Typed Event: delta = +", ev->event.delta);
        out_field_u64(o, ", type = ", ev->event.type);
    } else if (version >= 5) {
        out_field_i64(o, "<Custom Event: delta = +", ev->event.delta);
    } else {
        out_field_u64(o, "<Custom Event: tsc = ", ev->event.tsc_field);
        out_field_u64(o, ", cpu = ", ev->event.cpu_field);
    }
    out_field_i64(o, ", size = ", ev->event.size);
    out_str(o, ", data = '");
}

/* The lines of records that carry one number or two. */
static void print_llvm_record(out *o, const td_xray_event *ev)
{
    switch (ev->kind) {
    case TD_XRAY_EV_EXTENTS:
        out_field_u64(o, "<Buffer: size = ", ev->extents.bytes);
        out_str(o, " bytes>\n");
        break;
    case TD_XRAY_EV_NEW_BUFFER:
    case TD_XRAY_EV_PID:
        out_field_i64(o,
                      ev->kind == TD_XRAY_EV_PID ? "<PID: " : "<Thread ID: ",
                      ev->thread.id);
        out_str(o, ">\n");
        break;
    case TD_XRAY_EV_WALLCLOCK:
        out_field_u64(o, "<Wall Time: seconds = ", ev->wallclock.seconds);
        out_char(o, '.');
        out_u64_padded(o, ev->wallclock.micros, 6);
        out_str(o, ">\n");
        break;
    case TD_XRAY_EV_NEW_CPU:
        out_field_u64(o, "<CPU: id = ", ev->cpu_record.id);
        out_field_u64(o, ", tsc = ", ev->cpu_record.tsc);
        out_str(o, ">\n");
        break;
    case TD_XRAY_EV_TSC_WRAP:
        out_field_u64(o, "<TSC Wrap: base = ", ev->cpu_record.tsc);
        out_str(o, ">\n");
        break;
    default: /* TD_XRAY_EV_CALL_ARG */
        out_field_u64(o, "<Call Argument: data = ", ev->call_arg.value);
        out_str(o, " (hex = 0x");
        out_hex(o, ev->call_arg.value, 1);
        out_str(o, ")>\n");
        break;
    }
}

void xray_print_llvm(out *o, xray_llvm_style *st, const td_xray_event *ev)
{
    switch (ev->kind) {
    case TD_XRAY_EV_HEADER:
        st->version = ev->header.version;
        break;
    case TD_XRAY_EV_FUNCTION:
        print_llvm_function(o, ev);
        break;
    case TD_XRAY_EV_CUSTOM_EVENT:
    case TD_XRAY_EV_TYPED_EVENT:
        st->marker = ev->kind;
        print_llvm_marker(o, ev, st->version);
        break;
    case TD_XRAY_EV_PAYLOAD:
        out_bytes(o, ev->payload.data, ev->payload.len);
        if (ev->flags & TD_LAST_FRAGMENT)
            out_str(o, st->marker == TD_XRAY_EV_TYPED_EVENT ? "'\n" : "'>\n");
        break;
    case TD_XRAY_EV_END_OF_BUFFER:
        out_str(o, "<End of Buffer>\n");
        break;
    case TD_XRAY_EV_EXTENTS:
    case TD_XRAY_EV_NEW_BUFFER:
    case TD_XRAY_EV_PID:
    case TD_XRAY_EV_WALLCLOCK:
    case TD_XRAY_EV_NEW_CPU:
    case TD_XRAY_EV_TSC_WRAP:
    case TD_XRAY_EV_CALL_ARG:
        print_llvm_record(o, ev);
        break;
    default:
        break;
    }
}
