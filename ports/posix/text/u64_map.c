/*
 * u64_map.c - see u64_map.h. Open addressing, linear probing,
 * doubled when half full.
 */
#include "u64_map.h"

#include <stdlib.h>
#include <string.h>

uint64_t thread_key(int32_t pid, int32_t tid)
{
    return (uint64_t)(uint32_t)pid << 32 | (uint32_t)tid;
}

void u64_map_init(u64_map *m, size_t value_size)
{
    memset(m, 0, sizeof *m);
    m->value_size = value_size;
}

static size_t slot_of(uint64_t key, size_t cap)
{
    return (size_t)((key * 0x9e3779b97f4a7c15u) >> 17) & (cap - 1);
}

static void *place(u64_map *m, uint64_t key, int *created)
{
    size_t i = slot_of(key, m->cap);
    while (m->used[i] && m->keys[i] != key)
        i = (i + 1) & (m->cap - 1);
    *created = !m->used[i];
    if (*created) {
        m->used[i] = 1;
        m->keys[i] = key;
        m->count++;
    }
    return m->values + i * m->value_size;
}

static int grow(u64_map *m)
{
    u64_map bigger = *m;
    size_t i;
    bigger.cap = m->cap ? m->cap * 2 : 16;
    bigger.count = 0;
    bigger.keys = calloc(bigger.cap, sizeof *bigger.keys);
    bigger.used = calloc(bigger.cap, 1);
    bigger.values = calloc(bigger.cap, m->value_size);
    if (!bigger.keys || !bigger.used || !bigger.values) {
        free(bigger.keys);
        free(bigger.used);
        free(bigger.values);
        return -1;
    }
    for (i = 0; i < m->cap; i++) {
        int created;
        if (m->used[i])
            memcpy(place(&bigger, m->keys[i], &created),
                   m->values + i * m->value_size, m->value_size);
    }
    u64_map_free(m);
    *m = bigger;
    return 0;
}

void *u64_map_get(u64_map *m, uint64_t key)
{
    int created;
    if ((m->count + 1) * 2 > m->cap && grow(m) != 0)
        return NULL;
    return place(m, key, &created);
}

void *u64_map_next(const u64_map *m, size_t *slot, uint64_t *key)
{
    for (; *slot < m->cap; (*slot)++) {
        if (m->used[*slot]) {
            size_t i = (*slot)++;
            *key = m->keys[i];
            return m->values + i * m->value_size;
        }
    }
    return NULL;
}

void u64_map_free(u64_map *m)
{
    free(m->keys);
    free(m->used);
    free(m->values);
    m->keys = NULL;
    m->used = NULL;
    m->values = NULL;
    m->cap = 0;
    m->count = 0;
}
