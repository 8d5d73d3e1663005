/*
 * sqlite_quote.h - printing SQLite values exactly as the sqlite3 3.40
 * command-line shell prints them in `-quote` mode.
 */
#ifndef TRACEDEC_SQLITE_QUOTE_H
#define TRACEDEC_SQLITE_QUOTE_H

#include <stdio.h>

#include "tracedec.h"

/* sqlite3_snprintf("%!.20g", value) of SQLite 3.40: its own long-double
 * digit loop (26 significant digits, then zeros), not the C library's.
 * out holds at least 64 bytes. */
void quote_real(double value, char *out);

/* A TEXT value streamed in fragments: "'" + bytes (UTF-16 converted to
 * UTF-8 the way SQLite converts, with its quirks for lone surrogates) with
 * ' doubled, cut at the first NUL as the shell's C strings are, + "'". */
typedef struct quote_text {
    FILE *out;
    int encoding;          /* enum td_sqlite_encoding */
    bool quoted;           /* '..' with ' doubled and the NUL cut; else
                              the plain UTF-8 */
    bool cut;              /* a NUL was seen: print nothing more */
    unsigned char carry[4];/* UTF-16 bytes waiting for the rest of a unit
                              or a surrogate pair */
    unsigned carried;
} quote_text;

void quote_text_begin(quote_text *q, FILE *out, int encoding, bool quoted);
void quote_text_bytes(quote_text *q, const uint8_t *data, size_t len);
void quote_text_end(quote_text *q);

/* X'..' in lower-case hex, streamed. */
void quote_blob_bytes(FILE *out, const uint8_t *data, size_t len);

#endif /* TRACEDEC_SQLITE_QUOTE_H */
