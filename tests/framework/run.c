/*
 * run.c - the test runner: runs every test table, prints one line per
 * test, and ends with "N passed, N failed, N skipped".
 *
 *   run [--root DIR] [--tracedec PATH] [--only SUBSTRING] [--export]
 * --export rewrites the golden cases the test encoders build (their hex
 * blocks) and their fuzz seeds.
 */
#define _XOPEN_SOURCE 700 /* realpath */
#include "harness.h"
#include "drmem_cases.h"
#include "xray_cases.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
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
    static char root[PATH_MAX];
    const char *only = NULL;
    int passed = 0, failed = 0, skipped = 0, i;
    bool export = false;
    const test_case *const *t;
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--root") == 0 && i + 1 < argc)
            test_root = argv[++i];
        else if (strcmp(argv[i], "--tracedec") == 0 && i + 1 < argc)
            test_tracedec = argv[++i];
        else if (strcmp(argv[i], "--only") == 0 && i + 1 < argc)
            only = argv[++i];
        else if (strcmp(argv[i], "--export") == 0)
            export = true;
        else {
            fprintf(stderr, "usage: run [--root DIR] [--tracedec PATH] "
                            "[--only SUBSTRING] [--export]\n");
            return 2;
        }
    }
    if (realpath(test_root, root) != NULL)
        test_root = root; /* commands may run in other directories */
    if (export)
        return export_xray_cases() == 0 && export_drmem_cases() == 0 ? 0 : 1;
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
