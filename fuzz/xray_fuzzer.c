/*
 * xray_fuzzer.c - one harness for libFuzzer, AFL++ (through its libFuzzer
 * driver) and the replay driver that `make test` runs.
 *
 * Input: one option byte, then the trace. Option bits: 0 attach a call
 * matcher, 1 recover from the typed-event extents bug, 2..7 seed the span
 * lengths. The trace is decoded twice, in one span and in spans of
 * pseudo-random lengths, and the two event streams must be identical (a
 * digest over every event field and the payload bytes in order); every
 * request must name the next byte, and every error offset must lie inside
 * the input. Any difference aborts.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tracedec.h"

typedef struct digest {
    uint64_t h;
} digest;

static void mix(digest *g, const void *p, size_t n)
{
    const uint8_t *b = p;
    size_t i;
    for (i = 0; i < n; i++)
        g->h = (g->h ^ b[i]) * 0x100000001b3u;
}

static void mix64(digest *g, uint64_t v)
{
    mix(g, &v, sizeof v);
}

/* Everything an event says, except the fragment boundaries of payloads. */
static void mix_event(digest *g, const td_xray_event *ev)
{
    if (ev->kind == TD_XRAY_PAYLOAD) {
        mix(g, ev->payload.data, ev->payload.len);
        return;
    }
    mix64(g, (uint64_t)ev->kind);
    mix64(g, ev->offset);
    mix64(g, ev->size);
    mix64(g, ev->tsc);
    mix64(g, ev->cpu);
    mix64(g, (uint64_t)(uint32_t)ev->tid << 32 | (uint32_t)ev->pid);
    switch (ev->kind) {
    case TD_XRAY_FUNCTION:
        mix64(g, (uint64_t)ev->function.action << 32 |
                     (uint32_t)ev->function.func_id);
        mix64(g, ev->function.delta);
        mix64(g, (uint64_t)ev->function.depth << 32 | ev->function.closed);
        break;
    case TD_XRAY_CALL_ARG:
        mix64(g, ev->call_arg.value);
        break;
    case TD_XRAY_CUSTOM_EVENT:
    case TD_XRAY_TYPED_EVENT:
        mix64(g, (uint64_t)(uint32_t)ev->event.size << 32 |
                     (uint32_t)ev->event.delta);
        mix64(g, ev->event.tsc_field);
        mix64(g, (uint64_t)ev->event.cpu_field << 16 | ev->event.type);
        break;
    case TD_XRAY_WARNING:
        mix64(g, (uint64_t)ev->warning.code << 32 | ev->warning.count);
        mix64(g, (uint32_t)ev->warning.func_id);
        break;
    case TD_XRAY_HEADER:
        mix64(g, (uint64_t)ev->header.version << 32 | ev->header.mode);
        mix64(g, (uint64_t)ev->header.bitfield << 1 | ev->header.big_endian);
        mix64(g, ev->header.cycle_frequency);
        mix64(g, ev->header.buffer_size);
        break;
    case TD_XRAY_EXTENTS:
        mix64(g, ev->extents.bytes);
        break;
    case TD_XRAY_PADDING:
        mix64(g, ev->padding.bytes);
        break;
    case TD_XRAY_NEW_BUFFER:
    case TD_XRAY_PID:
        mix64(g, (uint32_t)ev->thread.id);
        break;
    case TD_XRAY_WALLCLOCK:
        mix64(g, ev->wallclock.seconds);
        mix64(g, ev->wallclock.micros);
        break;
    case TD_XRAY_NEW_CPU:
    case TD_XRAY_TSC_WRAP:
        mix64(g, ev->cpu_record.tsc);
        mix64(g, ev->cpu_record.id);
        break;
    default:
        break;
    }
}

static uint64_t next_length(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return (*s & 7) == 0 ? 1 + (*s >> 8) % 300 : 1 + (*s >> 8) % 17;
}

static void fail(const char *what)
{
    fprintf(stderr, "xray_fuzzer: %s\n", what);
    abort();
}

/* Decode; spans are copied to exact-size allocations. seed 0: one span. */
static uint64_t decode(const uint8_t *data, size_t len, uint8_t options,
                       uint64_t seed)
{
    static uint64_t calls_mem[(16 * (12 + 32 * 4)) / 8];
    td_xray_decoder d;
    td_xray_calls calls;
    td_xray_event ev;
    digest g = {0xcbf29ce484222325u};
    size_t fed = 0;
    uint8_t *span = NULL;
    int rc;
    memset(&ev, 0, sizeof ev);
    td_xray_init(&d, (options & 2) ? TD_XRAY_RECOVER_TYPED_EXTENTS : 0);
    if (options & 1) {
        td_xray_calls_init(&calls, calls_mem, sizeof calls_mem, 16, 32);
        td_xray_attach_calls(&d, &calls);
    }
    while ((rc = td_xray_next(&d, &ev)) != TD_END) {
        if (rc == TD_EVENT) {
            mix_event(&g, &ev);
        } else if (rc == TD_NEED_INPUT) {
            const td_request *rq = td_xray_request(&d);
            size_t n = seed ? (size_t)next_length(&seed) : len;
            if (rq->offset != fed || rq->min_len == 0)
                fail("request is not for the next byte");
            if (n > len - fed)
                n = len - fed;
            free(span);
            span = n ? malloc(n) : NULL;
            if (n)
                memcpy(span, data + fed, n);
            td_xray_feed(&d, span, n);
            fed += n;
        } else {
            const td_fault *f = td_xray_fault(&d);
            if (f->code != rc || f->offset > len)
                fail("error without a code or with an offset outside");
            mix64(&g, (uint64_t)(int64_t)rc);
            mix64(&g, f->offset);
            break;
        }
    }
    free(span);
    return g.h;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    uint8_t options;
    if (size == 0)
        return 0;
    options = data[0];
    if (decode(data + 1, size - 1, options, 0) !=
        decode(data + 1, size - 1, options, (uint64_t)(options >> 2) + 1))
        fail("the event stream depends on the chunking");
    return 0;
}
