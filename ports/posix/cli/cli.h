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
#include "progress.h"

enum cli_command { CMD_INFO, CMD_VALIDATE, CMD_DUMP, CMD_CONVERT, CMD_STAT };

/* The options, one bit each: the options a command takes, and those the
 * command line gave. */
enum cli_option {
    OPT_IO = 1u << 0,
    OPT_VERBOSE = 1u << 1,
    OPT_QUIET = 1u << 2,
    OPT_JSON = 1u << 3,
    OPT_SORT = 1u << 4,
    OPT_STYLE = 1u << 5,
    OPT_TO = 1u << 6,
    OPT_TABLE = 1u << 7,
    OPT_RECOVER = 1u << 8,
    OPT_PROGRESS = 1u << 9,
    OPT_NO_PROGRESS = 1u << 10,
    OPT_HELP = 1u << 11,
    OPT_VERSION = 1u << 12,
    OPT_JOBS = 1u << 13,
    OPT_INTERLEAVE = 1u << 14
};

/* The kinds of input, one bit each: the inputs an option applies to. */
enum cli_family {
    FAMILY_XRAY = 1u << 0,
    FAMILY_DRMEM = 1u << 1,
    FAMILY_UMT = 1u << 2,
    FAMILY_SQLITE = 1u << 3,
    FAMILY_ANY = FAMILY_XRAY | FAMILY_DRMEM | FAMILY_UMT | FAMILY_SQLITE
};

/* --progress, --no-progress, or neither (a terminal decides). */
enum cli_progress { PROGRESS_AUTO, PROGRESS_ON, PROGRESS_OFF };

/* Exit statuses. */
enum { EXIT_VALID = 0, EXIT_INVALID = 1, EXIT_USAGE = 2 };

typedef struct cli_options {
    int command;         /* enum cli_command */
    unsigned given;      /* the options given (enum cli_option) */
    char **paths;        /* the inputs named (validate, info and stat
                            take several) */
    int path_count;
    const char *path;    /* the one being worked on */
    int io;              /* enum host_io */
    int progress;        /* enum cli_progress */
    bool verbose;        /* validate -v */
    bool quiet;          /* validate -q: failures only */
    bool json;           /* stat --json */
    bool sort;           /* convert --sort */
    const char *style;   /* dump --style: native, llvm or drcachesim */
    const char *to;      /* convert -f: "yaml", "json" or "chrome" */
    bool recover;        /* --recover-typed-extents */
    const char *table;   /* dump --table NAME (SQLite), or NULL */
    int jobs;            /* -j: worker threads (jobs.h) */
    bool interleave;     /* dump --interleave (drmemtrace directories) */
} cli_options;

/* One run of the command line: what it says, and where text goes (every
 * byte tracedec writes goes through these two). */
typedef struct cli {
    cli_options opt;
    out *out;            /* standard output */
    out *err;            /* standard error (report.h's lines) */
    progress *progress;  /* the progress line on standard error */
} cli;

/* A format's entry point: run c's command on `input`, the file main()
 * opened and detected (NULL for a directory, which the format opens
 * itself); main() closes it. Returns an exit status, having said why on
 * standard error when it is not EXIT_VALID. */
typedef int (*cli_format_command)(const cli *c, host *input);

#endif /* TRACEDEC_CLI_H */
