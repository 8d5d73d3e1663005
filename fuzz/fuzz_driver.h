/*
 * fuzz_driver.h - the one decode loop of every harness, and the check the
 * container harnesses share.
 *
 * A harness fills an fz_run: which decoder (fz_format) it initialised in
 * run.d, the feeder that answers its requests (fuzz_common.h), and what to
 * do with each event (and, where the common check does not fit, with the
 * error and before each answer). fz_run_decode() then pulls the decoder to
 * its end: events go to the harness, requests are answered by the feeder
 * with spans that end at run.end at the latest, and the error, checked and
 * mixed into run.digest, ends the loop. Whatever the format, the loop is
 * this one, so each *_fuzzer.c holds only what is particular to its
 * format: its configuration, its options, and the digest of its events.
 */
#ifndef TRACEDEC_FUZZ_DRIVER_H
#define TRACEDEC_FUZZ_DRIVER_H

#include "fuzz_common.h"

/* The decoders a run may drive (which member of fz_run.d is in use). */
typedef enum fz_format {
    FZ_XRAY,
    FZ_DRMEM,
    FZ_DRMEM_FILE,
    FZ_INFLATE,
    FZ_GZIP,
    FZ_ZIP,
    FZ_LZ4,
    FZ_SNAPPY,
    FZ_TAGSCAN,
    FZ_UMT,
    FZ_SQLITE,        /* the database's own events */
    FZ_SQLITE_CURSOR, /* fz_run.cursor, a scan of one of its b-trees */
    FZ_RVN
} fz_format;

/* An event of any of them. */
typedef union fz_event {
    td_xray_event xray;
    td_drmem_event drmem;
    td_inflate_event inflate;
    td_gzip_event gzip;
    td_zip_event zip;
    td_lz4_event lz4;
    td_snappy_event snappy;
    td_tagscan_event tagscan;
    td_umt_event umt;
    td_sqlite_event sqlite;
    td_rvn_event rvn;
} fz_event;

typedef struct fz_run fz_run;

struct fz_run {
    const char *harness;
    fz_format format;
    union {
        td_xray_decoder xray;
        td_drmem_decoder drmem;
        td_drmem_file_decoder drmem_file;
        td_inflate_decoder inflate;
        td_gzip_decoder gzip;
        td_zip_decoder zip;
        td_lz4_decoder lz4;
        td_snappy_decoder snappy;
        td_tagscan_decoder tagscan;
        td_umt_decoder umt;
        td_sqlite_decoder sqlite;
        td_rvn_decoder rvn;
    } d;
    td_sqlite_cursor cursor; /* FZ_SQLITE_CURSOR: a cursor on d.sqlite */
    td_drmem_tally *tally;   /* FZ_DRMEM: pulled with td_drmem_tally_next */
    uint8_t *window;         /* fz_run_start's exact-size allocation */
    fz_feeder feeder;
    size_t end;              /* answers end here at the latest */
    fz_digest digest;
    uint64_t produced;       /* output so far, as the harness counts it */
    uint64_t named;          /* likewise for names */
    void *context;           /* the harness's own */
    /* Each event (required). */
    void (*event)(fz_run *run, const fz_event *ev);
    /* The error that ends the loop; NULL: fz_mix_fault into run.digest. */
    void (*fault)(fz_run *run, int rc);
    /* Before each answer (NULL: nothing): may tell the decoder things,
     * move run.end. */
    void (*before_answer)(fz_run *run);
};

/* A run of `format` over one source of `len` bytes cut into `spans` drawn
 * from `seed` (see fz_feeder), with `window` bytes of memory in
 * run->window (0: none). The harness then initialises run->d and sets
 * run->event. */
void fz_run_start(fz_run *run, const char *harness, fz_format format,
                  const uint8_t *data, size_t len, fz_spans spans,
                  uint64_t seed, size_t window);

/* Pull the decoder to its end. Returns TD_END or the error. */
int fz_run_decode(fz_run *run);

/* Free what fz_run_start allocated and the feeder's spans. */
void fz_run_finish(fz_run *run);

/* fz_run_finish, then the digest's value. */
uint64_t fz_run_end(fz_run *run);

/* The fault of the decoder the run drives. */
const td_fault *fz_run_fault(const fz_run *run);

/* A DATA event of a window codec: its bytes must be there (len > 0),
 * inside run->window (`window` bytes), at run->produced in the output,
 * and made by a block that was fed (offset). They go into the digest,
 * and run->produced grows. */
void fz_mix_output(fz_run *run, const uint8_t *data, size_t len,
                   uint64_t pos, uint64_t offset, size_t window);

/* What a window codec harness says about its format. */
typedef struct fz_codec {
    const char *harness;
    fz_format format;
    size_t window;     /* TD_FMT_WINDOW */
    int container;     /* TD_FORMAT_*: what fz_check_drmem_file reads */
    bool byte_spans;   /* option bit 0 asks for one-byte spans (zip's
                          bit 0 is TD_ZIP_SEEKABLE instead) */
    void (*event)(fz_run *run, const fz_event *ev);
} fz_codec;

/*
 * The check of the window codec harnesses (inflate, gzip, zip, LZ4,
 * snappy). Input: one option byte, then the stream. Bits 2..7 seed
 * pseudo-random span lengths; bit 0 makes the spans one byte long
 * (byte_spans) or, for zip, decodes with TD_ZIP_SEEKABLE; bit 1 also
 * decodes the input as a drmemtrace file in this container
 * (fz_check_drmem_file), in one span and in the same spans. The stream is
 * decoded in one span and in those spans, and the digests must agree; any
 * difference aborts. Returns 0, as LLVMFuzzerTestOneInput does.
 */
int fz_check_codec(const fz_codec *codec, const uint8_t *data, size_t size);

#endif /* TRACEDEC_FUZZ_DRIVER_H */
