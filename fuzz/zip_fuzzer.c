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
 * The loop and the option byte are fuzz_driver.c's.
 */
#include "fuzz_driver.h"

static bool inside(const uint8_t *p, size_t n, const uint8_t *base,
                   size_t size)
{
    return p != NULL && p >= base && p + n <= base + size;
}

static bool in_span(const fz_run *run, const uint8_t *p, size_t n)
{
    return inside(p, n, run->feeder.source[0].span,
                  run->feeder.source[0].span_len);
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

static void mix_fragment(fz_run *run, const td_zip_event *ev)
{
    fz_digest *g = &run->digest;
    if (ev->kind == TD_ZIP_EV_DATA) {
        if (ev->data.len == 0 ||
            (!inside(ev->data.data, ev->data.len, run->window,
                     TD_INFLATE_WINDOW) &&
             !in_span(run, ev->data.data, ev->data.len)))
            fz_fail("zip_fuzzer", "data outside the window and the span");
        if (ev->data.pos != run->produced)
            fz_fail("zip_fuzzer", "data does not continue the member");
        fz_mix(g, ev->data.data, ev->data.len);
        run->produced += ev->data.len;
        return;
    }
    if (ev->text.pos != run->named ||
        (ev->text.len > 0 && !in_span(run, ev->text.data, ev->text.len)))
        fz_fail("zip_fuzzer", "name fragment does not continue its name");
    fz_mix(g, ev->text.data, ev->text.len);
    run->named += ev->text.len;
    if (ev->flags & TD_LAST_FRAGMENT)
        fz_mix64(g, run->named);
}

/* Everything an event says, except where DATA and NAME events are cut. */
static void mix_event(fz_run *run, const fz_event *e)
{
    const td_zip_event *ev = &e->zip;
    fz_digest *g = &run->digest;
    if (ev->kind == TD_ZIP_EV_DATA || ev->kind == TD_ZIP_EV_NAME) {
        mix_fragment(run, ev);
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
        run->produced = 0;
        run->named = 0;
    }
}

static const fz_codec zip = {"zip_fuzzer", FZ_ZIP, TD_INFLATE_WINDOW,
                             TD_FORMAT_ZIP, false, mix_event};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return fz_check_codec(&zip, data, size);
}
