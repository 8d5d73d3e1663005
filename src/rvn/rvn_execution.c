/*
 * rvn_execution.c - the execution table, with interrupts merged in.
 *
 * Technique. The Writer stores an execution row one step late: (T, B)
 * means block B ran over [T of the row before (or 0), T). Rows come in
 * transition order (the cursor checks the key), each T must exceed the one
 * before, and B is a range check against the N blocks. interrupts, also
 * keyed by transition, is read on lane 1 in step: an interrupt at T must
 * open an execution of the interrupt block (block 1) at T, and when the
 * table exists every execution of block 1 must have its interrupt. An
 * INTERRUPT event comes right before the EXECUTION event it opens.
 * Interrupts after the last execution row are what a writer that was never
 * finalized leaves: they are delivered with a warning.
 *
 * Parts (rvn_parts.c). A part after the first does not know the rows
 * before it: its first row's start, the block count. It reads its first
 * row before any interrupt, passes over the interrupts before that row
 * (checked, not counted: they belong to the seam), does not ask its first
 * row for an interrupt, and keeps the largest block id named instead of
 * checking it; td_rvn_join() checks all of that. A part before the last
 * keeps the first two interrupts after its rows (tail_step) instead of
 * delivering them as leftovers.
 */
#include "rvn_internal.h"

/* Block ids name a block of `blocks`: checked at once by a whole pass and
 * by part 0, kept for td_rvn_join() by the later parts. */
static bool block_known(td_rvn_decoder *r, int64_t id)
{
    if (r->part == 0)
        return (uint64_t)id <= r->counts.blocks;
    if (id > r->max_block)
        r->max_block = id;
    return true;
}

static int check_interrupt(td_rvn_decoder *r)
{
    const td_rvn_row *row = &r->side_row;
    int rc = rvn_require_ints(r, row, 6, TD_E_RVN_INTERRUPT,
                              TDI_REASON("interrupts row is not six "
                                        "integers"));
    if (rc != TD_OK)
        return rc;
    if (row->value[0] < 0 || row->value[2] < 0 || row->value[2] > 2 ||
        row->value[4] < 0 || row->value[4] > 1 ||
        row->value[3] < INT32_MIN || row->value[3] > INT32_MAX)
        return tdi_rvn_fail(r, TD_E_RVN_INTERRUPT, row->offset,
                        TDI_REASON("interrupts row: negative transition, mode "
                                  "not 0..2, is_hw not 0/1 or number not "
                                  "32-bit"));
    if (row->value[5] < 0 || !block_known(r, row->value[5]))
        return tdi_rvn_fail(r, TD_E_RVN_DANGLING_BLOCK, row->offset,
                        TDI_REASON("related_instruction_block_id names a "
                                  "block that blocks does not hold"));
    return TD_OK;
}

/* Have the next interrupt in side_row (side_state 1), or none (2); a
 * later part passes over those before its first row. */
static int next_interrupt(td_rvn_decoder *r)
{
    int rc;
    while (r->side_state == 0) {
        rc = tdi_rvn_int_row(r, &r->side, &r->side_row, TD_E_RVN_INTERRUPT,
                             TDI_REASON("interrupts holds text or a blob"));
        if (rc == TD_END) {
            r->side_state = 2;
            return TD_OK;
        }
        if (rc != RVN_ROW || (rc = check_interrupt(r)) != TD_OK)
            return rc;
        if (r->part == 0 ||
            (uint64_t)r->side_row.value[0] >= r->first_transition)
            r->side_state = 1;
    }
    return TD_OK;
}

static int interrupt_event(td_rvn_decoder *r, td_rvn_event *ev)
{
    const td_rvn_row *row = &r->side_row;
    rvn_event(ev, TD_RVN_EV_INTERRUPT, row->offset, 0);
    ev->interrupt.transition = (uint64_t)row->value[0];
    ev->interrupt.pc = (uint64_t)row->value[1];
    ev->interrupt.mode = (uint8_t)row->value[2];
    ev->interrupt.number = row->value[3];
    ev->interrupt.is_hw = row->value[4] != 0;
    ev->interrupt.related_block_id = row->value[5];
    r->last_interrupt = (uint64_t)row->value[0] + 1;
    r->counts.interrupts++;
    r->side_state = 0;
    return TD_EVENT;
}

static int check_execution(td_rvn_decoder *r)
{
    const td_rvn_row *row = &r->row;
    int rc = rvn_require_ints(r, row, 2, TD_E_RVN_EXECUTION,
                              TDI_REASON("execution row is not two "
                                        "integers"));
    if (rc != TD_OK)
        return rc;
    if (row->value[0] <= 0 || (uint64_t)row->value[0] <= r->last_transition)
        return tdi_rvn_fail(r, TD_E_RVN_EXECUTION, row->offset,
                        TDI_REASON("transition_id not greater than the "
                                  "previous one (or 0)"));
    if (row->value[1] < 1 || !block_known(r, row->value[1]))
        return tdi_rvn_fail(r, TD_E_RVN_DANGLING_BLOCK, row->offset,
                        TDI_REASON("execution names a block that blocks does "
                                  "not hold"));
    return TD_OK;
}

static int execution_event(td_rvn_decoder *r, td_rvn_event *ev)
{
    const td_rvn_row *row = &r->row;
    bool interrupts = (r->present >> TD_RVN_INTERRUPTS) & 1u;
    bool seam = r->part > 0 && r->counts.executions == 0;
    if (row->value[1] == 1 && interrupts && !seam &&
        r->last_interrupt != r->last_transition + 1)
        return tdi_rvn_fail(r, TD_E_RVN_INTERRUPT, row->offset,
                        TDI_REASON("an execution of the interrupt block "
                                  "without its interrupts row"));
    if (seam)
        r->first_block = row->value[1];
    rvn_event(ev, TD_RVN_EV_EXECUTION, row->offset, 0);
    ev->execution.start = r->last_transition;
    ev->execution.end = (uint64_t)row->value[0];
    ev->execution.block_id = row->value[1];
    r->last_transition = (uint64_t)row->value[0];
    r->counts.executions++;
    r->counts.last_transition = r->last_transition;
    if (row->value[1] == 1)
        r->counts.interrupt_executions++;
    r->main_pending = false;
    return TD_EVENT;
}

static int start(td_rvn_decoder *r)
{
    r->phase = RP_EXECUTION;
    r->main_pending = false;
    r->side_state = 2;
    if (!(r->present & 1u << TD_RVN_EXECUTION_TABLE) ||
        !(r->present & 1u << TD_RVN_BLOCKS))
        return tdi_rvn_fail(r, TD_E_RVN_SCHEMA, 0,
                        TDI_REASON("no blocks or no execution table"));
    if (tdi_rvn_scan(r, &r->main, TD_RVN_EXECUTION_TABLE, 0, 1) != TD_OK)
        return tdi_rvn_fail(r, TD_E_RVN_SCHEMA, 0,
                        TDI_REASON("execution has no b-tree"));
    if (!(r->present & 1u << TD_RVN_INTERRUPTS)) {
        if (r->part == 0)
            r->warnings |= RVN_WARN_NO_INTERRUPTS;
        return TDI_AGAIN;
    }
    r->side_state = 0;
    if (tdi_rvn_scan(r, &r->side, TD_RVN_INTERRUPTS, 1, 1) != TD_OK)
        return tdi_rvn_fail(r, TD_E_RVN_SCHEMA, 0,
                        TDI_REASON("interrupts has no b-tree"));
    return TDI_AGAIN;
}

/* Have the next execution row (main_pending), or go on to what follows
 * the last one. */
static int next_execution(td_rvn_decoder *r)
{
    int rc;
    if (r->main_pending)
        return TD_OK;
    rc = tdi_rvn_int_row(r, &r->main, &r->row, TD_E_RVN_EXECUTION,
                         TDI_REASON("execution holds text or a blob"));
    if (rc == TD_END) {
        r->phase = rvn_part_before_last(r) ? RP_TAIL : RP_LEFTOVER;
        return TDI_AGAIN;
    }
    if (rc != RVN_ROW || (rc = check_execution(r)) != TD_OK)
        return rc;
    if (r->part > 0 && r->counts.executions == 0)
        r->first_transition = (uint64_t)r->row.value[0];
    r->main_pending = true;
    return TD_OK;
}

int tdi_rvn_execution_step(td_rvn_decoder *r, td_rvn_event *ev)
{
    int rc;
    if (r->phase == RP_EXECUTION_START)
        return start(r);
    if (r->part > 0 && r->counts.executions == 0 && !r->main_pending &&
        (rc = next_execution(r)) != TD_OK) /* a later part's first row */
        return rc;
    if ((rc = next_interrupt(r)) != TD_OK ||
        (rc = next_execution(r)) != TD_OK)
        return rc;
    if (r->side_state == 1 &&
        (uint64_t)r->side_row.value[0] < (uint64_t)r->row.value[0]) {
        if ((uint64_t)r->side_row.value[0] != r->last_transition ||
            r->row.value[1] != 1)
            return tdi_rvn_fail(r, TD_E_RVN_INTERRUPT, r->side_row.offset,
                            TDI_REASON("an interrupt whose transition does not "
                                      "start an execution of the interrupt "
                                      "block"));
        return interrupt_event(r, ev);
    }
    return execution_event(r, ev);
}

int tdi_rvn_leftover_step(td_rvn_decoder *r, td_rvn_event *ev)
{
    int rc = next_interrupt(r);
    if (rc != TD_OK)
        return rc;
    if (r->side_state == 2) {
        r->phase = RP_FREELIST;
        return TDI_AGAIN;
    }
    if ((uint64_t)r->side_row.value[0] < r->last_transition)
        return tdi_rvn_fail(r, TD_E_RVN_INTERRUPT, r->side_row.offset,
                        TDI_REASON("an interrupt whose transition does not "
                                  "start an execution of the interrupt "
                                  "block"));
    r->warnings |= RVN_WARN_UNFINISHED;
    return interrupt_event(r, ev);
}

int tdi_rvn_tail_step(td_rvn_decoder *r)
{
    unsigned i;
    for (i = 0; i < 2; i++) {
        int rc = next_interrupt(r);
        if (rc != TD_OK)
            return rc;
        if (r->side_state == 2)
            break;
        r->tail[i] = (uint64_t)r->side_row.value[0] + 1;
        r->side_state = 0;
    }
    r->phase = RP_DONE;
    return TD_END;
}
