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

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static const char *kind_name(const yaml_record *r)
{
    static const char *const actions[] = {"function-enter", "function-exit",
                                          "function-tail-exit",
                                          "function-enter-arg"};
    if (r->kind == TD_XRAY_CUSTOM_EVENT)
        return "custom-event";
    if (r->kind == TD_XRAY_TYPED_EVENT)
        return "typed-event";
    return actions[r->action & 3];
}

void xray_yaml_init(xray_yaml *y, FILE *f, bool sort)
{
    memset(y, 0, sizeof *y);
    y->f = f;
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

static void scalar(FILE *f, const uint8_t *p, size_t n)
{
    size_t i;
    if (plain_safe(p, n)) {
        fwrite(p, 1, n, f);
    } else if (printable(p, n)) {
        fputc('\'', f);
        for (i = 0; i < n; i++) {
            if (p[i] == '\'')
                fputc('\'', f);
            fputc(p[i], f);
        }
        fputc('\'', f);
    } else {
        fputc('"', f);
        for (i = 0; i < n; i++) {
            if (p[i] == '"' || p[i] == '\\')
                fprintf(f, "\\%c", p[i]);
            else if (p[i] >= 0x20 && p[i] < 0x7f)
                fputc(p[i], f);
            else
                fprintf(f, "\\x%02X", p[i]);
        }
        fputc('"', f);
    }
}

static void print_record(xray_yaml *y, const yaml_record *r)
{
    FILE *f = y->f;
    size_t i;
    if (y->printed++ == 0)
        fputs("records:\n", f);
    fprintf(f, "  - { type: %u, func-id: %" PRId32 ", function: '%" PRId32
               "', ",
            r->type, r->func_id, r->func_id);
    if (r->nargs > 0) {
        fputs("args: [ ", f);
        for (i = 0; i < r->nargs; i++)
            fprintf(f, "%s%" PRIu64, i ? ", " : "", r->args[i]);
        fputs(" ], ", f);
    }
    fprintf(f, "cpu: %" PRIu32 ", ", r->cpu);
    if (r->tid != 0)
        fprintf(f, "thread: %" PRIu32 ", ", (uint32_t)r->tid);
    if (r->pid != 0)
        fprintf(f, "process: %" PRIu32 ", ", (uint32_t)r->pid);
    fprintf(f, "kind: %s, tsc: %" PRIu64 ", data: ", kind_name(r), r->tsc);
    scalar(f, r->data, r->data_len);
    fputs(" }\n", f);
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
    yaml_record *r = &y->pending;
    memset(r, 0, sizeof *r);
    r->kind = ev->kind;
    r->func_id = ev->kind == TD_XRAY_FUNCTION ? ev->function.func_id : 0;
    r->action = ev->function.action;
    r->type = ev->kind == TD_XRAY_TYPED_EVENT ? ev->event.type : 0;
    r->cpu = ev->cpu;
    r->tid = ev->tid;
    r->pid = ev->pid;
    r->tsc = ev->tsc;
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

static void print_header(FILE *f, const td_xray_event *ev)
{
    fprintf(f, "---\nheader:\n  version:         %u\n"
               "  type:            %u\n  constant-tsc:    %s\n"
               "  nonstop-tsc:     %s\n  cycle-frequency: %" PRIu64 "\n",
            ev->header.version, ev->header.mode,
            ev->header.constant_tsc ? "true" : "false",
            ev->header.nonstop_tsc ? "true" : "false",
            ev->header.cycle_frequency);
}

int xray_yaml_event(xray_yaml *y, const td_xray_event *ev)
{
    switch (ev->kind) {
    case TD_XRAY_HEADER:
        print_header(y->f, ev);
        return 0;
    case TD_XRAY_FUNCTION:
    case TD_XRAY_CUSTOM_EVENT:
    case TD_XRAY_TYPED_EVENT:
        return hold(y, ev);
    case TD_XRAY_CALL_ARG:
        return y->have_pending ? add_arg(&y->pending, ev->call_arg.value) : 0;
    case TD_XRAY_PAYLOAD:
        return y->have_pending
                   ? add_data(&y->pending, ev->payload.data, ev->payload.len)
                   : 0;
    case TD_XRAY_END_OF_BUFFER:
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
    for (i = 0; i < y->n; i++)
        free_record(&y->all[i]);
    free(keys);
    free(y->all);
    y->all = NULL;
    return 0;
}

int xray_yaml_finish(xray_yaml *y)
{
    if (release(y) != 0 || (y->sort && print_sorted(y) != 0))
        return -1;
    if (y->printed == 0)
        fputs("records:         []\n", y->f);
    fputs("...\n", y->f);
    return 0;
}
