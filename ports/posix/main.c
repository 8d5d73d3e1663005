/*
 * main.c - the tracedec command line: the commands (a table: the word,
 * the options each takes and what it does, which is also the usage
 * text), the formats (a table: what the path or the file's first bytes
 * say -> the format's entry point), and the way from one to the other.
 */
#include "cli.h"
#include "detect_input.h"
#include "drmem_command.h"
#include "files.h"
#include "options.h"
#include "report.h"
#include "rvn_command.h"
#include "umt_command.h"
#include "xray_command.h"

#include <string.h>

/* A command's row: the word that names it, its synopsis (the options it
 * takes, as the usage text shows them) and what it does (a line after
 * the first continues under it). A command has a row per form. */
typedef struct command_entry {
    const char *word;
    int command;         /* enum cli_command */
    const char *synopsis;
    const char *what;
} command_entry;

static const command_entry commands[] = {
    {"info", CMD_INFO, "info [--json]",
     "format, version, header fields, summary"},
    {"validate", CMD_VALIDATE, "validate [-v] [--json]",
     "exit 0 when valid, 1 when not, 2 on usage or I/O errors;\n"
     "-v: warnings and a summary; --json: the summary as JSON"},
    {"dump", CMD_DUMP, "dump [--style=native|llvm|drcachesim]",
     "one line per event in file order; llvm prints what\n"
     "`llvm-xray fdr-dump` prints, drcachesim the lines\n"
     "of DynamoRIO's view tool"},
    {"convert", CMD_CONVERT, "convert -f yaml|json|chrome [--sort]",
     "yaml: llvm-xray convert's records (file order, or\n"
     "--sort for tsc order); json: JSON Lines; chrome:\n"
     "Chrome trace-event JSON"},
    {"stat", CMD_STAT, "stat [--json]",
     "XRay: counts per record kind, threads, CPUs, time span;\n"
     "drmemtrace: what DynamoRIO's basic_counts prints"},
    {"dump", CMD_DUMP, "dump --table NAME",
     "SQLite: what `sqlite3 -quote PATH \"SELECT * FROM NAME\"`\n"
     "prints (REVEN block traces: dump alone prints the\n"
     "executed blocks)"},
};

#define COMMAND_COUNT (sizeof commands / sizeof commands[0])

/* What a path is when the file system says it, before any byte is read. */
enum { INPUT_UMT_DIR = -1, INPUT_DRMEM_DIR = -2 };

/* A format's row: td_detect_format's answer (or an INPUT_*), and its
 * entry point. */
typedef struct format_entry {
    int format;
    cli_format_command command;
} format_entry;

static const format_entry formats[] = {
    {INPUT_UMT_DIR, umt_command},
    {INPUT_DRMEM_DIR, drmem_command},
    {TD_FORMAT_XRAY, xray_command},
    {TD_FORMAT_DRMEMTRACE, drmem_command},
    {TD_FORMAT_ZIP, drmem_command},
    {TD_FORMAT_GZIP, drmem_command},
    {TD_FORMAT_LZ4, drmem_command},
    {TD_FORMAT_SNAPPY, drmem_command},
    {TD_FORMAT_SQLITE, rvn_command},
};

#define FORMAT_COUNT (sizeof formats / sizeof formats[0])

static const char usage_head[] =
    "usage: tracedec [--io=pread|mmap|stream] COMMAND [OPTIONS] PATH\n"
    "PATH is a trace file, a drmemtrace directory, a UMT trace directory\n"
    "(one with exec.vtable), or - for standard input.\n"
    "commands:\n";

static const char usage_tail[] =
    "options:\n"
    "  --recover-typed-extents  skip bytes lost to compiler-rt's typed-event\n"
    "                        extents bug with a warning instead of failing\n"
    "  --version, --help\n";

/* The column where what a command does begins. */
#define WHAT_COLUMN 24

static void print_usage(out *o)
{
    size_t i;
    out_str(o, usage_head);
    for (i = 0; i < COMMAND_COUNT; i++) {
        const char *what = commands[i].what, *end;
        size_t n = 2 + strlen(commands[i].synopsis);
        out_str(o, "  ");
        out_str(o, commands[i].synopsis);
        if (n < WHAT_COLUMN) {
            out_spaces(o, WHAT_COLUMN - n);
        } else {
            out_char(o, '\n');
            out_spaces(o, WHAT_COLUMN);
        }
        while ((end = strchr(what, '\n')) != NULL) {
            out_bytes(o, what, (size_t)(end + 1 - what));
            out_spaces(o, WHAT_COLUMN);
            what = end + 1;
        }
        out_str(o, what);
        out_char(o, '\n');
    }
    out_str(o, usage_tail);
}

static int usage(const cli *c, const char *problem)
{
    if (problem != NULL)
        report_problem(c, problem);
    print_usage(c->err);
    return EXIT_USAGE;
}

/* The command a word names, or -1. */
static int find_command(const char *word)
{
    size_t i;
    for (i = 0; i < COMMAND_COUNT; i++)
        if (strcmp(word, commands[i].word) == 0)
            return commands[i].command;
    return -1;
}

/* The command line into c->opt. Returns 0, or EXIT_USAGE after the
 * usage text. */
static int parse(cli *c, int argc, char **argv)
{
    cli_options *o = &c->opt;
    const char *problem;
    int i, words = 0;
    options_init(o);
    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (a[0] == '-' && a[1] != '\0') {
            int used = options_take(o, a, i + 1 < argc ? argv[i + 1] : NULL);
            if (used < 0)
                return usage(c, "unknown option");
            i += used;
        } else if (words == 0) {
            o->command = find_command(a);
            if (o->command < 0)
                return usage(c, "unknown command");
            words++;
        } else if (words == 1) {
            o->path = a;
            words++;
        } else {
            return usage(c, "too many arguments");
        }
    }
    if (words < 2)
        return usage(c, "a command and a path are needed");
    problem = options_check(o);
    return problem != NULL ? usage(c, problem) : 0;
}

/* --version or --help anywhere: answered before anything else. Returns
 * true when one was. */
static bool answer_flags(const cli *c, int argc, char **argv)
{
    int i;
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--version") == 0) {
            out_printf(c->out, "tracedec %s\n", td_version_string());
            return true;
        }
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            print_usage(c->out);
            return true;
        }
    }
    return false;
}

/* Run the format's entry point; a format with none is an error in the
 * input. */
static int run_format(const cli *c, int format, host *input, size_t head)
{
    cli_fault f;
    size_t i;
    for (i = 0; i < FORMAT_COUNT; i++)
        if (formats[i].format == format)
            return formats[i].command(c, input);
    cli_fault_set(&f, TD_E_UNKNOWN_FORMAT, 0,
                        head == 0 ? "the file is empty"
                                  : "not a trace format tracedec knows");
    report_error(c, c->opt.path, &f);
    return EXIT_INVALID;
}

/* What the path is, then the format's command. */
static int dispatch(const cli *c)
{
    const char *path = c->opt.path;
    const uint8_t *head;
    size_t len;
    host h;
    int rc, format;
    if (path_is_dir(path))
        return run_format(c, umt_is_trace_dir(path) ? INPUT_UMT_DIR
                                                    : INPUT_DRMEM_DIR,
                          NULL, 1);
    if (host_open(&h, path, c->opt.io) != 0 ||
        host_head(&h, 64, &head, &len) != 0) {
        report_path_problem(c, path, h.error);
        host_close(&h);
        return EXIT_USAGE;
    }
    rc = detect_input(c, &h, td_detect_format(head, len), &format);
    if (rc == 0)
        rc = run_format(c, format, &h, len);
    host_close(&h);
    return rc;
}

int main(int argc, char **argv)
{
    out std_out, std_err;
    cli c;
    int rc = EXIT_VALID;
    out_init(&std_out, stdout);
    out_init(&std_err, stderr);
    c.out = &std_out;
    c.err = &std_err;
    if (!answer_flags(&c, argc, argv)) {
        rc = parse(&c, argc, argv);
        if (rc == 0)
            rc = dispatch(&c);
    }
    out_flush(c.out);
    out_flush(c.err);
    return rc;
}
