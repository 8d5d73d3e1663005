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

#include "tracedec.h"

#define MEMBER_BYTES (16 * 12)

static void mix(uint64_t *h, uint64_t v)
{
    int i;
    for (i = 0; i < 8; i++)
        *h = (*h ^ ((v >> (8 * i)) & 0xff)) * 0x100000001b3u;
}

static void mix_event(uint64_t *h, const td_drmem_event *ev)
{
    mix(h, (uint64_t)ev->kind << 32 | ev->flags);
    mix(h, ev->offset);
    mix(h, ev->size);
    mix(h, (uint64_t)ev->type << 16 | ev->size_field);
    mix(h, ev->addr);
    mix(h, (uint64_t)ev->tid);
    mix(h, (uint64_t)ev->pid);
    mix(h, ev->record_ordinal);
    mix(h, ev->instr_ordinal);
    if (ev->kind == TD_DRMEM_EV_INSTR) {
        uint8_t i;
        mix(h, ev->instr.pc);
        mix(h, (uint64_t)ev->instr.length << 8 | (uint64_t)ev->instr.branch);
        mix(h, ev->instr.branch_target);
        mix(h, ev->instr.encoding_is_new);
        for (i = 0; ev->instr.encoding_is_new && i < ev->instr.encoding_len;
             i++)
            mix(h, ev->instr.encoding[i]);
    } else if (ev->kind == TD_DRMEM_EV_MEMREF) {
        mix(h, ev->memref.addr ^ ev->memref.pc);
    } else if (ev->kind == TD_DRMEM_EV_MARKER) {
        mix(h, (uint64_t)ev->marker.type << 48 ^ ev->marker.value);
    } else if (ev->kind == TD_DRMEM_EV_WARNING) {
        mix(h, (uint64_t)ev->warning.code);
    } else if (ev->kind == TD_DRMEM_EV_CHUNK) {
        mix(h, ev->chunk.index);
    }
}

static size_t next_length(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return (*s & 7) == 0 ? 1 + (*s >> 8) % 500 : 1 + (*s >> 8) % 25;
}

static void fail(const char *what)
{
    fprintf(stderr, "drmem_fuzzer: %s\n", what);
    abort();
}

/* seed 0: one span per member. */
static uint64_t decode(const uint8_t *data, size_t len, bool zip,
                       uint64_t seed)
{
    td_drmem_decoder d;
    td_drmem_event ev;
    uint64_t h = 0xcbf29ce484222325u;
    size_t fed = 0;
    uint32_t member = 0;
    uint8_t *span = NULL;
    int rc;
    memset(&ev, 0, sizeof ev);
    td_drmem_init(&d, 0);
    while ((rc = td_drmem_next(&d, &ev)) != TD_END) {
        if (rc == TD_EVENT) {
            mix_event(&h, &ev);
        } else if (rc == TD_NEED_INPUT) {
            size_t end = len, n;
            if (td_drmem_request(&d)->offset != fed)
                fail("request is not for the next byte");
            if (zip && fed % MEMBER_BYTES == 0 && fed < len &&
                fed / MEMBER_BYTES == member)
                td_drmem_begin_member(&d, member++);
            if (zip && fed / MEMBER_BYTES * MEMBER_BYTES + MEMBER_BYTES < len)
                end = fed / MEMBER_BYTES * MEMBER_BYTES + MEMBER_BYTES;
            n = seed ? next_length(&seed) : end - fed;
            if (n > end - fed)
                n = end - fed;
            free(span);
            span = n ? malloc(n) : NULL;
            if (n)
                memcpy(span, data + fed, n);
            td_drmem_feed(&d, span, n);
            fed += n;
        } else {
            const td_fault *f = td_drmem_fault(&d);
            if (f->code != rc || f->offset > len || f->reason == NULL)
                fail("error without a code, a reason or with an offset "
                     "outside");
            mix(&h, (uint64_t)(int64_t)rc);
            mix(&h, f->offset);
            break;
        }
    }
    free(span);
    return h;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    bool zip;
    if (size == 0)
        return 0;
    zip = (data[0] & 0x80) != 0;
    if (decode(data + 1, size - 1, zip, 0) !=
        decode(data + 1, size - 1, zip, (uint64_t)(data[0] & 0x7f) + 1))
        fail("the event stream depends on the chunking");
    return 0;
}
