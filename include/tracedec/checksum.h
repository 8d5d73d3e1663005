/*
 * tracedec/checksum.h - the checksums the containers verify, usable alone.
 *
 * Each takes the running value (start from the *_INIT value, or from a
 * previous call's result) and returns the updated one, so data may arrive
 * in any number of pieces.
 */
#ifndef TRACEDEC_CHECKSUM_H
#define TRACEDEC_CHECKSUM_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* CRC-32 (IEEE 802.3, reflected, polynomial 0xedb88320), as gzip and zip
 * use it: start from 0. */
uint32_t td_crc32(uint32_t crc, const void *data, size_t len);

/* CRC-32C (Castagnoli, reflected, polynomial 0x82f63b78), as snappy's
 * framing format uses it (before masking): start from 0. */
uint32_t td_crc32c(uint32_t crc, const void *data, size_t len);

/* xxHash32 as the LZ4 frame format uses it (seed 0), streaming. */
typedef struct td_xxh32 {
    uint32_t v[4];
    uint32_t total_low;     /* bytes so far, modulo 2^32 */
    uint32_t large;         /* 16 bytes or more were hashed */
    uint8_t buffer[16];
    uint32_t buffered;
    uint32_t seed;
} td_xxh32;

void td_xxh32_init(td_xxh32 *h, uint32_t seed);
void td_xxh32_update(td_xxh32 *h, const void *data, size_t len);
uint32_t td_xxh32_digest(const td_xxh32 *h);

#ifdef __cplusplus
}
#endif

#endif /* TRACEDEC_CHECKSUM_H */
