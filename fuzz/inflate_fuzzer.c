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
 * aborts.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "tracedec.h"





static void check_data(const td_inflate_event *ev, const uint8_t *window,
                       uint64_t produced, size_t fed)
{
    if (ev->data.len == 0 || ev->data.data < window ||
        ev->data.data + ev->data.len > window + TD_INFLATE_WINDOW)
        fz_fail("inflate_fuzzer", "data outside the window");
    if (ev->data.pos != produced)
        fz_fail("inflate_fuzzer", "data does not continue the output");
    if (ev->offset >= fed)
        fz_fail("inflate_fuzzer", "data from a block not read yet");
}

/* Decode; seed 0: one span, else pseudo-random spans. */
static uint64_t decode(const uint8_t *data, size_t len, uint64_t seed)
{
    uint8_t *window = malloc(TD_INFLATE_WINDOW);
    td_inflate_config cfg = {sizeof cfg, 0, window, TD_INFLATE_WINDOW};
    td_inflate_decoder d;
    td_inflate_event ev;
    fz_digest g = fz_digest_start();
    fz_feeder f;
    uint64_t produced = 0;
    int rc;
    fz_feeder_init(&f, "inflate_fuzzer", data, len,
                   seed ? FZ_RANDOM_SPANS : FZ_ONE_SPAN, seed);
    td_inflate_init(&d, &cfg);
    while ((rc = td_inflate_next(&d, &ev)) != TD_END) {
        if (rc == TD_EVENT) {
            check_data(&ev, window, produced, fz_feeder_fed(&f));
            fz_mix(&g, ev.data.data, ev.data.len);
            produced += ev.data.len;
        } else if (rc == TD_NEED_INPUT) {
            size_t n;
            const uint8_t *span = fz_feeder_answer(&f, td_inflate_request(&d), len, &n);
            td_inflate_feed(&d, span, n);
        } else {
            fz_mix_fault(&g, &f, rc, td_inflate_fault(&d));
            break;
        }
    }
    fz_feeder_free(&f);
    free(window);
    return g.h;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    uint8_t options;
    if (size == 0)
        return 0;
    options = data[0];
    if (decode(data + 1, size - 1, 0) !=
        decode(data + 1, size - 1, (uint64_t)(options >> 2) + 1))
        fz_fail("inflate_fuzzer", "the result depends on the chunking");
    return 0;
}
