/*
 * driver.h - the one decoding loop of the CLI: it calls a decoder's
 * next(), answers its requests from a host, hands each event to the
 * command's consumer, and prints the warnings (when asked) and the error
 * with report.h's printer. It is the only code in ports that calls a
 * decoder's request() and feed(): every command of every format runs
 * through it (an XRay file, each drmemtrace shard, each pass of a UMT
 * command, a REVEN trace, each SQLite b-tree scan).
 */
#ifndef TRACEDEC_DRIVER_H
#define TRACEDEC_DRIVER_H

#include "report.h"

/* A decoder as the driver calls it: its functions adapted to untyped
 * pointers (each format adapts its own). */
typedef struct driver_ops {
    int (*next)(void *decoder, void *event);
    const td_request *(*request)(const void *decoder);
    int (*feed)(void *decoder, const void *data, size_t len);
    /* The sticky error, and where it lies. */
    void (*fault)(const void *decoder, cli_fault *f);
    /* True when the event is a warning: its code and place in *w. */
    bool (*warning)(const void *event, cli_fault *w);
} driver_ops;

/* What a consumer returns to stop with the input valid so far: the
 * command has what it wanted. */
#define DRIVER_STOP (-1)

/* A command's consumer of events: returns 0 to go on, DRIVER_STOP, or an
 * exit status to stop with (having said why). */
typedef int (*driver_consumer)(void *ctx, const void *event);

typedef struct driver {
    const driver_ops *ops;
    void *decoder;
    void *event;          /* where next() puts an event */
    host *input;
    const cli *cli;
    const char *path;     /* what error lines name */
    bool warnings;        /* print warning events */
    int quiet_error;      /* an error the command handles itself: not
                             printed (0: none) */
    void (*flush)(void *ctx); /* writes what the consumer holds back of
                             standard output (whole lines it gathers to
                             write them in large pieces), before a line
                             goes to standard error; or NULL */
    int error;            /* after driver_run(): the decoder's error, or 0 */
} driver;

/* A driver of `decoder` through `ops` on `input`, the rest zero. */
void driver_init(driver *d, const cli *c, const driver_ops *ops,
                 void *decoder, void *event, host *input, const char *path);

/* Decode until the input ends, the decoder fails or the consumer stops.
 * Returns an exit status: EXIT_VALID at the end or at DRIVER_STOP,
 * EXIT_INVALID for the decoder's error (printed unless quiet_error),
 * EXIT_USAGE for an I/O error (printed), or the consumer's status. */
int driver_run(driver *d, driver_consumer consume, void *ctx);

#endif /* TRACEDEC_DRIVER_H */
