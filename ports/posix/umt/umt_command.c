/*
 * umt_command.c - the tracedec commands on a UMT trace directory. Each
 * runs the decoder in one or more modes (umt_pass.h):
 *   info       the headers (DECODE, stopped after TRACE), the module names
 *              (MODULES: they also tell the string layout) and trace.xml
 *   validate   VALIDATE without instruction records' events (they are
 *              checked in place) and payloads
 *   dump       modules and threads first (for names), then DECODE; with
 *              --io=stream, the raw records of STREAM mode
 *   stat       DECODE without payload events, counting record types
 * info, stat and validate print their summary as one JSON object with
 * --json (docs/json.md).
 */
#include "umt_command.h"
#include "escape.h"
#include "files.h"
#include "json.h"
#include "umt_dump.h"
#include "umt_pass.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

bool umt_is_trace_dir(const char *path)
{
    char probe[4096];
    snprintf(probe, sizeof probe, "%s/exec.vtable", path);
    return path_is_dir(path) && path_is_file(probe);
}

/* ---- validate and stat ---------------------------------------------------
 */

#define RECORD_TYPES 12

/* Records of each type, the TRACE event's counts, warnings. */
typedef struct umt_counts {
    uint64_t kinds[RECORD_TYPES];
    td_umt_event trace;
    uint64_t warnings;
} umt_counts;

static int count_event(void *ctx, const void *event)
{
    const td_umt_event *ev = event;
    umt_counts *c = ctx;
    if (ev->kind == TD_UMT_EV_RECORD && ev->record.type < RECORD_TYPES)
        c->kinds[ev->record.type]++;
    if (ev->kind == TD_UMT_EV_TRACE)
        c->trace = *ev;
    if (ev->kind == TD_UMT_EV_WARNING)
        c->warnings++;
    return 0;
}

/* validate's summary: "PATH: valid umt v1, N records, I instructions, T
 * threads, W warnings" on standard error, or its JSON object. */
static void print_valid(const cli *c, const umt_counts *n)
{
    const td_umt_event *t = &n->trace;
    json j;
    if (!c->opt.json) {
        out_printf(c->err, "%s: valid umt v%u, %" PRIu64 " records, %"
                           PRIu64 " instructions, %" PRIu64 " threads, %"
                           PRIu64 " warnings\n",
                   c->opt.path, t->trace.exec_version, t->trace.records,
                   t->trace.instructions, t->trace.threads, n->warnings);
        return;
    }
    json_begin_valid(&j, c->out, "umt", c->opt.path);
    json_u64(&j, "version", t->trace.exec_version);
    json_u64(&j, "records", t->trace.records);
    json_u64(&j, "instructions", t->trace.instructions);
    json_u64(&j, "threads", t->trace.threads);
    json_u64(&j, "warnings", n->warnings);
    json_end(&j);
}

static int validate(const cli *c)
{
    umt_counts n;
    int status;
    memset(&n, 0, sizeof n);
    status = umt_pass(c, TD_UMT_VALIDATE, TD_UMT_SKIP_INSTRUCTIONS,
                      count_event, &n);
    if (status == EXIT_VALID && (c->opt.verbose || c->opt.json))
        print_valid(c, &n);
    return status;
}

/* The TRACE event's counts stat prints, in order: their names in text
 * and in JSON. */
#define TABLE_COUNTS 5

static const char *const count_names[TABLE_COUNTS] = {
    "threads", "instructions", "modules", "syscalls", "address ranges"};
static const char *const count_keys[TABLE_COUNTS] = {
    "threads", "instructions", "modules", "syscalls", "address_ranges"};

static void table_counts(const umt_counts *n, uint64_t *v)
{
    v[0] = n->trace.trace.threads;
    v[1] = n->trace.trace.instructions;
    v[2] = n->trace.trace.modules;
    v[3] = n->trace.trace.syscalls;
    v[4] = n->trace.trace.address_ranges;
}

static void print_counts(out *o, const umt_counts *n)
{
    uint64_t v[TABLE_COUNTS];
    int i;
    out_printf(o, "records: %" PRIu64 "\n", n->trace.trace.records);
    for (i = 0; i < RECORD_TYPES; i++)
        if (td_umt_record_type_name(i) != NULL)
            out_printf(o, "  %s: %" PRIu64 "\n", td_umt_record_type_name(i),
                       n->kinds[i]);
    table_counts(n, v);
    for (i = 0; i < TABLE_COUNTS; i++)
        out_printf(o, "%s: %" PRIu64 "\n", count_names[i], v[i]);
}

static void print_counts_json(out *o, const umt_counts *n)
{
    uint64_t v[TABLE_COUNTS];
    json j;
    int i;
    json_begin(&j, o, "umt");
    json_u64(&j, "records", n->trace.trace.records);
    json_open(&j, "kinds", '{');
    for (i = 0; i < RECORD_TYPES; i++)
        if (td_umt_record_type_name(i) != NULL)
            json_u64(&j, td_umt_record_type_name(i), n->kinds[i]);
    json_close(&j, '{');
    table_counts(n, v);
    for (i = 0; i < TABLE_COUNTS; i++)
        json_u64(&j, count_keys[i], v[i]);
    json_end(&j);
}

static int stat_command(const cli *c)
{
    umt_counts n;
    int status;
    memset(&n, 0, sizeof n);
    status = umt_pass(c, TD_UMT_DECODE, TD_UMT_NO_PAYLOADS, count_event, &n);
    if (status != EXIT_VALID)
        return status;
    if (c->opt.json)
        print_counts_json(c->out, &n);
    else
        print_counts(c->out, &n);
    return EXIT_VALID;
}

/* ---- dump ------------------------------------------------------------ */

static int dump_event(void *ctx, const void *ev)
{
    umt_dump_event(ctx, ev);
    return 0;
}

static int raw_event(void *ctx, const void *ev)
{
    umt_dump_raw(ctx, ev);
    return 0;
}

static int dump(const cli *c)
{
    umt_names names;
    umt_dump d;
    int status;
    if (c->opt.io == HOST_STREAM)
        return umt_pass(c, TD_UMT_STREAM, 0, raw_event, c->out);
    status = umt_names_load(c, &names);
    if (status == EXIT_VALID) {
        umt_dump_init(&d, c->out, &names);
        status = umt_pass(c, TD_UMT_DECODE, 0, dump_event, &d);
        umt_dump_finish(&d);
    }
    umt_names_free(&names);
    return status;
}

/* ---- info ------------------------------------------------------------ */

typedef struct info_run {
    out *o;
    json j;              /* info --json */
    td_umt_event trace;
    int layout;
    bool in_text;
} info_run;

static int trace_event(void *ctx, const void *event)
{
    const td_umt_event *ev = event;
    info_run *r = ctx;
    if (ev->kind != TD_UMT_EV_TRACE)
        return 0;
    r->trace = *ev;
    return DRIVER_STOP;
}

static int layout_event(void *ctx, const void *event)
{
    const td_umt_event *ev = event;
    info_run *r = ctx;
    if (ev->kind == TD_UMT_EV_STRING && ev->string.layout != 0)
        r->layout = ev->string.layout;
    return 0;
}

/* trace.xml: "PATH = text" for each element with text. */
static int xml_event(void *ctx, const void *event)
{
    const td_umt_event *ev = event;
    info_run *r = ctx;
    if (ev->kind != TD_UMT_EV_XML)
        return 0;
    if (ev->xml.part == TD_UMT_XML_TEXT) {
        if (!r->in_text) {
            out_str(r->o, "  ");
            out_text(r->o, ev->xml.path, ev->xml.path_len);
            out_str(r->o, " = ");
        }
        out_bytes(r->o, ev->xml.text, ev->xml.text_len);
        r->in_text = true;
    } else if (r->in_text) {
        out_char(r->o, '\n');
        r->in_text = false;
    }
    return 0;
}

/* The end of an element's text in "trace_xml". */
static void end_xml_json(info_run *r)
{
    if (!r->in_text)
        return;
    json_string_close(&r->j);
    json_close(&r->j, '{');
    r->in_text = false;
}

/* trace.xml for info --json: {"path":..., "text":...} for each element
 * with text. */
static int xml_event_json(void *ctx, const void *event)
{
    const td_umt_event *ev = event;
    info_run *r = ctx;
    if (ev->kind != TD_UMT_EV_XML)
        return 0;
    if (ev->xml.part != TD_UMT_XML_TEXT) {
        end_xml_json(r);
        return 0;
    }
    if (!r->in_text) {
        json_open(&r->j, NULL, '{');
        json_text(&r->j, "path", ev->xml.path,
                  strnlen(ev->xml.path, ev->xml.path_len));
        json_string_open(&r->j, "text");
        r->in_text = true;
    }
    escape_json(r->o, (const uint8_t *)ev->xml.text, ev->xml.text_len);
    return 0;
}

static void print_trace(out *o, const td_umt_event *t, int layout)
{
    static const char *const layouts[3] = {"unknown (only empty strings)",
                                           "2013 document (64-bit lengths)",
                                           "as built (16-bit lengths)"};
    out_str(o, "format: umt (UMTracer/UMTIndex indexed trace)\n");
    out_printf(o, "exec.vtable: version %u, %" PRIu64 " records\n",
               t->trace.exec_version, t->trace.records);
    out_printf(o, "ins.itable: RecordVer %u, %" PRIu64 " instructions\n",
               t->trace.ins_version, t->trace.instructions);
    out_printf(o, "module.itable: %" PRIu64 " modules\n", t->trace.modules);
    out_printf(o, "thread.itable: %" PRIu64 " threads\n", t->trace.threads);
    out_printf(o, "syscall.vtable: UnifiedIDsVer %u, %" PRIu64 " syscalls\n",
               t->trace.syscall_ids_version, t->trace.syscalls);
    out_printf(o, "address_space.itable: %" PRIu64 " ranges\n",
               t->trace.address_ranges);
    out_printf(o, "context_map.itable: %u registers, %u-byte dumps\n",
               t->trace.registers, t->trace.dump_size);
    out_printf(o, "strings: %s\n",
               layouts[layout >= 0 && layout < 3 ? layout : 0]);
}

/* The headers' fields and the string layout, in info's JSON object. */
static void print_trace_json(json *j, const td_umt_event *t, int layout)
{
    static const char *const layouts[3] = {"unknown", "2013-document",
                                           "as-built"};
    json_u64(j, "exec_version", t->trace.exec_version);
    json_u64(j, "records", t->trace.records);
    json_u64(j, "ins_version", t->trace.ins_version);
    json_u64(j, "instructions", t->trace.instructions);
    json_u64(j, "modules", t->trace.modules);
    json_u64(j, "threads", t->trace.threads);
    json_u64(j, "syscall_ids_version", t->trace.syscall_ids_version);
    json_u64(j, "syscalls", t->trace.syscalls);
    json_u64(j, "address_ranges", t->trace.address_ranges);
    json_u64(j, "registers", t->trace.registers);
    json_u64(j, "dump_size", t->trace.dump_size);
    json_str(j, "strings", layouts[layout >= 0 && layout < 3 ? layout : 0]);
}

/* trace.xml's texts, in text or in JSON: the object stays whole when the
 * file turns out bad. */
static int print_xml(const cli *c, info_run *r)
{
    int status;
    if (!c->opt.json) {
        out_str(c->out, "trace.xml:\n");
        status = umt_pass(c, TD_UMT_XML, 0, xml_event, r);
        if (r->in_text)
            out_char(c->out, '\n');
        return status;
    }
    json_open(&r->j, "trace_xml", '[');
    status = umt_pass(c, TD_UMT_XML, 0, xml_event_json, r);
    end_xml_json(r);
    json_close(&r->j, '[');
    json_end(&r->j);
    return status;
}

static int info(const cli *c)
{
    info_run r;
    int status;
    memset(&r, 0, sizeof r);
    r.o = c->out;
    status = umt_pass(c, TD_UMT_DECODE, TD_UMT_NO_PAYLOADS, trace_event, &r);
    if (status != EXIT_VALID)
        return status;
    status = umt_pass(c, TD_UMT_MODULES, 0, layout_event, &r);
    if (status != EXIT_VALID)
        return status;
    if (c->opt.json) {
        json_begin(&r.j, c->out, "umt");
        print_trace_json(&r.j, &r.trace, r.layout);
    } else {
        print_trace(c->out, &r.trace, r.layout);
    }
    return print_xml(c, &r);
}

/* The commands, by enum cli_command; convert has none. */
static int (*const commands[])(const cli *c) = {
    [CMD_INFO] = info,
    [CMD_VALIDATE] = validate,
    [CMD_DUMP] = dump,
    [CMD_STAT] = stat_command,
    [CMD_CONVERT] = NULL,
};

int umt_command(const cli *c, host *input)
{
    (void)input;
    if (c->opt.io == HOST_STREAM && c->opt.command != CMD_DUMP) {
        report_problem(c, "a UMT trace is read at random: use --io=pread "
                          "or --io=mmap (--io=stream only dumps the raw "
                          "records)");
        return EXIT_USAGE;
    }
    if (commands[c->opt.command] == NULL) {
        report_problem(c, "convert does not apply to UMT traces");
        return EXIT_USAGE;
    }
    return commands[c->opt.command](c);
}
