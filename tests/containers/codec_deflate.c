/*
 * codec_deflate.c - the deflate family as test codecs (codec.h): raw
 * inflate, gzip or zip as test_config.mode says, read forward, and zip
 * read with TD_ZIP_SEEKABLE. The window is an exact 32 KiB allocation, so
 * reads outside it show under ASan.
 *
 * DATA events go to the result's output (no log line) and must point into
 * the window or the answer the decoder holds, continue the member's
 * output, and come from a block already read; zip names, in fragments as
 * the answers cut them, are joined into one line and must lie in the
 * answer. Every other event is a line, and its offsets marks for the
 * sweeps; gzip's member ends are where the input may end.
 */
#include "codec_containers.h"
#include "drive.h"

#include <stdlib.h>
#include <string.h>

typedef struct deflate_state {
    int kind;
    union {
        td_inflate_decoder inflate;
        td_gzip_decoder gzip;
        td_zip_decoder zip;
    } d;
    uint8_t *window;
    uint64_t member_pos;  /* output bytes of the current member so far */
    uint8_t *name;        /* the zip name being joined */
    size_t name_len, name_cap;
    uint64_t name_offset; /* where its first fragment was */
} deflate_state;

/* A DATA event: pos continues the member, data[0]'s block was read. */
static void take_data(deflate_state *s, test_run *run, const uint8_t *p,
                      size_t len, uint64_t pos, uint64_t offset)
{
    bool in_window = p != NULL && p >= s->window &&
                     p + len <= s->window + TD_INFLATE_WINDOW;
    if (len == 0 || p == NULL)
        run_fail(run, "empty data event", len, pos);
    else if (!in_window && !run_in_answer(run, p, len))
        run_fail(run, "data outside the window and the answer", len, pos);
    if (pos != s->member_pos)
        run_fail(run, "data position does not continue", pos, s->member_pos);
    if (offset >= run_answer_end(run))
        run_fail(run, "data from a block not read yet", offset,
                 run_answer_end(run));
    if (len > 0 && p != NULL)
        run_data(run, offset, pos, p, len);
    s->member_pos += len;
    run_mark(run, offset);
}

/* A header-like event: its line is printed; its ends are marks. */
static void mark_event(test_run *run, uint64_t offset, uint64_t size)
{
    run_mark(run, offset);
    run_mark(run, offset + size);
}

static void on_gzip(deflate_state *s, test_run *run, const td_gzip_event *ev)
{
    if (ev->kind == TD_GZIP_EV_DATA) {
        take_data(s, run, ev->data.data, ev->data.len, ev->data.pos,
                  ev->offset);
        return;
    }
    mark_event(run, ev->offset, ev->size);
    if (ev->kind == TD_GZIP_EV_MEMBER) {
        run_line(run, "member %u @%llu+%llu flags %u xfl %u os %u mtime %u",
                 ev->member, (unsigned long long)ev->offset,
                 (unsigned long long)ev->size, ev->header.flags,
                 ev->header.xfl, ev->header.os, ev->header.mtime);
        s->member_pos = 0;
    } else if (ev->kind == TD_GZIP_EV_MEMBER_END) {
        run_line(run, "member-end %u @%llu+%llu crc %08x isize %u",
                 ev->member, (unsigned long long)ev->offset,
                 (unsigned long long)ev->size, ev->trailer.crc,
                 ev->trailer.isize);
        run_end(run, ev->offset + ev->size);
    } else {
        run_fail(run, "unknown gzip event", (uint64_t)ev->kind, 0);
    }
}

static void log_header(test_run *run, const char *what,
                       const td_zip_event *ev)
{
    const td_zip_header *h = &ev->header;
    run_line(run,
             "%s %u @%llu+%llu v%u f%04x m%u crc %08x %llu/%llu lo %llu "
             "nl %u z%d",
             what, ev->member, (unsigned long long)ev->offset,
             (unsigned long long)ev->size, h->version_needed, h->flags,
             h->method, h->crc, (unsigned long long)h->compressed_size,
             (unsigned long long)h->uncompressed_size,
             (unsigned long long)h->local_offset, h->name_len, h->zip64);
}

static void print_name(const deflate_state *s, test_run *run, unsigned member)
{
    FILE *log = run_log(run);
    size_t i;
    if (log == NULL)
        return;
    fprintf(log, "name %u @%llu '", member,
            (unsigned long long)s->name_offset);
    for (i = 0; i < s->name_len; i++)
        fprintf(log,
                s->name[i] >= 32 && s->name[i] < 127 ? "%c" : "\\x%02x",
                s->name[i]);
    fprintf(log, "'\n");
}

static void on_name(deflate_state *s, test_run *run, const td_zip_event *ev)
{
    if (ev->text.pos == 0)
        s->name_offset = ev->offset;
    if (ev->text.pos != s->name_len)
        run_fail(run, "name fragment does not continue", ev->text.pos,
                 s->name_len);
    if (ev->text.len > 0 && !run_in_answer(run, ev->text.data, ev->text.len))
        run_fail(run, "name fragment outside the answer", ev->text.len,
                 ev->text.pos);
    if (ev->text.data == NULL) {
        run_fail(run, "name fragment without data", ev->text.len, 0);
    } else {
        if (s->name_len + ev->text.len > s->name_cap) {
            s->name_cap = s->name_len + ev->text.len + 256;
            s->name = realloc(s->name, s->name_cap);
        }
        memcpy(s->name + s->name_len, ev->text.data, ev->text.len);
        s->name_len += ev->text.len;
    }
    if (!(ev->flags & TD_LAST_FRAGMENT))
        return;
    print_name(s, run, ev->member);
    s->name_len = 0;
}

static void on_zip(deflate_state *s, test_run *run, const td_zip_event *ev)
{
    switch (ev->kind) {
    case TD_ZIP_EV_DATA:
        take_data(s, run, ev->data.data, ev->data.len, ev->data.pos,
                  ev->offset);
        return;
    case TD_ZIP_EV_NAME:
        on_name(s, run, ev);
        return;
    case TD_ZIP_EV_MEMBER:
        log_header(run, "member", ev);
        s->member_pos = 0;
        break;
    case TD_ZIP_EV_MEMBER_END:
        log_header(run, "member-end", ev);
        break;
    case TD_ZIP_EV_CENTRAL:
        log_header(run, "central", ev);
        break;
    case TD_ZIP_EV_END:
        run_line(run,
                 "end @%llu+%llu entries %llu cd %llu+%llu comment %u z%d",
                 (unsigned long long)ev->offset, (unsigned long long)ev->size,
                 (unsigned long long)ev->end.entries,
                 (unsigned long long)ev->end.central_offset,
                 (unsigned long long)ev->end.central_size,
                 ev->end.comment_len, ev->end.zip64);
        break;
    default:
        run_fail(run, "unknown zip event", (uint64_t)ev->kind, 0);
    }
    mark_event(run, ev->offset, ev->size);
}

/* ---- The decoder ---------------------------------------------------------
 */

static int start(deflate_state *s, int kind, uint32_t flags)
{
    td_inflate_config inflate = {sizeof inflate, 0, NULL, TD_INFLATE_WINDOW};
    td_gzip_config gzip = {sizeof gzip, 0, NULL, TD_INFLATE_WINDOW};
    td_zip_config zip = {sizeof zip, 0, NULL, TD_INFLATE_WINDOW};
    memset(s, 0, sizeof *s);
    s->kind = kind;
    s->window = malloc(TD_INFLATE_WINDOW);
    inflate.memory = gzip.memory = zip.memory = s->window;
    if (kind == DEFLATE_RAW)
        return td_inflate_init(&s->d.inflate, &inflate);
    if (kind == DEFLATE_GZIP)
        return td_gzip_init(&s->d.gzip, &gzip);
    zip.flags = flags;
    return td_zip_init(&s->d.zip, &zip);
}

static int deflate_init(void *p, const test_config *cfg, const test_input *in)
{
    (void)in;
    return start(p, cfg->mode, 0);
}

static int zip_seekable_init(void *p, const test_config *cfg,
                             const test_input *in)
{
    (void)cfg;
    (void)in;
    return start(p, DEFLATE_ZIP, TD_ZIP_SEEKABLE);
}

static void deflate_finish(void *p)
{
    deflate_state *s = p;
    free(s->window);
    free(s->name);
}

/* run_status() with the decoder's request and fault. */
static int status(const deflate_state *s, test_run *run, int rc)
{
    if (s->kind == DEFLATE_RAW)
        return run_status(run, rc, td_inflate_request(&s->d.inflate),
                          td_inflate_fault(&s->d.inflate));
    if (s->kind == DEFLATE_GZIP)
        return run_status(run, rc, td_gzip_request(&s->d.gzip),
                          td_gzip_fault(&s->d.gzip));
    return run_status(run, rc, td_zip_request(&s->d.zip),
                      td_zip_fault(&s->d.zip));
}

static int deflate_next(void *p, test_run *run)
{
    deflate_state *s = p;
    int rc;
    if (s->kind == DEFLATE_RAW) {
        td_inflate_event ev;
        rc = td_inflate_next(&s->d.inflate, &ev);
        if (rc == TD_EVENT)
            take_data(s, run, ev.data.data, ev.data.len, ev.data.pos,
                      ev.offset);
    } else if (s->kind == DEFLATE_GZIP) {
        td_gzip_event ev;
        rc = td_gzip_next(&s->d.gzip, &ev);
        if (rc == TD_EVENT)
            on_gzip(s, run, &ev);
    } else {
        td_zip_event ev;
        rc = td_zip_next(&s->d.zip, &ev);
        if (rc == TD_EVENT)
            on_zip(s, run, &ev);
    }
    return status(s, run, rc);
}

static int deflate_feed(void *p, const void *data, size_t len)
{
    deflate_state *s = p;
    if (s->kind == DEFLATE_RAW)
        return td_inflate_feed(&s->d.inflate, data, len);
    if (s->kind == DEFLATE_GZIP)
        return td_gzip_feed(&s->d.gzip, data, len);
    return td_zip_feed(&s->d.zip, data, len);
}

/* Where the events said a member ended (gzip's members). */
static bool after_member(const test_input *in, const test_result *full,
                         uint64_t cut)
{
    size_t i;
    (void)in;
    for (i = 0; i < full->end_count; i++)
        if (full->ends[i] == cut)
            return true;
    return false;
}

const test_codec deflate_codec = {
    .name = "deflate", .state_size = sizeof(deflate_state),
    .access = TEST_FORWARD, .max_request = TD_STAGE_SIZE,
    .init = deflate_init, .finish = deflate_finish, .next = deflate_next,
    .feed = deflate_feed, .clean_cut = after_member,
};

const test_codec zip_seekable_codec = {
    .name = "zip-seekable", .state_size = sizeof(deflate_state),
    .access = TEST_SEEKABLE, .max_request = TD_STAGE_SIZE,
    .init = zip_seekable_init, .finish = deflate_finish,
    .next = deflate_next, .feed = deflate_feed,
};
