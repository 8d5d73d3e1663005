/*
 * out.c - see out.h.
 */
#include "out.h"

#include <errno.h>
#include <stdlib.h>

/* "00" "01" ... "99": decimal digits two at a time. */
static const char pairs[201] =
    "00010203040506070809101112131415161718192021222324252627282930313233"
    "34353637383940414243444546474849505152535455565758596061626364656667"
    "6869707172737475767778798081828384858687888990919293949596979899";

void out_init(out *o, FILE *f)
{
    o->f = f;
    o->error = 0;
    o->len = 0;
}

/* Write n bytes at p and fflush, unless a write failed before; a failure
 * is kept in o->error. */
static void write_checked(out *o, const void *p, size_t n)
{
    if (o->error != 0)
        return;
    errno = 0;
    if ((n > 0 && fwrite(p, 1, n, o->f) != n) || fflush(o->f) != 0)
        o->error = errno != 0 ? errno : EIO;
}

void out_flush(out *o)
{
    size_t n = o->len;
    o->len = 0;
    write_checked(o, o->buf, n);
}

void out_bytes_slow(out *o, const void *p, size_t n)
{
    out_flush(o);
    if (n > OUT_SIZE) {
        write_checked(o, p, n);
        return;
    }
    memcpy(o->buf, p, n);
    o->len = n;
}

/* Four digits of x < 10000 at p. */
static inline void put4(char *p, uint32_t x)
{
    memcpy(p, pairs + 2 * (x / 100), 2);
    memcpy(p + 2, pairs + 2 * (x % 100), 2);
}

/* How many decimal digits v has. */
static inline unsigned digit_count(uint64_t v)
{
    static const uint64_t tens[20] = {
        1u, 10u, 100u, 1000u, 10000u, 100000u, 1000000u, 10000000u,
        100000000u, 1000000000u, 10000000000u, 100000000000u,
        1000000000000u, 10000000000000u, 100000000000000u,
        1000000000000000u, 10000000000000000u, 100000000000000000u,
        1000000000000000000u, 10000000000000000000u};
    /* 1233 / 4096 ~ log10(2): t is the digit count of 2^bits, less one,
     * or one too many */
    uint64_t w = v | 1;
    unsigned bits = 64 - (unsigned)__builtin_clzll(w);
    unsigned t = (bits * 1233) >> 12;
    return t + (w >= tens[t]);
}

/* The n digits of v end at p: eight at a time in 64-bit arithmetic, then
 * four and two at a time in 32-bit arithmetic (halves whose digits are
 * computed independently, so that their multiplications overlap). */
static inline void put_digits(char *p, uint64_t v, unsigned n)
{
    uint32_t x;
    while (n > 8) {
        x = (uint32_t)(v % 100000000u);
        v /= 100000000u;
        put4(p - 8, x / 10000);
        put4(p - 4, x % 10000);
        p -= 8;
        n -= 8;
    }
    x = (uint32_t)v;
    if (n > 4) {
        put4(p - 4, x % 10000);
        x /= 10000;
        p -= 4;
        n -= 4;
    }
    if (n > 2) {
        memcpy(p - 2, pairs + 2 * (x % 100), 2);
        x /= 100;
        p -= 2;
        n -= 2;
    }
    if (n == 2)
        memcpy(p - 2, pairs + 2 * x, 2);
    else
        p[-1] = (char)('0' + x);
}

void out_u64_padded(out *o, uint64_t v, unsigned digits)
{
    unsigned n = digit_count(v), pad = digits > n ? digits - n : 0;
    if (pad > OUT_ROOM - 20)
        pad = OUT_ROOM - 20;
    out_room(o);
    memset(o->buf + o->len, '0', pad);
    o->len += pad;
    put_digits(o->buf + o->len + n, v, n);
    o->len += n;
}

void out_u64_width(out *o, uint64_t v, unsigned width)
{
    unsigned n = digit_count(v);
    if (width > n)
        out_spaces(o, width - n);
    out_u64_padded(o, v, n);
}

void out_spaces(out *o, size_t n)
{
    while (n > 0) {
        size_t k = n < OUT_ROOM ? n : OUT_ROOM;
        out_room(o);
        memset(o->buf + o->len, ' ', k);
        o->len += k;
        n -= k;
    }
}

/* A line longer than the buffer: formatted in memory of its own. */
static void printf_long(out *o, size_t n, const char *format, va_list ap)
{
    char *text = malloc(n + 1);
    if (text == NULL) {
        o->error = ENOMEM; /* the line is lost: the command must fail */
        return;
    }
    vsnprintf(text, n + 1, format, ap);
    out_bytes(o, text, n);
    free(text);
}

void out_printf(out *o, const char *format, ...)
{
    size_t room = OUT_SIZE - o->len;
    va_list ap;
    int n;
    va_start(ap, format);
    n = vsnprintf(o->buf + o->len, room, format, ap);
    va_end(ap);
    if (n < 0)
        return;
    if ((size_t)n < room) {
        o->len += (size_t)n;
        return;
    }
    /* It did not fit: again in the emptied buffer, or in memory of its
     * own when longer than the buffer. */
    out_flush(o);
    va_start(ap, format);
    if ((size_t)n < OUT_SIZE) {
        vsnprintf(o->buf, OUT_SIZE, format, ap);
        o->len = (size_t)n;
    } else {
        printf_long(o, (size_t)n, format, ap);
    }
    va_end(ap);
}

void out_u64(out *o, uint64_t v)
{
    if (v < 10) {
        out_char(o, (char)('0' + v));
        return;
    }
    out_u64_padded(o, v, 1);
}

size_t out_format_i64(char *text, int64_t v)
{
    uint64_t u = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
    size_t sign = v < 0, n = digit_count(u);
    text[0] = '-';
    put_digits(text + sign + n, u, (unsigned)n);
    return sign + n;
}

void out_i64(out *o, int64_t v)
{
    if (v < 0) {
        out_char(o, '-');
        out_u64(o, (uint64_t)0 - (uint64_t)v);
        return;
    }
    out_u64(o, (uint64_t)v);
}

void out_hex(out *o, uint64_t v, unsigned digits)
{
    static const char hex[] = "0123456789abcdef";
    char tmp[16];
    size_t i = sizeof tmp;
    do {
        tmp[--i] = hex[v & 15];
        v >>= 4;
    } while (v != 0 || sizeof tmp - i < digits);
    out_room(o);
    memcpy(o->buf + o->len, tmp + i, sizeof tmp - i);
    o->len += sizeof tmp - i;
}
