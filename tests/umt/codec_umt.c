/*
 * codec_umt.c - the UMT decoder as a test codec (codec.h): events printed
 * by umt_log (payloads joined), errors named by file; STREAM and XML read
 * forward.
 */
#include "codec_umt.h"
#include "drive.h"
#include "umt_log.h"

#include <stdlib.h>
#include <string.h>

typedef struct umt_state {
    td_umt_decoder d;
    void *workspace;
    umt_log log;
} umt_state;

test_config umt_test_config(int mode, uint32_t flags, size_t workspace)
{
    test_config cfg;
    cfg.flags = flags;
    cfg.mode = mode;
    cfg.memory_size = workspace;
    return cfg;
}

td_umt_config umt_decoder_config(int mode, uint32_t flags, void *workspace,
                                 size_t size)
{
    td_umt_config cfg = {.size = sizeof cfg};
    cfg.flags = flags;
    cfg.memory = workspace;
    cfg.memory_size = size;
    cfg.mode = mode;
    return cfg;
}

test_input umt_input_of(const uenc *e, test_file *files)
{
    test_input in;
    int i;
    memset(&in, 0, sizeof in);
    for (i = 0; i < UF_COUNT; i++) {
        const ufile *f = &e->f[i];
        memset(&files[i], 0, sizeof files[i]);
        files[i].head = f->head;
        files[i].head_len = f->head_len;
        files[i].far_at = f->far_at;
        files[i].far = f->far;
        files[i].far_len = f->far_len;
        files[i].size = ufile_size(f);
    }
    in.files = files;
    in.count = UF_COUNT;
    return in;
}

static int umt_init(void *p, const test_config *cfg, const test_input *in)
{
    umt_state *s = p;
    td_umt_config config;
    (void)in;
    s->workspace = cfg->memory_size ? malloc(cfg->memory_size) : NULL;
    config = umt_decoder_config(cfg->mode, cfg->flags & TEST_OWN_FLAGS,
                                s->workspace, cfg->memory_size);
    umt_log_init(&s->log, NULL);
    s->log.as_skipped = (cfg->flags & TEST_UMT_LOG_AS_SKIPPED) != 0;
    return td_umt_init(&s->d, &config);
}

static void umt_finish(void *p)
{
    free(((umt_state *)p)->workspace);
}

/* An event into the log; at the end, the text run it holds (one cut by
 * an error is left out). */
static int umt_next(void *p, test_run *run)
{
    umt_state *s = p;
    td_umt_event ev;
    int rc = td_umt_next(&s->d, &ev);
    s->log.out = run_log(run);
    if (s->log.out != NULL && rc == TD_EVENT)
        umt_log_event(&s->log, &ev);
    else if (s->log.out != NULL && rc == TD_END)
        umt_log_flush(&s->log);
    return run_status(run, rc, td_umt_request(&s->d), td_umt_fault(&s->d));
}

static int umt_feed(void *p, const void *data, size_t len)
{
    return td_umt_feed(&((umt_state *)p)->d, data, len);
}

static uint32_t umt_fault_file(const void *p)
{
    return td_umt_fault_file(&((const umt_state *)p)->d);
}

static const char *file_name(uint32_t file)
{
    return td_umt_file_name((int)file);
}

static bool reads_forward(const test_config *cfg)
{
    return cfg->mode == TD_UMT_STREAM || cfg->mode == TD_UMT_XML;
}

const test_codec umt_codec = {
    .name = "umt", .state_size = sizeof(umt_state), .access = TEST_RANDOM,
    .sources = UF_COUNT, .lanes = 1, .max_request = TD_UMT_MAX_REQUEST,
    .faults_outside = true,
    .init = umt_init, .finish = umt_finish, .next = umt_next,
    .feed = umt_feed,
    .fault_source = umt_fault_file, .source_name = file_name,
    .forward_mode = reads_forward,
};
