/*
 * xray_encoder.c - see xray_encoder.h. Written from the format documents,
 * not from the decoder: it shares no code with src/.
 */
#include "xray_encoder.h"
#include "harness.h"

#include <stdlib.h>
#include <string.h>

static uint8_t *room(xenc *e, size_t n)
{
    e->buf = grow(e->buf, &e->cap, e->len + n, 1);
    e->len += n;
    return e->buf + e->len - n;
}

static void put_at(xenc *e, uint8_t *p, uint64_t v, int n)
{
    int i;
    for (i = 0; i < n; i++)
        p[e->be ? n - 1 - i : i] = (uint8_t)(v >> (8 * i));
}

static void put(xenc *e, uint64_t v, int n)
{
    put_at(e, room(e, (size_t)n), v, n);
}

void xenc_mark(xenc *e)
{
    e->mark = e->len;
}

void xenc_raw(xenc *e, const void *data, size_t n)
{
    if (n > 0)
        memcpy(room(e, n), data, n);
}

void xenc_init(xenc *e, bool fdr, unsigned version, bool big_endian,
               uint64_t frequency, uint64_t buffer_size)
{
    memset(e, 0, sizeof *e);
    e->fdr = fdr;
    e->version = version;
    e->be = big_endian;
    e->buffer_size = buffer_size;
    put(e, version, 2);
    put(e, fdr ? 1 : 0, 2);
    put(e, fdr ? 3 : 0xffffff03u, 4); /* basic writers leave garbage */
    put(e, frequency, 8);
    put(e, fdr ? buffer_size : 0, 8);
    put(e, 0, 8);
}

void xenc_free(xenc *e)
{
    free(e->buf);
    memset(e, 0, sizeof *e);
}

/* First byte of a metadata record: discriminant 1, then the kind; LSB
 * first on little-endian producers, MSB first on big-endian ones. */
static uint8_t metadata_byte(const xenc *e, unsigned kind)
{
    return e->be ? (uint8_t)(0x80u | kind) : (uint8_t)(1u | kind << 1);
}

/* A 16-byte metadata record; the body starts zeroed except for a garbage
 * tail, as real writers leave stack bytes there. */
static uint8_t *metadata(xenc *e, unsigned kind)
{
    uint8_t *p = room(e, 16);
    memset(p + 1, 0xa5, 15);
    p[0] = metadata_byte(e, kind);
    return p;
}

void xenc_metadata(xenc *e, unsigned kind, const uint8_t body[15])
{
    uint8_t *p = metadata(e, kind);
    memcpy(p + 1, body, 15);
}

void xenc_begin_buffer(xenc *e, int32_t tid, int32_t pid, uint64_t seconds,
                       uint32_t micros)
{
    uint8_t *p;
    if (e->version >= 2) {
        e->extents_at = e->len;
        put_at(e, metadata(e, 7) + 1, 0, 8);
    }
    e->buffer_at = e->len;
    p = metadata(e, 0);
    put_at(e, p + 1, (uint32_t)tid, 4);
    p = metadata(e, 4);
    put_at(e, p + 1, seconds, 8);
    put_at(e, p + 9, micros, 4);
    if (pid >= 0)
        xenc_pid(e, pid);
}

void xenc_pid(xenc *e, int32_t pid)
{
    put_at(e, metadata(e, 9) + 1, (uint32_t)pid, 4);
}

void xenc_new_cpu(xenc *e, uint16_t cpu, uint64_t tsc)
{
    uint8_t *p = metadata(e, 2);
    put_at(e, p + 1, cpu, 2);
    put_at(e, p + 3, tsc, 8);
}

void xenc_tsc_wrap(xenc *e, uint64_t tsc)
{
    put_at(e, metadata(e, 3) + 1, tsc, 8);
}

void xenc_function(xenc *e, unsigned action, uint32_t func, uint32_t delta)
{
    uint32_t word = e->be ? (action & 7u) << 28 | (func & 0x0fffffffu)
                          : (func & 0x0fffffffu) << 4 | (action & 7u) << 1;
    put(e, word, 4);
    put(e, delta, 4);
}

void xenc_call_arg(xenc *e, uint64_t value)
{
    put_at(e, metadata(e, 6) + 1, value, 8);
}

void xenc_custom(xenc *e, int32_t size, int32_t delta, uint64_t tsc,
                 uint16_t cpu, const void *data, size_t n)
{
    uint8_t *p = metadata(e, 5);
    put_at(e, p + 1, (uint32_t)size, 4);
    if (e->version >= 5) {
        put_at(e, p + 5, (uint32_t)delta, 4);
    } else {
        put_at(e, p + 5, tsc, 8);
        if (e->version == 4)
            put_at(e, p + 13, cpu, 2);
    }
    xenc_raw(e, data, n);
}

void xenc_typed(xenc *e, int32_t size, int32_t delta, uint16_t type,
                const void *data, size_t n)
{
    uint8_t *p = metadata(e, 8);
    put_at(e, p + 1, (uint32_t)size, 4);
    put_at(e, p + 5, (uint32_t)delta, 4);
    put_at(e, p + 9, type, 2);
    xenc_raw(e, data, n);
}

void xenc_end_buffer(xenc *e, size_t short_by)
{
    if (e->version >= 2) {
        size_t bytes = e->len - e->extents_at - 16 - short_by;
        put_at(e, e->buf + e->extents_at + 1, bytes, 8);
        e->len -= short_by;
        return;
    }
    metadata(e, 1);
    while (e->len < e->buffer_at + e->buffer_size)
        *room(e, 1) = (uint8_t)(e->len * 7 + 1); /* garbage padding */
}

void xenc_basic(xenc *e, unsigned type, uint8_t cpu, int32_t func,
                uint64_t tsc, uint32_t tid, uint32_t pid)
{
    uint8_t *p = room(e, 32);
    memset(p, 0, 32);
    put_at(e, p, 0, 2);
    p[2] = cpu;
    p[3] = (uint8_t)type;
    put_at(e, p + 4, (uint32_t)func, 4);
    put_at(e, p + 8, tsc, 8);
    put_at(e, p + 16, tid, 4);
    put_at(e, p + 20, e->version >= 3 ? pid : 0, 4);
}

void xenc_basic_arg(xenc *e, int32_t func, uint32_t tid, uint32_t pid,
                    uint64_t arg)
{
    uint8_t *p = room(e, 32);
    memset(p, 0, 32);
    put_at(e, p, 1, 2);
    put_at(e, p + 4, (uint32_t)func, 4);
    put_at(e, p + 8, tid, 4);
    put_at(e, p + 12, pid, 4);
    put_at(e, p + 16, arg, 8);
}
