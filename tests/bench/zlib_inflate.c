/*
 * zlib_inflate.c - the zlib baseline of `make bench`: inflate every deflated
 * member of the given zip files with zlib, streaming through a 64 KiB
 * output buffer that is thrown away, and check each member's CRC-32 as
 * minizip (DynamoRIO's zip reader) does: the work a reader of a
 * drmemtrace directory cannot avoid. Prints the bytes inflated.
 *
 * usage: zlib_inflate FILE.zip...
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

static uint32_t le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
           (uint32_t)p[3] << 24;
}

static uint16_t le16(const uint8_t *p)
{
    return (uint16_t)(p[0] | p[1] << 8);
}

static uint8_t *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    uint8_t *data;
    long n;
    if (f == NULL || fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0)
        return NULL;
    rewind(f);
    data = malloc((size_t)n + 1);
    if (data == NULL || fread(data, 1, (size_t)n, f) != (size_t)n)
        return NULL;
    fclose(f);
    *len = (size_t)n;
    return data;
}

/* Inflate one raw deflate stream whose output has CRC-32 crc; returns the
 * output size, or -1. */
static long long inflate_member(const uint8_t *in, size_t in_len,
                                uint32_t crc)
{
    uLong sum = crc32(0, Z_NULL, 0);
    static uint8_t out[65536];
    z_stream z;
    long long total = 0;
    int rc;
    memset(&z, 0, sizeof z);
    if (inflateInit2(&z, -15) != Z_OK)
        return -1;
    z.next_in = (uint8_t *)in;
    z.avail_in = (uInt)in_len;
    do {
        z.next_out = out;
        z.avail_out = sizeof out;
        rc = inflate(&z, Z_NO_FLUSH);
        sum = crc32(sum, out, (uInt)(sizeof out - z.avail_out));
        total += (long long)(sizeof out - z.avail_out);
    } while (rc == Z_OK);
    inflateEnd(&z);
    return rc == Z_STREAM_END && sum == crc ? total : -1;
}

/* Every deflated member named by the central directory. */
static long long inflate_zip(const uint8_t *p, size_t len)
{
    size_t end = len >= 22 ? len - 22 : 0, at;
    long long total = 0;
    unsigned n, i;
    while (end > 0 && le32(p + end) != 0x06054b50)
        end--;
    if (le32(p + end) != 0x06054b50)
        return -1;
    n = le16(p + end + 10);
    at = le32(p + end + 16);
    for (i = 0; i < n && at + 46 <= len; i++) {
        const uint8_t *c = p + at;
        size_t local = le32(c + 42), size = le32(c + 20), data;
        if (le16(c + 10) == 8 && local + 30 <= len) {
            data = local + 30 + le16(p + local + 26) + le16(p + local + 28);
            long long got = inflate_member(p + data, size, le32(c + 16));
            if (got < 0)
                return -1;
            total += got;
        }
        at += 46 + le16(c + 28) + le16(c + 30) + le16(c + 32);
    }
    return total;
}

int main(int argc, char **argv)
{
    long long total = 0;
    int i;
    for (i = 1; i < argc; i++) {
        size_t len;
        uint8_t *data = slurp(argv[i], &len);
        long long got = data ? inflate_zip(data, len) : -1;
        if (got < 0) {
            fprintf(stderr, "zlib_inflate: %s: cannot inflate\n", argv[i]);
            return 1;
        }
        total += got;
        free(data);
    }
    printf("%lld\n", total);
    return 0;
}
