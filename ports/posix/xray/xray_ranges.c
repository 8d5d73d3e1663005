/*
 * xray_ranges.c - see xray_ranges.h. The file is opened again and read
 * with pread() of 16 bytes per buffer, not through the host: its reads
 * take a chunk (1 MiB and more) at a time, as much as a buffer.
 */
#include "xray_ranges.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* How the pass fails. */
enum { OUT_OF_MEMORY = -1, READ_FAILED = -2 };

/* The n bytes at `at` into buf, over short reads. Returns 1, 0 when the
 * file ends first, or READ_FAILED (errno says why). */
static int read_at(int fd, uint8_t *buf, size_t n, uint64_t at)
{
    size_t got = 0;
    ssize_t k;
    while (got < n) {
        k = pread(fd, buf + got, n - got, (off_t)(at + got));
        if (k < 0)
            return READ_FAILED;
        if (k == 0)
            return 0;
        got += (size_t)k;
    }
    return 1;
}

/* Where the buffer at `at` ends: 1 with *end set, 0 when the index
 * cannot tell, or READ_FAILED. */
static int next_buffer(int fd, const td_xray_event *header, uint64_t at,
                       uint64_t *end)
{
    uint8_t first[16];
    int rc = header->header.version >= 2
                 ? read_at(fd, first, sizeof first, at)
                 : 1;
    if (rc != 1)
        return rc;
    return td_xray_buffer_end(header, at, first, end) ? 1 : 0;
}

/* Add a range starting at `start`, after the basic-mode function record
 * `follows` (NULL: none). Returns 0 or OUT_OF_MEMORY. */
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
            return OUT_OF_MEMORY;
    }
    r->starts[r->count] = start;
    memset(r->follows[r->count], 0, sizeof r->follows[r->count]);
    if (follows != NULL)
        memcpy(r->follows[r->count], follows, sizeof r->follows[r->count]);
    r->count++;
    return 0;
}

/* FDR mode: a range every `target` bytes of whole buffers. Returns 0,
 * OUT_OF_MEMORY or READ_FAILED. */
static int cut_buffers(xray_ranges *r, size_t *cap, int fd, uint64_t size,
                       const td_xray_event *header, uint64_t target)
{
    uint64_t at = r->starts[0], end;
    int rc = 0, known = 1;
    while (rc == 0 && at < size &&
           (known = next_buffer(fd, header, at, &end)) == 1 && end < size) {
        at = end;
        if (at - r->starts[r->count - 1] >= target)
            rc = add_range(r, cap, at, NULL);
    }
    return known < 0 ? known : rc;
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
 * after a function record (looked for over SEARCH records at most).
 * Returns 0, OUT_OF_MEMORY or READ_FAILED. */
#define SEARCH 64
static int cut_records(xray_ranges *r, size_t *cap, int fd, uint64_t size,
                       const td_xray_event *header, uint64_t target)
{
    uint64_t step = target < 32 ? 32 : target / 32 * 32;
    uint64_t next = r->starts[0] + step, at;
    uint8_t before[32];
    int rc = 0, tries, got;
    while (rc == 0 && next < size) {
        for (tries = 0, at = next; tries < SEARCH && at < size;
             tries++, at += 32) {
            got = read_at(fd, before, sizeof before, at - 32);
            if (got != 1)
                return got; /* the end of the file, or READ_FAILED */
            if (can_follow(header, at, before)) {
                rc = add_range(r, cap, at, before);
                break;
            }
        }
        next = at + step;
    }
    return rc;
}

/* Why the pass failed (`rc`), or the call `call` did (rc 0). */
static void say_why(char *error, size_t len, int rc, const char *call)
{
    if (rc == OUT_OF_MEMORY)
        snprintf(error, len, "out of memory");
    else
        snprintf(error, len, "%s: %.200s", call, strerror(errno));
}

int xray_ranges_find(xray_ranges *r, const char *path, uint64_t size,
                     const td_xray_event *header, uint64_t target,
                     char *error, size_t error_len)
{
    size_t cap = 0;
    int fd = open(path, O_RDONLY);
    int rc;
    memset(r, 0, sizeof *r);
    if (fd < 0) {
        say_why(error, error_len, 0, "open");
        return -1;
    }
    rc = add_range(r, &cap, header->size, NULL);
    if (rc == 0 && header->header.mode == TD_XRAY_MODE_FDR)
        rc = cut_buffers(r, &cap, fd, size, header, target);
    else if (rc == 0)
        rc = cut_records(r, &cap, fd, size, header, target);
    if (rc != 0) {
        say_why(error, error_len, rc, "pread");
        xray_ranges_free(r);
    }
    close(fd);
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
