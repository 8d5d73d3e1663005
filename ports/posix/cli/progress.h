/*
 * progress.h - the progress line on standard error, for long work:
 *
 *   tracedec: PATH: 12.3 MiB of 300.0 MiB (4%), 85.2 MiB/s, 3 s left
 *
 * the position in the file being read, of its size (when known), the
 * rate and the time left. By default it shows on a terminal after 2 s of
 * work on one input (and not while dump or convert print to the same
 * terminal), rewritten in place twice a second and erased at the end;
 * --progress shows it on any standard error (a line a second, and a last
 * line when the input is done), --no-progress never.
 */
#ifndef TRACEDEC_PROGRESS_H
#define TRACEDEC_PROGRESS_H

#include <stdbool.h>
#include <stdint.h>

#include "out.h"

typedef struct progress {
    out *out;            /* standard output: written out before a line */
    out *err;
    bool on;             /* shown at all */
    bool forced;         /* --progress */
    bool terminal;       /* standard error is one: rewritten in place */
    bool shown;          /* a line is on the terminal now */
    const char *path;    /* the input being worked on */
    double start, last;  /* seconds (a monotonic clock) */
    uint64_t done, total;
} progress;

/* The progress of a run whose standard output is `o` and standard error
 * `err`: `mode` is enum cli_progress; `prints` says whether the command
 * writes a lot to standard output (dump, convert), which a terminal's
 * progress line would cut into. */
void progress_init(progress *p, out *o, out *err, int mode, bool prints);

/* Work on `path` begins. */
void progress_begin(progress *p, const char *path);

/* `done` bytes of `total` (0: unknown) have been read. */
void progress_update(progress *p, uint64_t done, uint64_t total);

/* Before another line on standard error: the progress line erased. */
void progress_hide(progress *p);

/* The input is done: the line erased, or (--progress) its last one. */
void progress_end(progress *p);

#endif /* TRACEDEC_PROGRESS_H */
