/*
 * options.c - see options.h.
 */
#include "options.h"
#include "jobs.h"

#include <stdio.h>
#include <string.h>

/* How messages name a kind of input: one, and several. */
typedef struct family_name {
    unsigned family;
    const char *one;
    const char *many;
} family_name;

static const family_name family_names[] = {
    {FAMILY_XRAY, "an XRay trace", "XRay traces"},
    {FAMILY_DRMEM, "a drmemtrace trace", "drmemtrace traces"},
    {FAMILY_UMT, "a UMT trace", "UMT traces"},
    {FAMILY_SQLITE, "an SQLite file", "SQLite files"},
};

#define FAMILY_COUNT (sizeof family_names / sizeof family_names[0])

void options_init(cli_options *o)
{
    memset(o, 0, sizeof *o);
    o->command = -1;
    o->io = HOST_AUTO;
    o->progress = PROGRESS_AUTO;
    o->style = "native";
    o->to = "";
    o->jobs = jobs_online_cpus();
}

/* -j's value: a number of workers from 1 to JOBS_MAX, or 0. */
static int parse_jobs(const char *v)
{
    long n = 0;
    if (*v == '\0')
        return 0;
    for (; *v >= '0' && *v <= '9' && n <= JOBS_MAX; v++)
        n = 10 * n + (*v - '0');
    return *v == '\0' && n >= 1 && n <= JOBS_MAX ? (int)n : 0;
}

static int parse_io(const char *v)
{
    if (strcmp(v, "pread") == 0)
        return HOST_PREAD;
    if (strcmp(v, "mmap") == 0)
        return HOST_MMAP;
    return HOST_STREAM; /* the values table admits nothing else */
}

/* Record option e (with its value, or NULL) in o. */
static void store(cli_options *o, const option_entry *e, const char *value)
{
    o->given |= e->option;
    switch (e->option) {
    case OPT_IO: o->io = parse_io(value); break;
    case OPT_VERBOSE: o->verbose = true; break;
    case OPT_QUIET: o->quiet = true; break;
    case OPT_JSON: o->json = true; break;
    case OPT_SORT: o->sort = true; break;
    case OPT_STYLE: o->style = value; break;
    case OPT_TO: o->to = value; break;
    case OPT_TABLE: o->table = value; break;
    case OPT_JOBS: o->jobs = parse_jobs(value); break;
    case OPT_INTERLEAVE: o->interleave = true; break;
    case OPT_RECOVER: o->recover = true; break;
    case OPT_PROGRESS: o->progress = PROGRESS_ON; break;
    case OPT_NO_PROGRESS: o->progress = PROGRESS_OFF; break;
    default: break; /* --help and --version: main() answers them */
    }
}

/* The value option e was given, or NULL for a flag. */
static const char *value_of(const cli_options *o, const option_entry *e)
{
    switch (e->option) {
    case OPT_STYLE: return o->style;
    case OPT_TO: return o->to;
    case OPT_TABLE: return o->table;
    default: return NULL;
    }
}

/* The row of an option named `arg` up to `len` bytes, or NULL. */
static const option_entry *find(const cli_grammar *g, const char *arg,
                                size_t len)
{
    size_t i;
    for (i = 0; i < g->option_count; i++) {
        const option_entry *e = &g->options[i];
        if ((strlen(e->name) == len && strncmp(arg, e->name, len) == 0) ||
            (e->alias != NULL && strlen(e->alias) == len &&
             strncmp(arg, e->alias, len) == 0))
            return e;
    }
    return NULL;
}

/* "a, b or c": the values option e takes, into text. Returns how many
 * there are. */
static size_t list_values(const cli_grammar *g, const option_entry *e,
                          char *text, size_t size)
{
    size_t i, n = 0, total = 0, len = 0;
    for (i = 0; i < g->value_count; i++)
        total += g->values[i].option == e->option;
    text[0] = '\0';
    for (i = 0; i < g->value_count && len < size; i++) {
        if (g->values[i].option != e->option)
            continue;
        n++;
        len += (size_t)snprintf(text + len, size - len, "%s%s",
                                n == 1 ? "" : n == total ? " or " : ", ",
                                g->values[i].value);
    }
    return total;
}

/* Whether option e takes `value`. */
static bool known_value(const cli_grammar *g, const option_entry *e,
                        const char *value)
{
    char values[OPTION_PROBLEM_SIZE];
    size_t i;
    if (list_values(g, e, values, sizeof values) == 0)
        return true;
    for (i = 0; i < g->value_count; i++)
        if (g->values[i].option == e->option &&
            strcmp(g->values[i].value, value) == 0)
            return true;
    return false;
}

const char *options_take(cli_options *o, const cli_grammar *g, int argc,
                         char **argv, int *at, char *problem)
{
    const char *arg = argv[*at], *value = NULL, *equals;
    size_t len = strlen(arg);
    const option_entry *e;
    char values[OPTION_PROBLEM_SIZE / 2];
    equals = arg[1] == '-' ? strchr(arg, '=') : NULL;
    if (arg[1] != '-' && len > 2) /* -fjson, -f=json */
        equals = arg + 2;
    if (equals != NULL)
        len = (size_t)(equals - arg);
    e = find(g, arg, len);
    if (e == NULL) {
        snprintf(problem, OPTION_PROBLEM_SIZE, "unknown option '%.*s'",
                 (int)len, arg);
        return problem;
    }
    if (equals != NULL)
        value = equals + (*equals == '=');
    if (e->value == NULL && value != NULL) {
        snprintf(problem, OPTION_PROBLEM_SIZE, "%.*s takes no value",
                 (int)len, arg);
        return problem;
    }
    if (e->value != NULL && value == NULL) {
        if (*at + 1 >= argc) {
            snprintf(problem, OPTION_PROBLEM_SIZE, "%s needs a value (%s)",
                     arg, e->value);
            return problem;
        }
        value = argv[++*at];
    }
    if (e->value != NULL && !known_value(g, e, value)) {
        list_values(g, e, values, sizeof values);
        snprintf(problem, OPTION_PROBLEM_SIZE, "%s is %s, not '%s'", e->name,
                 values, value);
        return problem;
    }
    if (e->option == OPT_JOBS && parse_jobs(value) == 0) {
        snprintf(problem, OPTION_PROBLEM_SIZE,
                 "%s is a number of workers from 1 to %d, not '%s'",
                 e->name, JOBS_MAX, value);
        return problem;
    }
    store(o, e, value);
    return NULL;
}

const option_entry *options_stray(const cli_options *o, const cli_grammar *g,
                                  unsigned taken)
{
    size_t i;
    for (i = 0; i < g->option_count; i++)
        if ((o->given & g->options[i].option & ~taken) != 0)
            return &g->options[i];
    return NULL;
}

const char *options_spelled(const cli_options *o, const option_entry *e,
                            char *text)
{
    const char *value = value_of(o, e);
    if (value == NULL || e->option == OPT_TABLE)
        snprintf(text, OPTION_PROBLEM_SIZE, "%s",
                 e->alias != NULL ? e->alias : e->name);
    else if (e->alias != NULL)
        snprintf(text, OPTION_PROBLEM_SIZE, "%s %s", e->alias, value);
    else
        snprintf(text, OPTION_PROBLEM_SIZE, "%s=%s", e->name, value);
    return text;
}

/* "XRay traces", "XRay and drmemtrace traces"... for the bits of
 * `families`, into text. */
static void name_families(unsigned families, char *text, size_t size)
{
    size_t i, n = 0, total = 0, len = 0;
    for (i = 0; i < FAMILY_COUNT; i++)
        total += (families & family_names[i].family) != 0;
    text[0] = '\0';
    for (i = 0; i < FAMILY_COUNT && len < size; i++) {
        if ((families & family_names[i].family) == 0)
            continue;
        n++;
        len += (size_t)snprintf(text + len, size - len, "%s%s",
                                n == 1 ? "" : n == total ? " and " : ", ",
                                family_names[i].many);
    }
}

/* "an XRay trace": one input of `family`. */
static const char *one_of_family(unsigned family)
{
    size_t i;
    for (i = 0; i < FAMILY_COUNT; i++)
        if (family_names[i].family == family)
            return family_names[i].one;
    return "an input";
}

/* The inputs option e applies to with the value it was given. */
static unsigned families_of(const cli_options *o, const cli_grammar *g,
                            const option_entry *e)
{
    const char *value = value_of(o, e);
    size_t i;
    for (i = 0; i < g->value_count && value != NULL; i++)
        if (g->values[i].option == e->option &&
            strcmp(g->values[i].value, value) == 0)
            return e->families & g->values[i].families;
    return e->families;
}

const char *options_check_family(const cli_options *o, const cli_grammar *g,
                                 unsigned family, char *problem)
{
    char spelled[OPTION_PROBLEM_SIZE], where[160];
    size_t i;
    for (i = 0; i < g->option_count; i++) {
        const option_entry *e = &g->options[i];
        unsigned families = families_of(o, g, e);
        if ((o->given & e->option) == 0 || (families & family) != 0)
            continue;
        name_families(families, where, sizeof where);
        snprintf(problem, OPTION_PROBLEM_SIZE, "%s applies to %s; %s is %s",
                 options_spelled(o, e, spelled), where, o->path,
                 one_of_family(family));
        return problem;
    }
    return NULL;
}

const char *options_check(const cli_options *o)
{
    if (o->command == CMD_CONVERT && (o->given & OPT_TO) == 0)
        return "convert needs -f yaml, json or chrome";
    if (o->sort && strcmp(o->to, "yaml") != 0)
        return "--sort applies to convert -f yaml";
    if (o->verbose && o->quiet)
        return "-v and -q ask for opposite things";
    if ((o->given & OPT_PROGRESS) && (o->given & OPT_NO_PROGRESS))
        return "--progress and --no-progress ask for opposite things";
    return NULL;
}
