/*
 * driver.c - see driver.h.
 */
#include "driver.h"

#include <string.h>

void driver_init(driver *d, const cli *c, const driver_ops *ops,
                 void *decoder, void *event, host *input, const char *path)
{
    memset(d, 0, sizeof *d);
    d->ops = ops;
    d->decoder = decoder;
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

/* Answer the decoder's request. Returns 0, or EXIT_USAGE after printing
 * the I/O error. */
static int answer(driver *d, void *ctx)
{
    const uint8_t *data;
    size_t len;
    if (host_read(d->input, d->ops->request(d->decoder), &data, &len) != 0) {
        flush(d, ctx);
        report_path_problem(d->cli, d->path, d->input->error);
        return EXIT_USAGE;
    }
    d->ops->feed(d->decoder, data, len);
    return 0;
}

static int fail(driver *d, void *ctx, int code)
{
    cli_fault f;
    d->error = code;
    if (code != d->quiet_error) {
        d->ops->fault(d->decoder, &f);
        flush(d, ctx);
        report_error(d->cli, d->path, &f);
    }
    return EXIT_INVALID;
}

static void warn(driver *d, void *ctx)
{
    cli_fault w;
    if (!d->ops->warning(d->event, &w))
        return;
    flush(d, ctx);
    report_warning(d->cli, d->path, &w);
}

int driver_run(driver *d, driver_consumer consume, void *ctx)
{
    /* What each turn needs, in locals the calls cannot change. */
    int (*next)(void *, void *) = d->ops->next;
    void *decoder = d->decoder, *event = d->event;
    bool warnings = d->warnings;
    int rc;
    d->error = 0;
    for (;;) {
        rc = next(decoder, event);
        if (rc == TD_EVENT) {
            if (warnings)
                warn(d, ctx);
            rc = consume(ctx, event);
            if (rc != 0)
                return rc == DRIVER_STOP ? EXIT_VALID : rc;
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
