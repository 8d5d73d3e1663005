/*
 * umt_tables.c - each table on its own (and, in VALIDATE, each table's
 * rows before the records): module.itable, thread.itable,
 * address_space.itable, ins.itable, the syscall records and the context
 * map's entries.
 *
 * Technique. A table pass reads the header and gives a TABLE event, then
 * steps through rows by RowSize (never by the documented size: bytes past
 * the known fields are opaque). A row that points elsewhere in its file
 * (module names, an instruction's decodedIns and disassembly) goes on with
 * the sub-steps of strings and instructions. When the other files' headers
 * are known (VALIDATE), rows are checked against them too: EIDs below
 * RecordCount, ModuleIDs below the module count, syscalls against the
 * records they name; each thread row seeds its chain's walk when the
 * workspace has room for it (umt_chains.c).
 */
#include "umt_internal.h"

enum table_step {
    T_HEADER = 0,
    T_ROW,
    T_MORE, /* the row's own sub-steps */
    T_NEXT
};

enum module_more { M_WIN_NAME = 0, M_WIN_RUN, M_DEVICE_NAME, M_DEVICE_RUN };

enum register_more { G_LARGEST = 0, G_NAME, G_MAP32, G_MAP64, G_EVENT };

static uint32_t phase_file(int phase)
{
    switch (phase) {
    case P_MODULES:
        return TD_UMT_MODULE_ITABLE;
    case P_THREADS:
        return TD_UMT_THREAD_ITABLE;
    case P_RANGES:
        return TD_UMT_ADDRESS_SPACE;
    case P_INSTRUCTIONS:
        return TD_UMT_INS_ITABLE;
    case P_SYSCALLS:
        return TD_UMT_SYSCALL_VTABLE;
    default:
        return TD_UMT_CONTEXT_MAP;
    }
}

void tdi_umt_table_begin(td_umt_decoder *d)
{
    memset(&d->u.table, 0, sizeof d->u.table);
    d->u.table.file = (uint8_t)phase_file(d->phase);
}

static bool validating(const td_umt_decoder *d)
{
    return d->mode == TD_UMT_VALIDATE;
}

static void table_event(td_umt_decoder *d, td_umt_event *ev,
                        const umt_table_header *h, uint64_t header_size)
{
    tdi_umt_event(d, ev, TD_UMT_EV_TABLE, d->u.table.file, 0, header_size);
    ev->table.file = d->u.table.file;
    ev->table.header_version = h->header_version;
    ev->table.record_version = h->record_version;
    ev->table.rows = h->rows;
    ev->table.row_size = h->row_size;
    ev->table.table_fp = h->table;
    ev->table.extra_fp = h->extra;
    ev->table.extra_size = h->extra_size;
}

static int fixed_header(td_umt_decoder *d, td_umt_event *ev)
{
    static const uint64_t known[4] = {MODULE_ROW_SIZE, THREAD_ROW_SIZE,
                                      RANGE_ROW_SIZE, INS_ROW_SIZE};
    uint32_t file = d->u.table.file;
    uint32_t size = file == TD_UMT_MODULE_ITABLE || file == TD_UMT_INS_ITABLE
                        ? EXTRA_HEADER_SIZE
                        : TABLE_HEADER_SIZE;
    umt_table_header h;
    int rc =
        tdi_umt_table_header_read(d, file, size, known[d->phase - P_MODULES], &h);
    if (rc == TD_OK)
        rc = tdi_umt_check_row_version(d, file, &h);
    if (rc != TD_OK)
        return rc;
    d->u.table.fp = h.table;
    d->u.table.row_size = h.row_size;
    d->u.table.rows = h.rows;
    d->u.table.extra = h.extra;
    d->u.table.extra_size = h.extra_size;
    if (file == TD_UMT_INS_ITABLE)
        tdi_umt_keep_ins_table(d, &h);
    table_event(d, ev, &h, size);
    return TD_EVENT;
}

static int syscall_header(td_umt_decoder *d, td_umt_event *ev)
{
    umt_table_header h;
    int rc = tdi_umt_syscall_header(d, &h);
    if (rc != TD_OK)
        return rc;
    d->u.table.rows = h.rows;
    table_event(d, ev, &h, EXEC_HEADER_SIZE);
    return TD_EVENT;
}

static int registers_header(td_umt_decoder *d, td_umt_event *ev)
{
    umt_table_header h;
    memset(&h, 0, sizeof h);
    h.rows = d->elem_count;
    h.extra_size = d->dump_size;
    d->u.table.rows = d->elem_count;
    table_event(d, ev, &h, 4);
    return TD_EVENT;
}

/* ---- Rows -----------------------------------------------------------------
 */

static uint64_t row_at(const td_umt_decoder *d)
{
    return d->u.table.fp + d->u.table.row * d->u.table.row_size;
}

static const uint8_t *row_bytes(td_umt_decoder *d, size_t n, int *rc)
{
    return tdi_umt_get(d, d->u.table.file, row_at(d), n,
                   TDI_REASON("the file ends inside a table row"), rc);
}

static int row_fail(td_umt_decoder *d, int code, uint64_t field,
                    const char *reason)
{
    return tdi_umt_fail(d, code, d->u.table.file, row_at(d) + field, reason);
}

static bool inside_extra(const td_umt_decoder *d, uint64_t fp)
{
    return fp >= d->u.table.extra &&
           fp - d->u.table.extra < d->u.table.extra_size;
}

static int module_row(td_umt_decoder *d, td_umt_event *ev)
{
    uint64_t n = d->u.table.row_size < TD_UMT_MAX_REQUEST ? d->u.table.row_size
                                                          : MODULE_ROW_SIZE;
    uint64_t load, unload, win_name, device_name;
    int rc;
    const uint8_t *p = row_bytes(d, (size_t)n, &rc);
    if (p == NULL)
        return rc;
    load = tdi_le64(p + MODULE_LOAD_EID);
    unload = tdi_le64(p + MODULE_UNLOAD_EID);
    win_name = tdi_le64(p + MODULE_WIN_NAME);
    device_name = tdi_le64(p + MODULE_DEVICE_NAME);
    if (umt_negative(load) || (validating(d) && load > d->records))
        return row_fail(d, TD_E_UMT_ROW, MODULE_LOAD_EID,
                        TDI_REASON("LoadEID is negative or past the last "
                                  "record"));
    if (unload != UMT_NONE &&
        (unload < load || (validating(d) && unload > d->records)))
        return row_fail(d, TD_E_UMT_ROW, MODULE_UNLOAD_EID,
                        TDI_REASON("UnloadEID is neither -1 nor between "
                                  "LoadEID and the last record"));
    if (tdi_le64(p + MODULE_END) < tdi_le64(p + MODULE_START))
        return row_fail(d, TD_E_UMT_ROW, MODULE_END,
                        TDI_REASON("EndAddr is below StartAddr"));
    if (!inside_extra(d, win_name) || !inside_extra(d, device_name))
        return row_fail(d, TD_E_UMT_POINTER,
                        inside_extra(d, win_name) ? MODULE_DEVICE_NAME
                                                  : MODULE_WIN_NAME,
                        TDI_REASON("module name pointer lies outside the "
                                  "extra area"));
    d->u.table.k.names[0] = win_name;
    d->u.table.k.names[1] = device_name;
    tdi_umt_event(d, ev, TD_UMT_EV_MODULE, d->u.table.file, row_at(d),
              d->u.table.row_size);
    ev->module.id = (int64_t)d->u.table.row;
    ev->module.load_eid = (int64_t)load;
    ev->module.unload_eid = (int64_t)unload;
    ev->module.start = tdi_le64(p + MODULE_START);
    ev->module.end = tdi_le64(p + MODULE_END);
    ev->module.win_name_fp = win_name;
    ev->module.device_name_fp = device_name;
    ev->module.extra = p + MODULE_ROW_SIZE;
    ev->module.extra_len = (size_t)(n - MODULE_ROW_SIZE);
    return TD_EVENT;
}

static int module_names(td_umt_decoder *d, td_umt_event *ev)
{
    uint8_t *more = &d->u.table.more;
    int rc;
    if (*more == M_WIN_NAME || *more == M_DEVICE_NAME) {
        bool win = *more == M_WIN_NAME;
        tdi_umt_string_begin(d, TD_UMT_MODULE_ITABLE,
                         win ? TD_UMT_WIN_NAME : TD_UMT_DEVICE_NAME, true,
                         d->u.table.k.names[win ? 0 : 1],
                         d->u.table.extra + d->u.table.extra_size);
        (*more)++;
        return TDI_AGAIN;
    }
    rc = tdi_umt_string_step(d, ev);
    if (rc != TDI_DONE)
        return rc;
    if (*more == M_WIN_RUN) {
        *more = M_DEVICE_NAME;
        return TDI_AGAIN;
    }
    return TDI_DONE;
}

/* VALIDATE with room for every thread's chain: where its walk starts. */
static void seed_chain(const td_umt_decoder *d, uint64_t first)
{
    const umt_space *ws = tdi_umt_space_of(d);
    if (ws->chains != NULL)
        tdi_umt_chain_seed(ws, d->u.table.row, first);
}

static int thread_row(td_umt_decoder *d, td_umt_event *ev)
{
    umt_thread_row t;
    int rc;
    const uint8_t *p = row_bytes(d, THREAD_ROW_SIZE, &rc);
    if (p == NULL)
        return rc;
    umt_read_thread_row(p, &t);
    if (t.id != d->u.table.row)
        return row_fail(d, TD_E_UMT_ROW, THREAD_ID,
                        TDI_REASON("threadRec ID is not its row number"));
    if (umt_negative(t.first) || (validating(d) && t.first >= d->records))
        return row_fail(d, TD_E_UMT_REFERENCE, THREAD_FIRST_EID,
                        TDI_REASON("FirstEID is not an execution record"));
    if (t.last != UMT_NONE &&
        (t.last < t.first || (validating(d) && t.last >= d->records)))
        return row_fail(d, TD_E_UMT_REFERENCE, THREAD_LAST_EID,
                        TDI_REASON("LastEID is neither -1 nor a record from "
                                  "FirstEID on"));
    if (t.count == 0 || umt_negative(t.count) ||
        (t.last != UMT_NONE && t.count > t.last - t.first + 1))
        return row_fail(d, TD_E_UMT_ROW, THREAD_REC_COUNT,
                        TDI_REASON("RecCount is not 1 or more, or more than "
                                  "the records from FirstEID to LastEID"));
    seed_chain(d, t.first);
    tdi_umt_event(d, ev, TD_UMT_EV_THREAD, d->u.table.file, row_at(d),
              d->u.table.row_size);
    ev->thread.id = tdi_as_i32(t.id);
    ev->thread.win_tid = t.win_tid;
    ev->thread.tib = t.tib;
    ev->thread.first_eid = (int64_t)t.first;
    ev->thread.last_eid = (int64_t)t.last;
    ev->thread.rec_count = t.count;
    return TD_EVENT;
}

static int range_row(td_umt_decoder *d, td_umt_event *ev)
{
    uint64_t first, last;
    int rc;
    const uint8_t *p = row_bytes(d, RANGE_ROW_SIZE, &rc);
    if (p == NULL)
        return rc;
    first = tdi_le64(p + RANGE_FIRST);
    last = tdi_le64(p + RANGE_LAST);
    if (first % PAGE != 0)
        return row_fail(d, TD_E_UMT_ROW, RANGE_FIRST,
                        TDI_REASON("address range First is not a multiple "
                                  "of 4 kB"));
    if (last <= first || last % PAGE != PAGE - 1)
        return row_fail(d, TD_E_UMT_ROW, RANGE_LAST,
                        TDI_REASON("address range Last is not above First "
                                  "and one less than a multiple of 4 kB"));
    tdi_umt_event(d, ev, TD_UMT_EV_ADDRESS_RANGE, d->u.table.file, row_at(d),
              d->u.table.row_size);
    ev->range.index = d->u.table.row;
    ev->range.first = first;
    ev->range.last = last;
    return TD_EVENT;
}

/* ---- Context map entries --------------------------------------------------
 */

static const uint8_t *map_item(td_umt_decoder *d, uint64_t base, uint32_t size,
                               int *rc)
{
    return tdi_umt_get(d, TD_UMT_CONTEXT_MAP, base + d->u.table.row * size, size,
                   TDI_REASON("context_map.itable is shorter than 17424 "
                             "bytes"),
                   rc);
}

static void register_event(td_umt_decoder *d, td_umt_event *ev)
{
    tdi_umt_event(d, ev, TD_UMT_EV_REGISTER_INFO, TD_UMT_CONTEXT_MAP,
              MAP_NAMES + d->u.table.row * MAP_NAME_SIZE, MAP_NAME_SIZE);
    ev->reginfo.reg = (uint16_t)d->u.table.row;
    ev->reginfo.name = d->u.table.slot.name;
    ev->reginfo.name_len = d->u.table.slot.name_len;
    ev->reginfo.largest = d->u.table.slot.largest;
    ev->reginfo.map32 = d->u.table.k.map[0];
    ev->reginfo.map64 = d->u.table.k.map[1];
}

/* One part of an entry: Largest, name, RegMap32 or RegMap64. */
static int register_part(td_umt_decoder *d)
{
    uint8_t more = d->u.table.more;
    const uint8_t *p;
    int rc;
    if (more == G_NAME)
        return tdi_umt_register_name(d, (uint16_t)d->u.table.row,
                                 &d->u.table.slot);
    if (more == G_LARGEST) {
        p = map_item(d, MAP_LARGEST, 2, &rc);
        if (p == NULL)
            return rc;
        d->u.table.slot.largest = tdi_le16(p);
        return TD_OK;
    }
    p = map_item(d, more == G_MAP32 ? MAP_REGMAP32 : MAP_REGMAP64,
                 MAP_INFO_SIZE, &rc);
    if (p == NULL)
        return rc;
    tdi_umt_map_entry(p, &d->u.table.k.map[more - G_MAP32]);
    return TD_OK;
}

static int register_entry(td_umt_decoder *d, td_umt_event *ev)
{
    int rc;
    if (d->u.table.more > G_EVENT)
        return TDI_DONE;
    if (d->u.table.more == G_EVENT) {
        d->u.table.more++;
        register_event(d, ev);
        return TD_EVENT;
    }
    rc = register_part(d);
    if (rc != TD_OK)
        return rc;
    d->u.table.more++;
    return TDI_AGAIN;
}

/* ---- The pass -------------------------------------------------------------
 */

static int header(td_umt_decoder *d, td_umt_event *ev)
{
    switch (d->phase) {
    case P_SYSCALLS:
        return syscall_header(d, ev);
    case P_REGISTERS:
        return registers_header(d, ev);
    default:
        return fixed_header(d, ev);
    }
}

/* A row's first step: TD_EVENT when the row is reported whole, TDI_AGAIN
 * when its sub-steps go on. */
static int row_first(td_umt_decoder *d, td_umt_event *ev)
{
    switch (d->phase) {
    case P_MODULES:
        return module_row(d, ev);
    case P_THREADS:
        return thread_row(d, ev);
    case P_RANGES:
        return range_row(d, ev);
    case P_INSTRUCTIONS:
        tdi_umt_ins_begin(&d->u.table.k.ins, d->u.table.row);
        return TDI_AGAIN;
    case P_SYSCALLS:
        tdi_umt_sys_begin(&d->u.table.k.sys, d->u.table.row);
        return TDI_AGAIN;
    default:
        return TDI_AGAIN;
    }
}

static int row_more(td_umt_decoder *d, td_umt_event *ev)
{
    umt_ins_context c;
    switch (d->phase) {
    case P_MODULES:
        return module_names(d, ev);
    case P_INSTRUCTIONS:
        memset(&c, 0, sizeof c);
        return tdi_umt_ins_step(d, &d->u.table.k.ins, &d->u.table.slot, &c, ev);
    case P_SYSCALLS:
        return tdi_umt_sys_step(d, &d->u.table.k.sys, UMT_NONE, 0, ev);
    case P_REGISTERS:
        return register_entry(d, ev);
    default:
        return TDI_DONE;
    }
}

static int table_step(td_umt_decoder *d, td_umt_event *ev)
{
    int rc;
    switch (d->u.table.sub) {
    case T_HEADER:
        rc = header(d, ev);
        if (rc == TD_EVENT)
            d->u.table.sub = T_ROW;
        return rc;
    case T_ROW:
        if (d->u.table.row >= d->u.table.rows)
            return TDI_DONE;
        rc = row_first(d, ev);
        if (rc == TD_EVENT || rc == TDI_AGAIN)
            d->u.table.sub = T_MORE;
        return rc;
    case T_MORE:
        rc = row_more(d, ev);
        if (rc == TDI_DONE)
            d->u.table.sub = T_NEXT;
        return rc == TDI_DONE ? TDI_AGAIN : rc;
    default:
        d->u.table.row++;
        d->u.table.more = 0;
        d->u.table.sub = T_ROW;
        return TDI_AGAIN;
    }
}

int tdi_umt_tables(td_umt_decoder *d, td_umt_event *ev)
{
    int rc;
    do
        rc = table_step(d, ev);
    while (rc == TDI_AGAIN);
    return rc;
}
