/*
 * report.h - the one printer of what goes wrong, for every format:
 *
 *   PATH:OFFSET: NAME: reason DETAIL    an error in the input
 *   PATH:OFFSET: warning NAME: reason   a warning (validate -v and such)
 *   tracedec: PATH: message             an I/O error, or another problem
 *                                       with the path (no such table)
 *   tracedec: message                   anything else (memory, usage)
 *
 * PATH is the path given, or a file inside it (DIR/FILE: UMT's tables);
 * DETAIL is what the format knows beyond the offset (which zip member),
 * or nothing. Each line goes to standard error at once, after what
 * standard output holds, so that the two read in order on a terminal.
 */
#ifndef TRACEDEC_REPORT_H
#define TRACEDEC_REPORT_H

#include "cli.h"

/* An error or a warning, as a line says it. */
typedef struct cli_fault {
    int code;            /* enum td_error, or enum td_warning */
    uint64_t offset;
    const char *reason;  /* NULL: the code's text */
    const char *file;    /* a file inside PATH, or NULL */
    char detail[200];    /* after the reason: " (in zip member ...)", or "" */
} cli_fault;

/* A decoder's sticky error as a cli_fault, with no file and no detail. */
void cli_fault_from(cli_fault *f, const td_fault *fault);

/* A code (an error's or a warning's), its offset and reason as a
 * cli_fault, with no file and no detail. */
void cli_fault_set(cli_fault *f, int code, uint64_t offset,
                   const char *reason);

/* "PATH[/FILE]:OFFSET: NAME: reason DETAIL". */
void report_error(const cli *c, const char *path, const cli_fault *f);

/* "PATH[/FILE]:OFFSET: warning NAME: reason". */
void report_warning(const cli *c, const char *path, const cli_fault *w);

/* "tracedec: PATH: message". */
void report_path_problem(const cli *c, const char *path,
                         const char *message);

/* "tracedec: message". */
void report_problem(const cli *c, const char *message);

#endif /* TRACEDEC_REPORT_H */
