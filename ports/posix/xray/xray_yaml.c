/*
 * xray_yaml.c - YAML with the records and fields of `llvm-xray convert -f
 * yaml` (see xray_convert.h). Where llvm-xray's values are wrong, these
 * are right (docs/xray.md lists the differences): a typed event's type is
 * not carried over to later records, events have func-id 0, version 2
 * files do not report the thread id as the process id, and v1-v3 custom
 * events carry their buffer's cpu.
 */
#include "xray_convert.h"
#include "grow.h"

#include <stdlib.h>
#include <string.h>

static const char *kind_name(const yaml_record *r)
{
    static const char *const actions[] = {"function-enter", "function-exit",
                                          "function-tail-exit",
                                          "function-enter-arg"};
    if (r->kind == TD_XRAY_EV_CUSTOM_EVENT)
        return "custom-event";
    if (r->kind == TD_XRAY_EV_TYPED_EVENT)
        return "typed-event";
    return actions[r->action & 3];
}

void xray_yaml_init(xray_yaml *y, out *o, bool sort)
{
    memset(y, 0, sizeof *y);
    y->o = o;
    y->sort = sort;
}

static bool plain_safe(const uint8_t *p, size_t n)
{
    size_t i;
    bool digits = true;
    if (n == 0 || p[0] == ' ' || p[n - 1] == ' ')
        return false;
    if (strchr("-?:,[]{}#&*!|>'\"%@`", p[0]) != NULL)
        return false;
    for (i = 0; i < n; i++) {
        if (p[i] < 0x20 || p[i] >= 0x7f || strchr(",[]{}#:'\"", p[i]))
            return false;
        if ((p[i] < '0' || p[i] > '9') && p[i] != '.')
            digits = false;
    }
    return !digits;
}

static bool printable(const uint8_t *p, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        if (p[i] < 0x20 || p[i] >= 0x7f)
            return false;
    return true;
}

static void scalar(out *o, const uint8_t *p, size_t n)
{
    size_t i;
    if (plain_safe(p, n)) {
        out_bytes(o, p, n);
    } else if (printable(p, n)) {
        out_char(o, '\'');
        for (i = 0; i < n; i++) {
            if (p[i] == '\'')
                out_char(o, '\'');
            out_char(o, (char)p[i]);
        }
        out_char(o, '\'');
    } else {
        out_char(o, '"');
        for (i = 0; i < n; i++) {
            if (p[i] == '"' || p[i] == '\\') {
                out_char(o, '\\');
                out_char(o, (char)p[i]);
            } else if (p[i] >= 0x20 && p[i] < 0x7f) {
                out_char(o, (char)p[i]);
            } else {
                out_str(o, "\\x");
                out_char(o, "0123456789ABCDEF"[p[i] >> 4]);
                out_char(o, "0123456789ABCDEF"[p[i] & 15]);
            }
        }
        out_char(o, '"');
    }
}

/* "cpu: N, thread: N, process: N, kind: ": formatted again only when the
 * cpu or thread changes (consecutive records mostly share them). */
static void print_place(xray_yaml *y, const yaml_record *r)
{
    char *t = y->place;
    if (!y->place_len || r->cpu != y->place_cpu || r->tid != y->place_tid ||
        r->pid != y->place_pid) {
        memcpy(t, "cpu: ", 5);
        t += 5;
        t += out_format_i64(t, r->cpu);
        if (r->tid != 0) {
            memcpy(t, ", thread: ", 10);
            t += 10;
            t += out_format_i64(t, (uint32_t)r->tid);
        }
        if (r->pid != 0) {
            memcpy(t, ", process: ", 11);
            t += 11;
            t += out_format_i64(t, (uint32_t)r->pid);
        }
        memcpy(t, ", kind: ", 8);
        y->place_len = (size_t)(t + 8 - y->place);
        y->place_cpu = r->cpu;
        y->place_tid = r->tid;
        y->place_pid = r->pid;
    }
    out_bytes(y->o, y->place, y->place_len);
}

static void print_args(out *o, const yaml_record *r)
{
    size_t i;
    out_str(o, "args: [ ");
    for (i = 0; i < r->nargs; i++) {
        if (i > 0)
            out_str(o, ", ");
        out_u64(o, r->args[i]);
    }
    out_str(o, " ], ");
}

static void print_record(xray_yaml *y, const yaml_record *r)
{
    out *o = y->o;
    char id[24];
    size_t id_len = out_format_i64(id, r->func_id);
    if (y->printed++ == 0)
        out_str(o, "records:\n");
    out_str(o, "  - { type: ");
    out_u64(o, r->type);
    out_str(o, ", func-id: ");
    out_bytes(o, id, id_len);
    out_str(o, ", function: '");
    out_bytes(o, id, id_len);
    out_str(o, "', ");
    if (r->nargs > 0)
        print_args(o, r);
    print_place(y, r);
    out_str(o, kind_name(r));
    out_str(o, ", tsc: ");
    out_u64(o, r->tsc);
    out_str(o, ", data: ");
    scalar(o, r->data, r->data_len);
    out_str(o, " }\n");
}

static void free_record(yaml_record *r)
{
    free(r->args);
    free(r->data);
}

static int keep(xray_yaml *y, const yaml_record *r)
{
    if (grow_array(&y->all, &y->cap, y->n + 1, sizeof *y->all) != 0)
        return -1;
    y->all[y->n++] = *r;
    return 0;
}

/* Print or keep the held-back record. */
static int release(xray_yaml *y)
{
    if (!y->have_pending)
        return 0;
    y->have_pending = false;
    if (y->sort)
        return keep(y, &y->pending);
    print_record(y, &y->pending);
    free_record(&y->pending);
    return 0;
}

static int hold(xray_yaml *y, const td_xray_event *ev)
{
    int rc = release(y);
    y->pending = (yaml_record){
        .kind = ev->kind,
        .func_id = ev->kind == TD_XRAY_EV_FUNCTION ? ev->function.func_id : 0,
        .action = ev->function.action,
        .type = ev->kind == TD_XRAY_EV_TYPED_EVENT ? ev->event.type : 0,
        .cpu = ev->cpu,
        .tid = ev->tid,
        .pid = ev->pid,
        .tsc = ev->tsc};
    y->have_pending = true;
    return rc;
}

static int add_arg(yaml_record *r, uint64_t value)
{
    if (grow_array(&r->args, &r->args_cap, r->nargs + 1, sizeof *r->args))
        return -1;
    r->args[r->nargs++] = value;
    r->action = TD_XRAY_ENTER_ARGS;
    return 0;
}

static int add_data(yaml_record *r, const uint8_t *p, size_t n)
{
    if (grow_array(&r->data, &r->data_cap, r->data_len + n, 1) != 0)
        return -1;
    memcpy(r->data + r->data_len, p, n);
    r->data_len += n;
    return 0;
}

static void print_header(out *o, const td_xray_event *ev)
{
    out_str(o, "---\nheader:\n  version:         ");
    out_u64(o, ev->header.version);
    out_str(o, "\n  type:            ");
    out_u64(o, ev->header.mode);
    out_str(o, ev->header.constant_tsc ? "\n  constant-tsc:    true"
                                       : "\n  constant-tsc:    false");
    out_str(o, ev->header.nonstop_tsc ? "\n  nonstop-tsc:     true"
                                      : "\n  nonstop-tsc:     false");
    out_str(o, "\n  cycle-frequency: ");
    out_u64(o, ev->header.cycle_frequency);
    out_char(o, '\n');
}

int xray_yaml_event(xray_yaml *y, const td_xray_event *ev)
{
    switch (ev->kind) {
    case TD_XRAY_EV_HEADER:
        print_header(y->o, ev);
        return 0;
    case TD_XRAY_EV_FUNCTION:
    case TD_XRAY_EV_CUSTOM_EVENT:
    case TD_XRAY_EV_TYPED_EVENT:
        return hold(y, ev);
    case TD_XRAY_EV_CALL_ARG:
        return y->have_pending ? add_arg(&y->pending, ev->call_arg.value) : 0;
    case TD_XRAY_EV_PAYLOAD:
        return y->have_pending
                   ? add_data(&y->pending, ev->payload.data, ev->payload.len)
                   : 0;
    case TD_XRAY_EV_END_OF_BUFFER:
        return release(y);
    default:
        return 0;
    }
}

/* qsort is not stable: sort (tsc, file position) pairs instead. */
typedef struct sort_key {
    uint64_t tsc;
    size_t index;
} sort_key;

static int by_key(const void *a, const void *b)
{
    const sort_key *x = a, *y = b;
    if (x->tsc != y->tsc)
        return x->tsc < y->tsc ? -1 : 1;
    return x->index < y->index ? -1 : x->index > y->index;
}

static int print_sorted(xray_yaml *y)
{
    sort_key *keys = malloc((y->n ? y->n : 1) * sizeof *keys);
    size_t i;
    if (keys == NULL)
        return -1;
    for (i = 0; i < y->n; i++) {
        keys[i].tsc = y->all[i].tsc;
        keys[i].index = i;
    }
    qsort(keys, y->n, sizeof *keys, by_key);
    for (i = 0; i < y->n; i++)
        print_record(y, &y->all[keys[i].index]);
    free(keys);
    return 0;
}

void xray_yaml_free(xray_yaml *y)
{
    size_t i;
    if (y->have_pending)
        free_record(&y->pending);
    y->have_pending = false;
    for (i = 0; i < y->n; i++)
        free_record(&y->all[i]);
    free(y->all);
    y->all = NULL;
    y->n = y->cap = 0;
}

int xray_yaml_finish(xray_yaml *y)
{
    if (release(y) != 0 || (y->sort && print_sorted(y) != 0))
        return -1;
    if (y->printed == 0)
        out_str(y->o, "records:         []\n");
    out_str(y->o, "...\n");
    return 0;
}
