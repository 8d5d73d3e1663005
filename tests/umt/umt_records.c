/*
 * umt_records.c - see umt_records.h. Numbers are little-endian.
 */
#include "umt_records.h"
#include "tracedec.h"

#include <stdio.h>
#include <string.h>

/* The context map's arrays: where each begins, its entries' size, and
 * what they are. */
static const struct {
    size_t at, entry;
    const char *what;
} map_parts[] = {{0, 16, "header"},          {16, 16, "largest"},
                 {1040, 16, "name"},         {9232, 16, "32-bit map"},
                 {13328, 16, "64-bit map"}};

static uint64_t u64_at(const case_block *b, size_t at)
{
    uint64_t v = 0;
    int i;
    for (i = 7; i >= 0; i--)
        v = v << 8 | (at + (size_t)i < b->len ? b->bytes[at + (size_t)i] : 0);
    return v;
}

/* A record of a vtable: where its offsets file (entries of `entry`
 * bytes, offset first) says one begins. */
static size_t vtable_record(const golden_case *c, const case_block *b,
                            size_t at, const char *offsets, size_t entry,
                            char *label, size_t label_size)
{
    const case_block *o = case_block_of(c, offsets);
    size_t i;
    if (at == 0) {
        snprintf(label, label_size, "header");
        return 16;
    }
    for (i = 0; o != NULL && (i + 1) * entry <= o->len; i++) {
        uint64_t start = u64_at(o, i * entry);
        uint64_t end = entry == 16 ? start + u64_at(o, i * entry + 8)
                                   : u64_at(o, (i + 1) * entry);
        const char *type = td_umt_record_type_name(b->bytes[at + 4 < b->len
                                                                 ? at + 4
                                                                 : at]);
        if (start != at || end <= start)
            continue;
        if (entry == 16)
            snprintf(label, label_size, "syscall %zu", i);
        else
            snprintf(label, label_size, "record %zu %s", i,
                     type ? type : "");
        return (size_t)(end - start);
    }
    snprintf(label, label_size, "?");
    return 16;
}

/* An itable: its header, its rows, its extra area. */
static size_t table_record(const case_block *b, size_t at, char *label,
                           size_t label_size)
{
    uint64_t rows = u64_at(b, 8), row = u64_at(b, 16), table = u64_at(b, 24);
    if (at == 0) {
        snprintf(label, label_size, "header");
        return table > 0 && table <= b->len ? (size_t)table : 32;
    }
    if (row > 0 && at >= table && (at - table) / row < rows) {
        snprintf(label, label_size, "row %llu",
                 (unsigned long long)((at - table) / row));
        return (size_t)row;
    }
    snprintf(label, label_size, "extra area");
    return b->len - at;
}

static size_t map_record(size_t at, char *label, size_t label_size)
{
    size_t i = sizeof map_parts / sizeof *map_parts;
    while (i > 1 && at < map_parts[i - 1].at)
        i--;
    snprintf(label, label_size, "%s", map_parts[i - 1].what);
    return map_parts[i - 1].entry;
}

static size_t xml_line(const case_block *b, size_t at, char *label,
                       size_t label_size)
{
    const uint8_t *nl = memchr(b->bytes + at, '\n', b->len - at);
    snprintf(label, label_size, "xml");
    return nl ? (size_t)(nl - (b->bytes + at)) + 1 : b->len - at;
}

/* An entry of an offsets file or of the prev/next column. */
static size_t entry(size_t at, size_t size, const char *what, char *label,
                    size_t label_size)
{
    snprintf(label, label_size, "%s %zu", what, at / size);
    return size;
}

size_t umt_record(const golden_case *c, const case_block *b, size_t at,
                  char *label, size_t label_size)
{
    const char *file = case_block_file(b);
    if (strcmp(file, "exec.vtable") == 0)
        return vtable_record(c, b, at, "exec.offsets", 8, label, label_size);
    if (strcmp(file, "syscall.vtable") == 0)
        return vtable_record(c, b, at, "syscall.offsets", 16, label,
                             label_size);
    if (strcmp(file, "exec.offsets") == 0)
        return entry(at, 8, "record", label, label_size);
    if (strcmp(file, "syscall.offsets") == 0)
        return entry(at, 16, "syscall", label, label_size);
    if (strcmp(file, "exec.prev_next.column") == 0)
        return entry(at, 16, "record", label, label_size);
    if (strcmp(file, "context_map.itable") == 0)
        return map_record(at, label, label_size);
    if (strcmp(file, "trace.xml") == 0)
        return xml_line(b, at, label, label_size);
    return table_record(b, at, label, label_size);
}
