/*
 * deflate_writer.c - see deflate_writer.h.
 */
#include "deflate_writer.h"

#include <string.h>

static const uint8_t codelen_order[19] = {16, 17, 18, 0, 8,  7, 9,  6, 10, 5,
                                          11, 4,  12, 3, 13, 2, 14, 1, 15};

void bw_init(bitw *w)
{
    memset(w, 0, sizeof *w);
}

void bw_bits(bitw *w, uint32_t value, unsigned n)
{
    unsigned i;
    for (i = 0; i < n; i++, w->bits++)
        if ((value >> i) & 1)
            w->buf[w->bits / 8] |= (uint8_t)(1u << (w->bits % 8));
}

void bw_code(bitw *w, uint32_t code, unsigned len)
{
    while (len-- > 0)
        bw_bits(w, (code >> len) & 1, 1);
}

size_t bw_bytes(const bitw *w)
{
    return (w->bits + 7) / 8;
}

size_t bw_offset(const bitw *w)
{
    return w->bits / 8;
}

void bw_block(bitw *w, int last, unsigned type)
{
    bw_bits(w, last ? 1 : 0, 1);
    bw_bits(w, type, 2);
}

void bw_stored_lengths(bitw *w, uint16_t len, uint16_t nlen)
{
    w->bits = bw_bytes(w) * 8;
    bw_bits(w, len, 16);
    bw_bits(w, nlen, 16);
}

void bw_fixed_litlen(bitw *w, unsigned sym)
{
    if (sym < 144)
        bw_code(w, 0x30 + sym, 8);
    else if (sym < 256)
        bw_code(w, 0x190 + sym - 144, 9);
    else if (sym < 280)
        bw_code(w, sym - 256, 7);
    else
        bw_code(w, 0xc0 + sym - 280, 8);
}

void bw_fixed_dist(bitw *w, unsigned sym)
{
    bw_code(w, sym, 5);
}

void canonical_codes(const uint8_t *lens, unsigned n, uint16_t *codes)
{
    unsigned count[16] = {0}, next[16], len, sym, code = 0;
    for (sym = 0; sym < n; sym++)
        count[lens[sym]]++;
    count[0] = 0;
    for (len = 1; len < 16; len++) {
        code = (code + count[len - 1]) << 1;
        next[len] = code;
    }
    for (sym = 0; sym < n; sym++)
        if (lens[sym] != 0)
            codes[sym] = (uint16_t)next[lens[sym]]++;
}

void bw_dynamic_counts(bitw *w, unsigned nlen, unsigned ndist,
                       const uint8_t cl_lens[19])
{
    unsigned i;
    bw_bits(w, nlen - 257, 5);
    bw_bits(w, ndist - 1, 5);
    bw_bits(w, 15, 4);
    for (i = 0; i < 19; i++)
        bw_bits(w, cl_lens[codelen_order[i]], 3);
}

void bw_dynamic_header(bitw *w, int last, const uint8_t *lens, unsigned nlen,
                       unsigned ndist, uint16_t *codes)
{
    uint8_t cl_lens[19] = {0};
    unsigned i;
    for (i = 0; i < 16; i++)
        cl_lens[i] = 4;
    bw_block(w, last, 2);
    bw_dynamic_counts(w, nlen, ndist, cl_lens);
    for (i = 0; i < nlen + ndist; i++)
        bw_code(w, lens[i], 4); /* symbol s has canonical code s */
    if (codes != NULL) {
        canonical_codes(lens, nlen, codes);
        canonical_codes(lens + nlen, ndist, codes + nlen);
    }
}
