/*
 * tracedir.c - see tracedir.h. Follows DynamoRIO's rules: a path ending in
 * trace/ is the trace folder; raw/ (or a window folder) means its sibling
 * trace/; a folder holding trace/ means that; any other folder holds the
 * trace files itself. Folders in it are not shards: Google's workload
 * traces (v2) keep info.textproto and v2p.textproto in aux/ beside the
 * `<uuid>.<tid>.memtrace.zip` shards.
 */
#include "tracedir.h"
#include "files.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int ends_with(const char *s, const char *tail)
{
    size_t n = strlen(s), m = strlen(tail);
    return n >= m && strcmp(s + n - m, tail) == 0;
}

/* The folder that holds the trace files, into `out`. */
static int trace_folder(const char *path, char *out, size_t len,
                        char *error, size_t error_len)
{
    char probe[4096];
    char base[4096];
    snprintf(base, sizeof base, "%s", path);
    while (strlen(base) > 1 && base[strlen(base) - 1] == '/')
        base[strlen(base) - 1] = '\0';
    if (ends_with(base, "/raw") || strcmp(base, "raw") == 0) {
        base[strlen(base) - 3] = '\0';
        snprintf(probe, sizeof probe, "%strace", base);
        snprintf(base, sizeof base, "%s", probe);
    }
    snprintf(probe, sizeof probe, "%s/trace", base);
    if (path_is_dir(probe)) {
        snprintf(out, len, "%s", probe);
        return 0;
    }
    snprintf(probe, sizeof probe, "%s/raw", base);
    if (path_is_dir(probe) || !path_is_dir(base)) {
        snprintf(error, error_len,
                 "%s holds raw offline files only; convert them with "
                 "DynamoRIO's raw2trace first",
                 path);
        return -1;
    }
    snprintf(out, len, "%s", base);
    return 0;
}

static int skipped(const char *name)
{
    static const char *const prefixes[] = {
        "serial_schedule.bin", "cpu_schedule.bin.zip", "modules.log",
        "funclist.log", "encodings.bin", "v2p.textproto", "info.textproto"};
    size_t i;
    if (name[0] == '.')
        return 1;
    for (i = 0; i < sizeof prefixes / sizeof *prefixes; i++)
        if (strncmp(name, prefixes[i], strlen(prefixes[i])) == 0)
            return 1;
    return 0;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int add(shard_list *list, const char *path)
{
    char **paths = realloc(list->paths, (list->count + 1) * sizeof *paths);
    char *copy = strdup(path);
    if (paths != NULL)
        list->paths = paths;
    if (paths == NULL || copy == NULL) {
        free(copy);
        return -1;
    }
    list->paths[list->count++] = copy;
    return 0;
}

static int list_folder(const char *dir, shard_list *list, char *error,
                       size_t error_len)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    if (d == NULL) {
        snprintf(error, error_len, "cannot read the folder %s", dir);
        return -1;
    }
    while ((e = readdir(d)) != NULL) {
        char path[8192];
        if (skipped(e->d_name))
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (path_is_dir(path))
            continue;
        if (add(list, path) != 0) {
            closedir(d);
            snprintf(error, error_len, "out of memory");
            return -1;
        }
    }
    closedir(d);
    if (list->count == 0) {
        snprintf(error, error_len, "no trace files in %s", dir);
        return -1;
    }
    qsort(list->paths, list->count, sizeof *list->paths, by_name);
    return 0;
}

int tracedir_open(const char *path, shard_list *list, char *error,
                  size_t error_len)
{
    char dir[4096];
    memset(list, 0, sizeof *list);
    if (!path_is_dir(path)) {
        if (add(list, path) == 0)
            return 0;
        snprintf(error, error_len, "out of memory");
        return -1;
    }
    if (trace_folder(path, dir, sizeof dir, error, error_len) != 0)
        return -1;
    return list_folder(dir, list, error, error_len);
}

void tracedir_free(shard_list *list)
{
    size_t i;
    for (i = 0; i < list->count; i++)
        free(list->paths[i]);
    free(list->paths);
    memset(list, 0, sizeof *list);
}
