/*
 * umt_cases.c - see umt_cases.h. Case names say what is wrong.
 */
#include "umt_cases.h"
#include "tracedec.h"

#include <string.h>

#define NONE ((uint64_t)-1)

/* ---- Where things are ----------------------------------------------------
 */

static uint64_t rec(const uenc *e, int64_t eid)
{
    return uenc_record_at(e, eid);
}

static uint64_t ctx(const uenc *e, int64_t eid)
{
    return rec(e, eid) + 6;
}

static uint64_t dec(const uenc *e, int64_t id)
{
    return uenc_ins_decoded_at(e, id);
}

static uint64_t op(const uenc *e, int64_t id, unsigned i)
{
    return dec(e, id) + 8 + 12 * i;
}

static uint64_t lcslot(const uenc *e, int64_t id, unsigned j)
{
    return dec(e, id) + 88 + 12 * j;
}

static uint64_t records(const uenc *e)
{
    return e->record_count;
}

/* Module 0's WinName: the first string of module.itable's extra area. */
static uint64_t module_win(const uenc *e)
{
    return e->module_extra_at;
}

/* ---- Headers -------------------------------------------------------------
 */

static uint64_t exec_version(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke32(e, UF_EXEC_VTABLE, 0, 2);
    return 0;
}

static uint64_t exec_record_count(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke64(e, UF_EXEC_VTABLE, 8, (uint64_t)1 << 63);
    return 8;
}

static uint64_t first_offset_in_header(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke64(e, UF_EXEC_OFFSETS, 0, 8);
    return 0;
}

static uint64_t last_offset_too_small(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke64(e, UF_EXEC_OFFSETS, records(e) * 8, rec(e, 0) + 7);
    return records(e) * 8;
}

static uint64_t vtable_short(uenc *e, const umt_marks *m)
{
    uint64_t size = ufile_size(&e->f[UF_EXEC_VTABLE]);
    (void)m;
    uenc_truncate(e, UF_EXEC_VTABLE, size - 1);
    return size - 1;
}

static uint64_t vtable_long(uenc *e, const umt_marks *m)
{
    uint64_t size = ufile_size(&e->f[UF_EXEC_VTABLE]);
    (void)m;
    uenc_append(e, UF_EXEC_VTABLE, "x", 1);
    return size;
}

static uint64_t offsets_long(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_append(e, UF_EXEC_OFFSETS, "01234567", 8);
    return (records(e) + 1) * 8;
}

static uint64_t prev_next_short(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_truncate(e, UF_PREV_NEXT, records(e) * 16 - 1);
    return records(e) * 16 - 1;
}

static uint64_t prev_next_long(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_append(e, UF_PREV_NEXT, "x", 1);
    return records(e) * 16;
}

static uint64_t ins_header_version(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke32(e, UF_INS, 0, 1);
    return 0;
}

static uint64_t ins_record_version(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke32(e, UF_INS, 4, 2);
    return 4;
}

static uint64_t ins_row_size_small(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke64(e, UF_INS, 16, 63);
    return 16;
}

static uint64_t ins_table_in_header(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke64(e, UF_INS, 24, 40);
    return 24;
}

static uint64_t ins_row_count_huge(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke64(e, UF_INS, 8, (uint64_t)1 << 62);
    return 8;
}

static uint64_t ins_extra_in_header(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke64(e, UF_INS, 32, 8);
    return 32;
}

static uint64_t ins_extra_overlaps(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke64(e, UF_INS, 32, 48);
    return 32;
}

static uint64_t ins_extra_size_negative(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke64(e, UF_INS, 40, (uint64_t)1 << 63);
    return 40;
}

static uint64_t ins_extra_past_end(uenc *e, const umt_marks *m)
{
    uint64_t size = ufile_size(&e->f[UF_INS]) - e->ins_extra_at;
    (void)m;
    uenc_poke64(e, UF_INS, 40, size + 1);
    return e->ins_extra_at;
}

static uint64_t thread_table_past_end(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke64(e, UF_THREAD, 8, 3);
    return 32;
}

static uint64_t module_row_size(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke64(e, UF_MODULE, 16, 47);
    return 16;
}

static uint64_t module_record_version(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke32(e, UF_MODULE, 4, 2);
    return 4;
}

static uint64_t thread_record_version(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke32(e, UF_THREAD, 4, 1);
    return 4;
}

static uint64_t range_row_size(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke64(e, UF_ADDRESS, 16, 8);
    return 16;
}

static uint64_t syscall_version(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke32(e, UF_SYSCALL_VTABLE, 0, 1);
    return 0;
}

static uint64_t syscall_ids_version(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke32(e, UF_SYSCALL_VTABLE, 4, 2);
    return 4;
}

static uint64_t syscall_offsets_long(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_append(e, UF_SYSCALL_OFFSETS, "0123456789abcdef", 16);
    return 3 * 16;
}

static uint64_t syscall_offsets_short(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_truncate(e, UF_SYSCALL_OFFSETS, 3 * 16 - 1);
    return 3 * 16 - 1;
}

/* ---- The context map -------------------------------------------------------
 */

static uint64_t map_elem_count(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke16(e, UF_CONTEXT_MAP, 2, 513);
    return 2;
}

static uint64_t map_long(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_append(e, UF_CONTEXT_MAP, "x", 1);
    return 17424;
}

static uint64_t map_short(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_truncate(e, UF_CONTEXT_MAP, 17423);
    return 0;
}

static uint64_t map_largest(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke16(e, UF_CONTEXT_MAP, 16 + 2 * 5, UREG_COUNT);
    return 16 + 2 * 5;
}

static uint64_t map_name_unterminated(uenc *e, const umt_marks *m)
{
    unsigned i;
    (void)m;
    for (i = 0; i < 16; i++)
        uenc_poke8(e, UF_CONTEXT_MAP, 1040 + 16 * 3 + i, 'A');
    return 1040 + 16 * 3;
}

static uint64_t map_absent_with_size(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke8(e, UF_CONTEXT_MAP, 9232 + 8 * UREG_R8 + 2, 4);
    return 9232 + 8 * UREG_R8;
}

static uint64_t map_outside_dump(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke16(e, UF_CONTEXT_MAP, 13328 + 8 * UREG_RAX, 190);
    return 13328 + 8 * UREG_RAX;
}

static uint64_t map_eff_largest(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke16(e, UF_CONTEXT_MAP, 13328 + 8 * UREG_RAX + 4, 0x200);
    return 13328 + 8 * UREG_RAX + 4;
}

/* ---- Module, thread and range rows ----------------------------------------
 */

static uint64_t module_load_negative(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke64(e, UF_MODULE, uenc_module_row_at(e, 0), (uint64_t)-5);
    return uenc_module_row_at(e, 0);
}

static uint64_t module_unload_before_load(uenc *e, const umt_marks *m)
{
    uint64_t row = uenc_module_row_at(e, 1);
    (void)m;
    uenc_poke64(e, UF_MODULE, row, 10);
    uenc_poke64(e, UF_MODULE, row + 8, 5);
    return row + 8;
}

static uint64_t module_end_before_start(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke64(e, UF_MODULE, uenc_module_row_at(e, 0) + 24, 0x1000);
    return uenc_module_row_at(e, 0) + 24;
}

static uint64_t module_name_outside(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke64(e, UF_MODULE, uenc_module_row_at(e, 0) + 32, 10);
    return uenc_module_row_at(e, 0) + 32;
}

static uint64_t module_name_neither_layout(uenc *e, const umt_marks *m)
{
    uint64_t at = module_win(e);
    (void)m;
    uenc_poke16(e, UF_MODULE, at + 2, 0);
    uenc_poke8(e, UF_MODULE, at + 4, 'C');
    return at;
}

static uint64_t module_name_unterminated(uenc *e, const umt_marks *m)
{
    uint64_t at = module_win(e);
    (void)m;
    uenc_poke16(e, UF_MODULE, at + 2 + 2 * 32, 'x');
    return at;
}

static uint64_t thread_id(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke32(e, UF_THREAD, uenc_thread_row_at(e, 1), 0);
    return uenc_thread_row_at(e, 1);
}

static uint64_t thread_first(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke64(e, UF_THREAD, uenc_thread_row_at(e, 0) + 16, records(e));
    return uenc_thread_row_at(e, 0) + 16;
}

static uint64_t thread_last_before_first(uenc *e, const umt_marks *m)
{
    uenc_poke64(e, UF_THREAD, uenc_thread_row_at(e, 1) + 24,
                (uint64_t)m->begin1 - 1);
    return uenc_thread_row_at(e, 1) + 24;
}

static uint64_t thread_count_zero(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke64(e, UF_THREAD, uenc_thread_row_at(e, 0) + 32, 0);
    return uenc_thread_row_at(e, 0) + 32;
}

static uint64_t thread_count_above_span(uenc *e, const umt_marks *m)
{
    uenc_poke64(e, UF_THREAD, uenc_thread_row_at(e, 0) + 32,
                (uint64_t)m->app_end + 2);
    return uenc_thread_row_at(e, 0) + 32;
}

static uint64_t range_first(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke64(e, UF_ADDRESS, 32, 0x400001);
    return 32;
}

static uint64_t range_last(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke64(e, UF_ADDRESS, 40, 0x40fffe);
    return 40;
}

/* ---- Instruction rows and decodedIns ---------------------------------------
 */

static uint64_t ins_id(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke64(e, UF_INS, uenc_ins_row_at(e, 2), 7);
    return uenc_ins_row_at(e, 2);
}

static uint64_t ins_type_7(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke8(e, UF_INS, uenc_ins_row_at(e, 2) + 8, 7);
    return uenc_ins_row_at(e, 2) + 8;
}

static uint64_t ins_cs64(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke8(e, UF_INS, uenc_ins_row_at(e, 2) + 9, 2);
    return uenc_ins_row_at(e, 2) + 9;
}

static uint64_t ins_code_size(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke8(e, UF_INS, uenc_ins_row_at(e, 2) + 10, 16);
    return uenc_ins_row_at(e, 2) + 10;
}

static uint64_t ins_module(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke32(e, UF_INS, uenc_ins_row_at(e, 2) + 12, 2);
    return uenc_ins_row_at(e, 2) + 12;
}

static uint64_t extra_size(const uenc *e)
{
    return ufile_size(&e->f[UF_INS]) - e->ins_extra_at;
}

static uint64_t ins_disasm_fp(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke64(e, UF_INS, uenc_ins_row_at(e, 2) + 40, extra_size(e));
    return uenc_ins_row_at(e, 2) + 40;
}

static uint64_t ins_decoded_fp(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke64(e, UF_INS, uenc_ins_row_at(e, 2) + 48, extra_size(e) - 80);
    return uenc_ins_row_at(e, 2) + 48;
}

static uint64_t disasm_unterminated(uenc *e, const umt_marks *m)
{
    uint64_t at = uenc_ins_disasm_at(e, 2);
    (void)m;
    uenc_poke8(e, UF_INS, at + 2 + strlen(e->insv[2].disasm), 'x');
    return at;
}

static uint64_t decoded_flags(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke8(e, UF_INS, dec(e, 1) + 6, 0x60);
    return dec(e, 1) + 6;
}

static uint64_t decoded_exp_count(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke8(e, UF_INS, dec(e, 1) + 7, 5);
    return dec(e, 1) + 7;
}

static uint64_t decoded_operand_size(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke8(e, UF_INS, dec(e, 1) + 56, 3);
    return dec(e, 1) + 56;
}

static uint64_t decoded_scale(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke8(e, UF_INS, dec(e, 2) + 65, 3);
    return dec(e, 2) + 65;
}

static uint64_t slot_groups(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke8(e, UF_INS, dec(e, 1) + 60, 4);
    return dec(e, 1) + 60;
}

static uint64_t slot_count(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke8(e, UF_INS, dec(e, 1) + 62, 254);
    return dec(e, 1) + 62;
}

static uint64_t slot_phrase_index(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke8(e, UF_INS, dec(e, 1) + 64, 9);
    return dec(e, 1) + 64;
}

static uint64_t slot_addr_width(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke8(e, UF_INS, lcslot(e, 1, 2) + 8, 3);
    return lcslot(e, 1, 2) + 8;
}

static uint64_t slot_memory_without_width(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke8(e, UF_INS, lcslot(e, 1, 2) + 8, 0);
    return lcslot(e, 1, 2) + 8;
}

static uint64_t slot_register(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke16(e, UF_INS, lcslot(e, 0, 0), 0x91);
    return lcslot(e, 0, 0);
}

static uint64_t slot_outside_lc_size(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke16(e, UF_INS, lcslot(e, 0, 0) + 6, 30);
    return lcslot(e, 0, 0) + 6;
}

static uint64_t operand_flags(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke8(e, UF_INS, op(e, 0, 0) + 4, 0);
    return op(e, 0, 0) + 4;
}

static uint64_t operand_before_na(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke8(e, UF_INS, op(e, 0, 1) + 5, 0xff);
    return op(e, 0, 1) + 5;
}

static uint64_t operand_before_after_group(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke8(e, UF_INS, op(e, 0, 1) + 5, 2);
    return op(e, 0, 1) + 5;
}

static uint64_t operand_read_only_after(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke8(e, UF_INS, op(e, 0, 1) + 6, 2);
    return op(e, 0, 1) + 6;
}

static uint64_t operand_after_before_group(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke8(e, UF_INS, op(e, 0, 0) + 6, 0);
    return op(e, 0, 0) + 6;
}

static uint64_t operand_outside_slot(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke16(e, UF_INS, op(e, 0, 0) + 2, 8);
    return op(e, 0, 0) + 7;
}

static uint64_t decoded_past_extra(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke8(e, UF_INS, dec(e, INS_POP) + 62, 200);
    return dec(e, INS_POP);
}

/* ---- Syscall records -------------------------------------------------------
 */

static uint64_t syscall_offset_in_header(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke64(e, UF_SYSCALL_OFFSETS, 0, 8);
    return 0;
}

static uint64_t syscall_size_small(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke64(e, UF_SYSCALL_OFFSETS, 8, 63);
    return 8;
}

static uint64_t syscall_window_past_end(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke64(e, UF_SYSCALL_OFFSETS, 2 * 16 + 8, 1000);
    return e->syscall_at[2];
}

static uint64_t syscall_convention(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke8(e, UF_SYSCALL_VTABLE, e->syscall_at[0] + 4, 6);
    return e->syscall_at[0] + 4;
}

static uint64_t syscall_completed(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke8(e, UF_SYSCALL_VTABLE, e->syscall_at[0] + 5, 2);
    return e->syscall_at[0] + 5;
}

static uint64_t syscall_begin(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke64(e, UF_SYSCALL_VTABLE, e->syscall_at[0] + 8, records(e));
    return e->syscall_at[0] + 8;
}

static uint64_t syscall_end_before_begin(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke64(e, UF_SYSCALL_VTABLE, e->syscall_at[0] + 16, 5);
    return e->syscall_at[0] + 16;
}

static uint64_t syscall_completed_without_end(uenc *e, const umt_marks *m)
{
    uenc_poke8(e, UF_SYSCALL_VTABLE, e->syscall_at[m->sys_open] + 5, 1);
    return e->syscall_at[m->sys_open] + 5;
}

static uint64_t syscall_args_outside(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke64(e, UF_SYSCALL_VTABLE, e->syscall_at[0] + 40, 100);
    return e->syscall_at[0] + 40;
}

static uint64_t syscall_extras_outside(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke64(e, UF_SYSCALL_VTABLE, e->syscall_at[0] + 48, 104);
    return e->syscall_at[0] + 48;
}

static uint64_t syscall_begin_not_entry(uenc *e, const umt_marks *m)
{
    uenc_poke64(e, UF_SYSCALL_VTABLE, e->syscall_at[m->sys_entry32] + 8,
                (uint64_t)m->entry64 - 1);
    return e->syscall_at[m->sys_entry32] + 8;
}

static uint64_t syscall_end_not_exit(uenc *e, const umt_marks *m)
{
    uenc_poke64(e, UF_SYSCALL_VTABLE, e->syscall_at[m->sys_entry64] + 16,
                (uint64_t)m->entry32);
    return e->syscall_at[m->sys_entry64] + 16;
}

static uint64_t syscall_skipped_completed(uenc *e, const umt_marks *m)
{
    uenc_poke8(e, UF_SYSCALL_VTABLE, e->syscall_at[m->sys_entry32] + 5, 1);
    return e->syscall_at[m->sys_entry32] + 16;
}

static uint64_t syscall_entry_names_other(uenc *e, const umt_marks *m)
{
    uenc_poke64(e, UF_EXEC_VTABLE, rec(e, m->entry_open) + 6,
                (uint64_t)m->sys_entry32);
    return e->syscall_at[m->sys_entry32] + 8;
}

/* ---- trace.xml
 * --------------------------------------------------------------- */

static uint64_t find_xml(const uenc *e, const char *what)
{
    const ufile *f = &e->f[UF_XML];
    size_t n = strlen(what), i;
    for (i = 0; i + n <= f->head_len; i++)
        if (memcmp(f->head + i, what, n) == 0)
            return i;
    return 0;
}

static uint64_t xml_mismatch(uenc *e, const umt_marks *m)
{
    uint64_t at = find_xml(e, "</Version></Xed>");
    (void)m;
    uenc_poke8(e, UF_XML, at + 8, 'm');
    return at;
}

static uint64_t xml_syntax(uenc *e, const umt_marks *m)
{
    uint64_t at = find_xml(e, "20130904");
    (void)m;
    uenc_poke8(e, UF_XML, at, '<');
    uenc_poke8(e, UF_XML, at + 1, ' ');
    return at;
}

static uint64_t xml_unclosed(uenc *e, const umt_marks *m)
{
    uint64_t at = find_xml(e, "<App>") + 5;
    (void)m;
    uenc_truncate(e, UF_XML, at);
    return at;
}

static void deep_xml(uenc *e, umt_marks *m)
{
    uenc_options o;
    int i;
    uenc_default_options(&o);
    umt_full_trace_body(e, &o, m);
    e->xml.len = 0;
    for (i = 0; i < 33; i++)
        uenc_xml(e, "<a>");
    uenc_finish(e);
}

static uint64_t xml_too_deep(uenc *e, const umt_marks *m)
{
    (void)e;
    (void)m;
    return 32 * 3;
}

static void long_xml(uenc *e, umt_marks *m)
{
    uenc_options o;
    char name[200];
    uenc_default_options(&o);
    umt_full_trace_body(e, &o, m);
    e->xml.len = 0;
    memset(name, 'n', sizeof name);
    name[0] = '<';
    name[130] = '>';
    name[131] = 0;
    uenc_xml(e, "<Top>");
    uenc_xml(e, name);
    uenc_finish(e);
}

static uint64_t xml_path_too_long(uenc *e, const umt_marks *m)
{
    (void)e;
    (void)m;
    return 5;
}

/* ---- Execution records
 * ------------------------------------------------------- */

static uint64_t offsets_not_increasing(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke64(e, UF_EXEC_OFFSETS, 3 * 8, rec(e, 2) + 2);
    return 3 * 8;
}

static uint64_t offset_past_end(uenc *e, const umt_marks *m)
{
    uint64_t end = rec(e, (int64_t)records(e));
    uenc_poke64(e, UF_EXEC_OFFSETS, (uint64_t)m->app_end * 8, end + 8);
    return (uint64_t)m->app_end * 8;
}

static uint64_t record_type_7(uenc *e, const umt_marks *m)
{
    uenc_poke8(e, UF_EXEC_VTABLE, rec(e, m->store) + 4, 7);
    return rec(e, m->store) + 4;
}

static uint64_t record_type_12(uenc *e, const umt_marks *m)
{
    uenc_poke8(e, UF_EXEC_VTABLE, rec(e, m->store) + 4, 12);
    return rec(e, m->store) + 4;
}

static uint64_t record_flags(uenc *e, const umt_marks *m)
{
    uenc_poke8(e, UF_EXEC_VTABLE, rec(e, m->end1) + 5, 0x04);
    return rec(e, m->end1) + 5;
}

static uint64_t record_too_small(uenc *e, const umt_marks *m)
{
    uenc_poke8(e, UF_EXEC_VTABLE, rec(e, m->end1) + 4, 4);
    return rec(e, m->end1);
}

static uint64_t record_thread(uenc *e, const umt_marks *m)
{
    uenc_poke32(e, UF_EXEC_VTABLE, rec(e, m->store), 2);
    return rec(e, m->store);
}

static uint64_t record_ins_id(uenc *e, const umt_marks *m)
{
    uenc_poke64(e, UF_EXEC_VTABLE, rec(e, m->store) + 6, INS_COUNT);
    return rec(e, m->store) + 6;
}

static uint64_t record_syscall_id(uenc *e, const umt_marks *m)
{
    uenc_poke64(e, UF_EXEC_VTABLE, rec(e, m->skipped) + 6, 3);
    return rec(e, m->skipped) + 6;
}

static uint64_t record_exit_syscall_id(uenc *e, const umt_marks *m)
{
    uenc_poke64(e, UF_EXEC_VTABLE, rec(e, m->exit_none) + 6, 7);
    return rec(e, m->exit_none) + 6;
}

static void late_record(uenc *e, umt_marks *m)
{
    uenc_options o;
    uenc_default_options(&o);
    umt_full_trace_body(e, &o, m);
    uenc_rec_ins(e, m->t0, 0, INS_MOV, 9);
    uenc_finish(e);
}

static uint64_t app_end_not_last(uenc *e, const umt_marks *m)
{
    return rec(e, m->app_end);
}

static uint64_t ins_64bit_flag(uenc *e, const umt_marks *m)
{
    uenc_poke8(e, UF_EXEC_VTABLE, rec(e, m->store) + 5, 0x01);
    return rec(e, m->store) + 5;
}

static uint64_t ins_record_size(uenc *e, const umt_marks *m)
{
    uenc_poke64(e, UF_EXEC_OFFSETS, (uint64_t)(m->nop + 1) * 8,
                rec(e, m->nop + 1) + 1);
    return rec(e, m->nop);
}

static uint64_t context_mem_count(uenc *e, const umt_marks *m)
{
    uenc_poke32(e, UF_EXEC_VTABLE, ctx(e, m->begin0), 0x80000000u);
    return ctx(e, m->begin0);
}

static uint64_t context_regs_in_array(uenc *e, const umt_marks *m)
{
    uenc_poke64(e, UF_EXEC_VTABLE, ctx(e, m->begin0) + 8, 16);
    return ctx(e, m->begin0) + 8;
}

static uint64_t context_dump_outside(uenc *e, const umt_marks *m)
{
    uenc_poke64(e, UF_EXEC_VTABLE, ctx(e, m->begin0) + 8,
                uenc_record_size(e, m->begin0) - 6 - 100);
    return ctx(e, m->begin0) + 8;
}

static uint64_t context_data_outside(uenc *e, const umt_marks *m)
{
    uenc_poke64(e, UF_EXEC_VTABLE, ctx(e, m->begin0) + 32, 1000);
    return ctx(e, m->begin0) + 32;
}

/* ---- Thread chains
 * ----------------------------------------------------------- */

static uint64_t prev_wrong(uenc *e, const umt_marks *m)
{
    uenc_poke64(e, UF_PREV_NEXT, (uint64_t)m->store * 16, 0);
    return (uint64_t)m->store * 16;
}

static uint64_t next_not_later(uenc *e, const umt_marks *m)
{
    uenc_poke64(e, UF_PREV_NEXT, (uint64_t)m->store * 16 + 8, 1);
    return (uint64_t)m->store * 16 + 8;
}

static uint64_t chain_other_thread(uenc *e, const umt_marks *m)
{
    uenc_poke32(e, UF_EXEC_VTABLE, rec(e, m->store), 1);
    return rec(e, m->store);
}

static uint64_t thread_begin_not_first(uenc *e, const umt_marks *m)
{
    uenc_poke8(e, UF_EXEC_VTABLE, rec(e, m->apc) + 4, 1);
    return rec(e, m->apc) + 4;
}

static uint64_t thread_end_not_last(uenc *e, const umt_marks *m)
{
    uenc_poke8(e, UF_EXEC_VTABLE, rec(e, m->apc) + 4, 2);
    return rec(e, m->apc) + 4;
}

static uint64_t chain_end_not_last(uenc *e, const umt_marks *m)
{
    uenc_poke64(e, UF_THREAD, uenc_thread_row_at(e, 0) + 24, (uint64_t)m->nop);
    return uenc_thread_row_at(e, 0) + 24;
}

static uint64_t interrupted_but_ended(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke64(e, UF_THREAD, uenc_thread_row_at(e, 1) + 24, NONE);
    return uenc_thread_row_at(e, 1) + 24;
}

static uint64_t count_too_small(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke64(e, UF_THREAD, uenc_thread_row_at(e, 0) + 32, 12);
    return uenc_thread_row_at(e, 0) + 32;
}

static uint64_t count_too_large(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke64(e, UF_THREAD, uenc_thread_row_at(e, 0) + 32, 14);
    return uenc_thread_row_at(e, 0) + 32;
}

static uint64_t orphan_record(uenc *e, const umt_marks *m)
{
    int64_t after = m->push + 4; /* the syscall instruction */
    uenc_poke64(e, UF_PREV_NEXT, (uint64_t)m->begin1 * 16 + 8,
                (uint64_t)after);
    uenc_poke64(e, UF_PREV_NEXT, (uint64_t)after * 16, (uint64_t)m->begin1);
    uenc_poke64(e, UF_THREAD, uenc_thread_row_at(e, 1) + 32, 11);
    return e->thread_table;
}

/* ---- Many threads: instructions met again (taken in place by the skim)
 * and chains followed during the records
 * ----------------------------------------------------------------------- */

static void many_threads(uenc *e, umt_marks *m)
{
    memset(m, 0, sizeof *m);
    umt_many_threads_trace(e);
}

/* Thread t's instruction record of turn 0, 1 or 2 (each thread's begin
 * comes first, in thread order, then the turns, then the ends). */
static int64_t turn(int n, int32_t t)
{
    return UMT_MANY_THREADS * (1 + n) + t;
}

/* Thread t's thread end (threads 1 and up). */
static int64_t end_of(int32_t t)
{
    return UMT_MANY_THREADS * 4 - 1 + t;
}

static uint64_t again_64bit_flag(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke8(e, UF_EXEC_VTABLE, rec(e, turn(2, 10)) + 5, 0x01);
    return rec(e, turn(2, 10)) + 5;
}

static uint64_t again_record_size(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke64(e, UF_EXEC_OFFSETS, (uint64_t)(turn(2, 10) + 1) * 8,
                rec(e, turn(2, 10) + 1) + 1);
    return rec(e, turn(2, 10));
}

static uint64_t again_ins_id(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke64(e, UF_EXEC_VTABLE, rec(e, turn(2, 10)) + 6, INS_COUNT);
    return rec(e, turn(2, 10)) + 6;
}

/* InsID -1 in a 14-byte window: no summary may match it. */
static uint64_t again_ins_id_none(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke64(e, UF_EXEC_VTABLE, rec(e, turn(2, 10)) + 6, NONE);
    uenc_poke64(e, UF_EXEC_OFFSETS, (uint64_t)(turn(2, 10) + 1) * 8,
                rec(e, turn(2, 10)) + 14);
    return rec(e, turn(2, 10)) + 6;
}

static uint64_t again_thread(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke32(e, UF_EXEC_VTABLE, rec(e, turn(2, 10)), UMT_MANY_THREADS);
    return rec(e, turn(2, 10));
}

static uint64_t again_other_thread(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke32(e, UF_EXEC_VTABLE, rec(e, turn(2, 10)), 11);
    return rec(e, turn(2, 10));
}

/* Two broken chains: the first thread's is reported, not the first in
 * the file. */
static uint64_t chains_in_thread_order(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke64(e, UF_PREV_NEXT, (uint64_t)turn(2, 3) * 16, 0);
    uenc_poke64(e, UF_PREV_NEXT, (uint64_t)end_of(1) * 16, 0);
    return (uint64_t)end_of(1) * 16;
}

static uint64_t many_count_too_small(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke64(e, UF_THREAD, uenc_thread_row_at(e, 2) + 32, 3);
    return uenc_thread_row_at(e, 2) + 32;
}

/* A record of a group and an offset of the same group are wrong: the
 * group's offsets are checked first. */
static uint64_t offset_before_its_group(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke8(e, UF_EXEC_VTABLE, rec(e, turn(0, 1)) + 4, 7);
    uenc_poke64(e, UF_EXEC_OFFSETS, (uint64_t)turn(0, 4) * 8,
                rec(e, turn(0, 3)));
    return (uint64_t)turn(0, 4) * 8;
}

/* ... and a record comes before a wrong offset of the next group. */
static uint64_t record_before_next_group(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke8(e, UF_EXEC_VTABLE, rec(e, turn(0, 3)) + 4, 7);
    uenc_poke64(e, UF_EXEC_OFFSETS, (uint64_t)turn(0, 6) * 8,
                rec(e, turn(0, 5)));
    return rec(e, turn(0, 3)) + 4;
}

/* ---- Warnings (valid traces)
 * ------------------------------------------------- */

static uint64_t thread_interrupted(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke64(e, UF_THREAD, uenc_thread_row_at(e, 0) + 24, NONE);
    return 0;
}

static uint64_t no_application_end(uenc *e, const umt_marks *m)
{
    uenc_poke8(e, UF_EXEC_VTABLE, rec(e, m->app_end) + 4, 2);
    return 0;
}

/* ---- String layouts
 * ------------------------------------------------------------ */

static uint64_t first_string(uenc *e, const umt_marks *m)
{
    (void)m;
    return module_win(e);
}

static void legacy_trace(uenc *e, umt_marks *m)
{
    uenc_options o;
    umt_variant_options("legacy-2013", &o);
    umt_full_trace(e, &o, m);
}

static uint64_t first_disasm(uenc *e, const umt_marks *m)
{
    (void)m;
    return uenc_ins_disasm_at(e, 0);
}

static uint64_t later_string_other_layout(uenc *e, const umt_marks *m)
{
    /* "abc" in the 2013 layout after as-built strings. */
    static const uint8_t abc[12] = {3, 0, 0, 0, 0, 0, 0, 0, 'a', 'b', 'c', 0};
    uint64_t at = uenc_ins_disasm_at(e, 1);
    unsigned i;
    (void)m;
    for (i = 0; i < sizeof abc; i++)
        uenc_poke8(e, UF_INS, at + i, abc[i]);
    return at;
}

static uint64_t string_first_unit_nul(uenc *e, const umt_marks *m)
{
    uint64_t at = uenc_ins_disasm_at(e, 0);
    (void)m;
    uenc_poke16(e, UF_INS, at + 2, 0);
    return at;
}

/* ---- Stream mode
 * ------------------------------------------------------------ */

static uint64_t stream_window_small(uenc *e, const umt_marks *m)
{
    (void)m;
    uenc_poke64(e, UF_EXEC_OFFSETS, 2 * 8, rec(e, 1) + 5);
    return 2 * 8;
}

static uint64_t stream_vtable_short(uenc *e, const umt_marks *m)
{
    uenc_truncate(e, UF_EXEC_VTABLE, rec(e, m->app_end) + 3);
    return rec(e, m->app_end);
}

#define V TD_UMT_VALIDATE
#define D TD_UMT_DECODE
#define S TD_UMT_STREAM

const umt_case umt_cases[] = {
    /* headers and sizes */
    {"exec-version", exec_version, TD_E_UMT_VERSION, UF_EXEC_VTABLE, V, 0,
     NULL},
    {"exec-record-count-negative", exec_record_count, TD_E_UMT_HEADER,
     UF_EXEC_VTABLE, V, 0, NULL},
    {"first-offset-in-header", first_offset_in_header, TD_E_UMT_OFFSETS,
     UF_EXEC_OFFSETS, V, 0, NULL},
    {"last-offset-too-small", last_offset_too_small, TD_E_UMT_OFFSETS,
     UF_EXEC_OFFSETS, V, 0, NULL},
    {"exec-vtable-short", vtable_short, TD_E_TRUNCATED, UF_EXEC_VTABLE, D, 0,
     NULL},
    {"exec-vtable-long", vtable_long, TD_E_UMT_FILE_SIZE, UF_EXEC_VTABLE, V, 0,
     NULL},
    {"exec-offsets-long", offsets_long, TD_E_UMT_FILE_SIZE, UF_EXEC_OFFSETS, V,
     0, NULL},
    {"prev-next-short", prev_next_short, TD_E_TRUNCATED, UF_PREV_NEXT, V, 0,
     NULL},
    {"prev-next-long", prev_next_long, TD_E_UMT_FILE_SIZE, UF_PREV_NEXT, V, 0,
     NULL},
    {"ins-header-version", ins_header_version, TD_E_UMT_VERSION, UF_INS, V, 0,
     NULL},
    {"ins-record-version", ins_record_version, TD_E_UMT_VERSION, UF_INS, V, 0,
     NULL},
    {"ins-row-size-small", ins_row_size_small, TD_E_UMT_HEADER, UF_INS, D, 0,
     NULL},
    {"ins-table-in-header", ins_table_in_header, TD_E_UMT_POINTER, UF_INS, V,
     0, NULL},
    {"ins-row-count-huge", ins_row_count_huge, TD_E_UMT_HEADER, UF_INS, V, 0,
     NULL},
    {"ins-extra-in-header", ins_extra_in_header, TD_E_UMT_POINTER, UF_INS, V,
     0, NULL},
    {"ins-extra-overlaps-table", ins_extra_overlaps, TD_E_UMT_HEADER, UF_INS,
     V, 0, NULL},
    {"ins-extra-size-negative", ins_extra_size_negative, TD_E_UMT_HEADER,
     UF_INS, V, 0, NULL},
    {"ins-extra-past-end", ins_extra_past_end, TD_E_TRUNCATED, UF_INS, V, 0,
     NULL},
    {"thread-table-past-end", thread_table_past_end, TD_E_TRUNCATED, UF_THREAD,
     V, 0, NULL},
    {"module-row-size-small", module_row_size, TD_E_UMT_HEADER, UF_MODULE, V,
     0, NULL},
    {"module-record-version", module_record_version, TD_E_UMT_VERSION,
     UF_MODULE, V, 0, NULL},
    {"thread-record-version", thread_record_version, TD_E_UMT_VERSION,
     UF_THREAD, V, 0, NULL},
    {"range-row-size-small", range_row_size, TD_E_UMT_HEADER, UF_ADDRESS, V, 0,
     NULL},
    {"syscall-version", syscall_version, TD_E_UMT_VERSION, UF_SYSCALL_VTABLE,
     V, 0, NULL},
    {"syscall-ids-version", syscall_ids_version, TD_E_UMT_VERSION,
     UF_SYSCALL_VTABLE, V, 0, NULL},
    {"syscall-offsets-long", syscall_offsets_long, TD_E_UMT_FILE_SIZE,
     UF_SYSCALL_OFFSETS, V, 0, NULL},
    {"syscall-offsets-short", syscall_offsets_short, TD_E_TRUNCATED,
     UF_SYSCALL_OFFSETS, V, 0, NULL},
    /* the context map */
    {"map-elem-count", map_elem_count, TD_E_UMT_CONTEXT_MAP, UF_CONTEXT_MAP, V,
     0, NULL},
    {"map-long", map_long, TD_E_UMT_FILE_SIZE, UF_CONTEXT_MAP, V, 0, NULL},
    {"map-short", map_short, TD_E_TRUNCATED, UF_CONTEXT_MAP, D, 0, NULL},
    {"map-largest", map_largest, TD_E_UMT_CONTEXT_MAP, UF_CONTEXT_MAP, V, 0,
     NULL},
    {"map-name-unterminated", map_name_unterminated, TD_E_UMT_CONTEXT_MAP,
     UF_CONTEXT_MAP, V, 0, NULL},
    {"map-absent-with-size", map_absent_with_size, TD_E_UMT_CONTEXT_MAP,
     UF_CONTEXT_MAP, V, 0, NULL},
    {"map-register-outside-dump", map_outside_dump, TD_E_UMT_CONTEXT_MAP,
     UF_CONTEXT_MAP, D, 0, NULL},
    {"map-eff-largest", map_eff_largest, TD_E_UMT_CONTEXT_MAP, UF_CONTEXT_MAP,
     V, 0, NULL},
    /* module, thread and range rows */
    {"module-load-negative", module_load_negative, TD_E_UMT_ROW, UF_MODULE, V,
     0, NULL},
    {"module-unload-before-load", module_unload_before_load, TD_E_UMT_ROW,
     UF_MODULE, V, 0, NULL},
    {"module-end-before-start", module_end_before_start, TD_E_UMT_ROW,
     UF_MODULE, V, 0, NULL},
    {"module-name-outside-extra", module_name_outside, TD_E_UMT_POINTER,
     UF_MODULE, V, 0, NULL},
    {"module-name-neither-layout", module_name_neither_layout, TD_E_UMT_STRING,
     UF_MODULE, V, 0, NULL},
    {"module-name-unterminated", module_name_unterminated, TD_E_UMT_STRING,
     UF_MODULE, V, 0, NULL},
    {"thread-id", thread_id, TD_E_UMT_ROW, UF_THREAD, V, 0, NULL},
    {"thread-first", thread_first, TD_E_UMT_REFERENCE, UF_THREAD, V, 0, NULL},
    {"thread-last-before-first", thread_last_before_first, TD_E_UMT_REFERENCE,
     UF_THREAD, V, 0, NULL},
    {"thread-count-zero", thread_count_zero, TD_E_UMT_ROW, UF_THREAD, V, 0,
     NULL},
    {"thread-count-above-span", thread_count_above_span, TD_E_UMT_ROW,
     UF_THREAD, V, 0, NULL},
    {"range-first-unaligned", range_first, TD_E_UMT_ROW, UF_ADDRESS, V, 0,
     NULL},
    {"range-last-unaligned", range_last, TD_E_UMT_ROW, UF_ADDRESS, V, 0, NULL},
    /* instruction rows and decodedIns */
    {"ins-id", ins_id, TD_E_UMT_ROW, UF_INS, V, 0, NULL},
    {"ins-type-7", ins_type_7, TD_E_UMT_ROW, UF_INS, V, 0, NULL},
    {"ins-cs64", ins_cs64, TD_E_UMT_ROW, UF_INS, V, 0, NULL},
    {"ins-code-size", ins_code_size, TD_E_UMT_ROW, UF_INS, D, 0, NULL},
    {"ins-module", ins_module, TD_E_UMT_REFERENCE, UF_INS, V, 0, NULL},
    {"ins-disasm-fp", ins_disasm_fp, TD_E_UMT_POINTER, UF_INS, V, 0, NULL},
    {"ins-decoded-fp", ins_decoded_fp, TD_E_UMT_POINTER, UF_INS, V, 0, NULL},
    {"disasm-unterminated", disasm_unterminated, TD_E_UMT_STRING, UF_INS, D, 0,
     NULL},
    {"decoded-flags", decoded_flags, TD_E_UMT_FLAGS, UF_INS, V, 0, NULL},
    {"decoded-exp-count", decoded_exp_count, TD_E_UMT_OPERAND, UF_INS, V, 0,
     NULL},
    {"decoded-operand-size", decoded_operand_size, TD_E_UMT_DECODED, UF_INS, V,
     0, NULL},
    {"decoded-scale", decoded_scale, TD_E_UMT_DECODED, UF_INS, V, 0, NULL},
    {"slot-groups", slot_groups, TD_E_UMT_SLOT, UF_INS, V, 0, NULL},
    {"slot-count", slot_count, TD_E_UMT_SLOT, UF_INS, V, 0, NULL},
    {"slot-phrase-index", slot_phrase_index, TD_E_UMT_SLOT, UF_INS, V, 0,
     NULL},
    {"slot-addr-width", slot_addr_width, TD_E_UMT_SLOT, UF_INS, V, 0, NULL},
    {"slot-memory-without-width", slot_memory_without_width, TD_E_UMT_SLOT,
     UF_INS, D, 0, NULL},
    {"slot-register-outside-map", slot_register, TD_E_UMT_SLOT, UF_INS, V, 0,
     NULL},
    {"slot-outside-lc-size", slot_outside_lc_size, TD_E_UMT_SLOT, UF_INS, V, 0,
     NULL},
    {"operand-flags", operand_flags, TD_E_UMT_OPERAND, UF_INS, V, 0, NULL},
    {"operand-before-na", operand_before_na, TD_E_UMT_OPERAND, UF_INS, V, 0,
     NULL},
    {"operand-before-in-after-group", operand_before_after_group,
     TD_E_UMT_OPERAND, UF_INS, V, 0, NULL},
    {"operand-read-only-with-after", operand_read_only_after, TD_E_UMT_OPERAND,
     UF_INS, V, 0, NULL},
    {"operand-after-in-before-group", operand_after_before_group,
     TD_E_UMT_OPERAND, UF_INS, V, 0, NULL},
    {"operand-outside-slot", operand_outside_slot, TD_E_UMT_OPERAND, UF_INS, D,
     0, NULL},
    {"decoded-past-extra", decoded_past_extra, TD_E_UMT_POINTER, UF_INS, V, 0,
     NULL},
    /* syscall records */
    {"syscall-offset-in-header", syscall_offset_in_header, TD_E_UMT_OFFSETS,
     UF_SYSCALL_OFFSETS, V, 0, NULL},
    {"syscall-size-small", syscall_size_small, TD_E_UMT_RECORD_SIZE,
     UF_SYSCALL_OFFSETS, V, 0, NULL},
    {"syscall-window-past-end", syscall_window_past_end, TD_E_TRUNCATED,
     UF_SYSCALL_VTABLE, V, 0, NULL},
    {"syscall-convention", syscall_convention, TD_E_UMT_ROW, UF_SYSCALL_VTABLE,
     V, 0, NULL},
    {"syscall-completed", syscall_completed, TD_E_UMT_ROW, UF_SYSCALL_VTABLE,
     V, 0, NULL},
    {"syscall-begin", syscall_begin, TD_E_UMT_REFERENCE, UF_SYSCALL_VTABLE, V,
     0, NULL},
    {"syscall-end-before-begin", syscall_end_before_begin, TD_E_UMT_REFERENCE,
     UF_SYSCALL_VTABLE, V, 0, NULL},
    {"syscall-completed-without-end", syscall_completed_without_end,
     TD_E_UMT_SYSCALL, UF_SYSCALL_VTABLE, V, 0, NULL},
    {"syscall-args-outside", syscall_args_outside, TD_E_UMT_POINTER,
     UF_SYSCALL_VTABLE, V, 0, NULL},
    {"syscall-extras-outside", syscall_extras_outside, TD_E_UMT_POINTER,
     UF_SYSCALL_VTABLE, V, 0, NULL},
    {"syscall-begin-not-entry", syscall_begin_not_entry, TD_E_UMT_SYSCALL,
     UF_SYSCALL_VTABLE, V, 0, NULL},
    {"syscall-end-not-exit", syscall_end_not_exit, TD_E_UMT_SYSCALL,
     UF_SYSCALL_VTABLE, V, 0, NULL},
    {"syscall-skipped-but-completed", syscall_skipped_completed,
     TD_E_UMT_SYSCALL, UF_SYSCALL_VTABLE, V, 0, NULL},
    {"syscall-entry-names-other", syscall_entry_names_other, TD_E_UMT_SYSCALL,
     UF_SYSCALL_VTABLE, D, 0, NULL},
    /* trace.xml */
    {"xml-end-tag-mismatch", xml_mismatch, TD_E_TAGSCAN_MISMATCH, UF_XML, V, 0,
     NULL},
    {"xml-lone-lt", xml_syntax, TD_E_TAGSCAN_SYNTAX, UF_XML, V, 0, NULL},
    {"xml-unclosed", xml_unclosed, TD_E_TRUNCATED, UF_XML, V, 0, NULL},
    {"xml-too-deep", xml_too_deep, TD_E_TAGSCAN_LIMIT, UF_XML, V, 0, deep_xml},
    {"xml-path-too-long", xml_path_too_long, TD_E_TAGSCAN_LIMIT, UF_XML, V, 0,
     long_xml},
    /* execution records */
    {"offsets-not-increasing", offsets_not_increasing, TD_E_UMT_OFFSETS,
     UF_EXEC_OFFSETS, V, 0, NULL},
    {"offset-past-end", offset_past_end, TD_E_UMT_OFFSETS, UF_EXEC_OFFSETS, D,
     0, NULL},
    {"record-type-7", record_type_7, TD_E_UMT_RECORD_TYPE, UF_EXEC_VTABLE, V,
     0, NULL},
    {"record-type-12", record_type_12, TD_E_UMT_RECORD_TYPE, UF_EXEC_VTABLE, D,
     0, NULL},
    {"record-flags", record_flags, TD_E_UMT_FLAGS, UF_EXEC_VTABLE, V, 0, NULL},
    {"record-too-small", record_too_small, TD_E_UMT_RECORD_SIZE,
     UF_EXEC_VTABLE, V, 0, NULL},
    {"record-thread", record_thread, TD_E_UMT_REFERENCE, UF_EXEC_VTABLE, V, 0,
     NULL},
    {"record-ins-id", record_ins_id, TD_E_UMT_REFERENCE, UF_EXEC_VTABLE, V, 0,
     NULL},
    {"record-syscall-id", record_syscall_id, TD_E_UMT_REFERENCE,
     UF_EXEC_VTABLE, D, 0, NULL},
    {"record-exit-syscall-id", record_exit_syscall_id, TD_E_UMT_REFERENCE,
     UF_EXEC_VTABLE, D, 0, NULL},
    {"application-end-not-last", app_end_not_last, TD_E_UMT_SEQUENCE,
     UF_EXEC_VTABLE, V, 0, late_record},
    {"instruction-64bit-flag", ins_64bit_flag, TD_E_UMT_FLAGS, UF_EXEC_VTABLE,
     V, 0, NULL},
    {"instruction-record-size", ins_record_size, TD_E_UMT_RECORD_SIZE,
     UF_EXEC_VTABLE, V, 0, NULL},
    {"context-mem-count", context_mem_count, TD_E_UMT_RECORD_SIZE,
     UF_EXEC_VTABLE, V, 0, NULL},
    {"context-regs-in-array", context_regs_in_array, TD_E_UMT_POINTER,
     UF_EXEC_VTABLE, V, 0, NULL},
    {"context-dump-outside", context_dump_outside, TD_E_UMT_POINTER,
     UF_EXEC_VTABLE, D, 0, NULL},
    {"context-data-outside", context_data_outside, TD_E_UMT_POINTER,
     UF_EXEC_VTABLE, V, 0, NULL},
    /* thread chains */
    {"prev-wrong", prev_wrong, TD_E_UMT_PREV_NEXT, UF_PREV_NEXT, V, 0, NULL},
    {"next-not-later", next_not_later, TD_E_UMT_PREV_NEXT, UF_PREV_NEXT, V, 0,
     NULL},
    {"chain-record-of-other-thread", chain_other_thread, TD_E_UMT_THREAD,
     UF_EXEC_VTABLE, V, 0, NULL},
    {"thread-begin-not-first", thread_begin_not_first, TD_E_UMT_SEQUENCE,
     UF_EXEC_VTABLE, V, 0, NULL},
    {"thread-end-not-last", thread_end_not_last, TD_E_UMT_SEQUENCE,
     UF_EXEC_VTABLE, V, 0, NULL},
    {"chain-ends-before-last-eid", chain_end_not_last, TD_E_UMT_THREAD,
     UF_THREAD, V, 0, NULL},
    {"interrupted-but-ended", interrupted_but_ended, TD_E_UMT_THREAD,
     UF_THREAD, V, 0, NULL},
    {"rec-count-too-small", count_too_small, TD_E_UMT_THREAD, UF_THREAD, V, 0,
     NULL},
    {"rec-count-too-large", count_too_large, TD_E_UMT_THREAD, UF_THREAD, V, 0,
     NULL},
    {"orphan-record", orphan_record, TD_E_UMT_THREAD, UF_THREAD, V, 0, NULL},
    /* many threads */
    {"again-64bit-flag", again_64bit_flag, TD_E_UMT_FLAGS, UF_EXEC_VTABLE, V,
     0, many_threads},
    {"again-record-size", again_record_size, TD_E_UMT_RECORD_SIZE,
     UF_EXEC_VTABLE, D, 0, many_threads},
    {"again-ins-id", again_ins_id, TD_E_UMT_REFERENCE, UF_EXEC_VTABLE, V, 0,
     many_threads},
    {"again-ins-id-none", again_ins_id_none, TD_E_UMT_REFERENCE,
     UF_EXEC_VTABLE, V, 0, many_threads},
    {"again-thread", again_thread, TD_E_UMT_REFERENCE, UF_EXEC_VTABLE, D, 0,
     many_threads},
    {"again-other-thread", again_other_thread, TD_E_UMT_THREAD, UF_EXEC_VTABLE,
     V, TD_UMT_NO_PAYLOADS, many_threads},
    {"chains-in-thread-order", chains_in_thread_order, TD_E_UMT_PREV_NEXT,
     UF_PREV_NEXT, V, 0, many_threads},
    {"many-rec-count-too-small", many_count_too_small, TD_E_UMT_THREAD,
     UF_THREAD, V, 0, many_threads},
    {"offset-before-its-group", offset_before_its_group, TD_E_UMT_OFFSETS,
     UF_EXEC_OFFSETS, V, 0, many_threads},
    {"record-before-next-group", record_before_next_group,
     TD_E_UMT_RECORD_TYPE, UF_EXEC_VTABLE, D, 0, many_threads},
    /* warnings: valid traces */
    {"warn-thread-interrupted", thread_interrupted, TD_END, UF_THREAD, V, 0,
     NULL},
    {"warn-no-application-end", no_application_end, TD_END, UF_EXEC_VTABLE, V,
     0, NULL},
    /* string layouts */
    {"strings-as-built-read-as-2013", first_string, TD_E_UMT_STRING, UF_MODULE,
     V, TD_UMT_STRINGS_2013, NULL},
    {"strings-2013-read-as-built", first_string, TD_E_UMT_STRING, UF_MODULE, V,
     TD_UMT_STRINGS_AS_BUILT, legacy_trace},
    {"disasm-as-built-read-as-2013", first_disasm, TD_E_UMT_STRING, UF_INS,
     TD_UMT_INSTRUCTIONS, TD_UMT_STRINGS_2013, NULL},
    {"later-string-other-layout", later_string_other_layout, TD_E_UMT_STRING,
     UF_INS, TD_UMT_INSTRUCTIONS, 0, NULL},
    {"string-first-unit-nul", string_first_unit_nul, TD_E_UMT_STRING, UF_INS,
     TD_UMT_INSTRUCTIONS, 0, NULL},
    /* stream mode */
    {"stream-window-small", stream_window_small, TD_E_UMT_OFFSETS,
     UF_EXEC_OFFSETS, S, 0, NULL},
    {"stream-record-type-7", record_type_7, TD_E_UMT_RECORD_TYPE,
     UF_EXEC_VTABLE, S, 0, NULL},
    {"stream-first-offset-in-header", first_offset_in_header, TD_E_UMT_OFFSETS,
     UF_EXEC_OFFSETS, S, 0, NULL},
    {"stream-vtable-short", stream_vtable_short, TD_E_TRUNCATED,
     UF_EXEC_VTABLE, S, 0, NULL},
    {"stream-record-flags", record_flags, TD_E_UMT_FLAGS, UF_EXEC_VTABLE, S, 0,
     NULL},
};

const unsigned umt_case_count = sizeof umt_cases / sizeof *umt_cases;
