/*
 * fuzz_driver.c - the decode loop of every harness and the window codecs'
 * check (see fuzz_driver.h).
 *
 * The decoders differ only in their types, so the loop reaches them
 * through four switches on run->format (next, request, feed, fault), the
 * one place that names every decoder.
 */
#include "fuzz_driver.h"

#include <stdlib.h>
#include <string.h>

#include "fuzz_drmem.h"

void fz_run_start(fz_run *run, const char *harness, fz_format format,
                  const uint8_t *data, size_t len, fz_spans spans,
                  uint64_t seed, size_t window)
{
    memset(run, 0, sizeof *run);
    run->harness = harness;
    run->format = format;
    run->window = window > 0 ? malloc(window) : NULL;
    run->end = SIZE_MAX;
    run->digest = fz_digest_start();
    fz_feeder_init(&run->feeder, harness, data, len, spans, seed);
}

void fz_run_finish(fz_run *run)
{
    fz_feeder_free(&run->feeder);
    free(run->window);
    run->window = NULL;
}

uint64_t fz_run_end(fz_run *run)
{
    fz_run_finish(run);
    return run->digest.h;
}

static int next(fz_run *run, fz_event *ev)
{
    switch (run->format) {
    case FZ_XRAY:
        return td_xray_next(&run->d.xray, &ev->xray);
    case FZ_DRMEM:
        return run->tally != NULL
                   ? td_drmem_tally_next(&run->d.drmem, &ev->drmem, run->tally)
                   : td_drmem_next(&run->d.drmem, &ev->drmem);
    case FZ_DRMEM_FILE:
        return td_drmem_file_next(&run->d.drmem_file, &ev->drmem);
    case FZ_INFLATE:
        return td_inflate_next(&run->d.inflate, &ev->inflate);
    case FZ_GZIP:
        return td_gzip_next(&run->d.gzip, &ev->gzip);
    case FZ_ZIP:
        return td_zip_next(&run->d.zip, &ev->zip);
    case FZ_LZ4:
        return td_lz4_next(&run->d.lz4, &ev->lz4);
    case FZ_SNAPPY:
        return td_snappy_next(&run->d.snappy, &ev->snappy);
    case FZ_TAGSCAN:
        return td_tagscan_next(&run->d.tagscan, &ev->tagscan);
    case FZ_UMT:
        return td_umt_next(&run->d.umt, &ev->umt);
    case FZ_SQLITE:
        return td_sqlite_next(&run->d.sqlite, &ev->sqlite);
    case FZ_SQLITE_CURSOR:
        return td_sqlite_cursor_next(&run->cursor, &ev->sqlite);
    default:
        return td_rvn_next(&run->d.rvn, &ev->rvn);
    }
}

static const td_request *request(const fz_run *run)
{
    switch (run->format) {
    case FZ_XRAY:
        return td_xray_request(&run->d.xray);
    case FZ_DRMEM:
        return td_drmem_request(&run->d.drmem);
    case FZ_DRMEM_FILE:
        return td_drmem_file_request(&run->d.drmem_file);
    case FZ_INFLATE:
        return td_inflate_request(&run->d.inflate);
    case FZ_GZIP:
        return td_gzip_request(&run->d.gzip);
    case FZ_ZIP:
        return td_zip_request(&run->d.zip);
    case FZ_LZ4:
        return td_lz4_request(&run->d.lz4);
    case FZ_SNAPPY:
        return td_snappy_request(&run->d.snappy);
    case FZ_TAGSCAN:
        return td_tagscan_request(&run->d.tagscan);
    case FZ_UMT:
        return td_umt_request(&run->d.umt);
    case FZ_SQLITE:
    case FZ_SQLITE_CURSOR:
        return td_sqlite_request(&run->d.sqlite);
    default:
        return td_rvn_request(&run->d.rvn);
    }
}

static int feed(fz_run *run, const void *data, size_t len)
{
    switch (run->format) {
    case FZ_XRAY:
        return td_xray_feed(&run->d.xray, data, len);
    case FZ_DRMEM:
        return td_drmem_feed(&run->d.drmem, data, len);
    case FZ_DRMEM_FILE:
        return td_drmem_file_feed(&run->d.drmem_file, data, len);
    case FZ_INFLATE:
        return td_inflate_feed(&run->d.inflate, data, len);
    case FZ_GZIP:
        return td_gzip_feed(&run->d.gzip, data, len);
    case FZ_ZIP:
        return td_zip_feed(&run->d.zip, data, len);
    case FZ_LZ4:
        return td_lz4_feed(&run->d.lz4, data, len);
    case FZ_SNAPPY:
        return td_snappy_feed(&run->d.snappy, data, len);
    case FZ_TAGSCAN:
        return td_tagscan_feed(&run->d.tagscan, data, len);
    case FZ_UMT:
        return td_umt_feed(&run->d.umt, data, len);
    case FZ_SQLITE:
    case FZ_SQLITE_CURSOR:
        return td_sqlite_feed(&run->d.sqlite, data, len);
    default:
        return td_rvn_feed(&run->d.rvn, data, len);
    }
}

const td_fault *fz_run_fault(const fz_run *run)
{
    switch (run->format) {
    case FZ_XRAY:
        return td_xray_fault(&run->d.xray);
    case FZ_DRMEM:
        return td_drmem_fault(&run->d.drmem);
    case FZ_DRMEM_FILE:
        return td_drmem_file_fault(&run->d.drmem_file);
    case FZ_INFLATE:
        return td_inflate_fault(&run->d.inflate);
    case FZ_GZIP:
        return td_gzip_fault(&run->d.gzip);
    case FZ_ZIP:
        return td_zip_fault(&run->d.zip);
    case FZ_LZ4:
        return td_lz4_fault(&run->d.lz4);
    case FZ_SNAPPY:
        return td_snappy_fault(&run->d.snappy);
    case FZ_TAGSCAN:
        return td_tagscan_fault(&run->d.tagscan);
    case FZ_UMT:
        return td_umt_fault(&run->d.umt);
    case FZ_SQLITE:
    case FZ_SQLITE_CURSOR:
        return td_sqlite_fault(&run->d.sqlite);
    default:
        return td_rvn_fault(&run->d.rvn);
    }
}

void fz_mix_output(fz_run *run, const uint8_t *data, size_t len,
                   uint64_t pos, uint64_t offset, size_t window)
{
    if (len == 0 || data < run->window || data + len > run->window + window)
        fz_fail(run->harness, "data outside the window");
    if (pos != run->produced)
        fz_fail(run->harness, "data does not continue the output");
    if (offset >= fz_feeder_fed(&run->feeder))
        fz_fail(run->harness, "data from a block not read yet");
    fz_mix(&run->digest, data, len);
    run->produced += len;
}

static void answer(fz_run *run)
{
    const uint8_t *span;
    size_t n;
    if (run->before_answer != NULL)
        run->before_answer(run);
    span = fz_feeder_answer(&run->feeder, request(run), run->end, &n);
    feed(run, span, n);
}

int fz_run_decode(fz_run *run)
{
    fz_event ev;
    int rc;
    memset(&ev, 0, sizeof ev);
    while ((rc = next(run, &ev)) != TD_END) {
        if (rc == TD_EVENT) {
            run->event(run, &ev);
        } else if (rc == TD_NEED_INPUT) {
            answer(run);
        } else {
            if (run->fault != NULL)
                run->fault(run, rc);
            else
                fz_mix_fault(&run->digest, &run->feeder, rc,
                             fz_run_fault(run));
            break;
        }
    }
    return rc;
}

/* ---- The window codecs ------------------------------------------------ */

static void init_codec(fz_run *run, bool seekable)
{
    switch (run->format) {
    case FZ_INFLATE: {
        td_inflate_config cfg = {sizeof cfg, 0, run->window,
                                 TD_INFLATE_WINDOW};
        td_inflate_init(&run->d.inflate, &cfg);
        break;
    }
    case FZ_GZIP: {
        td_gzip_config cfg = {sizeof cfg, 0, run->window, TD_INFLATE_WINDOW};
        td_gzip_init(&run->d.gzip, &cfg);
        break;
    }
    case FZ_ZIP: {
        td_zip_config cfg = {sizeof cfg, seekable ? TD_ZIP_SEEKABLE : 0,
                             run->window, TD_INFLATE_WINDOW};
        td_zip_init(&run->d.zip, &cfg);
        run->feeder.seeking = seekable;
        break;
    }
    case FZ_LZ4: {
        td_lz4_config cfg = {sizeof cfg, 0, run->window, TD_LZ4_WINDOW};
        td_lz4_init(&run->d.lz4, &cfg);
        break;
    }
    default: {
        td_snappy_config cfg = {sizeof cfg, 0, run->window,
                                TD_SNAPPY_WINDOW};
        td_snappy_init(&run->d.snappy, &cfg);
        break;
    }
    }
}

static uint64_t decode_codec(const fz_codec *codec, const uint8_t *data,
                             size_t len, bool seekable, fz_spans spans,
                             uint64_t seed)
{
    fz_run run;
    fz_run_start(&run, codec->harness, codec->format, data, len, spans,
                 seed, codec->window);
    init_codec(&run, seekable);
    run.event = codec->event;
    fz_run_decode(&run);
    return fz_run_end(&run);
}

int fz_check_codec(const fz_codec *codec, const uint8_t *data, size_t size)
{
    uint8_t options;
    bool seekable;
    fz_spans spans;
    uint64_t seed;
    if (size == 0)
        return 0;
    options = data[0];
    seekable = codec->format == FZ_ZIP && (options & 1) != 0;
    spans = codec->byte_spans && (options & 1) ? FZ_BYTE_SPANS
                                               : FZ_RANDOM_SPANS;
    seed = (uint64_t)(options >> 2) + 1;
    if (decode_codec(codec, data + 1, size - 1, seekable, FZ_ONE_SPAN, 0) !=
        decode_codec(codec, data + 1, size - 1, seekable, spans, seed))
        fz_fail(codec->harness, "the event stream depends on the chunking");
    if ((options & 2) && codec->container != 0)
        fz_check_drmem_file(codec->harness, codec->container, seekable,
                            data + 1, size - 1, spans, seed);
    return 0;
}
