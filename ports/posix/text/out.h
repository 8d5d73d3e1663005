/*
 * out.h - the CLI's text output: everything tracedec writes to standard
 * output (and to standard error) goes through an `out`. Numbers are
 * formatted straight into a buffer that goes to the FILE in large writes,
 * without printf's format parsing per field, for the big outputs (dumps
 * and conversions of traces with hundreds of millions of records);
 * out_printf() serves the few lines of summaries. out_flush() is the one
 * place that writes, and every write is checked: the first that fails is
 * kept in `error`, and nothing is written after it (the command stops
 * and main() says so).
 */
#ifndef TRACEDEC_OUT_H
#define TRACEDEC_OUT_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define OUT_SIZE 65536
#define OUT_ROOM 64 /* what a single number or char needs at most */

typedef struct out {
    FILE *f;
    int error;           /* errno of the first failed write, or 0 */
    size_t len;
    char buf[OUT_SIZE];
} out;

void out_init(out *o, FILE *f);

/* Write what is buffered to the FILE and fflush it; after a failed
 * write, drop it (o->error says why). */
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

/* Decimal right-aligned in `width` columns, space-padded ("%12" PRIu64). */
void out_u64_width(out *o, uint64_t v, unsigned width);

/* n spaces. */
void out_spaces(out *o, size_t n);

/* printf into the buffer, for low-volume lines (headers, summaries). */
void out_printf(out *o, const char *format, ...)
#ifdef __GNUC__
    __attribute__((format(printf, 2, 3)))
#endif
    ;


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

/* A label and a number: " tsc=" 123, ",\"cpu\":" 4. Inline, so that a
 * literal label is copied without strlen() or a call. */
static inline void out_field_u64(out *o, const char *label, uint64_t v)
{
    out_str(o, label);
    out_u64(o, v);
}

static inline void out_field_i64(out *o, const char *label, int64_t v)
{
    out_str(o, label);
    out_i64(o, v);
}

/* A label and a number in lower-case hex: " pc=0x" 4010a0. */
static inline void out_field_hex(out *o, const char *label, uint64_t v)
{
    out_str(o, label);
    out_hex(o, v, 1);
}

/* At most n bytes of s, up to its first NUL (what "%.*s" prints). */
static inline void out_text(out *o, const char *s, size_t n)
{
    const char *nul = memchr(s, 0, n);
    out_bytes(o, s, nul != NULL ? (size_t)(nul - s) : n);
}

#endif /* TRACEDEC_OUT_H */
