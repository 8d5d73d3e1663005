/*
 * guard_span.c - see guard_span.h. One mapping per guard_span, grown when
 * a longer span comes: [no access][room][no access].
 */
#define _DEFAULT_SOURCE 1 /* MAP_ANONYMOUS */
#include "guard_span.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static size_t page_size(void)
{
    long p = sysconf(_SC_PAGESIZE);
    return p > 0 ? (size_t)p : 4096;
}

static void grow(guard_span *g, size_t n)
{
    size_t page = page_size(), room = (n + page - 1) / page * page;
    uint8_t *map;
    guard_span_free(g);
    map = mmap(NULL, room + 2 * page, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS,
               -1, 0);
    if (map == MAP_FAILED ||
        mprotect(map + page, room, PROT_READ | PROT_WRITE) != 0) {
        perror("guard_span");
        abort();
    }
    g->map = map;
    g->room = room;
}

const uint8_t *guard_span_copy(guard_span *g, const void *src, size_t n)
{
    uint8_t *at;
    if (g->map == NULL || g->room < n)
        grow(g, n);
    at = g->map + page_size();
    if (g->count++ % 2 == 0)
        at += g->room - n;
    memcpy(at, src, n);
    return at;
}

void guard_span_free(guard_span *g)
{
    if (g->map != NULL)
        munmap(g->map, g->room + 2 * page_size());
    g->map = NULL;
    g->room = 0;
}
