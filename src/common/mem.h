/*
 * mem.h - the only four library functions tracedec calls.
 *
 * The library may include nothing beyond <stddef.h>, <stdint.h>,
 * <stdbool.h> and <limits.h>, so it declares these itself. Every
 * freestanding toolchain provides them (GCC and clang emit calls to them
 * even from code that never names them); `make check-freestanding` proves
 * that nothing else is needed.
 */
#ifndef TDI_MEM_H
#define TDI_MEM_H

#include <stddef.h>
#include <stdint.h>

void *memcpy(void *dest, const void *src, size_t n);
void *memmove(void *dest, const void *src, size_t n);
void *memset(void *s, int c, size_t n);
int memcmp(const void *a, const void *b, size_t n);

/*
 * dst[0..len) = the pattern dst[-dist..0) repeated, dist >= 1: the copy
 * of an LZ77 match that overlaps its own output. The copies double in
 * size, since once dst[0..done) holds whole periods it can be copied
 * after itself.
 */
static inline void tdi_repeat_back(uint8_t *dst, size_t dist, size_t len)
{
    size_t done = dist < len ? dist : len, n;
    memcpy(dst, dst - dist, done);
    while (done < len) {
        n = len - done < done ? len - done : done;
        memcpy(dst + done, dst, n);
        done += n;
    }
}

#endif /* TDI_MEM_H */
