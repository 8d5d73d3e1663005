/*
 * deflate_decode.c - see deflate_decode.h.
 */
#include "deflate_decode.h"
#include "harness.h"
#include "guard_span.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Inputs above SMALL_INPUT are cut and changed in random spans (the chunk
 * sweep has tried the tiny ones); above HUGE_INPUT the sweeps thin out. */
#define SMALL_INPUT 4096u
#define HUGE_INPUT 262144u

const char *deflate_kind_name(deflate_kind kind)
{
    switch (kind) {
    case DEFLATE_RAW:
        return "inflate";
    case DEFLATE_GZIP:
        return "gzip";
    case DEFLATE_ZIP:
        return "zip";
    default:
        return "zip-seekable";
    }
}

/* ---- Growable arrays ---------------------------------------------------- */

typedef struct bytes {
    uint8_t *p;
    size_t len, cap;
} bytes;

static void bytes_add(bytes *b, const void *p, size_t n)
{
    if (b->len + n > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
        while (cap < b->len + n)
            cap *= 2;
        b->p = realloc(b->p, cap);
        b->cap = cap;
    }
    if (n > 0)
        memcpy(b->p + b->len, p, n);
    b->len += n;
}

/* ---- One decode ---------------------------------------------------------- */

typedef union decoder {
    td_inflate_decoder inflate;
    td_gzip_decoder gzip;
    td_zip_decoder zip;
} decoder;

typedef struct run {
    deflate_kind kind;
    const uint8_t *data;
    size_t len;
    split_plan plan;
    uint8_t *window;
    guard_span guard;     /* where the current span lives */
    const uint8_t *span;  /* the current span, against a guard page */
    size_t span_len;
    uint64_t span_offset;
    bool told_eof;
    deflate_result *r;
    FILE *log;
    bytes out, name, marks, clean;
    uint64_t member_pos;  /* output bytes of the current member so far */
    uint64_t name_offset; /* where the current name's first fragment was */
} run;

static void protocol_error(run *u, const char *msg, uint64_t a, uint64_t b)
{
    if (!u->r->protocol_ok)
        return;
    u->r->protocol_ok = false;
    snprintf(u->r->protocol_msg, sizeof u->r->protocol_msg,
             "%s (%llu, %llu)", msg, (unsigned long long)a,
             (unsigned long long)b);
}

static void mark(run *u, uint64_t offset)
{
    bytes_add(&u->marks, &offset, sizeof offset);
}

static bool in_window(const run *u, const uint8_t *p, size_t len)
{
    return p >= u->window && p + len <= u->window + TD_INFLATE_WINDOW;
}

static bool in_span(const run *u, const uint8_t *p, size_t len)
{
    return u->span != NULL && p >= u->span && p + len <= u->span + u->span_len;
}

/* A DATA event: pos continues the member, data[0]'s block was read. */
static void take_data(run *u, const uint8_t *p, size_t len, uint64_t pos,
                      uint64_t offset)
{
    if (len == 0 || p == NULL)
        protocol_error(u, "empty data event", len, pos);
    else if (!in_window(u, p, len) && !in_span(u, p, len))
        protocol_error(u, "data outside the window and the span", len, pos);
    if (pos != u->member_pos)
        protocol_error(u, "data position does not continue", pos,
                       u->member_pos);
    if (offset >= u->span_offset + u->span_len)
        protocol_error(u, "data from a block not read yet", offset,
                       u->span_offset + u->span_len);
    if (len > 0 && p != NULL)
        bytes_add(&u->out, p, len);
    u->member_pos += len;
    mark(u, offset);
}

static void on_inflate(run *u, const td_inflate_event *ev)
{
    take_data(u, ev->data.data, ev->data.len, ev->data.pos, ev->offset);
}

static void on_gzip(run *u, const td_gzip_event *ev)
{
    if (ev->kind == TD_GZIP_EV_DATA) {
        take_data(u, ev->data.data, ev->data.len, ev->data.pos, ev->offset);
        return;
    }
    mark(u, ev->offset);
    mark(u, ev->offset + ev->size);
    if (ev->kind == TD_GZIP_EV_MEMBER) {
        fprintf(u->log, "member %u @%llu+%llu flags %u xfl %u os %u "
                        "mtime %u\n",
                ev->member, (unsigned long long)ev->offset,
                (unsigned long long)ev->size, ev->header.flags,
                ev->header.xfl, ev->header.os, ev->header.mtime);
        u->member_pos = 0;
    } else if (ev->kind == TD_GZIP_EV_MEMBER_END) {
        uint64_t end = ev->offset + ev->size;
        fprintf(u->log, "member-end %u @%llu+%llu crc %08x isize %u\n",
                ev->member, (unsigned long long)ev->offset,
                (unsigned long long)ev->size, ev->trailer.crc,
                ev->trailer.isize);
        bytes_add(&u->clean, &end, sizeof end);
    } else {
        protocol_error(u, "unknown gzip event", (uint64_t)ev->kind, 0);
    }
}

static void log_header(run *u, const char *what, const td_zip_event *ev)
{
    const td_zip_header *h = &ev->header;
    fprintf(u->log, "%s %u @%llu+%llu v%u f%04x m%u crc %08x %llu/%llu "
                    "lo %llu nl %u z%d\n",
            what, ev->member, (unsigned long long)ev->offset,
            (unsigned long long)ev->size, h->version_needed, h->flags,
            h->method, h->crc, (unsigned long long)h->compressed_size,
            (unsigned long long)h->uncompressed_size,
            (unsigned long long)h->local_offset, h->name_len, h->zip64);
}

static void on_name(run *u, const td_zip_event *ev)
{
    size_t i;
    if (ev->text.pos == 0)
        u->name_offset = ev->offset;
    if (ev->text.pos != u->name.len)
        protocol_error(u, "name fragment does not continue", ev->text.pos,
                       u->name.len);
    if (ev->text.len > 0 && !in_span(u, ev->text.data, ev->text.len))
        protocol_error(u, "name fragment outside the span", ev->text.len,
                       ev->text.pos);
    if (ev->text.data == NULL)
        protocol_error(u, "name fragment without data", ev->text.len, 0);
    else
        bytes_add(&u->name, ev->text.data, ev->text.len);
    if (!(ev->flags & TD_LAST_FRAGMENT))
        return;
    fprintf(u->log, "name %u @%llu '", ev->member,
            (unsigned long long)u->name_offset);
    for (i = 0; i < u->name.len; i++)
        fprintf(u->log, u->name.p[i] >= 32 && u->name.p[i] < 127 ? "%c"
                                                                  : "\\x%02x",
                u->name.p[i]);
    fprintf(u->log, "'\n");
    u->name.len = 0;
}

static void on_zip(run *u, const td_zip_event *ev)
{
    switch (ev->kind) {
    case TD_ZIP_EV_DATA:
        take_data(u, ev->data.data, ev->data.len, ev->data.pos, ev->offset);
        return;
    case TD_ZIP_EV_NAME:
        on_name(u, ev);
        return;
    case TD_ZIP_EV_MEMBER:
        log_header(u, "member", ev);
        u->member_pos = 0;
        break;
    case TD_ZIP_EV_MEMBER_END:
        log_header(u, "member-end", ev);
        break;
    case TD_ZIP_EV_CENTRAL:
        log_header(u, "central", ev);
        break;
    case TD_ZIP_EV_END:
        fprintf(u->log, "end @%llu+%llu entries %llu cd %llu+%llu comment "
                        "%u z%d\n",
                (unsigned long long)ev->offset, (unsigned long long)ev->size,
                (unsigned long long)ev->end.entries,
                (unsigned long long)ev->end.central_offset,
                (unsigned long long)ev->end.central_size, ev->end.comment_len,
                ev->end.zip64);
        break;
    default:
        protocol_error(u, "unknown zip event", (uint64_t)ev->kind, 0);
    }
    mark(u, ev->offset);
    mark(u, ev->offset + ev->size);
}

static int dec_init(run *u, decoder *d)
{
    td_inflate_config inflate = {sizeof inflate, 0, u->window,
                                 TD_INFLATE_WINDOW};
    td_gzip_config gzip = {sizeof gzip, 0, u->window, TD_INFLATE_WINDOW};
    td_zip_config zip = {sizeof zip, 0, u->window, TD_INFLATE_WINDOW};
    switch (u->kind) {
    case DEFLATE_RAW:
        return td_inflate_init(&d->inflate, &inflate);
    case DEFLATE_GZIP:
        return td_gzip_init(&d->gzip, &gzip);
    case DEFLATE_ZIP:
        return td_zip_init(&d->zip, &zip);
    default:
        zip.flags = TD_ZIP_SEEKABLE;
        return td_zip_init(&d->zip, &zip);
    }
}

static int dec_next(run *u, decoder *d)
{
    int rc;
    if (u->kind == DEFLATE_RAW) {
        td_inflate_event ev;
        rc = td_inflate_next(&d->inflate, &ev);
        if (rc == TD_EVENT)
            on_inflate(u, &ev);
    } else if (u->kind == DEFLATE_GZIP) {
        td_gzip_event ev;
        rc = td_gzip_next(&d->gzip, &ev);
        if (rc == TD_EVENT)
            on_gzip(u, &ev);
    } else {
        td_zip_event ev;
        rc = td_zip_next(&d->zip, &ev);
        if (rc == TD_EVENT)
            on_zip(u, &ev);
    }
    return rc;
}

static const td_request *dec_request(const run *u, const decoder *d)
{
    if (u->kind == DEFLATE_RAW)
        return td_inflate_request(&d->inflate);
    if (u->kind == DEFLATE_GZIP)
        return td_gzip_request(&d->gzip);
    return td_zip_request(&d->zip);
}

static int dec_feed(const run *u, decoder *d, const void *p, size_t n)
{
    if (u->kind == DEFLATE_RAW)
        return td_inflate_feed(&d->inflate, p, n);
    if (u->kind == DEFLATE_GZIP)
        return td_gzip_feed(&d->gzip, p, n);
    return td_zip_feed(&d->zip, p, n);
}

static const td_fault *dec_fault(const run *u, const decoder *d)
{
    if (u->kind == DEFLATE_RAW)
        return td_inflate_fault(&d->inflate);
    if (u->kind == DEFLATE_GZIP)
        return td_gzip_fault(&d->gzip);
    return td_zip_fault(&d->zip);
}

/* Answer the outstanding request with the next span of the plan. */
static void answer(run *u, decoder *d)
{
    const td_request *rq = dec_request(u, d);
    uint64_t expected = u->span_offset + u->span_len;
    size_t n;
    if (u->kind == DEFLATE_ZIP_SEEKABLE ? rq->offset > u->len
                                          : rq->offset != expected)
        protocol_error(u, "request is not for the next byte", rq->offset,
                       expected);
    if (rq->min_len < 1 || rq->min_len > TD_STAGE_SIZE || rq->source != 0)
        protocol_error(u, "bad min_len or source", rq->min_len, rq->source);
    u->span = NULL;
    u->span_offset = rq->offset <= u->len ? rq->offset : u->len;
    n = span_length(&u->plan);
    if (n > u->len - u->span_offset)
        n = u->len - u->span_offset;
    u->span_len = n;
    if (n == 0) {
        u->told_eof = true;
        dec_feed(u, d, NULL, 0);
        return;
    }
    u->span = guard_span_copy(&u->guard, u->data + u->span_offset, n);
    if (dec_feed(u, d, u->span, n) != TD_OK)
        protocol_error(u, "feed refused", n, u->span_offset);
}

static void finish(run *u, decoder *d, int rc)
{
    deflate_result *r = u->r;
    r->status = rc;
    r->fault = *dec_fault(u, d);
    if (rc < 0 && rc != TD_E_INTERNAL && rc != r->fault.code)
        protocol_error(u, "status differs from the fault", (uint64_t)-rc,
                       (uint64_t)-r->fault.code);
    if (rc < 0 && r->fault.offset > u->len)
        protocol_error(u, "error offset beyond the input", r->fault.offset,
                       u->len);
    if (rc < 0 && r->fault.reason == NULL)
        protocol_error(u, "error without a reason", (uint64_t)-rc, 0);
    r->out = u->out.p;
    r->out_len = u->out.len;
    r->marks = (uint64_t *)u->marks.p;
    r->mark_count = u->marks.len / sizeof(uint64_t);
    r->clean_cuts = (uint64_t *)u->clean.p;
    r->clean_count = u->clean.len / sizeof(uint64_t);
}

deflate_result deflate_decode(deflate_kind kind, const uint8_t *data,
                                  size_t len, split_plan plan)
{
    deflate_result r;
    run u;
    decoder *d = malloc(sizeof *d);
    size_t requests = 0, limit = 16 * len + 4096;
    int rc;
    memset(&r, 0, sizeof r);
    memset(&u, 0, sizeof u);
    r.protocol_ok = true;
    u.kind = kind;
    u.data = data;
    u.len = len;
    u.plan = plan;
    u.r = &r;
    u.window = malloc(TD_INFLATE_WINDOW);
    u.log = open_memstream(&r.log, &r.log_len);
    if (dec_init(&u, d) != TD_OK)
        protocol_error(&u, "init failed", 0, 0);
    for (;;) {
        rc = dec_next(&u, d);
        if (rc == TD_EVENT)
            continue;
        if (rc != TD_NEED_INPUT)
            break;
        if (u.told_eof || ++requests > limit) {
            protocol_error(&u, "request after the end of input, or too "
                               "many requests",
                           requests, len);
            rc = TD_E_INTERNAL;
            break;
        }
        answer(&u, d);
    }
    fclose(u.log);
    finish(&u, d, rc);
    guard_span_free(&u.guard);
    free(u.window);
    free(u.name.p);
    free(d);
    return r;
}

void deflate_result_free(deflate_result *r)
{
    free(r->out);
    free(r->log);
    free(r->marks);
    free(r->clean_cuts);
    memset(r, 0, sizeof *r);
}

bool deflate_same(const deflate_result *a, const deflate_result *b)
{
    return a->status == b->status && a->fault.code == b->fault.code &&
           a->fault.offset == b->fault.offset &&
           a->fault.reason == b->fault.reason && a->log_len == b->log_len &&
           memcmp(a->log, b->log, a->log_len) == 0 &&
           a->out_len == b->out_len &&
           (a->out_len == 0 || memcmp(a->out, b->out, a->out_len) == 0);
}

bool deflate_output_is(const deflate_result *r, const uint8_t *expected,
                       size_t len)
{
    return r->out_len == len && (len == 0 || memcmp(r->out, expected, len) == 0);
}

/* ---- Sweeps ---------------------------------------------------------- */

static int compare(const char *name, const char *how, size_t arg,
                   const deflate_result *ref, deflate_result *got)
{
    int failed = 0;
    if (!expect(got->protocol_ok, "%s %s %zu: %s", name, how, arg,
                got->protocol_msg))
        failed++;
    if (!expect(deflate_same(ref, got),
                "%s %s %zu: result differs from the one-span decode "
                "(status %d vs %d, output %zu vs %zu bytes)",
                name, how, arg, got->status, ref->status, got->out_len,
                ref->out_len))
        failed++;
    deflate_result_free(got);
    return failed;
}

int deflate_sweep_chunks(const char *name, deflate_kind kind,
                           const uint8_t *data, size_t len, bool full)
{
    static const size_t light[] = {1, 7, 64, 4093};
    deflate_result ref = deflate_decode(kind, data, len, one_span());
    deflate_result got;
    int failed = 0;
    size_t k;
    uint64_t seed;
    if (!expect(ref.protocol_ok, "%s: %s", name, ref.protocol_msg))
        failed++;
    for (k = 1; k <= (full ? 64 : 4) && failed == 0; k++) {
        size_t chunk = full ? k : light[k - 1];
        got = deflate_decode(kind, data, len, chunks_of(chunk));
        failed += compare(name, "chunk size", chunk, &ref, &got);
    }
    for (seed = 1; seed <= (full ? 20u : 3u) && failed == 0; seed++) {
        got = deflate_decode(kind, data, len, random_split(seed));
        failed += compare(name, "random split", (size_t)seed, &ref, &got);
    }
    deflate_result_free(&ref);
    return failed;
}

static void pick(char *chosen, size_t len, uint64_t from, uint64_t to)
{
    uint64_t i;
    for (i = from; i < to && i < len; i++)
        chosen[i] = 1;
}

/* Which offsets (cuts or bytes) a sweep visits: all of them for small
 * inputs, else those near the full decode's event marks (within `near`
 * after and before), the first and last 64, and `spread` more spaced
 * evenly; thinned to about `cap`. */
static char *choose(const deflate_result *full, size_t len,
                    size_t all_below, unsigned near, size_t spread,
                    size_t cap, size_t *count)
{
    char *chosen = calloc(len + 1, 1);
    size_t i, n = 0, kept = 0, stride;
    if (len <= all_below) {
        pick(chosen, len, 0, len);
    } else {
        for (i = 0; i < full->mark_count; i++)
            pick(chosen, len,
                 full->marks[i] > near ? full->marks[i] - near : 0,
                 full->marks[i] + near + 1);
        pick(chosen, len, 0, 64);
        pick(chosen, len, len > 64 ? len - 64 : 0, len);
        for (i = 0; i < spread; i++)
            chosen[(size_t)((uint64_t)len * i / spread)] = 1;
    }
    for (i = 0; i < len; i++)
        n += chosen[i];
    stride = n > cap ? (n + cap - 1) / cap : 1;
    for (i = 0; i < len; i++)
        if (chosen[i] && kept++ % stride != 0)
            chosen[i] = 0;
    for (i = 0, n = 0; i < len; i++)
        n += chosen[i];
    *count = n;
    return chosen;
}

static bool is_clean(const deflate_result *full, size_t cut)
{
    size_t i;
    for (i = 0; i < full->clean_count; i++)
        if (full->clean_cuts[i] == cut)
            return true;
    return false;
}

static int check_cut(const char *name, const deflate_result *full,
                     deflate_result *got, size_t cut)
{
    bool clean = cut > 0 && is_clean(full, cut);
    int failed = 0;
    if (!expect(got->protocol_ok, "%s cut %zu: %s", name, cut,
                got->protocol_msg))
        failed++;
    if (!expect(clean ? got->status == TD_END
                      : got->status == TD_E_TRUNCATED,
                "%s cut %zu: status %s, want %s", name, cut,
                td_error_name(got->status), clean ? "end" : "truncated"))
        failed++;
    if (!expect(got->status == TD_END || got->fault.offset <= cut,
                "%s cut %zu: error offset %llu past the cut", name, cut,
                (unsigned long long)got->fault.offset))
        failed++;
    if (!expect(got->log_len <= full->log_len &&
                    memcmp(got->log, full->log, got->log_len) == 0 &&
                    got->out_len <= full->out_len &&
                    (got->out_len == 0 ||
                     memcmp(got->out, full->out, got->out_len) == 0),
                "%s cut %zu: events or output are not a prefix of the full "
                "decode's",
                name, cut))
        failed++;
    return failed;
}

int deflate_sweep_truncation(const char *name, deflate_kind kind,
                               const uint8_t *data, size_t len,
                               size_t all_below)
{
    deflate_result full = deflate_decode(kind, data, len, one_span());
    size_t cut, count;
    char *chosen;
    int failed = 0;
    if (full.status != TD_END) {
        deflate_result_free(&full);
        return 0;
    }
    chosen = choose(&full, len, all_below, 4, 160,
                    len > HUGE_INPUT ? 100 : 300, &count);
    for (cut = 0; cut < len && failed == 0; cut++) {
        deflate_result got;
        if (!chosen[cut])
            continue;
        got = deflate_decode(kind, data, cut,
                             len > SMALL_INPUT ? random_split(cut)
                                               : chunks_of(cut % 7 + 1));
        failed += check_cut(name, &full, &got, cut);
        deflate_result_free(&got);
    }
    free(chosen);
    deflate_result_free(&full);
    return failed;
}

static int check_flip(const char *name, size_t bit, const uint8_t *copy,
                      deflate_kind kind, size_t len)
{
    deflate_result one = deflate_decode(kind, copy, len, one_span());
    deflate_result split = deflate_decode(
        kind, copy, len, len > SMALL_INPUT ? random_split(bit) : chunks_of(5));
    int failed = 0;
    if (!expect(one.protocol_ok && split.protocol_ok, "%s bit %zu: %s %s",
                name, bit, one.protocol_msg, split.protocol_msg))
        failed++;
    if (!expect(one.status == TD_END ||
                    (one.status < 0 && one.fault.offset <= len),
                "%s bit %zu: status %s at %llu", name, bit,
                td_error_name(one.status),
                (unsigned long long)one.fault.offset))
        failed++;
    if (!expect(deflate_same(&one, &split),
                "%s bit %zu: chunking changed the result (%s@%llu vs "
                "%s@%llu)",
                name, bit, td_error_name(one.status),
                (unsigned long long)one.fault.offset,
                td_error_name(split.status),
                (unsigned long long)split.fault.offset))
        failed++;
    deflate_result_free(&one);
    deflate_result_free(&split);
    return failed;
}

int deflate_sweep_bits(const char *name, deflate_kind kind,
                         const uint8_t *data, size_t len, size_t all_below)
{
    deflate_result full = deflate_decode(kind, data, len, one_span());
    uint8_t *copy = malloc(len ? len : 1);
    size_t i, count;
    char *chosen = choose(&full, len, all_below, 8, 32,
                          len > HUGE_INPUT ? 12 : 48, &count);
    uint64_t seed = len;
    int failed = 0, b;
    memcpy(copy, data, len);
    for (i = 0; i < len && failed == 0; i++) {
        if (!chosen[i])
            continue;
        for (b = 0; b < 8 && failed == 0; b++) {
            if (len > all_below && (xorshift64(&seed) & 3) != 0)
                continue;
            copy[i] ^= (uint8_t)(1u << b);
            failed += check_flip(name, i * 8 + (size_t)b, copy, kind, len);
            copy[i] = data[i];
        }
    }
    free(chosen);
    free(copy);
    deflate_result_free(&full);
    return failed;
}

/* ---- Reference inputs -------------------------------------------------- */

static char refs_dir[64];

static void remove_refs(void)
{
    run_shell("rm -rf '%s'", refs_dir);
}

const char *deflate_refs(void)
{
    static int made; /* 0 not tried, 1 made, -1 failed */
    if (made == 0) {
        made = -1;
        snprintf(refs_dir, sizeof refs_dir, "/tmp/tracedec-deflate-refs-XXXXXX");
        if (mkdtemp(refs_dir) == NULL)
            return NULL;
        atexit(remove_refs);
        if (run_shell("python3 '%s/tests/containers/deflate_refs.py' '%s'", test_root,
                      refs_dir) == 0)
            made = 1;
    }
    if (made < 0) {
        skip("python3 could not write the reference inputs");
        return NULL;
    }
    return refs_dir;
}

static uint8_t *read_ref(const char *dir, const char *file, size_t *len)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    return read_file(path, len);
}

int deflate_each_ref(const char *kind, ref_fn fn)
{
    const char *dir = deflate_refs();
    char path[512], line[512], k[32], in[200], out[200], status[64];
    FILE *manifest;
    int count = 0;
    if (dir == NULL)
        return 0;
    snprintf(path, sizeof path, "%s/manifest", dir);
    manifest = fopen(path, "r");
    if (!expect(manifest != NULL, "no manifest in %s", dir))
        return 0;
    while (fgets(line, sizeof line, manifest) != NULL) {
        size_t len, expected_len;
        uint8_t *data, *expected;
        if (sscanf(line, "%31s %199s %199s %63s", k, in, out, status) != 4 ||
            strcmp(k, kind) != 0)
            continue;
        data = read_ref(dir, in, &len);
        expected = read_ref(dir, out, &expected_len);
        if (expect(data != NULL && expected != NULL, "cannot read %s", in))
            fn(in, data, len, expected, expected_len, status);
        free(data);
        free(expected);
        count++;
    }
    fclose(manifest);
    return count;
}
