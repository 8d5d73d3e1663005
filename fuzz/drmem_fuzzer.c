/*
 * drmem_fuzzer.c - the drmemtrace record decoder under libFuzzer, AFL++
 * and the replay driver.
 *
 * Input: one option byte, then a record stream. Option bits 0..6 seed the
 * span lengths; bit 7 makes the stream a zip of members of 16 records each
 * (12-byte records assumed), announced with td_drmem_begin_member. The
 * stream is decoded in one span and in pseudo-random spans, and the two
 * event sequences must be identical (a digest over every field); requests
 * must name the next byte and error offsets lie inside the input.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "tracedec.h"

#define MEMBER_BYTES (16 * 12)


static void mix_event(fz_digest *h, const td_drmem_event *ev)
{
    fz_mix64(h, (uint64_t)ev->kind << 32 | ev->flags);
    fz_mix64(h, ev->offset);
    fz_mix64(h, ev->size);
    fz_mix64(h, (uint64_t)ev->type << 16 | ev->size_field);
    fz_mix64(h, ev->addr);
    fz_mix64(h, (uint64_t)ev->tid);
    fz_mix64(h, (uint64_t)ev->pid);
    fz_mix64(h, ev->record_ordinal);
    fz_mix64(h, ev->instr_ordinal);
    if (ev->kind == TD_DRMEM_EV_INSTR) {
        uint8_t i;
        fz_mix64(h, ev->instr.pc);
        fz_mix64(h, (uint64_t)ev->instr.length << 8 | (uint64_t)ev->instr.branch);
        fz_mix64(h, ev->instr.branch_target);
        fz_mix64(h, ev->instr.encoding_is_new);
        for (i = 0; ev->instr.encoding_is_new && i < ev->instr.encoding_len;
             i++)
            fz_mix64(h, ev->instr.encoding[i]);
    } else if (ev->kind == TD_DRMEM_EV_MEMREF) {
        fz_mix64(h, ev->memref.addr ^ ev->memref.pc);
    } else if (ev->kind == TD_DRMEM_EV_MARKER) {
        fz_mix64(h, (uint64_t)ev->marker.type << 48 ^ ev->marker.value);
    } else if (ev->kind == TD_DRMEM_EV_WARNING) {
        fz_mix64(h, (uint64_t)ev->warning.code);
    } else if (ev->kind == TD_DRMEM_EV_CHUNK) {
        fz_mix64(h, ev->chunk.index);
    }
}



/* Where the member holding byte `fed` ends. */
static size_t member_end(size_t fed, size_t len)
{
    size_t end = fed / MEMBER_BYTES * MEMBER_BYTES + MEMBER_BYTES;
    return end < len ? end : len;
}

/* seed 0: one span per member. */
static uint64_t decode(const uint8_t *data, size_t len, bool zip,
                       uint64_t seed)
{
    td_drmem_decoder d;
    td_drmem_event ev;
    fz_digest h = fz_digest_start();
    fz_feeder f;
    uint32_t member = 0;
    int rc;
    memset(&ev, 0, sizeof ev);
    fz_feeder_init(&f, "drmem_fuzzer", data, len,
                   seed ? FZ_RANDOM_SPANS : FZ_ONE_SPAN, seed);
    td_drmem_init(&d, 0);
    while ((rc = td_drmem_next(&d, &ev)) != TD_END) {
        if (rc == TD_EVENT) {
            mix_event(&h, &ev);
        } else if (rc == TD_NEED_INPUT) {
            size_t fed = fz_feeder_fed(&f), n;
            const uint8_t *span;
            if (zip && fed < len && fed == (size_t)member * MEMBER_BYTES)
                td_drmem_begin_member(&d, member++);
            span = fz_feeder_answer(&f, td_drmem_request(&d),
                                    zip ? member_end(fed, len) : len, &n);
            td_drmem_feed(&d, span, n);
        } else {
            fz_mix_fault(&h, &f, rc, td_drmem_fault(&d));
            break;
        }
    }
    fz_feeder_free(&f);
    return h.h;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    bool zip;
    if (size == 0)
        return 0;
    zip = (data[0] & 0x80) != 0;
    if (decode(data + 1, size - 1, zip, 0) !=
        decode(data + 1, size - 1, zip, (uint64_t)(data[0] & 0x7f) + 1))
        fz_fail("drmem_fuzzer", "the event stream depends on the chunking");
    return 0;
}
