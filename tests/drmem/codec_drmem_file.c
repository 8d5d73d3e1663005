/*
 * codec_drmem_file.c - the drmemtrace file decoder (container and
 * records) as a test codec (codec.h): the container is test_config.mode
 * (TD_FORMAT_ZIP, _GZIP, _LZ4, _SNAPPY or _DRMEMTRACE), read forward; the
 * events are printed as the record decoder's are (codec_drmem.c), so a
 * file's log is its records' log. The window is an exact allocation.
 */
#include "codec_drmem.h"
#include "drive.h"
#include "drmem_print.h"

#include <stdlib.h>
#include <string.h>

typedef struct file_state {
    td_drmem_file_decoder f;
    uint8_t *window;
    td_drmem_event ev;
} file_state;

static int file_init(void *p, const test_config *cfg, const test_input *in)
{
    file_state *s = p;
    td_drmem_file_config config = {.size = sizeof config};
    (void)in;
    config.container = cfg->mode;
    if (cfg->mode != TD_FORMAT_DRMEMTRACE) {
        config.memory = s->window = malloc(TD_DRMEM_FILE_WINDOW);
        config.memory_size = TD_DRMEM_FILE_WINDOW;
    } else {
        s->window = NULL;
    }
    return td_drmem_file_init(&s->f, &config);
}

static void file_finish(void *p)
{
    free(((file_state *)p)->window);
}

static int file_next(void *p, test_run *run)
{
    file_state *s = p;
    FILE *log = run_log(run);
    int rc = td_drmem_file_next(&s->f, &s->ev);
    if (rc == TD_EVENT && log != NULL)
        drmem_print_native(log, &s->ev);
    return run_status(run, rc, td_drmem_file_request(&s->f),
                      td_drmem_file_fault(&s->f));
}

static int file_feed(void *p, const void *data, size_t len)
{
    return td_drmem_file_feed(&((file_state *)p)->f, data, len);
}

const test_codec drmem_file_codec = {
    .name = "drmem-file", .state_size = sizeof(file_state),
    .access = TEST_FORWARD, .max_request = TD_STAGE_SIZE,
    .faults_outside = true, .init = file_init, .finish = file_finish,
    .next = file_next, .feed = file_feed,
};
