/*
 * codec_tagscan.c - the XML tag scanner as a test codec (codec.h),
 * reading source 7: a line per start and end tag, and one per run of text
 * (its fragments joined, so the log does not depend on where the input
 * was cut).
 */
#include "codec_tagscan.h"
#include "drive.h"

#include <stdio.h>

#define SOURCE 7

typedef struct tagscan_state {
    td_tagscan_decoder d;
    bool in_text; /* a text run's line is open */
} tagscan_state;

static int tagscan_init(void *p, const test_config *cfg, const test_input *in)
{
    tagscan_state *s = p;
    td_tagscan_config config = {sizeof config, 0, SOURCE};
    (void)cfg;
    (void)in;
    s->in_text = false;
    return td_tagscan_init(&s->d, &config);
}

static void end_text(tagscan_state *s, FILE *log)
{
    if (s->in_text && log != NULL)
        fputs("\"\n", log);
    s->in_text = false;
}

static void print(tagscan_state *s, FILE *log, const td_tagscan_event *ev)
{
    if (ev->kind == TD_TAGSCAN_EV_TEXT) {
        if (!s->in_text)
            fprintf(log, "text %.*s \"", (int)ev->path_len, ev->path);
        fprintf(log, "%.*s", (int)ev->text_len, ev->text);
        s->in_text = true;
        return;
    }
    end_text(s, log);
    fprintf(log, "%s %.*s @%llu+%llu d%u\n",
            ev->kind == TD_TAGSCAN_EV_START ? "start" : "end",
            (int)ev->path_len, ev->path, (unsigned long long)ev->offset,
            (unsigned long long)ev->size, ev->depth);
}

static int tagscan_next(void *p, test_run *run)
{
    tagscan_state *s = p;
    td_tagscan_event ev;
    FILE *log = run_log(run);
    int rc = td_tagscan_next(&s->d, &ev);
    if (rc == TD_EVENT && log != NULL)
        print(s, log, &ev);
    else if (rc != TD_EVENT && rc != TD_NEED_INPUT)
        end_text(s, log);
    return run_status(run, rc, td_tagscan_request(&s->d),
                      td_tagscan_fault(&s->d));
}

static int tagscan_feed(void *p, const void *data, size_t len)
{
    return td_tagscan_feed(&((tagscan_state *)p)->d, data, len);
}

const test_codec tagscan_codec = {
    .name = "tagscan", .state_size = sizeof(tagscan_state),
    .access = TEST_FORWARD, .source = SOURCE, .max_request = TD_STAGE_SIZE,
    .init = tagscan_init, .next = tagscan_next, .feed = tagscan_feed,
};
