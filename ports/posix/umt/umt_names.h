/*
 * umt_names.h - the names a UMT dump prints: each module's file name
 * (from its WinName) and each thread's Windows thread ID, gathered in a
 * MODULES pass and a THREADS pass before the records.
 */
#ifndef TRACEDEC_UMT_NAMES_H
#define TRACEDEC_UMT_NAMES_H

#include <stddef.h>
#include <stdint.h>

#include "cli.h"

typedef struct umt_module_name {
    uint64_t start;
    char name[64]; /* the file name of WinName, in UTF-8 */
} umt_module_name;

typedef struct umt_names {
    umt_module_name *modules;
    size_t module_count;
    int32_t *win_tids; /* by ThreadID */
    size_t thread_count;
} umt_names;

/* Gather the names of the trace directory c->opt.path. Returns an exit
 * status; free the names whatever it is. */
int umt_names_load(const cli *c, umt_names *n);

void umt_names_free(umt_names *n);

#endif /* TRACEDEC_UMT_NAMES_H */
