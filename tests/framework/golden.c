/*
 * golden.c - see golden.h.
 */
#include "golden.h"
#include "harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool golden_updating(void)
{
    return getenv("TRACEDEC_UPDATE_GOLDEN") != NULL;
}

golden_set golden_read(const char *dir)
{
    golden_set s = {NULL, 0, NULL};
    char full[4096], path[8192], error[4096];
    size_t n, i;
    char **names;
    snprintf(full, sizeof full, "%s", root_path(dir));
    names = list_dir(full, ".md", &n);
    expect(n > 0, "no case files in %s", full);
    s.files = calloc(n ? n : 1, sizeof *s.files);
    s.changed = calloc(n ? n : 1, sizeof *s.changed);
    for (i = 0; i < n; i++) {
        snprintf(path, sizeof path, "%s/%s", full, names[i]);
        if (expect(case_file_read(path, &s.files[s.count], error,
                                  sizeof error) == 0,
                   "%s", error))
            s.count++;
        else
            case_file_free(&s.files[s.count]);
        free(names[i]);
    }
    free(names);
    return s;
}

void golden_save(golden_set *s, record_fn records)
{
    unsigned i;
    for (i = 0; i < s->count; i++) {
        if (s->changed[i] &&
            expect(case_file_write(&s->files[i], records) == 0,
                   "cannot write %s", s->files[i].path))
            printf("    wrote %s\n", s->files[i].path);
        case_file_free(&s->files[i]);
    }
    free(s->files);
    free(s->changed);
    memset(s, 0, sizeof *s);
}

golden_case *golden_find(const golden_set *s, const char *name,
                         unsigned *file)
{
    unsigned i, k;
    for (i = 0; i < s->count; i++)
        for (k = 0; k < s->files[i].count; k++)
            if (strcmp(s->files[i].cases[k].name, name) == 0) {
                *file = i;
                return &s->files[i].cases[k];
            }
    return NULL;
}

static test_file file_of(const case_block *b)
{
    return test_file_of(b->bytes, b->len);
}

test_input golden_input(const golden_case *c, test_file *files,
                        unsigned room, const char *const *names)
{
    test_input in;
    unsigned i;
    memset(&in, 0, sizeof in);
    in.files = files;
    for (i = 0; names != NULL && i < room; i++) {
        const case_block *b = case_block_of(c, names[i]);
        expect(b != NULL, "%s: no hex block %s", c->name, names[i]);
        files[in.count++] = b ? file_of(b) : test_file_of(NULL, 0);
    }
    for (i = 0; names == NULL && i < c->count && in.count < room; i++) {
        const case_block *b = &c->blocks[i];
        if (!case_block_is_hex(b))
            continue;
        if (in.count == 0) {
            in.members = b->members;
            in.member_count = b->member_count;
        }
        files[in.count++] = file_of(b);
    }
    return in;
}

void golden_check(golden_set *s, unsigned file, golden_case *c,
                  const char *info, const char *got)
{
    case_block *b = case_block_of(c, info);
    bool same = b != NULL && b->text != NULL && strcmp(b->text, got) == 0;
    if (!same && golden_updating() && b != NULL && b->text != NULL) {
        case_block_set_text(b, got);
        s->changed[file] = true;
        return;
    }
    expect(same, "%s: %s differs from the case's \"%s\" block (%s)", c->name,
           b ? "the result" : "no result", info, s->files[file].path);
}

void golden_check_bytes(golden_set *s, unsigned file, golden_case *c,
                        const char *info, const uint8_t *bytes, size_t len,
                        const uint64_t *members, unsigned member_count,
                        bool update)
{
    case_block *b = case_block_of(c, info);
    bool same = b != NULL && b->len == len &&
                (len == 0 || memcmp(b->bytes, bytes, len) == 0) &&
                b->member_count == member_count &&
                (member_count == 0 ||
                 memcmp(b->members, members,
                        member_count * sizeof *members) == 0);
    if (!same && update && b != NULL && case_block_is_hex(b)) {
        case_block_set_bytes(b, bytes, len, members, member_count);
        s->changed[file] = true;
        return;
    }
    expect(same,
           "%s: the %s block is not what the encoder writes (%s); run "
           "`build/tests/run --export` or TRACEDEC_UPDATE_GOLDEN=1",
           c->name, info, s->files[file].path);
}

int sweep_splits(const test_codec *c, const char *name,
                 const test_input *in, const test_config *cfg)
{
    static const plan_range splits[2] = {{ANSWER_SPANS, 1, 64, NULL},
                                         {ANSWER_RANDOM, 1, 24, NULL}};
    return sweep_plans(c, name, in, cfg, splits, 2);
}

void expect_outcome(const char *name, const test_result *r, int status,
                    const uint64_t *offset)
{
    expect(r->status == status, "%s: status %s, want %s", name,
           td_error_name(r->status), td_error_name(status));
    if (status < 0 && offset != NULL)
        expect(r->fault.offset == *offset, "%s: error at %llu, want %llu",
               name, (unsigned long long)r->fault.offset,
               (unsigned long long)*offset);
    expect(r->status == TD_END || r->fault.reason != NULL,
           "%s: error without a reason", name);
}

int golden_write_seed(const char *format, const char *name, uint8_t first,
                      const uint8_t *data, size_t len)
{
    char rel[512], path[4600];
    uint8_t *seed = malloc(len + 1);
    int rc;
    snprintf(rel, sizeof rel, "fuzz/corpus/%s/%s", format, name);
    snprintf(path, sizeof path, "%s", root_path(rel));
    seed[0] = first;
    memcpy(seed + 1, data, len);
    rc = write_file(path, seed, len + 1);
    free(seed);
    return rc;
}

int sweep_forward(const test_codec *c, const char *name,
                  const test_input *in, const test_config *cfg)
{
    static const int four[4] = {0x01, 0x80, CHANGE_SET | 0x00,
                                CHANGE_SET | 0xff};
    static const test_config plain = {0, 0, 0};
    cut_sweep cuts;
    change_sweep values, changes;
    int failed;
    memset(&cuts, 0, sizeof cuts);
    cuts.where.all_below = UINT64_MAX;
    cuts.expect = CUT_TRUNCATED;
    memset(&values, 0, sizeof values);
    values.where.all_below = UINT64_MAX;
    values.kind = CHANGE_EVERY_VALUE;
    changes = values;
    changes.kind = CHANGE_LIST;
    changes.list = four;
    changes.list_len = 4;
    changes.compare_every = 1;
    failed = sweep_splits(c, name, in, cfg);
    failed += sweep_cuts(c, name, in, &plain, &cuts);
    failed += sweep_changes(c, name, in, cfg, &values);
    failed += sweep_changes(c, name, in, cfg, &changes);
    return failed;
}

unsigned golden_forward(const test_codec *c, const char *dir,
                        const test_config *sweep_cfg, record_fn records)
{
    static const test_config plain = {0, 0, 0};
    golden_set s = golden_read(dir);
    unsigned i, k, n = 0;
    for (i = 0; i < s.count; i++) {
        for (k = 0; k < s.files[i].count; k++) {
            golden_case *gc = &s.files[i].cases[k];
            test_file file;
            test_input in = golden_input(gc, &file, 1, NULL);
            test_result r;
            char *log;
            if (!expect(in.count == 1, "%s: no hex block", gc->name))
                continue;
            r = test_decode(c, &in, &plain, plan_whole());
            log = test_outcome(c, &r);
            golden_check(&s, i, gc, "log", log);
            sweep_forward(c, gc->name, &in, sweep_cfg);
            free(log);
            test_result_free(&r);
            n++;
        }
    }
    golden_save(&s, records);
    return n;
}
