/*
 * bytes.h - fixed-width loads in either byte order, from any alignment.
 *
 * Trace fields are packed without alignment, so every load goes through
 * memcpy-free byte assembly that compilers turn into single loads.
 */
#ifndef TDI_BYTES_H
#define TDI_BYTES_H

#include <stdint.h>
#include <stdbool.h>

static inline uint16_t tdi_le16(const uint8_t *p)
{
    return (uint16_t)(p[0] | (uint16_t)p[1] << 8);
}

static inline uint32_t tdi_le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
           (uint32_t)p[3] << 24;
}

static inline uint64_t tdi_le64(const uint8_t *p)
{
    return (uint64_t)tdi_le32(p) | (uint64_t)tdi_le32(p + 4) << 32;
}

static inline uint16_t tdi_be16(const uint8_t *p)
{
    return (uint16_t)((uint16_t)p[0] << 8 | p[1]);
}

static inline uint32_t tdi_be32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 |
           (uint32_t)p[3];
}

static inline uint64_t tdi_be64(const uint8_t *p)
{
    return (uint64_t)tdi_be32(p) << 32 | (uint64_t)tdi_be32(p + 4);
}

/* Loads in a byte order chosen at run time. */
static inline uint16_t tdi_load16(const uint8_t *p, bool big_endian)
{
    return big_endian ? tdi_be16(p) : tdi_le16(p);
}

static inline uint32_t tdi_load32(const uint8_t *p, bool big_endian)
{
    return big_endian ? tdi_be32(p) : tdi_le32(p);
}

static inline uint64_t tdi_load64(const uint8_t *p, bool big_endian)
{
    return big_endian ? tdi_be64(p) : tdi_le64(p);
}

/* Two's-complement reinterpretation without implementation-defined casts. */
static inline int32_t tdi_as_i32(uint32_t v)
{
    return v <= INT32_MAX ? (int32_t)v : -(int32_t)(~v) - 1;
}

#endif /* TDI_BYTES_H */
