/*
 * xray_stat.c - see xray_stat.h.
 */
#include "xray_stat.h"
#include "xray_print.h"

#include <inttypes.h>
#include <string.h>

void xray_stat_init(xray_stat *s)
{
    memset(s, 0, sizeof *s);
    u64_map_init(&s->threads, 1);
}

void xray_stat_free(xray_stat *s)
{
    u64_map_free(&s->threads);
}

static void note_time(xray_stat *s, const td_xray_event *ev)
{
    if (!s->any_tsc || ev->tsc < s->tsc_min)
        s->tsc_min = ev->tsc;
    if (!s->any_tsc || ev->tsc > s->tsc_max)
        s->tsc_max = ev->tsc;
    s->any_tsc = true;
}

static int note_thread(xray_stat *s, const td_xray_event *ev)
{
    if (u64_map_get(&s->threads, thread_key(ev->pid, ev->tid)) == NULL)
        return -1;
    if (!(s->cpus[ev->cpu / 8] & (1u << (ev->cpu % 8)))) {
        s->cpus[ev->cpu / 8] |= (unsigned char)(1u << (ev->cpu % 8));
        s->ncpus++;
    }
    note_time(s, ev);
    return 0;
}

int xray_stat_event(xray_stat *s, const td_xray_event *ev)
{
    if (ev->kind > 0 && ev->kind < 16)
        s->kinds[ev->kind]++;
    if (ev->offset + ev->size > s->file_bytes)
        s->file_bytes = ev->offset + ev->size;
    switch (ev->kind) {
    case TD_XRAY_EV_HEADER:
        s->header = *ev;
        return 0;
    case TD_XRAY_EV_FUNCTION:
        s->actions[ev->function.action & 3]++;
        return note_thread(s, ev);
    case TD_XRAY_EV_CUSTOM_EVENT:
    case TD_XRAY_EV_TYPED_EVENT:
        return note_thread(s, ev);
    case TD_XRAY_EV_PAYLOAD:
        s->payload_bytes += ev->payload.len;
        return 0;
    case TD_XRAY_EV_WARNING:
        if (ev->warning.code >= 100 && ev->warning.code < 108)
            s->warnings[ev->warning.code - 100]++;
        return 0;
    default:
        return 0;
    }
}

uint64_t xray_stat_records(const xray_stat *s)
{
    uint64_t n = 0;
    int k;
    for (k = TD_XRAY_EV_EXTENTS; k <= TD_XRAY_EV_END_OF_BUFFER; k++)
        if (k != TD_XRAY_EV_PAYLOAD)
            n += s->kinds[k];
    return n;
}

static uint64_t buffers(const xray_stat *s)
{
    return s->kinds[TD_XRAY_EV_NEW_BUFFER];
}

static double span_seconds(const xray_stat *s)
{
    if (!s->any_tsc || s->header.header.cycle_frequency == 0)
        return 0.0;
    return (double)(s->tsc_max - s->tsc_min) /
           (double)s->header.header.cycle_frequency;
}

static const char *mode_name(const xray_stat *s)
{
    return s->header.header.mode == TD_XRAY_MODE_FDR ? "fdr" : "basic";
}

void xray_stat_print(out *o, const xray_stat *s)
{
    int k;
    out_printf(o, "format: xray %s version %u (%s-endian)\n", mode_name(s),
               s->header.header.version,
               s->header.header.big_endian ? "big" : "little");
    out_printf(o, "bytes: %" PRIu64 "\n", s->file_bytes);
    out_printf(o, "records: %" PRIu64 "\n", xray_stat_records(s));
    for (k = TD_XRAY_EV_EXTENTS; k <= TD_XRAY_EV_END_OF_BUFFER; k++)
        if (k != TD_XRAY_EV_PAYLOAD && s->kinds[k] != 0)
            out_printf(o, "  %-14s %" PRIu64 "\n", xray_kind_name(k),
                       s->kinds[k]);
    for (k = 0; k < 4; k++)
        if (s->actions[k] != 0)
            out_printf(o, "  function %-10s %" PRIu64 "\n",
                       xray_action_name(k), s->actions[k]);
    out_printf(o, "payload bytes: %" PRIu64 "\n", s->payload_bytes);
    out_printf(o, "threads: %zu\n", s->threads.count);
    out_printf(o, "cpus: %u\n", s->ncpus);
    out_printf(o, "tsc: %" PRIu64 " .. %" PRIu64 " (%.6f s)\n", s->tsc_min,
               s->tsc_max, span_seconds(s));
    for (k = 0; k < 8; k++)
        if (s->warnings[k] != 0)
            out_printf(o, "warning %s: %" PRIu64 "\n",
                       td_warning_name(100 + k), s->warnings[k]);
}

void xray_stat_print_json(out *o, const xray_stat *s)
{
    int k;
    out_printf(o,
               "{\"format\":\"xray\",\"mode\":\"%s\",\"version\":%u,"
               "\"big_endian\":%s,\"bytes\":%" PRIu64 ",\"records\":%" PRIu64
               ",\"kinds\":{",
               mode_name(s), s->header.header.version,
               s->header.header.big_endian ? "true" : "false", s->file_bytes,
               xray_stat_records(s));
    for (k = TD_XRAY_EV_EXTENTS; k <= TD_XRAY_EV_END_OF_BUFFER; k++)
        if (k != TD_XRAY_EV_PAYLOAD)
            out_printf(o, "%s\"%s\":%" PRIu64,
                       k == TD_XRAY_EV_EXTENTS ? "" : ",", xray_kind_name(k),
                       s->kinds[k]);
    out_str(o, "},\"functions\":{");
    for (k = 0; k < 4; k++)
        out_printf(o, "%s\"%s\":%" PRIu64, k ? "," : "", xray_action_name(k),
                   s->actions[k]);
    out_printf(o,
               "},\"payload_bytes\":%" PRIu64 ",\"threads\":%zu,\"cpus\":%u,"
               "\"tsc_min\":%" PRIu64 ",\"tsc_max\":%" PRIu64
               ",\"seconds\":%.9f,\"warnings\":{",
               s->payload_bytes, s->threads.count, s->ncpus, s->tsc_min,
               s->tsc_max, span_seconds(s));
    for (k = 0; k < 8; k++)
        out_printf(o, "%s\"%s\":%" PRIu64, k ? "," : "",
                   td_warning_name(100 + k), s->warnings[k]);
    out_str(o, "}}\n");
}

void xray_stat_summary(out *o, const xray_stat *s)
{
    out_printf(o, "xray %s v%u %s: %" PRIu64 " records", mode_name(s),
               s->header.header.version,
               s->header.header.big_endian ? "be" : "le",
               xray_stat_records(s));
    if (s->header.header.mode == TD_XRAY_MODE_FDR)
        out_printf(o, " in %" PRIu64 " buffers", buffers(s));
    out_printf(o, ", %zu threads, %u cpus, %.6f s\n", s->threads.count,
               s->ncpus, span_seconds(s));
}
