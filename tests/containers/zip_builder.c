/*
 * zip_builder.c - see zip_builder.h.
 */
#include "zip_builder.h"
#include "tracedec.h"

#include <string.h>

void zb_put(zb *b, const void *p, size_t n)
{
    memcpy(b->buf + b->len, p, n);
    b->len += n;
}

void zb_u16(zb *b, uint32_t v)
{
    uint8_t x[2] = {(uint8_t)v, (uint8_t)(v >> 8)};
    zb_put(b, x, 2);
}

void zb_u32(zb *b, uint32_t v)
{
    zb_u16(b, v & 0xffff);
    zb_u16(b, v >> 16);
}

void zb_u64(zb *b, uint64_t v)
{
    zb_u32(b, (uint32_t)v);
    zb_u32(b, (uint32_t)(v >> 32));
}

void zb_set16(zb *b, size_t at, uint32_t v)
{
    b->buf[at] = (uint8_t)v;
    b->buf[at + 1] = (uint8_t)(v >> 8);
}

void zb_set32(zb *b, size_t at, uint32_t v)
{
    zb_set16(b, at, v & 0xffff);
    zb_set16(b, at + 2, v >> 16);
}

void zb_local(zb *b, zb_member *m)
{
    size_t n = strlen(m->text);
    bool later = (m->flags & 8) != 0;
    m->crc = td_crc32(0, m->text, n);
    m->usize = (uint32_t)n;
    m->csize = (uint32_t)(m->method == 8 ? n + 5 : n);
    m->offset = b->len;
    zb_u32(b, 0x04034b50);
    zb_u16(b, 20);
    zb_u16(b, m->flags);
    zb_u16(b, m->method);
    zb_u32(b, 0);
    zb_u32(b, later ? 0 : m->crc);
    zb_u32(b, later ? 0 : m->csize);
    zb_u32(b, later ? 0 : m->usize);
    zb_u16(b, (uint32_t)strlen(m->name));
    zb_u16(b, 0);
    zb_put(b, m->name, strlen(m->name));
    if (m->method == 8) {
        uint8_t stored[5] = {1, (uint8_t)n, (uint8_t)(n >> 8), (uint8_t)~n,
                             (uint8_t)(~n >> 8)};
        zb_put(b, stored, 5);
    }
    zb_put(b, m->text, n);
    if (!later)
        return;
    m->descriptor = b->len;
    if (m->signed_descriptor)
        zb_u32(b, 0x08074b50);
    zb_u32(b, m->crc);
    zb_u32(b, m->csize);
    zb_u32(b, m->usize);
}

void zb_central(zb *b, const zb_member *m)
{
    zb_u32(b, 0x02014b50);
    zb_u16(b, 20);
    zb_u16(b, 20);
    zb_u16(b, m->flags);
    zb_u16(b, m->method);
    zb_u32(b, 0);
    zb_u32(b, m->crc);
    zb_u32(b, m->csize);
    zb_u32(b, m->usize);
    zb_u16(b, (uint32_t)strlen(m->name));
    zb_u16(b, 0);
    zb_u16(b, 0);
    zb_u16(b, 0);
    zb_u16(b, 0);
    zb_u32(b, 0);
    zb_u32(b, (uint32_t)m->offset);
    zb_put(b, m->name, strlen(m->name));
}

void zb_end(zb *b, uint32_t entries, size_t start)
{
    size_t size = b->len - start;
    zb_u32(b, 0x06054b50);
    zb_u16(b, 0);
    zb_u16(b, 0);
    zb_u16(b, entries);
    zb_u16(b, entries);
    zb_u32(b, (uint32_t)size);
    zb_u32(b, (uint32_t)start);
    zb_u16(b, 0);
}

size_t zb_archive(zb *b, zb_member *m, size_t n)
{
    size_t i, start;
    for (i = 0; i < n; i++)
        zb_local(b, &m[i]);
    start = b->len;
    for (i = 0; i < n; i++)
        zb_central(b, &m[i]);
    zb_end(b, (uint32_t)n, start);
    return start;
}
