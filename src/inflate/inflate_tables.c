/*
 * inflate_tables.c - decoding tables built from code lengths, and the
 * checks that the lengths make a usable prefix code.
 *
 * Technique: canonical prefix codes (RFC 1951 3.2.2) decoded by table
 * lookup, as zlib's inftrees does. Deflate sends a code's most significant
 * bit first, so the bit accumulator's low bits hold the code reversed: a
 * code of len <= root bits fills every root entry whose low len bits are
 * its reversed code. A longer code goes to a subtable hanging off the root
 * entry of its first root bits (a link entry), indexed by the bits that
 * follow. Codes are placed in canonical order (by length, then symbol), so
 * the codes that share a root prefix come one after another, shortest
 * first, and they fill that prefix's share of the code space exactly: the
 * subtable is as wide as the length at which the codes not yet placed
 * cover that share. The room all subtables can need is zlib's `enough`
 * bound (see TD_INFLATE_TABLE_ENTRIES).
 *
 * Checks: lengths are over-subscribed when their codes claim more than the
 * whole code space, incomplete when they leave part of it unused. Both are
 * TD_E_INFLATE_HUFFMAN, except the cases RFC 1951 3.2.7 and zlib accept: a
 * single one-bit literal/length or distance code, and an empty distance
 * code (a block without matches). The entries no code reaches then decode
 * as ENTRY_INVALID.
 */
#include "inflate_internal.h"

#define MAX_CODE_BITS 15u
#define MAX_SYMBOLS 288u

static const uint16_t length_base[29] = {
    3,  4,  5,  6,  7,  8,  9,  10, 11,  13,  15,  17,  19,  23, 27,
    31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
static const uint8_t length_extra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1,
                                         1, 1, 2, 2, 2, 2, 3, 3, 3, 3,
                                         4, 4, 4, 4, 5, 5, 5, 5, 0};
static const uint16_t dist_base[30] = {
    1,    2,    3,    4,    5,    7,     9,     13,    17,  25,
    33,   49,   65,   97,   129,  193,   257,   385,   513, 769,
    1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577};
static const uint8_t dist_extra[30] = {0, 0, 0, 0, 1, 1, 2,  2,  3,  3,
                                       4, 4, 5, 5, 6, 6, 7,  7,  8,  8,
                                       9, 9, 10, 10, 11, 11, 12, 12, 13, 13};

static unsigned root_bits(enum inflate_code code)
{
    switch (code) {
    case CODE_CODELENS:
        return CODELEN_ROOT;
    case CODE_LITLEN:
        return LITLEN_ROOT;
    default:
        return DIST_ROOT;
    }
}

/* The entry for symbol sym whose code takes `bits` bits at its level. */
static uint32_t symbol_entry(unsigned sym, enum inflate_code code,
                             unsigned bits)
{
    if (code == CODE_CODELENS)
        return entry_make(sym, 0, bits);
    if (code == CODE_LITLEN) {
        if (sym < 256)
            return entry_make(sym, ENTRY_LITERAL, bits);
        if (sym == 256)
            return entry_make(0, ENTRY_END, bits);
        if (sym < 286)
            return entry_make(length_base[sym - 257], length_extra[sym - 257],
                              bits);
        return entry_make(sym, ENTRY_INVALID, bits);
    }
    if (sym < 30)
        return entry_make(dist_base[sym], dist_extra[sym], bits);
    return entry_make(sym, ENTRY_INVALID, bits);
}

/* TD_OK for a complete code or an allowed incomplete one (*incomplete
 * says which), else TD_E_INFLATE_HUFFMAN. */
static int check_code(const uint16_t *count, unsigned codes,
                      enum inflate_code code, bool *incomplete)
{
    int32_t left = 1; /* unused codes of the current length */
    unsigned len;
    for (len = 1; len <= MAX_CODE_BITS; len++) {
        left = left * 2 - count[len];
        if (left < 0)
            return TD_E_INFLATE_HUFFMAN;
    }
    *incomplete = left > 0;
    if (left == 0)
        return TD_OK;
    if (code != CODE_CODELENS && codes == 1 && count[1] == 1)
        return TD_OK;
    if (code == CODE_DIST && codes == 0)
        return TD_OK;
    return TD_E_INFLATE_HUFFMAN;
}

/* Put entry at index, index + step, ... below size. */
static void fill(uint32_t *table, uint32_t index, uint32_t step,
                 uint32_t size, uint32_t entry)
{
    for (; index < size; index += step)
        table[index] = entry;
}

/* The next canonical code of len bits, in bit-reversed form: add one at
 * the code's last bit (the reversed form's bit len - 1), carrying
 * towards bit 0. */
static uint32_t next_reversed(uint32_t rev, unsigned len)
{
    uint32_t bit = 1u << (len - 1);
    while (bit != 0 && (rev & bit) != 0) {
        rev ^= bit;
        bit >>= 1;
    }
    return rev | bit;
}

/* Width of the subtable for the prefix whose first (shortest) code has len
 * bits: the length at which the codes not yet placed fill the prefix's
 * share of the code space, minus root. */
static unsigned subtable_bits(const uint16_t *unplaced, unsigned len,
                              unsigned root)
{
    int32_t room = 1 << (len - root); /* free codes of length len */
    while (len < MAX_CODE_BITS) {
        room -= unplaced[len];
        if (room <= 0)
            break;
        len++;
        room *= 2;
    }
    return len - root;
}

/* Place the codes of the symbols in `sorted` (canonical order; count[len]
 * of each length) into table. */
static void place_codes(uint32_t *table, const uint16_t *sorted,
                        const uint16_t *count, unsigned root,
                        enum inflate_code code)
{
    uint16_t unplaced[MAX_CODE_BITS + 1];
    uint32_t rev = 0, root_mask = (1u << root) - 1, prefix = root_mask + 1;
    uint32_t used = 1u << root, sub = 0;
    unsigned len, i = 0, k, sub_bits = 0;
    memcpy(unplaced, count, sizeof unplaced);
    for (len = 1; len <= MAX_CODE_BITS; len++) {
        for (k = 0; k < count[len]; k++, i++) {
            uint32_t entry;
            if (len <= root) {
                entry = symbol_entry(sorted[i], code, len);
                fill(table, rev, 1u << len, 1u << root, entry);
            } else {
                if ((rev & root_mask) != prefix) {
                    prefix = rev & root_mask;
                    sub_bits = subtable_bits(unplaced, len, root);
                    sub = used;
                    used += 1u << sub_bits;
                    table[prefix] = entry_make(sub, ENTRY_LINK | sub_bits, root);
                }
                entry = symbol_entry(sorted[i], code, len - root);
                fill(table + sub, rev >> root, 1u << (len - root),
                     1u << sub_bits, entry);
            }
            unplaced[len]--;
            rev = next_reversed(rev, len);
        }
    }
}

int inflate_build(uint32_t *table, const uint8_t *lens, unsigned n,
                  enum inflate_code code)
{
    uint16_t count[MAX_CODE_BITS + 1], start[MAX_CODE_BITS + 1];
    uint16_t sorted[MAX_SYMBOLS];
    unsigned root = root_bits(code), sym, len;
    bool incomplete;
    int rc;
    memset(count, 0, sizeof count);
    for (sym = 0; sym < n; sym++)
        count[lens[sym]]++;
    rc = check_code(count, n - count[0], code, &incomplete);
    if (rc != TD_OK)
        return rc;
    if (incomplete)
        fill(table, 0, 1, 1u << root, entry_make(0, ENTRY_INVALID, 1));
    start[1] = 0;
    for (len = 1; len < MAX_CODE_BITS; len++)
        start[len + 1] = (uint16_t)(start[len] + count[len]);
    for (sym = 0; sym < n; sym++)
        if (lens[sym] != 0)
            sorted[start[lens[sym]]++] = (uint16_t)sym;
    place_codes(table, sorted, count, root, code);
    return TD_OK;
}

void inflate_fixed_tables(td_inflate_state *z)
{
    unsigned sym;
    if (z->fixed)
        return;
    for (sym = 0; sym < 288; sym++)
        z->lens[sym] = sym < 144 ? 8 : sym < 256 ? 9 : sym < 280 ? 7 : 8;
    inflate_build(litlen_table(z), z->lens, 288, CODE_LITLEN);
    for (sym = 0; sym < 32; sym++)
        z->lens[sym] = 5;
    inflate_build(dist_table(z), z->lens, 32, CODE_DIST);
    z->fixed = 1;
}
