/*
 * main.c - the tracedec command line: the commands and the options
 * (tables: the words, what each takes, the inputs an option applies to,
 * what each does and examples, which are also the usage text and the
 * per-command help), the formats (a table: what the path or the file's
 * first bytes say -> the kind of input and the format's entry point), and
 * the way from one to the other for each path.
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

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A command's row: the word that names it, the options it takes besides
 * those of every command, whether it takes several paths, its synopsis
 * (as the usage text shows it), what it does (a line after the first
 * continues under it) and examples (one a line). A command has a row per
 * form. */
typedef struct command_entry {
    const char *word;
    int command;         /* enum cli_command */
    unsigned options;    /* enum cli_option */
    bool several;
    const char *synopsis;
    const char *what;
    const char *examples;
} command_entry;

static const command_entry commands[] = {
    {"info", CMD_INFO, OPT_JSON, true, "info [--json] PATH...",
     "format, version, header fields, summary",
     "tracedec info build/data/xray/fdr-v5-threads.xray\n"
     "tracedec info build/data/umt/as-built-v1\n"},
    {"validate", CMD_VALIDATE, OPT_VERBOSE | OPT_QUIET | OPT_JSON, true,
     "validate [-v|-q] [--json] PATH...",
     "exit 0 when every input is valid, 1 when one is not,\n"
     "2 on usage or I/O errors; with several inputs, a line\n"
     "per valid input too (-q: failures only); -v: warnings\n"
     "and a summary; --json: the summary as JSON",
     "tracedec validate build/data/xray/*.xray\n"
     "tracedec validate -v build/data/drmem/drmem-v7-markers.trace\n"},
    {"dump", CMD_DUMP, OPT_STYLE | OPT_INTERLEAVE, false,
     "dump [--style=native|llvm|drcachesim] [--interleave] PATH",
     "one line per event in file order; llvm prints what\n"
     "`llvm-xray fdr-dump` prints, drcachesim the lines\n"
     "of DynamoRIO's view tool; --interleave: a drmemtrace\n"
     "directory's shards in timestamp order",
     "tracedec dump build/data/xray/fdr-v5-threads.xray | head\n"
     "tracedec dump --style=llvm build/data/xray/fdr-v5-threads.xray\n"
     "tracedec dump --style=drcachesim "
     "build/data/drmem/drmem-v7-markers.trace\n"
     "tracedec dump --interleave --style=drcachesim DIR.dir\n"},
    {"convert", CMD_CONVERT, OPT_TO | OPT_SORT, false,
     "convert -f yaml|json|chrome [--sort] PATH",
     "yaml: llvm-xray convert's records (file order, or\n"
     "--sort for tsc order); json: JSON Lines; chrome:\n"
     "Chrome trace-event JSON",
     "tracedec convert -f yaml --sort build/data/xray/fdr-v5-threads.xray\n"
     "tracedec convert -f chrome build/data/xray/fdr-v5-threads.xray "
     "> trace.json\n"},
    {"stat", CMD_STAT, OPT_JSON, true, "stat [--json] PATH...",
     "XRay: counts per record kind, threads, CPUs, time span;\n"
     "drmemtrace: what DynamoRIO's basic_counts prints",
     "tracedec stat build/data/drmem/drmem-v7-markers.trace\n"
     "tracedec stat --json build/data/xray/fdr-v5-threads.xray\n"},
    {"dump", CMD_DUMP, OPT_TABLE, false, "dump --table NAME PATH",
     "SQLite: what `sqlite3 -quote PATH \"SELECT * FROM NAME\"`\n"
     "prints (REVEN block traces: dump alone prints the\n"
     "executed blocks)",
     "tracedec dump --table sqlite_schema FILE.sqlite\n"},
};

#define COMMAND_COUNT (sizeof commands / sizeof commands[0])

/* The options every command takes. */
static const unsigned every_command = OPT_IO | OPT_JOBS | OPT_RECOVER |
                                      OPT_PROGRESS | OPT_NO_PROGRESS |
                                      OPT_HELP | OPT_VERSION;

/* The options: their names, what they take, the inputs they apply to,
 * and what they do. */
static const option_entry options[] = {
    {OPT_VERBOSE, "--verbose", "-v", NULL, FAMILY_ANY,
     "also print warnings, and a summary of each valid input"},
    {OPT_QUIET, "--quiet", "-q", NULL, FAMILY_ANY,
     "print nothing for valid inputs, only the failures"},
    {OPT_JSON, "--json", NULL, NULL, FAMILY_ANY,
     "print the summary as one JSON object"},
    {OPT_STYLE, "--style", NULL, "STYLE", FAMILY_ANY,
     "native (any input), llvm (XRay FDR) or drcachesim\n"
     "(drmemtrace)"},
    {OPT_INTERLEAVE, "--interleave", NULL, NULL, FAMILY_DRMEM,
     "the shards of a directory as one stream in timestamp\n"
     "order (DynamoRIO's serial order), not one after another"},
    {OPT_TABLE, "--table", NULL, "NAME", FAMILY_SQLITE,
     "an ordinary table of an SQLite file, as sqlite3 -quote\n"
     "prints it"},
    {OPT_TO, "--format", "-f", "FORMAT", FAMILY_XRAY | FAMILY_DRMEM,
     "yaml (XRay), json (XRay, drmemtrace) or chrome (XRay)"},
    {OPT_SORT, "--sort", NULL, NULL, FAMILY_XRAY,
     "yaml: the records in tsc order (llvm-xray's default)"},
    {OPT_IO, "--io", NULL, "METHOD", FAMILY_ANY,
     "pread (1 MiB reads; files), mmap (an 8 MiB window)\n"
     "or stream (pipes and standard input)"},
    {OPT_JOBS, "--jobs", "-j", "N", FAMILY_ANY,
     "work with N threads (default: one per online CPU);\n"
     "the output is the same for every N"},
    {OPT_RECOVER, "--recover-typed-extents", NULL, NULL, FAMILY_XRAY,
     "skip bytes lost to compiler-rt's typed-event extents\n"
     "bug with a warning instead of failing"},
    {OPT_PROGRESS, "--progress", NULL, NULL, FAMILY_ANY,
     "a progress line on standard error even when it is not\n"
     "a terminal (by default: on a terminal, after 2 s)"},
    {OPT_NO_PROGRESS, "--no-progress", NULL, NULL, FAMILY_ANY,
     "no progress line, even on a terminal"},
    {OPT_HELP, "--help", "-h", NULL, FAMILY_ANY,
     "this text, or a command's (tracedec help COMMAND)"},
    {OPT_VERSION, "--version", NULL, NULL, FAMILY_ANY, "the version"},
};

/* The values an option takes, and the inputs each applies to. */
static const option_value option_values[] = {
    {OPT_IO, "pread", FAMILY_ANY},
    {OPT_IO, "mmap", FAMILY_ANY},
    {OPT_IO, "stream", FAMILY_ANY},
    {OPT_STYLE, "native", FAMILY_ANY},
    {OPT_STYLE, "llvm", FAMILY_XRAY},
    {OPT_STYLE, "drcachesim", FAMILY_DRMEM},
    {OPT_TO, "yaml", FAMILY_XRAY},
    {OPT_TO, "json", FAMILY_XRAY | FAMILY_DRMEM},
    {OPT_TO, "chrome", FAMILY_XRAY},
};

static const cli_grammar grammar = {
    options, sizeof options / sizeof options[0], option_values,
    sizeof option_values / sizeof option_values[0]};

/* What a path is when the file system says it, before any byte is read. */
enum { INPUT_UMT_DIR = -1, INPUT_DRMEM_DIR = -2 };

/* A format's row: td_detect_format's answer (or an INPUT_*), the kind of
 * input it is (which options apply), and its entry point. */
typedef struct format_entry {
    int format;
    unsigned family;     /* enum cli_family */
    cli_format_command command;
} format_entry;

static const format_entry formats[] = {
    {INPUT_UMT_DIR, FAMILY_UMT, umt_command},
    {INPUT_DRMEM_DIR, FAMILY_DRMEM, drmem_command},
    {TD_FORMAT_XRAY, FAMILY_XRAY, xray_command},
    {TD_FORMAT_DRMEMTRACE, FAMILY_DRMEM, drmem_command},
    {TD_FORMAT_ZIP, FAMILY_DRMEM, drmem_command},
    {TD_FORMAT_GZIP, FAMILY_DRMEM, drmem_command},
    {TD_FORMAT_LZ4, FAMILY_DRMEM, drmem_command},
    {TD_FORMAT_SNAPPY, FAMILY_DRMEM, drmem_command},
    {TD_FORMAT_SQLITE, FAMILY_SQLITE, rvn_command},
};

#define FORMAT_COUNT (sizeof formats / sizeof formats[0])

static const char usage_head[] =
    "usage: tracedec COMMAND [OPTIONS] PATH...\n"
    "PATH is a trace file, a drmemtrace directory, a UMT trace directory\n"
    "(one with exec.vtable), or - for standard input; info, validate and\n"
    "stat take several.\n"
    "commands:\n";

static const char usage_tail[] =
    "'tracedec help COMMAND' (or 'tracedec COMMAND --help') shows a\n"
    "command's options and examples.\n";

/* The column where what a command or an option does begins. */
#define WHAT_COLUMN 24

/* `name`, then `what` from WHAT_COLUMN on (on the next line when the
 * name is longer), its lines indented. */
static void print_row(out *o, const char *name, const char *what)
{
    const char *end;
    size_t n = 2 + strlen(name);
    out_str(o, "  ");
    out_str(o, name);
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

/* The options among `which`, a row each: "-f, --format=FORMAT". */
static void print_options(out *o, unsigned which)
{
    size_t i;
    for (i = 0; i < grammar.option_count; i++) {
        const option_entry *e = &options[i];
        char name[80];
        if ((e->option & which) == 0)
            continue;
        snprintf(name, sizeof name, "%s%s%s%s%s",
                 e->alias != NULL ? e->alias : "",
                 e->alias != NULL ? ", " : "", e->name,
                 e->value != NULL ? "=" : "",
                 e->value != NULL ? e->value : "");
        print_row(o, name, e->help);
    }
}

static void print_usage(out *o)
{
    size_t i;
    out_str(o, usage_head);
    for (i = 0; i < COMMAND_COUNT; i++)
        print_row(o, commands[i].synopsis, commands[i].what);
    out_str(o, "options of every command:\n");
    print_options(o, every_command);
    out_str(o, usage_tail);
}

/* Lines, each indented by two spaces. */
static void print_indented(out *o, const char *lines)
{
    const char *end;
    while ((end = strchr(lines, '\n')) != NULL) {
        out_str(o, "  ");
        out_bytes(o, lines, (size_t)(end + 1 - lines));
        lines = end + 1;
    }
}

/* A command's help: its synopses, what it does, its options (its own,
 * then those of every command) and its examples. */
static void print_command_help(out *o, int command)
{
    unsigned own = 0;
    size_t i;
    for (i = 0; i < COMMAND_COUNT; i++)
        if (commands[i].command == command) {
            out_str(o, own == 0 ? "usage: tracedec " : "       tracedec ");
            out_str(o, commands[i].synopsis);
            out_char(o, '\n');
            own |= commands[i].options | OPT_HELP;
        }
    for (i = 0; i < COMMAND_COUNT; i++)
        if (commands[i].command == command)
            print_row(o, "", commands[i].what);
    if ((own & ~OPT_HELP) != 0) {
        out_str(o, "options:\n");
        print_options(o, own & ~OPT_HELP);
    }
    out_str(o, "options of every command:\n");
    print_options(o, every_command);
    out_str(o, "examples:\n");
    for (i = 0; i < COMMAND_COUNT; i++)
        if (commands[i].command == command)
            print_indented(o, commands[i].examples);
}

/* The first row of a command (enum cli_command), or NULL. */
static const command_entry *row_of(int command)
{
    size_t i;
    for (i = 0; i < COMMAND_COUNT; i++)
        if (commands[i].command == command)
            return &commands[i];
    return NULL;
}

/* The first row of the command a word names, or NULL. */
static const command_entry *find_command(const char *word)
{
    size_t i;
    for (i = 0; i < COMMAND_COUNT; i++)
        if (strcmp(word, commands[i].word) == 0)
            return &commands[i];
    return NULL;
}

/* The options a command takes, over all its rows. */
static unsigned options_of(int command)
{
    unsigned taken = every_command;
    size_t i;
    for (i = 0; i < COMMAND_COUNT; i++)
        if (commands[i].command == command)
            taken |= commands[i].options;
    return taken;
}

/* "stat", or "validate, info": the commands that take an option. */
static void commands_taking(unsigned option, char *text, size_t size)
{
    size_t i, len = 0;
    text[0] = '\0';
    for (i = 0; i < COMMAND_COUNT && len < size; i++)
        if ((commands[i].options & option) != 0 &&
            row_of(commands[i].command) == &commands[i])
            len += (size_t)snprintf(text + len, size - len, "%s%s",
                                    len == 0 ? "" : ", ", commands[i].word);
}

/* A usage problem: the line naming it, then one hint line. Returns
 * EXIT_USAGE. */
static int usage_problem(const cli *c, const char *problem)
{
    const command_entry *row = row_of(c->opt.command);
    char hint[64];
    report_problem(c, problem);
    snprintf(hint, sizeof hint, "try 'tracedec %s%s--help'",
             row != NULL ? row->word : "", row != NULL ? " " : "");
    out_str(c->err, hint);
    out_char(c->err, '\n');
    out_flush(c->err);
    return EXIT_USAGE;
}

/* The word after `help`: the command it names. Returns 0, or EXIT_USAGE
 * after saying it names none. */
static int take_help_word(cli *c, const char *word)
{
    const command_entry *row = find_command(word);
    char problem[OPTION_PROBLEM_SIZE];
    if (row == NULL) {
        snprintf(problem, sizeof problem, "unknown command '%s'", word);
        return usage_problem(c, problem);
    }
    c->opt.command = row->command;
    return 0;
}

/* A word that is not an option: the command, then the paths. Returns 0,
 * or EXIT_USAGE after saying what is wrong. */
static int take_word(cli *c, char *word, bool *help)
{
    cli_options *o = &c->opt;
    const command_entry *row;
    char problem[OPTION_PROBLEM_SIZE];
    if (*help && o->command < 0)
        return take_help_word(c, word);
    if (o->command >= 0) {
        o->paths[o->path_count++] = word;
        return 0;
    }
    if (strcmp(word, "help") == 0) {
        *help = true;
        o->given |= OPT_HELP;
        return 0;
    }
    row = find_command(word);
    if (row == NULL) {
        snprintf(problem, sizeof problem, "unknown command '%s'", word);
        return usage_problem(c, problem);
    }
    o->command = row->command;
    return 0;
}

/* The command line into c->opt (o->paths holds room for argc words).
 * Returns 0, or EXIT_USAGE after saying what is wrong. */
static int parse(cli *c, int argc, char **argv)
{
    cli_options *o = &c->opt;
    char problem[OPTION_PROBLEM_SIZE];
    bool options_end = false, help = false;
    int i, rc;
    for (i = 1; i < argc; i++) {
        char *a = argv[i];
        if (!options_end && strcmp(a, "--") == 0) {
            options_end = true;
        } else if (!options_end && a[0] == '-' && a[1] != '\0') {
            if (options_take(o, &grammar, argc, argv, &i, problem) != NULL)
                return usage_problem(c, problem);
        } else if ((rc = take_word(c, a, &help)) != 0) {
            return rc;
        }
    }
    return 0;
}

/* What the options say together with the command and the paths. Returns
 * 0, or EXIT_USAGE after saying what is wrong. */
static int check(const cli *c)
{
    const cli_options *o = &c->opt;
    const command_entry *row = row_of(o->command);
    const option_entry *stray;
    char problem[OPTION_PROBLEM_SIZE], spelled[OPTION_PROBLEM_SIZE];
    char where[200];
    const char *together;
    if (row == NULL)
        return usage_problem(c, "a command is needed");
    stray = options_stray(o, &grammar, options_of(o->command));
    if (stray != NULL) {
        commands_taking(stray->option, where, sizeof where);
        snprintf(problem, sizeof problem,
                 "%s does not apply to %s (it applies to %s)",
                 options_spelled(o, stray, spelled), row->word, where);
        return usage_problem(c, problem);
    }
    if (o->path_count == 0) {
        snprintf(problem, sizeof problem, "%s needs a PATH", row->word);
        return usage_problem(c, problem);
    }
    if (o->path_count > 1 && !row->several) {
        snprintf(problem, sizeof problem, "%s takes one PATH, not %d",
                 row->word, o->path_count);
        return usage_problem(c, problem);
    }
    together = options_check(o);
    return together != NULL ? usage_problem(c, together) : 0;
}

/* Run the format's entry point, when the options apply to it; a format
 * with none is an error in the input. */
static int run_format(const cli *c, int format, host *input, size_t head)
{
    char problem[OPTION_PROBLEM_SIZE];
    cli_fault f;
    size_t i;
    for (i = 0; i < FORMAT_COUNT; i++) {
        if (formats[i].format != format)
            continue;
        if (options_check_family(&c->opt, &grammar, formats[i].family,
                                 problem) != NULL)
            return usage_problem(c, problem);
        return formats[i].command(c, input);
    }
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

/* The command on each path in turn. With several paths, validate says
 * "PATH: valid" for each valid one (unless -q or -v, whose summaries say
 * it), and info and stat head each one's text with "==> PATH <==" (as
 * head(1) does; JSON is a line per path already). Returns the worst exit
 * status; a failed write stops it. */
static int run_inputs(cli *c)
{
    cli_options *o = &c->opt;
    bool several = o->path_count > 1;
    int i, rc, worst = EXIT_VALID;
    for (i = 0; i < o->path_count && c->out->error == 0; i++) {
        o->path = o->paths[i];
        if (several && o->command != CMD_VALIDATE && !o->json)
            out_printf(c->out, "%s==> %s <==\n", i > 0 ? "\n" : "", o->path);
        progress_begin(c->progress, o->path);
        rc = dispatch(c);
        progress_end(c->progress);
        if (several && rc == EXIT_VALID && o->command == CMD_VALIDATE &&
            !o->quiet && !o->verbose)
            out_printf(c->out, "%s: valid\n", o->path);
        if (rc > worst)
            worst = rc;
    }
    return worst;
}

/* --version, --help or help: answered. */
static void answer_flags(const cli *c)
{
    if (c->opt.given & OPT_VERSION)
        out_printf(c->out, "tracedec %s\n", td_version_string());
    else if (c->opt.command >= 0)
        print_command_help(c->out, c->opt.command);
    else
        print_usage(c->out);
}

/* The command line's exit status, once standard output is written out:
 * a failed write is exit 2, with "tracedec: write error: REASON" unless
 * the reader went away (a closed pipe ends the command quietly). */
static int finish(const cli *c, int rc)
{
    char problem[OPTION_PROBLEM_SIZE];
    out_flush(c->out);
    if (c->out->error != 0) {
        if (c->out->error != EPIPE) {
            snprintf(problem, sizeof problem, "write error: %s",
                     strerror(c->out->error));
            report_problem(c, problem);
        }
        rc = EXIT_USAGE;
    }
    out_flush(c->err);
    if (c->err->error != 0 && rc == EXIT_VALID)
        rc = EXIT_USAGE;
    return rc;
}

int main(int argc, char **argv)
{
    out std_out, std_err;
    progress line;
    cli c;
    int rc;
    out_init(&std_out, stdout);
    out_init(&std_err, stderr);
    progress_init(&line, &std_out, &std_err, PROGRESS_OFF, false);
    c.out = &std_out;
    c.err = &std_err;
    c.progress = &line;
    options_init(&c.opt);
    c.opt.paths = calloc((size_t)argc, sizeof *c.opt.paths);
    if (c.opt.paths == NULL) {
        report_problem(&c, "out of memory");
        return finish(&c, EXIT_USAGE);
    }
    if (argc < 2) {
        print_usage(c.err);
        rc = EXIT_USAGE;
    } else {
        rc = parse(&c, argc, argv);
    }
    if (rc == 0 && (c.opt.given & (OPT_HELP | OPT_VERSION)) != 0)
        answer_flags(&c);
    else if (rc == 0 && (rc = check(&c)) == 0) {
        progress_init(&line, &std_out, &std_err, c.opt.progress,
                      c.opt.command == CMD_DUMP ||
                          c.opt.command == CMD_CONVERT);
        rc = run_inputs(&c);
    }
    free(c.opt.paths);
    return finish(&c, rc);
}
