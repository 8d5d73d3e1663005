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
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_drmem.h"
#include "tracedec.h"

/* Everything an event says. */
static void mix_event(fz_digest *g, const td_snappy_event *ev,
                      const uint8_t *window, uint64_t *produced, size_t fed)
{
    fz_mix64(g, (uint64_t)ev->kind << 32 | ev->chunk_type);
    fz_mix64(g, ev->offset);
    fz_mix64(g, ev->size);
    if (ev->offset + ev->size > fed)
        fz_fail("snappy_fuzzer", "event beyond the input fed");
    if (ev->kind != TD_SNAPPY_EV_DATA)
        return;
    if (ev->data.data != window || ev->data.len > TD_SNAPPY_WINDOW)
        fz_fail("snappy_fuzzer", "data outside the window");
    if (ev->data.pos != *produced)
        fz_fail("snappy_fuzzer", "data does not continue the output");
    fz_mix64(g, ev->data.len);
    fz_mix(g, ev->data.data, ev->data.len);
    *produced += ev->data.len;
}

/* Decode; see fz_feeder for how spans are cut. */
static uint64_t decode(const uint8_t *data, size_t len, fz_spans spans,
                       uint64_t seed)
{
    uint8_t *window = malloc(TD_SNAPPY_WINDOW);
    td_snappy_config cfg = {sizeof cfg, 0, window, TD_SNAPPY_WINDOW};
    uint64_t produced = 0;
    td_snappy_decoder d;
    td_snappy_event ev;
    fz_digest g = fz_digest_start();
    fz_feeder f;
    int rc;
    fz_feeder_init(&f, "snappy_fuzzer", data, len, spans, seed);
    td_snappy_init(&d, &cfg);
    while ((rc = td_snappy_next(&d, &ev)) != TD_END) {
        if (rc == TD_EVENT) {
            mix_event(&g, &ev, window, &produced, fz_feeder_fed(&f));
        } else if (rc == TD_NEED_INPUT) {
            size_t n;
            const uint8_t *span = fz_feeder_answer(&f, td_snappy_request(&d), len, &n);
            td_snappy_feed(&d, span, n);
        } else {
            fz_mix_fault(&g, &f, rc, td_snappy_fault(&d));
            break;
        }
    }
    fz_feeder_free(&f);
    free(window);
    return g.h;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_spans spans;
    if (size == 0)
        return 0;
    spans = (data[0] & 1) ? FZ_BYTE_SPANS : FZ_RANDOM_SPANS;
    if (decode(data + 1, size - 1, FZ_ONE_SPAN, 0) !=
        decode(data + 1, size - 1, spans, (uint64_t)(data[0] >> 2) + 1))
        fz_fail("snappy_fuzzer", "the event stream depends on the chunking");
    if (data[0] & 2)
        fz_check_drmem_file("snappy_fuzzer", TD_FORMAT_SNAPPY, false, data + 1, size - 1,
                            spans, (uint64_t)(data[0] >> 2) + 1);
    return 0;
}
