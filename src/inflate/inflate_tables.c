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

/* Where the codes go: the next code (bit-reversed) and the subtable the
 * codes longer than root are being placed in. */
typedef struct placing {
    uint16_t unplaced[MAX_CODE_BITS + 1];
    uint32_t rev, prefix, used, sub;
    unsigned root, sub_bits;
} placing;

/* Place the next canonical code, of len bits, for symbol sym. */
static void place_code(uint32_t *table, placing *p, unsigned sym,
                       unsigned len, enum inflate_code code)
{
    uint32_t root_mask = (1u << p->root) - 1;
    if (len <= p->root) {
        fill(table, p->rev, 1u << len, 1u << p->root,
             symbol_entry(sym, code, len));
    } else {
        if ((p->rev & root_mask) != p->prefix) {
            p->prefix = p->rev & root_mask;
            p->sub_bits = subtable_bits(p->unplaced, len, p->root);
            p->sub = p->used;
            p->used += 1u << p->sub_bits;
            table[p->prefix] =
                entry_make(p->sub, ENTRY_LINK | p->sub_bits, p->root);
        }
        fill(table + p->sub, p->rev >> p->root, 1u << (len - p->root),
             1u << p->sub_bits, symbol_entry(sym, code, len - p->root));
    }
    p->unplaced[len]--;
    p->rev = next_reversed(p->rev, len);
}

/* Place every code in canonical order: by length, then symbol (a pass
 * over the lengths per code length in use: no sorted copy, so the stack
 * stays small). */
static void place_codes(uint32_t *table, const uint8_t *lens, unsigned n,
                        const uint16_t *count, unsigned root,
                        enum inflate_code code)
{
    placing p;
    unsigned len, sym;
    memcpy(p.unplaced, count, sizeof p.unplaced);
    p.rev = 0;
    p.root = root;
    p.prefix = 1u << root; /* matches no root index */
    p.used = 1u << root;
    p.sub = 0;
    p.sub_bits = 0;
    for (len = 1; len <= MAX_CODE_BITS; len++) {
        for (sym = 0; count[len] > 0 && sym < n; sym++)
            if (lens[sym] == len)
                place_code(table, &p, sym, len, code);
    }
}

int tdi_inflate_build(uint32_t *table, const uint8_t *lens, unsigned n,
                  enum inflate_code code)
{
    uint16_t count[MAX_CODE_BITS + 1];
    unsigned root = root_bits(code), sym;
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
    place_codes(table, lens, n, count, root, code);
    return TD_OK;
}

void tdi_inflate_fixed_tables(td_inflate_state *z)
{
    unsigned sym;
    if (z->fixed)
        return;
    for (sym = 0; sym < 288; sym++)
        z->lens[sym] = sym < 144 ? 8 : sym < 256 ? 9 : sym < 280 ? 7 : 8;
    tdi_inflate_build(litlen_table(z), z->lens, 288, CODE_LITLEN);
    for (sym = 0; sym < 32; sym++)
        z->lens[sym] = 5;
    tdi_inflate_build(dist_table(z), z->lens, 32, CODE_DIST);
    z->fixed = 1;
}
