/*
 * xray_stat.c - see xray_stat.h.
 */
#include "xray_stat.h"
#include "xray_print.h"
#include "json.h"

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

int xray_stat_consume(void *s, const void *ev)
{
    return xray_stat_event(s, ev);
}

/* CPU `cpu` among those seen. */
static void note_cpu(xray_stat *s, unsigned cpu)
{
    if (!(s->cpus[cpu / 8] & (1u << (cpu % 8)))) {
        s->cpus[cpu / 8] |= (unsigned char)(1u << (cpu % 8));
        s->ncpus++;
    }
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
    note_cpu(s, ev->cpu);
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

/* The CPUs from `first` on whose bits are set in `bits`. */
static void note_cpus(xray_stat *s, unsigned first, unsigned bits)
{
    unsigned i;
    for (i = 0; i < 8; i++)
        if (bits & (1u << i))
            note_cpu(s, first + i);
}

static void add_counts(uint64_t *to, const uint64_t *from, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        to[i] += from[i];
}

int xray_stat_merge(xray_stat *s, const xray_stat *part)
{
    size_t slot = 0;
    uint64_t key;
    unsigned cpu;
    add_counts(s->kinds, part->kinds, 16);
    add_counts(s->actions, part->actions, 4);
    add_counts(s->warnings, part->warnings, 8);
    s->payload_bytes += part->payload_bytes;
    if (part->file_bytes > s->file_bytes)
        s->file_bytes = part->file_bytes;
    if (part->any_tsc) {
        if (!s->any_tsc || part->tsc_min < s->tsc_min)
            s->tsc_min = part->tsc_min;
        if (!s->any_tsc || part->tsc_max > s->tsc_max)
            s->tsc_max = part->tsc_max;
        s->any_tsc = true;
    }
    for (cpu = 0; cpu < 65536; cpu += 8)
        if (part->cpus[cpu / 8] != 0)
            note_cpus(s, cpu, part->cpus[cpu / 8]);
    while (u64_map_next(&part->threads, &slot, &key) != NULL)
        if (u64_map_get(&s->threads, key) == NULL)
            return -1;
    return 0;
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

/* "mode", "version", "big_endian": the header's words in every summary. */
static void json_header(json *j, const xray_stat *s)
{
    json_str(j, "mode", mode_name(s));
    json_u64(j, "version", s->header.header.version);
    json_bool(j, "big_endian", s->header.header.big_endian);
}

void xray_stat_print_json(out *o, const xray_stat *s)
{
    json j;
    int k;
    json_begin(&j, o, "xray");
    json_header(&j, s);
    json_u64(&j, "bytes", s->file_bytes);
    json_u64(&j, "records", xray_stat_records(s));
    json_open(&j, "kinds", '{');
    for (k = TD_XRAY_EV_EXTENTS; k <= TD_XRAY_EV_END_OF_BUFFER; k++)
        if (k != TD_XRAY_EV_PAYLOAD)
            json_u64(&j, xray_kind_name(k), s->kinds[k]);
    json_close(&j, '{');
    json_open(&j, "functions", '{');
    for (k = 0; k < 4; k++)
        json_u64(&j, xray_action_name(k), s->actions[k]);
    json_close(&j, '{');
    json_u64(&j, "payload_bytes", s->payload_bytes);
    json_u64(&j, "threads", s->threads.count);
    json_u64(&j, "cpus", s->ncpus);
    json_u64(&j, "tsc_min", s->tsc_min);
    json_u64(&j, "tsc_max", s->tsc_max);
    json_fixed(&j, "seconds", span_seconds(s), 9);
    json_open(&j, "warnings", '{');
    for (k = 0; k < 8; k++)
        json_u64(&j, td_warning_name(100 + k), s->warnings[k]);
    json_close(&j, '{');
    json_end(&j);
}

/* "N records[ in B buffers], T threads, C cpus, S s" */
static void summary_counts(out *o, const xray_stat *s)
{
    out_printf(o, "%" PRIu64 " records", xray_stat_records(s));
    if (s->header.header.mode == TD_XRAY_MODE_FDR)
        out_printf(o, " in %" PRIu64 " buffers", buffers(s));
    out_printf(o, ", %zu threads, %u cpus, %.6f s", s->threads.count,
               s->ncpus, span_seconds(s));
}

/* "xray fdr v5 le" */
static void summary_format(out *o, const xray_stat *s)
{
    out_printf(o, "xray %s v%u %s", mode_name(s), s->header.header.version,
               s->header.header.big_endian ? "be" : "le");
}

void xray_stat_summary(out *o, const xray_stat *s)
{
    summary_format(o, s);
    out_str(o, ": ");
    summary_counts(o, s);
    out_char(o, '\n');
}

static uint64_t warnings(const xray_stat *s)
{
    uint64_t n = 0;
    int k;
    for (k = 0; k < 8; k++)
        n += s->warnings[k];
    return n;
}

void xray_stat_print_valid(out *o, const char *path, const xray_stat *s)
{
    out_printf(o, "%s: valid ", path);
    summary_format(o, s);
    out_str(o, ", ");
    summary_counts(o, s);
    out_printf(o, ", %" PRIu64 " warnings\n", warnings(s));
}

/* The counts of summary_counts() as JSON. */
static void json_counts(json *j, const xray_stat *s)
{
    json_u64(j, "records", xray_stat_records(s));
    if (s->header.header.mode == TD_XRAY_MODE_FDR)
        json_u64(j, "buffers", buffers(s));
    json_u64(j, "threads", s->threads.count);
    json_u64(j, "cpus", s->ncpus);
    json_fixed(j, "seconds", span_seconds(s), 9);
}

void xray_stat_print_valid_json(out *o, const char *path,
                                const xray_stat *s)
{
    json j;
    json_begin_valid(&j, o, "xray", path);
    json_header(&j, s);
    json_counts(&j, s);
    json_u64(&j, "warnings", warnings(s));
    json_end(&j);
}

void xray_stat_print_info_json(out *o, const xray_stat *s, int container)
{
    const td_xray_event *h = &s->header;
    json j;
    json_begin(&j, o, "xray");
    if (container != TD_FORMAT_UNKNOWN)
        json_str(&j, "container", td_format_name(container));
    json_header(&j, s);
    json_bool(&j, "constant_tsc", h->header.constant_tsc);
    json_bool(&j, "nonstop_tsc", h->header.nonstop_tsc);
    json_u64(&j, "flags", h->header.bitfield);
    json_u64(&j, "cycle_frequency", h->header.cycle_frequency);
    if (h->header.mode == TD_XRAY_MODE_FDR)
        json_u64(&j, "buffer_size", h->header.buffer_size);
    json_counts(&j, s);
    json_end(&j);
}
