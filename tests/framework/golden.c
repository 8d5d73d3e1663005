/*
 * golden.c - see golden.h.
 */
#include "golden.h"
#include "harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_MEMBERS 1024

/* DIR/NAME.members, if any. */
static void read_members(const char *base, size_t *starts, member_list *m)
{
    char path[8300];
    FILE *f;
    unsigned long long v;
    m->starts = starts;
    m->count = 0;
    snprintf(path, sizeof path, "%s.members", base);
    f = fopen(path, "r");
    if (f == NULL)
        return;
    while (m->count < MAX_MEMBERS && fscanf(f, "%llu", &v) == 1)
        starts[m->count++] = (size_t)v;
    fclose(f);
}

static void check_log(const char *base, const char *log)
{
    char path[8300];
    size_t golden_len;
    uint8_t *golden;
    snprintf(path, sizeof path, "%s.events", base);
    golden = read_file(path, &golden_len);
    if (getenv("TRACEDEC_UPDATE_GOLDEN") != NULL &&
        (golden == NULL || golden_len != strlen(log) ||
         memcmp(golden, log, golden_len) != 0)) {
        write_file(path, log, strlen(log));
        printf("    wrote %s\n", path);
    } else {
        expect(golden != NULL && golden_len == strlen(log) &&
                   memcmp(golden, log, golden_len) == 0,
               "%s: events differ from %s", base, path);
    }
    free(golden);
}

static void check_input(const test_codec *c, const char *dir,
                        const char *file, size_t suffix_len)
{
    char path[8192], base[8192];
    size_t starts[MAX_MEMBERS], len;
    member_list members;
    uint8_t *data;
    decode_result r;
    char *log;
    snprintf(path, sizeof path, "%s/%s", dir, file);
    snprintf(base, sizeof base, "%.*s", (int)(strlen(path) - suffix_len),
             path);
    data = read_file(path, &len);
    if (!expect(data != NULL, "cannot read %s", path))
        return;
    read_members(base, starts, &members);
    r = test_decode(c, data, len, &members, one_span(), 0);
    log = outcome_log(&r);
    check_log(base, log);
    sweep_chunks(c, file, data, len, &members, 0);
    sweep_truncation(c, file, data, len, &members);
    sweep_bytes(c, file, data, len, &members);
    free(log);
    decode_result_free(&r);
    free(data);
}

size_t golden_dir(const test_codec *c, const char *dir, const char *suffix)
{
    char full[4096];
    size_t n, i;
    char **names;
    snprintf(full, sizeof full, "%s", root_path(dir));
    names = list_dir(full, suffix, &n);
    expect(n > 0, "no inputs in %s", full);
    for (i = 0; i < n; i++) {
        check_input(c, full, names[i], strlen(suffix));
        free(names[i]);
    }
    free(names);
    return n;
}

int golden_write_input(const char *dir, const char *name, const char *suffix,
                       const uint8_t *data, size_t len,
                       const member_list *members)
{
    char rel[4096], path[8192];
    FILE *f;
    unsigned i;
    snprintf(rel, sizeof rel, "%s/%s%s", dir, name, suffix);
    snprintf(path, sizeof path, "%s", root_path(rel));
    if (write_file(path, data, len) != 0)
        return -1;
    if (members == NULL || members->count < 2)
        return 0;
    snprintf(rel, sizeof rel, "%s/%s.members", dir, name);
    snprintf(path, sizeof path, "%s", root_path(rel));
    f = fopen(path, "w");
    if (f == NULL)
        return -1;
    for (i = 0; i < members->count; i++)
        fprintf(f, "%zu\n", members->starts[i]);
    return fclose(f) == 0 ? 0 : -1;
}
