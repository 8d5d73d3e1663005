/*
 * escape.c - see escape.h.
 */
#include "escape.h"

void escape_c(out *o, const uint8_t *p, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        uint8_t c = p[i];
        if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\') {
            out_char(o, (char)c);
        } else {
            out_str(o, "\\x");
            out_hex(o, c, 2);
        }
    }
}

void escape_json(out *o, const uint8_t *p, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        uint8_t c = p[i];
        if (c == '"' || c == '\\') {
            out_char(o, '\\');
            out_char(o, (char)c);
        } else if (c >= 0x20 && c < 0x7f) {
            out_char(o, (char)c);
        } else {
            out_str(o, "\\u");
            out_hex(o, c, 4);
        }
    }
}

void escape_hex(out *o, const uint8_t *p, size_t n, const char *sep)
{
    size_t i;
    for (i = 0; i < n; i++) {
        if (i > 0)
            out_str(o, sep);
        out_hex(o, p[i], 2);
    }
}
