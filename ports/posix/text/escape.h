/*
 * escape.h - writing bytes as text: C-style for dumps, JSON strings, hex.
 */
#ifndef TRACEDEC_ESCAPE_H
#define TRACEDEC_ESCAPE_H

#include <stddef.h>
#include <stdint.h>

#include "out.h"

/* Printable ASCII as is, except '"' and '\\'; anything else as \xNN. */
void escape_c(out *o, const uint8_t *p, size_t n);

/* The inside of a JSON string: \" \\ and \u00NN for control and non-ASCII
 * bytes (each byte becomes one code point, so binary data round-trips). */
void escape_json(out *o, const uint8_t *p, size_t n);

/* Each byte as two lower-case hex digits, `sep` between them. */
void escape_hex(out *o, const uint8_t *p, size_t n, const char *sep);

#endif /* TRACEDEC_ESCAPE_H */
