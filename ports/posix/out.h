/*
 * out.h - buffered text output for the CLI's big outputs (dumps and
 * conversions of traces with hundreds of millions of records): numbers are
 * formatted straight into a buffer that goes to the FILE in large writes,
 * without printf's format parsing per field.
 */
#ifndef TRACEDEC_OUT_H
#define TRACEDEC_OUT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define OUT_SIZE 65536
#define OUT_ROOM 64 /* what a single number or char needs at most */

typedef struct out {
    FILE *f;
    size_t len;
    char buf[OUT_SIZE];
} out;

void out_init(out *o, FILE *f);

/* Write what is buffered to the FILE (and fflush it). */
void out_flush(out *o);

/* out_bytes() when the bytes do not fit the buffer's rest. */
void out_bytes_slow(out *o, const void *p, size_t n);

static inline void out_bytes(out *o, const void *p, size_t n)
{
    if (n > OUT_SIZE - o->len) {
        out_bytes_slow(o, p, n);
        return;
    }
    memcpy(o->buf + o->len, p, n);
    o->len += n;
}

/* Unsigned decimal, signed decimal, lower-case hex (at least `digits`
 * digits, zero-padded). */
void out_u64(out *o, uint64_t v);
void out_i64(out *o, int64_t v);
void out_hex(out *o, uint64_t v, unsigned digits);

/* Decimal with at least `digits` digits, zero-padded. */
void out_u64_padded(out *o, uint64_t v, unsigned digits);

/* A label and a number: " tsc=" 123, ",\"cpu\":" 4. */
void out_field_u64(out *o, const char *label, uint64_t v);
void out_field_i64(out *o, const char *label, int64_t v);

/* Signed decimal into text (at least 21 bytes); returns its length. For
 * a number written more than once. */
size_t out_format_i64(char *text, int64_t v);

/* Make room for OUT_ROOM bytes. */
static inline void out_room(out *o)
{
    if (OUT_SIZE - o->len < OUT_ROOM)
        out_flush(o);
}

static inline void out_char(out *o, char c)
{
    out_room(o);
    o->buf[o->len++] = c;
}

static inline void out_str(out *o, const char *s)
{
    out_bytes(o, s, strlen(s));
}

#endif /* TRACEDEC_OUT_H */
