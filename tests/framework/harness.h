/*
 * harness.h - the test runner's small framework: named tests that pass,
 * fail or skip, and helpers to read files and run commands.
 */
#ifndef TRACEDEC_TEST_HARNESS_H
#define TRACEDEC_TEST_HARNESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct test_case {
    const char *name;
    void (*run)(void);
} test_case;

/* Where things are: --root (the project) and --tracedec (the CLI). */
extern const char *test_root;
extern const char *test_tracedec;

/* The CLI by absolute path, for commands run in another directory. */
const char *tracedec_path(void);

/* Whether the tracedec under test is a sanitizer build (`make asan`):
 * the tests that take minutes there leave it to the plain build. */
bool tracedec_sanitized(void);

/* A sample input the build wrote from the golden case files (DIR/data
 * beside the CLI, DIR/data/FORMAT/NAME: see tests/tools/case_inputs.c),
 * by absolute path, in a static buffer (one at a time). */
const char *data_path(const char *relative);

/* Record a failed expectation in the running test (printf-style message).
 * Returns `ok` so callers can stop early. */
bool expect(bool ok, const char *fmt, ...);

/* Mark the running test skipped, with why. */
void skip(const char *fmt, ...);

/* p, an array of *cap elements of `size` bytes, grown (doubling, from 64)
 * to hold at least `need`; exits when out of memory. */
void *grow(void *p, size_t *cap, size_t need, size_t size);

/* Whole file into malloc'd memory; NULL if unreadable. */
uint8_t *read_file(const char *path, size_t *len);
int write_file(const char *path, const void *data, size_t len);

/* Paths under the project root, in a static buffer (one at a time). */
const char *root_path(const char *relative);

/* Run a shell command; returns its exit status (-1 if it could not run). */
int run_shell(const char *fmt, ...);

/* Run a checking script: it passes with exit 0, and exit 77 says that
 * what it needs (`needs`) is missing, which skips the test. */
void run_script(const char *needs, const char *fmt, ...);

/* Files in a directory whose names end with `suffix`, sorted; the caller
 * frees each name and the array. */
char **list_dir(const char *dir, const char *suffix, size_t *count);

#endif /* TRACEDEC_TEST_HARNESS_H */
