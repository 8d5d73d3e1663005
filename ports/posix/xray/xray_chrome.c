/*
 * xray_chrome.c - Chrome trace-event JSON (see xray_convert.h). pid, tid
 * are numbers, ts is microseconds with nanosecond decimals, computed from
 * the tsc and the header's cycle frequency.
 */
#include "xray_convert.h"
#include "escape.h"
#include "grow.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct chrome_stack {
    int32_t *frames;
    size_t depth, cap;
    uint64_t last_tsc;
    int32_t pid, tid;
} chrome_stack;

void xray_chrome_init(xray_chrome *c, out *o)
{
    memset(c, 0, sizeof *c);
    c->o = o;
    c->first = true;
    u64_map_init(&c->stacks, sizeof(chrome_stack));
}

/* Microseconds with three decimals, exact while the frequency is below
 * 18.4 GHz (so that the remainder times 1e9 fits in 64 bits). */
static void timestamp(const xray_chrome *c, uint64_t tsc)
{
    uint64_t freq = c->frequency ? c->frequency : 1000000000u;
    uint64_t seconds = tsc / freq, ns;
    char text[64];
    if (freq > UINT64_MAX / 1000000000u) {
        snprintf(text, sizeof text, "%.3Lf",
                 (long double)tsc * 1e6L / (long double)freq);
        out_str(c->o, text);
        return;
    }
    ns = tsc % freq * 1000000000u / freq;
    if (seconds > 0) {
        out_u64(c->o, seconds);
        out_u64_padded(c->o, ns / 1000, 6);
    } else {
        out_u64(c->o, ns / 1000);
    }
    out_char(c->o, '.');
    out_u64_padded(c->o, ns % 1000, 3);
}

static void open_event(xray_chrome *c, const char *phase, int32_t pid,
                       int32_t tid, uint64_t tsc)
{
    out_str(c->o, c->first ? "{\"ph\":\"" : ",\n{\"ph\":\"");
    out_str(c->o, phase);
    out_str(c->o, "\",\"pid\":");
    out_i64(c->o, pid);
    out_str(c->o, ",\"tid\":");
    out_i64(c->o, tid);
    out_str(c->o, ",\"ts\":");
    timestamp(c, tsc);
    c->first = false;
}

static void duration(xray_chrome *c, const char *phase, const chrome_stack *s,
                     int32_t func, uint64_t tsc)
{
    open_event(c, phase, s->pid, s->tid, tsc);
    out_str(c->o, ",\"cat\":\"function\",\"name\":\"");
    out_i64(c->o, func);
    out_str(c->o, "\"}");
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
    out_str(c->o, ",\"s\":\"t\",\"cat\":\"event\",\"name\":\"");
    out_str(c->o, ev->kind == TD_XRAY_EV_TYPED_EVENT ? "typed_event"
                                                  : "custom_event");
    out_str(c->o, "\",\"args\":{\"size\":");
    out_i64(c->o, ev->event.size);
    if (ev->kind == TD_XRAY_EV_TYPED_EVENT) {
        out_str(c->o, ",\"type\":");
        out_u64(c->o, ev->event.type);
    }
    out_str(c->o, ",\"data\":\"");
    c->in_payload = true;
}

static void start(xray_chrome *c)
{
    out_str(c->o, "{\"displayTimeUnit\":\"ns\",\"traceEvents\":[\n");
    c->started = true;
}

int xray_chrome_event(xray_chrome *c, const td_xray_event *ev)
{
    switch (ev->kind) {
    case TD_XRAY_EV_HEADER:
        c->frequency = ev->header.cycle_frequency;
        start(c);
        return 0;
    case TD_XRAY_EV_FUNCTION:
        return function(c, ev);
    case TD_XRAY_EV_CUSTOM_EVENT:
    case TD_XRAY_EV_TYPED_EVENT:
        instant(c, ev);
        return stack_of(c, ev) == NULL ? -1 : 0;
    case TD_XRAY_EV_PAYLOAD:
        escape_json(c->o, ev->payload.data, ev->payload.len);
        if (ev->flags & TD_LAST_FRAGMENT) {
            out_str(c->o, "\"}}");
            c->in_payload = false;
        }
        return 0;
    default:
        return 0;
    }
}

void xray_chrome_finish(xray_chrome *c)
{
    size_t slot = 0;
    uint64_t key;
    chrome_stack *s;
    if (c->finished)
        return;
    c->finished = true;
    if (!c->started)
        start(c);
    if (c->in_payload)
        out_str(c->o, "\"}}");
    while ((s = u64_map_next(&c->stacks, &slot, &key)) != NULL)
        while (s->depth > 0)
            duration(c, "E", s, s->frames[--s->depth], s->last_tsc);
    out_str(c->o, "\n]}\n");
}

void xray_chrome_free(xray_chrome *c)
{
    size_t slot = 0;
    uint64_t key;
    chrome_stack *s;
    while ((s = u64_map_next(&c->stacks, &slot, &key)) != NULL)
        free(s->frames);
    u64_map_free(&c->stacks);
}
