/*
 * gzip_fuzzer.c - one harness for libFuzzer, AFL++ (through its libFuzzer
 * driver) and the replay driver that `make test` runs.
 *
 * Input: one option byte, then a gzip file. Option bits 2..7 seed the
 * span lengths. The file is decoded twice, in one span and in spans of
 * pseudo-random lengths, and the two event streams must be identical (a
 * digest of every MEMBER and MEMBER_END field, the output bytes in order,
 * and the final status and fault); every request must name the next byte,
 * every DATA event must continue its member's output and point into the
 * window, and every error offset must lie inside the input. Any
 * difference aborts.
 * Option bit 1 also decodes the input as a drmemtrace file in this
 * container (td_drmem_file_decoder: the container's output fed to the record
 * decoder, as the CLI reads a trace), in one span and in the same spans;
 * its events, error and error position must agree too.
 * The loop and the option byte are fuzz_driver.c's.
 */
#include "fuzz_driver.h"

/* Everything an event says, except where DATA events are cut. */
static void mix_event(fz_run *run, const fz_event *e)
{
    const td_gzip_event *ev = &e->gzip;
    fz_digest *g = &run->digest;
    if (ev->kind == TD_GZIP_EV_DATA) {
        fz_mix_output(run, ev->data.data, ev->data.len, ev->data.pos,
                      ev->offset, TD_INFLATE_WINDOW);
        return;
    }
    fz_mix64(g, (uint64_t)ev->kind << 32 | ev->member);
    fz_mix64(g, ev->offset);
    fz_mix64(g, ev->size);
    if (ev->kind == TD_GZIP_EV_MEMBER) {
        fz_mix64(g, (uint64_t)ev->header.flags << 16 |
                     (uint64_t)ev->header.xfl << 8 | ev->header.os);
        fz_mix64(g, ev->header.mtime);
        run->produced = 0;
    } else {
        fz_mix64(g, (uint64_t)ev->trailer.crc << 32 | ev->trailer.isize);
    }
}

static const fz_codec gzip = {"gzip_fuzzer", FZ_GZIP, TD_INFLATE_WINDOW,
                              TD_FORMAT_GZIP, false, mix_event};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return fz_check_codec(&gzip, data, size);
}
