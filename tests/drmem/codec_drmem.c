/*
 * codec_drmem.c - the drmemtrace record decoder as a test codec (see
 * codec.h): events printed with tracedec's dump format, zip members
 * announced, and where a record stream may end (after a FOOTER).
 *
 * With TEST_DRMEM_TALLY it decodes with td_drmem_tally_next() and a PC
 * array of TALLY_PCS entries, and prints the events it hands out, the PCs
 * at each PCS event, and the tally at the end. TEST_DRMEM_TALLY_OF_EVENTS
 * decodes without a tally and prints the same from the events, by the
 * tally's definition: the two logs must be equal.
 */
#include "codec_drmem.h"
#include "drive.h"
#include "drmem_print.h"
#include "drmem_tally_model.h"

#include <string.h>

#define TALLY_PCS 7

typedef struct drmem_state {
    td_drmem_decoder d;
    td_drmem_event ev;
    uint32_t flags;
    td_drmem_tally tally;
    uint64_t pcs[TALLY_PCS];
} drmem_state;

static int drmem_init(void *p, const test_config *cfg, const test_input *in)
{
    drmem_state *s = p;
    (void)in;
    memset(&s->tally, 0, sizeof s->tally);
    s->tally.pcs = s->pcs;
    s->tally.pcs_cap = TALLY_PCS;
    s->flags = cfg->flags;
    return td_drmem_init(&s->d, NULL);
}

static void print_pcs(FILE *log, td_drmem_tally *t)
{
    size_t i;
    fprintf(log, "pcs");
    for (i = 0; i < t->pcs_len; i++)
        fprintf(log, " 0x%llx", (unsigned long long)t->pcs[i]);
    fprintf(log, "\n");
    t->pcs_len = 0;
}

static void print_tally(FILE *log, td_drmem_tally *t)
{
    int kernel, type;
    if (t->pcs_len > 0)
        print_pcs(log, t);
    for (kernel = 0; kernel < 2; kernel++)
        for (type = 0; type < TD_DRMEM_TYPE_COUNT; type++)
            if (t->records[kernel][type] != 0)
                fprintf(log, "tally %s%s %llu\n", kernel ? "kernel " : "",
                        td_drmem_type_name(type),
                        (unsigned long long)t->records[kernel][type]);
    fprintf(log, "tally encodings %llu\n",
            (unsigned long long)t->encodings);
}


/* The event (or the PCs it says the tally holds), and at the end the
 * tally. */
static void print(drmem_state *s, FILE *log, int rc)
{
    bool tally = (s->flags & TEST_DRMEM_TALLY) != 0;
    bool of_events = (s->flags & TEST_DRMEM_TALLY_OF_EVENTS) != 0;
    if (rc == TD_EVENT && tally && s->ev.kind == TD_DRMEM_EV_PCS)
        print_pcs(log, &s->tally);
    else if (rc == TD_EVENT &&
             !(of_events && drmem_tally_model(&s->tally, &s->ev)))
        drmem_print_native(log, &s->ev);
    if (of_events && s->tally.pcs_len == TALLY_PCS)
        print_pcs(log, &s->tally);
    if ((tally || of_events) && rc != TD_EVENT && rc != TD_NEED_INPUT)
        print_tally(log, &s->tally);
}

static int drmem_next(void *p, test_run *run)
{
    drmem_state *s = p;
    FILE *log = run_log(run);
    int rc = s->flags & TEST_DRMEM_TALLY
                 ? td_drmem_tally_next(&s->d, &s->ev, &s->tally)
                 : td_drmem_next(&s->d, &s->ev);
    if (log != NULL)
        print(s, log, rc);
    return run_status(run, rc, td_drmem_request(&s->d),
                      td_drmem_fault(&s->d));
}

static int drmem_feed(void *p, const void *data, size_t len)
{
    return td_drmem_feed(&((drmem_state *)p)->d, data, len);
}

static int drmem_member(void *p, uint32_t index)
{
    return td_drmem_begin_member(&((drmem_state *)p)->d, index);
}

/* After a FOOTER record (files with several streams have several). */
static bool drmem_clean_cut(const test_input *in, const test_result *full,
                            uint64_t cut)
{
    const uint8_t *data = in->files[0].head;
    size_t full_len = (size_t)in->files[0].size, cut_len = (size_t)cut;
    size_t width, at;
    (void)full;
    if (full_len < 12 || cut_len < 12)
        return cut_len == full_len;
    width = data[8] | data[9] | data[10] | data[11] ? 8 : 12;
    if (cut_len % width != 0)
        return false;
    at = cut_len - width;
    return data[at] == 26 && data[at + 1] == 0;
}

const test_codec drmem_codec = {
    .name = "drmem", .state_size = sizeof(drmem_state),
    .access = TEST_FORWARD, .max_request = TD_STAGE_SIZE,
    .init = drmem_init, .next = drmem_next, .feed = drmem_feed,
    .begin_member = drmem_member, .clean_cut = drmem_clean_cut,
};
