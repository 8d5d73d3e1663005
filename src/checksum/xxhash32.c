/*
 * xxhash32.c - streaming xxHash32, the checksum of the LZ4 frame format
 * (header, block and content checksums), written from the algorithm's
 * public description.
 *
 * Technique: four 32-bit lanes each absorb every fourth little-endian
 * word of 16-byte stripes (round: acc = rotl(acc + word * P2, 13) * P1).
 * Bytes that do not yet make a whole stripe wait in h->buffer, so the
 * data may arrive in pieces of any size and the digest is the same as
 * for one call. The digest merges the lanes (or starts from seed + P5 for
 * inputs shorter than 16 bytes), adds the length, folds in the buffered
 * tail four bytes and then one byte at a time, and avalanches.
 * td_xxh32_digest() does not change the state, so hashing may go on.
 * tests/test_lz4.c checks it against the content checksums the lz4 CLI
 * writes.
 */
#include "tracedec/checksum.h"
#include "../common/bytes.h"
#include "../common/mem.h"

#define P1 0x9e3779b1u
#define P2 0x85ebca77u
#define P3 0xc2b2ae3du
#define P4 0x27d4eb2fu
#define P5 0x165667b1u

static uint32_t rotl(uint32_t v, unsigned n)
{
    return (v << n) | (v >> (32 - n));
}

static uint32_t round32(uint32_t acc, const uint8_t *p)
{
    return rotl(acc + tdi_le32(p) * P2, 13) * P1;
}

static void stripe(uint32_t v[4], const uint8_t *p)
{
    v[0] = round32(v[0], p);
    v[1] = round32(v[1], p + 4);
    v[2] = round32(v[2], p + 8);
    v[3] = round32(v[3], p + 12);
}

void td_xxh32_init(td_xxh32 *h, uint32_t seed)
{
    memset(h, 0, sizeof *h);
    h->seed = seed;
    h->v[0] = seed + P1 + P2;
    h->v[1] = seed + P2;
    h->v[2] = seed;
    h->v[3] = seed - P1;
}

/* Top up the buffer; returns how many bytes of p it took. */
static size_t fill_buffer(td_xxh32 *h, const uint8_t *p, size_t len)
{
    size_t take = 16 - h->buffered;
    if (take > len)
        take = len;
    memcpy(h->buffer + h->buffered, p, take);
    h->buffered += (uint32_t)take;
    if (h->buffered == 16) {
        stripe(h->v, h->buffer);
        h->buffered = 0;
        h->large = 1;
    }
    return take;
}

void td_xxh32_update(td_xxh32 *h, const void *data, size_t len)
{
    const uint8_t *p = data;
    size_t used;
    if (len == 0)
        return;
    h->total_low += (uint32_t)len;
    if (h->buffered > 0) {
        used = fill_buffer(h, p, len);
        p += used;
        len -= used;
    }
    if (len >= 16) {
        uint32_t v[4];
        memcpy(v, h->v, sizeof v);
        for (; len >= 16; len -= 16, p += 16)
            stripe(v, p);
        memcpy(h->v, v, sizeof v);
        h->large = 1;
    }
    if (len > 0)
        fill_buffer(h, p, len);
}

uint32_t td_xxh32_digest(const td_xxh32 *h)
{
    const uint8_t *p = h->buffer, *end = h->buffer + h->buffered;
    uint32_t acc;
    if (h->large)
        acc = rotl(h->v[0], 1) + rotl(h->v[1], 7) + rotl(h->v[2], 12) +
              rotl(h->v[3], 18);
    else
        acc = h->seed + P5;
    acc += h->total_low;
    for (; end - p >= 4; p += 4)
        acc = rotl(acc + tdi_le32(p) * P3, 17) * P4;
    for (; p < end; p++)
        acc = rotl(acc + *p * P5, 11) * P1;
    acc ^= acc >> 15;
    acc *= P2;
    acc ^= acc >> 13;
    acc *= P3;
    acc ^= acc >> 16;
    return acc;
}
