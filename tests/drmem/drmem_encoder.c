/*
 * drmem_encoder.c - see drmem_encoder.h. Written from DynamoRIO's format
 * description, sharing no code with src/.
 */
#include "drmem_encoder.h"
#include "harness.h"

#include <stdlib.h>
#include <string.h>

enum {
    T_HEADER = 25, T_THREAD = 22, T_PID = 24, T_THREAD_EXIT = 23,
    T_FOOTER = 26, T_MARKER = 28, T_ENCODING = 47,
    M_TIMESTAMP = 2, M_CPU_ID = 3, M_FILETYPE = 9, M_CACHE_LINE = 10,
    M_VERSION = 12, M_PAGE_SIZE = 18, M_CHUNK_INSTR_COUNT = 20,
    M_CHUNK_FOOTER = 21, M_RECORD_ORDINAL = 22
};

void denc_init(denc *e, unsigned width)
{
    memset(e, 0, sizeof *e);
    e->width = width;
    e->member_count = 1; /* member 0 starts at 0 */
}

void denc_free(denc *e)
{
    free(e->buf);
    memset(e, 0, sizeof *e);
}

void denc_mark(denc *e)
{
    e->mark = e->len;
}

static uint8_t *room(denc *e, size_t n)
{
    e->buf = grow(e->buf, &e->cap, e->len + n, 1);
    e->len += n;
    return e->buf + e->len - n;
}

static void put_le(uint8_t *p, uint64_t v, unsigned n)
{
    unsigned i;
    for (i = 0; i < n; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

void denc_record(denc *e, uint16_t type, uint16_t size, uint64_t addr,
                 bool visible)
{
    uint8_t *p = room(e, e->width);
    put_le(p, type, 2);
    put_le(p + 2, size, 2);
    put_le(p + 4, addr, e->width - 4);
    if (visible)
        e->visible++;
}

void denc_marker(denc *e, uint16_t marker, uint64_t value)
{
    denc_record(e, T_MARKER, marker, value, true);
    if (marker == M_TIMESTAMP)
        e->timestamp = value;
    if (marker == M_CPU_ID)
        e->cpu = value;
}

void denc_timestamp_cpu(denc *e, uint64_t timestamp, uint64_t cpu)
{
    denc_marker(e, M_TIMESTAMP, timestamp);
    denc_marker(e, M_CPU_ID, cpu);
}

void denc_header(denc *e, unsigned version, uint64_t filetype, int64_t tid,
                 int64_t pid, uint64_t chunk_size)
{
    e->version = version;
    denc_record(e, T_HEADER, 0, version, false);
    if (version >= 2) {
        denc_marker(e, M_VERSION, version);
        denc_marker(e, M_FILETYPE, filetype);
    }
    denc_record(e, T_THREAD, 4, (uint64_t)tid, false);
    denc_record(e, T_PID, 4, (uint64_t)pid, false);
    if (version >= 2) {
        denc_marker(e, M_CACHE_LINE, 64);
        if (chunk_size != 0)
            denc_marker(e, M_CHUNK_INSTR_COUNT, chunk_size);
        denc_marker(e, M_PAGE_SIZE, 4096);
    }
    denc_timestamp_cpu(e, 13000000000000000ull, 3);
}

void denc_instr(denc *e, uint16_t type, uint64_t pc, uint16_t len,
                const uint8_t *bytes)
{
    unsigned per = e->width - 4, done = 0;
    while (bytes != NULL && done < len) {
        unsigned n = len - done < per ? len - done : per;
        uint8_t *p = room(e, e->width);
        memset(p, 0, e->width);
        put_le(p, T_ENCODING, 2);
        put_le(p + 2, n, 2);
        memcpy(p + 4, bytes + done, n);
        done += n;
    }
    denc_record(e, type, len, pc, len > 0);
}

void denc_memref(denc *e, uint16_t type, uint64_t addr, uint16_t size)
{
    denc_record(e, type, size, addr, true);
}

void denc_exit(denc *e, int64_t tid)
{
    denc_record(e, T_THREAD_EXIT, 4, (uint64_t)tid, true);
    denc_record(e, T_FOOTER, 0, 0, false);
}

void denc_member(denc *e)
{
    if (e->member_count < DENC_MAX_MEMBERS)
        e->members[e->member_count++] = e->len;
}

void denc_chunk(denc *e, uint64_t index)
{
    denc_marker(e, M_CHUNK_FOOTER, index);
    denc_member(e);
    denc_record(e, T_MARKER, M_RECORD_ORDINAL, e->visible, false);
    denc_record(e, T_MARKER, M_TIMESTAMP, e->timestamp, false);
    denc_record(e, T_MARKER, M_CPU_ID, e->cpu, false);
}
