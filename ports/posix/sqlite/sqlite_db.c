/*
 * sqlite_db.c - see sqlite_db.h.
 */
#include "sqlite_db.h"
#include "files.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

bool sqlite_random_access(const cli *c, const host *input)
{
    if (input->io != HOST_STREAM && strcmp(c->opt.path, "-") != 0)
        return true;
    report_path_problem(c, c->opt.path, "SQLite files are read by random "
                                        "access: give a file path");
    return false;
}

/* The size and, for a journal, the first bytes of PATH-suffix. Returns 0,
 * or EXIT_USAGE having said why. */
static int side_file(const cli *c, const char *suffix, uint64_t *size,
                     uint8_t *head, size_t head_len)
{
    char path[4096], error[256];
    snprintf(path, sizeof path, "%s%s", c->opt.path, suffix);
    if (path_probe(path, size, head, head_len, error, sizeof error) == 0)
        return 0;
    report_path_problem(c, path, error);
    return EXIT_USAGE;
}

int sqlite_open(const cli *c, host *input, td_sqlite_files *files)
{
    memset(files, 0, sizeof *files);
    if (host_lanes(input, TD_SQLITE_LANES) != 0) {
        report_path_problem(c, c->opt.path, input->error);
        return EXIT_USAGE;
    }
    files->db_size = host_size(input, 0);
    if (side_file(c, "-wal", &files->wal_size, NULL, 0) != 0 ||
        side_file(c, "-journal", &files->journal_size, files->journal_head,
                  sizeof files->journal_head) != 0)
        return EXIT_USAGE;
    return 0;
}

void sqlite_init_db(td_sqlite_decoder *db, const td_sqlite_files *files)
{
    td_sqlite_config cfg = {.size = sizeof cfg};
    cfg.files = *files;
    td_sqlite_init(db, &cfg); /* cannot fail: the config is well formed */
}

void sqlite_scan_init(sqlite_scan *s, const cli *c, host *input,
                      td_sqlite_decoder *db, uint32_t root, uint32_t flags)
{
    td_sqlite_cursor_config cfg = {.size = sizeof cfg, .flags = flags,
                                   .root = root};
    decoder dec;
    td_sqlite_cursor_init(&s->cursor, db, &cfg);
    dec = decoder_of(DECODER_SQLITE_SCAN, &s->cursor);
    dec.db = db;
    driver_init(&s->drive, c, dec, &s->ev, input, c->opt.path);
}

static const char *encoding_name(uint32_t e)
{
    return e == TD_SQLITE_UTF16LE ? "UTF-16le"
           : e == TD_SQLITE_UTF16BE ? "UTF-16be" : "UTF-8";
}

void sqlite_print_header_json(json *j, const td_sqlite_header *h)
{
    char version[32];
    snprintf(version, sizeof version, "%" PRIu32 ".%" PRIu32 ".%" PRIu32,
             h->sqlite_version / 1000000, h->sqlite_version / 1000 % 1000,
             h->sqlite_version % 1000);
    json_open(j, "sqlite", '{');
    json_u64(j, "page_size", h->page_size);
    json_u64(j, "page_count", h->page_count);
    json_u64(j, "reserved_bytes", h->reserved);
    json_str(j, "encoding", encoding_name(h->encoding));
    json_str(j, "sqlite_version", version);
    json_bool(j, "auto_vacuum", h->largest_root != 0);
    json_bool(j, "wal", h->read_version == 2);
    json_close(j, '{');
}

void sqlite_print_header(out *o, const td_sqlite_header *h)
{
    out_printf(o, "sqlite: page size %" PRIu32 ", %" PRIu32 " pages, %"
                  PRIu32 " reserved bytes, %s, written by SQLite %" PRIu32
                  ".%" PRIu32 ".%" PRIu32 "%s%s\n",
               h->page_size, h->page_count, (uint32_t)h->reserved,
               encoding_name(h->encoding), h->sqlite_version / 1000000,
               h->sqlite_version / 1000 % 1000, h->sqlite_version % 1000,
               h->largest_root ? ", auto-vacuum" : "",
               h->read_version == 2 ? ", WAL mode" : "");
}
