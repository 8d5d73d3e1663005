/*
 * mem.h - the only four library functions tracedec calls.
 *
 * The library may include nothing beyond <stddef.h>, <stdint.h>,
 * <stdbool.h> and <limits.h>, so it declares these itself. Every
 * freestanding toolchain provides them (GCC and clang emit calls to them
 * even from code that never names them); `make check-freestanding` proves
 * that nothing else is needed.
 */
#ifndef TD_MEM_H
#define TD_MEM_H

#include <stddef.h>

void *memcpy(void *dest, const void *src, size_t n);
void *memmove(void *dest, const void *src, size_t n);
void *memset(void *s, int c, size_t n);
int memcmp(const void *a, const void *b, size_t n);

#endif /* TD_MEM_H */
