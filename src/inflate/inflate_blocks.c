/*
 * inflate_blocks.c - the block structure of RFC 1951: block headers,
 * stored blocks, and the code lengths that open a dynamic block.
 *
 *   block   := BFINAL(1) BTYPE(2) body
 *   stored  := pad to a byte, LEN(16) NLEN(16), LEN bytes
 *   fixed   := codes with the fixed tables
 *   dynamic := HLIT(5) HDIST(5) HCLEN(4), (HCLEN + 4) x 3-bit lengths of
 *              the code length code, then HLIT + 257 + HDIST + 1 lengths
 *              coded with it (16: repeat the previous 3-6 times, 17: 3-10
 *              zeros, 18: 11-138 zeros; a run may cross from the
 *              literal/length lengths into the distance lengths), codes
 *
 * Each handler takes its field only when all of its bits are in the
 * accumulator (see inflate_core.c); a code length with its repeat bits
 * is one field. Errors point at the byte holding the first bit of the
 * offending field; a code that cannot be built points at its block.
 */
#include "inflate_internal.h"

/* Where the lengths of the code length code go (RFC 1951 3.2.7). */
static const uint8_t codelen_order[19] = {16, 17, 18, 0, 8,  7, 9,  6, 10, 5,
                                          11, 4,  12, 3, 13, 2, 14, 1, 15};

static void end_of_block(td_inflate_state *z)
{
    z->mode = z->last ? IM_END : IM_HEADER;
}

int tdi_inflate_block_header(td_inflate_state *z, td_input *in, td_fault *f)
{
    z->block_offset = inflate_offset(z, in);
    if (z->next == z->emitted)
        z->data_offset = z->block_offset;
    if (!tdi_inflate_need(z, in, 3))
        return tdi_inflate_stall(z, in, f);
    z->last = (uint8_t)(z->hold & 1);
    switch ((z->hold >> 1) & 3) {
    case 0:
        z->mode = IM_STORED_LENGTH;
        break;
    case 1:
        tdi_inflate_fixed_tables(z);
        z->mode = IM_CODES;
        break;
    case 2:
        z->mode = IM_TABLE_COUNTS;
        break;
    default:
        return tdi_fail(f, TD_E_INFLATE_BLOCK_TYPE, z->block_offset,
                       TDI_REASON("block type 3 is reserved"));
    }
    inflate_drop(z, 3);
    return TDI_AGAIN;
}

int tdi_inflate_stored_length(td_inflate_state *z, td_input *in, td_fault *f)
{
    uint32_t len, nlen;
    inflate_drop(z, z->bits % 8);
    if (!tdi_inflate_need(z, in, 32))
        return tdi_inflate_stall(z, in, f);
    len = (uint32_t)(z->hold & 0xffff);
    nlen = (uint32_t)((z->hold >> 16) & 0xffff);
    if (len != (~nlen & 0xffff))
        return tdi_fail(f, TD_E_INFLATE_STORED_LENGTH, inflate_offset(z, in),
                       TDI_REASON("stored block LEN is not the one's "
                                 "complement of NLEN"));
    inflate_drop(z, 32);
    z->stored_left = len;
    z->mode = IM_STORED_COPY;
    return TDI_AGAIN;
}

/* Stored bytes already in the accumulator go first, one at a time; the
 * rest is copied from the span in one piece per call. */
int tdi_inflate_stored_copy(td_inflate_state *z, td_input *in, td_fault *f)
{
    uint64_t n = INFLATE_RING - z->next, before_end;
    const uint8_t *p;
    size_t got;
    if (z->stored_left == 0) {
        end_of_block(z);
        return TDI_AGAIN;
    }
    if (z->bits >= 8 || in->staged > 0) {
        if (!tdi_inflate_need(z, in, 8))
            return tdi_inflate_stall(z, in, f);
        z->window[z->next++] = (uint8_t)z->hold;
        inflate_drop(z, 8);
        z->total_out++;
        z->stored_left--;
        return TDI_AGAIN;
    }
    before_end = z->in_end - tdi_input_tell(in);
    if (n > z->stored_left)
        n = z->stored_left;
    if (n > before_end)
        n = before_end;
    p = n > 0 ? tdi_input_piece(in, n, &got) : NULL;
    if (p == NULL)
        return tdi_inflate_stall(z, in, f);
    memcpy(z->window + z->next, p, got);
    z->next += (uint32_t)got;
    z->total_out += got;
    z->stored_left -= (uint32_t)got;
    return TDI_AGAIN;
}

int tdi_inflate_table_counts(td_inflate_state *z, td_input *in, td_fault *f)
{
    if (!tdi_inflate_need(z, in, 14))
        return tdi_inflate_stall(z, in, f);
    z->nlen = (uint16_t)(257 + (z->hold & 31));
    z->ndist = (uint16_t)(1 + ((z->hold >> 5) & 31));
    z->ncode = (uint16_t)(4 + ((z->hold >> 10) & 15));
    if (z->nlen > 286 || z->ndist > 30)
        return tdi_fail(f, TD_E_INFLATE_CODE_LENGTHS, inflate_offset(z, in),
                       TDI_REASON("HLIT above 29 or HDIST above 29: more "
                                 "than 286 literal/length or 30 distance "
                                 "codes"));
    inflate_drop(z, 14);
    z->have = 0;
    z->fixed = 0;
    z->mode = IM_CODELEN_LENS;
    return TDI_AGAIN;
}

int tdi_inflate_codelen_lens(td_inflate_state *z, td_input *in, td_fault *f)
{
    while (z->have < z->ncode) {
        if (!tdi_inflate_need(z, in, 3))
            return tdi_inflate_stall(z, in, f);
        z->lens[codelen_order[z->have++]] = (uint8_t)(z->hold & 7);
        inflate_drop(z, 3);
    }
    while (z->have < 19)
        z->lens[codelen_order[z->have++]] = 0;
    if (tdi_inflate_build(z->codes, z->lens, 19, CODE_CODELENS) != TD_OK)
        return tdi_fail(f, TD_E_INFLATE_HUFFMAN, z->block_offset,
                       TDI_REASON("the code length code is over-subscribed "
                                 "or incomplete"));
    z->have = 0;
    z->mode = IM_LENS;
    return TDI_AGAIN;
}

/* Code length symbol 16, 17 or 18 whose code takes `used` bits: a run. */
static int length_run(td_inflate_state *z, td_input *in, td_fault *f,
                      unsigned sym, unsigned used)
{
    static const uint8_t extra_bits[3] = {2, 3, 7}, base[3] = {3, 3, 11};
    unsigned extra = extra_bits[sym - 16], count, value = 0;
    if (!tdi_inflate_need(z, in, used + extra))
        return tdi_inflate_stall(z, in, f);
    count = base[sym - 16] + (unsigned)low_bits(z->hold >> used, extra);
    if (sym == 16) {
        if (z->have == 0)
            return tdi_fail(f, TD_E_INFLATE_CODE_LENGTHS, inflate_offset(z, in),
                           TDI_REASON("code length 16 (repeat the previous "
                                     "length) comes first"));
        value = z->lens[z->have - 1];
    }
    if (z->have + count > (unsigned)z->nlen + z->ndist)
        return tdi_fail(f, TD_E_INFLATE_CODE_LENGTHS, inflate_offset(z, in),
                       TDI_REASON("code length run goes past the HLIT + "
                                 "HDIST lengths"));
    inflate_drop(z, used + extra);
    memset(z->lens + z->have, (int)value, count);
    z->have = (uint16_t)(z->have + count);
    return TDI_AGAIN;
}

static int build_codes(td_inflate_state *z, td_fault *f)
{
    if (z->lens[256] == 0)
        return tdi_fail(f, TD_E_INFLATE_CODE_LENGTHS, z->block_offset,
                       TDI_REASON("no code for end-of-block (symbol 256)"));
    if (tdi_inflate_build(litlen_table(z), z->lens, z->nlen, CODE_LITLEN) != TD_OK)
        return tdi_fail(f, TD_E_INFLATE_HUFFMAN, z->block_offset,
                       TDI_REASON("the literal/length code is "
                                 "over-subscribed or incomplete"));
    if (tdi_inflate_build(dist_table(z), z->lens + z->nlen, z->ndist,
                      CODE_DIST) != TD_OK)
        return tdi_fail(f, TD_E_INFLATE_HUFFMAN, z->block_offset,
                       TDI_REASON("the distance code is over-subscribed or "
                                 "incomplete"));
    z->mode = IM_CODES;
    return TDI_AGAIN;
}

int tdi_inflate_lens(td_inflate_state *z, td_input *in, td_fault *f)
{
    while (z->have < (unsigned)z->nlen + z->ndist) {
        uint32_t e;
        unsigned used;
        int rc;
        if (!tdi_inflate_decode(z, in, z->codes, CODELEN_ROOT, &e, &used))
            return tdi_inflate_stall(z, in, f);
        if (entry_value(e) < 16) {
            inflate_drop(z, used);
            z->lens[z->have++] = (uint8_t)entry_value(e);
            continue;
        }
        rc = length_run(z, in, f, entry_value(e), used);
        if (rc != TDI_AGAIN)
            return rc;
    }
    return build_codes(z, f);
}
