/*
 * tagscan_fuzzer.c - the tolerant XML tag scanner under libFuzzer, AFL++
 * and the replay driver.
 *
 * Input: one option byte (the seed of the span lengths), then the text.
 * It is scanned in one span and in pseudo-random spans; the two digests
 * (every START and END with its path, offset and size; the text bytes as
 * one stream) and outcomes must be identical, requests must name the next
 * byte, and an error has a reason and an offset inside the input.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "tracedec.h"

/* seed 0: one span. */
static uint64_t scan(const uint8_t *data, size_t len, uint64_t seed)
{
    td_tagscan_decoder s;
    td_tagscan_event ev;
    fz_digest h = fz_digest_start(), text = fz_digest_start();
    fz_feeder f;
    int rc;
    fz_feeder_init(&f, "tagscan_fuzzer", data, len,
                   seed ? FZ_RANDOM_SPANS : FZ_ONE_SPAN, seed);
    td_tagscan_init(&s, NULL);
    while ((rc = td_tagscan_next(&s, &ev)) != TD_END) {
        if (rc == TD_EVENT && ev.kind == TD_TAGSCAN_EV_TEXT) {
            fz_mix(&text, ev.text, ev.text_len);
        } else if (rc == TD_EVENT) {
            fz_mix64(&h, (uint64_t)ev.kind << 32 | ev.depth);
            fz_mix64(&h, ev.offset ^ ev.size << 32);
            fz_mix64(&h, text.h);
            fz_mix(&h, ev.path, ev.path_len);
        } else if (rc == TD_NEED_INPUT) {
            size_t n;
            const uint8_t *span =
                fz_feeder_answer(&f, td_tagscan_request(&s), len, &n);
            td_tagscan_feed(&s, span, n);
        } else {
            fz_mix_fault(&h, &f, rc, td_tagscan_fault(&s));
            break;
        }
    }
    fz_mix64(&h, text.h);
    fz_feeder_free(&f);
    return h.h;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    if (scan(data + 1, size - 1, 0) !=
        scan(data + 1, size - 1, (uint64_t)data[0] + 1))
        fz_fail("tagscan_fuzzer", "the events depend on the chunking");
    return 0;
}
