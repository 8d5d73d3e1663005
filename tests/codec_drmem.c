/*
 * codec_drmem.c - the drmemtrace record decoder as a test codec (see
 * sweep.h): events printed with tracedec's dump format, zip members
 * announced, and where a record stream may end (after a FOOTER).
 */
#include "sweep.h"
#include "drmem_print.h"

typedef struct drmem_state {
    td_drmem_decoder d;
    td_drmem_event ev;
} drmem_state;

static int drmem_init(void *p, uint32_t flags)
{
    (void)flags;
    return td_drmem_init(&((drmem_state *)p)->d, 0);
}

static int drmem_next(void *p, FILE *log)
{
    drmem_state *s = p;
    int rc = td_drmem_next(&s->d, &s->ev);
    if (rc == TD_EVENT && log != NULL)
        drmem_print_native(log, &s->ev);
    return rc;
}

static const td_request *drmem_request(const void *p)
{
    return td_drmem_request(&((const drmem_state *)p)->d);
}

static int drmem_feed(void *p, const void *data, size_t len)
{
    return td_drmem_feed(&((drmem_state *)p)->d, data, len);
}

static const td_fault *drmem_fault(const void *p)
{
    return td_drmem_fault(&((const drmem_state *)p)->d);
}

static int drmem_member(void *p, uint32_t index)
{
    return td_drmem_begin_member(&((drmem_state *)p)->d, index);
}

/* After a FOOTER record (files with several streams have several). */
static bool drmem_clean_cut(const uint8_t *data, size_t full_len,
                            size_t cut_len)
{
    size_t width, at;
    if (full_len < 12 || cut_len < 12)
        return cut_len == full_len;
    width = data[8] | data[9] | data[10] | data[11] ? 8 : 12;
    if (cut_len % width != 0)
        return false;
    at = cut_len - width;
    return data[at] == 26 && data[at + 1] == 0;
}

const test_codec drmem_codec = {
    sizeof(drmem_state), drmem_init,  drmem_next,   drmem_request,
    drmem_feed,          drmem_fault, drmem_member, drmem_clean_cut,
};
