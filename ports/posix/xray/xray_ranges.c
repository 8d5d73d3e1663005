/*
 * xray_ranges.c - see xray_ranges.h. The file is opened again and read
 * with pread() of 16 bytes per buffer, not through the host: its reads
 * take a chunk (1 MiB and more) at a time, as much as a buffer.
 */
#include "xray_ranges.h"

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Where the buffer at `at` ends, false when the index cannot tell. */
static bool next_buffer(int fd, const td_xray_event *header, uint64_t at,
                        uint64_t *end)
{
    uint8_t first[16];
    if (header->header.version >= 2 &&
        pread(fd, first, sizeof first, (off_t)at) != (ssize_t)sizeof first)
        return false;
    return td_xray_buffer_end(header, at, first, end);
}

/* Add a range starting at `start`. Returns 0, or -1 when out of memory. */
static int add_range(xray_ranges *r, size_t *cap, uint64_t start)
{
    uint64_t *grown;
    if (r->count == *cap) {
        *cap = *cap == 0 ? 64 : 2 * *cap;
        grown = realloc(r->starts, *cap * sizeof *grown);
        if (grown == NULL)
            return -1;
        r->starts = grown;
    }
    r->starts[r->count++] = start;
    return 0;
}

int xray_ranges_find(xray_ranges *r, const char *path, uint64_t size,
                     const td_xray_event *header, uint64_t target)
{
    uint64_t at = header->size, end; /* the first buffer: after it */
    size_t cap = 0;
    int fd = open(path, O_RDONLY);
    int rc;
    memset(r, 0, sizeof *r);
    rc = fd < 0 ? -1 : add_range(r, &cap, at);
    while (rc == 0 && at < size && next_buffer(fd, header, at, &end) &&
           end < size) {
        at = end;
        if (at - r->starts[r->count - 1] >= target)
            rc = add_range(r, &cap, at);
    }
    if (fd >= 0)
        close(fd);
    if (rc != 0)
        xray_ranges_free(r);
    return rc;
}

void xray_ranges_free(xray_ranges *r)
{
    free(r->starts);
    r->starts = NULL;
    r->count = 0;
}
