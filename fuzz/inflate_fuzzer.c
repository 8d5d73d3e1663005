/*
 * inflate_fuzzer.c - one harness for libFuzzer, AFL++ (through its
 * libFuzzer driver) and the replay driver that `make test` runs.
 *
 * Input: one option byte, then a raw deflate stream. Option bits 2..7 seed
 * the span lengths. The stream is decoded twice, in one span and in spans
 * of pseudo-random lengths, and the two results must be identical (a
 * digest of the output bytes in order and the final status and fault);
 * every request must name the next byte, every DATA event must continue
 * the output where the previous one stopped and point into the window,
 * and every error offset must lie inside the input. Any difference
 * aborts. The loop and the option byte are fuzz_driver.c's.
 */
#include "fuzz_driver.h"

static void mix_event(fz_run *run, const fz_event *e)
{
    const td_inflate_event *ev = &e->inflate;
    fz_mix_output(run, ev->data.data, ev->data.len, ev->data.pos, ev->offset,
                  TD_INFLATE_WINDOW);
}

static const fz_codec inflate = {"inflate_fuzzer", FZ_INFLATE,
                                 TD_INFLATE_WINDOW, 0, false, mix_event};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return fz_check_codec(&inflate, data, size);
}
