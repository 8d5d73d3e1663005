/*
 * test_umt.c - the UMT decoder's specification, as tests:
 *   - every variant of the full trace (both string layouts, exec and
 *     instruction record versions 0 and 1, 48/64-byte module rows, 40/48-
 *     byte thread rows, shared strings, unsorted syscalls, RowSize above
 *     the known fields) decodes in every mode, with the same events for
 *     every answer size (and every chunking in the forward modes);
 *   - the committed traces under tests/data/umt decode to their golden
 *     event logs and are what the encoder writes today;
 *   - one corrupt trace per check gives its error, file and offset;
 *   - truncating any file anywhere gives TD_E_TRUNCATED in that file;
 *     changing any byte never crashes and never depends on answer sizes;
 *   - a 512-byte operand, a 1 MiB memory dump, offsets past 4 GiB;
 *   - the command line: info, validate, dump, stat --json, both I/O
 *     methods.
 * TRACEDEC_UPDATE_GOLDEN=1 rewrites the committed traces, their logs and
 * the fuzz seeds.
 */
#include "codec_umt.h"
#include "config_check.h"
#include "golden.h"
#include "harness.h"
#include "sweep.h"
#include "umt_cases.h"
#include "umt_records.h"
#include "umt_traces.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define CASES "tests/umt/cases"

static const int random_modes[] = {
    TD_UMT_DECODE,       TD_UMT_VALIDATE,  TD_UMT_MODULES,
    TD_UMT_THREADS,      TD_UMT_SYSCALLS,  TD_UMT_ADDRESS_RANGES,
    TD_UMT_INSTRUCTIONS, TD_UMT_REGISTERS,
};

static void build_variant(const char *name, uenc *e, umt_marks *m)
{
    uenc_options o;
    expect(umt_variant_options(name, &o), "unknown variant %s", name);
    umt_full_trace(e, &o, m);
}

/* ---- Decodes and sweeps
 * ------------------------------------------------------- */

static test_result run(const test_input *in, int mode, uint32_t flags,
                       test_plan plan)
{
    test_config cfg = umt_test_config(mode, flags, 0);
    return test_decode(&umt_codec, in, &cfg, plan);
}

/* Exact answers, min_len + 1..9 and 8 random ones give the log of whole
 * answers. */
static void sweep_answers(const test_input *in, const char *name, int mode,
                          uint32_t flags)
{
    static const plan_range plans[3] = {{ANSWER_EXACT, 0, 0, NULL},
                                        {ANSWER_PLUS, 1, 9, NULL},
                                        {ANSWER_RANDOM, 1, 8, NULL}};
    test_config cfg = umt_test_config(mode, flags, 0);
    sweep_plans(&umt_codec, name, in, &cfg, plans, 3);
}

/* (forward modes) Chunks of 1..40 bytes and 8 random splits give the log
 * of whole answers. */
static void sweep_chunks(const test_input *in, const char *name, int mode,
                         uint32_t flags)
{
    static const plan_range plans[2] = {{ANSWER_SPANS, 1, 40, NULL},
                                        {ANSWER_RANDOM, 1, 8, NULL}};
    test_config cfg = umt_test_config(mode, flags, 0);
    sweep_plans(&umt_codec, name, in, &cfg, plans, 2);
}

/* Each file cut at every point (every 7th in files above 600 bytes, every
 * size/512-th above 4 KiB, and one byte short) gives TD_E_TRUNCATED in
 * that file, or where the mode does not need the bytes cut the whole
 * result, after a prefix of the whole log; trace.xml cut between its
 * top-level elements is still whole. */
static void sweep_truncation(const test_input *in, const char *name,
                             int mode, uint32_t flags, size_t workspace)
{
    test_config cfg = umt_test_config(mode, flags, workspace);
    cut_sweep cuts;
    memset(&cuts, 0, sizeof cuts);
    cuts.where.all_below = 600;
    cuts.where.step = 7;
    cuts.where.steps = 512;
    cuts.where.edges = 1;
    cuts.expect = CUT_TRUNCATED;
    cuts.lenient_files = 1u << UF_XML;
    sweep_cuts(&umt_codec, name, in, &cfg, &cuts);
}

#define ALL_FILES ((1u << UF_COUNT) - 1)

/* The files a mode reads, a bit each. */
static unsigned files_read(int mode)
{
    if (mode == TD_UMT_STREAM)
        return 1u << UF_EXEC_VTABLE | 1u << UF_EXEC_OFFSETS;
    return ALL_FILES;
}

/* Whether TD_UMT_SKIP_INSTRUCTIONS applies to a mode and flags (the
 * payloads it leaves out must be left out already for the same result). */
static bool skips(int mode, uint32_t flags)
{
    return (mode == TD_UMT_DECODE || mode == TD_UMT_VALIDATE) &&
           (flags & TD_UMT_NO_PAYLOADS) != 0;
}

/* 3 changes of every byte (every 7th in files above 4 KiB) of the given
 * files the mode reads give the same result with whole and min_len + k
 * answers, and, where it applies, with TD_UMT_SKIP_INSTRUCTIONS and a
 * large or the smallest workspace; an error has a reason and a file. */
static void sweep_bytes(const uenc *e, const char *name, int mode,
                        uint32_t flags, unsigned files)
{
    static const int changes[3] = {0x01, 0x80, CHANGE_SET | 0xff};
    test_config cfg = umt_test_config(mode, flags, 0);
    test_config skipping[2];
    test_file f[UF_COUNT];
    test_input in = umt_input_of(e, f);
    change_sweep how;
    skipping[0] = umt_test_config(mode, flags | TD_UMT_SKIP_INSTRUCTIONS,
                                  (size_t)1 << 20);
    skipping[1] = umt_test_config(mode, flags | TD_UMT_SKIP_INSTRUCTIONS,
                                  TD_UMT_WORKSPACE_MIN);
    memset(&how, 0, sizeof how);
    how.where.all_below = 4096;
    how.where.step = 7;
    how.kind = CHANGE_LIST;
    how.list = changes;
    how.list_len = 3;
    how.compare_every = 1;
    how.files = files & files_read(mode);
    how.variants = skips(mode, flags) ? skipping : NULL;
    how.variant_count = 2;
    how.quiet = true;
    sweep_changes(&umt_codec, name, &in, &cfg, &how);
}

/* (DECODE, VALIDATE) With workspaces of several sizes, whole, exact,
 * min_len + k and random answers give the log of whole answers without
 * one, and TD_UMT_SKIP_INSTRUCTIONS the log of TD_UMT_NO_PAYLOADS as
 * skipped. */
static void sweep_workspace(const test_input *in, const char *name, int mode,
                            uint32_t flags)
{
    static const size_t sizes[4] = {0, TD_UMT_WORKSPACE_MIN, 6000,
                                    (size_t)1 << 20};
    static const int answers[4] = {ANSWER_WHOLE, ANSWER_EXACT, ANSWER_PLUS,
                                   ANSWER_RANDOM};
    test_config plain = umt_test_config(mode, flags, 0);
    test_config skipped = umt_test_config(
        mode, flags | TD_UMT_NO_PAYLOADS | TEST_UMT_LOG_AS_SKIPPED, 0);
    test_config with[4], skipping[4];
    plan_range runs[16], skipping_runs[16];
    size_t i, k;
    for (i = 0; i < 4; i++) {
        with[i] = umt_test_config(mode, flags, sizes[i]);
        skipping[i] = umt_test_config(mode, flags | TD_UMT_SKIP_INSTRUCTIONS,
                                      sizes[i]);
        for (k = 0; k < 4; k++) {
            plan_range r = {answers[k], i + k, i + k, &with[i]};
            runs[4 * i + k] = r;
            r.cfg = &skipping[i];
            skipping_runs[4 * i + k] = r;
        }
    }
    sweep_plans(&umt_codec, name, in, &plain, runs, 16);
    sweep_plans(&umt_codec, name, in, &skipped, skipping_runs, 16);
}

static void test_umt_variants(void)
{
    unsigned v, k;
    for (v = 0; v < umt_variant_count; v++) {
        uenc e;
        umt_marks m;
        test_file files[UF_COUNT];
        test_input in;
        test_result r;
        build_variant(umt_variants[v], &e, &m);
        in = umt_input_of(&e, files);
        for (k = 0; k < sizeof random_modes / sizeof *random_modes; k++) {
            r = run(&in, random_modes[k], 0, plan_whole());
            expect(r.status == TD_END, "%s mode %d: %s", umt_variants[v],
                   random_modes[k], td_error_name(r.status));
            test_result_free(&r);
            sweep_answers(&in, umt_variants[v], random_modes[k], 0);
        }
        sweep_answers(&in, umt_variants[v], TD_UMT_DECODE,
                      TD_UMT_NO_PAYLOADS);
        sweep_answers(&in, umt_variants[v], TD_UMT_VALIDATE,
                      TD_UMT_NO_PAYLOADS);
        sweep_workspace(&in, umt_variants[v], TD_UMT_DECODE, 0);
        sweep_workspace(&in, umt_variants[v], TD_UMT_VALIDATE, 0);
        sweep_chunks(&in, umt_variants[v], TD_UMT_STREAM, 0);
        sweep_chunks(&in, umt_variants[v], TD_UMT_XML, 0);
        uenc_free(&e);
    }
}

/* ---- Golden cases
 * ------------------------------------------------------- */

/* The case's log of a mode. */
static void check_log(golden_set *s, unsigned file, golden_case *c,
                      const char *info, int mode)
{
    test_file files[UF_COUNT];
    test_input in = golden_input(c, files, UF_COUNT, uenc_file_names);
    test_result r = run(&in, mode, 0, plan_whole());
    char *log = test_outcome(&umt_codec, &r);
    golden_check(s, file, c, info, log);
    free(log);
    test_result_free(&r);
}

static void export_seed(const char *name, const uenc *e);
static void export_cases(void);

/* Each golden case is the encoder's variant of its name; its logs are
 * those of VALIDATE and STREAM. */
static void test_umt_golden(void)
{
    golden_set s = golden_read(CASES);
    unsigned i, k;
    int f;
    for (i = 0; i < s.count; i++) {
        for (k = 0; k < s.files[i].count; k++) {
            golden_case *c = &s.files[i].cases[k];
            uenc built;
            umt_marks m;
            build_variant(c->name, &built, &m);
            for (f = 0; f < UF_COUNT; f++)
                golden_check_bytes(&s, i, c, uenc_file_names[f],
                                   built.f[f].head, built.f[f].head_len,
                                   NULL, 0, golden_updating());
            if (golden_updating())
                export_seed(c->name, &built);
            check_log(&s, i, c, "log", TD_UMT_VALIDATE);
            check_log(&s, i, c, "log stream", TD_UMT_STREAM);
            uenc_free(&built);
        }
    }
    golden_save(&s, umt_record);
    if (golden_updating())
        export_cases();
}

/* ---- Fuzz seeds: the eleven files, each with a 32-bit length (see
 * fuzz/umt_fuzzer.c) --------------------------------------------------------
 */

static void put_le32(FILE *f, uint32_t v)
{
    fputc((int)(v & 0xff), f);
    fputc((int)(v >> 8 & 0xff), f);
    fputc((int)(v >> 16 & 0xff), f);
    fputc((int)(v >> 24 & 0xff), f);
}

static void write_seed(const char *name, const uenc *e, uint8_t options)
{
    static uint8_t standard_map[17424];
    char rel[512];
    FILE *f;
    bool keep_map;
    int i;
    snprintf(rel, sizeof rel, "fuzz/corpus/umt/%s", name);
    f = fopen(root_path(rel), "wb");
    if (!expect(f != NULL, "cannot write %s", rel))
        return;
    /* The encoder's context map is left out (bit 3: the harness makes
     * one); a changed one stays. */
    uenc_context_map(standard_map);
    keep_map = e->f[UF_CONTEXT_MAP].head_len != sizeof standard_map ||
               memcmp(e->f[UF_CONTEXT_MAP].head, standard_map,
                      sizeof standard_map) != 0;
    fputc(options | 8, f);
    for (i = 0; i < UF_COUNT; i++) {
        size_t n = i == UF_CONTEXT_MAP && !keep_map ? 0 : e->f[i].head_len;
        put_le32(f, (uint32_t)n);
        fwrite(e->f[i].head, 1, n, f);
    }
    fclose(f);
}

/* The as-built trace in every mode, the 2013 one in the main three. */
static void export_seed(const char *name, const uenc *e)
{
    char mode_name[128];
    unsigned mode;
    bool every = strcmp(name, "as-built-v1") == 0;
    for (mode = 0; mode < 10; mode++) {
        if (!every && mode > TD_UMT_STREAM)
            continue;
        snprintf(mode_name, sizeof mode_name, "%s-mode%u", name, mode);
        write_seed(mode_name, e, (uint8_t)(mode << 4));
    }
}

/* Whether an earlier case has the same error in the same file. */
static bool seen_before(unsigned i)
{
    unsigned k;
    for (k = 0; k < i; k++)
        if (umt_cases[k].code == umt_cases[i].code &&
            umt_cases[k].file == umt_cases[i].file &&
            umt_cases[k].mode == umt_cases[i].mode)
            return true;
    return false;
}

/* The first corrupt case of each error, file and mode as a seed too (with
 * TRACEDEC_UPDATE_GOLDEN). */
static void export_cases(void)
{
    unsigned i;
    for (i = 0; i < umt_case_count; i++) {
        const umt_case *c = &umt_cases[i];
        uenc e;
        if (seen_before(i))
            continue;
        umt_case_trace(c, &e);
        write_seed(c->name, &e, (uint8_t)(c->mode << 4 | (c->flags & 7)));
        uenc_free(&e);
    }
}

/* ---- Corrupt traces
 * ----------------------------------------------------------- */

static void run_case(const umt_case *c)
{
    uenc e;
    test_file files[UF_COUNT];
    test_input in;
    test_result r;
    uint64_t want = umt_case_trace(c, &e);
    in = umt_input_of(&e, files);
    r = run(&in, c->mode, c->flags, plan_whole());
    expect(r.status == c->code, "%s: status %s, want %s (%s)", c->name,
           td_error_name(r.status), td_error_name(c->code),
           r.fault.reason ? r.fault.reason : "");
    if (c->code < 0) {
        expect(r.fault_source == (uint32_t)c->file && r.fault.offset == want,
               "%s: error in %s at %llu, want %s at %llu", c->name,
               td_umt_file_name((int)r.fault_source),
               (unsigned long long)r.fault.offset, uenc_file_names[c->file],
               (unsigned long long)want);
        expect(r.fault.reason != NULL, "%s: no reason", c->name);
    } else {
        expect(r.log != NULL && strstr(r.log, "warning ") != NULL,
               "%s: no warning event", c->name);
    }
    expect(r.protocol_ok, "%s: %s", c->name, r.protocol_msg);
    test_result_free(&r);
    if (c->mode == TD_UMT_STREAM)
        sweep_chunks(&in, c->name, c->mode, c->flags);
    else
        sweep_answers(&in, c->name, c->mode, c->flags);
    if (c->mode == TD_UMT_DECODE || c->mode == TD_UMT_VALIDATE)
        sweep_workspace(&in, c->name, c->mode, c->flags);
    uenc_free(&e);
}

static void test_umt_cases(void)
{
    unsigned i;
    for (i = 0; i < umt_case_count; i++)
        run_case(&umt_cases[i]);
}

/* ---- Truncation and changed bytes
 * --------------------------------------------- */

static void test_umt_truncation(void)
{
    uenc e;
    umt_marks m;
    test_file files[UF_COUNT];
    test_input in;
    build_variant("as-built-v1", &e, &m);
    in = umt_input_of(&e, files);
    sweep_truncation(&in, "validate", TD_UMT_VALIDATE, 0, 0);
    sweep_truncation(&in, "decode", TD_UMT_DECODE, 0, 0);
    sweep_truncation(&in, "stream", TD_UMT_STREAM, 0, 0);
    uenc_free(&e);
    build_variant("legacy-2013", &e, &m);
    in = umt_input_of(&e, files);
    sweep_truncation(&in, "legacy validate", TD_UMT_VALIDATE,
                     TD_UMT_NO_PAYLOADS, 0);
    sweep_truncation(&in, "legacy validate, skipping", TD_UMT_VALIDATE,
                     TD_UMT_SKIP_INSTRUCTIONS, TD_UMT_WORKSPACE_MIN);
    uenc_free(&e);
}

static void test_umt_bytes(void)
{
    uenc e;
    umt_marks m;
    build_variant("as-built-v1", &e, &m);
    sweep_bytes(&e, "validate", TD_UMT_VALIDATE, TD_UMT_NO_PAYLOADS,
                ALL_FILES);
    sweep_bytes(&e, "stream", TD_UMT_STREAM, 0, ALL_FILES);
    uenc_free(&e);
}

/* More threads than the smallest workspace follows during the records:
 * their chains are walked after them, with the same result. */
static void test_umt_many_threads(void)
{
    uenc e;
    test_file files[UF_COUNT];
    test_input in;
    test_result r;
    umt_many_threads_trace(&e);
    in = umt_input_of(&e, files);
    r = run(&in, TD_UMT_VALIDATE, 0, plan_whole());
    expect(r.status == TD_END, "%d threads: %s (%s)", UMT_MANY_THREADS,
           td_error_name(r.status), r.fault.reason ? r.fault.reason : "");
    test_result_free(&r);
    sweep_workspace(&in, "many threads", TD_UMT_VALIDATE, 0);
    sweep_workspace(&in, "many threads", TD_UMT_DECODE,
                        TD_UMT_NO_PAYLOADS);
    sweep_bytes(&e, "many threads", TD_UMT_VALIDATE, TD_UMT_NO_PAYLOADS,
                    1u << UF_EXEC_VTABLE | 1u << UF_EXEC_OFFSETS |
                        1u << UF_PREV_NEXT | 1u << UF_THREAD);
    uenc_free(&e);
}

/* ---- Big payloads and far offsets
 * --------------------------------------------- */

/* Decode with exact answers, checking the dump's bytes against the
 * encoder's pattern (seed 2 for the first memory reference of seed 1). */
static void check_big_dump(const uenc *e)
{
    td_umt_decoder d;
    td_umt_event ev;
    td_umt_config cfg = umt_decoder_config(TD_UMT_DECODE, 0, NULL, 0);
    uint64_t seen = 0, fragments = 0;
    uint8_t *span = NULL;
    bool pattern_ok = true;
    int rc;
    td_umt_init(&d, &cfg);
    while ((rc = td_umt_next(&d, &ev)) != TD_END) {
        const td_request *rq;
        uint64_t size;
        size_t n, i;
        if (rc == TD_EVENT) {
            if (ev.kind != TD_UMT_EV_BYTES || ev.bytes.of != TD_UMT_OF_MEMORY)
                continue;
            for (i = 0; i < ev.bytes.len; i++) {
                size_t k = (size_t)ev.bytes.pos + i;
                if (ev.bytes.data[i] != (uint8_t)(2 * 31 + k * 7 + (k >> 8)))
                    pattern_ok = false;
            }
            seen += ev.bytes.len;
            fragments++;
            continue;
        }
        if (!expect(rc == TD_NEED_INPUT, "1 MiB dump: %s", td_error_name(rc)))
            break;
        rq = td_umt_request(&d);
        size = ufile_size(&e->f[rq->source]);
        n = rq->offset < size ? rq->min_len : 0;
        if (n > size - rq->offset)
            n = (size_t)(size - rq->offset);
        free(span);
        span = malloc(n ? n : 1);
        ufile_read(&e->f[rq->source], rq->offset, span, n);
        td_umt_feed(&d, span, n);
    }
    free(span);
    expect(seen == (uint64_t)1 << 20, "1 MiB dump: %llu bytes",
           (unsigned long long)seen);
    expect(fragments == ((uint64_t)1 << 20) / TD_UMT_MAX_REQUEST,
           "1 MiB dump: %llu fragments for exact answers",
           (unsigned long long)fragments);
    expect(pattern_ok, "1 MiB dump: the bytes are not the encoder's");
}

static void test_umt_big_dump(void)
{
    uenc e;
    test_file files[UF_COUNT];
    test_input in;
    test_result r;
    umt_big_dump_trace(&e);
    in = umt_input_of(&e, files);
    r = run(&in, TD_UMT_VALIDATE, 0, plan_whole());
    expect(r.status == TD_END, "1 MiB dump: %s", td_error_name(r.status));
    expect(r.log != NULL && strstr(r.log, "total=1048576 seen=1048576"),
           "1 MiB dump: the payload is not whole in the log");
    test_result_free(&r);
    sweep_answers(&in, "1 MiB dump", TD_UMT_DECODE, 0);
    sweep_chunks(&in, "1 MiB dump", TD_UMT_STREAM, 0);
    check_big_dump(&e);
    uenc_free(&e);
}

static char *output_of(const char *args, const char *trace);

static void test_umt_far(void)
{
    uenc e, near;
    umt_marks m;
    test_file files[UF_COUNT];
    test_input in;
    test_result r;
    char dir[64], cmd[256];
    umt_far_trace(&e);
    in = umt_input_of(&e, files);
    r = run(&in, TD_UMT_VALIDATE, 0, plan_whole());
    expect(r.status == TD_END, "past 4 GiB: %s (%s)", td_error_name(r.status),
           r.fault.reason ? r.fault.reason : "");
    expect(r.log != NULL && strstr(r.log, "exec.vtable@5368709120") != NULL,
           "past 4 GiB: the first record is not at 5 GiB");
    test_result_free(&r);
    sweep_answers(&in, "past 4 GiB", TD_UMT_VALIDATE, 0);
    /* Forward reading must go through the 5 GiB hole: big answers only. */
    r = run(&in, TD_UMT_STREAM, 0, plan_whole());
    expect(r.status == TD_END && r.protocol_ok, "past 4 GiB, stream: %s",
           td_error_name(r.status));
    test_result_free(&r);
    /* Sparse files on disk, read by the command line. */
    snprintf(dir, sizeof dir, "/tmp/tracedec-umt-far-XXXXXX");
    if (expect(mkdtemp(dir) != NULL, "mkdtemp") &&
        expect(uenc_write_dir(&e, dir) == 0, "cannot write %s", dir)) {
        expect(run_shell("'%s' validate '%s'", test_tracedec, dir) == 0,
               "validate on sparse files past 4 GiB");
        expect(run_shell("'%s' --io=mmap validate '%s'", test_tracedec, dir) ==
                   0,
               "validate --io=mmap on sparse files past 4 GiB");
        build_variant("as-built-v1", &near, &m);
        snprintf(cmd, sizeof cmd, "%s/near", dir);
        uenc_write_dir(&near, cmd);
        {
            char args[300];
            char *far_stat, *near_stat;
            snprintf(args, sizeof args, "stat --json %s", dir);
            far_stat = output_of(args, NULL);
            snprintf(args, sizeof args, "stat --json %s/near", dir);
            near_stat = output_of(args, NULL);
            expect(far_stat != NULL && near_stat != NULL &&
                       strcmp(far_stat, near_stat) == 0,
                   "stat differs between the far and the near trace");
            free(far_stat);
            free(near_stat);
        }
        uenc_free(&near);
        run_shell("rm -rf '%s'", dir);
    }
    uenc_free(&e);
}

/* ---- String layouts --------------------------------------------------------
 */

static void empty_first_name(const char *variant, int want_layout)
{
    uenc_options o;
    uenc e;
    umt_marks m;
    test_file files[UF_COUNT];
    test_input in;
    test_result r;
    td_umt_decoder d;
    td_umt_config cfg = umt_decoder_config(TD_UMT_MODULES, 0, NULL, 0);
    umt_variant_options(variant, &o);
    uenc_init(&e, &o);
    uenc_module(&e, 0x1000, 0x1fff, "", "");
    uenc_module(&e, 0x2000, 0x2fff, "C:\\b.dll", "\\Device\\b.dll");
    (void)m;
    uenc_finish(&e);
    in = umt_input_of(&e, files);
    r = run(&in, TD_UMT_MODULES, 0, plan_exact());
    expect(r.status == TD_END, "%s, empty names first: %s (%s)", variant,
           td_error_name(r.status), r.fault.reason ? r.fault.reason : "");
    expect(r.log != NULL && strstr(r.log, "layout=0 length=0") != NULL,
           "%s: an empty string decided the layout", variant);
    test_result_free(&r);
    sweep_answers(&in, variant, TD_UMT_MODULES, 0);
    /* the layout the first non-empty string decides */
    td_umt_init(&d, &cfg);
    {
        td_umt_event ev;
        int rc;
        uint8_t *span = NULL;
        while ((rc = td_umt_next(&d, &ev)) == TD_EVENT ||
               rc == TD_NEED_INPUT) {
            const td_request *rq;
            uint64_t size, n;
            if (rc == TD_EVENT)
                continue;
            rq = td_umt_request(&d);
            size = ufile_size(&e.f[rq->source]);
            n = rq->offset < size ? size - rq->offset : 0;
            free(span);
            span = malloc(n ? (size_t)n : 1);
            ufile_read(&e.f[rq->source], rq->offset, span, (size_t)n);
            td_umt_feed(&d, span, (size_t)n);
        }
        free(span);
        expect(rc == TD_END && td_umt_layout(&d) == want_layout,
               "%s: layout %d, want %d", variant, td_umt_layout(&d),
               want_layout);
    }
    uenc_free(&e);
}

static void test_umt_string_layouts(void)
{
    static const struct {
        const char *variant;
        uint32_t flags;
    } good[4] = {
        {"as-built-v1", TD_UMT_STRINGS_AS_BUILT},
        {"legacy-2013", TD_UMT_STRINGS_2013},
        {"shared-strings", TD_UMT_STRINGS_AS_BUILT},
        {"mixed-2013-v1", TD_UMT_STRINGS_2013},
    };
    unsigned i;
    for (i = 0; i < 4; i++) {
        uenc e;
        umt_marks m;
        test_file files[UF_COUNT];
        test_input in;
        test_result r;
        build_variant(good[i].variant, &e, &m);
        in = umt_input_of(&e, files);
        r = run(&in, TD_UMT_VALIDATE, good[i].flags, plan_whole());
        expect(r.status == TD_END, "%s with its layout flag: %s",
               good[i].variant, td_error_name(r.status));
        test_result_free(&r);
        uenc_free(&e);
    }
    empty_first_name("as-built-v1", TD_UMT_LAYOUT_AS_BUILT);
    empty_first_name("legacy-2013", TD_UMT_LAYOUT_2013);
}

/* ---- The API
 * ------------------------------------------------------------------ */

static int umt_init_any(void *d, const void *cfg)
{
    return td_umt_init(d, cfg);
}

static void test_umt_api(void)
{
    td_umt_decoder d;
    td_umt_event ev;
    expect(sizeof(td_umt_decoder) <= 512, "td_umt_decoder is %zu bytes",
           sizeof(td_umt_decoder));
    td_umt_config cfg = umt_decoder_config(TD_UMT_DECODE, 0, NULL, 0);
    check_config("umt", umt_init_any, &d, &cfg, sizeof cfg, 16, false);
    expect(td_umt_init(&d, NULL) == TD_OK && d.mode == TD_UMT_DECODE &&
               d.workspace == NULL,
           "a NULL config is every setting 0: DECODE, no workspace");
    cfg = umt_decoder_config(10, 0, NULL, 0);
    expect(td_umt_init(&d, &cfg) == TD_E_INVALID_ARGUMENT, "mode 10");
    {
        uint64_t space[TD_UMT_WORKSPACE_MIN / 8 + 1];
        td_umt_config small = umt_decoder_config(TD_UMT_DECODE, 0, space,
                                         TD_UMT_WORKSPACE_MIN - 1);
        td_umt_config odd = umt_decoder_config(TD_UMT_DECODE, 0, (uint8_t *)space + 4,
                                       TD_UMT_WORKSPACE_MIN);
        td_umt_config right = umt_decoder_config(
            TD_UMT_VALIDATE, TD_UMT_SKIP_INSTRUCTIONS, space, sizeof space);
        expect(td_umt_init(&d, &small) == TD_E_BAD_CONFIG &&
                   td_umt_init(&d, &odd) == TD_E_BAD_CONFIG &&
                   td_umt_init(&d, &right) == TD_OK,
               "workspace sizes and alignment");
    }
    cfg = umt_decoder_config(TD_UMT_DECODE,
                     TD_UMT_STRINGS_2013 | TD_UMT_STRINGS_AS_BUILT, NULL, 0);
    expect(td_umt_init(&d, &cfg) == TD_E_INVALID_ARGUMENT, "both layouts");
    cfg = umt_decoder_config(TD_UMT_DECODE, 0, NULL, 0);
    expect(td_umt_init(&d, &cfg) == TD_OK, "init");
    expect(td_umt_next(&d, NULL) == TD_E_INVALID_ARGUMENT, "NULL event");
    expect(td_umt_next(&d, &ev) == TD_NEED_INPUT &&
               td_umt_request(&d)->source == TD_UMT_EXEC_VTABLE &&
               td_umt_request(&d)->offset == 0,
           "the first request is exec.vtable's header");
    expect(td_umt_feed(&d, NULL, 5) == TD_E_PROTOCOL, "NULL data");
    cfg = umt_decoder_config(TD_UMT_XML, 0, NULL, 0);
    td_umt_init(&d, &cfg);
    td_umt_next(&d, &ev);
    td_umt_feed(&d, "<A", 2);
    expect(td_umt_next(&d, &ev) == TD_NEED_INPUT &&
               td_umt_feed(&d, NULL, 0) == TD_OK &&
               td_umt_next(&d, &ev) == TD_E_TRUNCATED &&
               td_umt_fault(&d)->code == TD_E_TRUNCATED &&
               td_umt_fault_file(&d) == TD_UMT_TRACE_XML,
           "a cut trace.xml: the error is in trace.xml");
    expect(td_umt_reset(&d) == TD_OK && td_umt_fault(&d)->code == 0 &&
               td_umt_next(&d, &ev) == TD_NEED_INPUT &&
               td_umt_request(&d)->source == TD_UMT_TRACE_XML &&
               td_umt_request(&d)->offset == 0,
           "reset starts the same mode again");
    expect(td_umt_reset(NULL) == TD_E_INVALID_ARGUMENT, "reset NULL");
    expect(strcmp(td_umt_file_name(TD_UMT_EXEC_PREV_NEXT),
                  "exec.prev_next.column") == 0 &&
               strcmp(td_umt_file_name(TD_UMT_TRACE_XML), "trace.xml") == 0 &&
               td_umt_file_name(11) == NULL,
           "file names");
    expect(td_umt_record_type_name(7) == NULL &&
               strcmp(td_umt_record_type_name(11), "unknown_context_change") ==
                   0,
           "record type names");
    expect(strcmp(td_umt_flag_name(0, 0x40), "exception-outputs") == 0 &&
               strcmp(td_umt_flag_name(1, 0x40), "faulted") == 0 &&
               strcmp(td_umt_flag_name(1, 0x01), "64bit") == 0 &&
               td_umt_flag_name(2, 0x80) == NULL &&
               td_umt_flag_name(0, 3) == NULL,
           "flag names per exec version");
    expect(strcmp(td_error_name(TD_E_UMT_PREV_NEXT), "umt-prev-next") == 0 &&
               strcmp(td_error_name(TD_E_TAGSCAN_LIMIT), "tagscan-limit") ==
                   0 &&
               strcmp(td_warning_name(TD_W_UMT_THREAD_INTERRUPTED),
                      "thread-interrupted") == 0,
           "error and warning names");
}

/* ---- The command line
 * ------------------------------------------------------- */

/* `tracedec ARGS TRACE REDIRECT`, TRACE a sample input (umt/NAME: a golden
 * case's directory, see data_path); its exit status. */
static int tracedec_on(const char *args, const char *trace,
                       const char *redirect)
{
    return run_shell("cd '%s' && '%s' %s '%s' %s", test_root, test_tracedec,
                     args, data_path(trace), redirect);
}

/* What `tracedec ARGS [TRACE]` prints (stdout and stderr); malloc'd. */
static char *output_of(const char *args, const char *trace)
{
    char path[128], *out;
    size_t len;
    snprintf(path, sizeof path, "/tmp/tracedec-umt-cli-%d.out", (int)getpid());
    if (trace != NULL)
        run_shell("cd '%s' && '%s' %s '%s' > '%s' 2>&1", test_root,
                  test_tracedec, args, data_path(trace), path);
    else
        run_shell("cd '%s' && '%s' %s > '%s' 2>&1", test_root, test_tracedec,
                  args, path);
    out = (char *)read_file(path, &len);
    remove(path);
    if (out != NULL) {
        out = realloc(out, len + 1);
        out[len] = 0;
    }
    return out;
}

/* Every "output ARGS" block of the golden cases is what `tracedec ARGS
 * TRACE` prints. */
static void check_outputs(void)
{
    golden_set s = golden_read(CASES);
    unsigned i, k, b;
    for (i = 0; i < s.count; i++) {
        for (k = 0; k < s.files[i].count; k++) {
            golden_case *c = &s.files[i].cases[k];
            for (b = 0; b < c->count; b++) {
                const char *info = c->blocks[b].info;
                char trace[300], *out;
                if (strncmp(info, "output ", 7) != 0)
                    continue;
                snprintf(trace, sizeof trace, "umt/%s", c->name);
                out = output_of(info + 7, trace);
                golden_check(&s, i, c, info, out ? out : "");
                free(out);
            }
        }
    }
    golden_save(&s, umt_record);
}

static void test_umt_cli(void)
{
    char *a, *b;
    char dir[64];
    uenc e;
    umt_marks m;
    expect(tracedec_on("validate", "umt/as-built-v1", "") == 0,
           "validate on a good trace exits 0");
    expect(tracedec_on("validate", "umt/legacy-2013", "") == 0,
           "validate on the 2013 layout exits 0");
    expect(tracedec_on("--io=stream validate", "umt/as-built-v1",
                       "2>/dev/null") == 2,
           "validate --io=stream is a usage error");
    expect(tracedec_on("convert -f json", "umt/as-built-v1",
                       "2>/dev/null") == 2,
           "convert is a usage error on UMT traces");
    check_outputs();
    a = output_of("dump", "umt/as-built-v1");
    b = output_of("--io=mmap dump", "umt/as-built-v1");
    expect(a != NULL && b != NULL && strcmp(a, b) == 0,
           "dump differs between pread and mmap");
    free(a);
    free(b);
    a = output_of("--io=stream dump", "umt/as-built-v1");
    expect(a != NULL && strstr(a, "ApplicationEnd") != NULL,
           "dump --io=stream lacks the raw records");
    free(a);
    /* a corrupt trace: exit 1 and PATH/FILE:OFFSET: ERROR-NAME: reason */
    snprintf(dir, sizeof dir, "/tmp/tracedec-umt-bad-XXXXXX");
    if (!expect(mkdtemp(dir) != NULL, "mkdtemp"))
        return;
    build_variant("as-built-v1", &e, &m);
    uenc_poke8(&e, UF_EXEC_VTABLE, uenc_record_at(&e, m.store) + 4, 7);
    uenc_write_dir(&e, dir);
    expect(run_shell("'%s' validate '%s' 2>/dev/null", test_tracedec, dir) ==
               1,
           "validate on a corrupt trace exits 1");
    {
        char args[200], want[200];
        snprintf(args, sizeof args, "validate %s", dir);
        a = output_of(args, NULL);
        snprintf(want, sizeof want,
                 "%s/exec.vtable:%llu: umt-record-type: record type 7 does "
                 "not exist\n",
                 dir, (unsigned long long)(uenc_record_at(&e, m.store) + 4));
        expect(a != NULL && strcmp(a, want) == 0, "error line: %s, want %s",
               a ? a : "(none)", want);
        free(a);
    }
    uenc_free(&e);
    run_shell("rm -rf '%s'", dir);
}

const test_case umt_tests[] = {
    {"umt api", test_umt_api},
    {"umt variants", test_umt_variants},
    {"umt golden", test_umt_golden},
    {"umt corrupt cases", test_umt_cases},
    {"umt truncation", test_umt_truncation},
    {"umt changed bytes", test_umt_bytes},
    {"umt many threads", test_umt_many_threads},
    {"umt 1 MiB dump", test_umt_big_dump},
    {"umt past 4 GiB", test_umt_far},
    {"umt string layouts", test_umt_string_layouts},
    {"umt cli", test_umt_cli},
    {NULL, NULL},
};
