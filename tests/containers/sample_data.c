/*
 * sample_data.c - see sample_data.h.
 */
#include "sample_data.h"
#include "harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

uint64_t sample_random(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

static void fill_random(uint8_t *p, size_t len, uint64_t *s)
{
    size_t i;
    for (i = 0; i < len; i++)
        p[i] = (uint8_t)(sample_random(s) >> 24);
}

static void fill_text(uint8_t *p, size_t len, uint64_t *s)
{
    static const char *const words[] = {
        "trace ", "thread ", "buffer ", "0x7fff1234 ",
        "entry ", "exit ",   "memref ", "read ",
        "write ", "instr ",  "marker ", "timestamp\n",
    };
    size_t at = 0;
    while (at < len) {
        const char *w = words[sample_random(s) % 12];
        size_t n = strlen(w);
        if (n > len - at)
            n = len - at;
        memcpy(p + at, w, n);
        at += n;
    }
}

/* 12-byte records like drmemtrace's: type, size, address. */
static void fill_records(uint8_t *p, size_t len, uint64_t *s)
{
    uint64_t pc = 0x400000, addr;
    size_t at = 0, i;
    uint8_t rec[12];
    while (at < len) {
        uint64_t r = sample_random(s) % 100;
        unsigned type = r < 60 ? 10 : r < 85 ? 0 : 1;
        unsigned size = type == 10 ? 2 + (unsigned)(sample_random(s) % 6) : 8;
        if (type == 10) {
            pc += size;
            if (sample_random(s) % 20 == 0)
                pc = 0x400000 + sample_random(s) % 65536;
            addr = pc;
        } else {
            addr = 0x7fff0000 + (sample_random(s) % 512) * 8;
        }
        rec[0] = (uint8_t)type;
        rec[1] = 0;
        rec[2] = (uint8_t)size;
        rec[3] = 0;
        for (i = 0; i < 8; i++)
            rec[4 + i] = (uint8_t)(addr >> (8 * i));
        for (i = 0; i < 12 && at < len; i++)
            p[at++] = rec[i];
    }
}

uint8_t *sample_data(enum sample_kind kind, size_t len, uint64_t seed)
{
    uint8_t *p = malloc(len ? len : 1);
    uint64_t s = seed * 0x9e3779b97f4a7c15u + 7;
    size_t at, n;
    switch (kind) {
    case SAMPLE_RANDOM:
        fill_random(p, len, &s);
        break;
    case SAMPLE_ZEROS:
        memset(p, 0, len);
        break;
    case SAMPLE_TEXT:
        fill_text(p, len, &s);
        break;
    case SAMPLE_RECORDS:
        fill_records(p, len, &s);
        break;
    case SAMPLE_MIXED:
        for (at = 0; at < len; at += n) {
            n = 1 + sample_random(&s) % 40000;
            if (n > len - at)
                n = len - at;
            switch (sample_random(&s) % 4) {
            case 0:
                fill_random(p + at, n, &s);
                break;
            case 1:
                memset(p + at, (int)(sample_random(&s) & 0xff), n);
                break;
            case 2:
                fill_text(p + at, n, &s);
                break;
            default:
                fill_records(p + at, n, &s);
                break;
            }
        }
        break;
    }
    return p;
}

static char temp_dir[64];

const char *temp_path(const char *name)
{
    static char path[256];
    if (temp_dir[0] == '\0') {
        strcpy(temp_dir, "/tmp/tracedec-test-XXXXXX");
        if (mkdtemp(temp_dir) == NULL)
            temp_dir[0] = '\0';
    }
    snprintf(path, sizeof path, "%s/%s", temp_dir, name);
    return path;
}

void temp_remove(void)
{
    if (temp_dir[0] != '\0')
        run_shell("rm -rf '%s'", temp_dir);
    temp_dir[0] = '\0';
}

void buf_put(byte_buf *b, const void *data, size_t len)
{
    b->p = grow(b->p, &b->cap, b->len + len, 1);
    if (len > 0)
        memcpy(b->p + b->len, data, len);
    b->len += len;
}

void buf_u8(byte_buf *b, unsigned v)
{
    uint8_t byte = (uint8_t)v;
    buf_put(b, &byte, 1);
}

void buf_le16(byte_buf *b, unsigned v)
{
    buf_u8(b, v & 0xff);
    buf_u8(b, (v >> 8) & 0xff);
}

void buf_le32(byte_buf *b, uint32_t v)
{
    buf_le16(b, v & 0xffff);
    buf_le16(b, v >> 16);
}

void buf_free(byte_buf *b)
{
    free(b->p);
    memset(b, 0, sizeof *b);
}
