/*
 * driver.h - the one decoding loop of the CLI: it calls a decoder's
 * next(), answers its requests from a host, hands each event to the
 * command's consumer, and prints the warnings (when asked) and the error
 * with report.h's printer. It is the only code in ports that asks a
 * decoder for its request and feeds it (through decoder.h): every command
 * of every format runs through it (an XRay file, each drmemtrace shard,
 * each pass of a UMT command, a REVEN trace, each SQLite b-tree scan).
 */
#ifndef TRACEDEC_DRIVER_H
#define TRACEDEC_DRIVER_H

#include "decoder.h"

/* What a consumer returns, besides 0 to go on and an exit status to stop
 * with (having said why): -1 when out of memory (the convention of the
 * helpers it calls: the driver says so and stops with EXIT_USAGE), or
 * DRIVER_STOP to stop with the input valid so far (the command has what
 * it wanted). */
enum { DRIVER_OUT_OF_MEMORY = -1, DRIVER_STOP = -2 };

/* A command's consumer of events. */
typedef int (*driver_consumer)(void *ctx, const void *event);

typedef struct driver {
    decoder dec;
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
    void (*abandon)(void *ctx); /* when the run fails with an error the
                             driver prints (the input's, an I/O error,
                             memory): closes what the consumer has open
                             on standard output (a JSON document stays
                             whole), before the error line; or NULL */
    int error;            /* after driver_run(): the decoder's error, or 0 */
} driver;

/* A driver of `dec` on `input`, the rest zero. */
void driver_init(driver *d, const cli *c, decoder dec, void *event,
                 host *input, const char *path);

/* Decode until the input ends, the decoder fails, the consumer stops or
 * standard output fails (a full disk, a closed pipe: decoding stops at
 * the first failed write). Returns an exit status: EXIT_VALID at the end
 * or at DRIVER_STOP, EXIT_INVALID for the decoder's error (printed unless
 * quiet_error), EXIT_USAGE for an I/O error or the consumer running out
 * of memory (printed) or a failed write (which main() reports), or the
 * consumer's status. */
int driver_run(driver *d, driver_consumer consume, void *ctx);

#endif /* TRACEDEC_DRIVER_H */
