/*
 * xray_jobs.h - validate, info and stat on an XRay file by the workers of
 * -j (jobs.h): the file cut into ranges of whole FDR buffers or of
 * basic-mode records (xray_ranges.h), each range decoded by a worker with
 * a decoder of its own, and the ranges merged in file order
 * (<tracedec/xray.h>, "Ranges of a file"), so that the counts, the
 * warnings and the error are exactly those of one decoder over the whole
 * file.
 */
#ifndef TRACEDEC_XRAY_JOBS_H
#define TRACEDEC_XRAY_JOBS_H

#include "cli.h"
#include "xray_stat.h"

/* xray_jobs_count(): the input cannot be split; nothing was printed. */
#define XRAY_JOBS_SERIAL (-3)

/* Count the XRay file `input` into *s (initialized, empty) on c's -j
 * workers, decoding with `cfg` (its matcher memory is ignored: every
 * decoder has its own of the same size), printing warning events when
 * `warnings`. Returns an exit status, having printed what one decoder
 * would have, or XRAY_JOBS_SERIAL when the input cannot be split: one
 * worker, a pipe, a container being unpacked, a single range (a version 1
 * FDR header without a buffer size gives one). */
int xray_jobs_count(const cli *c, host *input, const td_xray_config *cfg,
                    bool warnings, xray_stat *s);

#endif /* TRACEDEC_XRAY_JOBS_H */
