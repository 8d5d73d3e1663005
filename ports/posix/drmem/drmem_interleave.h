/*
 * drmem_interleave.h - dump --interleave: the shards of a drmemtrace
 * directory as one stream in timestamp order (DynamoRIO's serial order),
 * with one file open at a time.
 */
#ifndef TRACEDEC_DRMEM_INTERLEAVE_H
#define TRACEDEC_DRMEM_INTERLEAVE_H

#include "cli.h"
#include "tracedir.h"

/* Dump the shards (c's --style: native or drcachesim) interleaved.
 * Returns an exit status, having said why when it is not EXIT_VALID. */
int drmem_interleave(const cli *c, const shard_list *shards);

#endif /* TRACEDEC_DRMEM_INTERLEAVE_H */
