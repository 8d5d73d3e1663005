/*
 * sqlite_quote.h - printing SQLite values exactly as the sqlite3 3.40
 * command-line shell prints them in `-quote` mode.
 */
#ifndef TRACEDEC_SQLITE_QUOTE_H
#define TRACEDEC_SQLITE_QUOTE_H

#include <stddef.h>
#include <stdint.h>

#include "cli.h"
#include "out.h"
#include "tracedec.h"

/* A growing text buffer (malloc'd; zero it, then set `c`, to start). */
typedef struct quote_buf {
    char *data;
    size_t len, cap;
    const cli *c;        /* the run that hears of memory running out */
} quote_buf;

/* Room for n more bytes at b->data + b->len (the caller adds to len);
 * when memory runs out, says so (report.h) and exits with EXIT_USAGE. */
char *quote_grow(quote_buf *b, size_t n);
static inline char *quote_room(quote_buf *b, size_t n)
{
    return b->cap - b->len >= n ? b->data + b->len : quote_grow(b, n);
}
static inline void quote_char(quote_buf *b, char c)
{
    *quote_room(b, 1) = c;
    b->len++;
}
void quote_bytes(quote_buf *b, const void *data, size_t n);
void quote_free(quote_buf *b);

/* An integer in decimal, as "%lld" prints it (out.h's digits). */
static inline void quote_integer(quote_buf *b, int64_t value)
{
    b->len += out_format_i64(quote_room(b, 21), value);
}

/* sqlite3_snprintf("%!.20g", value) of SQLite 3.40: its own long-double
 * digit loop (26 significant digits, then zeros), not the C library's.
 * out holds at least 64 bytes. */
void quote_real(double value, char *out);

/* A TEXT value streamed in fragments: "'" + bytes (UTF-16 converted to
 * UTF-8 the way SQLite converts, with its quirks for lone surrogates) with
 * ' doubled, cut at the first NUL as the shell's C strings are, + "'". */
typedef struct quote_text {
    quote_buf *out;
    int encoding;          /* enum td_sqlite_encoding */
    bool quoted;           /* '..' with ' doubled and the NUL cut; else
                              the plain UTF-8 */
    bool cut;              /* a NUL was seen: print nothing more */
    unsigned char carry[4];/* UTF-16 bytes waiting for the rest of a unit
                              or a surrogate pair */
    unsigned carried;
} quote_text;

void quote_text_begin(quote_text *q, quote_buf *out, int encoding,
                      bool quoted);
void quote_text_bytes(quote_text *q, const uint8_t *data, size_t len);
void quote_text_end(quote_text *q);

/* X'..' in lower-case hex, streamed. */
void quote_blob_bytes(quote_buf *out, const uint8_t *data, size_t len);

#endif /* TRACEDEC_SQLITE_QUOTE_H */
