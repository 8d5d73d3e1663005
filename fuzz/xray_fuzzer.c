/*
 * xray_fuzzer.c - one harness for libFuzzer, AFL++ (through its libFuzzer
 * driver) and the replay driver that `make test` runs.
 *
 * Input: one option byte, then the trace. Option bits: 0 give it a call
 * matcher, 1 recover from the typed-event extents bug, 2..7 seed the span
 * lengths. The trace is decoded twice, in one span and in spans of
 * pseudo-random lengths, and the two event streams must be identical (a
 * digest over every event field and the payload bytes in order); a third
 * decode with TD_XRAY_SKIP_FUNCTIONS, in those spans, must give the same
 * stream without its FUNCTION events. Every request must name the next
 * byte, and every error offset must lie inside the input. Any difference
 * aborts. The loop is fuzz_driver.c's.
 */
#include <string.h>

#include "fuzz_driver.h"

/* Everything an event says, except the fragment boundaries of payloads. */
static void mix_event(fz_digest *g, const td_xray_event *ev)
{
    if (ev->kind == TD_XRAY_EV_PAYLOAD) {
        fz_mix(g, ev->payload.data, ev->payload.len);
        return;
    }
    fz_mix64(g, (uint64_t)ev->kind);
    fz_mix64(g, ev->offset);
    fz_mix64(g, ev->size);
    fz_mix64(g, ev->tsc);
    fz_mix64(g, ev->cpu);
    fz_mix64(g, (uint64_t)(uint32_t)ev->tid << 32 | (uint32_t)ev->pid);
    switch (ev->kind) {
    case TD_XRAY_EV_FUNCTION:
        fz_mix64(g, (uint64_t)ev->function.action << 32 |
                     (uint32_t)ev->function.func_id);
        fz_mix64(g, ev->function.delta);
        fz_mix64(g, (uint64_t)ev->function.depth << 32 | ev->function.closed);
        break;
    case TD_XRAY_EV_CALL_ARG:
        fz_mix64(g, ev->call_arg.value);
        break;
    case TD_XRAY_EV_CUSTOM_EVENT:
    case TD_XRAY_EV_TYPED_EVENT:
        fz_mix64(g, (uint64_t)(uint32_t)ev->event.size << 32 |
                     (uint32_t)ev->event.delta);
        fz_mix64(g, ev->event.tsc_field);
        fz_mix64(g, (uint64_t)ev->event.cpu_field << 16 | ev->event.type);
        break;
    case TD_XRAY_EV_WARNING:
        fz_mix64(g, (uint64_t)ev->warning.code << 32 | ev->warning.count);
        fz_mix64(g, (uint32_t)ev->warning.func_id);
        break;
    case TD_XRAY_EV_HEADER:
        fz_mix64(g, (uint64_t)ev->header.version << 32 | ev->header.mode);
        fz_mix64(g, (uint64_t)ev->header.bitfield << 1 | ev->header.big_endian);
        fz_mix64(g, ev->header.cycle_frequency);
        fz_mix64(g, ev->header.buffer_size);
        break;
    case TD_XRAY_EV_EXTENTS:
        fz_mix64(g, ev->extents.bytes);
        break;
    case TD_XRAY_EV_PADDING:
        fz_mix64(g, ev->padding.bytes);
        break;
    case TD_XRAY_EV_NEW_BUFFER:
    case TD_XRAY_EV_PID:
        fz_mix64(g, (uint32_t)ev->thread.id);
        break;
    case TD_XRAY_EV_WALLCLOCK:
        fz_mix64(g, ev->wallclock.seconds);
        fz_mix64(g, ev->wallclock.micros);
        break;
    case TD_XRAY_EV_NEW_CPU:
    case TD_XRAY_EV_TSC_WRAP:
        fz_mix64(g, ev->cpu_record.tsc);
        fz_mix64(g, ev->cpu_record.id);
        break;
    default:
        break;
    }
}

/* What a decode saw: a digest of all its events (run->digest) and one of
 * all but its FUNCTION events (run->context), both with the outcome. */
static void mix_both(fz_run *run, const fz_event *e)
{
    fz_digest *others = run->context;
    mix_event(&run->digest, &e->xray);
    if (e->xray.kind != TD_XRAY_EV_FUNCTION)
        mix_event(others, &e->xray);
}

static void mix_fault_both(fz_run *run, int rc)
{
    fz_mix_fault(&run->digest, &run->feeder, rc, fz_run_fault(run));
    fz_mix_fault(run->context, &run->feeder, rc, fz_run_fault(run));
}

typedef struct digests {
    uint64_t all, others;
} digests;

/* Decode; seed 0: one span, else pseudo-random spans. */
static digests decode(const uint8_t *data, size_t len, uint8_t options,
                      uint32_t flags, uint64_t seed)
{
    static uint64_t calls_mem[(16 * (12 + 32 * 4)) / 8];
    fz_digest others = fz_digest_start();
    td_xray_config cfg;
    digests g;
    fz_run run;
    fz_run_start(&run, "xray_fuzzer", FZ_XRAY, data, len,
                 seed ? FZ_RANDOM_SPANS : FZ_ONE_SPAN, seed, 0);
    memset(&cfg, 0, sizeof cfg);
    cfg.size = sizeof cfg;
    cfg.flags = flags;
    if (options & 2)
        cfg.flags |= TD_XRAY_RECOVER_TYPED_EXTENTS;
    if (options & 1) {
        cfg.memory = calls_mem;
        cfg.memory_size = sizeof calls_mem;
        cfg.max_threads = 16;
        cfg.max_depth = 32;
    }
    td_xray_init(&run.d.xray, &cfg);
    run.event = mix_both;
    run.fault = mix_fault_both;
    run.context = &others;
    fz_run_decode(&run);
    g.others = others.h;
    g.all = fz_run_end(&run);
    return g;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    uint8_t options;
    uint64_t seed;
    digests whole, split, skim;
    if (size == 0)
        return 0;
    options = data[0];
    seed = (uint64_t)(options >> 2) + 1;
    whole = decode(data + 1, size - 1, options, 0, 0);
    split = decode(data + 1, size - 1, options, 0, seed);
    skim = decode(data + 1, size - 1, options, TD_XRAY_SKIP_FUNCTIONS, seed);
    if (whole.all != split.all)
        fz_fail("xray_fuzzer", "the event stream depends on the chunking");
    if (skim.all != whole.others)
        fz_fail("xray_fuzzer", "skipping functions changes the other events");
    return 0;
}
