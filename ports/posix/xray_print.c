/*
 * xray_print.c - see xray_print.h.
 */
#include "xray_print.h"
#include "escape.h"

#include <inttypes.h>

const char *xray_kind_name(int kind)
{
    static const char *const names[] = {
        "unknown", "header", "extents", "new_buffer", "wallclock", "pid",
        "new_cpu", "tsc_wrap", "function", "call_arg", "custom_event",
        "typed_event", "payload", "end_of_buffer", "padding", "warning"};
    return kind > 0 && kind <= TD_XRAY_WARNING ? names[kind] : names[0];
}

const char *xray_action_name(int action)
{
    switch (action) {
    case TD_XRAY_ENTER:
        return "enter";
    case TD_XRAY_EXIT:
        return "exit";
    case TD_XRAY_TAIL_EXIT:
        return "tail_exit";
    default:
        return "enter_args";
    }
}

static void where(FILE *f, const td_xray_event *ev)
{
    fprintf(f, " tsc=%" PRIu64 " cpu=%" PRIu32 " tid=%" PRId32
               " pid=%" PRId32,
            ev->tsc, ev->cpu, ev->tid, ev->pid);
}

static void print_header(FILE *f, const td_xray_event *ev)
{
    fprintf(f,
            " version=%u mode=%s byte_order=%s constant_tsc=%d "
            "nonstop_tsc=%d bitfield=0x%08" PRIx32 " cycle_frequency=%" PRIu64
            " buffer_size=%" PRIu64 "\n",
            ev->header.version,
            ev->header.mode == TD_XRAY_MODE_FDR ? "fdr" : "basic",
            ev->header.big_endian ? "be" : "le", ev->header.constant_tsc,
            ev->header.nonstop_tsc, ev->header.bitfield,
            ev->header.cycle_frequency, ev->header.buffer_size);
}

static void print_event_marker(FILE *f, const td_xray_event *ev)
{
    if (ev->kind == TD_XRAY_TYPED_EVENT)
        fprintf(f, " type=%u", ev->event.type);
    fprintf(f, " size=%" PRId32 " delta=%" PRId32, ev->event.size,
            ev->event.delta);
    where(f, ev);
    fputs(" data=\"", f);
}

void xray_print_native(FILE *f, const td_xray_event *ev)
{
    if (ev->kind == TD_XRAY_PAYLOAD) {
        escape_c(f, ev->payload.data, ev->payload.len);
        if (ev->flags & TD_XRAY_LAST_FRAGMENT)
            fputs("\"\n", f);
        return;
    }
    fprintf(f, "@%" PRIu64 "+%" PRIu64 " %s", ev->offset, ev->size,
            xray_kind_name(ev->kind));
    switch (ev->kind) {
    case TD_XRAY_HEADER:
        print_header(f, ev);
        return;
    case TD_XRAY_EXTENTS:
        fprintf(f, " bytes=%" PRIu64 "\n", ev->extents.bytes);
        return;
    case TD_XRAY_NEW_BUFFER:
        fprintf(f, " tid=%" PRId32 "\n", ev->thread.id);
        return;
    case TD_XRAY_WALLCLOCK:
        fprintf(f, " seconds=%" PRIu64 " micros=%" PRIu32 "\n",
                ev->wallclock.seconds, ev->wallclock.micros);
        return;
    case TD_XRAY_PID:
        fprintf(f, " pid=%" PRId32 "\n", ev->thread.id);
        return;
    case TD_XRAY_FUNCTION:
        fprintf(f, " %s func=%" PRId32 " delta=%" PRIu32,
                xray_action_name(ev->function.action), ev->function.func_id,
                ev->function.delta);
        break;
    case TD_XRAY_CALL_ARG:
        fprintf(f, " value=%" PRIu64, ev->call_arg.value);
        break;
    case TD_XRAY_CUSTOM_EVENT:
    case TD_XRAY_TYPED_EVENT:
        print_event_marker(f, ev);
        return;
    case TD_XRAY_END_OF_BUFFER:
        fputc('\n', f);
        return;
    case TD_XRAY_PADDING:
        fprintf(f, " bytes=%" PRIu64 "\n", ev->padding.bytes);
        return;
    case TD_XRAY_WARNING:
        fprintf(f, " %s func=%" PRId32 " count=%" PRIu32,
                td_warning_name(ev->warning.code), ev->warning.func_id,
                ev->warning.count);
        break;
    default: /* NEW_CPU and TSC_WRAP: all they say is in where() */
        break;
    }
    where(f, ev);
    fputc('\n', f);
}

static void print_llvm_function(FILE *f, const td_xray_event *ev)
{
    static const char *const names[] = {"Function Enter", "Function Exit",
                                        "Function Tail Exit",
                                        "Function Enter With Arg"};
    fprintf(f, "<%s: #%" PRId32 " delta = +%" PRIu32 ">\n",
            names[ev->function.action & 3], ev->function.func_id,
            ev->function.delta);
}

static void print_llvm_marker(FILE *f, const td_xray_event *ev,
                              unsigned version)
{
    if (ev->kind == TD_XRAY_TYPED_EVENT)
        fprintf(f, "<Typed Event: delta = +%" PRId32 ", type = %u, size = %"
                   PRId32 ", data = '",
                ev->event.delta, ev->event.type, ev->event.size);
    else if (version >= 5)
        fprintf(f, "<Custom Event: delta = +%" PRId32 ", size = %" PRId32
                   ", data = '",
                ev->event.delta, ev->event.size);
    else
        fprintf(f, "<Custom Event: tsc = %" PRIu64 ", cpu = %u, size = %"
                   PRId32 ", data = '",
                ev->event.tsc_field, ev->event.cpu_field, ev->event.size);
}

void xray_print_llvm(FILE *f, xray_llvm_style *st, const td_xray_event *ev)
{
    switch (ev->kind) {
    case TD_XRAY_HEADER:
        st->version = ev->header.version;
        break;
    case TD_XRAY_EXTENTS:
        fprintf(f, "<Buffer: size = %" PRIu64 " bytes>\n", ev->extents.bytes);
        break;
    case TD_XRAY_NEW_BUFFER:
        fprintf(f, "<Thread ID: %" PRId32 ">\n", ev->thread.id);
        break;
    case TD_XRAY_WALLCLOCK:
        fprintf(f, "<Wall Time: seconds = %" PRIu64 ".%06" PRIu32 ">\n",
                ev->wallclock.seconds, ev->wallclock.micros);
        break;
    case TD_XRAY_PID:
        fprintf(f, "<PID: %" PRId32 ">\n", ev->thread.id);
        break;
    case TD_XRAY_NEW_CPU:
        fprintf(f, "<CPU: id = %u, tsc = %" PRIu64 ">\n", ev->cpu_record.id,
                ev->cpu_record.tsc);
        break;
    case TD_XRAY_TSC_WRAP:
        fprintf(f, "<TSC Wrap: base = %" PRIu64 ">\n", ev->cpu_record.tsc);
        break;
    case TD_XRAY_FUNCTION:
        print_llvm_function(f, ev);
        break;
    case TD_XRAY_CALL_ARG:
        fprintf(f, "<Call Argument: data = %" PRIu64 " (hex = 0x%" PRIx64
                   ")>\n",
                ev->call_arg.value, ev->call_arg.value);
        break;
    case TD_XRAY_CUSTOM_EVENT:
    case TD_XRAY_TYPED_EVENT:
        st->marker = ev->kind;
        print_llvm_marker(f, ev, st->version);
        break;
    case TD_XRAY_PAYLOAD:
        fwrite(ev->payload.data, 1, ev->payload.len, f);
        if (ev->flags & TD_XRAY_LAST_FRAGMENT)
            fputs(st->marker == TD_XRAY_TYPED_EVENT ? "'\n" : "'>\n", f);
        break;
    case TD_XRAY_END_OF_BUFFER:
        fputs("<End of Buffer>\n", f);
        break;
    default:
        break;
    }
}
