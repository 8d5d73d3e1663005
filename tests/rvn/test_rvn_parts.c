/*
 * test_rvn_parts.c - a REVEN trace decoded in parts (td_rvn_config.part
 * and parts, td_rvn_part_of, td_rvn_join), as tests:
 *   - init refuses a part not below parts and parts above 65535;
 *   - for traces of tests/rvn/rvn_writer.py (execution b-trees in 512- and
 *     4096-byte pages, with and without interrupts), the execution and
 *     interrupt events of parts 0 .. N-1, one after the other, are those
 *     of the whole trace, for N = 1, 2, 3 and 15 (more parts than the
 *     root has children: some are empty); the parts join in order, and
 *     their joined counts are the whole decoder's;
 *   - each part gives the same events whatever the answer size (exactly
 *     min_len, more, random spans) and, cut short (about 100 cuts), ends
 *     in an error after a prefix of its events (sweep_part).
 * They need python3 and skip without it.
 */
#include "codec_rvn.h"
#include "codec_sqlite.h"
#include "harness.h"
#include "sweep.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *const traces[] = {
    "small-512.sqlite",    /* 300 steps, 512-byte pages: a deep tree */
    "three-tables.sqlite", /* no interrupts table */
    "large.sqlite",        /* 3000 steps, 4096-byte pages */
    "upstream.sqlite",     /* rvnblock's scenarios */
};

static const unsigned part_counts[] = {1, 2, 3, SQLITE_TEST_MAX_PARTS};

/* The rows a log gives, one after the other: its "exec" and "irq" lines
 * appended to rows->text. A part after the first cannot see the row
 * before its first, so its first execution starts at 0; that start is
 * the end of the rows before it. */
typedef struct row_text {
    char *text;
    size_t len;
    unsigned long long last_end; /* of the last execution appended */
} row_text;

static void append_line(row_text *rows, const char *line, size_t n)
{
    rows->text = realloc(rows->text, rows->len + n + 1);
    memcpy(rows->text + rows->len, line, n);
    rows->len += n;
    rows->text[rows->len] = 0;
}

static void append_rows(const char *log, row_text *rows, bool later_part)
{
    const char *line, *end;
    bool first = true;
    for (line = log; *line; line = end) {
        unsigned long long start, stop, block;
        char fixed[120];
        end = strchr(line, '\n');
        end = end != NULL ? end + 1 : line + strlen(line);
        if (strncmp(line, "irq ", 4) == 0)
            append_line(rows, line, (size_t)(end - line));
        if (sscanf(line, "exec %llu %llu %llu", &start, &stop, &block) != 3)
            continue;
        if (first && later_part) {
            expect(start == 0, "a later part's first execution starts at "
                               "%llu, not 0", start);
            start = rows->last_end;
        }
        first = false;
        snprintf(fixed, sizeof fixed, "exec %llu %llu %llu\n", start, stop,
                 block);
        append_line(rows, fixed, strlen(fixed));
        rows->last_end = stop;
    }
}

static td_rvn_config part_config(unsigned part, unsigned parts)
{
    td_rvn_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.size = sizeof cfg;
    cfg.part = part;
    cfg.parts = parts;
    return cfg;
}

/* Decode part `part` of `parts` (parts 0: the whole) answering every
 * request whole; *part_out: what it leaves for td_rvn_join. */
static int decode_part(const test_read *file, unsigned part, unsigned parts,
                       td_rvn_part *part_out, td_rvn_counts *counts)
{
    td_rvn_decoder *r = malloc(sizeof *r);
    td_rvn_config cfg = part_config(part, parts);
    td_rvn_event ev;
    int rc;
    cfg.files = sqlite_files_of(&file->in);
    td_rvn_init(r, &cfg);
    while ((rc = rvn_next_whole(r, &ev, file->data,
                                (size_t)file->file.size)) == TD_EVENT)
        continue;
    td_rvn_part_of(r, part_out);
    *counts = *td_rvn_counts_of(r);
    free(r);
    return rc;
}

/* The parts, joined, count what the whole decoder counts. */
static void check_join(const char *name, const test_read *file,
                       unsigned parts)
{
    td_rvn_part whole, joined, next;
    td_rvn_counts want, got;
    unsigned k;
    expect(decode_part(file, 0, 0, &whole, &want) == TD_END,
           "%s: the whole trace fails", name);
    expect(decode_part(file, 0, parts, &joined, &got) == TD_END,
           "%s: part 0 of %u fails", name, parts);
    for (k = 1; k < parts; k++) {
        expect(decode_part(file, k, parts, &next, &got) == TD_END,
               "%s: part %u of %u fails", name, k, parts);
        expect(td_rvn_join(&joined, &next), "%s: part %u of %u does not "
               "join the parts before it", name, k, parts);
    }
    expect(memcmp(&joined.counts, &want, sizeof want) == 0,
           "%s: %u parts count %llu executions, %llu interrupts; the whole "
           "%llu, %llu", name, parts,
           (unsigned long long)joined.counts.executions,
           (unsigned long long)joined.counts.interrupts,
           (unsigned long long)want.executions,
           (unsigned long long)want.interrupts);
}

static void check_trace(const char *dir, const char *name)
{
    static const test_config plain = {0, 0, 0};
    row_text whole = {NULL, 0, 0}, joined = {NULL, 0, 0};
    size_t c, k;
    test_read file;
    test_result r;
    if (!test_input_read(dir, name, &file))
        return;
    r = test_decode(&rvn_codec, &file.in, &plain, plan_whole());
    append_rows(r.log != NULL ? r.log : "", &whole, false);
    expect(r.status == TD_END && whole.len > 0, "%s: %s, no rows", name,
           td_error_name(r.status));
    test_result_free(&r);
    for (c = 0; c < sizeof part_counts / sizeof part_counts[0]; c++) {
        for (k = 0; k < part_counts[c]; k++) {
            char *log = sweep_part(&rvn_codec, name, &file.in, (unsigned)k,
                                   part_counts[c]);
            append_rows(log, &joined, k > 0);
            free(log);
        }
        expect(joined.len == whole.len &&
                   memcmp(joined.text, whole.text, whole.len) == 0,
               "%s: the rows of %u parts are not the trace's (%zu bytes "
               "of log, want %zu)", name, part_counts[c], joined.len,
               whole.len);
        check_join(name, &file, part_counts[c]);
        free(joined.text);
        memset(&joined, 0, sizeof joined);
    }
    free(whole.text);
    test_read_free(&file);
}

static void test_parts_join(void)
{
    char dir[64] = "/tmp/tracedec-rvn-parts-XXXXXX";
    size_t i;
    if (!scratch_from(dir, "command -v python3", "tests/rvn/rvn_writer.py",
                      "3000"))
        return;
    for (i = 0; i < sizeof traces / sizeof traces[0]; i++)
        check_trace(dir, traces[i]);
    printf("    %zu traces, each in 1, 2, 3 and %u parts\n", i,
           SQLITE_TEST_MAX_PARTS);
    run_shell("rm -rf '%s'", dir);
}

static int init_part(void *decoder, unsigned part, unsigned parts)
{
    td_rvn_config cfg = part_config(part, parts);
    cfg.files.db_size = 512;
    return td_rvn_init(decoder, &cfg);
}

static void test_part_arguments(void)
{
    td_rvn_decoder *r = malloc(sizeof *r);
    check_part_arguments("rvn init", init_part, r);
    free(r);
}

const test_case rvn_parts_tests[] = {
    {"rvn parts: arguments", test_part_arguments},
    {"rvn parts: joined in order, each swept", test_parts_join},
    {NULL, NULL},
};
