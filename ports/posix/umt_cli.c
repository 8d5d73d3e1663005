/*
 * umt_cli.c - the tracedec commands on a UMT trace directory. Each command
 * runs the decoder in one or more modes over a dir_host that serves the
 * eleven files:
 *   info       the headers (DECODE, stopped after TRACE), the module names
 *              (MODULES: they also tell the string layout) and trace.xml
 *   validate   VALIDATE without instruction records' events (they are
 *              checked in place) and payloads
 *   dump       modules and threads first (for names), then DECODE; with
 *              --io=stream, the raw records of STREAM mode
 *   stat       DECODE without payload events, counting record types
 */
#include "umt_cli.h"
#include "dir_host.h"
#include "grow.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

bool umt_is_trace_dir(const char *path)
{
    char probe[4096];
    struct stat st;
    snprintf(probe, sizeof probe, "%s/exec.vtable", path);
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode) &&
           stat(probe, &st) == 0 && S_ISREG(st.st_mode);
}

/* What a command does with each event; non-zero stops the decoding. */
typedef int (*umt_consumer)(void *ctx, const td_umt_event *ev);

/* The decoder's workspace: read-ahead batches, thread chains and
 * instruction summaries (see td_umt_init). */
#define WORKSPACE_SIZE ((size_t)2 << 20)

static void report(const cli_options *o, const td_umt_decoder *d)
{
    const td_fault *f = td_umt_fault(d);
    const char *name = td_umt_file_name((int)td_umt_fault_file(d));
    fprintf(stderr, "%s/%s:%" PRIu64 ": %s: %s\n", o->path, name ? name : "?",
            f->offset, td_error_name(f->code),
            f->reason != NULL ? f->reason : td_error_text(f->code));
}

static void warn(const cli_options *o, const td_umt_event *ev)
{
    const char *name = td_umt_file_name((int)ev->file);
    fprintf(stderr, "%s/%s:%" PRIu64 ": warning %s: %s\n", o->path,
            name ? name : "?", ev->offset, td_warning_name(ev->warning.code),
            ev->warning.reason ? ev->warning.reason
                               : td_warning_text(ev->warning.code));
}

/* Decode the directory in one mode. Returns an exit status. */
static int run(const cli_options *o, int mode, uint32_t flags,
               umt_consumer consume, void *ctx)
{
    const char *names[TD_UMT_FILE_COUNT];
    td_umt_decoder *d = malloc(sizeof *d);
    td_umt_event *ev = malloc(sizeof *ev);
    void *workspace = malloc(WORKSPACE_SIZE);
    td_umt_config cfg;
    dir_host h;
    int rc, status = EXIT_VALID, i;
    for (i = 0; i < TD_UMT_FILE_COUNT; i++)
        names[i] = td_umt_file_name(i);
    if (d == NULL || ev == NULL || workspace == NULL ||
        dir_host_open(&h, o->path, names, TD_UMT_FILE_COUNT,
                      mode == TD_UMT_STREAM ? HOST_STREAM : o->io) != 0) {
        fprintf(stderr, "tracedec: %s: %s\n", o->path,
                d == NULL || ev == NULL || workspace == NULL ? "out of memory"
                                                             : h.error);
        free(d);
        free(ev);
        free(workspace);
        return EXIT_USAGE;
    }
    memset(&cfg, 0, sizeof cfg);
    cfg.size = sizeof cfg;
    cfg.flags = flags;
    cfg.memory = workspace;
    cfg.memory_size = WORKSPACE_SIZE;
    cfg.mode = mode;
    td_umt_init(d, &cfg);
    while ((rc = td_umt_next(d, ev)) != TD_END) {
        const uint8_t *data;
        size_t len;
        if (rc == TD_EVENT) {
            if (ev->kind == TD_UMT_EV_WARNING && o->verbose)
                warn(o, ev);
            if (consume(ctx, ev) != 0)
                break;
            continue;
        }
        if (rc != TD_NEED_INPUT) {
            report(o, d);
            status = EXIT_INVALID;
            break;
        }
        if (dir_host_read(&h, td_umt_request(d), &data, &len) != 0) {
            fprintf(stderr, "tracedec: %s: %s\n", o->path, h.error);
            status = EXIT_USAGE;
            break;
        }
        td_umt_feed(d, data, len);
    }
    dir_host_close(&h);
    free(workspace);
    free(ev);
    free(d);
    return status;
}

/* ---- validate and stat ---------------------------------------------------
 */

#define RECORD_TYPES 12

/* Records of each type, and the TRACE event's counts. */
typedef struct umt_counts {
    uint64_t kinds[RECORD_TYPES];
    td_umt_event trace;
} umt_counts;

static int count_event(void *ctx, const td_umt_event *ev)
{
    umt_counts *c = ctx;
    if (ev->kind == TD_UMT_EV_RECORD && ev->record.type < RECORD_TYPES)
        c->kinds[ev->record.type]++;
    if (ev->kind == TD_UMT_EV_TRACE)
        c->trace = *ev;
    return 0;
}

static int validate(const cli_options *o)
{
    umt_counts c;
    int status;
    memset(&c, 0, sizeof c);
    status =
        run(o, TD_UMT_VALIDATE, TD_UMT_SKIP_INSTRUCTIONS, count_event, &c);
    if (status == EXIT_VALID && o->verbose)
        fprintf(stderr, "%s: valid UMT trace, %" PRIu64 " records\n", o->path,
                c.trace.trace.records);
    return status;
}

/* The TRACE event's counts stat prints, in order. */
#define TABLE_COUNTS 5

static void table_counts(const umt_counts *c, uint64_t *v)
{
    v[0] = c->trace.trace.threads;
    v[1] = c->trace.trace.instructions;
    v[2] = c->trace.trace.modules;
    v[3] = c->trace.trace.syscalls;
    v[4] = c->trace.trace.address_ranges;
}

static void print_counts(const umt_counts *c)
{
    static const char *const names[TABLE_COUNTS] = {
        "threads", "instructions", "modules", "syscalls", "address ranges"};
    uint64_t v[TABLE_COUNTS];
    int i;
    printf("records: %" PRIu64 "\n", c->trace.trace.records);
    for (i = 0; i < RECORD_TYPES; i++)
        if (td_umt_record_type_name(i) != NULL)
            printf("  %s: %" PRIu64 "\n", td_umt_record_type_name(i),
                   c->kinds[i]);
    table_counts(c, v);
    for (i = 0; i < TABLE_COUNTS; i++)
        printf("%s: %" PRIu64 "\n", names[i], v[i]);
}

static void print_counts_json(const umt_counts *c)
{
    static const char *const names[TABLE_COUNTS] = {
        "threads", "instructions", "modules", "syscalls", "address_ranges"};
    uint64_t v[TABLE_COUNTS];
    const char *comma = "";
    int i;
    printf("{\"format\":\"umt\",\"records\":%" PRIu64 ",\"kinds\":{",
           c->trace.trace.records);
    for (i = 0; i < RECORD_TYPES; i++) {
        if (td_umt_record_type_name(i) == NULL)
            continue;
        printf("%s\"%s\":%" PRIu64, comma, td_umt_record_type_name(i),
               c->kinds[i]);
        comma = ",";
    }
    printf("}");
    table_counts(c, v);
    for (i = 0; i < TABLE_COUNTS; i++)
        printf(",\"%s\":%" PRIu64, names[i], v[i]);
    printf("}\n");
}

static int stat_command(const cli_options *o)
{
    umt_counts c;
    int status;
    memset(&c, 0, sizeof c);
    status = run(o, TD_UMT_DECODE, TD_UMT_NO_PAYLOADS, count_event, &c);
    if (status != EXIT_VALID)
        return status;
    if (o->json)
        print_counts_json(&c);
    else
        print_counts(&c);
    return EXIT_VALID;
}

/* ---- Module and thread names ----------------------------------------------
 */

typedef struct names_run {
    umt_names names;
    size_t module_cap, thread_cap;
    bool in_win_name;
    size_t name_len;
} names_run;

/* A UTF-16LE code unit as UTF-8 (surrogates as '?'). */
static size_t utf8(uint16_t u, char *out)
{
    if (u < 0x80) {
        out[0] = (char)u;
        return 1;
    }
    if (u < 0x800) {
        out[0] = (char)(0xc0 | u >> 6);
        out[1] = (char)(0x80 | (u & 0x3f));
        return 2;
    }
    if (u >= 0xd800 && u < 0xe000) {
        out[0] = '?';
        return 1;
    }
    out[0] = (char)(0xe0 | u >> 12);
    out[1] = (char)(0x80 | (u >> 6 & 0x3f));
    out[2] = (char)(0x80 | (u & 0x3f));
    return 3;
}

/* Characters of a WinName: keep what follows the last backslash. */
static void name_bytes(names_run *r, const td_umt_event *ev)
{
    umt_module_name *m = &r->names.modules[r->names.module_count - 1];
    size_t i;
    for (i = 0; i + 1 < ev->bytes.len; i += 2) {
        uint16_t u =
            (uint16_t)(ev->bytes.data[i] | ev->bytes.data[i + 1] << 8);
        char c[3];
        size_t n = utf8(u, c);
        if (u == '\\') {
            r->name_len = 0;
            continue;
        }
        if (r->name_len + n < sizeof m->name) {
            memcpy(m->name + r->name_len, c, n);
            r->name_len += n;
        }
        m->name[r->name_len] = 0;
    }
}

static int names_event(void *ctx, const td_umt_event *ev)
{
    names_run *r = ctx;
    if (ev->kind == TD_UMT_EV_MODULE) {
        umt_module_name *m;
        if (grow_array(&r->names.modules, &r->module_cap,
                       r->names.module_count + 1, sizeof *m) != 0)
            return 1;
        m = &r->names.modules[r->names.module_count++];
        m->start = ev->module.start;
        m->name[0] = 0;
    } else if (ev->kind == TD_UMT_EV_STRING) {
        r->in_win_name = ev->string.role == TD_UMT_WIN_NAME;
        r->name_len = 0;
    } else if (ev->kind == TD_UMT_EV_BYTES && r->in_win_name) {
        name_bytes(r, ev);
    } else if (ev->kind == TD_UMT_EV_THREAD) {
        if (grow_array(&r->names.win_tids, &r->thread_cap,
                       r->names.thread_count + 1, sizeof(int32_t)) != 0)
            return 1;
        r->names.win_tids[r->names.thread_count++] = ev->thread.win_tid;
    }
    return 0;
}

static int load_names(const cli_options *o, names_run *r)
{
    int status;
    memset(r, 0, sizeof *r);
    status = run(o, TD_UMT_MODULES, 0, names_event, r);
    if (status == EXIT_VALID)
        status = run(o, TD_UMT_THREADS, 0, names_event, r);
    return status;
}

/* ---- dump
 * --------------------------------------------------------------------- */

static int dump_event(void *ctx, const td_umt_event *ev)
{
    umt_dump_event(ctx, ev);
    return 0;
}

static int raw_event(void *ctx, const td_umt_event *ev)
{
    umt_dump_raw(ctx, ev);
    return 0;
}

static int dump(const cli_options *o)
{
    names_run r;
    umt_dump d;
    int status;
    if (o->io == HOST_STREAM)
        return run(o, TD_UMT_STREAM, 0, raw_event, stdout);
    status = load_names(o, &r);
    if (status == EXIT_VALID) {
        umt_dump_init(&d, stdout, &r.names);
        status = run(o, TD_UMT_DECODE, 0, dump_event, &d);
        umt_dump_finish(&d);
    }
    free(r.names.modules);
    free(r.names.win_tids);
    return status;
}

/* ---- info
 * ---------------------------------------------------------------------- */

typedef struct info_run {
    td_umt_event trace;
    bool have_trace;
    int layout;
    char path[256];
    bool in_text;
} info_run;

static int trace_event(void *ctx, const td_umt_event *ev)
{
    info_run *r = ctx;
    if (ev->kind != TD_UMT_EV_TRACE)
        return 0;
    r->trace = *ev;
    r->have_trace = true;
    return 1;
}

static int layout_event(void *ctx, const td_umt_event *ev)
{
    info_run *r = ctx;
    if (ev->kind == TD_UMT_EV_STRING && ev->string.layout != 0)
        r->layout = ev->string.layout;
    return 0;
}

/* trace.xml: "PATH = text" for each element with text. */
static int xml_event(void *ctx, const td_umt_event *ev)
{
    info_run *r = ctx;
    if (ev->kind != TD_UMT_EV_XML)
        return 0;
    if (ev->xml.part == TD_UMT_XML_TEXT) {
        if (!r->in_text)
            printf("  %.*s = ", (int)ev->xml.path_len, ev->xml.path);
        fwrite(ev->xml.text, 1, ev->xml.text_len, stdout);
        r->in_text = true;
    } else if (r->in_text) {
        putchar('\n');
        r->in_text = false;
    }
    return 0;
}

static void print_trace(const td_umt_event *t, int layout)
{
    static const char *const layouts[3] = {"unknown (only empty strings)",
                                           "2013 document (64-bit lengths)",
                                           "as built (16-bit lengths)"};
    printf("format: umt (UMTracer/UMTIndex indexed trace)\n");
    printf("exec.vtable: version %u, %" PRIu64 " records\n",
           t->trace.exec_version, t->trace.records);
    printf("ins.itable: RecordVer %u, %" PRIu64 " instructions\n",
           t->trace.ins_version, t->trace.instructions);
    printf("module.itable: %" PRIu64 " modules\n", t->trace.modules);
    printf("thread.itable: %" PRIu64 " threads\n", t->trace.threads);
    printf("syscall.vtable: UnifiedIDsVer %u, %" PRIu64 " syscalls\n",
           t->trace.syscall_ids_version, t->trace.syscalls);
    printf("address_space.itable: %" PRIu64 " ranges\n",
           t->trace.address_ranges);
    printf("context_map.itable: %u registers, %u-byte dumps\n",
           t->trace.registers, t->trace.dump_size);
    printf("strings: %s\n", layouts[layout >= 0 && layout < 3 ? layout : 0]);
}

static int info(const cli_options *o)
{
    info_run r;
    int status;
    memset(&r, 0, sizeof r);
    status = run(o, TD_UMT_DECODE, TD_UMT_NO_PAYLOADS, trace_event, &r);
    if (status != EXIT_VALID)
        return status;
    status = run(o, TD_UMT_MODULES, 0, layout_event, &r);
    if (status != EXIT_VALID)
        return status;
    print_trace(&r.trace, r.layout);
    printf("trace.xml:\n");
    status = run(o, TD_UMT_XML, 0, xml_event, &r);
    if (r.in_text)
        putchar('\n');
    return status;
}

int umt_command(const cli_options *o)
{
    if (o->io == HOST_STREAM && o->command != CMD_DUMP) {
        fprintf(stderr, "tracedec: a UMT trace is read at random: use "
                        "--io=pread or --io=mmap (--io=stream only dumps "
                        "the raw records)\n");
        return EXIT_USAGE;
    }
    switch (o->command) {
    case CMD_INFO:
        return info(o);
    case CMD_VALIDATE:
        return validate(o);
    case CMD_DUMP:
        return dump(o);
    case CMD_STAT:
        return stat_command(o);
    default:
        fprintf(stderr, "tracedec: convert does not apply to UMT traces\n");
        return EXIT_USAGE;
    }
}
