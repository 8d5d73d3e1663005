/*
 * zip_fuzzer.c - one harness for libFuzzer, AFL++ (through its libFuzzer
 * driver) and the replay driver that `make test` runs.
 *
 * Input: one option byte, then a zip archive. Option bits: 0 decode with
 * TD_ZIP_SEEKABLE, 2..7 seed the span lengths. The archive is decoded
 * twice, in one span and in spans of pseudo-random lengths, and the two
 * event streams must be identical (a digest of every record event's
 * fields, the name and output bytes in order, and the final status and
 * fault); every request must name the next byte (seekable: a byte of the
 * input), every DATA event must continue its member's output from the
 * window or the span, name fragments must continue their name, and every
 * error offset must lie inside the input. Any difference aborts.
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

typedef struct host {
    uint8_t *window;
    uint64_t produced;  /* output bytes of the current member */
    uint64_t named;     /* name bytes of the current member */
    fz_feeder feeder;   /* its span: where DATA and NAME may also point */
} host;

static bool inside(const uint8_t *p, size_t n, const uint8_t *base,
                   size_t size)
{
    return p != NULL && p >= base && p + n <= base + size;
}

static void mix_header(fz_digest *g, const td_zip_header *h)
{
    fz_mix64(g, (uint64_t)h->version_needed << 32 | (uint64_t)h->flags << 16 |
                 h->method);
    fz_mix64(g, (uint64_t)h->crc << 32 | (uint64_t)h->name_len << 1 | h->zip64);
    fz_mix64(g, h->compressed_size);
    fz_mix64(g, h->uncompressed_size);
    fz_mix64(g, h->local_offset);
}

static void mix_fragment(fz_digest *g, host *u, const td_zip_event *ev)
{
    if (ev->kind == TD_ZIP_EV_DATA) {
        if (ev->data.len == 0 ||
            (!inside(ev->data.data, ev->data.len, u->window,
                     TD_INFLATE_WINDOW) &&
             !inside(ev->data.data, ev->data.len, u->feeder.source[0].span,
                     u->feeder.source[0].span_len)))
            fz_fail("zip_fuzzer", "data outside the window and the span");
        if (ev->data.pos != u->produced)
            fz_fail("zip_fuzzer", "data does not continue the member");
        fz_mix(g, ev->data.data, ev->data.len);
        u->produced += ev->data.len;
        return;
    }
    if (ev->text.pos != u->named ||
        (ev->text.len > 0 &&
         !inside(ev->text.data, ev->text.len, u->feeder.source[0].span,
                 u->feeder.source[0].span_len)))
        fz_fail("zip_fuzzer", "name fragment does not continue its name");
    fz_mix(g, ev->text.data, ev->text.len);
    u->named += ev->text.len;
    if (ev->flags & TD_LAST_FRAGMENT)
        fz_mix64(g, u->named);
}

/* Everything an event says, except where DATA and NAME events are cut. */
static void mix_event(fz_digest *g, host *u, const td_zip_event *ev)
{
    if (ev->kind == TD_ZIP_EV_DATA || ev->kind == TD_ZIP_EV_NAME) {
        mix_fragment(g, u, ev);
        return;
    }
    fz_mix64(g, (uint64_t)ev->kind << 32 | ev->member);
    fz_mix64(g, ev->offset);
    fz_mix64(g, ev->size);
    if (ev->kind == TD_ZIP_EV_END) {
        fz_mix64(g, ev->end.entries);
        fz_mix64(g, ev->end.central_offset);
        fz_mix64(g, ev->end.central_size);
        fz_mix64(g, (uint64_t)ev->end.comment_len << 1 | ev->end.zip64);
        return;
    }
    mix_header(g, &ev->header);
    if (ev->kind == TD_ZIP_EV_MEMBER) {
        u->produced = 0;
        u->named = 0;
    }
}

/* Decode; seed 0: one span, else pseudo-random spans. */
static uint64_t decode(const uint8_t *data, size_t len, bool seekable,
                       uint64_t seed)
{
    host u = {malloc(TD_INFLATE_WINDOW), 0, 0, {0}};
    td_zip_config cfg = {sizeof cfg, seekable ? TD_ZIP_SEEKABLE : 0, u.window,
                         TD_INFLATE_WINDOW};
    td_zip_decoder d;
    td_zip_event ev;
    fz_digest g = fz_digest_start();
    int rc;
    fz_feeder_init(&u.feeder, "zip_fuzzer", data, len,
                   seed ? FZ_RANDOM_SPANS : FZ_ONE_SPAN, seed);
    u.feeder.seeking = seekable;
    td_zip_init(&d, &cfg);
    while ((rc = td_zip_next(&d, &ev)) != TD_END) {
        if (rc == TD_EVENT) {
            mix_event(&g, &u, &ev);
        } else if (rc == TD_NEED_INPUT) {
            size_t n;
            const uint8_t *span =
                fz_feeder_answer(&u.feeder, td_zip_request(&d), len, &n);
            td_zip_feed(&d, span, n);
        } else {
            fz_mix_fault(&g, &u.feeder, rc, td_zip_fault(&d));
            break;
        }
    }
    fz_feeder_free(&u.feeder);
    free(u.window);
    return g.h;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    uint8_t options;
    bool seekable;
    if (size == 0)
        return 0;
    options = data[0];
    seekable = (options & 1) != 0;
    if (decode(data + 1, size - 1, seekable, 0) !=
        decode(data + 1, size - 1, seekable, (uint64_t)(options >> 2) + 1))
        fz_fail("zip_fuzzer", "the event stream depends on the chunking");
    if (options & 2)
        fz_check_drmem_file("zip_fuzzer", TD_FORMAT_ZIP, seekable, data + 1,
                            size - 1, FZ_RANDOM_SPANS,
                            (uint64_t)(options >> 2) + 1);
    return 0;
}
