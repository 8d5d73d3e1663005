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
 * error offsets must lie inside the file.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "tracedec.h"

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

static void answer(fz_feeder *f, td_sqlite_decoder *db)
{
    size_t n;
    const uint8_t *span = fz_feeder_answer(f, td_sqlite_request(db), SIZE_MAX, &n);
    td_sqlite_feed(db, span, n);
}

static int scan(fz_feeder *f, td_sqlite_decoder *db, uint32_t root, uint32_t flags,
                fz_digest *h, uint32_t *roots, unsigned *nroots)
{
    td_sqlite_cursor_config cfg;
    td_sqlite_cursor c;
    td_sqlite_event ev;
    int rc;
    memset(&cfg, 0, sizeof cfg);
    cfg.size = sizeof cfg;
    cfg.flags = flags;
    cfg.root = root;
    td_sqlite_cursor_init(&c, db, &cfg);
    while ((rc = td_sqlite_cursor_next(&c, &ev)) != TD_END) {
        if (rc == TD_NEED_INPUT) {
            answer(f, db);
            continue;
        }
        if (rc < 0)
            return rc;
        mix_event(h, &ev);
        if (roots != NULL && ev.kind == TD_SQLITE_EV_VALUE && ev.column == 3 &&
            ev.value.type == TD_SQLITE_INTEGER && ev.value.integer > 1 &&
            *nroots < 64)
            roots[(*nroots)++] = (uint32_t)ev.value.integer;
    }
    return TD_END;
}

/* The database's own events: its header, its freelist trunks. */
static int walk_database(fz_feeder *f, td_sqlite_decoder *db, fz_digest *h)
{
    td_sqlite_event ev;
    int rc;
    while ((rc = td_sqlite_next(db, &ev)) != TD_END) {
        if (rc == TD_NEED_INPUT) {
            answer(f, db);
            continue;
        }
        if (rc < 0)
            return rc;
        mix_event(h, &ev);
    }
    return TD_END;
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

static uint64_t decode(const uint8_t *data, size_t len, uint8_t option,
                       fz_spans spans)
{
    fz_feeder f;
    td_sqlite_decoder db;
    td_sqlite_config cfg;
    uint32_t roots[64];
    unsigned n = 0, i;
    fz_digest h = fz_digest_start();
    uint32_t extra = option & 4 ? TD_SQLITE_WHOLE_ROWS : 0;
    int rc;
    fz_feeder_init(&f, "sqlite_fuzzer", data, len, spans,
                   (uint64_t)(option >> 4) + 1);
    fz_feeder_add(&f, data, len); /* lane 1: the same file */
    f.seeking = f.whole_requests = f.span_per_source = true;
    f.max_request = 65536;
    memset(&cfg, 0, sizeof cfg);
    cfg.size = sizeof cfg;
    describe_files(&cfg.files, len, option);
    td_sqlite_init(&db, &cfg);
    rc = scan(&f, &db, 1, TD_SQLITE_TABLE | TD_SQLITE_SCHEMA_ROWS | extra,
              &h, roots, &n);
    for (i = 0; rc == TD_END && i < n; i++)
        rc = scan(&f, &db, roots[i], extra | (i & 1 ? 1u << 4 : 0), &h,
                  NULL, NULL);
    if (rc == TD_END)
        rc = walk_database(&f, &db, &h);
    if (rc < 0)
        fz_mix_fault(&h, &f, rc, td_sqlite_fault(&db));
    fz_feeder_free(&f);
    return h.h;
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
