/*
 * test_drmem_jobs.c - -j on drmemtrace inputs, as tests (the checks are
 * tests/drmem/drmem_jobs.py's):
 *   - every command on every sample and every corpus trace prints the
 *     same standard output and standard error, and exits the same, at
 *     -j1, -j2, -j3 and -j8;
 *   - a shard cut short or with a changed byte gives the same error, path
 *     and offset at every -j;
 *   - 2000 generated shards in the v2 workload layout validate and count
 *     under `ulimit -n 128`, the same at -j1 and -j2, with the totals the
 *     generator wrote;
 *   - ARCH_REGDEPS shards validate, count and view as DynamoRIO's tools
 *     do.
 * The corpus checks skip when ../shared/corpus is absent. The corpus
 * check takes minutes under ASan: the sanitizer build leaves it to the
 * plain one (whose snapshot identity test covers the corpus too).
 */
#include "harness.h"

static void jobs_check(const char *needs, const char *check)
{
    run_script(needs, "python3 '%s/tests/drmem/drmem_jobs.py' '%s' '%s' %s",
               test_root, tracedec_path(), test_root, check);
}

static void test_samples(void)
{
    jobs_check("build/data/drmem", "samples");
}

static void test_corpus(void)
{
    if (tracedec_sanitized()) {
        skip("the plain build runs it (minutes under ASan)");
        return;
    }
    jobs_check("../shared/corpus/drmemtrace", "corpus");
}

static void test_damaged(void)
{
    jobs_check("../shared/corpus/drmemtrace", "damaged");
}

static void test_shardset(void)
{
    jobs_check("../shared/corpus/drmemtrace", "shardset");
}

static void test_regdeps(void)
{
    jobs_check("../shared/corpus/drmemtrace", "regdeps");
}

const test_case drmem_jobs_tests[] = {
    {"drmem jobs samples", test_samples},
    {"drmem jobs corpus", test_corpus},
    {"drmem jobs damaged shard", test_damaged},
    {"drmem jobs 2000 shards", test_shardset},
    {"drmem jobs regdeps", test_regdeps},
    {NULL, NULL},
};
