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

/* Add a range starting at `start`, after the basic-mode function record
 * `follows` (NULL: none). Returns 0, or -1 when out of memory. */
static int add_range(xray_ranges *r, size_t *cap, uint64_t start,
                     const uint8_t *follows)
{
    uint64_t *starts;
    uint8_t(*records)[32];
    if (r->count == *cap) {
        *cap = *cap == 0 ? 64 : 2 * *cap;
        starts = realloc(r->starts, *cap * sizeof *starts);
        if (starts != NULL)
            r->starts = starts;
        records = realloc(r->follows, *cap * sizeof *records);
        if (records != NULL)
            r->follows = records;
        if (starts == NULL || records == NULL)
            return -1;
    }
    r->starts[r->count] = start;
    memset(r->follows[r->count], 0, sizeof r->follows[r->count]);
    if (follows != NULL)
        memcpy(r->follows[r->count], follows, sizeof r->follows[r->count]);
    r->count++;
    return 0;
}

/* FDR mode: a range every `target` bytes of whole buffers. */
static int cut_buffers(xray_ranges *r, size_t *cap, int fd, uint64_t size,
                       const td_xray_event *header, uint64_t target)
{
    uint64_t at = r->starts[0], end;
    int rc = 0;
    while (rc == 0 && at < size && next_buffer(fd, header, at, &end) &&
           end < size) {
        at = end;
        if (at - r->starts[r->count - 1] >= target)
            rc = add_range(r, cap, at, NULL);
    }
    return rc;
}

/* Basic mode: whether a range can start at `at` after the 32 bytes
 * `before` (a function record). */
static bool can_follow(const td_xray_event *header, uint64_t at,
                       const uint8_t *before)
{
    td_xray_decoder probe;
    td_xray_init(&probe, NULL);
    return td_xray_start_range(&probe, header, at, 0, 0) == TD_OK &&
           td_xray_follow(&probe, before) == TD_OK;
}

/* Basic mode: a range about every `target` bytes, at the first record
 * after a function record (looked for over SEARCH records at most). */
#define SEARCH 64
static int cut_records(xray_ranges *r, size_t *cap, int fd, uint64_t size,
                       const td_xray_event *header, uint64_t target)
{
    uint64_t step = target < 32 ? 32 : target / 32 * 32;
    uint64_t next = r->starts[0] + step, at;
    uint8_t before[32];
    int rc = 0, tries;
    while (rc == 0 && next < size) {
        for (tries = 0, at = next; tries < SEARCH && at < size;
             tries++, at += 32) {
            if (pread(fd, before, sizeof before, (off_t)(at - 32)) !=
                (ssize_t)sizeof before)
                return 0;
            if (can_follow(header, at, before)) {
                rc = add_range(r, cap, at, before);
                break;
            }
        }
        next = at + step;
    }
    return rc;
}

int xray_ranges_find(xray_ranges *r, const char *path, uint64_t size,
                     const td_xray_event *header, uint64_t target)
{
    size_t cap = 0;
    int fd = open(path, O_RDONLY);
    int rc;
    memset(r, 0, sizeof *r);
    rc = fd < 0 ? -1 : add_range(r, &cap, header->size, NULL);
    if (rc == 0 && header->header.mode == TD_XRAY_MODE_FDR)
        rc = cut_buffers(r, &cap, fd, size, header, target);
    else if (rc == 0)
        rc = cut_records(r, &cap, fd, size, header, target);
    if (fd >= 0)
        close(fd);
    if (rc != 0)
        xray_ranges_free(r);
    return rc;
}

void xray_ranges_free(xray_ranges *r)
{
    free(r->starts);
    free(r->follows);
    r->starts = NULL;
    r->follows = NULL;
    r->count = 0;
}
