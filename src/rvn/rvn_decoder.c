/*
 * rvn_decoder.c - the REVEN block-trace decoder: its entry points and its
 * phases, over the SQLite reader (src/sqlite).
 *
 * Record kind -> function (file):
 *   sqlite_schema rows: which tables, at which root pages ->
 *     tdi_rvn_schema_step, the TABLES event -> tdi_rvn_tables_event
 *     (rvn_schema.c)
 *   _metadata row -> metadata_row, its text columns -> text_column, its
 *     semantic versions -> rvn_semver_feed, the METADATA event ->
 *     metadata_done (rvn_metadata.c)
 *   blocks rows -> check_block, their instruction bytes -> block_data,
 *     the BLOCK event -> block_event (rvn_blocks.c)
 *   instruction_indices rows -> check_instruction, instruction_row
 *     (rvn_blocks.c)
 *   execution rows -> check_execution, execution_event (rvn_execution.c)
 *   interrupts rows -> check_interrupt, interrupt_event; those after the
 *     last execution -> tdi_rvn_leftover_step (rvn_execution.c)
 *   rows of integer columns, from any table -> tdi_rvn_int_row (rvn_row.c)
 *   the database's own header and freelist -> freelist_step (here), then
 *     the SQLite reader (sqlite_decoder.c lists its records)
 *   warnings -> warning_event (here)
 *   a part's seam with the parts before it -> td_rvn_join (rvn_parts.c)
 *
 * Technique. The file is read table by table in the order the checks need:
 * sqlite_schema (which tables, where), _metadata (is this a block trace of
 * a compatible version), blocks (how many, rowids 1..N without gaps, so
 * that "this block id exists" is a range check afterwards, O(1) memory),
 * instruction_indices merged with blocks on the second lane (each block's
 * instruction bytes bound its offsets), then execution merged with
 * interrupts on the second lane by transition, and last the database's
 * own events, which walk and check its freelist. Each phase is a step
 * function that returns an event, a request, or TDI_AGAIN to go on. A
 * part after the first (rvn_parts.c) goes from the schema to its part of
 * execution; a part before the last ends with the interrupts after its
 * rows (RP_TAIL) instead of the leftovers and the freelist.
 */
#include "rvn_internal.h"

typedef char tdi_rvn_fits_2688_bytes[sizeof(td_rvn_decoder) <= 2688 ? 1 : -1];

int td_rvn_init(td_rvn_decoder *r, const td_rvn_config *cfg)
{
    td_sqlite_config db;
    if (r == NULL ||
        (cfg != NULL && (cfg->size < sizeof *cfg || cfg->flags != 0 ||
                         (cfg->parts != 0 && cfg->part >= cfg->parts) ||
                         cfg->parts > 65535)))
        return TD_E_INVALID_ARGUMENT;
    memset(r, 0, sizeof *r);
    memset(&db, 0, sizeof db);
    db.size = sizeof db;
    if (cfg != NULL) {
        db.files = cfg->files;
        r->part = (uint16_t)cfg->part;
        r->parts = (uint16_t)cfg->parts;
    }
    td_sqlite_init(&r->db, &db);
    return tdi_rvn_cursor(r, &r->main, 1, 0,
                          TD_SQLITE_TABLE | TD_SQLITE_SCHEMA_ROWS);
}

int td_rvn_reset(td_rvn_decoder *r)
{
    td_rvn_config cfg;
    if (r == NULL)
        return TD_E_INVALID_ARGUMENT;
    memset(&cfg, 0, sizeof cfg);
    cfg.size = sizeof cfg;
    cfg.files = r->db.files;
    cfg.part = r->part;
    cfg.parts = r->parts;
    return td_rvn_init(r, &cfg);
}

const td_request *td_rvn_request(const td_rvn_decoder *r)
{
    return td_sqlite_request(&r->db);
}

int td_rvn_feed(td_rvn_decoder *r, const void *data, size_t len)
{
    if (r == NULL)
        return TD_E_INVALID_ARGUMENT;
    return td_sqlite_feed(&r->db, data, len);
}

const td_fault *td_rvn_fault(const td_rvn_decoder *r)
{
    return td_sqlite_fault(&r->db);
}

const td_sqlite_header *td_rvn_header(const td_rvn_decoder *r)
{
    return td_sqlite_info(&r->db);
}

const td_rvn_counts *td_rvn_counts_of(const td_rvn_decoder *r)
{
    return &r->counts;
}

int tdi_rvn_fail(td_rvn_decoder *r, int code, uint64_t at, const char *reason)
{
    return tdi_fail(&r->db.fault, code, at, reason);
}

static int warning_event(td_rvn_decoder *r, td_rvn_event *ev)
{
    unsigned bit = r->warnings & (0u - r->warnings);
    r->warnings = (uint8_t)(r->warnings & ~bit);
    rvn_event(ev, TD_RVN_EV_WARNING, 0, 0);
    if (bit == RVN_WARN_NO_INDICES)
        ev->warning.code = TD_W_RVN_NO_INSTRUCTION_INDICES;
    else if (bit == RVN_WARN_NO_INTERRUPTS)
        ev->warning.code = TD_W_RVN_NO_INTERRUPTS;
    else
        ev->warning.code = TD_W_RVN_UNFINISHED;
    ev->warning.reason = tdi_warning_reason(ev->warning.code);
    return TD_EVENT;
}

/* The database's events (its header, its freelist trunks) are checked
 * as they pass and not handed out. */
static int freelist_step(td_rvn_decoder *r)
{
    int rc = td_sqlite_next(&r->db, &r->sev);
    if (rc == TD_EVENT)
        return TDI_AGAIN;
    if (rc == TD_END)
        r->phase = RP_DONE;
    return rc;
}

static int step(td_rvn_decoder *r, td_rvn_event *ev)
{
    switch (r->phase) {
    case RP_SCHEMA:
        return tdi_rvn_schema_step(r);
    case RP_TABLES:
        return tdi_rvn_tables_event(r, ev);
    case RP_METADATA:
        return tdi_rvn_metadata_step(r, ev);
    case RP_BLOCKS_START:
    case RP_BLOCKS:
        return tdi_rvn_blocks_step(r, ev);
    case RP_INDICES_START:
    case RP_INDICES:
        return tdi_rvn_indices_step(r, ev);
    case RP_EXECUTION_START:
    case RP_EXECUTION:
        return tdi_rvn_execution_step(r, ev);
    case RP_LEFTOVER:
        return tdi_rvn_leftover_step(r, ev);
    case RP_TAIL:
        return tdi_rvn_tail_step(r);
    case RP_FREELIST:
        return freelist_step(r);
    default:
        return TD_END;
    }
}

int td_rvn_next(td_rvn_decoder *r, td_rvn_event *ev)
{
    int rc;
    if (r == NULL || ev == NULL)
        return TD_E_INVALID_ARGUMENT;
    if (r->db.fault.code != 0)
        return r->db.fault.code;
    for (;;) {
        if (r->warnings != 0)
            return warning_event(r, ev);
        rc = step(r, ev);
        if (rc != TDI_AGAIN)
            return rc;
    }
}
