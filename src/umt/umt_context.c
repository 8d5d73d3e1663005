/*
 * umt_context.c - rmContext: the register context of thread begin, syscall
 * entry and exit and context change records.
 *
 *   rmContext: i32 MemCount, pad[4], i64 RegsFP, contextMem[MemCount]
 *   contextMem: i64 Address, i64 Size, i64 DataFP
 * RegsFP and DataFP are relative to the rmContext; the dump (DumpSize
 * bytes) and the memory data lie after the contextMem array and inside the
 * record's window.
 *
 * Technique. Registers come from the context map entry by entry (RegMap64
 * when the record's 64-bit flag is set, else RegMap32): absent entries
 * are skipped in the span without a request; for a present one its entry
 * is copied, then its name, then its value is read from the dump and
 * reported whole (at most 255 bytes). Memory references follow, each with
 * its data as BYTES fragments, never buffered.
 */
#include "umt_internal.h"

enum context_step {
    C_HEAD = 0,
    C_REG_INFO,
    C_REG_NAME,
    C_REG_VALUE,
    C_MEM,
    C_MEM_BYTES,
    C_DONE
};

static int head(td_umt_decoder *d, td_umt_event *ev)
{
    uint64_t room = d->u.rec.end - d->u.rec.ctx_at, array, regs;
    uint32_t count;
    int rc;
    const uint8_t *p =
        tdi_umt_get(d, TD_UMT_EXEC_VTABLE, d->u.rec.ctx_at, CONTEXT_HEAD_SIZE,
                TDI_REASON("exec.vtable ends inside a record"), &rc);
    if (p == NULL)
        return rc;
    count = tdi_le32(p + CONTEXT_MEM_COUNT);
    regs = tdi_le64(p + CONTEXT_REGS_FP);
    array = CONTEXT_HEAD_SIZE + (uint64_t)count * CONTEXT_MEM_SIZE;
    if (count > INT32_MAX || array > room)
        return tdi_umt_fail(d, TD_E_UMT_RECORD_SIZE, TD_UMT_EXEC_VTABLE,
                        d->u.rec.ctx_at,
                        TDI_REASON("MemCount is negative or its contextMem "
                                  "array runs past the record"));
    if (regs < array || !umt_fits(regs, d->dump_size, room))
        return tdi_umt_fail(d, TD_E_UMT_POINTER, TD_UMT_EXEC_VTABLE,
                        d->u.rec.ctx_at + CONTEXT_REGS_FP,
                        TDI_REASON("RegsFP dump is not after the contextMem "
                                  "array and inside the record"));
    d->u.rec.mem_count = count;
    d->u.rec.mem_index = 0;
    d->u.rec.reg = 0;
    d->u.rec.regs_at = d->u.rec.ctx_at + regs;
    tdi_umt_event(d, ev, TD_UMT_EV_CONTEXT, TD_UMT_EXEC_VTABLE, d->u.rec.ctx_at,
              array);
    ev->context.bits64 = (d->u.rec.flags & TD_UMT_FLAG_64BIT) != 0;
    ev->context.mem_count = count;
    ev->context.regs_offset = d->u.rec.regs_at;
    ev->context.dump_size = d->dump_size;
    return TD_EVENT;
}

/* The next register present in the map; TDI_DONE after the last. */
static int register_info(td_umt_decoder *d)
{
    uint64_t base =
        (d->u.rec.flags & TD_UMT_FLAG_64BIT) ? MAP_REGMAP64 : MAP_REGMAP32;
    while (d->u.rec.reg < d->elem_count) {
        uint64_t at = base + (uint64_t)d->u.rec.reg * MAP_INFO_SIZE, have;
        int rc;
        const uint8_t *p = tdi_umt_get(d, TD_UMT_CONTEXT_MAP, at, MAP_INFO_SIZE,
                                   TDI_REASON("context_map.itable is shorter "
                                             "than 17424 bytes"),
                                   &rc);
        if (p == NULL)
            return rc;
        for (have = tdi_umt_span_from(d, at) / MAP_INFO_SIZE;
             have > 0 && d->u.rec.reg < d->elem_count;
             have--, p += MAP_INFO_SIZE) {
            td_umt_map_entry e;
            tdi_umt_map_entry(p, &e);
            if (e.offset != 0xffff) {
                d->u.rec.slot.reg = d->u.rec.reg;
                d->u.rec.slot.offset = e.offset;
                d->u.rec.slot.value_size = e.size;
                d->u.rec.slot.largest = e.eff_largest;
                return TD_OK;
            }
            d->u.rec.reg++;
        }
    }
    return TDI_DONE;
}

static int register_value(td_umt_decoder *d, td_umt_event *ev)
{
    const td_umt_slot_state *r = &d->u.rec.slot;
    uint64_t at = d->u.rec.regs_at + r->offset;
    int rc;
    const uint8_t *p =
        tdi_umt_get(d, TD_UMT_EXEC_VTABLE, at, r->value_size,
                TDI_REASON("exec.vtable ends inside a record"), &rc);
    if (p == NULL)
        return rc;
    tdi_umt_event(d, ev, TD_UMT_EV_REGISTER, TD_UMT_EXEC_VTABLE, at,
              r->value_size);
    ev->reg.reg = r->reg;
    ev->reg.name = r->name;
    ev->reg.name_len = r->name_len;
    ev->reg.size = (uint8_t)r->value_size;
    ev->reg.dump_offset = r->offset;
    ev->reg.eff_largest = r->largest;
    ev->reg.value = p;
    d->u.rec.reg++;
    return TD_EVENT;
}

static int memory(td_umt_decoder *d, td_umt_event *ev)
{
    uint64_t at = d->u.rec.ctx_at + CONTEXT_HEAD_SIZE +
                  (uint64_t)d->u.rec.mem_index * CONTEXT_MEM_SIZE;
    uint64_t room = d->u.rec.end - d->u.rec.ctx_at, size, data;
    uint64_t array =
        CONTEXT_HEAD_SIZE + (uint64_t)d->u.rec.mem_count * CONTEXT_MEM_SIZE;
    int rc;
    const uint8_t *p =
        tdi_umt_get(d, TD_UMT_EXEC_VTABLE, at, CONTEXT_MEM_SIZE,
                TDI_REASON("exec.vtable ends inside a record"), &rc);
    if (p == NULL)
        return rc;
    size = tdi_le64(p + MEM_SIZE);
    data = tdi_le64(p + MEM_DATA_FP);
    if (data < array || !umt_fits(data, size, room))
        return tdi_umt_fail(d, TD_E_UMT_POINTER, TD_UMT_EXEC_VTABLE,
                        at + MEM_DATA_FP,
                        TDI_REASON("DataFP memory is not after the contextMem "
                                  "array and inside the record"));
    tdi_umt_event(d, ev, TD_UMT_EV_MEMORY, TD_UMT_EXEC_VTABLE, at,
              CONTEXT_MEM_SIZE);
    ev->memory.index = d->u.rec.mem_index;
    ev->memory.address = tdi_le64(p + MEM_ADDRESS);
    ev->memory.length = size;
    ev->memory.data_offset = d->u.rec.ctx_at + data;
    tdi_umt_payload(d, TD_UMT_EXEC_VTABLE, TD_UMT_OF_MEMORY,
                d->u.rec.ctx_at + data, d->u.rec.ctx_at + data + size);
    return TD_EVENT;
}

static int registers(td_umt_decoder *d, td_umt_event *ev)
{
    int rc;
    switch (d->u.rec.ctx_step) {
    case C_REG_INFO:
        rc = register_info(d);
        if (rc == TDI_DONE)
            d->u.rec.ctx_step = C_MEM;
        else if (rc == TD_OK)
            d->u.rec.ctx_step = C_REG_NAME;
        return rc == TD_OK || rc == TDI_DONE ? TDI_AGAIN : rc;
    case C_REG_NAME:
        rc = tdi_umt_register_name(d, d->u.rec.slot.reg, &d->u.rec.slot);
        if (rc != TD_OK)
            return rc;
        d->u.rec.ctx_step = C_REG_VALUE;
        return TDI_AGAIN;
    default:
        rc = register_value(d, ev);
        if (rc == TD_EVENT)
            d->u.rec.ctx_step = C_REG_INFO;
        return rc;
    }
}

static int memories(td_umt_decoder *d, td_umt_event *ev)
{
    int rc;
    if (d->u.rec.ctx_step == C_MEM_BYTES) {
        rc = tdi_umt_fragment(d, ev);
        if (rc != TDI_DONE)
            return rc;
        d->u.rec.mem_index++;
        d->u.rec.ctx_step = C_MEM;
    }
    if (d->u.rec.mem_index >= d->u.rec.mem_count) {
        d->u.rec.ctx_step = C_DONE;
        return TDI_DONE;
    }
    rc = memory(d, ev);
    if (rc != TD_EVENT)
        return rc;
    if ((d->flags & TD_UMT_NO_PAYLOADS) != 0)
        d->u.rec.mem_index++;
    else
        d->u.rec.ctx_step = C_MEM_BYTES;
    return TD_EVENT;
}

int tdi_umt_context_step(td_umt_decoder *d, td_umt_event *ev)
{
    int rc;
    switch (d->u.rec.ctx_step) {
    case C_HEAD:
        rc = head(d, ev);
        if (rc == TD_EVENT)
            d->u.rec.ctx_step =
                (d->flags & TD_UMT_NO_PAYLOADS) != 0 ? C_MEM : C_REG_INFO;
        return rc;
    case C_REG_INFO:
    case C_REG_NAME:
    case C_REG_VALUE:
        return registers(d, ev);
    case C_DONE:
        return TDI_DONE;
    default:
        return memories(d, ev);
    }
}
