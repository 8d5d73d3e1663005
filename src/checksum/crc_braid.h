/*
 * crc_braid.h - the table-driven CRC engine that crc32.c and crc32c.c run
 * with their polynomial's tables (reflected CRCs, register in the low 32
 * bits, no initial or final xor: the callers add those).
 *
 * Technique: braiding. The input is read as 8-byte words dealt round-robin
 * to CRC_LANES lanes, each with its own register. A word folds into its
 * lane's register with eight table lookups (braid_tables[i] holds the
 * register after byte i of the word followed by the rest of the word and
 * the other lanes' words, as zeros), so the lanes form independent
 * dependency chains the processor runs side by side; slicing-by-8 has one
 * chain. Each lane's register is what its history contributes at the
 * lane's next word, so the last block of words is run serially with each
 * lane's register xor-ed into its word: by linearity the result is the
 * CRC of the whole input. Short inputs and the tail go a byte at a time.
 * Loads are assembled from bytes: any alignment, any host byte order.
 */
#ifndef TDI_CRC_BRAID_H
#define TDI_CRC_BRAID_H

#include <stddef.h>
#include <stdint.h>

#include "../common/bytes.h"

#define CRC_LANES 5
#define CRC_BLOCK (8 * CRC_LANES)

static inline uint32_t crc_byte(const uint32_t *byte_table, uint32_t r,
                                uint8_t b)
{
    return byte_table[(r ^ b) & 0xff] ^ (r >> 8);
}

/* The word at p, with the lane's register xor-ed into it, folded through
 * the braid tables. The register is 32 bits wide, so only the word's low
 * half depends on it: the high half's bytes index their tables straight
 * from memory, off the lanes' dependency chains, and take no shifts. */
static inline uint32_t crc_braid_word(const uint32_t (*braid)[256],
                                      const uint8_t *p, uint32_t lane)
{
    uint32_t lo = tdi_le32(p) ^ lane;
    return braid[0][lo & 0xff] ^ braid[1][(lo >> 8) & 0xff] ^
           braid[2][(lo >> 16) & 0xff] ^ braid[3][lo >> 24] ^
           braid[4][p[4]] ^ braid[5][p[5]] ^ braid[6][p[6]] ^
           braid[7][p[7]];
}

/* Byte by byte. */
static inline uint32_t crc_bytes(const uint32_t *byte_table, uint32_t r,
                                 const uint8_t *p, size_t len)
{
    for (; len > 0; len--, p++)
        r = crc_byte(byte_table, r, *p);
    return r;
}

/* The last block: its words in order, each with its lane's register. */
static inline uint32_t crc_last_block(const uint32_t *byte_table,
                                      const uint8_t *p,
                                      const uint32_t *lane)
{
    uint32_t r = 0;
    unsigned k, i;
    for (k = 0; k < CRC_LANES; k++) {
        uint64_t w = tdi_le64(p + 8 * k) ^ lane[k] ^ r;
        r = 0;
        for (i = 0; i < 8; i++)
            r = crc_byte(byte_table, r, (uint8_t)(w >> (8 * i)));
    }
    return r;
}

/* The register after p[0..len) from r. The five lanes are separate
 * variables so that they stay in registers. */
static inline uint32_t crc_braided(const uint32_t *byte_table,
                                   const uint32_t (*braid)[256], uint32_t r,
                                   const uint8_t *p, size_t len)
{
    uint32_t lane[CRC_LANES];
    uint32_t l0 = r, l1 = 0, l2 = 0, l3 = 0, l4 = 0;
    size_t blocks = len / CRC_BLOCK;
    if (blocks < 2)
        return crc_bytes(byte_table, r, p, len);
    for (; blocks > 1; blocks--, p += CRC_BLOCK, len -= CRC_BLOCK) {
        l0 = crc_braid_word(braid, p, l0);
        l1 = crc_braid_word(braid, p + 8, l1);
        l2 = crc_braid_word(braid, p + 16, l2);
        l3 = crc_braid_word(braid, p + 24, l3);
        l4 = crc_braid_word(braid, p + 32, l4);
    }
    lane[0] = l0;
    lane[1] = l1;
    lane[2] = l2;
    lane[3] = l3;
    lane[4] = l4;
    r = crc_last_block(byte_table, p, lane);
    return crc_bytes(byte_table, r, p + CRC_BLOCK, len - CRC_BLOCK);
}

#endif /* TDI_CRC_BRAID_H */
