/*
 * codec.c - the input side of codec.h: files held in memory, perhaps with
 * a hole before their far bytes.
 */
#include "codec.h"
#include "harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

test_file test_file_of(const uint8_t *data, size_t len)
{
    test_file f;
    memset(&f, 0, sizeof f);
    f.head = data;
    f.head_len = len;
    f.size = len;
    return f;
}

test_input test_input_of(const test_file *f)
{
    test_input in;
    memset(&in, 0, sizeof in);
    in.files = f;
    in.count = 1;
    return in;
}

bool test_input_read(const char *dir, const char *name, test_read *r)
{
    char path[8192];
    size_t len = 0;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    r->data = read_file(path, &len);
    r->file = test_file_of(r->data, len);
    r->in = test_input_of(&r->file);
    return expect(r->data != NULL, "cannot read %s", path);
}

void test_read_free(test_read *r)
{
    free(r->data);
    r->data = NULL;
}

void test_file_read(const test_file *f, uint64_t at, uint8_t *out, size_t n)
{
    while (n > 0) {
        uint64_t end = f->far_at ? f->far_at : at + n;
        size_t k;
        if (at < f->head_len) {
            k = f->head_len - at < n ? (size_t)(f->head_len - at) : n;
            memcpy(out, f->head + at, k);
        } else if (f->far_at && at >= f->far_at) {
            k = n;
            memcpy(out, f->far + (at - f->far_at), k);
        } else {
            k = end - at < n ? (size_t)(end - at) : n;
            memset(out, 0, k);
        }
        out += k;
        at += k;
        n -= k;
    }
}
