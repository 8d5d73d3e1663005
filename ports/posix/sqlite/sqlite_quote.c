/*
 * sqlite_quote.c - see sqlite_quote.h.
 *
 * The real-number printer is SQLite 3.40's sqlite3_snprintf("%!.20g"): the
 * value in a long double is scaled into [1, 10) by powers of ten, rounded
 * by adding 5e-20, and its digits are taken one at a time by truncation
 * and multiplication by ten; after 26 significant digits the rest are
 * zeros; trailing zeros go, but "!" keeps one after the point ("100.0");
 * exponents from -4 to 19 print positionally, the others as e+NN. This is
 * why 0.1 prints 0.10000000000000000555 and 9.3e18 9300000000000000000.1.
 *
 * UTF-16 text is converted as SQLite's utf.c does (READ_UTF16 macros): a
 * unit in 0xD800..0xDFFF followed by another unit takes that unit as its
 * low half, whatever it is; one at the very end is written alone; an odd
 * trailing byte is dropped.
 */
#include "sqlite_quote.h"
#include "grow.h"
#include "report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- The buffer -------------------------------------------------------- */

char *quote_grow(quote_buf *b, size_t n)
{
    if (b->len + n < b->len || grow_array(&b->data, &b->cap, b->len + n, 1)) {
        report_problem(b->c, "out of memory");
        exit(EXIT_USAGE);
    }
    return b->data + b->len;
}

void quote_bytes(quote_buf *b, const void *data, size_t n)
{
    if (n == 0)
        return;
    memcpy(quote_room(b, n), data, n);
    b->len += n;
}

void quote_free(quote_buf *b)
{
    free(b->data);
    memset(b, 0, sizeof *b);
}

/* ---- Reals ------------------------------------------------------------- */

static char next_digit(long double *value, int *left)
{
    int digit;
    if (*left <= 0)
        return '0';
    (*left)--;
    digit = (int)*value;
    *value = (*value - digit) * 10.0;
    return (char)('0' + digit);
}

/* Scale v into [1, 10): *exp10 is the power of ten taken out; false when
 * it is too large (SQLite prints Inf). */
static bool normalize(long double *v, int *exp10)
{
    long double scale = 1.0;
    *exp10 = 0;
    if (!(*v > 0.0))
        return true;
    while (*v >= 1e100 * scale && *exp10 <= 350) {
        scale *= 1e100;
        *exp10 += 100;
    }
    while (*v >= 1e10 * scale && *exp10 <= 350) {
        scale *= 1e10;
        *exp10 += 10;
    }
    while (*v >= 10.0 * scale && *exp10 <= 350) {
        scale *= 10.0;
        (*exp10)++;
    }
    *v /= scale;
    while (*v < 1e-8) {
        *v *= 1e8;
        *exp10 -= 8;
    }
    while (*v < 1.0) {
        *v *= 10.0;
        (*exp10)--;
    }
    return *exp10 <= 350;
}

static char *put_exponent(char *b, int exp10)
{
    *b++ = 'e';
    *b++ = exp10 < 0 ? '-' : '+';
    if (exp10 < 0)
        exp10 = -exp10;
    if (exp10 >= 100) {
        *b++ = (char)('0' + exp10 / 100);
        exp10 %= 100;
    }
    *b++ = (char)('0' + exp10 / 10);
    *b++ = (char)('0' + exp10 % 10);
    return b;
}

void quote_real(double value, char *out)
{
    long double v = value;
    double rounder = 5.0e-10 * 1.0e-10;
    int precision = 19, exp10, e2, left = 26;
    bool exponent;
    char *b = out;
    if (value != value) {
        strcpy(out, "NaN");
        return;
    }
    if (v < 0.0) {
        v = -v;
        *b++ = '-';
    }
    if (!normalize(&v, &exp10)) {
        strcpy(b, "Inf");
        return;
    }
    v += rounder;
    if (v >= 10.0) {
        v *= 0.1;
        exp10++;
    }
    exponent = exp10 < -4 || exp10 > precision;
    if (!exponent)
        precision -= exp10;
    e2 = exponent ? 0 : exp10;
    if (e2 < 0)
        *b++ = '0';
    for (; e2 >= 0; e2--)
        *b++ = next_digit(&v, &left);
    *b++ = '.';
    for (e2++; e2 < 0; precision--, e2++)
        *b++ = '0';
    while (precision-- > 0)
        *b++ = next_digit(&v, &left);
    while (b[-1] == '0')
        b--;
    if (b[-1] == '.')
        *b++ = '0';
    if (exponent)
        b = put_exponent(b, exp10);
    *b = '\0';
}

/* ---- Text -------------------------------------------------------------- */

void quote_text_begin(quote_text *q, quote_buf *out, int encoding,
                      bool quoted)
{
    q->out = out;
    q->encoding = encoding;
    q->quoted = quoted;
    q->cut = false;
    q->carried = 0;
    if (quoted)
        quote_char(out, '\'');
}

/* UTF-8 bytes: as they are, or quoted (' doubled, cut at a NUL). */
static void put_utf8(quote_text *q, const uint8_t *data, size_t len)
{
    size_t i, run = 0;
    if (len == 0)
        return; /* data may be NULL then */
    if (!q->quoted) {
        quote_bytes(q->out, data, len);
        return;
    }
    for (i = 0; i < len && !q->cut; i++) {
        if (data[i] != 0 && data[i] != '\'')
            continue;
        quote_bytes(q->out, data + run, i + 1 - run);
        run = i + 1;
        if (data[i] == 0) {
            q->out->len--; /* the NUL itself */
            q->cut = true;
        } else {
            quote_char(q->out, '\'');
        }
    }
    if (!q->cut)
        quote_bytes(q->out, data + run, len - run);
}

static void put_code_point(quote_text *q, unsigned long c)
{
    uint8_t b[4];
    size_t n;
    if (c < 0x80) {
        b[0] = (uint8_t)c;
        n = 1;
    } else if (c < 0x800) {
        b[0] = (uint8_t)(0xc0 + ((c >> 6) & 0x1f));
        b[1] = (uint8_t)(0x80 + (c & 0x3f));
        n = 2;
    } else if (c < 0x10000) {
        b[0] = (uint8_t)(0xe0 + ((c >> 12) & 0x0f));
        b[1] = (uint8_t)(0x80 + ((c >> 6) & 0x3f));
        b[2] = (uint8_t)(0x80 + (c & 0x3f));
        n = 3;
    } else {
        b[0] = (uint8_t)(0xf0 + ((c >> 18) & 0x07));
        b[1] = (uint8_t)(0x80 + ((c >> 12) & 0x3f));
        b[2] = (uint8_t)(0x80 + ((c >> 6) & 0x3f));
        b[3] = (uint8_t)(0x80 + (c & 0x3f));
        n = 4;
    }
    put_utf8(q, b, n);
}

static unsigned long unit(const quote_text *q, const unsigned char *p)
{
    return q->encoding == TD_SQLITE_UTF16BE ? (unsigned long)p[0] << 8 | p[1]
                                            : (unsigned long)p[1] << 8 | p[0];
}

/* Convert the carried UTF-16 bytes that form whole characters. `final`:
 * nothing follows. */
static void flush_utf16(quote_text *q, bool final)
{
    while (q->carried >= 2) {
        unsigned long c = unit(q, q->carry), c2;
        unsigned used = 2;
        if (c >= 0xd800 && c < 0xe000) {
            if (q->carried < 4 && !final)
                return;
            if (q->carried >= 4) {
                c2 = unit(q, q->carry + 2);
                c = (c2 & 0x03ff) + ((c & 0x003f) << 10) +
                    (((c & 0x03c0) + 0x0040) << 10);
                used = 4;
            }
        }
        put_code_point(q, c);
        memmove(q->carry, q->carry + used, q->carried - used);
        q->carried -= used;
    }
}

void quote_text_bytes(quote_text *q, const uint8_t *data, size_t len)
{
    size_t i;
    if (q->encoding == TD_SQLITE_UTF8) {
        put_utf8(q, data, len);
        return;
    }
    for (i = 0; i < len; i++) {
        q->carry[q->carried++] = data[i];
        if (q->carried == 4 || (q->carried == 2 &&
                                !(unit(q, q->carry) >= 0xd800 &&
                                  unit(q, q->carry) < 0xe000)))
            flush_utf16(q, false);
    }
}

void quote_text_end(quote_text *q)
{
    if (q->encoding != TD_SQLITE_UTF8)
        flush_utf16(q, true);
    if (q->quoted)
        quote_char(q->out, '\'');
}

void quote_blob_bytes(quote_buf *out, const uint8_t *data, size_t len)
{
    static const char hex[] = "0123456789abcdef";
    char *p;
    size_t i;
    if (len == 0)
        return; /* data may be NULL then */
    p = quote_room(out, 2 * len);
    for (i = 0; i < len; i++) {
        p[2 * i] = hex[data[i] >> 4];
        p[2 * i + 1] = hex[data[i] & 15];
    }
    out->len += 2 * len;
}
