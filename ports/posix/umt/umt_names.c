/*
 * umt_names.c - see umt_names.h.
 */
#include "umt_names.h"
#include "grow.h"
#include "umt_pass.h"

#include <stdlib.h>
#include <string.h>

typedef struct names_run {
    umt_names names;
    size_t module_cap, thread_cap;
    bool in_win_name;
    size_t name_len;
} names_run;

/* A UTF-16LE code unit as UTF-8 (surrogates as '?'). */
static size_t utf8(uint16_t u, char *out)
{
    if (u < 0x80) {
        out[0] = (char)u;
        return 1;
    }
    if (u < 0x800) {
        out[0] = (char)(0xc0 | u >> 6);
        out[1] = (char)(0x80 | (u & 0x3f));
        return 2;
    }
    if (u >= 0xd800 && u < 0xe000) {
        out[0] = '?';
        return 1;
    }
    out[0] = (char)(0xe0 | u >> 12);
    out[1] = (char)(0x80 | (u >> 6 & 0x3f));
    out[2] = (char)(0x80 | (u & 0x3f));
    return 3;
}

/* Characters of a WinName: keep what follows the last backslash. */
static void name_bytes(names_run *r, const td_umt_event *ev)
{
    umt_module_name *m = &r->names.modules[r->names.module_count - 1];
    size_t i;
    for (i = 0; i + 1 < ev->bytes.len; i += 2) {
        uint16_t u =
            (uint16_t)(ev->bytes.data[i] | ev->bytes.data[i + 1] << 8);
        char c[3];
        size_t n = utf8(u, c);
        if (u == '\\') {
            r->name_len = 0;
            continue;
        }
        if (r->name_len + n < sizeof m->name) {
            memcpy(m->name + r->name_len, c, n);
            r->name_len += n;
        }
        m->name[r->name_len] = 0;
    }
}

/* Returns 0, or -1 when out of memory. */
static int names_event(void *ctx, const void *event)
{
    const td_umt_event *ev = event;
    names_run *r = ctx;
    if (ev->kind == TD_UMT_EV_MODULE) {
        umt_module_name *m;
        if (grow_array(&r->names.modules, &r->module_cap,
                       r->names.module_count + 1, sizeof *m) != 0)
            return -1;
        m = &r->names.modules[r->names.module_count++];
        m->start = ev->module.start;
        m->name[0] = 0;
    } else if (ev->kind == TD_UMT_EV_STRING) {
        r->in_win_name = ev->string.role == TD_UMT_WIN_NAME;
        r->name_len = 0;
    } else if (ev->kind == TD_UMT_EV_BYTES && r->in_win_name) {
        name_bytes(r, ev);
    } else if (ev->kind == TD_UMT_EV_THREAD) {
        if (grow_array(&r->names.win_tids, &r->thread_cap,
                       r->names.thread_count + 1, sizeof(int32_t)) != 0)
            return -1;
        r->names.win_tids[r->names.thread_count++] = ev->thread.win_tid;
    }
    return 0;
}

int umt_names_load(const cli *c, umt_names *n)
{
    names_run r;
    int status;
    memset(&r, 0, sizeof r);
    status = umt_pass(c, TD_UMT_MODULES, 0, names_event, &r);
    if (status == EXIT_VALID)
        status = umt_pass(c, TD_UMT_THREADS, 0, names_event, &r);
    *n = r.names;
    return status;
}

void umt_names_free(umt_names *n)
{
    free(n->modules);
    free(n->win_tids);
}
