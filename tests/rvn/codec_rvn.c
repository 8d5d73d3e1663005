/*
 * codec_rvn.c - see codec_rvn.h: a line per event.
 */
#include "codec_rvn.h"
#include "codec_sqlite.h"
#include "drive.h"

#include <inttypes.h>
#include <string.h>

static int rvn_init(void *p, const test_config *cfg, const test_input *in)
{
    td_rvn_config config;
    memset(&config, 0, sizeof config);
    config.size = sizeof config;
    config.files = sqlite_files_of(in);
    sqlite_config_part(cfg, &config.part, &config.parts);
    return td_rvn_init(p, &config);
}

static void print(test_run *run, const td_rvn_event *ev)
{
    switch (ev->kind) {
    case TD_RVN_EV_METADATA:
        run_line(run,
                 "metadata v%" PRIu32 " type %" PRIu32 " format %" PRIu64
                 ".%" PRIu64 ".%" PRIu64,
                 ev->metadata.metadata_version, ev->metadata.type,
                 ev->metadata.format.major, ev->metadata.format.minor,
                 ev->metadata.format.patch);
        break;
    case TD_RVN_EV_TABLES:
        run_line(run, "tables %" PRIx32, ev->tables.present);
        break;
    case TD_RVN_EV_BLOCK:
        run_line(run,
                 "block %" PRId64 " pc %" PRIx64 " n %" PRIu32 " m %u len %" PRIu64,
                 ev->block.id, ev->block.pc, ev->block.instruction_count,
                 ev->block.mode, ev->block.data_length);
        break;
    case TD_RVN_EV_INSTRUCTION:
        run_line(run, "insn %" PRId64 " %" PRIu32 " %" PRIu32,
                 ev->instruction.block_id, ev->instruction.id,
                 ev->instruction.index);
        break;
    case TD_RVN_EV_EXECUTION:
        run_line(run, "exec %" PRIu64 " %" PRIu64 " %" PRId64,
                 ev->execution.start, ev->execution.end,
                 ev->execution.block_id);
        break;
    case TD_RVN_EV_INTERRUPT:
        run_line(run, "irq %" PRIu64 " %" PRId64, ev->interrupt.transition,
                 ev->interrupt.number);
        break;
    case TD_RVN_EV_WARNING:
        run_line(run, "warning %s", td_warning_name(ev->warning.code));
        break;
    default:
        run_line(run, "kind %d %" PRIu64, ev->kind, ev->offset);
        break;
    }
}

static int rvn_next(void *p, test_run *run)
{
    td_rvn_event ev;
    int rc = td_rvn_next(p, &ev);
    if (rc == TD_EVENT)
        print(run, &ev);
    return run_status(run, rc, td_rvn_request(p), td_rvn_fault(p));
}

static int rvn_feed(void *p, const void *data, size_t len)
{
    return td_rvn_feed(p, data, len);
}

/* Answer the decoder's request from `file`, whole. */
static void answer_whole(td_rvn_decoder *r, const uint8_t *file, size_t len)
{
    const td_request *rq = td_rvn_request(r);
    if (rq->offset < len)
        td_rvn_feed(r, file + rq->offset, len - (size_t)rq->offset);
    else
        td_rvn_feed(r, NULL, 0);
}

int rvn_next_whole(td_rvn_decoder *r, td_rvn_event *ev, const uint8_t *file,
                   size_t len)
{
    int rc;
    while ((rc = td_rvn_next(r, ev)) == TD_NEED_INPUT)
        answer_whole(r, file, len);
    return rc;
}

const test_codec rvn_codec = {
    .name = "rvn", .state_size = sizeof(td_rvn_decoder),
    .access = TEST_RANDOM, .sources = TD_SQLITE_LANES,
    .lanes = TD_SQLITE_LANES, .max_request = 65536, .init = rvn_init,
    .next = rvn_next, .feed = rvn_feed,
};
