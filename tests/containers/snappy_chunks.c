/*
 * snappy_chunks.c - see snappy_chunks.h.
 */
#include "snappy_chunks.h"
#include "tracedec.h"

#include <stdlib.h>
#include <string.h>

void snappy_put_chunk(byte_buf *f, unsigned type, const void *body,
                      size_t len)
{
    buf_u8(f, type);
    buf_u8(f, len & 0xff);
    buf_le16(f, (unsigned)(len >> 8));
    buf_put(f, body, len);
}

void snappy_put_stream_id(byte_buf *f)
{
    snappy_put_chunk(f, 0xff, "sNaPpY", 6);
}

static uint32_t masked_crc(const uint8_t *p, size_t len)
{
    uint32_t crc = td_crc32c(0, p, len);
    return ((crc >> 15) | (crc << 17)) + 0xa282ead8u;
}

void snappy_put_data(byte_buf *f, unsigned type, const byte_buf *body,
                     const byte_buf *out)
{
    byte_buf all = {0};
    if (type == 0 || type == 1)
        buf_le32(&all, masked_crc(out->p, out->len));
    buf_put(&all, body->p, body->len);
    snappy_put_chunk(f, type, all.p, all.len);
    buf_free(&all);
}

void snappy_put_varint(byte_buf *b, uint32_t v)
{
    for (; v >= 0x80; v >>= 7)
        buf_u8(b, (v & 0x7f) | 0x80);
    buf_u8(b, v);
}

void snappy_literal(byte_buf *b, byte_buf *out, const uint8_t *p, size_t n,
                    unsigned width)
{
    unsigned i;
    if (width == 0) {
        buf_u8(b, (unsigned)(n - 1) << 2);
    } else {
        buf_u8(b, (59 + width) << 2);
        for (i = 0; i < width; i++)
            buf_u8(b, (unsigned)((n - 1) >> (8 * i)) & 0xff);
    }
    buf_put(b, p, n);
    buf_put(out, p, n);
}

void snappy_copy(byte_buf *b, byte_buf *out, unsigned field, uint32_t offset,
                 uint32_t len)
{
    uint32_t i;
    if (field == 1) {
        buf_u8(b, 1 | (len - 4) << 2 | (offset >> 8) << 5);
        buf_u8(b, offset & 0xff);
    } else {
        buf_u8(b, (field == 2 ? 2 : 3) | (len - 1) << 2);
        buf_le16(b, offset & 0xffff);
        if (field == 4)
            buf_le16(b, offset >> 16);
    }
    for (i = 0; i < len; i++)
        buf_u8(out, out->p[out->len - offset]);
}

static void mark(snappy_layout *l, size_t at)
{
    l->marks = realloc(l->marks, (l->n_marks + 1) * sizeof *l->marks);
    l->marks[l->n_marks++] = at;
}

bool snappy_walk(const uint8_t *data, size_t len, snappy_layout *l)
{
    size_t at = 0;
    memset(l, 0, sizeof *l);
    while (at + 4 <= len) {
        size_t size = (size_t)data[at + 1] | (size_t)data[at + 2] << 8 |
                      (size_t)data[at + 3] << 16;
        mark(l, at);
        mark(l, at + 4);
        at += 4 + size;
        if (l->first_end == 0)
            l->first_end = at;
    }
    mark(l, at);
    return at == len && l->first_end > 0;
}

void snappy_layout_free(snappy_layout *l)
{
    free(l->marks);
    memset(l, 0, sizeof *l);
}

bool snappy_chunk_end(const snappy_layout *l, size_t cut)
{
    size_t i;
    if (cut < l->first_end)
        return false;
    for (i = 0; i < l->n_marks; i += 2)
        if (l->marks[i] == cut)
            return true;
    return false;
}
