/*
 * xray_records.c - see xray_records.h.
 */
#include "xray_records.h"

#include <stdbool.h>
#include <stdio.h>

uint64_t xray_load(const uint8_t *p, int n, bool be)
{
    uint64_t v = 0;
    int i;
    for (i = 0; i < n; i++)
        v |= (uint64_t)p[be ? n - 1 - i : i] << (8 * i);
    return v;
}

static size_t basic_record(const uint8_t *p, bool be, char *label,
                           size_t label_size)
{
    static const char *const types[4] = {"enter", "exit", "tail exit",
                                         "enter with args"};
    if (xray_load(p, 2, be) == 1)
        snprintf(label, label_size, "arg payload");
    else
        snprintf(label, label_size, "%s", p[3] < 4 ? types[p[3]] : "record");
    return 32;
}

static size_t fdr_record(const uint8_t *p, size_t left, bool be,
                         char *label, size_t label_size)
{
    static const char *const kinds[10] = {
        "new buffer",   "end of buffer", "new cpu",     "tsc wrap",
        "wallclock",    "custom event",  "call arg",    "buffer extents",
        "typed event",  "pid"};
    bool meta = be ? (p[0] & 0x80) != 0 : (p[0] & 1) != 0;
    unsigned kind = be ? p[0] & 0x7fu : p[0] >> 1u;
    size_t size = meta ? 16 : 8;
    if (!meta) {
        snprintf(label, label_size, "function");
        return size;
    }
    snprintf(label, label_size, "%s", kind < 10 ? kinds[kind] : "metadata");
    if ((kind == 5 || kind == 8) && left >= 5 &&
        (int32_t)xray_load(p + 1, 4, be) > 0)
        size += (size_t)xray_load(p + 1, 4, be);
    return size;
}

/* Version 1 buffers of a fixed size: the bytes after EndOfBuffer up to
 * the buffer's end are padding; their count, or 0 where `at` is not in
 * them. */
static size_t v1_padding(const case_block *b, size_t at, bool be)
{
    uint64_t buffer = xray_load(b->bytes + 16, 8, be);
    size_t start, p;
    char ignored[32];
    if (xray_load(b->bytes, 2, be) != 1 || buffer == 0 || buffer > b->len)
        return 0;
    start = 32 + (at - 32) / buffer * buffer;
    for (p = start; p < at;) {
        bool end = (be ? b->bytes[p] == 0x81 : b->bytes[p] == 0x03);
        p += fdr_record(b->bytes + p, b->len - p, be, ignored,
                        sizeof ignored);
        if (end)
            return start + buffer - at;
    }
    return 0;
}

size_t xray_record(const golden_case *c, const case_block *b, size_t at,
                   char *label, size_t label_size)
{
    const uint8_t *data = b->bytes;
    size_t left = b->len - at, size;
    bool be;
    (void)c;
    if (at == 0 || b->len < 32) {
        snprintf(label, label_size, "file header");
        return 32;
    }
    be = xray_load(data, 2, false) > 5 || xray_load(data + 2, 2, false) > 1;
    size = v1_padding(b, at, be);
    if (size > 0)
        snprintf(label, label_size, "padding");
    else if (xray_load(data + 2, 2, be) == 0)
        size = basic_record(data + at, be, label, label_size);
    else
        size = fdr_record(data + at, left, be, label, label_size);
    if (size > left)
        snprintf(label, label_size, "cut short");
    return size;
}
