/*
 * options.h - the command line's options read against their tables
 * (main.c holds the tables, which are also the usage text): their
 * defaults, taking one from the arguments, and the checks once all are
 * taken, against the command and against the kind of input.
 */
#ifndef TRACEDEC_OPTIONS_H
#define TRACEDEC_OPTIONS_H

#include <stddef.h>

#include "cli.h"

/* An option's row. */
typedef struct option_entry {
    unsigned option;     /* enum cli_option */
    const char *name;    /* "--style" */
    const char *alias;   /* "-f", or NULL */
    const char *value;   /* what it takes, as the help shows it ("NAME"),
                            or NULL for a flag */
    unsigned families;   /* the inputs it applies to (enum cli_family) */
    const char *help;    /* what it does (a line after the first
                            continues under it) */
} option_entry;

/* A value an option takes, and the inputs it applies to. An option with
 * rows here takes only these values; one with none takes any. */
typedef struct option_value {
    unsigned option;
    const char *value;
    unsigned families;
} option_value;

typedef struct cli_grammar {
    const option_entry *options;
    size_t option_count;
    const option_value *values;
    size_t value_count;
} cli_grammar;

/* The size of the text of a problem with the options. */
#define OPTION_PROBLEM_SIZE 512

/* The defaults: no command, no path, HOST_AUTO, native style. */
void options_init(cli_options *o);

/* Take the option argv[*at] ("--name", "--name=VALUE", "--name VALUE",
 * "-x VALUE", "-xVALUE", "-x=VALUE"), moving *at past a value that is the
 * next argument. Returns NULL, or what is wrong, written into `problem`
 * (OPTION_PROBLEM_SIZE bytes): an unknown option or value, a missing
 * value. */
const char *options_take(cli_options *o, const cli_grammar *g, int argc,
                         char **argv, int *at, char *problem);

/* The row of the first option given that is not in `taken` (a command's
 * options), or NULL. */
const option_entry *options_stray(const cli_options *o, const cli_grammar *g,
                                  unsigned taken);

/* The option (or option=value) as the command line gave it, for
 * messages: "--json", "--style=llvm". Returns `text`
 * (OPTION_PROBLEM_SIZE bytes). */
const char *options_spelled(const cli_options *o, const option_entry *e,
                            char *text);

/* Whether the options given apply to an input of `family` (one of enum
 * cli_family) at `path`. Returns NULL, or what is wrong, written into
 * `problem` ("--style=llvm applies to XRay traces; x.zip is a drmemtrace
 * trace"). */
const char *options_check_family(const cli_options *o, const cli_grammar *g,
                                 unsigned family, char *problem);

/* Once all are taken: NULL, or what is wrong with them together. */
const char *options_check(const cli_options *o);

#endif /* TRACEDEC_OPTIONS_H */
