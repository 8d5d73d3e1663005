/*
 * rvn_jobs.h - validate and stat on a REVEN trace by the workers of -j:
 * its execution table in parts, one decoder each (tracedec/rvn.h, Parts),
 * joined in order.
 */
#ifndef TRACEDEC_RVN_JOBS_H
#define TRACEDEC_RVN_JOBS_H

#include "cli.h"

/* rvn_jobs_run()'s answer when the parts did not pass or did not join:
 * nothing was printed, and one decoder over the whole file is to say what
 * is wrong. */
#define RVN_JOBS_ONE (-2)

/* What the parts give, joined. */
typedef struct rvn_totals {
    td_rvn_part whole;        /* the counts */
    uint64_t modes[3];        /* blocks per mode (part 0's) */
    uint64_t warnings;
} rvn_totals;

/* Check the trace at c->opt.path (`files` as sqlite_open() found them) in
 * `parts` parts by c->opt.jobs workers, each with its own host on the
 * file; when all pass and join, replay their text (warnings, with -v) in
 * order and fill *t. Returns EXIT_VALID; EXIT_USAGE having said why (a
 * part could not read the file: its text and the text of the parts before
 * it are written; out of memory); or RVN_JOBS_ONE. */
int rvn_jobs_run(const cli *c, const td_sqlite_files *files, unsigned parts,
                 rvn_totals *t);

#endif /* TRACEDEC_RVN_JOBS_H */
