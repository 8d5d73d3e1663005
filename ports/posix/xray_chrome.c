/*
 * xray_chrome.c - Chrome trace-event JSON (see xray_convert.h). pid, tid
 * are numbers, ts is microseconds with nanosecond decimals, computed from
 * the tsc and the header's cycle frequency.
 */
#include "xray_convert.h"
#include "escape.h"
#include "grow.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

typedef struct chrome_stack {
    int32_t *frames;
    size_t depth, cap;
    uint64_t last_tsc;
    int32_t pid, tid;
} chrome_stack;

void xray_chrome_init(xray_chrome *c, FILE *f)
{
    memset(c, 0, sizeof *c);
    c->f = f;
    c->first = true;
    u64_map_init(&c->stacks, sizeof(chrome_stack));
}

/* Microseconds with three decimals, exact while the frequency is below
 * 18.4 GHz (so that the remainder times 1e9 fits in 64 bits). */
static void timestamp(const xray_chrome *c, uint64_t tsc)
{
    uint64_t freq = c->frequency ? c->frequency : 1000000000u;
    uint64_t seconds = tsc / freq, ns;
    if (freq > UINT64_MAX / 1000000000u) {
        fprintf(c->f, "%.3Lf", (long double)tsc * 1e6L / (long double)freq);
        return;
    }
    ns = tsc % freq * 1000000000u / freq;
    if (seconds > 0)
        fprintf(c->f, "%" PRIu64 "%06" PRIu64, seconds, ns / 1000);
    else
        fprintf(c->f, "%" PRIu64, ns / 1000);
    fprintf(c->f, ".%03u", (unsigned)(ns % 1000));
}

static void open_event(xray_chrome *c, const char *phase, int32_t pid,
                       int32_t tid, uint64_t tsc)
{
    fprintf(c->f, "%s{\"ph\":\"%s\",\"pid\":%" PRId32 ",\"tid\":%" PRId32
                  ",\"ts\":",
            c->first ? "" : ",\n", phase, pid, tid);
    timestamp(c, tsc);
    c->first = false;
}

static void duration(xray_chrome *c, const char *phase, const chrome_stack *s,
                     int32_t func, uint64_t tsc)
{
    open_event(c, phase, s->pid, s->tid, tsc);
    fprintf(c->f, ",\"cat\":\"function\",\"name\":\"%" PRId32 "\"}", func);
}

static chrome_stack *stack_of(xray_chrome *c, const td_xray_event *ev)
{
    chrome_stack *s =
        u64_map_get(&c->stacks, thread_key(ev->pid, ev->tid));
    if (s != NULL) {
        s->pid = ev->pid;
        s->tid = ev->tid;
        s->last_tsc = ev->tsc;
    }
    return s;
}

static int push(chrome_stack *s, int32_t func)
{
    if (grow_array(&s->frames, &s->cap, s->depth + 1, sizeof *s->frames))
        return -1;
    s->frames[s->depth++] = func;
    return 0;
}

static int function(xray_chrome *c, const td_xray_event *ev)
{
    chrome_stack *s = stack_of(c, ev);
    uint32_t i;
    if (s == NULL)
        return -1;
    if (ev->function.action == TD_XRAY_ENTER ||
        ev->function.action == TD_XRAY_ENTER_ARGS) {
        duration(c, "B", s, ev->function.func_id, ev->tsc);
        return push(s, ev->function.func_id);
    }
    for (i = 0; i < ev->function.closed && s->depth > 0; i++)
        duration(c, "E", s, s->frames[--s->depth], ev->tsc);
    return 0;
}

static void instant(xray_chrome *c, const td_xray_event *ev)
{
    open_event(c, "i", ev->pid, ev->tid, ev->tsc);
    fprintf(c->f, ",\"s\":\"t\",\"cat\":\"event\",\"name\":\"%s\","
                  "\"args\":{\"size\":%" PRId32,
            ev->kind == TD_XRAY_TYPED_EVENT ? "typed_event" : "custom_event",
            ev->event.size);
    if (ev->kind == TD_XRAY_TYPED_EVENT)
        fprintf(c->f, ",\"type\":%u", ev->event.type);
    fputs(",\"data\":\"", c->f);
}

int xray_chrome_event(xray_chrome *c, const td_xray_event *ev)
{
    switch (ev->kind) {
    case TD_XRAY_HEADER:
        c->frequency = ev->header.cycle_frequency;
        fputs("{\"displayTimeUnit\":\"ns\",\"traceEvents\":[\n", c->f);
        return 0;
    case TD_XRAY_FUNCTION:
        return function(c, ev);
    case TD_XRAY_CUSTOM_EVENT:
    case TD_XRAY_TYPED_EVENT:
        instant(c, ev);
        return stack_of(c, ev) == NULL ? -1 : 0;
    case TD_XRAY_PAYLOAD:
        escape_json(c->f, ev->payload.data, ev->payload.len);
        if (ev->flags & TD_XRAY_LAST_FRAGMENT)
            fputs("\"}}", c->f);
        return 0;
    default:
        return 0;
    }
}

int xray_chrome_finish(xray_chrome *c)
{
    size_t slot = 0;
    uint64_t key;
    chrome_stack *s;
    while ((s = u64_map_next(&c->stacks, &slot, &key)) != NULL) {
        while (s->depth > 0)
            duration(c, "E", s, s->frames[--s->depth], s->last_tsc);
        free(s->frames);
    }
    u64_map_free(&c->stacks);
    fputs("\n]}\n", c->f);
    return 0;
}
