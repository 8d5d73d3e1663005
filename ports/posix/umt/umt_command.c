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
 */
#include "umt_command.h"
#include "files.h"
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

/* Records of each type, and the TRACE event's counts. */
typedef struct umt_counts {
    uint64_t kinds[RECORD_TYPES];
    td_umt_event trace;
} umt_counts;

static int count_event(void *ctx, const void *event)
{
    const td_umt_event *ev = event;
    umt_counts *c = ctx;
    if (ev->kind == TD_UMT_EV_RECORD && ev->record.type < RECORD_TYPES)
        c->kinds[ev->record.type]++;
    if (ev->kind == TD_UMT_EV_TRACE)
        c->trace = *ev;
    return 0;
}

static int validate(const cli *c)
{
    umt_counts n;
    int status;
    memset(&n, 0, sizeof n);
    status = umt_pass(c, TD_UMT_VALIDATE, TD_UMT_SKIP_INSTRUCTIONS,
                      count_event, &n);
    if (status == EXIT_VALID && c->opt.verbose)
        out_printf(c->err, "%s: valid UMT trace, %" PRIu64 " records\n",
                   c->opt.path, n.trace.trace.records);
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
    const char *comma = "";
    int i;
    out_printf(o, "{\"format\":\"umt\",\"records\":%" PRIu64 ",\"kinds\":{",
               n->trace.trace.records);
    for (i = 0; i < RECORD_TYPES; i++) {
        if (td_umt_record_type_name(i) == NULL)
            continue;
        out_printf(o, "%s\"%s\":%" PRIu64, comma, td_umt_record_type_name(i),
                   n->kinds[i]);
        comma = ",";
    }
    out_char(o, '}');
    table_counts(n, v);
    for (i = 0; i < TABLE_COUNTS; i++)
        out_printf(o, ",\"%s\":%" PRIu64, count_keys[i], v[i]);
    out_str(o, "}\n");
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
    print_trace(c->out, &r.trace, r.layout);
    out_str(c->out, "trace.xml:\n");
    status = umt_pass(c, TD_UMT_XML, 0, xml_event, &r);
    if (r.in_text)
        out_char(c->out, '\n');
    return status;
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
