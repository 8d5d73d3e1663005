/*
 * options.h - the command line's options: their defaults, taking one from
 * the arguments, and the checks once all are taken. Every command accepts
 * every option; each reads those it needs.
 */
#ifndef TRACEDEC_OPTIONS_H
#define TRACEDEC_OPTIONS_H

#include "cli.h"

/* The defaults: no command, no path, HOST_AUTO, native style. */
void options_init(cli_options *o);

/* Take the option `arg`; `next` is the argument after it, or NULL.
 * Returns 0, 1 when it took `next` too, or -1 for an option tracedec
 * does not know (or one missing its argument). */
int options_take(cli_options *o, const char *arg, const char *next);

/* Once all are taken: NULL, or what is wrong with them. */
const char *options_check(const cli_options *o);

#endif /* TRACEDEC_OPTIONS_H */
