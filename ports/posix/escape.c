/*
 * escape.c - see escape.h.
 */
#include "escape.h"

void escape_c(FILE *f, const uint8_t *p, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        uint8_t c = p[i];
        if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\')
            fputc(c, f);
        else
            fprintf(f, "\\x%02x", c);
    }
}

void escape_json(FILE *f, const uint8_t *p, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        uint8_t c = p[i];
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c >= 0x20 && c < 0x7f)
            fputc(c, f);
        else
            fprintf(f, "\\u%04x", c);
    }
}
