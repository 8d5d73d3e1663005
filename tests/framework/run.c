/*
 * run.c - the test runner: runs every test table, prints one line per
 * test, and ends with "N passed, N failed, N skipped".
 *
 *   run [--root DIR] [--tracedec PATH] [--only SUBSTRING] [--export]
 * --export rewrites the committed encoder-built inputs and fuzz seeds.
 */
#include "harness.h"
#include "drmem_cases.h"
#include "xray_cases.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

extern int test_failures;
extern int test_skipped;

/* Every test file's table, in file name order (tables.c is generated). */
extern const test_case *const test_tables[];

int main(int argc, char **argv)
{
    const char *only = NULL;
    int passed = 0, failed = 0, skipped = 0, i;
    const test_case *const *t;
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--root") == 0 && i + 1 < argc)
            test_root = argv[++i];
        else if (strcmp(argv[i], "--tracedec") == 0 && i + 1 < argc)
            test_tracedec = argv[++i];
        else if (strcmp(argv[i], "--only") == 0 && i + 1 < argc)
            only = argv[++i];
        else if (strcmp(argv[i], "--export") == 0)
            return export_xray_cases() == 0 && export_drmem_cases() == 0
                       ? 0
                       : 1;
        else {
            fprintf(stderr, "usage: run [--root DIR] [--tracedec PATH] "
                            "[--only SUBSTRING] [--export]\n");
            return 2;
        }
    }
    for (t = test_tables; *t != NULL; t++) {
        const test_case *c;
        for (c = *t; c->name != NULL; c++) {
            double start = now();
            if (only != NULL && strstr(c->name, only) == NULL)
                continue;
            printf("%s ...\n", c->name);
            fflush(stdout);
            test_failures = 0;
            test_skipped = 0;
            c->run();
            if (test_failures > 0) {
                failed++;
                printf("FAIL %s (%d failed expectations)\n", c->name,
                       test_failures);
            } else if (test_skipped) {
                skipped++;
                printf("SKIP %s\n", c->name);
            } else {
                passed++;
                printf("PASS %s (%.1f s)\n", c->name, now() - start);
            }
            fflush(stdout);
        }
    }
    printf("%d passed, %d failed, %d skipped\n", passed, failed, skipped);
    return failed > 0 ? 1 : 0;
}
