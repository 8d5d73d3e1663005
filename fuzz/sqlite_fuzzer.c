/*
 * sqlite_fuzzer.c - the SQLite file-format reader under libFuzzer, AFL++
 * and the replay driver.
 *
 * Input: one option byte, then a database file. Every b-tree that
 * sqlite_schema names is scanned (at most 64; the first scan reads the
 * header), then the database's own events are taken (its header, its
 * freelist trunks); once with answers of the whole rest of the file, once
 * with answers cut by the option byte, and the two event sequences must be
 * identical (a digest over every field). Option bit 0 says a non-empty
 * -wal exists, bit 1 a hot -journal, bit 2 scans with whole rows; bit 3
 * answers exactly the requested page, else bits 4..7 seed pseudo-random
 * extra bytes. Requests must name a lane and a byte of the file, and
 * error offsets must lie inside the file. The loop is fuzz_driver.c's.
 */
#include <string.h>

#include "fuzz_driver.h"

static void mix_value(fz_digest *h, const td_sqlite_value *v)
{
    fz_mix64(h, (uint64_t)v->type << 32 | v->serial_type);
    fz_mix64(h, (uint64_t)v->integer ^ v->real_bits);
    fz_mix64(h, v->length ^ v->pos << 1);
    fz_mix(h, v->data, v->size);
}

static void mix_event(fz_digest *h, const td_sqlite_event *ev)
{
    uint32_t i;
    fz_mix64(h, (uint64_t)ev->kind << 32 | ev->flags);
    fz_mix64(h, ev->offset);
    fz_mix64(h, ev->size);
    if (ev->kind == TD_SQLITE_EV_HEADER) {
        fz_mix64(h, (uint64_t)ev->header.page_count << 32 |
                        ev->header.freelist_count);
        return;
    }
    if (ev->kind == TD_SQLITE_EV_FREELIST_TRUNK) {
        fz_mix64(h, (uint64_t)ev->trunk.page << 32 | ev->trunk.leaves);
        return;
    }
    if (ev->kind == TD_SQLITE_EV_VALUE) {
        fz_mix64(h, ev->column);
        mix_value(h, &ev->value);
        return;
    }
    fz_mix64(h, (uint64_t)ev->row.rowid);
    fz_mix64(h, (uint64_t)ev->row.columns << 32 | ev->row.payload_size);
    for (i = 0; ev->row.inline_values && i < ev->row.columns; i++)
        mix_value(h, &ev->values[i]);
}

static void describe_files(td_sqlite_files *files, size_t len, uint8_t option)
{
    static const uint8_t magic[8] = {0xd9, 0xd5, 0x05, 0xf9,
                                     0x20, 0xa1, 0x63, 0xd7};
    memset(files, 0, sizeof *files);
    files->db_size = len;
    files->wal_size = option & 1;
    if (option & 2) {
        memcpy(files->journal_head, magic, 8);
        files->journal_size = 512;
    }
}

/* The root pages sqlite_schema names, gathered by the first scan. */
typedef struct roots {
    bool gather;
    unsigned n;
    uint32_t page[64];
} roots;

static void mix_row(fz_run *run, const fz_event *e)
{
    const td_sqlite_event *ev = &e->sqlite;
    roots *r = run->context;
    mix_event(&run->digest, ev);
    if (r->gather && ev->kind == TD_SQLITE_EV_VALUE && ev->column == 3 &&
        ev->value.type == TD_SQLITE_INTEGER && ev->value.integer > 1 &&
        r->n < 64)
        r->page[r->n++] = (uint32_t)ev->value.integer;
}

/* One b-tree, its events into the run's digest. */
static int scan(fz_run *run, uint32_t root, uint32_t flags)
{
    td_sqlite_cursor_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.size = sizeof cfg;
    cfg.flags = flags;
    cfg.root = root;
    td_sqlite_cursor_init(&run->cursor, &run->d.sqlite, &cfg);
    run->format = FZ_SQLITE_CURSOR;
    return fz_run_decode(run);
}

static uint64_t decode(const uint8_t *data, size_t len, uint8_t option,
                       fz_spans spans)
{
    roots found = {true, 0, {0}};
    td_sqlite_config cfg;
    uint32_t extra = option & 4 ? TD_SQLITE_WHOLE_ROWS : 0;
    unsigned i;
    fz_run run;
    int rc;
    fz_run_start(&run, "sqlite_fuzzer", FZ_SQLITE, data, len, spans,
                 (uint64_t)(option >> 4) + 1, 0);
    fz_feeder_database(&run.feeder);
    memset(&cfg, 0, sizeof cfg);
    cfg.size = sizeof cfg;
    describe_files(&cfg.files, len, option);
    td_sqlite_init(&run.d.sqlite, &cfg);
    run.event = mix_row;
    run.context = &found;
    rc = scan(&run, 1, TD_SQLITE_TABLE | TD_SQLITE_SCHEMA_ROWS | extra);
    found.gather = false;
    for (i = 0; rc == TD_END && i < found.n; i++)
        rc = scan(&run, found.page[i], extra | (i & 1 ? 1u << 4 : 0));
    if (rc == TD_END) {
        run.format = FZ_SQLITE; /* the database's own events */
        fz_run_decode(&run);
    }
    return fz_run_end(&run);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    if (decode(data + 1, size - 1, data[0], FZ_ONE_SPAN) !=
        decode(data + 1, size - 1, data[0],
               data[0] & 8 ? FZ_BYTE_SPANS : FZ_RANDOM_SPANS))
        fz_fail("sqlite_fuzzer", "the events depend on how requests are answered");
    return 0;
}
