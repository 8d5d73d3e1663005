/*
 * lz4_fuzzer.c - one harness for libFuzzer, AFL++ (through its libFuzzer
 * driver) and the replay driver that `make test` runs.
 *
 * Input: one option byte, then an LZ4 frame stream. Option bit 0 feeds
 * the second decode one byte at a time (every step-by-step path); bits
 * 2..7 otherwise seed pseudo-random span lengths. The input is decoded
 * twice, in one span and in those spans, and the two event streams must be
 * identical: a digest of every event field, DATA boundaries included (the
 * decoder hands out DATA at points that do not depend on the chunking),
 * the output bytes, and the final status and fault. Every request must
 * name the next byte with 1 <= min_len <= TD_STAGE_SIZE, every DATA event
 * must be non-empty, lie inside the window and continue its frame's
 * output, and every error must have a reason and an offset inside the
 * input. The window is an exact-size allocation, so writing outside it
 * shows up under ASan. Any difference aborts.
 * Option bit 1 also decodes the input as a drmemtrace file in this
 * container (td_drmem_file_decoder: the container's output fed to the record
 * decoder, as the CLI reads a trace), in one span and in the same spans;
 * its events, error and error position must agree too.
 * The loop and the option byte are fuzz_driver.c's.
 */
#include "fuzz_driver.h"

static void mix_frame_header(fz_digest *g, const td_lz4_event *ev)
{
    fz_mix64(g, (uint64_t)ev->frame_header.independent_blocks |
                 (uint64_t)ev->frame_header.block_checksum << 1 |
                 (uint64_t)ev->frame_header.content_checksum << 2 |
                 (uint64_t)ev->frame_header.has_content_size << 3 |
                 (uint64_t)ev->frame_header.block_max << 8);
    fz_mix64(g, ev->frame_header.content_size);
}

/* Everything an event says. */
static void mix_event(fz_run *run, const fz_event *e)
{
    const td_lz4_event *ev = &e->lz4;
    fz_digest *g = &run->digest;
    fz_mix64(g, (uint64_t)ev->kind << 32 | ev->frame);
    fz_mix64(g, ev->offset);
    fz_mix64(g, ev->size);
    switch (ev->kind) {
    case TD_LZ4_EV_DATA:
        fz_mix64(g, ev->data.len);
        fz_mix_output(run, ev->data.data, ev->data.len, ev->data.pos,
                      ev->offset, TD_LZ4_WINDOW);
        break;
    case TD_LZ4_EV_FRAME:
        mix_frame_header(g, ev);
        run->produced = 0;
        break;
    case TD_LZ4_EV_SKIPPABLE:
        fz_mix64(g, (uint64_t)ev->skippable.magic << 32 | ev->skippable.bytes);
        break;
    default:
        break;
    }
}

static const fz_codec lz4 = {"lz4_fuzzer", FZ_LZ4, TD_LZ4_WINDOW,
                             TD_FORMAT_LZ4, true, mix_event};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return fz_check_codec(&lz4, data, size);
}
