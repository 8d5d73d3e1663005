/*
 * codec_lz4.c - the LZ4 frame decoder as a test codec (codec.h): a line
 * per frame, frame end and skippable frame, and one per run of DATA events
 * that continue each other; a prefix is complete where a frame ends (from
 * the frames' own structure, lz4_frames.h). The window is an exact
 * allocation, and DATA must lie inside it.
 */
#include "codec_containers.h"
#include "drive.h"
#include "lz4_frames.h"

#include <stdlib.h>

typedef struct lz4_state {
    td_lz4_decoder d;
    uint8_t *window;
} lz4_state;

static int lz4_init(void *p, const test_config *cfg, const test_input *in)
{
    lz4_state *s = p;
    td_lz4_config config = {sizeof config, 0, NULL, TD_LZ4_WINDOW};
    (void)cfg;
    (void)in;
    s->window = malloc(TD_LZ4_WINDOW);
    config.memory = s->window;
    return td_lz4_init(&s->d, &config);
}

static void lz4_finish(void *p)
{
    free(((lz4_state *)p)->window);
}

static void take_data(const lz4_state *s, test_run *run,
                      const td_lz4_event *ev)
{
    const uint8_t *p = ev->data.data;
    size_t len = ev->data.len;
    if (p < s->window || len > TD_LZ4_WINDOW ||
        p + len > s->window + TD_LZ4_WINDOW || ev->size != 0)
        run_fail(run, "DATA outside the window", ev->offset, len);
    if (len == 0)
        run_fail(run, "empty DATA", ev->offset, 0);
    if (!run_data(run, ev->offset, ev->data.pos, p, len))
        run_line(run, "data @%llu pos %llu", (unsigned long long)ev->offset,
                 (unsigned long long)ev->data.pos);
}

static void print(test_run *run, const td_lz4_event *ev)
{
    if (ev->kind == TD_LZ4_EV_FRAME)
        run_line(run,
                 "frame #%u @%llu size %llu independent %d block-checksum %d "
                 "content-checksum %d content-size %s%llu block-max %u",
                 ev->frame, (unsigned long long)ev->offset,
                 (unsigned long long)ev->size,
                 ev->frame_header.independent_blocks,
                 ev->frame_header.block_checksum,
                 ev->frame_header.content_checksum,
                 ev->frame_header.has_content_size ? "" : "none ",
                 (unsigned long long)ev->frame_header.content_size,
                 ev->frame_header.block_max);
    else if (ev->kind == TD_LZ4_EV_FRAME_END)
        run_line(run, "end #%u @%llu size %llu", ev->frame,
                 (unsigned long long)ev->offset,
                 (unsigned long long)ev->size);
    else
        run_line(run, "skippable #%u @%llu size %llu magic %08x bytes %u",
                 ev->frame, (unsigned long long)ev->offset,
                 (unsigned long long)ev->size, ev->skippable.magic,
                 ev->skippable.bytes);
}

static int lz4_next(void *p, test_run *run)
{
    lz4_state *s = p;
    td_lz4_event ev;
    int rc = td_lz4_next(&s->d, &ev);
    if (rc == TD_EVENT && ev.flags != 0)
        run_fail(run, "an event with flags", ev.offset, ev.flags);
    if (rc == TD_EVENT && ev.kind == TD_LZ4_EV_DATA)
        take_data(s, run, &ev);
    else if (rc == TD_EVENT)
        print(run, &ev);
    return run_status(run, rc, td_lz4_request(&s->d), td_lz4_fault(&s->d));
}

static int lz4_feed(void *p, const void *data, size_t len)
{
    return td_lz4_feed(&((lz4_state *)p)->d, data, len);
}

/* After a frame, by the frames' own structure. */
static bool after_frame(const test_input *in, const test_result *full,
                        uint64_t cut)
{
    lz4_layout layout;
    bool clean = false;
    size_t i;
    (void)full;
    if (!lz4_walk(in->files[0].head, in->files[0].head_len, &layout))
        return false;
    for (i = 0; i < layout.frames; i++)
        clean = clean || layout.frame_ends[i] == cut;
    lz4_layout_free(&layout);
    return clean;
}

const test_codec lz4_codec = {
    .name = "lz4", .state_size = sizeof(lz4_state), .access = TEST_FORWARD,
    .max_request = TD_STAGE_SIZE, .init = lz4_init, .finish = lz4_finish,
    .next = lz4_next, .feed = lz4_feed, .clean_cut = after_frame,
};
