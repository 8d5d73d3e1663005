/*
 * umt_ins.c - instruction records: the insRec row, its decodedIns
 * with the explicit operands and local-context slots, the disassembly, and,
 * for an execution record, each slot's name and value.
 *
 * Technique. The decodedIns (88 bytes and 12 per slot, at most 3124) is
 * read in one piece and checked in one pass: slot indices, the three slot
 * groups, operands inside their slots, slot values inside LCSIZE. Only what
 * the later steps need is kept (where it is, LCSIZE and the slot counts);
 * each slot's descriptor is read again when its turn comes, then its name
 * from the context map (copied), then its value from the record, so no step
 * reads two places (see umt_internal.h).
 */
#include "umt_internal.h"

enum ins_step {
    I_ROW = 0,
    I_DECODED,
    I_DISASM,
    I_DISASM_RUN,
    I_SLOT_DESC,
    I_SLOT_NAME,
    I_SLOT_VALUE,
    I_SLOT_BYTES,
    I_DONE
};

void tdi_umt_ins_begin(td_umt_ins_state *ins, uint64_t id)
{
    memset(ins, 0, sizeof *ins);
    ins->id = id;
}

static bool knows_other_tables(const td_umt_decoder *d)
{
    return d->mode == TD_UMT_DECODE || d->mode == TD_UMT_VALIDATE;
}

/* ---- insRec ------------------------------------------------------------- */

static bool ins_type_exists(uint8_t type)
{
    return type <= 6 || type == 8 || type == 9;
}

/* The row, read into its INSTRUCTION event; cs64 is CSis64Bits as read. */
static int check_row(td_umt_decoder *d, const td_umt_event *ev, uint8_t cs64,
                     uint64_t id, uint64_t at)
{
    if ((uint64_t)ev->instruction.id != id)
        return tdi_umt_fail(d, TD_E_UMT_ROW, TD_UMT_INS_ITABLE, at + INS_ID,
                        TDI_REASON("insRec ID is not its row number"));
    if (!ins_type_exists(ev->instruction.type))
        return tdi_umt_fail(d, TD_E_UMT_ROW, TD_UMT_INS_ITABLE, at + INS_TYPE,
                        TDI_REASON("insRec Type is not 0..6, 8 or 9"));
    if (cs64 > 1)
        return tdi_umt_fail(d, TD_E_UMT_ROW, TD_UMT_INS_ITABLE, at + INS_CS64,
                        TDI_REASON("CSis64Bits is neither 0 nor 1"));
    if (ev->instruction.code_size < 1 || ev->instruction.code_size > 15)
        return tdi_umt_fail(d, TD_E_UMT_ROW, TD_UMT_INS_ITABLE,
                        at + INS_CODE_SIZE,
                        TDI_REASON("CodeSize is not 1..15"));
    if (knows_other_tables(d) &&
        !umt_id_or_none((uint64_t)(int64_t)ev->instruction.module,
                        d->module_rows))
        return tdi_umt_fail(d, TD_E_UMT_REFERENCE, TD_UMT_INS_ITABLE,
                        at + INS_MODULE,
                        TDI_REASON("ModuleID is neither -1 nor a row of "
                                  "module.itable"));
    if (ev->instruction.disasm_fp >= d->ins_extra_size)
        return tdi_umt_fail(d, TD_E_UMT_POINTER, TD_UMT_INS_ITABLE,
                        at + INS_DISASM_FP,
                        TDI_REASON("DisasmFP lies outside the extra area"));
    if (!umt_fits(ev->instruction.decoded_fp, DECODED_SIZE,
                  d->ins_extra_size))
        return tdi_umt_fail(d, TD_E_UMT_POINTER, TD_UMT_INS_ITABLE,
                        at + INS_DECODED_FP,
                        TDI_REASON("DecodedFP lies outside the extra area"));
    return TD_OK;
}

/* An execution record's 64-bit flag against CSis64Bits. */
static int check_bitness(td_umt_decoder *d, const umt_ins_context *c,
                         uint8_t cs64)
{
    if (c->record && (c->flags & TD_UMT_FLAG_64BIT) != cs64)
        return tdi_umt_fail(d, TD_E_UMT_FLAGS, TD_UMT_EXEC_VTABLE,
                        c->report + REC_FLAGS,
                        TDI_REASON("the record's 64-bit flag disagrees with "
                                  "its instruction's CSis64Bits"));
    return TD_OK;
}

/* An execution record's window against LCSIZE. */
static int check_window(td_umt_decoder *d, const umt_ins_context *c,
                        uint16_t lc_size)
{
    if (c->record && c->window != REC_FIXED_SIZE + (uint64_t)lc_size)
        return tdi_umt_fail(d, TD_E_UMT_RECORD_SIZE, TD_UMT_EXEC_VTABLE, c->report,
                        TDI_REASON("instruction record is not 6 + 8 + LCSIZE "
                                  "bytes"));
    return TD_OK;
}

/* The insRec, read into its INSTRUCTION event and checked there. */
static int row(td_umt_decoder *d, td_umt_ins_state *ins,
               const umt_ins_context *c, td_umt_event *ev)
{
    uint64_t at = d->ins_table + ins->id * d->ins_row_size;
    int rc;
    const uint8_t *p = tdi_umt_get(d, TD_UMT_INS_ITABLE, at, INS_ROW_SIZE,
                               TDI_REASON("ins.itable ends inside a row"), &rc);
    if (p == NULL)
        return rc;
    tdi_umt_event(d, ev, TD_UMT_EV_INSTRUCTION, TD_UMT_INS_ITABLE, at,
              d->ins_row_size);
    umt_read_instruction(p, ev);
    rc = c->record && d->mode == TD_UMT_VALIDATE
             ? TD_OK
             : check_row(d, ev, p[INS_CS64], ins->id, at);
    if (rc == TD_OK)
        rc = check_bitness(d, c, p[INS_CS64]);
    if (rc != TD_OK)
        return rc;
    ins->decoded_at = d->ins_extra + ev->instruction.decoded_fp;
    ins->disasm_fp = ev->instruction.disasm_fp;
    ins->cs64 = p[INS_CS64];
    return TD_EVENT;
}

/* ---- decodedIns ----------------------------------------------------------
 */

static bool is_memory(uint16_t reg)
{
    return reg == TD_UMT_REG_MEM0 || reg == TD_UMT_REG_MEM1 ||
           reg == TD_UMT_REG_STACKPUSH || reg == TD_UMT_REG_STACKPOP;
}

static bool is_special(uint16_t reg)
{
    return is_memory(reg) || reg == TD_UMT_REG_AGEN;
}

static bool slot_index_ok(uint8_t index, uint8_t lc_count)
{
    return index < lc_count || index >= TD_UMT_SLOT_IMM0;
}

static bool is_operand_size(uint8_t v)
{
    return v == 2 || v == 4 || v == 8;
}

/* Bytes an operand may reach inside slot `index`: the value (after the
 * address for memory), or 8 for a constant slot. */
static uint32_t slot_extent(const uint8_t *p, uint8_t index)
{
    const uint8_t *s = p + DECODED_SIZE + (size_t)index * LC_SLOT_SIZE;
    if (index >= TD_UMT_SLOT_IMM0)
        return 8;
    return (uint32_t)tdi_le16(s + SLOT_VALUE_SIZE) +
           (is_memory(tdi_le16(s + SLOT_REG)) ? 8u : 0u);
}

static int operand_fail(td_umt_decoder *d, uint64_t at, const char *reason)
{
    return tdi_umt_fail(d, TD_E_UMT_OPERAND, TD_UMT_INS_ITABLE, at, reason);
}

static int check_operand(td_umt_decoder *d, const uint8_t *p, unsigned i,
                         uint64_t base)
{
    const uint8_t *o = p + DEC_OPERANDS + i * EXP_OPER_SIZE;
    uint64_t at = base + DEC_OPERANDS + i * EXP_OPER_SIZE;
    uint8_t lc_count = p[DEC_LC_COUNT], first_after = p[DEC_FIRST_AFTER];
    uint8_t flags = o[OPER_FLAGS], before = o[OPER_BEFORE_SLOT];
    uint8_t after = o[OPER_AFTER_SLOT];
    uint32_t size = tdi_le16(o + OPER_SIZE);
    if (flags < 1 || flags > 3)
        return operand_fail(d, at + OPER_FLAGS,
                            TDI_REASON("operand Flags is not read, written "
                                      "or both"));
    if (before == TD_UMT_SLOT_NA || !slot_index_ok(before, lc_count) ||
        (before < lc_count && before >= first_after))
        return operand_fail(d, at + OPER_BEFORE_SLOT,
                            TDI_REASON("BeforeSlot is not a before-execution "
                                      "or constant slot"));
    if (o[OPER_BEFORE_OFFSET] + size > slot_extent(p, before))
        return operand_fail(d, at + OPER_BEFORE_OFFSET,
                            TDI_REASON("operand lies outside its before "
                                      "slot's value"));
    if ((flags & 2) == 0 && after != TD_UMT_SLOT_NA)
        return operand_fail(d, at + OPER_AFTER_SLOT,
                            TDI_REASON("a read-only operand has an "
                                      "AfterSlot"));
    if (after == TD_UMT_SLOT_NA)
        return TD_OK;
    if (!slot_index_ok(after, lc_count) ||
        (after < lc_count && after < first_after))
        return operand_fail(d, at + OPER_AFTER_SLOT,
                            TDI_REASON("AfterSlot is not an after-execution "
                                      "or constant slot"));
    if (o[OPER_AFTER_OFFSET] + size > slot_extent(p, after))
        return operand_fail(d, at + OPER_AFTER_OFFSET,
                            TDI_REASON("operand lies outside its after slot's "
                                      "value"));
    return TD_OK;
}

static int slot_fail(td_umt_decoder *d, uint64_t at, const char *reason)
{
    return tdi_umt_fail(d, TD_E_UMT_SLOT, TD_UMT_INS_ITABLE, at, reason);
}

static int check_slot(td_umt_decoder *d, const uint8_t *p, unsigned j,
                      uint64_t base)
{
    const uint8_t *s = p + DECODED_SIZE + j * LC_SLOT_SIZE;
    uint64_t at = base + DECODED_SIZE + j * LC_SLOT_SIZE;
    uint16_t reg = tdi_le16(s + SLOT_REG);
    uint8_t width = s[SLOT_ADDR_WIDTH];
    uint32_t end = (uint32_t)tdi_le16(s + SLOT_OFFSET) +
                   tdi_le16(s + SLOT_VALUE_SIZE) + (is_memory(reg) ? 8u : 0u);
    if (width != 0 && !is_operand_size(width))
        return slot_fail(d, at + SLOT_ADDR_WIDTH,
                         TDI_REASON("AddrWidth is not 0, 2, 4 or "
                                   "8"));
    if (is_memory(reg) && width == 0)
        return slot_fail(d, at + SLOT_ADDR_WIDTH,
                         TDI_REASON("a memory slot has no AddrWidth"));
    if (knows_other_tables(d) && !is_special(reg) && reg >= d->elem_count)
        return slot_fail(d, at + SLOT_REG,
                         TDI_REASON("slot register is not in the context "
                                   "map"));
    if (end > tdi_le16(p + DEC_LC_SIZE))
        return slot_fail(d, at + SLOT_OFFSET,
                         TDI_REASON("slot value lies outside LCSIZE bytes"));
    return TD_OK;
}

static int check_slot_groups(td_umt_decoder *d, const uint8_t *p,
                             uint64_t base)
{
    static const uint8_t phrase[4] = {DEC_MEM0_SEG, DEC_MEM0_BASE,
                                      DEC_MEM0_INDEX, DEC_MEM1_BASE};
    unsigned i;
    if (p[DEC_FIRST_OUT] > p[DEC_FIRST_AFTER] ||
        p[DEC_FIRST_AFTER] > p[DEC_LC_COUNT])
        return slot_fail(d, base + DEC_FIRST_OUT,
                         TDI_REASON("slot groups are not FirstOutSlot <= "
                                   "FirstAfterSlot <= LCCount"));
    for (i = 0; i < 4; i++)
        if (!slot_index_ok(p[phrase[i]], p[DEC_LC_COUNT]))
            return slot_fail(d, base + phrase[i],
                             TDI_REASON("memory phrase slot index is neither "
                                       "a slot nor a special value"));
    return TD_OK;
}

static int check_decoded(td_umt_decoder *d, const uint8_t *p, uint64_t base)
{
    uint8_t scale = p[DEC_MEM0_SCALE];
    unsigned i;
    int rc;
    if ((p[DEC_FLAGS] & 0xc0) != 0)
        return tdi_umt_fail(d, TD_E_UMT_FLAGS, TD_UMT_INS_ITABLE,
                        base + DEC_FLAGS,
                        TDI_REASON("decodedIns Flags has bits above 0x20"));
    if (p[DEC_EXP_COUNT] > 4)
        return operand_fail(d, base + DEC_EXP_COUNT,
                            TDI_REASON("ExpCount is above 4"));
    if (!is_operand_size(p[DEC_EFF_OPERAND_SIZE]) ||
        !is_operand_size(p[DEC_EFF_ADDRESS_SIZE]))
        return tdi_umt_fail(d, TD_E_UMT_DECODED, TD_UMT_INS_ITABLE,
                        base + (is_operand_size(p[DEC_EFF_OPERAND_SIZE])
                                    ? DEC_EFF_ADDRESS_SIZE
                                    : DEC_EFF_OPERAND_SIZE),
                        TDI_REASON("effective operand or address size is not "
                                  "2, 4 or 8"));
    if (scale != 0 && scale != 1 && scale != 2 && scale != 4 && scale != 8)
        return tdi_umt_fail(d, TD_E_UMT_DECODED, TD_UMT_INS_ITABLE,
                        base + DEC_MEM0_SCALE,
                        TDI_REASON("Mem0Scale is not 0, 1, 2, 4 or 8"));
    rc = check_slot_groups(d, p, base);
    for (i = 0; rc == TD_OK && i < p[DEC_LC_COUNT]; i++)
        rc = check_slot(d, p, i, base);
    for (i = 0; rc == TD_OK && i < p[DEC_EXP_COUNT]; i++)
        rc = check_operand(d, p, i, base);
    return rc;
}

static void decoded_event(const td_umt_decoder *d, const uint8_t *p,
                          uint64_t at, td_umt_event *ev)
{
    unsigned i;
    tdi_umt_event(d, ev, TD_UMT_EV_DECODED, TD_UMT_INS_ITABLE, at,
              DECODED_SIZE + (uint64_t)p[DEC_LC_COUNT] * LC_SLOT_SIZE);
    ev->decoded.category = tdi_le16(p + DEC_CATEGORY);
    ev->decoded.mnemonic = tdi_le16(p + DEC_MNEMONIC);
    ev->decoded.form = tdi_le16(p + DEC_FORM);
    ev->decoded.flags = p[DEC_FLAGS];
    ev->decoded.exp_count = p[DEC_EXP_COUNT];
    for (i = 0; i < 4; i++) {
        const uint8_t *o = p + DEC_OPERANDS + i * EXP_OPER_SIZE;
        td_umt_operand *op = &ev->decoded.operands[i];
        op->reg = tdi_le16(o + OPER_REG);
        op->size = tdi_le16(o + OPER_SIZE);
        op->flags = o[OPER_FLAGS];
        op->before_slot = o[OPER_BEFORE_SLOT];
        op->after_slot = o[OPER_AFTER_SLOT];
        op->before_offset = o[OPER_BEFORE_OFFSET];
        op->after_offset = o[OPER_AFTER_OFFSET];
    }
    ev->decoded.eff_operand_size = p[DEC_EFF_OPERAND_SIZE];
    ev->decoded.eff_address_size = p[DEC_EFF_ADDRESS_SIZE];
    ev->decoded.lc_size = tdi_le16(p + DEC_LC_SIZE);
    ev->decoded.first_out_slot = p[DEC_FIRST_OUT];
    ev->decoded.first_after_slot = p[DEC_FIRST_AFTER];
    ev->decoded.lc_count = p[DEC_LC_COUNT];
    ev->decoded.mem0_seg_slot = p[DEC_MEM0_SEG];
    ev->decoded.mem0_base_slot = p[DEC_MEM0_BASE];
    ev->decoded.mem0_scale = p[DEC_MEM0_SCALE];
    ev->decoded.mem0_index_slot = p[DEC_MEM0_INDEX];
    ev->decoded.mem1_base_slot = p[DEC_MEM1_BASE];
    ev->decoded.const_slot[0] = tdi_le64(p + DEC_CONST_SLOTS);
    ev->decoded.const_slot[1] = tdi_le64(p + DEC_CONST_SLOTS + 8);
}

static int decoded(td_umt_decoder *d, td_umt_ins_state *ins,
                   const umt_ins_context *c, td_umt_event *ev)
{
    uint64_t at = ins->decoded_at, end = d->ins_extra + d->ins_extra_size;
    size_t n;
    int rc;
    const uint8_t *p = tdi_umt_get(d, TD_UMT_INS_ITABLE, at, DECODED_SIZE,
                               TDI_REASON("ins.itable ends inside a "
                                         "decodedIns"),
                               &rc);
    if (p == NULL)
        return rc;
    if (p[DEC_LC_COUNT] > TD_UMT_SLOT_IMM0)
        return slot_fail(d, at + DEC_LC_COUNT,
                         TDI_REASON("LCCount is above 253"));
    n = DECODED_SIZE + (size_t)p[DEC_LC_COUNT] * LC_SLOT_SIZE;
    if (!umt_fits(at, n, end))
        return tdi_umt_fail(d, TD_E_UMT_POINTER, TD_UMT_INS_ITABLE, at,
                        TDI_REASON("decodedIns runs past the extra area"));
    p = tdi_umt_get(d, TD_UMT_INS_ITABLE, at, n,
                TDI_REASON("ins.itable ends inside a decodedIns"), &rc);
    if (p == NULL)
        return rc;
    /* VALIDATE checked every row of ins.itable before the records. */
    rc = c->record && d->mode == TD_UMT_VALIDATE ? TD_OK
                                                 : check_decoded(d, p, at);
    if (rc == TD_OK)
        rc = check_window(d, c, tdi_le16(p + DEC_LC_SIZE));
    if (rc != TD_OK)
        return rc;
    ins->lc_size = tdi_le16(p + DEC_LC_SIZE);
    ins->first_out = p[DEC_FIRST_OUT];
    ins->first_after = p[DEC_FIRST_AFTER];
    ins->lc_count = p[DEC_LC_COUNT];
    decoded_event(d, p, at, ev);
    return TD_EVENT;
}

/* ---- Slots ----------------------------------------------------------------
 */

static uint8_t slot_kind(uint16_t reg)
{
    switch (reg) {
    case TD_UMT_REG_MEM0:
        return TD_UMT_MEM0_SLOT;
    case TD_UMT_REG_MEM1:
        return TD_UMT_MEM1_SLOT;
    case TD_UMT_REG_AGEN:
        return TD_UMT_AGEN_SLOT;
    case TD_UMT_REG_STACKPUSH:
        return TD_UMT_STACKPUSH_SLOT;
    case TD_UMT_REG_STACKPOP:
        return TD_UMT_STACKPOP_SLOT;
    default:
        return TD_UMT_REGISTER_SLOT;
    }
}

typedef struct special_name {
    const char *text;
    size_t len;
} special_name;

/* Names of the special slots, by enum td_umt_slot_kind. */
static const special_name special_names[6] = {
    {NULL, 0},   {"MEM0", 4},      {"MEM1", 4},
    {"AGEN", 4}, {"STACKPUSH", 9}, {"STACKPOP", 8},
};

static int slot_descriptor(td_umt_decoder *d, td_umt_ins_state *ins,
                           td_umt_slot_state *slot)
{
    uint64_t at =
        ins->decoded_at + DECODED_SIZE + (uint64_t)ins->slot * LC_SLOT_SIZE;
    int rc;
    const uint8_t *p =
        tdi_umt_get(d, TD_UMT_INS_ITABLE, at, LC_SLOT_SIZE,
                TDI_REASON("ins.itable ends inside a slot"), &rc);
    if (p == NULL)
        return rc;
    slot->reg = tdi_le16(p + SLOT_REG);
    slot->largest = tdi_le16(p + SLOT_LARGEST);
    slot->value_size = tdi_le16(p + SLOT_VALUE_SIZE);
    slot->offset = tdi_le16(p + SLOT_OFFSET);
    slot->addr_width = p[SLOT_ADDR_WIDTH];
    slot->name_len = 0;
    return TD_OK;
}

static void slot_event(const td_umt_decoder *d, const td_umt_ins_state *ins,
                       const td_umt_slot_state *slot, bool with_name,
                       td_umt_event *ev)
{
    uint8_t kind = slot_kind(slot->reg);
    tdi_umt_event(d, ev, TD_UMT_EV_SLOT, TD_UMT_INS_ITABLE,
              ins->decoded_at + DECODED_SIZE +
                  (uint64_t)ins->slot * LC_SLOT_SIZE,
              LC_SLOT_SIZE);
    ev->slot.index = ins->slot;
    ev->slot.group = ins->slot < ins->first_out     ? TD_UMT_BEFORE
                     : ins->slot < ins->first_after ? TD_UMT_WRITE_ONLY_BEFORE
                                                    : TD_UMT_AFTER;
    ev->slot.kind = kind;
    ev->slot.reg = slot->reg;
    ev->slot.largest = slot->largest;
    ev->slot.value_size = slot->value_size;
    ev->slot.lc_offset = slot->offset;
    ev->slot.addr_width = slot->addr_width;
    ev->slot.name = special_names[kind].text;
    ev->slot.name_len = special_names[kind].len;
    if (kind == TD_UMT_REGISTER_SLOT && with_name) {
        ev->slot.name = slot->name;
        ev->slot.name_len = slot->name_len;
    }
    ev->slot.memory = is_memory(slot->reg);
    ev->slot.has_value = false;
    ev->slot.address = 0;
}

/* The slot's value in the record: the address first for memory. */
static int slot_value(td_umt_decoder *d, td_umt_ins_state *ins,
                      td_umt_slot_state *slot, const umt_ins_context *c,
                      td_umt_event *ev)
{
    uint64_t at = c->lc_at + slot->offset, address = 0;
    bool memory = is_memory(slot->reg);
    int rc;
    if (memory) {
        const uint8_t *p = tdi_umt_get(d, TD_UMT_EXEC_VTABLE, at, 8,
                                   TDI_REASON("exec.vtable ends inside a "
                                             "record"),
                                   &rc);
        if (p == NULL)
            return rc;
        address = tdi_le64(p);
        at += 8;
    }
    slot_event(d, ins, slot, true, ev);
    ev->slot.has_value = true;
    ev->slot.address = address;
    tdi_umt_payload(d, TD_UMT_EXEC_VTABLE, TD_UMT_OF_SLOT, at,
                at + slot->value_size);
    return TD_EVENT;
}

static int slots(td_umt_decoder *d, td_umt_ins_state *ins,
                 td_umt_slot_state *slot, const umt_ins_context *c,
                 td_umt_event *ev)
{
    int rc;
    switch (ins->step) {
    case I_SLOT_DESC:
        if (ins->slot >= ins->lc_count) {
            ins->step = I_DONE;
            return TDI_DONE;
        }
        rc = slot_descriptor(d, ins, slot);
        if (rc != TD_OK)
            return rc;
        if (!c->record) {
            slot_event(d, ins, slot, false, ev);
            ins->slot++;
            return TD_EVENT;
        }
        ins->step = slot_kind(slot->reg) == TD_UMT_REGISTER_SLOT
                        ? I_SLOT_NAME
                        : I_SLOT_VALUE;
        return TDI_AGAIN;
    case I_SLOT_NAME:
        rc = tdi_umt_register_name(d, slot->reg, slot);
        if (rc != TD_OK)
            return rc;
        ins->step = I_SLOT_VALUE;
        return TDI_AGAIN;
    case I_SLOT_VALUE:
        rc = slot_value(d, ins, slot, c, ev);
        if (rc == TD_EVENT)
            ins->step = I_SLOT_BYTES;
        return rc;
    default:
        rc = tdi_umt_fragment(d, ev);
        if (rc == TDI_DONE) {
            ins->slot++;
            ins->step = I_SLOT_DESC;
            return TDI_AGAIN;
        }
        return rc;
    }
}

static int disassembly(td_umt_decoder *d, td_umt_ins_state *ins,
                       const umt_ins_context *c)
{
    bool skip = c->record && (d->flags & TD_UMT_NO_PAYLOADS) != 0;
    if (skip) {
        ins->step = I_DONE;
        return TDI_DONE;
    }
    tdi_umt_string_begin(d, TD_UMT_INS_ITABLE, TD_UMT_DISASSEMBLY, false,
                     d->ins_extra + ins->disasm_fp,
                     d->ins_extra + d->ins_extra_size);
    ins->step = I_DISASM_RUN;
    return TDI_AGAIN;
}

/* A record's instruction checked before (its row and decodedIns are
 * sound): only what involves the record is left to check. */
static int known(td_umt_decoder *d, td_umt_ins_state *ins,
                 const umt_ins_context *c, const umt_ins_summary *s)
{
    int rc = check_bitness(d, c, s->cs64);
    if (rc == TD_OK)
        rc = check_window(d, c, s->lc_size);
    if (rc != TD_OK)
        return rc;
    ins->step = I_DONE;
    return TDI_DONE;
}

int tdi_umt_ins_step(td_umt_decoder *d, td_umt_ins_state *ins,
                 td_umt_slot_state *slot, const umt_ins_context *c,
                 td_umt_event *ev)
{
    const umt_ins_summary *s;
    int rc;
    switch (ins->step) {
    case I_ROW:
        s = c->cache != NULL ? tdi_umt_summary(c->cache, ins->id) : NULL;
        if (s != NULL)
            return known(d, ins, c, s);
        rc = row(d, ins, c, ev);
        break;
    case I_DECODED:
        rc = decoded(d, ins, c, ev);
        if (rc == TD_EVENT && c->cache != NULL)
            tdi_umt_summary_keep(c->cache, ins->id, ins->cs64, ins->lc_size);
        break;
    case I_DISASM:
        return disassembly(d, ins, c);
    case I_DISASM_RUN:
        rc = tdi_umt_string_step(d, ev);
        if (rc != TDI_DONE)
            return rc;
        if ((d->flags & TD_UMT_NO_PAYLOADS) != 0) {
            ins->step = I_DONE;
            return TDI_DONE;
        }
        ins->step = I_SLOT_DESC;
        return TDI_AGAIN;
    case I_DONE:
        return TDI_DONE;
    default:
        return slots(d, ins, slot, c, ev);
    }
    if (rc != TD_EVENT)
        return rc;
    ins->step++;
    return c->quiet ? TDI_AGAIN : TD_EVENT;
}
