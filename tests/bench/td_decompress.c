/*
 * td_decompress.c - tracedec's codecs alone, for `make bench`: decode
 * files read with pread into a 1 MiB buffer and throw the output away, the
 * same work as zlib_inflate and `lz4 -d > /dev/null`. Prints the bytes
 * produced.
 *
 * usage: td_decompress zip FILE.zip...   every member (CRC-32 checked)
 *        td_decompress lz4 FILE.lz4...   every frame (checksums checked)
 */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tracedec.h"

#define BUFFER (1u << 20)

/* The bytes at offset, from a pread into buf; *len 0 at end of file or
 * on an error. */
static const uint8_t *answer(int fd, uint8_t *buf, uint64_t offset,
                             size_t *len)
{
    ssize_t n = pread(fd, buf, BUFFER, (off_t)offset);
    *len = n > 0 ? (size_t)n : 0;
    return buf;
}

static long long unzip(int fd, uint8_t *buf, void *window)
{
    td_zip_config cfg = {sizeof cfg, TD_ZIP_SEEKABLE, window,
                         TD_INFLATE_WINDOW};
    td_zip_decoder d;
    td_zip_event ev;
    long long total = 0;
    int rc;
    td_zip_init(&d, &cfg);
    while ((rc = td_zip_next(&d, &ev)) != TD_END) {
        if (rc == TD_EVENT && ev.kind == TD_ZIP_EV_DATA) {
            total += (long long)ev.data.len;
        } else if (rc == TD_NEED_INPUT) {
            size_t n;
            const uint8_t *p =
                answer(fd, buf, td_zip_request(&d)->offset, &n);
            td_zip_feed(&d, p, n);
        } else if (rc < 0) {
            return -1;
        }
    }
    return total;
}

static long long unlz4(int fd, uint8_t *buf, void *window)
{
    td_lz4_config cfg = {sizeof cfg, 0, window, TD_LZ4_WINDOW};
    td_lz4_decoder d;
    td_lz4_event ev;
    long long total = 0;
    int rc;
    td_lz4_init(&d, &cfg);
    while ((rc = td_lz4_next(&d, &ev)) != TD_END) {
        if (rc == TD_EVENT && ev.kind == TD_LZ4_EV_DATA) {
            total += (long long)ev.data.len;
        } else if (rc == TD_NEED_INPUT) {
            size_t n;
            const uint8_t *p =
                answer(fd, buf, td_lz4_request(&d)->offset, &n);
            td_lz4_feed(&d, p, n);
        } else if (rc < 0) {
            return -1;
        }
    }
    return total;
}

int main(int argc, char **argv)
{
    static uint8_t window[TD_LZ4_WINDOW > TD_INFLATE_WINDOW ? TD_LZ4_WINDOW
                                                            : TD_INFLATE_WINDOW];
    uint8_t *buf = malloc(BUFFER);
    long long total = 0;
    int i;
    if (argc < 3 || (strcmp(argv[1], "zip") != 0 && strcmp(argv[1], "lz4"))) {
        fprintf(stderr, "usage: td_decompress zip|lz4 FILE...\n");
        return 2;
    }
    for (i = 2; i < argc; i++) {
        int fd = open(argv[i], O_RDONLY);
        long long got = fd < 0 || buf == NULL ? -1
                        : argv[1][0] == 'z'   ? unzip(fd, buf, window)
                                              : unlz4(fd, buf, window);
        if (got < 0) {
            fprintf(stderr, "td_decompress: %s: cannot decode\n", argv[i]);
            return 1;
        }
        total += got;
        close(fd);
    }
    printf("%lld\n", total);
    return 0;
}
