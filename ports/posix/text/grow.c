/*
 * grow.c - see grow.h.
 */
#include "grow.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int grow_array(void *array, size_t *cap, size_t need, size_t size)
{
    void *old, *bigger;
    size_t n = *cap ? *cap : 16;
    if (need <= *cap)
        return 0;
    while (n < need)
        n *= 2;
    if (n > SIZE_MAX / size)
        return -1;
    memcpy(&old, array, sizeof old);
    bigger = realloc(old, n * size);
    if (bigger == NULL)
        return -1;
    memcpy(array, &bigger, sizeof bigger);
    *cap = n;
    return 0;
}
