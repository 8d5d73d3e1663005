/*
 * options.c - see options.h.
 */
#include "options.h"

#include <string.h>

void options_init(cli_options *o)
{
    memset(o, 0, sizeof *o);
    o->command = -1;
    o->io = HOST_AUTO;
    o->style = "native";
    o->to = "";
}

static int parse_io(const char *v)
{
    if (strcmp(v, "pread") == 0)
        return HOST_PREAD;
    if (strcmp(v, "mmap") == 0)
        return HOST_MMAP;
    if (strcmp(v, "stream") == 0)
        return HOST_STREAM;
    return -1;
}

int options_take(cli_options *o, const char *arg, const char *next)
{
    if (strncmp(arg, "--io=", 5) == 0)
        return (o->io = parse_io(arg + 5)) < 0 ? -1 : 0;
    if (strcmp(arg, "-v") == 0 || strcmp(arg, "--verbose") == 0)
        o->verbose = true;
    else if (strcmp(arg, "--json") == 0)
        o->json = true;
    else if (strcmp(arg, "--sort") == 0)
        o->sort = true;
    else if (strcmp(arg, "--recover-typed-extents") == 0)
        o->recover = true;
    else if (strncmp(arg, "--style=", 8) == 0)
        o->style = arg + 8;
    else if (strncmp(arg, "--format=", 9) == 0)
        o->to = arg + 9;
    else if (strcmp(arg, "--table") == 0 && next != NULL) {
        o->table = next;
        return 1;
    } else if (strcmp(arg, "-f") == 0 && next != NULL) {
        o->to = next;
        return 1;
    } else
        return -1;
    return 0;
}

static bool one_of(const char *v, const char *a, const char *b,
                   const char *c)
{
    return strcmp(v, a) == 0 || strcmp(v, b) == 0 || strcmp(v, c) == 0;
}

const char *options_check(const cli_options *o)
{
    if (!one_of(o->style, "native", "llvm", "drcachesim"))
        return "--style is native, llvm or drcachesim";
    if (o->command == CMD_CONVERT && !one_of(o->to, "yaml", "json", "chrome"))
        return "convert needs -f yaml, json or chrome";
    return NULL;
}
