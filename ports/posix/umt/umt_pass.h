/*
 * umt_pass.h - one pass of the UMT decoder over a trace directory, in one
 * mode, through the driver: a UMT command makes one or more (info reads
 * the headers, the module names and trace.xml in three).
 */
#ifndef TRACEDEC_UMT_PASS_H
#define TRACEDEC_UMT_PASS_H

#include "driver.h"

/* Decode the directory c->opt.path in `mode` (enum td_umt_mode) with the
 * init `flags`, handing each event to consume(ctx, const td_umt_event *).
 * Returns an exit status. */
int umt_pass(const cli *c, int mode, uint32_t flags, driver_consumer consume,
             void *ctx);

#endif /* TRACEDEC_UMT_PASS_H */
