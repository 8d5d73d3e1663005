/*
 * thread_map.h - a growable hash map from a 64-bit thread key (pid << 32 |
 * tid) to a per-thread record of the caller's type, for host-side tools.
 */
#ifndef TRACEDEC_THREAD_MAP_H
#define TRACEDEC_THREAD_MAP_H

#include <stddef.h>
#include <stdint.h>

typedef struct thread_map {
    uint64_t *keys;
    unsigned char *used;
    unsigned char *values;   /* value_size bytes per slot */
    size_t value_size;
    size_t cap;              /* a power of two */
    size_t count;
} thread_map;

void thread_map_init(thread_map *m, size_t value_size);

/* The value for key, created zero-filled when new; NULL when out of
 * memory. Pointers stay valid until the next thread_map_get. */
void *thread_map_get(thread_map *m, uint64_t key);

/* Visit every entry in slot order: *slot starts at 0; returns NULL at the
 * end. */
void *thread_map_next(const thread_map *m, size_t *slot, uint64_t *key);

void thread_map_free(thread_map *m);

uint64_t thread_key(int32_t pid, int32_t tid);

#endif /* TRACEDEC_THREAD_MAP_H */
