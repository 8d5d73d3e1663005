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
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_drmem.h"
#include "tracedec.h"

/* Everything an event says, except where DATA events are cut. */
static void mix_event(fz_digest *g, const td_gzip_event *ev,
                      const uint8_t *window, uint64_t *produced, size_t fed)
{
    if (ev->kind == TD_GZIP_EV_DATA) {
        if (ev->data.len == 0 || ev->data.data < window ||
            ev->data.data + ev->data.len > window + TD_INFLATE_WINDOW)
            fz_fail("gzip_fuzzer", "data outside the window");
        if (ev->data.pos != *produced || ev->offset >= fed)
            fz_fail("gzip_fuzzer", "data does not continue the member");
        fz_mix(g, ev->data.data, ev->data.len);
        *produced += ev->data.len;
        return;
    }
    fz_mix64(g, (uint64_t)ev->kind << 32 | ev->member);
    fz_mix64(g, ev->offset);
    fz_mix64(g, ev->size);
    if (ev->kind == TD_GZIP_EV_MEMBER) {
        fz_mix64(g, (uint64_t)ev->header.flags << 16 |
                     (uint64_t)ev->header.xfl << 8 | ev->header.os);
        fz_mix64(g, ev->header.mtime);
        *produced = 0;
    } else {
        fz_mix64(g, (uint64_t)ev->trailer.crc << 32 | ev->trailer.isize);
    }
}

/* Decode; seed 0: one span, else pseudo-random spans. */
static uint64_t decode(const uint8_t *data, size_t len, uint64_t seed)
{
    uint8_t *window = malloc(TD_INFLATE_WINDOW);
    td_gzip_config cfg = {sizeof cfg, 0, window, TD_INFLATE_WINDOW};
    td_gzip_decoder d;
    td_gzip_event ev;
    fz_digest g = fz_digest_start();
    fz_feeder f;
    uint64_t produced = 0;
    int rc;
    fz_feeder_init(&f, "gzip_fuzzer", data, len,
                   seed ? FZ_RANDOM_SPANS : FZ_ONE_SPAN, seed);
    td_gzip_init(&d, &cfg);
    while ((rc = td_gzip_next(&d, &ev)) != TD_END) {
        if (rc == TD_EVENT) {
            mix_event(&g, &ev, window, &produced, fz_feeder_fed(&f));
        } else if (rc == TD_NEED_INPUT) {
            size_t n;
            const uint8_t *span = fz_feeder_answer(&f, td_gzip_request(&d), len, &n);
            td_gzip_feed(&d, span, n);
        } else {
            fz_mix_fault(&g, &f, rc, td_gzip_fault(&d));
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
        fz_fail("gzip_fuzzer", "the event stream depends on the chunking");
    if (options & 2)
        fz_check_drmem_file("gzip_fuzzer", TD_FORMAT_GZIP, false, data + 1,
                            size - 1, FZ_RANDOM_SPANS,
                            (uint64_t)(options >> 2) + 1);
    return 0;
}
