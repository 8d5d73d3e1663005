/*
 * main.c - the tracedec command line: options, format detection, dispatch.
 */
#include "cli.h"
#include "sqlite_cli.h"
#include "tracedir.h"
#include "umt_cli.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static const char usage_text[] =
    "usage: tracedec [--io=pread|mmap|stream] COMMAND [OPTIONS] PATH\n"
    "PATH is a trace file, a drmemtrace directory, a UMT trace directory\n"
    "(one with exec.vtable), or - for standard input.\n"
    "commands:\n"
    "  info                  format, version, header fields, summary\n"
    "  validate [-v]         exit 0 when valid, 1 when not, 2 on usage or "
    "I/O errors\n"
    "  dump [--style=native|llvm|drcachesim]\n"
    "                        one line per event in file order; llvm prints "
    "what\n"
    "                        `llvm-xray fdr-dump` prints, drcachesim the "
    "lines\n"
    "                        of DynamoRIO's view tool\n"
    "  convert -f yaml|json|chrome [--sort]\n"
    "                        yaml: llvm-xray convert's records (file order, "
    "or\n"
    "                        --sort for tsc order); json: JSON Lines; "
    "chrome:\n"
    "                        Chrome trace-event JSON\n"
    "  stat [--json]         XRay: counts per record kind, threads, CPUs, "
    "time span;\n"
    "                        drmemtrace: what DynamoRIO's basic_counts "
    "prints\n"
    "  dump --table NAME     SQLite: what `sqlite3 -quote PATH \"SELECT * "
    "FROM NAME\"`\n"
    "                        prints (REVEN block traces: dump alone prints "
    "the\n"
    "                        executed blocks)\n"
    "options:\n"
    "  --recover-typed-extents  skip bytes lost to compiler-rt's typed-event\n"
    "                        extents bug with a warning instead of failing\n"
    "  --version, --help\n";

static int usage(const char *problem)
{
    if (problem != NULL)
        fprintf(stderr, "tracedec: %s\n", problem);
    fputs(usage_text, stderr);
    return EXIT_USAGE;
}

void cli_report_fault(const char *path, const td_fault *f)
{
    fprintf(stderr, "%s:%" PRIu64 ": %s: %s\n", path, f->offset,
            td_error_name(f->code),
            f->reason != NULL ? f->reason : td_error_text(f->code));
}

static int parse_command(const char *word)
{
    static const char *const names[] = {"info", "validate", "dump",
                                        "convert", "stat"};
    int i;
    for (i = 0; i < 5; i++)
        if (strcmp(word, names[i]) == 0)
            return i;
    return -1;
}

static int parse_io(const char *v)
{
    if (strcmp(v, "pread") == 0)
        return HOST_PREAD;
    if (strcmp(v, "mmap") == 0)
        return HOST_MMAP;
    if (strcmp(v, "stream") == 0)
        return HOST_STREAM;
    return -1;
}

/* One option; returns 0, 1 when it consumed the next argument too, or -1. */
static int parse_option(cli_options *o, const char *arg, const char *next)
{
    if (strncmp(arg, "--io=", 5) == 0)
        return (o->io = parse_io(arg + 5)) < 0 ? -1 : 0;
    if (strcmp(arg, "-v") == 0 || strcmp(arg, "--verbose") == 0)
        o->verbose = true;
    else if (strcmp(arg, "--json") == 0)
        o->json = true;
    else if (strcmp(arg, "--sort") == 0)
        o->sort = true;
    else if (strcmp(arg, "--recover-typed-extents") == 0)
        o->recover = true;
    else if (strncmp(arg, "--style=", 8) == 0)
        o->style = arg + 8;
    else if (strncmp(arg, "--format=", 9) == 0)
        o->to = arg + 9;
    else if (strcmp(arg, "--table") == 0 && next != NULL) {
        o->table = next;
        return 1;
    } else if (strcmp(arg, "-f") == 0 && next != NULL) {
        o->to = next;
        return 1;
    } else
        return -1;
    return 0;
}

static int parse(cli_options *o, int argc, char **argv)
{
    int i, words = 0;
    memset(o, 0, sizeof *o);
    o->io = HOST_AUTO;
    o->style = "native";
    o->to = "";
    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (a[0] == '-' && a[1] != '\0') {
            int used = parse_option(o, a, i + 1 < argc ? argv[i + 1] : NULL);
            if (used < 0)
                return usage("unknown option");
            i += used;
        } else if (words == 0) {
            o->command = parse_command(a);
            if (o->command < 0)
                return usage("unknown command");
            words++;
        } else if (words == 1) {
            o->path = a;
            words++;
        } else {
            return usage("too many arguments");
        }
    }
    if (words < 2)
        return usage("a command and a path are needed");
    if (strcmp(o->style, "native") != 0 && strcmp(o->style, "llvm") != 0 &&
        strcmp(o->style, "drcachesim") != 0)
        return usage("--style is native, llvm or drcachesim");
    if (o->command == CMD_CONVERT && strcmp(o->to, "yaml") != 0 &&
        strcmp(o->to, "json") != 0 && strcmp(o->to, "chrome") != 0)
        return usage("convert needs -f yaml, json or chrome");
    return 0;
}

int main(int argc, char **argv)
{
    cli_options o;
    host h;
    const uint8_t *head;
    size_t len;
    int rc, i;
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--version") == 0) {
            printf("tracedec %s\n", td_version_string());
            return 0;
        }
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            fputs(usage_text, stdout);
            return 0;
        }
    }
    rc = parse(&o, argc, argv);
    if (rc != 0)
        return rc;
    if (tracedir_is_dir(o.path) && umt_is_trace_dir(o.path))
        return umt_command(&o);
    if (tracedir_is_dir(o.path))
        return drmem_command(&o, NULL);
    if (host_open(&h, o.path, o.io) != 0 || host_head(&h, 64, &head, &len)) {
        fprintf(stderr, "tracedec: %s: %s\n", o.path, h.error);
        host_close(&h);
        return EXIT_USAGE;
    }
    switch (td_detect_format(head, len)) {
    case TD_FORMAT_XRAY:
        rc = xray_command(&o, &h);
        break;
    case TD_FORMAT_DRMEMTRACE:
    case TD_FORMAT_ZIP:
    case TD_FORMAT_GZIP:
    case TD_FORMAT_LZ4:
    case TD_FORMAT_SNAPPY:
        rc = drmem_command(&o, &h);
        break;
    case TD_FORMAT_SQLITE:
        if (h.io == HOST_STREAM || strcmp(o.path, "-") == 0) {
            fprintf(stderr, "tracedec: %s: SQLite files are read by random "
                            "access: give a file path\n", o.path);
            rc = EXIT_USAGE;
            break;
        }
        host_close(&h);
        if (o.table != NULL && o.command == CMD_DUMP)
            return sqlite_dump_table(&o);
        return rvn_command(&o);
    default:
        fprintf(stderr, "%s:0: unknown-format: %s\n", o.path,
                len == 0 ? "the file is empty"
                         : "not a trace format tracedec knows");
        rc = EXIT_INVALID;
        break;
    }
    host_close(&h);
    return rc;
}
