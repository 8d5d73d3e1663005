/*
 * lz4_copy.h - the byte copies of LZ4 decoding, in the output ring.
 *
 * A match copies `len` bytes from `dist` bytes back. When dist < len the
 * source overlaps what the match itself writes: the output repeats the
 * last `dist` bytes (tdi_repeat_back). When the source lies before the
 * ring's start it wraps to the ring's end; such a source sits ahead of
 * the destination in the ring, so every byte is read before it is
 * overwritten.
 *
 * The *_strided() copies are the fast path's: they move whole 16- or
 * 8-byte strides and may write up to LZ4_OVERSHOOT bytes past the end;
 * their callers make sure the ring has room and the source is readable.
 */
#ifndef TDI_LZ4_COPY_H
#define TDI_LZ4_COPY_H

#include "lz4_internal.h"
#include "../common/mem.h"

/* Write `len` bytes of a match at ring position op (op + len <= LZ4_RING),
 * from `dist` bytes back, wrapping the source around the ring. */
static inline void lz4_copy_match(uint8_t *ring, uint32_t op, uint32_t dist,
                                  uint32_t len)
{
    while (len > 0) {
        uint32_t n = len;
        if (op < dist) {
            uint32_t src = op + LZ4_RING - dist;
            if (n > LZ4_RING - src)
                n = LZ4_RING - src;
            memmove(ring + op, ring + src, n);
        } else if (dist >= n) {
            memcpy(ring + op, ring + op - dist, n);
        } else {
            tdi_repeat_back(ring + op, dist, n);
        }
        op += n;
        len -= n;
    }
}

/* Copy len bytes in whole 16-byte strides, at least one: up to 16 bytes
 * too many (15 when len > 0). */
static inline void lz4_copy_strided(uint8_t *dst, const uint8_t *src,
                                    size_t len)
{
    uint8_t *end = dst + len;
    do {
        memcpy(dst, src, 16);
        dst += 16;
        src += 16;
    } while (dst < end);
}

/* A match of len bytes from src to dst = src + dist, or from a wrapped
 * source ahead of dst: strides no longer than dist, so each stride reads
 * only bytes already final. May write 15 bytes too many. */
static inline void lz4_match_strided(uint8_t *dst, const uint8_t *src,
                                     uint32_t dist, size_t len)
{
    uint8_t *end = dst + len;
    if (dist >= 16) {
        lz4_copy_strided(dst, src, len);
        return;
    }
    if (dist >= 8) {
        do {
            memcpy(dst, src, 8);
            dst += 8;
            src += 8;
        } while (dst < end);
        return;
    }
    tdi_repeat_back(dst, dist, len);
}

#endif /* TDI_LZ4_COPY_H */
