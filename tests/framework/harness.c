/*
 * harness.c - see harness.h; main() lives in run.c.
 */
#include "harness.h"

#include <dirent.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

const char *test_root = ".";
const char *test_tracedec = "build/tracedec";

int test_failures; /* expectations failed in the running test */
int test_skipped;  /* the running test asked to be skipped */

bool expect(bool ok, const char *fmt, ...)
{
    va_list ap;
    if (ok)
        return true;
    if (test_failures++ < 8) {
        fputs("    ", stdout);
        va_start(ap, fmt);
        vprintf(fmt, ap);
        va_end(ap);
        fputc('\n', stdout);
    }
    return false;
}

void skip(const char *fmt, ...)
{
    va_list ap;
    test_skipped = 1;
    fputs("    SKIP: ", stdout);
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    fputc('\n', stdout);
}

void *grow(void *p, size_t *cap, size_t need, size_t size)
{
    size_t c = *cap ? *cap : 64;
    if (need <= *cap)
        return p;
    while (c < need)
        c *= 2;
    p = realloc(p, c * size);
    if (p == NULL) {
        fprintf(stderr, "tests: out of memory\n");
        exit(1);
    }
    *cap = c;
    return p;
}

uint8_t *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    uint8_t *buf = NULL;
    size_t cap = 0, n = 0, got;
    if (f == NULL)
        return NULL;
    do {
        if (n == cap) {
            uint8_t *nb = realloc(buf, cap = cap ? cap * 2 : 65536);
            if (nb == NULL) {
                free(buf);
                fclose(f);
                return NULL;
            }
            buf = nb;
        }
        got = fread(buf + n, 1, cap - n, f);
        n += got;
    } while (got > 0);
    fclose(f);
    *len = n;
    return buf;
}

int write_file(const char *path, const void *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    int ok;
    if (f == NULL)
        return -1;
    ok = fwrite(data, 1, len, f) == len;
    return fclose(f) == 0 && ok ? 0 : -1;
}

const char *tracedec_path(void)
{
    static char path[8192];
    char cwd[4096];
    if (test_tracedec[0] == '/' || getcwd(cwd, sizeof cwd) == NULL)
        snprintf(path, sizeof path, "%s", test_tracedec);
    else
        snprintf(path, sizeof path, "%s/%s", cwd, test_tracedec);
    return path;
}

bool tracedec_sanitized(void)
{
    return run_shell("nm '%s' 2>/dev/null | grep -q __asan_init",
                     test_tracedec) == 0;
}

const char *data_path(const char *relative)
{
    static char path[12288];
    const char *cli = tracedec_path(), *slash = strrchr(cli, '/');
    snprintf(path, sizeof path, "%.*s/data/%s",
             (int)(slash ? (size_t)(slash - cli) : strlen(cli)), cli,
             relative);
    return path;
}

const char *root_path(const char *relative)
{
    static char path[4096];
    snprintf(path, sizeof path, "%s/%s", test_root, relative);
    return path;
}

int run_shell(const char *fmt, ...)
{
    char cmd[8192];
    va_list ap;
    int status;
    va_start(ap, fmt);
    vsnprintf(cmd, sizeof cmd, fmt, ap);
    va_end(ap);
    fflush(stdout);
    status = system(cmd);
    if (status == -1 || !WIFEXITED(status))
        return -1;
    return WEXITSTATUS(status);
}

void run_script(const char *needs, const char *fmt, ...)
{
    char cmd[8192];
    va_list ap;
    int rc;
    va_start(ap, fmt);
    vsnprintf(cmd, sizeof cmd, fmt, ap);
    va_end(ap);
    rc = run_shell("%s", cmd);
    if (rc == 77)
        skip("%s is missing", needs);
    else
        expect(rc == 0, "`%s` failed (exit %d)", cmd, rc);
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

char **list_dir(const char *dir, const char *suffix, size_t *count)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    char **names = NULL;
    size_t n = 0, slen = strlen(suffix);
    *count = 0;
    if (d == NULL)
        return NULL;
    while ((e = readdir(d)) != NULL) {
        size_t len = strlen(e->d_name);
        char **nn;
        if (e->d_name[0] == '.' || len < slen ||
            strcmp(e->d_name + len - slen, suffix) != 0)
            continue;
        nn = realloc(names, (n + 1) * sizeof *names);
        if (nn == NULL)
            break;
        names = nn;
        names[n++] = strdup(e->d_name);
    }
    closedir(d);
    if (n > 0)
        qsort(names, n, sizeof *names, by_name);
    *count = n;
    return names;
}
