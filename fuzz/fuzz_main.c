/*
 * fuzz_main.c - replay driver: runs LLVMFuzzerTestOneInput on each file
 * named on the command line, and on every file in each directory named.
 * A finding aborts, as under a fuzzing engine.
 *   build/fuzz/xray_replay fuzz/corpus/xray
 */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int replay_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    uint8_t *buf = NULL;
    size_t len = 0, cap = 0, n;
    if (f == NULL) {
        perror(path);
        return -1;
    }
    do {
        if (len == cap) {
            uint8_t *bigger = realloc(buf, cap = cap ? cap * 2 : 4096);
            if (bigger == NULL) {
                free(buf);
                fclose(f);
                return -1;
            }
            buf = bigger;
        }
        n = fread(buf + len, 1, cap - len, f);
        len += n;
    } while (n > 0);
    fclose(f);
    LLVMFuzzerTestOneInput(buf, len);
    free(buf);
    return 0;
}

static int replay_dir(const char *dir, int *count)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    char path[4096];
    if (d == NULL) {
        perror(dir);
        return -1;
    }
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (replay_file(path) != 0) {
            closedir(d);
            return -1;
        }
        (*count)++;
    }
    closedir(d);
    return 0;
}

int main(int argc, char **argv)
{
    int i, count = 0;
    for (i = 1; i < argc; i++) {
        struct stat st;
        int rc;
        if (stat(argv[i], &st) != 0) {
            perror(argv[i]);
            return 2;
        }
        if (S_ISDIR(st.st_mode)) {
            rc = replay_dir(argv[i], &count);
        } else {
            rc = replay_file(argv[i]);
            count++;
        }
        if (rc != 0)
            return 2;
    }
    printf("replayed %d inputs\n", count);
    return 0;
}
