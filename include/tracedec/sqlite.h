/*
 * tracedec/sqlite.h - a read-only reader of the SQLite database file format
 * (https://www.sqlite.org/fileformat2.html), without libsqlite.
 *
 * td_sqlite_decoder is one database file: its checked 100-byte header, its
 * freelist, and the input through which pages arrive. td_sqlite_cursor
 * scans one b-tree of it (a table by rowid, or an index or WITHOUT ROWID
 * table by key) in key order and emits its rows: a ROW event, then one
 * VALUE event per stored column. Both follow the contract at the top of
 * <tracedec.h>, with random access: the decoder asks for whole pages,
 * `page_size` bytes at (pgno - 1) * page_size, and the host answers with
 * at least that many bytes unless the file ends first. A pread host needs
 * one page-sized buffer per source, an mmap host none. Requests, answers
 * and the sticky error belong to the database, for itself and all its
 * cursors: td_sqlite_request(), td_sqlite_feed(), td_sqlite_fault().
 *
 * The database's own events. td_sqlite_next() on the database gives the
 * file's own structures, as zlib's inflate.h draws its modes:
 *
 *     HEADER --> FREELIST --> FREELIST --> ... --> (count) --> END
 *
 *   HEADER     bytes 0..99 read and checked (unless a cursor did it
 *              first): one TD_SQLITE_EV_HEADER event, .header, offset 0,
 *              size 100;
 *   FREELIST   one trunk page a call, from the header's first trunk along
 *              the chain: in range, at most U/4 - 2 leaves, each leaf in
 *              range, no more pages than the header counts (which bounds
 *              a chain that loops); one TD_SQLITE_EV_FREELIST_TRUNK event,
 *              .trunk, offset and size of the page. Leaf pages are never
 *              read;
 *   (count)    the chain ended: the pages seen must be the header's
 *              freelist count (TD_E_SQLITE_FREELIST otherwise);
 *   END        TD_END, from then on.
 *
 * Sources. Requests name source 0 or 1, and both are the database file:
 * each is a lane with its own span, so that two cursors can walk different
 * parts of the file at once (a merge of two tables) without re-reading.
 * A host keeps the last span of each source valid until that source is
 * asked for again. The database's own next() reads through lane 0.
 *
 * Side files. The host says at init whether `DB-wal` and `DB-journal` exist
 * beside the database. A non-empty WAL holds committed pages that the main
 * file lacks, and a hot journal means the main file may be half-written:
 * both are refused (TD_E_SQLITE_WAL, TD_E_SQLITE_HOT_JOURNAL), since the
 * main file alone would give stale or torn data.
 *
 * Memory: sizeof(td_sqlite_decoder) <= 384 bytes, sizeof(td_sqlite_cursor)
 * <= 512 bytes, nothing else; no workspace. Values of any length (TEXT and
 * BLOB up to the format's 2^31 - 1 bytes) arrive as ordered fragments: the
 * part stored in the cell, then one fragment per overflow page, the last
 * one flagged TD_LAST_FRAGMENT.
 *
 * What is checked, on every page a scan enters: page number in range and
 * not the lock-byte page, a pointer-map page or page 1; page type of the
 * b-tree's kind, interior above and leaves at one depth (<= 20); cell count,
 * cell-content start, freeblock chain; every cell inside the content area;
 * no page twice on the current path and no more pages than the file holds;
 * rowids strictly increasing and inside their parents' bounds (index keys
 * too, on request); payload spill sizes; overflow chains of exactly the
 * implied length ending with 0; record headers (serial types 10 and 11 are
 * corrupt) whose values fill the payload exactly. Pointer-map pages are
 * never followed; the freelist is walked by the database's next().
 */
#ifndef TRACEDEC_SQLITE_H
#define TRACEDEC_SQLITE_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The deepest b-tree accepted (SQLite's BTCURSOR_MAX_DEPTH): every interior
 * page but the root has at least 3 children, so a tree of depth 21 needs
 * more than 2 * 3^19 > 2^31 pages, more than a database may hold. */
#define TD_SQLITE_MAX_DEPTH 20

/* Request sources: both are the database file (see above). */
#define TD_SQLITE_LANES 2

/* Values a ROW event can carry inline (TD_SQLITE_WHOLE_ROWS). */
#define TD_SQLITE_INLINE_VALUES 8

/* Text encodings (header offset 56). */
enum td_sqlite_encoding {
    TD_SQLITE_UTF8 = 1,
    TD_SQLITE_UTF16LE = 2,
    TD_SQLITE_UTF16BE = 3
};

/* What the host knows about the files beside the database. */
typedef struct td_sqlite_files {
    uint64_t db_size;         /* bytes of the database file */
    uint64_t wal_size;        /* bytes of DB-wal; 0 when absent */
    uint64_t journal_size;    /* bytes of DB-journal; 0 when absent */
    uint8_t journal_head[8];  /* its first bytes (zeros if shorter) */
} td_sqlite_files;

/* The database header, checked (td_sqlite_info()). */
typedef struct td_sqlite_header {
    uint32_t page_size;       /* 512..65536 */
    uint32_t usable_size;     /* page_size - reserved, >= 480 */
    uint32_t page_count;      /* pages the database holds */
    uint32_t header_page_count; /* in-header size, 0 when not valid */
    uint32_t change_counter;
    uint32_t freelist_trunk;  /* first freelist trunk page, 0 if none */
    uint32_t freelist_count;  /* freelist pages */
    uint32_t schema_cookie;
    uint32_t schema_format;   /* 0 (empty database) .. 4 */
    uint32_t cache_size;
    uint32_t largest_root;    /* non-zero: auto-vacuum, pointer maps */
    uint32_t encoding;        /* enum td_sqlite_encoding (0 read as 1) */
    uint32_t user_version;
    uint32_t incremental_vacuum;
    uint32_t application_id;
    uint32_t version_valid_for;
    uint32_t sqlite_version;  /* SQLITE_VERSION_NUMBER of the last writer */
    uint8_t write_version;    /* 1 rollback journal, 2 WAL */
    uint8_t read_version;
    uint8_t reserved;         /* bytes at the end of every page */
} td_sqlite_header;

/* What td_sqlite_init() needs. */
typedef struct td_sqlite_config {
    size_t size;              /* sizeof(td_sqlite_config) */
    uint32_t flags;           /* 0: there are no init flags */
    td_sqlite_files files;    /* the host's facts about the file and its
                                 -wal and -journal neighbours */
} td_sqlite_config;

/* The database: caller-owned; fields are private. */
typedef struct td_sqlite_decoder {
    td_input in[TD_SQLITE_LANES];
    td_fault fault;
    td_sqlite_files files;
    td_sqlite_header header;
    uint32_t feeds[TD_SQLITE_LANES]; /* answers per lane: a span's identity */
    uint32_t max_local;       /* the spill rule's limits (fileformat2 1.6): */
    uint32_t max_leaf;        /* index cells, table leaf cells, and the */
    uint32_t min_local;       /* least any cell keeps */
    uint32_t lock_page;       /* the lock-byte page, 0 if beyond the file */
    struct {                  /* next()'s walk of the freelist */
        uint64_t trunk_from;  /* where `trunk` was read: byte 32 of the
                                 header or the previous trunk page */
        uint32_t trunk;       /* trunk page to read next, 0 when done */
        uint32_t seen;        /* freelist pages counted */
    } freelist;
    uint8_t page_shift;       /* log2(page_size) */
    uint8_t lane;             /* the lane whose request is outstanding */
    uint8_t opened;           /* the header was read and checked */
    uint8_t mode;             /* where next() is (the diagram above) */
} td_sqlite_decoder;

/* Kinds of b-tree. */
enum td_sqlite_tree {
    TD_SQLITE_ANY_TREE = 0,   /* cursor flag: whatever the root page is */
    TD_SQLITE_TABLE = 1,      /* rowid table: pages 0x05 and 0x0d */
    TD_SQLITE_INDEX = 2       /* index or WITHOUT ROWID table: 0x02, 0x0a */
};

/* Value types. */
enum td_sqlite_type {
    TD_SQLITE_NULL = 0,
    TD_SQLITE_INTEGER = 1,
    TD_SQLITE_REAL = 2,
    TD_SQLITE_TEXT = 3,       /* raw bytes in the database's encoding */
    TD_SQLITE_BLOB = 4
};

/* One value. TEXT and BLOB: `length` bytes in all; `data` holds `size`
 * of them from position `pos` (a fragment; the VALUE event of the final
 * one has TD_LAST_FRAGMENT, and values[] of a ROW event are whole). */
typedef struct td_sqlite_value {
    int type;                 /* enum td_sqlite_type */
    uint32_t serial_type;     /* as stored (TEXT/BLOB: 12 or 13 + 2n,
                                 clamped to UINT32_MAX) */
    int64_t integer;          /* INTEGER: sign-extended */
    uint64_t real_bits;       /* REAL: IEEE-754 binary64 bits */
    uint64_t length;          /* TEXT/BLOB: total bytes */
    const uint8_t *data;      /* TEXT/BLOB: this fragment */
    uint32_t size;            /* bytes at data */
    uint64_t pos;             /* position of data[0] in the value */
} td_sqlite_value;

enum td_sqlite_event_kind {
    /* A cursor's events. */
    TD_SQLITE_EV_ROW = 1,        /* .row: a row begins */
    TD_SQLITE_EV_VALUE = 2,      /* .column and .value: a column's value, or
                                    a fragment of it */
    /* The database's events. */
    TD_SQLITE_EV_HEADER = 3,     /* .header: the database header, checked */
    TD_SQLITE_EV_FREELIST_TRUNK = 4 /* .trunk: a freelist trunk page */
};

typedef struct td_sqlite_event {
    int kind;                 /* enum td_sqlite_event_kind */
    uint32_t flags;           /* VALUE: TD_LAST_FRAGMENT on a value's final
                                 fragment (on the value itself when it is
                                 not TEXT or BLOB); others: 0 */
    uint64_t offset;          /* ROW: the cell; VALUE: the first byte of
                                 the value (or fragment) in the file;
                                 HEADER: 0; FREELIST_TRUNK: the page */
    uint64_t size;            /* ROW: bytes of the cell on its page;
                                 VALUE: bytes of this piece in the file;
                                 HEADER: 100; FREELIST_TRUNK: page_size */
    td_sqlite_header header;  /* HEADER: what td_sqlite_info() gives */
    struct {
        uint32_t page;        /* its page number */
        uint32_t leaves;      /* leaf page numbers it holds */
    } trunk;
    struct {
        int tree;             /* enum td_sqlite_tree */
        int64_t rowid;        /* TABLE only */
        uint32_t page;        /* the page holding the cell */
        uint32_t payload_size;
        uint32_t header_size; /* record header bytes */
        uint32_t columns;     /* values stored (may be fewer than the
                                 table has: the rest take their default) */
        bool inline_values;   /* values[] holds them all: no VALUE events
                                 follow (TD_SQLITE_WHOLE_ROWS) */
    } row;
    uint32_t column;          /* VALUE: 0-based column in the record */
    td_sqlite_value value;    /* VALUE */
    td_sqlite_value values[TD_SQLITE_INLINE_VALUES]; /* ROW, inline */
} td_sqlite_event;

/* Where a reader is in a record's payload (private). */
typedef struct td_sqlite_reader {
    uint32_t pos;             /* bytes of the payload behind */
    uint32_t piece_start;     /* payload position of the piece's byte 0 */
    uint32_t piece_end;       /* payload position where the piece ends */
    uint32_t page;            /* overflow page of the piece, 0: the cell */
    uint32_t next;            /* the overflow page after it, 0 if none */
    uint32_t chain;           /* overflow pages entered */
    uint64_t next_at;         /* file offset `next` was read from */
} td_sqlite_reader;

/* A b-tree page's header, decoded and checked (private). */
typedef struct td_sqlite_page {
    const uint8_t *bytes;     /* the whole page, in a lane's span */
    uint64_t offset;          /* file offset of the page */
    uint32_t pgno;            /* 0: nothing decoded */
    uint32_t feeds;           /* the lane's answers when it was decoded */
    uint32_t hdr;             /* offset of the page header: 100 on page 1 */
    uint32_t cells;
    uint32_t cell_ptrs;       /* offset of the cell pointer array */
    uint32_t content;         /* offset of the cell content area */
    uint8_t type;
    bool leaf;
} td_sqlite_page;

/* One level of the path from the root (private). */
typedef struct td_sqlite_level {
    uint32_t page;
    uint16_t cell;            /* the cell (or child) being visited */
    uint16_t cells;
} td_sqlite_level;

/* A scan of one b-tree: caller-owned; fields are private. */
typedef struct td_sqlite_cursor {
    td_sqlite_decoder *db;
    uint32_t root;
    uint32_t flags;
    uint8_t lane;
    uint8_t tree;             /* enum td_sqlite_tree once known */
    uint8_t state;
    uint8_t depth;            /* levels on the path */
    uint8_t leaf_depth;       /* 0 until the first leaf */
    uint8_t key_columns;      /* leading integer columns checked in order */
    uint8_t has_last, has_floor;
    uint16_t part, parts;     /* the root's children this scan covers
                                 (td_sqlite_cursor_config) */
    uint16_t end_child;       /* the first child it leaves, 0: no range */
    uint32_t visited;         /* pages entered by this scan */
    uint32_t pending;         /* the child page to enter next */
    uint64_t pending_at;      /* file offset its number was read from */
    int64_t last_rowid;       /* the previous row's rowid */
    int64_t floor;            /* rowids must exceed it (parent keys) */
    td_sqlite_level path[TD_SQLITE_MAX_DEPTH];
    td_sqlite_page page;      /* the top page, while its span lasts */
    /* The row being decoded. */
    uint32_t row_page;
    uint16_t row_local_start; /* offset of the payload in its page */
    uint32_t payload;         /* P */
    uint32_t local;           /* bytes stored in the cell */
    uint32_t overflow_pages;  /* the chain's exact length */
    uint32_t first_overflow;
    uint64_t overflow_at;     /* file offset of the cell's overflow pointer */
    uint64_t row_offset;      /* file offset of the cell */
    uint32_t header_size;
    uint8_t header_varint;    /* bytes of the header-size varint */
    uint64_t value_at;        /* file offset of the current value */
    uint32_t columns;
    uint32_t column;          /* next column to emit */
    uint32_t value_left;      /* TEXT/BLOB bytes still to emit */
    uint32_t value_length;
    uint64_t serial_type;     /* of the current column */
    int8_t key_order;         /* index key comparison: 0 equal so far,
                                 1 greater, 2 undecidable */
    uint8_t staged;           /* bytes in stage[] */
    uint8_t stage[9];
    int64_t key[4];           /* the previous index key's integers */
    uint8_t key_known;        /* how many of key[] the previous row set */
    uint8_t key_seen;         /* how many this row has set */
    uint64_t body_sum;        /* sum of value sizes (header pre-pass) */
    td_sqlite_reader hdr;     /* reads serial types */
    td_sqlite_reader body;    /* reads values */
} td_sqlite_cursor;

/* ---- The database --------------------------------------------------- */

/* Prepare a database. cfg->files describes the file and its neighbours;
 * a NULL cfg reads as all zero (a file of 0 bytes, which next() refuses).
 * Returns TD_OK, or TD_E_INVALID_ARGUMENT (NULL decoder, cfg->size below
 * sizeof(td_sqlite_config), a flag set). */
int td_sqlite_init(td_sqlite_decoder *d, const td_sqlite_config *cfg);

/* Start over with the same files: the header, the freelist walk and any
 * error are forgotten. Cursors of the database must be initialized again.
 * Returns TD_OK or TD_E_INVALID_ARGUMENT (NULL decoder). */
int td_sqlite_reset(td_sqlite_decoder *d);

/* The database's own next event (see the diagram above): TD_EVENT (HEADER,
 * then one FREELIST_TRUNK per trunk page), TD_NEED_INPUT, TD_END, or an
 * error: TD_E_INVALID_ARGUMENT (NULL pointer), TD_E_TRUNCATED,
 * TD_E_SQLITE_MAGIC, _HEADER, _WAL, _HOT_JOURNAL, _FREELIST, or the sticky
 * error a cursor met. Errors are sticky for the database and its
 * cursors. */
int td_sqlite_next(td_sqlite_decoder *d, td_sqlite_event *ev);

/* request, feed, fault: as every decoder's (tracedec.h, THE DECODER
 * CONTRACT). The request is the database's or one of its cursors' (source =
 * lane); feed answers it with at least min_len bytes unless the file ends
 * first, and the bytes stay valid until that lane is asked for again. The
 * fault is shared by the database and all its cursors. feed returns TD_OK,
 * TD_E_INVALID_ARGUMENT (NULL decoder), TD_E_PROTOCOL (no request
 * outstanding, NULL data with len > 0) or the sticky error; request and
 * fault return no error. */
const td_request *td_sqlite_request(const td_sqlite_decoder *d);
int td_sqlite_feed(td_sqlite_decoder *d, const void *data, size_t len);
const td_fault *td_sqlite_fault(const td_sqlite_decoder *d);

/* The checked header, once the HEADER event came or a cursor returned its
 * first event or TD_END; zeros before. */
const td_sqlite_header *td_sqlite_info(const td_sqlite_decoder *d);

/* ---- Cursors: scans of one b-tree ----------------------------------- */

/* Cursor flags (td_sqlite_cursor_config.flags), besides a td_sqlite_tree
 * in bits 0..1 (the kind the root must be; 0 takes it from the root page)
 * and key_columns in bits 4..7 (0..4: check that these leading columns of
 * an index b-tree, when integers, increase strictly). */
#define TD_SQLITE_WHOLE_ROWS 0x100u /* rows whose record is all in the cell
                                       and has at most 8 columns come as
                                       one ROW event with values[] */
#define TD_SQLITE_SCHEMA_ROWS 0x200u /* check sqlite_schema rows: 5 columns,
                                        rootpage an integer in range */

/* What td_sqlite_cursor_init() needs. */
typedef struct td_sqlite_cursor_config {
    size_t size;              /* sizeof(td_sqlite_cursor_config) */
    uint32_t flags;           /* tree | key_columns << 4 | TD_SQLITE_* */
    uint32_t root;            /* the b-tree's root page (1: sqlite_schema) */
    unsigned lane;            /* 0 or 1: the source its requests name */
    unsigned part, parts;     /* parts 0: the whole b-tree. Otherwise part
                                 `part` (0 .. parts-1) of its rows, for a
                                 scan split between cursors: if the root
                                 has C children (a leaf root: 1), the
                                 subtrees of children [part * C / parts,
                                 (part + 1) * C / parts), and of an index
                                 b-tree the root cell before the first of
                                 them; a table's root key after the last
                                 of them is checked, not passed. The parts
                                 together give every row once, in order */
} td_sqlite_cursor_config;

/* Scan the b-tree rooted at cfg->root of database d through cfg->lane
 * (or one part of it, cfg->parts). A part checks every page and row it
 * covers as the whole scan does; what lies across its edges (the order of
 * its first key after the rows before it, the depth of the leaves before
 * it) is the caller's to reconcile: td_sqlite_cursor_leaf_depth().
 * Returns TD_OK or TD_E_INVALID_ARGUMENT (NULL pointer, cfg->size below
 * sizeof(td_sqlite_cursor_config), root 0, lane above 1, tree 3,
 * key_columns above 4, an unknown flag, part not below parts, parts above
 * 65535). */
int td_sqlite_cursor_init(td_sqlite_cursor *c, td_sqlite_decoder *d,
                          const td_sqlite_cursor_config *cfg);

/* The scan's next event: TD_EVENT (ROW, then a VALUE per column unless the
 * row came whole), TD_NEED_INPUT (answer the database's request),
 * TD_END (the b-tree has no more rows), or an error: TD_E_INVALID_ARGUMENT
 * (NULL pointer), TD_E_TRUNCATED, the header's errors when no one read it
 * yet (TD_E_SQLITE_MAGIC, _HEADER, _WAL, _HOT_JOURNAL), then
 * TD_E_SQLITE_PAGE_NUMBER, _PAGE_TYPE, _PAGE_HEADER, _CELL, _DEPTH,
 * _CYCLE, _KEY_ORDER, _OVERFLOW, _RECORD, _SCHEMA, TD_E_INTERNAL (a
 * tracedec bug); sticky for the database. Pointers in *ev stay valid until the next call on the
 * database or any of its cursors. */
int td_sqlite_cursor_next(td_sqlite_cursor *c, td_sqlite_event *ev);

/* The depth of the leaves the scan entered (the root is 1), 0 before the
 * first; and the pages it entered. */
unsigned td_sqlite_cursor_leaf_depth(const td_sqlite_cursor *c);
uint32_t td_sqlite_cursor_pages(const td_sqlite_cursor *c);

/* Drop the rest of the current row (its overflow pages are not read, so
 * their chain is not checked); the next call starts the next row. */
void td_sqlite_cursor_skip_row(td_sqlite_cursor *c);

#ifdef __cplusplus
}
#endif

#endif /* TRACEDEC_SQLITE_H */
