/*
 * codec_snappy.c - the snappy framing decoder as a test codec (codec.h):
 * a line per chunk (a DATA event is one chunk's output), and a prefix is
 * complete after a chunk past the stream identifier (from the chunks' own
 * structure, snappy_chunks.h). The window is an exact allocation, and
 * DATA must begin it.
 */
#include "codec_containers.h"
#include "drive.h"
#include "snappy_chunks.h"

#include <stdlib.h>

typedef struct snappy_state {
    td_snappy_decoder d;
    uint8_t *window;
} snappy_state;

static int snappy_init(void *p, const test_config *cfg, const test_input *in)
{
    snappy_state *s = p;
    td_snappy_config config = {sizeof config, 0, NULL, TD_SNAPPY_WINDOW};
    (void)cfg;
    (void)in;
    s->window = malloc(TD_SNAPPY_WINDOW);
    config.memory = s->window;
    return td_snappy_init(&s->d, &config);
}

static void snappy_finish(void *p)
{
    free(((snappy_state *)p)->window);
}

static const char *kind_name(int kind)
{
    return kind == TD_SNAPPY_EV_DATA     ? "data"
           : kind == TD_SNAPPY_EV_STREAM ? "stream"
                                         : "skipped";
}

/* A line per chunk; a DATA chunk's bytes, which begin the window. */
static void take_event(const snappy_state *s, test_run *run,
                       const td_snappy_event *ev)
{
    if (ev->flags != 0)
        run_fail(run, "an event with flags", ev->offset, ev->flags);
    run_line(run, "%s @%llu size %llu type %02x", kind_name(ev->kind),
             (unsigned long long)ev->offset, (unsigned long long)ev->size,
             ev->chunk_type);
    if (ev->kind != TD_SNAPPY_EV_DATA)
        return;
    if (ev->data.data != s->window || ev->data.len > TD_SNAPPY_WINDOW)
        run_fail(run, "DATA is not the window's start", ev->offset,
                 ev->data.len);
    run_data(run, ev->offset, ev->data.pos, ev->data.data, ev->data.len);
}

static int snappy_next(void *p, test_run *run)
{
    snappy_state *s = p;
    td_snappy_event ev;
    int rc = td_snappy_next(&s->d, &ev);
    if (rc == TD_EVENT)
        take_event(s, run, &ev);
    return run_status(run, rc, td_snappy_request(&s->d),
                      td_snappy_fault(&s->d));
}

static int snappy_feed(void *p, const void *data, size_t len)
{
    return td_snappy_feed(&((snappy_state *)p)->d, data, len);
}

static bool after_chunk(const test_input *in, const test_result *full,
                        uint64_t cut)
{
    snappy_layout layout;
    bool clean;
    (void)full;
    clean = snappy_walk(in->files[0].head, in->files[0].head_len, &layout) &&
            snappy_chunk_end(&layout, (size_t)cut);
    snappy_layout_free(&layout);
    return clean;
}

const test_codec snappy_codec = {
    .name = "snappy", .state_size = sizeof(snappy_state),
    .access = TEST_FORWARD, .max_request = TD_STAGE_SIZE,
    .init = snappy_init, .finish = snappy_finish, .next = snappy_next,
    .feed = snappy_feed,
    .clean_cut = after_chunk,
};
