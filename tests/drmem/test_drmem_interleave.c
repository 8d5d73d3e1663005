/*
 * test_drmem_interleave.c - dump --interleave, the shards of a directory
 * in timestamp order (interleave_check.py says what is checked):
 *   - DynamoRIO's published sample of its serial view of threadsig is
 *     reproduced line for line (ordinals, threads, the dashes at a switch);
 *   - put back together shard by shard, the stream is the shard-by-shard
 *     dump, and its turns are in timestamp order;
 *   - the same bytes at -j1 and -j8 and under `ulimit -n 16`.
 */
#include "harness.h"

static void test_drmem_interleave(void)
{
    run_script("../shared/corpus/drmemtrace",
               "python3 '%s/tests/drmem/interleave_check.py' '%s' '%s/../shared/corpus'",
               test_root, test_tracedec, test_root);
}

const test_case drmem_interleave_tests[] = {
    {"drmem dump --interleave in timestamp order", test_drmem_interleave},
    {NULL, NULL},
};
