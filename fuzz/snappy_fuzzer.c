/*
 * snappy_fuzzer.c - one harness for libFuzzer, AFL++ (through its libFuzzer
 * driver) and the replay driver that `make test` runs.
 *
 * Input: one option byte, then a snappy framed stream. Option bit 0 feeds
 * the second decode one byte at a time (every step-by-step path); bits
 * 2..7 otherwise seed pseudo-random span lengths. The input is decoded
 * twice, in one span and in those spans, and the two event streams must be
 * identical: a digest of every event field (one DATA event per data
 * chunk), the output bytes, and the final status and fault. Every request
 * must name the next byte with 1 <= min_len <= TD_STAGE_SIZE, every DATA
 * event must start the window, hold at most 64 KiB and continue the
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

/* Everything an event says. */
static void mix_event(fz_run *run, const fz_event *e)
{
    const td_snappy_event *ev = &e->snappy;
    fz_digest *g = &run->digest;
    fz_mix64(g, (uint64_t)ev->kind << 32 | ev->chunk_type);
    fz_mix64(g, ev->offset);
    fz_mix64(g, ev->size);
    if (ev->offset + ev->size > fz_feeder_fed(&run->feeder))
        fz_fail("snappy_fuzzer", "event beyond the input fed");
    if (ev->kind != TD_SNAPPY_EV_DATA)
        return;
    if (ev->data.data != run->window || ev->data.len > TD_SNAPPY_WINDOW)
        fz_fail("snappy_fuzzer", "data outside the window");
    if (ev->data.pos != run->produced)
        fz_fail("snappy_fuzzer", "data does not continue the output");
    fz_mix64(g, ev->data.len);
    fz_mix(g, ev->data.data, ev->data.len);
    run->produced += ev->data.len;
}

static const fz_codec snappy = {"snappy_fuzzer", FZ_SNAPPY, TD_SNAPPY_WINDOW,
                                TD_FORMAT_SNAPPY, true, mix_event};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return fz_check_codec(&snappy, data, size);
}
