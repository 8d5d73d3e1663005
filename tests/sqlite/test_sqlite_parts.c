/*
 * test_sqlite_parts.c - a b-tree scanned in parts
 * (td_sqlite_cursor_config.part/parts), as tests:
 *   - cursor_init refuses a part not below parts and parts above 65535;
 *   - for databases SQLite writes at test time (page sizes 1024 to 4096,
 *     rowid tables, WITHOUT ROWID and index b-trees, roots of 2 to 14
 *     children and leaf roots, auto-vacuum), the rows of parts 0 .. N-1 of each b-tree,
 *     one after the other, are the rows of the whole scan, for N = 1, 2, 3
 *     and 15 (more parts than any root has children: some parts are
 *     empty);
 *   - each part gives the same events whatever the answer size (exactly
 *     min_len, more, random spans) and, cut short (about 100 cuts), ends
 *     in an error after a prefix of its events (sweep_part).
 * They need python3 and the sqlite3 CLI and skip without them.
 */
#include "codec_sqlite.h"
#include "harness.h"
#include "sweep.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_TREES 16

/* The databases, the largest root's children they hold below
 * SQLITE_TEST_MAX_PARTS (tests/sqlite/sqlite_dbs.py). */
static const char *const databases[] = {
    "pagesize_4096.db", /* vals 2, blobs 13, wr 2, many 14 children */
    "autovacuum_full.db", /* 13, 3 (pointer-map pages) */
    "utf16le.db",       /* 6, 13, a leaf root */
    "shapes.db",        /* ten leaf roots: indexes, WITHOUT ROWID */
};

static const unsigned part_counts[] = {1, 2, 3, SQLITE_TEST_MAX_PARTS};

/* The rows of each b-tree after sqlite_schema in a log, one text per
 * b-tree (its "tree" line, the header and the freelist left out),
 * appended to trees[]; returns how many b-trees the log names. */
static size_t tree_rows(const char *log, char **trees, size_t *lens)
{
    size_t tree = 0, n;
    const char *line, *end;
    for (line = log; *line; line = end) {
        end = strchr(line, '\n');
        end = end != NULL ? end + 1 : line + strlen(line);
        if (strncmp(line, "tree ", 5) == 0) {
            tree++;
            continue;
        }
        if (tree < 2 || tree - 2 >= MAX_TREES ||
            strncmp(line, "trunk ", 6) == 0 ||
            strncmp(line, "freelist ", 9) == 0)
            continue;
        n = (size_t)(end - line);
        trees[tree - 2] = realloc(trees[tree - 2], lens[tree - 2] + n + 1);
        memcpy(trees[tree - 2] + lens[tree - 2], line, n);
        lens[tree - 2] += n;
        trees[tree - 2][lens[tree - 2]] = 0;
    }
    return tree < 2 ? 0 : tree - 1;
}

static void free_trees(char **trees, size_t *lens)
{
    size_t i;
    for (i = 0; i < MAX_TREES; i++) {
        free(trees[i]);
        trees[i] = NULL;
        lens[i] = 0;
    }
}

/* The parts of every b-tree of the database, for each count of parts,
 * joined in order, are its whole scan. */
static void check_database(const char *dir, const char *name)
{
    static const test_config plain = {0, 0, 0};
    char *whole[MAX_TREES] = {NULL}, *joined[MAX_TREES] = {NULL};
    size_t whole_len[MAX_TREES] = {0}, joined_len[MAX_TREES] = {0};
    size_t trees, i, c, k;
    test_read file;
    test_result r;
    if (!test_input_read(dir, name, &file))
        return;
    r = test_decode(&sqlite_codec, &file.in, &plain, plan_whole());
    trees = tree_rows(r.log != NULL ? r.log : "", whole, whole_len);
    expect(r.status == TD_END && trees > 1, "%s: %s, %zu b-trees", name,
           td_error_name(r.status), trees);
    test_result_free(&r);
    for (c = 0; c < sizeof part_counts / sizeof part_counts[0]; c++) {
        for (k = 0; k < part_counts[c]; k++) {
            char *log = sweep_part(&sqlite_codec, name, &file.in, (unsigned)k,
                                   part_counts[c]);
            tree_rows(log, joined, joined_len);
            free(log);
        }
        for (i = 0; i + 1 < trees && i < MAX_TREES; i++)
            expect(joined_len[i] == whole_len[i] &&
                       (whole_len[i] == 0 ||
                        memcmp(joined[i], whole[i], whole_len[i]) == 0),
                   "%s: %u parts of b-tree %zu are not its rows (%zu "
                   "bytes of log, want %zu)", name, part_counts[c], i + 1,
                   joined_len[i], whole_len[i]);
        free_trees(joined, joined_len);
    }
    free_trees(whole, whole_len);
    test_read_free(&file);
}

static void test_parts_join(void)
{
    char dir[64] = "/tmp/tracedec-sqlite-parts-XXXXXX";
    size_t i;
    if (!scratch_from(dir, "command -v python3 && command -v sqlite3",
                      "tests/sqlite/sqlite_dbs.py", ""))
        return;
    for (i = 0; i < sizeof databases / sizeof databases[0]; i++)
        check_database(dir, databases[i]);
    printf("    %zu databases, each b-tree in 1, 2, 3 and %u parts\n", i,
           SQLITE_TEST_MAX_PARTS);
    run_shell("rm -rf '%s'", dir);
}

/* A cursor on part `part` of `parts` of page 2 of the database. */
static int init_part(void *db, unsigned part, unsigned parts)
{
    td_sqlite_cursor c;
    td_sqlite_cursor_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.size = sizeof cfg;
    cfg.root = 2;
    cfg.part = part;
    cfg.parts = parts;
    return td_sqlite_cursor_init(&c, db, &cfg);
}

static void test_part_arguments(void)
{
    td_sqlite_decoder *d = malloc(sizeof *d);
    td_sqlite_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.size = sizeof cfg;
    cfg.files.db_size = 512;
    expect(td_sqlite_init(d, &cfg) == TD_OK, "init refuses a good config");
    check_part_arguments("cursor_init", init_part, d);
    free(d);
}

const test_case sqlite_parts_tests[] = {
    {"sqlite parts: arguments", test_part_arguments},
    {"sqlite parts: joined in order, each swept", test_parts_join},
    {NULL, NULL},
};
