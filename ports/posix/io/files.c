/*
 * files.c - see files.h.
 */
#define _POSIX_C_SOURCE 200809L
#include "files.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

bool path_is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

bool path_is_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static int fail(const char *what, char *error, size_t error_len)
{
    snprintf(error, error_len, "%s: %s", what, strerror(errno));
    return -1;
}

int path_probe(const char *path, uint64_t *size, uint8_t *head,
               size_t head_len, char *error, size_t error_len)
{
    struct stat st;
    int fd;
    *size = 0;
    if (stat(path, &st) != 0)
        return errno == ENOENT ? 0 : fail("stat", error, error_len);
    *size = (uint64_t)st.st_size;
    if (head == NULL || *size == 0)
        return 0;
    fd = open(path, O_RDONLY);
    if (fd < 0)
        return fail("open", error, error_len);
    if (pread(fd, head, head_len, 0) < 0) {
        fail("read", error, error_len);
        close(fd);
        return -1;
    }
    close(fd);
    return 0;
}
