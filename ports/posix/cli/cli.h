/*
 * cli.h - what every command of the tracedec command line shares: what
 * the command line says, where the output goes, the exit statuses, and
 * the shape of a format's entry point.
 */
#ifndef TRACEDEC_CLI_H
#define TRACEDEC_CLI_H

#include <stdbool.h>

#include "host.h"
#include "out.h"

enum cli_command { CMD_INFO, CMD_VALIDATE, CMD_DUMP, CMD_CONVERT, CMD_STAT };

/* Exit statuses. */
enum { EXIT_VALID = 0, EXIT_INVALID = 1, EXIT_USAGE = 2 };

typedef struct cli_options {
    int command;         /* enum cli_command */
    const char *path;
    int io;              /* enum host_io */
    bool verbose;        /* validate -v */
    bool json;           /* stat --json */
    bool sort;           /* convert --sort */
    const char *style;   /* dump --style: native, llvm or drcachesim */
    const char *to;      /* convert -f: "yaml", "json" or "chrome" */
    bool recover;        /* --recover-typed-extents */
    const char *table;   /* dump --table NAME (SQLite), or NULL */
} cli_options;

/* One run of the command line: what it says, and where text goes (every
 * byte tracedec writes goes through these two). */
typedef struct cli {
    cli_options opt;
    out *out;            /* standard output */
    out *err;            /* standard error (report.h's lines) */
} cli;

/* A format's entry point: run c's command on `input`, the file main()
 * opened and detected (NULL for a directory, which the format opens
 * itself); main() closes it. Returns an exit status, having said why on
 * standard error when it is not EXIT_VALID. */
typedef int (*cli_format_command)(const cli *c, host *input);

#endif /* TRACEDEC_CLI_H */
