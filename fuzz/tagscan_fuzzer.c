/*
 * tagscan_fuzzer.c - the tolerant XML tag scanner under libFuzzer, AFL++
 * and the replay driver.
 *
 * Input: one option byte (the seed of the span lengths), then the text.
 * It is scanned in one span and in pseudo-random spans; the two digests
 * (every START and END with its path, offset and size; the text bytes as
 * one stream) and outcomes must be identical, requests must name the next
 * byte, and an error has a reason and an offset inside the input. The
 * loop is fuzz_driver.c's.
 */
#include "fuzz_driver.h"

/* Text goes to its own digest (run->context), mixed in at each tag. */
static void mix_event(fz_run *run, const fz_event *e)
{
    const td_tagscan_event *ev = &e->tagscan;
    fz_digest *text = run->context;
    if (ev->kind == TD_TAGSCAN_EV_TEXT) {
        fz_mix(text, ev->text, ev->text_len);
        return;
    }
    fz_mix64(&run->digest, (uint64_t)ev->kind << 32 | ev->depth);
    fz_mix64(&run->digest, ev->offset ^ ev->size << 32);
    fz_mix64(&run->digest, text->h);
    fz_mix(&run->digest, ev->path, ev->path_len);
}

/* seed 0: one span. */
static uint64_t scan(const uint8_t *data, size_t len, uint64_t seed)
{
    fz_digest text = fz_digest_start();
    fz_run run;
    fz_run_start(&run, "tagscan_fuzzer", FZ_TAGSCAN, data, len,
                 seed ? FZ_RANDOM_SPANS : FZ_ONE_SPAN, seed, 0);
    td_tagscan_init(&run.d.tagscan, NULL);
    run.event = mix_event;
    run.context = &text;
    fz_run_decode(&run);
    fz_mix64(&run.digest, text.h);
    return fz_run_end(&run);
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
