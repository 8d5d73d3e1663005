/*
 * drmem_instr.c - instructions, the ENCODING records before them, and
 * memory references.
 *
 * An instruction's encoding arrives before it as 1 to 15 bytes in ENCODING
 * records of up to 8 bytes each (4 in 8-byte-record files); they are
 * gathered in the decoder (possibly across markers, such as BRANCH_TARGET)
 * and handed out with the instruction, whose length they must match. In
 * ARCH_REGDEPS traces (DynamoRIO's synthetic ISA) an encoding is 4, 8, 12
 * or 16 bytes whatever the instruction's length, as the invariant checker
 * requires.
 * Instructions without ENCODING records repeat an encoding seen earlier for
 * their PC: keeping that map is the consumer's business (it is unbounded).
 * A BRANCH_TARGET marker (v5+) gives the target of the next instruction,
 * which must be an indirect branch. A memory reference belongs to the last
 * instruction.
 */
#include "drmem_internal.h"

static bool regdeps(const td_drmem_decoder *d)
{
    return (d->filetype & TD_DRMEM_FILE_ARCH_REGDEPS) != 0;
}

static unsigned max_encoding(const td_drmem_decoder *d)
{
    return regdeps(d) ? DRMEM_MAX_REGDEPS_ENCODING : DRMEM_MAX_ENCODING;
}

int tdi_drmem_encoding_record(td_drmem_decoder *d, const drmem_record *r,
                          uint64_t at)
{
    if (r->size < 1 || r->size > d->width - 4u)
        return tdi_fail(&d->fault, TD_E_DRMEM_ENCODING, at,
                       TDI_REASON("ENCODING record holds no bytes or more "
                                 "than its address field"));
    if (!d->has_encoding) {
        d->encoding_len = 0;
        d->has_encoding = 1;
    }
    if (d->encoding_len + r->size > max_encoding(d))
        return tdi_fail(&d->fault, TD_E_DRMEM_ENCODING, at,
                       regdeps(d) ? TDI_REASON("more than 16 bytes of "
                                               "encoding for one "
                                               "ARCH_REGDEPS instruction")
                                  : TDI_REASON("more than 15 bytes of "
                                               "encoding for one "
                                               "instruction"));
    memcpy(d->encoding + d->encoding_len, r->bytes + DRMEM_ADDR, r->size);
    d->encoding_len = (uint8_t)(d->encoding_len + r->size);
    return TDI_AGAIN;
}

static int branch_kind(uint16_t type)
{
    switch (type) {
    case TD_DRMEM_INSTR_TAKEN_JUMP:
        return TD_DRMEM_TAKEN;
    case TD_DRMEM_INSTR_UNTAKEN_JUMP:
        return TD_DRMEM_UNTAKEN;
    case TD_DRMEM_INSTR_CONDITIONAL_JUMP:
        return TD_DRMEM_CONDITIONAL;
    case TD_DRMEM_INSTR_DIRECT_JUMP:
    case TD_DRMEM_INSTR_DIRECT_CALL:
        return TD_DRMEM_DIRECT;
    case TD_DRMEM_INSTR_INDIRECT_JUMP:
    case TD_DRMEM_INSTR_INDIRECT_CALL:
    case TD_DRMEM_INSTR_RETURN:
        return TD_DRMEM_INDIRECT;
    default:
        return TD_DRMEM_NOT_BRANCH;
    }
}

static bool filtered(const td_drmem_decoder *d)
{
    return (d->filetype &
            (TD_DRMEM_FILE_IFILTERED | TD_DRMEM_FILE_DFILTERED)) != 0;
}

/* Whether an instruction of branch kind `kind` may come here: the
 * branch kinds a version writes, and BRANCH_TARGET pairing. Returns TD_OK,
 * or the error code with *reason. */
static int branch_problem(const td_drmem_decoder *d, int kind, uint16_t size,
                          const char **reason)
{
    if ((kind == TD_DRMEM_TAKEN || kind == TD_DRMEM_UNTAKEN) &&
        d->version < 5) {
        *reason = TDI_REASON("taken/untaken branch records exist only from "
                            "version 5");
        return TD_E_DRMEM_BRANCH;
    }
    if (kind == TD_DRMEM_CONDITIONAL && d->version >= 5 && !filtered(d)) {
        *reason = TDI_REASON("version 5+ traces record conditional branches "
                            "as taken or untaken");
        return TD_E_DRMEM_BRANCH;
    }
    if (d->has_branch_target && kind != TD_DRMEM_INDIRECT) {
        *reason = TDI_REASON("BRANCH_TARGET precedes an instruction that is "
                            "not an indirect branch");
        return TD_E_DRMEM_MARKER;
    }
    if (!d->has_branch_target && kind == TD_DRMEM_INDIRECT &&
        d->version >= 5 && !filtered(d) && size > 0) {
        *reason = TDI_REASON("a version 5+ indirect branch without the "
                            "BRANCH_TARGET marker before it");
        return TD_E_DRMEM_MARKER;
    }
    return TD_OK;
}

static int check_branch(td_drmem_decoder *d, const drmem_record *r,
                        uint64_t at)
{
    const char *reason = NULL;
    int rc = branch_problem(d, branch_kind(r->type), r->size, &reason);
    return rc == TD_OK ? TD_OK : tdi_fail(&d->fault, rc, at, reason);
}

/* Bit n for each type n in the list. */
static uint64_t type_bits(const uint16_t *types, unsigned count)
{
    uint64_t bits = 0;
    unsigned i;
    for (i = 0; i < count; i++)
        bits |= (uint64_t)1 << types[i];
    return bits;
}

static const uint16_t indirect[] = {TD_DRMEM_INSTR_INDIRECT_JUMP,
                                    TD_DRMEM_INSTR_INDIRECT_CALL,
                                    TD_DRMEM_INSTR_RETURN};

uint64_t tdi_drmem_indirect_types(void)
{
    return type_bits(indirect, 3);
}

/* branch_problem() with nothing pending, as a mask over the types. */
uint64_t tdi_drmem_plain_instr_types(const td_drmem_decoder *d)
{
    static const uint16_t fetched[] = {
        TD_DRMEM_INSTR, TD_DRMEM_INSTR_DIRECT_JUMP,
        TD_DRMEM_INSTR_INDIRECT_JUMP, TD_DRMEM_INSTR_CONDITIONAL_JUMP,
        TD_DRMEM_INSTR_DIRECT_CALL, TD_DRMEM_INSTR_INDIRECT_CALL,
        TD_DRMEM_INSTR_RETURN, TD_DRMEM_INSTR_SYSENTER,
        TD_DRMEM_INSTR_TAKEN_JUMP, TD_DRMEM_INSTR_UNTAKEN_JUMP};
    static const uint16_t taken[] = {TD_DRMEM_INSTR_TAKEN_JUMP,
                                     TD_DRMEM_INSTR_UNTAKEN_JUMP};
    static const uint16_t conditional[] = {TD_DRMEM_INSTR_CONDITIONAL_JUMP};
    uint64_t types = type_bits(fetched, 10);
    if (d->version < 5)
        return types & ~type_bits(taken, 2);
    if (filtered(d))
        return types;
    return types & ~type_bits(indirect, 3) & ~type_bits(conditional, 1);
}

uint64_t tdi_drmem_chunk_room(const td_drmem_decoder *d)
{
    if (!tdi_drmem_is_chunked(d) || d->chunk_size == 0)
        return UINT64_MAX;
    return d->chunk_instrs < d->chunk_size ? d->chunk_size - d->chunk_instrs
                                           : 0;
}

static bool drmem_chunk_full(const td_drmem_decoder *d)
{
    return tdi_drmem_chunk_room(d) == 0;
}

static int check_encoding(td_drmem_decoder *d, const drmem_record *r,
                          uint64_t at)
{
    if (!d->has_encoding)
        return TD_OK;
    if (regdeps(d) && d->encoding_len % DRMEM_REGDEPS_ALIGN != 0)
        return tdi_fail(&d->fault, TD_E_DRMEM_ENCODING, at,
                       TDI_REASON("an ARCH_REGDEPS encoding that is not a "
                                 "multiple of 4 bytes"));
    if (!regdeps(d) && d->encoding_len != r->size)
        return tdi_fail(&d->fault, TD_E_DRMEM_ENCODING, at,
                       TDI_REASON("the ENCODING bytes before the "
                                 "instruction differ in number from its "
                                 "length"));
    return TD_OK;
}

static int count_instruction(td_drmem_decoder *d, uint64_t at)
{
    if (drmem_chunk_full(d))
        return tdi_fail(&d->fault, TD_E_DRMEM_CHUNK, at,
                       TDI_REASON("a chunk holds more instructions than "
                                 "CHUNK_INSTR_COUNT"));
    d->instrs++;
    d->chunk_instrs++;
    return TD_OK;
}

int tdi_drmem_instr_record(td_drmem_decoder *d, const drmem_record *r,
                       uint64_t at, td_drmem_event *ev)
{
    bool fetched = r->type != TD_DRMEM_INSTR_NO_FETCH;
    int rc;
    if (r->size > DRMEM_MAX_ENCODING)
        return tdi_fail(&d->fault, TD_E_DRMEM_SIZE, at,
                       TDI_REASON("instruction longer than 15 bytes"));
    rc = check_branch(d, r, at);
    if (rc == TD_OK)
        rc = check_encoding(d, r, at);
    if (rc == TD_OK && fetched && r->size > 0)
        rc = count_instruction(d, at);
    if (rc != TD_OK)
        return rc;
    tdi_drmem_event_base(d, ev, r, at, TD_DRMEM_EV_INSTR);
    ev->instr.pc = r->addr;
    ev->instr.length = r->size;
    ev->instr.branch = branch_kind(r->type);
    ev->instr.fetched = fetched;
    ev->instr.encoding_is_new = d->has_encoding != 0;
    ev->instr.encoding_len = d->has_encoding ? d->encoding_len : 0;
    ev->instr.encoding = d->encoding;
    ev->instr.branch_target = d->has_branch_target ? d->branch_target : 0;
    d->has_encoding = 0;
    d->has_branch_target = 0;
    d->last_pc = r->addr;
    if (r->size == 0)
        ev->flags |= TD_DRMEM_HIDDEN; /* a PC-only record */
    else
        tdi_drmem_visible(d, ev);
    return TD_EVENT;
}

/* Accesses of zero bytes are real (DynamoRIO writes them for instructions
 * whose operand size it cannot tell), so sizes are not checked. */
int tdi_drmem_memref_record(td_drmem_decoder *d, const drmem_record *r,
                        uint64_t at, td_drmem_event *ev)
{
    (void)at;
    tdi_drmem_event_base(d, ev, r, at, TD_DRMEM_EV_MEMREF);
    ev->memref.addr = r->addr;
    ev->memref.size = r->size;
    ev->memref.pc = d->last_pc;
    if (r->type == TD_DRMEM_INSTR_FLUSH_END ||
        r->type == TD_DRMEM_DATA_FLUSH_END)
        ev->flags |= TD_DRMEM_HIDDEN; /* merged into the flush before it */
    else
        tdi_drmem_visible(d, ev);
    return TD_EVENT;
}
