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
static unsigned read_members(const char *base, uint64_t *starts)
{
    char path[8300];
    FILE *f;
    unsigned long long v;
    unsigned n = 0;
    snprintf(path, sizeof path, "%s.members", base);
    f = fopen(path, "r");
    if (f == NULL)
        return 0;
    while (n < MAX_MEMBERS && fscanf(f, "%llu", &v) == 1)
        starts[n++] = v;
    fclose(f);
    return n;
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

int sweep_forward(const test_codec *c, const char *name,
                  const test_input *in, const test_config *cfg)
{
    static const plan_range splits[2] = {{ANSWER_SPANS, 1, 64, NULL},
                                         {ANSWER_RANDOM, 1, 24, NULL}};
    static const int four[4] = {0x01, 0x80, CHANGE_SET | 0x00,
                                CHANGE_SET | 0xff};
    static const test_config plain = {0, 0, 0};
    cut_sweep cuts;
    change_sweep values, changes;
    int failed;
    memset(&cuts, 0, sizeof cuts);
    cuts.where.all_below = UINT64_MAX;
    cuts.expect = CUT_TRUNCATED;
    cuts.lenient_file = -1;
    memset(&values, 0, sizeof values);
    values.where.all_below = UINT64_MAX;
    values.kind = CHANGE_EVERY_VALUE;
    changes = values;
    changes.kind = CHANGE_LIST;
    changes.list = four;
    changes.list_len = 4;
    changes.compare_every = 1;
    failed = sweep_plans(c, name, in, cfg, splits, 2);
    failed += sweep_cuts(c, name, in, &plain, &cuts);
    failed += sweep_changes(c, name, in, cfg, &values);
    failed += sweep_changes(c, name, in, cfg, &changes);
    return failed;
}

static void check_input(const test_codec *c, const char *dir,
                        const char *file, size_t suffix_len,
                        const test_config *sweep_cfg)
{
    static const test_config plain = {0, 0, 0};
    char path[8192], base[8192];
    uint64_t starts[MAX_MEMBERS];
    size_t len;
    uint8_t *data;
    test_file f;
    test_input in;
    test_result r;
    char *log;
    snprintf(path, sizeof path, "%s/%s", dir, file);
    snprintf(base, sizeof base, "%.*s", (int)(strlen(path) - suffix_len),
             path);
    data = read_file(path, &len);
    if (!expect(data != NULL, "cannot read %s", path))
        return;
    f = test_file_of(data, len);
    memset(&in, 0, sizeof in);
    in.files = &f;
    in.count = 1;
    in.members = starts;
    in.member_count = read_members(base, starts);
    r = test_decode(c, &in, &plain, plan_whole());
    log = test_outcome(c, &r);
    check_log(base, log);
    sweep_forward(c, file, &in, sweep_cfg);
    free(log);
    test_result_free(&r);
    free(data);
}

size_t golden_dir(const test_codec *c, const char *dir, const char *suffix,
                  const test_config *sweep_cfg)
{
    char full[4096];
    size_t n, i;
    char **names;
    snprintf(full, sizeof full, "%s", root_path(dir));
    names = list_dir(full, suffix, &n);
    expect(n > 0, "no inputs in %s", full);
    for (i = 0; i < n; i++) {
        check_input(c, full, names[i], strlen(suffix), sweep_cfg);
        free(names[i]);
    }
    free(names);
    return n;
}

int golden_write_input(const char *dir, const char *name, const char *suffix,
                       const uint8_t *data, size_t len,
                       const uint64_t *members, unsigned member_count)
{
    char rel[4096], path[8192];
    FILE *f;
    unsigned i;
    snprintf(rel, sizeof rel, "%s/%s%s", dir, name, suffix);
    snprintf(path, sizeof path, "%s", root_path(rel));
    if (write_file(path, data, len) != 0)
        return -1;
    if (member_count < 2)
        return 0;
    snprintf(rel, sizeof rel, "%s/%s.members", dir, name);
    snprintf(path, sizeof path, "%s", root_path(rel));
    f = fopen(path, "w");
    if (f == NULL)
        return -1;
    for (i = 0; i < member_count; i++)
        fprintf(f, "%llu\n", (unsigned long long)members[i]);
    return fclose(f) == 0 ? 0 : -1;
}
