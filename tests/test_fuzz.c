/*
 * test_fuzz.c - replay the committed fuzz corpora through the harnesses
 * (each aborts on a finding, which fails the whole run).
 */
#include "harness.h"
#include "test_list.h"

#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void test_fuzz_replay_xray(void)
{
    char dir[4096], path[8192];
    size_t n, i, len;
    char **names;
    snprintf(dir, sizeof dir, "%s", root_path("fuzz/corpus/xray"));
    names = list_dir(dir, "", &n);
    expect(n > 0, "empty corpus %s", dir);
    for (i = 0; i < n; i++) {
        uint8_t *data;
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        data = read_file(path, &len);
        if (expect(data != NULL, "cannot read %s", path))
            LLVMFuzzerTestOneInput(data, len);
        free(data);
        free(names[i]);
    }
    free(names);
    printf("    replayed %zu inputs\n", n);
}

const test_case fuzz_tests[] = {
    {"fuzz replay xray", test_fuzz_replay_xray},
    {NULL, NULL},
};
