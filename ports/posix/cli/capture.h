/*
 * capture.h - a command line whose standard output and standard error go
 * to memory: what a worker thread of -j writes for its task, replayed in
 * task order by the calling thread (jobs.h), so that the text is the same
 * for every number of workers. Its progress line is off (the calling
 * thread shows one for the run).
 */
#ifndef TRACEDEC_CAPTURE_H
#define TRACEDEC_CAPTURE_H

#include <stdio.h>

#include "cli.h"

typedef struct capture {
    cli c;               /* the parent's options, this capture's outputs */
    out out, err;
    progress quiet;
    FILE *out_file, *err_file;
    char *out_text, *err_text;
    size_t out_len, err_len;
} capture;

/* A capture of `parent`'s command. Returns 0, or -1 when out of memory
 * (k is then closed). */
int capture_open(capture *k, const cli *parent);

/* Write what k holds to parent's standard output, then to its standard
 * error, and free it. Returns 0, or -1 when the capture ran out of memory
 * (what was written before it is replayed). */
int capture_replay(capture *k, const cli *parent);

/* Free what k holds, unwritten. */
void capture_close(capture *k);

#endif /* TRACEDEC_CAPTURE_H */
