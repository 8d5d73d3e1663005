/*
 * test_fuzz.c - replay every fuzz harness's committed corpus: for each
 * fuzz/NAME_fuzzer.c, run build/fuzz/NAME_replay over fuzz/corpus/NAME
 * (a harness aborts on a finding, which fails the test).
 */
#include "harness.h"

#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void test_fuzz_replay(void)
{
    char fuzz_dir[4096], build_dir[4096];
    size_t n, i;
    char **names;
    snprintf(fuzz_dir, sizeof fuzz_dir, "%s", root_path("fuzz"));
    snprintf(build_dir, sizeof build_dir, "%s", test_tracedec);
    dirname(build_dir);
    names = list_dir(fuzz_dir, "_fuzzer.c", &n);
    expect(n > 0, "no harnesses in %s", fuzz_dir);
    for (i = 0; i < n; i++) {
        size_t len = strlen(names[i]) - strlen("_fuzzer.c");
        int rc;
        printf("    %.*s: ", (int)len, names[i]);
        rc = run_shell("'%s/fuzz/%.*s_replay' '%s/corpus/%.*s'", build_dir,
                       (int)len, names[i], fuzz_dir, (int)len, names[i]);
        expect(rc == 0, "%s: replay failed", names[i]);
        free(names[i]);
    }
    free(names);
}

const test_case fuzz_tests[] = {
    {"fuzz corpus replay", test_fuzz_replay},
    {NULL, NULL},
};
