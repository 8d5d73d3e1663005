/*
 * test_xray_jobs.c - -j on XRay files (docs/parallel.md, "XRay"):
 * validate, info and stat give the same standard output, standard error
 * and exit status with 2, 3 and 8 workers as with one, on every XRay case
 * input (build/data/xray), and on copies cut short or with a byte changed
 * in the middle. The case inputs are small, so every FDR buffer is a
 * range of its own, and a basic-mode range is a few records: each merge,
 * each range decoded again and each error in a later range is met.
 */
#include "harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The commands on the whole inputs. */
static const char *const whole_commands[] = {
    "validate",
    "validate -v",
    "validate --json",
    "validate -v --recover-typed-extents",
    "info",
    "info --json",
    "stat",
    "stat --json",
    "stat --io=mmap",
};

/* The commands on damaged copies: every count, warning and error. */
static const char *const damaged_commands[] = {
    "validate -v",
    "stat --json",
};

/* A damaged copy: cut to `cut_eighths` eighths of the file less
 * `cut_back` bytes, or (cut_eighths 0) the byte at the middle changed by
 * xor with `flip`. */
typedef struct damage {
    const char *name;
    int cut_eighths;
    size_t cut_back;
    unsigned flip;
} damage;

static const damage damages[] = {
    {"cut at 1/2 less 3", 4, 3, 0},
    {"cut at 3/4", 6, 0, 0},
    {"cut at the end less 1", 8, 1, 0},
    {"middle byte ^ 0x01 (metadata bit)", 0, 0, 0x01},
    {"middle byte ^ 0xff", 0, 0, 0xff},
};

/* Where the runs write: build/data/xray-jobs, beside the inputs. */
static const char *tmp_dir(void)
{
    static char dir[2048];
    if (dir[0] == '\0') {
        snprintf(dir, sizeof dir, "%s", data_path("xray-jobs"));
        mkdir(dir, 0755);
    }
    return dir;
}

/* The worker counts compared with one worker. */
static const int jobs[] = {2, 3, 8};

/* Whether file NAME of the temporary folder holds the same bytes as
 * OTHER. */
static bool same_file(const char *name, const char *other)
{
    char path[4200];
    size_t len_a, len_b;
    uint8_t *a, *b;
    bool same;
    snprintf(path, sizeof path, "%s/%s", tmp_dir(), name);
    a = read_file(path, &len_a);
    snprintf(path, sizeof path, "%s/%s", tmp_dir(), other);
    b = read_file(path, &len_b);
    same = a != NULL && b != NULL && len_a == len_b &&
           memcmp(a, b, len_a) == 0;
    free(a);
    free(b);
    return same;
}

/* `tracedec COMMAND -jN PATH` for each command at N = 2, 3 and 8 prints
 * what N = 1 prints, and exits with its status. The runs write C.N.out
 * and C.N.err (the status last) in the temporary folder, C the command's
 * index. */
static void same_at_every_j(const char *const *commands, size_t count,
                            const char *path, const char *what)
{
    char script[8192], name[32], other[32];
    size_t c, k, used;
    used = (size_t)snprintf(script, sizeof script,
                            "cd '%s' && t='%s' && f='%s' && "
                            "for j in 1 2 3 8; do ",
                            tmp_dir(), tracedec_path(), path);
    for (c = 0; c < count && used < sizeof script; c++)
        used += (size_t)snprintf(script + used, sizeof script - used,
                                 "{ $t %s -j$j \"$f\" >%zu.$j.out "
                                 "2>%zu.$j.err; echo $? >>%zu.$j.err; }; ",
                                 commands[c], c, c, c);
    if (!expect(used + 8 < sizeof script, "%s: script too long", what))
        return;
    strcat(script, "done");
    expect(run_shell("%s", script) == 0, "%s: the runs failed", what);
    for (c = 0; c < count; c++)
        for (k = 0; k < sizeof jobs / sizeof *jobs; k++) {
            snprintf(name, sizeof name, "%zu.1.out", c);
            snprintf(other, sizeof other, "%zu.%d.out", c, jobs[k]);
            expect(same_file(name, other), "%s, %s: stdout at -j%d",
                   what, commands[c], jobs[k]);
            snprintf(name, sizeof name, "%zu.1.err", c);
            snprintf(other, sizeof other, "%zu.%d.err", c, jobs[k]);
            expect(same_file(name, other),
                   "%s, %s: stderr or exit status at -j%d", what,
                   commands[c], jobs[k]);
        }
}

/* The copy `d` of `data` into `path`. */
static void write_damaged(const char *path, const uint8_t *data, size_t len,
                          const damage *d)
{
    uint8_t *copy = malloc(len ? len : 1);
    size_t cut = len;
    if (copy == NULL)
        return;
    memcpy(copy, data, len);
    if (d->cut_eighths > 0) {
        cut = len * (size_t)d->cut_eighths / 8;
        cut = cut > d->cut_back ? cut - d->cut_back : 0;
    } else if (len > 0) {
        copy[len / 2] ^= (uint8_t)d->flip;
    }
    write_file(path, copy, cut);
    free(copy);
}

static void test_xray_jobs_whole(void)
{
    size_t n, i;
    char **names = list_dir(data_path("xray"), ".xray", &n);
    char path[4096];
    expect(n > 0, "no XRay inputs in %s", data_path("xray"));
    for (i = 0; i < n; i++) {
        snprintf(path, sizeof path, "%s/%s", data_path("xray"), names[i]);
        same_at_every_j(whole_commands,
                        sizeof whole_commands / sizeof *whole_commands, path,
                        names[i]);
        free(names[i]);
    }
    free(names);
}

static void test_xray_jobs_damaged(void)
{
    size_t n, i, m, len;
    char **names = list_dir(data_path("xray"), ".xray", &n);
    char path[4096], what[4200];
    for (i = 0; i < n; i++) {
        uint8_t *data;
        snprintf(path, sizeof path, "%s/%s", data_path("xray"), names[i]);
        data = read_file(path, &len);
        for (m = 0; data != NULL && m < sizeof damages / sizeof *damages;
             m++) {
            snprintf(path, sizeof path, "%s/damaged.xray", tmp_dir());
            snprintf(what, sizeof what, "%s %s", names[i], damages[m].name);
            write_damaged(path, data, len, &damages[m]);
            same_at_every_j(damaged_commands,
                            sizeof damaged_commands /
                                sizeof *damaged_commands,
                            path, what);
        }
        free(data);
        free(names[i]);
    }
    free(names);
}

const test_case xray_jobs_tests[] = {
    {"xray -j: every input, the same at every -j", test_xray_jobs_whole},
    {"xray -j: damaged inputs, the same at every -j",
     test_xray_jobs_damaged},
    {NULL, NULL},
};
