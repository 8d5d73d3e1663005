/*
 * driver.c - see driver.h.
 */
#include "driver.h"

#include <stdio.h>
#include <string.h>

void driver_init(driver *d, const cli *c, decoder dec, void *event,
                 host *input, const char *path)
{
    memset(d, 0, sizeof *d);
    d->dec = dec;
    d->event = event;
    d->input = input;
    d->cli = c;
    d->path = path;
}

/* Before a line to standard error: what the consumer holds back. */
static void flush(const driver *d, void *ctx)
{
    if (d->flush != NULL)
        d->flush(ctx);
}

/* A read that failed, reported: a damaged container around the input
 * (EXIT_INVALID, its offset in the file) or an I/O error (EXIT_USAGE). */
static int read_failed(const driver *d)
{
    const td_fault *damage = host_damage(d->input);
    cli_fault f;
    if (damage == NULL) {
        report_path_problem(d->cli, d->path, d->input->error);
        return EXIT_USAGE;
    }
    cli_fault_from(&f, damage);
    snprintf(f.detail, sizeof f.detail, " (in %s)",
             td_format_name(host_container(d->input)));
    report_error(d->cli, d->path, &f);
    return EXIT_INVALID;
}

/* Before the error line of a failed run: what the consumer holds back,
 * then what it has open closed. */
static void give_up(const driver *d, void *ctx)
{
    flush(d, ctx);
    if (d->abandon != NULL)
        d->abandon(ctx);
}

/* Answer the decoder's request. Returns 0, or an exit status after
 * printing why the read failed. */
static int answer(driver *d, void *ctx)
{
    const td_request *rq = decoder_request(&d->dec);
    const uint8_t *data;
    size_t len;
    if (host_read(d->input, rq, &data, &len) != 0) {
        give_up(d, ctx);
        return read_failed(d);
    }
    progress_update(d->cli->progress, rq->offset + len,
                    host_size(d->input, rq->source));
    decoder_feed(&d->dec, data, len);
    return 0;
}

/* The decoder's error `code`, printed unless the command handles it.
 * Returns EXIT_INVALID. */
static int fail(driver *d, void *ctx, int code)
{
    cli_fault f;
    d->error = code;
    if (code != d->quiet_error) {
        decoder_fault(&d->dec, &f);
        if (host_container(d->input) != TD_FORMAT_UNKNOWN)
            snprintf(f.detail, sizeof f.detail, " (offset in the data "
                     "decompressed from %s)",
                     td_format_name(host_container(d->input)));
        give_up(d, ctx);
        report_error(d->cli, d->path, &f);
    }
    return EXIT_INVALID;
}

/* The event, when it is a warning, printed. */
static void warn(driver *d, void *ctx)
{
    cli_fault w;
    if (!decoder_warning(&d->dec, d->event, &w))
        return;
    flush(d, ctx);
    report_warning(d->cli, d->path, &w);
}

/* What the consumer's return means for the run. */
static int stopped(const driver *d, void *ctx, int rc)
{
    if (rc == DRIVER_STOP)
        return EXIT_VALID;
    if (rc == DRIVER_OUT_OF_MEMORY) {
        give_up(d, ctx);
        report_problem(d->cli, "out of memory");
        return EXIT_USAGE;
    }
    return rc;
}

int driver_run(driver *d, driver_consumer consume, void *ctx)
{
    /* What each turn needs, in locals the calls cannot change. */
    decoder dec = d->dec;
    void *event = d->event;
    bool warnings = d->warnings;
    const out *output = d->cli->out;
    int rc;
    d->error = 0;
    for (;;) {
        rc = decoder_next(&dec, event);
        if (rc == TD_EVENT) {
            if (warnings)
                warn(d, ctx);
            rc = consume(ctx, event);
            if (rc != 0)
                return stopped(d, ctx, rc);
            if (output->error != 0)
                return EXIT_USAGE; /* main() says why */
        } else if (rc == TD_NEED_INPUT) {
            rc = answer(d, ctx);
            if (rc != 0)
                return rc;
        } else if (rc == TD_END) {
            return EXIT_VALID;
        } else {
            return fail(d, ctx, rc);
        }
    }
}
