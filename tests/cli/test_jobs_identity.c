/*
 * test_jobs_identity.c - -j changes nothing but the speed: every command
 * of the CLI snapshot (every command and option on every sample, the
 * generated SQLite databases and REVEN traces, cut and damaged inputs, and
 * DynamoRIO's and REVEN's traces in ../shared/corpus when present) gives
 * the same exit status, standard output and standard error at -j1, -j2,
 * -j3 and -j8 (jobs_identity.sh). Four runs of the snapshot take minutes:
 * the sanitizer build leaves it to the plain one, and runs the -j tests of
 * each format (drmem jobs, rvn jobs, xray jobs) under ASan instead.
 */
#include "harness.h"

static void test_jobs_identity(void)
{
    if (tracedec_sanitized()) {
        skip("the plain build runs it (minutes under ASan)");
        return;
    }
    run_script("python3 and sqlite3",
               "sh '%s/tests/cli/jobs_identity.sh' '%s' '%s'", test_root,
               test_root, tracedec_path());
}

const test_case jobs_identity_tests[] = {
    {"cli every command the same at -j1 -j2 -j3 -j8", test_jobs_identity},
    {NULL, NULL},
};
