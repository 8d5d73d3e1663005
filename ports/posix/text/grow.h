/*
 * grow.h - growing a malloc'd array for host-side tools.
 */
#ifndef TRACEDEC_GROW_H
#define TRACEDEC_GROW_H

#include <stddef.h>

/* Make *array (of elements of `size` bytes, *cap of them allocated) hold at
 * least `need` elements, doubling. Returns 0, or -1 when out of memory (the
 * array is then unchanged). */
int grow_array(void *array, size_t *cap, size_t need, size_t size);

#endif /* TRACEDEC_GROW_H */
