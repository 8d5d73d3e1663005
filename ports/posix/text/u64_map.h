/*
 * u64_map.h - a growable hash map from 64-bit keys (thread keys, addresses)
 * to a record of the caller's type, for host-side tools.
 */
#ifndef TRACEDEC_U64_MAP_H
#define TRACEDEC_U64_MAP_H

#include <stddef.h>
#include <stdint.h>

typedef struct u64_map {
    uint64_t *keys;
    unsigned char *used;
    unsigned char *values;   /* value_size bytes per slot */
    size_t value_size;
    size_t cap;              /* a power of two */
    size_t count;
} u64_map;

void u64_map_init(u64_map *m, size_t value_size);

/* The value for key, created zero-filled when new; NULL when out of
 * memory. Pointers stay valid until the next u64_map_get. */
void *u64_map_get(u64_map *m, uint64_t key);

/* Visit every entry in slot order: *slot starts at 0; returns NULL at the
 * end. */
void *u64_map_next(const u64_map *m, size_t *slot, uint64_t *key);

void u64_map_free(u64_map *m);

uint64_t thread_key(int32_t pid, int32_t tid);

#endif /* TRACEDEC_U64_MAP_H */
