/*
 * escape.h - writing bytes as text: C-style for dumps, JSON strings.
 */
#ifndef TRACEDEC_ESCAPE_H
#define TRACEDEC_ESCAPE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Printable ASCII as is, except '"' and '\\'; anything else as \xNN. */
void escape_c(FILE *f, const uint8_t *p, size_t n);

/* The inside of a JSON string: \" \\ and \u00NN for control and non-ASCII
 * bytes (each byte becomes one code point, so binary data round-trips). */
void escape_json(FILE *f, const uint8_t *p, size_t n);

#endif /* TRACEDEC_ESCAPE_H */
