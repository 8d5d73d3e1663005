/*
 * detect_input.h - what a file given on the command line holds, found
 * before any line about a format is printed: a file of a UMT trace's
 * directory (which is not a trace alone), and what a container holds.
 */
#ifndef TRACEDEC_DETECT_INPUT_H
#define TRACEDEC_DETECT_INPUT_H

#include "cli.h"

/* The format of c->opt.path, opened as h, whose first bytes say `format`
 * (td_detect_format): into *content, the format whose entry point reads
 * it. A container holding an XRay trace gives TD_FORMAT_XRAY, with h
 * unpacking it (host_unpack); other containers stay themselves (the
 * drmemtrace file decoder reads them). Returns 0, or EXIT_USAGE having
 * said why the file cannot be read as given: one of a UMT trace's files,
 * or an SQLite file in a container (SQLite needs random access). */
int detect_input(const cli *c, host *h, int format, int *content);

#endif /* TRACEDEC_DETECT_INPUT_H */
