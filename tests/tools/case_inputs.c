/*
 * case_inputs.c - write the inputs of golden case files as files, for the
 * command line's tests, `make run`, the benchmarks and the CLI snapshot:
 *
 *   case_inputs DIR tests/FORMAT/cases/NAME.md ...
 *
 * A case with one hex block becomes DIR/FORMAT/FILE (and, when it has
 * several container members, DIR/FORMAT/BASE.members listing where they
 * begin, BASE being FILE without its extension); a case with several
 * becomes the directory DIR/FORMAT/CASE holding each FILE.
 */
#include "case_file.h"
#include "harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* FORMAT, from tests/FORMAT/cases/NAME.md. */
static int format_of(const char *path, char *out, size_t size)
{
    const char *cases = strstr(path, "/cases/"), *start = cases;
    while (start != NULL && start > path && start[-1] != '/')
        start--;
    if (cases == NULL || (size_t)(cases - start) >= size)
        return -1;
    snprintf(out, size, "%.*s", (int)(cases - start), start);
    return 0;
}

static int write_members(const char *dir, const case_block *b)
{
    char path[12288];
    const char *file = case_block_file(b), *dot = strrchr(file, '.');
    FILE *f;
    unsigned i;
    if (b->member_count < 2)
        return 0;
    snprintf(path, sizeof path, "%s/%.*s.members", dir,
             (int)(dot ? (size_t)(dot - file) : strlen(file)), file);
    f = fopen(path, "w");
    if (f == NULL)
        return -1;
    for (i = 0; i < b->member_count; i++)
        fprintf(f, "%llu\n", (unsigned long long)b->members[i]);
    return fclose(f);
}

static int write_case(const char *dir, const golden_case *c)
{
    char sub[8192], path[12288];
    unsigned i, files = 0;
    int rc = 0;
    for (i = 0; i < c->count; i++)
        files += case_block_is_hex(&c->blocks[i]);
    snprintf(sub, sizeof sub, "%s/%s", dir, c->name);
    if (files > 1)
        mkdir(sub, 0777);
    for (i = 0; rc == 0 && i < c->count; i++) {
        const case_block *b = &c->blocks[i];
        if (!case_block_is_hex(b))
            continue;
        snprintf(path, sizeof path, "%s/%s", files > 1 ? sub : dir,
                 case_block_file(b));
        rc = write_file(path, b->bytes, b->len);
        if (rc == 0)
            rc = write_members(files > 1 ? sub : dir, b);
    }
    return rc;
}

static int write_inputs(const char *out, const char *path)
{
    char format[256], dir[4096], error[4096];
    case_file f;
    unsigned i;
    int rc = 0;
    if (format_of(path, format, sizeof format) != 0) {
        fprintf(stderr, "%s: not tests/FORMAT/cases/NAME.md\n", path);
        return -1;
    }
    if (case_file_read(path, &f, error, sizeof error) != 0) {
        fprintf(stderr, "%s\n", error);
        case_file_free(&f);
        return -1;
    }
    snprintf(dir, sizeof dir, "%s/%s", out, format);
    mkdir(out, 0777);
    mkdir(dir, 0777);
    for (i = 0; rc == 0 && i < f.count; i++)
        rc = write_case(dir, &f.cases[i]);
    if (rc != 0)
        fprintf(stderr, "%s: cannot write its inputs into %s\n", path, dir);
    case_file_free(&f);
    return rc;
}

int main(int argc, char **argv)
{
    int i;
    if (argc < 2) {
        fprintf(stderr, "usage: case_inputs DIR CASE_FILE...\n");
        return 2;
    }
    for (i = 2; i < argc; i++)
        if (write_inputs(argv[1], argv[i]) != 0)
            return 1;
    return 0;
}
