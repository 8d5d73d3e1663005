/*
 * fail_io.c - an LD_PRELOAD shim that makes the k-th read of a file or
 * pipe fail, for the failing-I/O sweep in tests/test_hosts.c.
 *
 * Counted calls: read, pread, pread64 and mmap on a descriptor that is a
 * regular file or a pipe. FAIL_IO_AT=k makes the k-th one fail (EIO; mmap
 * returns MAP_FAILED with ENOMEM); FAIL_IO_SHORT=n makes every read return
 * at most n bytes (short reads, which POSIX allows and hosts must loop
 * over); FAIL_IO_COUNT=PATH writes the number of counted calls to PATH at
 * exit, so a sweep knows how many k there are.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

static long calls;

static int counted(int fd)
{
    struct stat st;
    return fd >= 0 && fstat(fd, &st) == 0 &&
           (S_ISREG(st.st_mode) || S_ISFIFO(st.st_mode));
}

/* Whether this counted call is the one to fail. */
static int fails(int fd)
{
    const char *at = getenv("FAIL_IO_AT");
    if (!counted(fd))
        return 0;
    calls++;
    return at != NULL && atol(at) == calls;
}

/* n, or less under FAIL_IO_SHORT. */
static size_t shortened(size_t n)
{
    const char *limit = getenv("FAIL_IO_SHORT");
    size_t most = limit != NULL ? (size_t)atol(limit) : 0;
    return most > 0 && n > most ? most : n;
}

ssize_t read(int fd, void *buf, size_t n)
{
    ssize_t (*real)(int, void *, size_t) = dlsym(RTLD_NEXT, "read");
    if (fails(fd)) {
        errno = EIO;
        return -1;
    }
    return real(fd, buf, shortened(n));
}

ssize_t pread(int fd, void *buf, size_t n, off_t at)
{
    ssize_t (*real)(int, void *, size_t, off_t) = dlsym(RTLD_NEXT, "pread");
    if (fails(fd)) {
        errno = EIO;
        return -1;
    }
    return real(fd, buf, shortened(n), at);
}

ssize_t pread64(int fd, void *buf, size_t n, off64_t at)
{
    ssize_t (*real)(int, void *, size_t, off64_t) =
        dlsym(RTLD_NEXT, "pread64");
    if (fails(fd)) {
        errno = EIO;
        return -1;
    }
    return real(fd, buf, shortened(n), at);
}

void *mmap(void *addr, size_t n, int prot, int flags, int fd, off_t at)
{
    void *(*real)(void *, size_t, int, int, int, off_t) =
        dlsym(RTLD_NEXT, "mmap");
    if (!(flags & MAP_ANONYMOUS) && fails(fd)) {
        errno = ENOMEM;
        return MAP_FAILED;
    }
    return real(addr, n, prot, flags, fd, at);
}

__attribute__((destructor)) static void report(void)
{
    const char *path = getenv("FAIL_IO_COUNT");
    FILE *f;
    if (path == NULL || (f = fopen(path, "w")) == NULL)
        return;
    fprintf(f, "%ld\n", calls);
    fclose(f);
}
