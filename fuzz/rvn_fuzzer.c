/*
 * rvn_fuzzer.c - the REVEN block-trace decoder under libFuzzer, AFL++ and
 * the replay driver.
 *
 * Input: one option byte, then a database file. It is decoded once with
 * answers of the whole rest of the file, once with answers cut by the
 * option byte (bit 0: exactly the requested page; else the page plus
 * pseudo-random extra bytes seeded by bits 1..7); the two event sequences
 * must be identical (a digest over every field). Requests must name one
 * of the two lanes and a byte of the file, and error offsets must lie
 * inside the file and come with a reason. The loop is fuzz_driver.c's.
 */
#include <string.h>

#include "fuzz_driver.h"

static void mix_event(fz_run *run, const fz_event *e)
{
    const td_rvn_event *ev = &e->rvn;
    fz_digest *h = &run->digest;
    fz_mix64(h, (uint64_t)ev->kind << 32 | ev->flags);
    fz_mix64(h, ev->offset);
    switch (ev->kind) {
    case TD_RVN_EV_METADATA_TEXT:
        fz_mix64(h, ev->text.pos ^ (uint64_t)ev->text.field << 40);
        fz_mix(h, ev->text.data, ev->text.size);
        break;
    case TD_RVN_EV_METADATA:
        fz_mix64(h, ev->metadata.type ^ ev->metadata.format.major);
        fz_mix64(h, (uint64_t)ev->metadata.generation_date);
        break;
    case TD_RVN_EV_TABLES:
        fz_mix64(h, ev->tables.present);
        break;
    case TD_RVN_EV_BLOCK_DATA:
        fz_mix64(h, ev->data.pos);
        fz_mix(h, ev->data.data, ev->data.size);
        break;
    case TD_RVN_EV_BLOCK:
        fz_mix64(h, (uint64_t)ev->block.id ^ ev->block.pc);
        fz_mix64(h, ev->block.data_length ^ ev->block.instruction_count);
        break;
    case TD_RVN_EV_INSTRUCTION:
        fz_mix64(h, (uint64_t)ev->instruction.block_id);
        fz_mix64(h, (uint64_t)ev->instruction.id << 32 | ev->instruction.index);
        break;
    case TD_RVN_EV_EXECUTION:
        fz_mix64(h, ev->execution.start ^ ev->execution.end << 1);
        fz_mix64(h, (uint64_t)ev->execution.block_id);
        break;
    case TD_RVN_EV_INTERRUPT:
        fz_mix64(h, ev->interrupt.transition ^ ev->interrupt.pc);
        break;
    default:
        fz_mix64(h, (uint64_t)ev->warning.code);
        break;
    }
}

static uint64_t decode(const uint8_t *data, size_t len, fz_spans spans,
                       uint64_t seed)
{
    td_rvn_config cfg;
    fz_run run;
    fz_run_start(&run, "rvn_fuzzer", FZ_RVN, data, len, spans, seed, 0);
    fz_feeder_database(&run.feeder);
    memset(&cfg, 0, sizeof cfg);
    cfg.size = sizeof cfg;
    cfg.files.db_size = len;
    td_rvn_init(&run.d.rvn, &cfg);
    run.event = mix_event;
    fz_run_decode(&run);
    return fz_run_end(&run);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_spans spans;
    if (size == 0)
        return 0;
    spans = (data[0] & 1) ? FZ_BYTE_SPANS : FZ_RANDOM_SPANS;
    if (decode(data + 1, size - 1, FZ_ONE_SPAN, 0) !=
        decode(data + 1, size - 1, spans, (uint64_t)(data[0] >> 1) + 1))
        fz_fail("rvn_fuzzer", "the events depend on how requests are answered");
    return 0;
}
