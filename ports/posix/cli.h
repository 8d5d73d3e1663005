/*
 * cli.h - what the tracedec command line shares between formats.
 */
#ifndef TRACEDEC_CLI_H
#define TRACEDEC_CLI_H

#include <stdbool.h>

#include "host.h"

enum cli_command { CMD_INFO, CMD_VALIDATE, CMD_DUMP, CMD_CONVERT, CMD_STAT };

/* Exit statuses. */
enum { EXIT_VALID = 0, EXIT_INVALID = 1, EXIT_USAGE = 2 };

typedef struct cli_options {
    int command;
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

/* Print "PATH:OFFSET: ERROR-NAME: reason" on stderr. */
void cli_report_fault(const char *path, const td_fault *f);

int xray_command(const cli_options *o, host *h);

/* A drmemtrace file or directory (o->path). `opened` is the host of a
 * single file main() already opened (standard input included), or NULL
 * for a directory, whose shards it opens itself. */
int drmem_command(const cli_options *o, host *opened);

#endif /* TRACEDEC_CLI_H */
