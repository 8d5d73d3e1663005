/*
 * detect_input.c - see detect_input.h. A UMT trace's file is known by its
 * name (the format has no magic number): one of the eleven, beside
 * exec.vtable. A container's content is known by the first bytes it
 * decompresses to, from the file's first SNIFF_BYTES bytes; the decoding
 * proper starts again at the file's first byte, so a pipe works too.
 */
#include "detect_input.h"
#include "files.h"
#include "report.h"
#include "unpack.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* File bytes read to find a container's first content bytes (a snappy
 * chunk or an LZ4 block holds at most 64 KiB). */
#define SNIFF_BYTES ((size_t)128 << 10)
#define CONTENT_HEAD 64

/* Answer the container's request from the file's first raw_len bytes
 * (all of it when raw_len < SNIFF_BYTES). Returns false when the request
 * lies beyond them. */
static bool answer_from(unpack *u, const uint8_t *raw, size_t raw_len)
{
    const td_request *rq = unpack_request(u);
    if (rq->offset > raw_len ||
        (rq->offset == raw_len && raw_len == SNIFF_BYTES))
        return false;
    unpack_feed(u, raw + rq->offset, raw_len - (size_t)rq->offset);
    return true;
}

/* The first bytes a container holds, up to `want`, into head, from the
 * file's first raw_len bytes. Returns how many: fewer when those do not
 * hold them or the container is damaged there (its decoding says so
 * later). */
static size_t content_head(unpack *u, void *window, const uint8_t *raw,
                           size_t raw_len, uint8_t *head, size_t want)
{
    const uint8_t *data;
    size_t len, got = 0;
    int rc = TD_EVENT;
    if (unpack_init(u, u->container, 0, window) != TD_OK)
        return 0;
    while (got < want && (rc = unpack_next(u, &data, &len)) != TD_END) {
        if (rc == TD_NEED_INPUT && answer_from(u, raw, raw_len))
            continue;
        if (rc != TD_EVENT)
            break;
        if (len > want - got)
            len = want - got;
        memcpy(head + got, data, len);
        got += len;
    }
    return got;
}

/* The format of what container `format` holds, from the file's first
 * raw_len bytes. */
static int content_format(int format, const uint8_t *raw, size_t raw_len)
{
    unpack *u = malloc(sizeof *u);
    void *window = malloc(UNPACK_WINDOW);
    uint8_t head[CONTENT_HEAD];
    size_t len = 0;
    if (u != NULL && window != NULL) {
        u->container = format;
        len = content_head(u, window, raw, raw_len, head, sizeof head);
    }
    free(u);
    free(window);
    return td_detect_format(head, len);
}

/* The suffixes a compressed file of a UMT trace may have. */
static const char *const suffixes[] = {"", ".gz", ".zip", ".lz4", ".sz"};

#define SUFFIX_COUNT (sizeof suffixes / sizeof suffixes[0])

/* Whether `name` is a UMT trace's file name followed by `suffix`. */
static bool umt_file_name(const char *name, const char *suffix)
{
    size_t n = strlen(name), s = strlen(suffix);
    int i;
    if (n <= s || strcmp(name + n - s, suffix) != 0)
        return false;
    for (i = 0; i < TD_UMT_FILE_COUNT; i++)
        if (strlen(td_umt_file_name(i)) == n - s &&
            memcmp(name, td_umt_file_name(i), n - s) == 0)
            return true;
    return false;
}

/* When `path` is one of a UMT trace's files (its name one of theirs, less
 * a suffix, with exec.vtable and that suffix beside it), says so and
 * returns true. */
static bool report_umt_file(const cli *c, const char *path)
{
    const char *slash = strrchr(path, '/');
    const char *name = slash != NULL ? slash + 1 : path;
    int dir_len = slash != NULL ? (int)(slash - path) : 1;
    const char *dir = slash != NULL ? path : ".";
    char probe[4096], message[4200];
    size_t i;
    for (i = 0; i < SUFFIX_COUNT; i++) {
        snprintf(probe, sizeof probe, "%.*s/exec.vtable%s", dir_len, dir,
                 suffixes[i]);
        if (umt_file_name(name, suffixes[i]) && path_is_file(probe))
            break;
    }
    if (i == SUFFIX_COUNT)
        return false;
    if (i == 0)
        snprintf(message, sizeof message, "one of a UMT trace's files; "
                 "give the directory %.*s/", dir_len, dir);
    else
        snprintf(message, sizeof message, "one of a UMT trace's files, "
                 "compressed; a UMT trace is read at random: decompress "
                 "its files, then give the directory %.*s/", dir_len, dir);
    report_path_problem(c, path, message);
    return true;
}

int detect_input(const cli *c, host *h, int format, int *content)
{
    const uint8_t *raw;
    size_t raw_len;
    char message[256];
    *content = format;
    if (report_umt_file(c, c->opt.path))
        return EXIT_USAGE;
    if (!unpack_is_container(format))
        return 0;
    if (host_head(h, SNIFF_BYTES, &raw, &raw_len) != 0) {
        report_path_problem(c, c->opt.path, h->error);
        return EXIT_USAGE;
    }
    switch (content_format(format, raw, raw_len)) {
    case TD_FORMAT_XRAY:
        if (host_unpack(h, format) != 0) {
            report_path_problem(c, c->opt.path, h->error);
            return EXIT_USAGE;
        }
        *content = TD_FORMAT_XRAY;
        return 0;
    case TD_FORMAT_SQLITE:
        snprintf(message, sizeof message, "an SQLite file in %s: SQLite "
                 "needs random access; decompress it first (%s)",
                 td_format_name(format), unpack_tool(format));
        report_path_problem(c, c->opt.path, message);
        return EXIT_USAGE;
    default:
        return 0;
    }
}
