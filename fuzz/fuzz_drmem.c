/*
 * fuzz_drmem.c - the drmemtrace event digest and the chained-file check
 * (see fuzz_drmem.h).
 */
#include "fuzz_driver.h"
#include "fuzz_drmem.h"

static void mix_payload(fz_digest *h, const td_drmem_event *ev)
{
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

void fz_mix_drmem_event(fz_digest *h, const td_drmem_event *ev)
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
    mix_payload(h, ev);
}

/* The error and where it lies: record errors inside the decompressed
 * bytes handed to the records, container errors inside the input. */
static void mix_file_fault(fz_run *run, int rc)
{
    const td_drmem_file_decoder *f = &run->d.drmem_file;
    const td_fault *fault = td_drmem_file_fault(f);
    fz_digest *g = &run->digest;
    td_drmem_where where;
    uint64_t limit;
    td_drmem_file_where(f, &where);
    limit = where.in_records ? f->out_offset : run->feeder.source[0].len;
    if (fault->code != rc || fault->reason == NULL || fault->offset > limit)
        fz_fail(run->harness, "drmemtrace file: error without its code, a "
                              "reason, or with an offset outside");
    if (where.name_len > TD_DRMEM_NAME_KEPT)
        fz_fail(run->harness, "drmemtrace file: member name longer than "
                              "kept");
    fz_mix64(g, (uint64_t)(int64_t)rc);
    fz_mix64(g, fault->offset);
    fz_mix64(g, (uint64_t)where.in_records << 32 | where.member);
    fz_mix64(g, where.member_offset);
    fz_mix(g, where.name, where.name_len);
}

static void mix_event(fz_run *run, const fz_event *ev)
{
    fz_mix_drmem_event(&run->digest, &ev->drmem);
}

static uint64_t decode_file(const char *harness, int container,
                            bool seekable, const uint8_t *data, size_t len,
                            fz_spans spans, uint64_t seed)
{
    td_drmem_file_config cfg = {sizeof cfg, seekable ? TD_ZIP_SEEKABLE : 0,
                                NULL, TD_DRMEM_FILE_WINDOW, container};
    fz_run run;
    fz_run_start(&run, harness, FZ_DRMEM_FILE, data, len, spans, seed,
                 TD_DRMEM_FILE_WINDOW);
    run.feeder.seeking = seekable;
    cfg.memory = run.window;
    if (td_drmem_file_init(&run.d.drmem_file, &cfg) != TD_OK)
        fz_fail(harness, "td_drmem_file_init refused a valid set-up");
    run.event = mix_event;
    run.fault = mix_file_fault;
    fz_run_decode(&run);
    return fz_run_end(&run);
}

void fz_check_drmem_file(const char *harness, int container, bool seekable,
                         const uint8_t *data, size_t len, fz_spans spans,
                         uint64_t seed)
{
    if (decode_file(harness, container, seekable, data, len, FZ_ONE_SPAN,
                    0) !=
        decode_file(harness, container, seekable, data, len, spans, seed))
        fz_fail(harness, "drmemtrace file: the events depend on the chunking");
}
