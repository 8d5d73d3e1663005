/*
 * zip_builder.h - hand-made zip archives for the zip decoder's error
 * tests: records written field by field, so a test can break exactly one
 * field and knows its offset. Deflate members hold one stored deflate
 * block.
 */
#ifndef TRACEDEC_TEST_ZIP_BUILDER_H
#define TRACEDEC_TEST_ZIP_BUILDER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct zb {
    uint8_t buf[4096];
    size_t len;
} zb;

typedef struct zb_member {
    const char *name;
    const char *text;     /* the member's data */
    uint16_t method;      /* 0 or 8 */
    uint16_t flags;       /* bit 3: sizes in a descriptor */
    bool signed_descriptor;
    /* filled by zb_local */
    uint32_t crc;
    uint32_t csize, usize;
    size_t offset;        /* of the local header */
    size_t descriptor;    /* of the descriptor, when there is one */
} zb_member;

void zb_u16(zb *b, uint32_t v);
void zb_u32(zb *b, uint32_t v);
void zb_u64(zb *b, uint64_t v);
void zb_put(zb *b, const void *p, size_t n);
void zb_set16(zb *b, size_t at, uint32_t v);
void zb_set32(zb *b, size_t at, uint32_t v);

/* Local header, name, data (and descriptor) of m. */
void zb_local(zb *b, zb_member *m);
/* The central directory entry of m. */
void zb_central(zb *b, const zb_member *m);
/* End record for `entries` entries of the directory [start, b->len). */
void zb_end(zb *b, uint32_t entries, size_t start);
/* A whole archive of n members: locals, entries, end record. Returns the
 * offset of the central directory. */
size_t zb_archive(zb *b, zb_member *m, size_t n);

#endif /* TRACEDEC_TEST_ZIP_BUILDER_H */
