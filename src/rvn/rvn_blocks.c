/*
 * rvn_blocks.c - the blocks table and instruction_indices.
 *
 * Technique. blocks is read in rowid order and must hold rowids 1..N with
 * no gap (the Writer inserts without ever deleting), which turns every
 * later "block id exists" into a range check. Rowid 1 must be the
 * interrupt block, whose instruction bytes are the 9 ASCII bytes
 * "interrupt"; they are compared as the fragments pass. Instruction bytes
 * go out as BLOCK_DATA fragments before their BLOCK event.
 *
 * instruction_indices is sorted by (block_id, instruction_id); a second
 * cursor walks blocks on lane 1 in step with it, so each block's data
 * length and instruction count are at hand when its offsets are checked,
 * with no table in memory.
 */
#include "rvn_internal.h"

static const uint8_t interrupt_bytes[9] = {'i', 'n', 't', 'e', 'r',
                                           'r', 'u', 'p', 't'};

/* Instruction bytes of the block, or a fragment of them (`last`: the
 * final one). */
static int block_data(td_rvn_decoder *r, const td_sqlite_value *v, uint64_t offset,
                      bool last, td_rvn_event *ev)
{
    if (r->row.rowid == 1 && v->pos == 0)
        r->interrupt_data_ok = v->length == 9;
    if (r->row.rowid == 1 && r->interrupt_data_ok)
        r->interrupt_data_ok =
            memcmp(v->data, interrupt_bytes + v->pos, v->size) == 0;
    rvn_event(ev, TD_RVN_EV_BLOCK_DATA, offset, v->size);
    ev->flags = last ? TD_LAST_FRAGMENT : 0;
    ev->data.data = v->data;
    ev->data.size = v->size;
    ev->data.pos = v->pos;
    ev->data.length = v->length;
    return TD_EVENT;
}

static int check_block(td_rvn_decoder *r)
{
    const td_rvn_row *row = &r->row;
    if (row->columns != 4 || !tdi_rvn_is_int(row, 0) || !tdi_rvn_is_int(row, 2) ||
        !tdi_rvn_is_int(row, 3) || !(row->blobs >> 1 & 1u))
        return tdi_rvn_fail(r, TD_E_RVN_BLOCK, row->offset,
                        TDI_REASON("blocks row is not (integer pc, blob, "
                                  "integer count, integer mode)"));
    if ((uint64_t)row->rowid != r->expected_rowid)
        return tdi_rvn_fail(r, TD_E_RVN_BLOCK, row->offset,
                        TDI_REASON("blocks rowids are not 1, 2, 3... without "
                                  "gaps"));
    if (row->value[2] < 0 || row->value[2] > 65535)
        return tdi_rvn_fail(r, TD_E_RVN_BLOCK, row->offset,
                        TDI_REASON("instruction_count is not 0 to 65535"));
    if (row->value[3] < 0 || row->value[3] > 2)
        return tdi_rvn_fail(r, TD_E_RVN_BLOCK, row->offset,
                        TDI_REASON("mode is not 0, 1 or 2"));
    if (row->rowid == 1 && !r->interrupt_data_ok)
        return tdi_rvn_fail(r, TD_E_RVN_INTERRUPT_BLOCK, row->offset,
                        TDI_REASON("first block is not a valid interrupt "
                                  "block (instruction_data \"interrupt\")"));
    return TD_OK;
}

static int block_event(td_rvn_decoder *r, td_rvn_event *ev)
{
    const td_rvn_row *row = &r->row;
    rvn_event(ev, TD_RVN_EV_BLOCK, row->offset, 0);
    ev->block.id = row->rowid;
    ev->block.pc = (uint64_t)row->value[0];
    ev->block.data_length = row->length[1];
    ev->block.instruction_count = (uint32_t)row->value[2];
    ev->block.mode = (uint8_t)row->value[3];
    r->expected_rowid++;
    r->counts.blocks++;
    r->counts.block_bytes += row->length[1];
    r->block_due = 0;
    return TD_EVENT;
}

static int blocks_end(td_rvn_decoder *r)
{
    if (r->counts.blocks == 0)
        return tdi_rvn_fail(r, TD_E_RVN_INTERRUPT_BLOCK, 0,
                        TDI_REASON("could not find the interrupt block: the "
                                  "blocks table is empty"));
    r->phase = RP_INDICES_START;
    return TDI_AGAIN;
}

int tdi_rvn_blocks_step(td_rvn_decoder *r, td_rvn_event *ev)
{
    const td_sqlite_event *sev = &r->sev;
    int rc;
    if (r->phase == RP_BLOCKS_START) {
        r->phase = RP_BLOCKS;
        r->expected_rowid = 1;
        return tdi_rvn_scan(r, &r->main, TD_RVN_BLOCKS, 0, 0) == TD_OK
                   ? TDI_AGAIN
                   : tdi_rvn_fail(r, TD_E_RVN_SCHEMA, 0,
                              TDI_REASON("blocks has no b-tree"));
    }
    if (r->block_due)
        return block_event(r, ev);
    rc = tdi_rvn_pull(&r->main, &r->row, &r->sev);
    if (rc == TD_END)
        return blocks_end(r);
    if (rc == TD_EVENT &&
        (sev->column != 1 || sev->value.type != TD_SQLITE_BLOB))
        return tdi_rvn_fail(r, TD_E_RVN_BLOCK, r->row.offset,
                        TDI_REASON("blocks row holds text"));
    if (rc == TD_EVENT) {
        block_data(r, &sev->value, sev->offset,
                   (sev->flags & TD_LAST_FRAGMENT) != 0, ev);
        if (r->row.complete && (rc = check_block(r)) != TD_OK)
            return rc;
        r->block_due = r->row.complete;
        return TD_EVENT;
    }
    if (rc != RVN_ROW)
        return rc;
    if (r->row.columns > 1 && (r->row.blobs >> 1 & 1u) &&
        sev->kind == TD_SQLITE_EV_ROW) {
        block_data(r, &sev->values[1], sev->offset, true, ev);
        if ((rc = check_block(r)) != TD_OK)
            return rc;
        r->block_due = 1;
        return TD_EVENT;
    }
    if ((rc = check_block(r)) != TD_OK)
        return rc;
    return block_event(r, ev);
}

/* ---- instruction_indices ----------------------------------------------- */

/* Move the blocks cursor (lane 1) to rowid `id`. */
static int side_block(td_rvn_decoder *r, int64_t id)
{
    int rc;
    while (r->side_row.rowid != id || !r->side_row.complete) {
        rc = tdi_rvn_pull(&r->side, &r->side_row, &r->sev);
        if (rc == TD_END)
            return tdi_rvn_fail(r, TD_E_INTERNAL, r->row.offset,
                            TDI_REASON("blocks ended on the second lane"));
        if (rc != RVN_ROW && rc != TD_EVENT && rc != TDI_AGAIN)
            return rc;
    }
    return TD_OK;
}

static int check_instruction(td_rvn_decoder *r)
{
    const td_rvn_row *row = &r->row;
    int64_t id = row->value[1], index = row->value[2];
    if (id != r->next_instruction)
        return tdi_rvn_fail(r, TD_E_RVN_INSTRUCTION, row->offset,
                        TDI_REASON("instruction ids of a block do not run 0, "
                                  "1, 2... without gaps"));
    if (index <= r->last_index)
        return tdi_rvn_fail(r, TD_E_RVN_INSTRUCTION, row->offset,
                        TDI_REASON("instruction_index not greater than the "
                                  "previous one (or 0)"));
    if ((uint64_t)index >= r->side_row.length[1])
        return tdi_rvn_fail(r, TD_E_RVN_INSTRUCTION, row->offset,
                        TDI_REASON("instruction_index beyond the block's "
                                  "instruction bytes"));
    if (id + 1 >= r->side_row.value[2])
        return tdi_rvn_fail(r, TD_E_RVN_INSTRUCTION, row->offset,
                        TDI_REASON("more instruction offsets than the block's "
                                  "instruction_count allows"));
    r->next_instruction = id + 1;
    r->last_index = index;
    return TD_OK;
}

static int instruction_row(td_rvn_decoder *r, td_rvn_event *ev)
{
    td_rvn_row *row = &r->row;
    int rc = rvn_require_ints(r, row, 3, TD_E_RVN_INSTRUCTION,
                              TDI_REASON("instruction_indices row is not three "
                                        "integers"));
    if (rc != TD_OK)
        return rc;
    if (row->value[0] < 1 || (uint64_t)row->value[0] > r->counts.blocks)
        return tdi_rvn_fail(r, TD_E_RVN_DANGLING_BLOCK, row->offset,
                        TDI_REASON("instruction_indices names a block that "
                                  "blocks does not hold"));
    if (row->value[0] != r->block_id) {
        if ((rc = side_block(r, row->value[0])) != TD_OK)
            return rc;
        r->block_id = row->value[0];
        r->next_instruction = 0;
        r->last_index = 0;
    }
    if ((rc = check_instruction(r)) != TD_OK)
        return rc;
    r->main_pending = false;
    r->counts.instructions++;
    rvn_event(ev, TD_RVN_EV_INSTRUCTION, row->offset, 0);
    ev->instruction.block_id = row->value[0];
    ev->instruction.id = (uint32_t)row->value[1];
    ev->instruction.index = (uint32_t)row->value[2];
    return TD_EVENT;
}

int tdi_rvn_indices_step(td_rvn_decoder *r, td_rvn_event *ev)
{
    int rc;
    if (r->phase == RP_INDICES_START) {
        r->phase = RP_EXECUTION_START;
        if (!(r->present & 1u << TD_RVN_INSTRUCTION_INDICES)) {
            r->warnings |= RVN_WARN_NO_INDICES;
            return TDI_AGAIN;
        }
        r->phase = RP_INDICES;
        r->side_row.rowid = 0;
        if (tdi_rvn_scan(r, &r->main, TD_RVN_INSTRUCTION_INDICES, 0, 2) != TD_OK ||
            tdi_rvn_scan(r, &r->side, TD_RVN_BLOCKS, 1, 0) != TD_OK)
            return tdi_rvn_fail(r, TD_E_RVN_SCHEMA, 0,
                            TDI_REASON("instruction_indices has no b-tree"));
        return TDI_AGAIN;
    }
    if (!r->main_pending) {
        rc = tdi_rvn_int_row(r, &r->main, &r->row, TD_E_RVN_INSTRUCTION,
                         TDI_REASON("instruction_indices holds text or a "
                                   "blob"));
        if (rc == TD_END) {
            r->phase = RP_EXECUTION_START;
            return TDI_AGAIN;
        }
        if (rc != RVN_ROW)
            return rc;
        r->main_pending = true;
    }
    return instruction_row(r, ev);
}
