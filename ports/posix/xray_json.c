/*
 * xray_json.c - JSON Lines: one object per event, in file order. A custom
 * or typed event's payload goes into its marker's "data" string, written
 * fragment by fragment, so the line is the same whatever the chunking.
 */
#include "xray_convert.h"
#include "xray_print.h"
#include "escape.h"

#include <inttypes.h>
#include <string.h>

static void where(FILE *f, const td_xray_event *ev)
{
    fprintf(f, ",\"tsc\":%" PRIu64 ",\"cpu\":%" PRIu32 ",\"tid\":%" PRId32
               ",\"pid\":%" PRId32,
            ev->tsc, ev->cpu, ev->tid, ev->pid);
}

static void header(FILE *f, const td_xray_event *ev)
{
    fprintf(f, ",\"version\":%u,\"mode\":\"%s\",\"big_endian\":%s,"
               "\"constant_tsc\":%s,\"nonstop_tsc\":%s,\"bitfield\":%" PRIu32
               ",\"cycle_frequency\":%" PRIu64 ",\"buffer_size\":%" PRIu64
               "}\n",
            ev->header.version,
            ev->header.mode == TD_XRAY_MODE_FDR ? "fdr" : "basic",
            ev->header.big_endian ? "true" : "false",
            ev->header.constant_tsc ? "true" : "false",
            ev->header.nonstop_tsc ? "true" : "false", ev->header.bitfield,
            ev->header.cycle_frequency, ev->header.buffer_size);
}

static void marker(FILE *f, const td_xray_event *ev)
{
    fprintf(f, ",\"payload_size\":%" PRId32 ",\"delta\":%" PRId32,
            ev->event.size, ev->event.delta);
    if (ev->kind == TD_XRAY_TYPED_EVENT)
        fprintf(f, ",\"type\":%u", ev->event.type);
    where(f, ev);
    fputs(",\"data\":\"", f);
}

static void warning(FILE *f, const td_xray_event *ev)
{
    fprintf(f, ",\"code\":\"%s\",\"func_id\":%" PRId32 ",\"count\":%" PRIu32,
            td_warning_name(ev->warning.code), ev->warning.func_id,
            ev->warning.count);
    where(f, ev);
    if (ev->warning.reason != NULL) {
        fputs(",\"reason\":\"", f);
        escape_json(f, (const uint8_t *)ev->warning.reason,
                    strlen(ev->warning.reason));
        fputc('"', f);
    }
}

void xray_json_event(FILE *f, const td_xray_event *ev)
{
    if (ev->kind == TD_XRAY_PAYLOAD) {
        escape_json(f, ev->payload.data, ev->payload.len);
        if (ev->flags & TD_XRAY_LAST_FRAGMENT)
            fputs("\"}\n", f);
        return;
    }
    fprintf(f, "{\"offset\":%" PRIu64 ",\"size\":%" PRIu64 ",\"kind\":\"%s\"",
            ev->offset, ev->size, xray_kind_name(ev->kind));
    switch (ev->kind) {
    case TD_XRAY_HEADER:
        header(f, ev);
        return;
    case TD_XRAY_EXTENTS:
        fprintf(f, ",\"bytes\":%" PRIu64, ev->extents.bytes);
        break;
    case TD_XRAY_NEW_BUFFER:
    case TD_XRAY_PID:
        fprintf(f, ",\"id\":%" PRId32, ev->thread.id);
        break;
    case TD_XRAY_WALLCLOCK:
        fprintf(f, ",\"seconds\":%" PRIu64 ",\"micros\":%" PRIu32,
                ev->wallclock.seconds, ev->wallclock.micros);
        break;
    case TD_XRAY_NEW_CPU:
    case TD_XRAY_TSC_WRAP:
        fprintf(f, ",\"record_cpu\":%u,\"record_tsc\":%" PRIu64,
                ev->cpu_record.id, ev->cpu_record.tsc);
        break;
    case TD_XRAY_FUNCTION:
        fprintf(f, ",\"action\":\"%s\",\"func_id\":%" PRId32
                   ",\"delta\":%" PRIu32,
                xray_action_name(ev->function.action), ev->function.func_id,
                ev->function.delta);
        break;
    case TD_XRAY_CALL_ARG:
        fprintf(f, ",\"value\":%" PRIu64, ev->call_arg.value);
        break;
    case TD_XRAY_CUSTOM_EVENT:
    case TD_XRAY_TYPED_EVENT:
        marker(f, ev);
        return;
    case TD_XRAY_PADDING:
        fprintf(f, ",\"bytes\":%" PRIu64, ev->padding.bytes);
        break;
    case TD_XRAY_WARNING:
        warning(f, ev);
        fputs("}\n", f);
        return;
    default:
        break;
    }
    where(f, ev);
    fputs("}\n", f);
}
