/*
 * xray_json.c - JSON Lines: one object per event, in file order. A custom
 * or typed event's payload goes into its marker's "data" string, written
 * fragment by fragment, so the line is the same whatever the chunking;
 * a line left open by an error is closed by xray_json_finish().
 */
#include "xray_convert.h"
#include "xray_print.h"
#include "escape.h"

#include <string.h>

static void where(out *o, const td_xray_event *ev)
{
    out_field_u64(o, ",\"tsc\":", ev->tsc);
    out_field_u64(o, ",\"cpu\":", ev->cpu);
    out_field_i64(o, ",\"tid\":", ev->tid);
    out_field_i64(o, ",\"pid\":", ev->pid);
}

static const char *boolean(bool b)
{
    return b ? "true" : "false";
}

static void header(out *o, const td_xray_event *ev)
{
    out_field_u64(o, ",\"version\":", ev->header.version);
    out_str(o, ev->header.mode == TD_XRAY_MODE_FDR ? ",\"mode\":\"fdr\""
                                                   : ",\"mode\":\"basic\"");
    out_str(o, ",\"big_endian\":");
    out_str(o, boolean(ev->header.big_endian));
    out_str(o, ",\"constant_tsc\":");
    out_str(o, boolean(ev->header.constant_tsc));
    out_str(o, ",\"nonstop_tsc\":");
    out_str(o, boolean(ev->header.nonstop_tsc));
    out_field_u64(o, ",\"bitfield\":", ev->header.bitfield);
    out_field_u64(o, ",\"cycle_frequency\":", ev->header.cycle_frequency);
    out_field_u64(o, ",\"buffer_size\":", ev->header.buffer_size);
    out_str(o, "}\n");
}

static void marker(out *o, const td_xray_event *ev)
{
    out_field_i64(o, ",\"payload_size\":", ev->event.size);
    out_field_i64(o, ",\"delta\":", ev->event.delta);
    if (ev->kind == TD_XRAY_EV_TYPED_EVENT)
        out_field_u64(o, ",\"type\":", ev->event.type);
    where(o, ev);
    out_str(o, ",\"data\":\"");
}

static void warning(out *o, const td_xray_event *ev)
{
    out_str(o, ",\"code\":\"");
    out_str(o, td_warning_name(ev->warning.code));
    out_field_i64(o, "\",\"func_id\":", ev->warning.func_id);
    out_field_u64(o, ",\"count\":", ev->warning.count);
    where(o, ev);
    if (ev->warning.reason != NULL) {
        out_str(o, ",\"reason\":\"");
        escape_json(o, (const uint8_t *)ev->warning.reason,
                    strlen(ev->warning.reason));
        out_char(o, '"');
    }
}

/* The fields of records that carry one number or two. */
static void record_fields(out *o, const td_xray_event *ev)
{
    switch (ev->kind) {
    case TD_XRAY_EV_EXTENTS:
        out_field_u64(o, ",\"bytes\":", ev->extents.bytes);
        break;
    case TD_XRAY_EV_PADDING:
        out_field_u64(o, ",\"bytes\":", ev->padding.bytes);
        break;
    case TD_XRAY_EV_NEW_BUFFER:
    case TD_XRAY_EV_PID:
        out_field_i64(o, ",\"id\":", ev->thread.id);
        break;
    case TD_XRAY_EV_WALLCLOCK:
        out_field_u64(o, ",\"seconds\":", ev->wallclock.seconds);
        out_field_u64(o, ",\"micros\":", ev->wallclock.micros);
        break;
    case TD_XRAY_EV_NEW_CPU:
    case TD_XRAY_EV_TSC_WRAP:
        out_field_u64(o, ",\"record_cpu\":", ev->cpu_record.id);
        out_field_u64(o, ",\"record_tsc\":", ev->cpu_record.tsc);
        break;
    case TD_XRAY_EV_FUNCTION:
        out_str(o, ",\"action\":\"");
        out_str(o, xray_action_name(ev->function.action));
        out_field_i64(o, "\",\"func_id\":", ev->function.func_id);
        out_field_u64(o, ",\"delta\":", ev->function.delta);
        break;
    case TD_XRAY_EV_CALL_ARG:
        out_field_u64(o, ",\"value\":", ev->call_arg.value);
        break;
    default:
        break;
    }
}

void xray_json_init(xray_json *j, out *o)
{
    j->o = o;
    j->in_payload = false;
}

void xray_json_event(xray_json *j, const td_xray_event *ev)
{
    out *o = j->o;
    if (ev->kind == TD_XRAY_EV_PAYLOAD && (ev->flags & TD_LAST_FRAGMENT))
        j->in_payload = false;
    if (!xray_print_start(o, ev, true))
        return;
    switch (ev->kind) {
    case TD_XRAY_EV_HEADER:
        header(o, ev);
        return;
    case TD_XRAY_EV_CUSTOM_EVENT:
    case TD_XRAY_EV_TYPED_EVENT:
        marker(o, ev);
        j->in_payload = true;
        return;
    case TD_XRAY_EV_WARNING:
        warning(o, ev);
        out_str(o, "}\n");
        return;
    default:
        record_fields(o, ev);
        break;
    }
    where(o, ev);
    out_str(o, "}\n");
}

void xray_json_finish(xray_json *j)
{
    if (j->in_payload)
        out_str(j->o, "\"}\n");
    j->in_payload = false;
}
