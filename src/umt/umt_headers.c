/*
 * umt_headers.c - the headers of every file and the open pass.
 *
 * Technique. The open pass is a list of steps, each reading one header or
 * probing one byte, run in order by d->step: the exec files' headers and
 * first and last offsets, then each fixed-size table's header and the last
 * byte of its table and of its extra area (so a file cut short is found
 * before any record is decoded), then the syscall files and the context
 * map. VALIDATE adds probes past the documented sizes (exec.offsets holds
 * RecordCount + 1 offsets, exec.prev_next.column RecordCount pairs,
 * syscall.offsets RecordCount pairs, exec.vtable ends at the last offset).
 * What later passes need is kept in the decoder; the TRACE event reports
 * the rest.
 */
#include "umt_internal.h"

/* a * b <= limit, without overflow and without a division (a 64-bit
 * division is a library call on 32-bit targets). */
static bool product_fits(uint64_t a, uint64_t b, uint64_t limit)
{
    uint64_t a_hi = a >> 32, b_hi = b >> 32, cross, low;
    if (a_hi != 0 && b_hi != 0)
        return false;
    cross = a_hi * (b & 0xffffffffu) + b_hi * (a & 0xffffffffu);
    if (cross >> 32 != 0)
        return false;
    low = (a & 0xffffffffu) * (b & 0xffffffffu);
    return umt_fits(low, cross << 32, limit);
}

int tdi_umt_table_header_read(td_umt_decoder *d, uint32_t file,
                          uint32_t header_size, uint64_t known,
                          umt_table_header *h)
{
    int rc;
    const uint8_t *p = tdi_umt_get(d, file, 0, header_size,
                               TDI_REASON("the file is shorter than its "
                                         "table header"),
                               &rc);
    if (p == NULL)
        return rc;
    h->header_version = tdi_le32(p + HEAD_VERSION);
    h->record_version = tdi_le32(p + HEAD_RECORD_VERSION);
    h->rows = tdi_le64(p + HEAD_ROWS);
    h->row_size = tdi_le64(p + HEAD_ROW_SIZE);
    h->table = tdi_le64(p + HEAD_TABLE_FP);
    h->extra = header_size == EXTRA_HEADER_SIZE ? tdi_le64(p + HEAD_EXTRA_FP)
                                                : 0;
    h->extra_size =
        header_size == EXTRA_HEADER_SIZE ? tdi_le64(p + HEAD_EXTRA_SIZE) : 0;
    if (h->header_version != 0)
        return tdi_umt_fail(d, TD_E_UMT_VERSION, file, HEAD_VERSION,
                        TDI_REASON("HeaderVer is not 0"));
    if (umt_negative(h->rows))
        return tdi_umt_fail(d, TD_E_UMT_HEADER, file, HEAD_ROWS,
                        TDI_REASON("RowCount is negative"));
    if (umt_negative(h->row_size) || h->row_size < known)
        return tdi_umt_fail(d, TD_E_UMT_HEADER, file, HEAD_ROW_SIZE,
                        TDI_REASON("RowSize is smaller than the row's known "
                                  "fields"));
    if (umt_negative(h->table) || h->table < header_size)
        return tdi_umt_fail(d, TD_E_UMT_POINTER, file, HEAD_TABLE_FP,
                        TDI_REASON("TableFP points into the header"));
    if (!product_fits(h->rows, h->row_size, UINT64_MAX >> 1) ||
        !umt_fits(h->table, h->rows * h->row_size, UINT64_MAX >> 1))
        return tdi_umt_fail(d, TD_E_UMT_HEADER, file, HEAD_ROWS,
                        TDI_REASON("RowCount * RowSize does not fit in a "
                                  "file"));
    if (header_size == EXTRA_HEADER_SIZE &&
        (umt_negative(h->extra) || h->extra < header_size))
        return tdi_umt_fail(d, TD_E_UMT_POINTER, file, HEAD_EXTRA_FP,
                        TDI_REASON("ExtraFP points into the header"));
    if (umt_negative(h->extra_size) ||
        !umt_fits(h->extra, h->extra_size, UINT64_MAX >> 1))
        return tdi_umt_fail(d, TD_E_UMT_HEADER, file, HEAD_EXTRA_SIZE,
                        TDI_REASON("ExtraSize is negative or too large"));
    if (h->extra_size > 0 && h->rows > 0 &&
        h->extra < h->table + h->rows * h->row_size &&
        h->table < h->extra + h->extra_size)
        return tdi_umt_fail(d, TD_E_UMT_HEADER, file, HEAD_EXTRA_FP,
                        TDI_REASON("the extra area overlaps the table"));
    return TD_OK;
}

int tdi_umt_check_row_version(td_umt_decoder *d, uint32_t file,
                          const umt_table_header *h)
{
    /* ins.itable has RecordVer 1 since tool suite 4.0, which also grew the
     * module rows; the other tables only know version 0. */
    uint32_t highest =
        file == TD_UMT_INS_ITABLE || file == TD_UMT_MODULE_ITABLE ? 1 : 0;
    if (h->record_version > highest)
        return tdi_umt_fail(d, TD_E_UMT_VERSION, file, HEAD_RECORD_VERSION,
                        TDI_REASON("RecordVer is not one the table has"));
    return TD_OK;
}

/* ---- The exec files -------------------------------------------------- */

int tdi_umt_exec_header(td_umt_decoder *d, const uint8_t *p)
{
    uint32_t version = tdi_le32(p + HEAD_VERSION);
    d->records = tdi_le64(p + HEAD_ROWS);
    if (version > 1)
        return tdi_umt_fail(d, TD_E_UMT_VERSION, TD_UMT_EXEC_VTABLE,
                        HEAD_VERSION,
                        TDI_REASON("exec.vtable Version is neither 0 nor 1"));
    if (d->records > UINT64_MAX / 16 - 1)
        return tdi_umt_fail(d, TD_E_UMT_HEADER, TD_UMT_EXEC_VTABLE, HEAD_ROWS,
                        TDI_REASON("RecordCount is negative or too large"));
    d->exec_version = (uint8_t)version;
    return TD_OK;
}

static int exec_header(td_umt_decoder *d)
{
    int rc;
    const uint8_t *p = tdi_umt_get(d, TD_UMT_EXEC_VTABLE, 0, EXEC_HEADER_SIZE,
                               TDI_REASON("exec.vtable is shorter than its "
                                         "header"),
                               &rc);
    return p == NULL ? rc : tdi_umt_exec_header(d, p);
}

static int first_offset(td_umt_decoder *d)
{
    int rc;
    const uint8_t *p = tdi_umt_get(d, TD_UMT_EXEC_OFFSETS, 0, 8,
                               TDI_REASON("exec.offsets is empty"), &rc);
    if (p == NULL)
        return rc;
    d->u.open.first = tdi_le64(p);
    if (umt_negative(d->u.open.first) || d->u.open.first < EXEC_HEADER_SIZE)
        return tdi_umt_fail(d, TD_E_UMT_OFFSETS, TD_UMT_EXEC_OFFSETS, 0,
                        TDI_REASON("Offset[0] points into the exec.vtable "
                                  "header"));
    return TD_OK;
}

static int last_offset(td_umt_decoder *d)
{
    uint64_t at = d->records * 8, last;
    int rc;
    const uint8_t *p = tdi_umt_get(d, TD_UMT_EXEC_OFFSETS, at, 8,
                               TDI_REASON("exec.offsets holds fewer than "
                                         "RecordCount + 1 offsets"),
                               &rc);
    if (p == NULL)
        return rc;
    last = tdi_le64(p);
    if (umt_negative(last) || last < d->u.open.first ||
        last - d->u.open.first < d->records * RECORD_HEADER_SIZE)
        return tdi_umt_fail(d, TD_E_UMT_OFFSETS, TD_UMT_EXEC_OFFSETS, at,
                        TDI_REASON("Offset[RecordCount] leaves less than 6 "
                                  "bytes per record"));
    d->u.open.last = last;
    d->exec_end = last;
    return TD_OK;
}

/* ---- Fixed-size tables ------------------------------------------------ */

typedef struct table_kind {
    uint32_t file;
    uint32_t header_size;
    uint64_t known;
} table_kind;

static const table_kind tables[4] = {
    {TD_UMT_INS_ITABLE, EXTRA_HEADER_SIZE, INS_ROW_SIZE},
    {TD_UMT_MODULE_ITABLE, EXTRA_HEADER_SIZE, MODULE_ROW_SIZE},
    {TD_UMT_THREAD_ITABLE, TABLE_HEADER_SIZE, THREAD_ROW_SIZE},
    {TD_UMT_ADDRESS_SPACE, TABLE_HEADER_SIZE, RANGE_ROW_SIZE},
};

void tdi_umt_keep_ins_table(td_umt_decoder *d, const umt_table_header *h)
{
    d->ins_version = (uint8_t)h->record_version;
    d->ins_rows = h->rows;
    d->ins_row_size = h->row_size;
    d->ins_table = h->table;
    d->ins_extra = h->extra;
    d->ins_extra_size = h->extra_size;
}

static void keep_table_facts(td_umt_decoder *d, uint32_t file,
                             const umt_table_header *h)
{
    switch (file) {
    case TD_UMT_INS_ITABLE:
        tdi_umt_keep_ins_table(d, h);
        break;
    case TD_UMT_MODULE_ITABLE:
        d->module_rows = h->rows;
        break;
    case TD_UMT_THREAD_ITABLE:
        d->thread_rows = h->rows;
        break;
    default:
        d->u.open.address_rows = h->rows;
        break;
    }
}

/* Table k in three steps counted by d->u.open.index: its header (kept),
 * then the last byte of the table and of its extra area. */
static int table_step(td_umt_decoder *d, const table_kind *k)
{
    umt_table_header h;
    int rc;
    if (d->u.open.index == 0) {
        rc = tdi_umt_table_header_read(d, k->file, k->header_size, k->known, &h);
        if (rc == TD_OK)
            rc = tdi_umt_check_row_version(d, k->file, &h);
        if (rc != TD_OK)
            return rc;
        keep_table_facts(d, k->file, &h);
        d->u.open.table_at = h.table;
        d->u.open.table_end = h.table + h.rows * h.row_size;
        d->u.open.extra_at = h.extra;
        d->u.open.extra_end = h.extra + h.extra_size;
        d->u.open.index = 1;
    }
    if (d->u.open.index == 1) {
        rc = tdi_umt_need_end(d, k->file, d->u.open.table_end, d->u.open.table_at,
                          TDI_REASON("the table runs past the end of the "
                                    "file"));
        if (rc != TD_OK)
            return rc;
        d->u.open.index = 2;
    }
    if (d->u.open.extra_end > d->u.open.extra_at) {
        rc = tdi_umt_need_end(d, k->file, d->u.open.extra_end, d->u.open.extra_at,
                          TDI_REASON("the extra area runs past the end of "
                                    "the file"));
        if (rc != TD_OK)
            return rc;
    }
    d->u.open.index = 0;
    return TD_OK;
}

/* ---- Syscall files ---------------------------------------------------- */

int tdi_umt_syscall_header(td_umt_decoder *d, umt_table_header *h)
{
    int rc;
    const uint8_t *p = tdi_umt_get(d, TD_UMT_SYSCALL_VTABLE, 0, EXEC_HEADER_SIZE,
                               TDI_REASON("syscall.vtable is shorter than its "
                                         "header"),
                               &rc);
    if (p == NULL)
        return rc;
    memset(h, 0, sizeof *h);
    h->header_version = tdi_le32(p + HEAD_VERSION);
    h->record_version = tdi_le32(p + HEAD_RECORD_VERSION);
    h->rows = tdi_le64(p + HEAD_ROWS);
    if (h->header_version != 0)
        return tdi_umt_fail(d, TD_E_UMT_VERSION, TD_UMT_SYSCALL_VTABLE,
                        HEAD_VERSION,
                        TDI_REASON("syscall.vtable Version is not 0"));
    if (h->record_version > 1)
        return tdi_umt_fail(d, TD_E_UMT_VERSION, TD_UMT_SYSCALL_VTABLE,
                        HEAD_RECORD_VERSION,
                        TDI_REASON("UnifiedIDsVer is neither 0 nor 1"));
    if (h->rows > UINT64_MAX / 16 - 1)
        return tdi_umt_fail(d, TD_E_UMT_HEADER, TD_UMT_SYSCALL_VTABLE,
                        HEAD_ROWS,
                        TDI_REASON("RecordCount is negative or too large"));
    d->syscall_rows = h->rows;
    d->ids_version = (uint8_t)h->record_version;
    return TD_OK;
}

static int syscall_header(td_umt_decoder *d)
{
    umt_table_header h;
    return tdi_umt_syscall_header(d, &h);
}

/* ---- The open pass ---------------------------------------------------- */

enum open_step {
    O_EXEC_HEADER = 0,
    O_FIRST_OFFSET,
    O_LAST_OFFSET,
    O_VTABLE_END,
    O_VTABLE_SIZE,    /* VALIDATE */
    O_OFFSETS_SIZE,   /* VALIDATE */
    O_PREV_NEXT_END,  /* VALIDATE */
    O_PREV_NEXT_SIZE, /* VALIDATE */
    O_TABLES,         /* 4 tables, d->u.open.table */
    O_SYSCALL_HEADER,
    O_SYSCALL_OFFSETS_END,
    O_SYSCALL_OFFSETS_SIZE, /* VALIDATE */
    O_CONTEXT_MAP,
    O_TRACE
};

static bool validate_only(int step)
{
    return step == O_VTABLE_SIZE || step == O_OFFSETS_SIZE ||
           step == O_PREV_NEXT_END || step == O_PREV_NEXT_SIZE ||
           step == O_SYSCALL_OFFSETS_SIZE;
}

static int exec_sizes(td_umt_decoder *d, int step)
{
    switch (step) {
    case O_VTABLE_END:
        return tdi_umt_need_end(d, TD_UMT_EXEC_VTABLE, d->u.open.last,
                            d->u.open.last - 1,
                            TDI_REASON("exec.vtable ends before "
                                      "Offset[RecordCount]"));
    case O_VTABLE_SIZE:
        return tdi_umt_no_more(d, TD_UMT_EXEC_VTABLE, d->u.open.last,
                           TDI_REASON("exec.vtable goes on after "
                                     "Offset[RecordCount]"));
    case O_OFFSETS_SIZE:
        return tdi_umt_no_more(d, TD_UMT_EXEC_OFFSETS, (d->records + 1) * 8,
                           TDI_REASON("exec.offsets holds more than "
                                     "RecordCount + 1 offsets"));
    case O_PREV_NEXT_END:
        return tdi_umt_need_end(d, TD_UMT_EXEC_PREV_NEXT, d->records * 16,
                            d->records * 16 - 1,
                            TDI_REASON("exec.prev_next.column holds fewer "
                                      "than RecordCount pairs"));
    default:
        return tdi_umt_no_more(d, TD_UMT_EXEC_PREV_NEXT, d->records * 16,
                           TDI_REASON("exec.prev_next.column holds more "
                                     "than RecordCount pairs"));
    }
}

static int syscall_sizes(td_umt_decoder *d, int step)
{
    if (step == O_SYSCALL_OFFSETS_END)
        return tdi_umt_need_end(d, TD_UMT_SYSCALL_OFFSETS, d->syscall_rows * 16,
                            d->syscall_rows * 16 - 1,
                            TDI_REASON("syscall.offsets holds fewer than "
                                      "RecordCount pairs"));
    return tdi_umt_no_more(d, TD_UMT_SYSCALL_OFFSETS, d->syscall_rows * 16,
                       TDI_REASON("syscall.offsets holds more than "
                                 "RecordCount pairs"));
}

static int tables_step(td_umt_decoder *d)
{
    while (d->u.open.table < 4) {
        int rc = table_step(d, &tables[d->u.open.table]);
        if (rc != TD_OK)
            return rc;
        d->u.open.table++;
    }
    return TD_OK;
}

static int run_step(td_umt_decoder *d, int step)
{
    switch (step) {
    case O_EXEC_HEADER:
        return exec_header(d);
    case O_FIRST_OFFSET:
        return first_offset(d);
    case O_LAST_OFFSET:
        return last_offset(d);
    case O_TABLES:
        return tables_step(d);
    case O_SYSCALL_HEADER:
        return syscall_header(d);
    case O_SYSCALL_OFFSETS_END:
    case O_SYSCALL_OFFSETS_SIZE:
        return syscall_sizes(d, step);
    case O_CONTEXT_MAP:
        return tdi_umt_context_map_check(d);
    default:
        return exec_sizes(d, step);
    }
}

static int trace_event(td_umt_decoder *d, td_umt_event *ev)
{
    tdi_umt_event(d, ev, TD_UMT_EV_TRACE, TD_UMT_EXEC_VTABLE, 0, EXEC_HEADER_SIZE);
    ev->trace.exec_version = d->exec_version;
    ev->trace.ins_version = d->ins_version;
    ev->trace.syscall_ids_version = d->ids_version;
    ev->trace.layout = d->layout;
    ev->trace.records = d->records;
    ev->trace.instructions = d->ins_rows;
    ev->trace.modules = d->module_rows;
    ev->trace.threads = d->thread_rows;
    ev->trace.syscalls = d->syscall_rows;
    ev->trace.address_ranges = d->u.open.address_rows;
    ev->trace.dump_size = d->dump_size;
    ev->trace.registers = d->elem_count;
    return TD_EVENT;
}

int tdi_umt_open(td_umt_decoder *d, td_umt_event *ev)
{
    while (d->step < O_TRACE) {
        int rc = TD_OK;
        if (d->mode == TD_UMT_VALIDATE || !validate_only(d->step))
            rc = run_step(d, d->step);
        if (rc != TD_OK)
            return rc;
        d->step++;
    }
    if (d->step == O_TRACE) {
        d->step++;
        return trace_event(d, ev);
    }
    return TDI_DONE;
}
