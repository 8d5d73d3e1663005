/*
 * umt_dump.c - `tracedec dump` on a UMT trace: one line per execution
 * record, in the text style of the tools around UMTracer:
 *
 *   #2 T0 I1 app.exe+0x1004 0x401004: mov dword ptr [eax], ecx
 *       ; [0x7ffe0230]=9ba2a9b0          (the same line)
 *   #0 T0 ThreadBegin TID=6700
 *   #22 T1 ThreadEnd TID=6960 Code=0
 *   #24 T0 ApplicationEnd Code=0
 *   #11 T1 SyscallEntry 0 Uniform=0x123 Raw=0x55 Convention=2
 *       Args=(0x1055, ...)               (the same line)
 *   #12 T1 SyscallExit 0 Result=0x0
 *   #14 T0 SyscallSkipped 1
 *   #15 T1 ContextSwitch APC
 *
 * An instruction line gives the record's EID, its ThreadID, the InsID, the
 * module and offset (or <floating>), the address, the disassembly, flags
 * other than 64bit in braces, and after " ; " the memory it wrote (the
 * after-execution values of its memory slots, the first 16 bytes of each).
 * The events of a record are gathered and the line is printed when the
 * next record begins.
 */
#include "umt_dump.h"
#include "escape.h"

#include <string.h>

void umt_dump_init(umt_dump *d, out *o, const umt_names *names)
{
    memset(d, 0, sizeof *d);
    d->o = o;
    d->names = names;
}

static void print_flags(const umt_dump *d)
{
    unsigned bit;
    bool first = true;
    if ((d->flags & ~TD_UMT_FLAG_64BIT) == 0)
        return;
    out_str(d->o, " {");
    for (bit = 2; bit < 0x100; bit <<= 1) {
        if ((d->flags & bit) == 0)
            continue;
        if (!first)
            out_char(d->o, ',');
        out_str(d->o, td_umt_flag_name(d->exec_version, bit));
        first = false;
    }
    out_char(d->o, '}');
}

static void print_changes(const umt_dump *d)
{
    unsigned i;
    for (i = 0; i < d->change_count; i++) {
        const umt_change *c = &d->changes[i];
        out_str(d->o, i == 0 ? " ; [0x" : " [0x");
        out_hex(d->o, c->address, 1);
        out_str(d->o, "]=");
        escape_hex(d->o, c->value, c->have, "");
        if (c->size > c->have) {
            out_field_u64(d->o, "...(", c->size);
            out_str(d->o, " bytes)");
        }
    }
}

static void print_instruction(const umt_dump *d)
{
    const umt_names *n = d->names;
    out_field_i64(d->o, " I", d->ins_id);
    out_char(d->o, ' ');
    if (d->module >= 0 && (size_t)d->module < n->module_count) {
        out_str(d->o, n->modules[d->module].name);
        out_str(d->o, "+0x");
        out_hex(d->o, d->address - n->modules[d->module].start, 1);
    } else {
        out_str(d->o, "<floating>");
    }
    out_str(d->o, " 0x");
    out_hex(d->o, d->address, 1);
    out_str(d->o, ": ");
    out_text(d->o, d->disasm, d->disasm_len);
    print_flags(d);
    print_changes(d);
}

static int32_t win_tid(const umt_dump *d)
{
    if (d->thread >= 0 && (size_t)d->thread < d->names->thread_count)
        return d->names->win_tids[d->thread];
    return -1;
}

static void print_syscall(const umt_dump *d)
{
    unsigned i;
    out_field_i64(d->o, " SyscallEntry ", d->ref);
    out_str(d->o, " Uniform=0x");
    out_hex(d->o, d->uniform, 1);
    out_str(d->o, " Raw=0x");
    out_hex(d->o, d->raw, 1);
    out_field_u64(d->o, " Convention=", d->convention);
    out_str(d->o, " Args=(");
    for (i = 0; i < d->arg_count && i < 8; i++) {
        out_str(d->o, i ? ", 0x" : "0x");
        out_hex(d->o, d->args[i], 1);
    }
    out_str(d->o, d->arg_count > 8 ? ", ...)" : ")");
}

static void print_special(const umt_dump *d)
{
    static const char *const changes[4] = {"APC", "Exception", "Callback",
                                           "Unknown"};
    switch (d->type) {
    case TD_UMT_THREAD_BEGIN:
        out_field_i64(d->o, " ThreadBegin TID=", win_tid(d));
        break;
    case TD_UMT_THREAD_END:
        out_field_i64(d->o, " ThreadEnd TID=", win_tid(d));
        out_field_i64(d->o, " Code=", d->exit_code);
        break;
    case TD_UMT_APPLICATION_END:
        out_field_i64(d->o, " ApplicationEnd Code=", d->exit_code);
        break;
    case TD_UMT_SYSCALL_ENTRY:
        print_syscall(d);
        break;
    case TD_UMT_SYSCALL_EXIT:
        out_field_i64(d->o, " SyscallExit ", d->ref);
        if (d->has_syscall) {
            out_str(d->o, " Result=0x");
            out_hex(d->o, d->result, 1);
        }
        break;
    case TD_UMT_SYSCALL_SKIPPED:
        out_field_i64(d->o, " SyscallSkipped ", d->ref);
        break;
    default:
        out_str(d->o, " ContextSwitch ");
        out_str(d->o, changes[(d->type - 8) & 3]);
        break;
    }
    if (d->mem_count > 0)
        out_field_u64(d->o, " Memory=", d->mem_count);
}

void umt_dump_finish(umt_dump *d)
{
    if (!d->open)
        return;
    out_field_i64(d->o, "#", d->eid);
    out_field_i64(d->o, " T", d->thread);
    if (d->type == TD_UMT_INSTRUCTION)
        print_instruction(d);
    else
        print_special(d);
    out_char(d->o, '\n');
    d->open = false;
}

static void begin_record(umt_dump *d, const td_umt_event *ev)
{
    umt_dump_finish(d);
    d->open = true;
    d->eid = ev->eid;
    d->thread = ev->record.thread;
    d->type = ev->record.type;
    d->flags = ev->record.flags;
    d->exec_version = ev->record.exec_version;
    d->ref = ev->record.ref;
    d->exit_code = ev->record.exit_code;
    d->disasm_len = 0;
    d->change_count = 0;
    d->has_syscall = false;
    d->mem_count = 0;
    d->arg_count = 0;
    d->module = -1;
    d->in_disasm = false;
    d->in_change = false;
}

static void slot(umt_dump *d, const td_umt_event *ev)
{
    umt_change *c;
    d->in_change = false;
    if (!ev->slot.memory || ev->slot.group != TD_UMT_AFTER ||
        d->change_count == UMT_DUMP_CHANGES)
        return;
    c = &d->changes[d->change_count++];
    c->address = ev->slot.address;
    c->size = ev->slot.value_size;
    c->have = 0;
    d->in_change = true;
}

static void bytes(umt_dump *d, const td_umt_event *ev)
{
    if (ev->bytes.of == TD_UMT_OF_STRING && d->in_disasm) {
        size_t n = ev->bytes.len;
        if (n > sizeof d->disasm - d->disasm_len)
            n = sizeof d->disasm - d->disasm_len;
        memcpy(d->disasm + d->disasm_len, ev->bytes.data, n);
        d->disasm_len += n;
    } else if (ev->bytes.of == TD_UMT_OF_SLOT && d->in_change) {
        umt_change *c = &d->changes[d->change_count - 1];
        size_t n = ev->bytes.len;
        if (n > UMT_DUMP_VALUE - c->have)
            n = UMT_DUMP_VALUE - c->have;
        memcpy(c->value + c->have, ev->bytes.data, n);
        c->have += n;
    }
}

void umt_dump_event(umt_dump *d, const td_umt_event *ev)
{
    switch (ev->kind) {
    case TD_UMT_EV_RECORD:
        begin_record(d, ev);
        break;
    case TD_UMT_EV_INSTRUCTION:
        d->ins_id = ev->instruction.id;
        d->module = ev->instruction.module;
        d->address = ev->instruction.address;
        break;
    case TD_UMT_EV_STRING:
        d->in_disasm = ev->string.role == TD_UMT_DISASSEMBLY;
        break;
    case TD_UMT_EV_SLOT:
        d->in_disasm = false;
        slot(d, ev);
        break;
    case TD_UMT_EV_BYTES:
        bytes(d, ev);
        break;
    case TD_UMT_EV_SYSCALL:
        d->has_syscall = true;
        d->uniform = ev->syscall.uniform_id;
        d->raw = ev->syscall.raw_id;
        d->convention = ev->syscall.convention;
        d->result = ev->syscall.result;
        d->arg_count = ev->syscall.arg_count;
        break;
    case TD_UMT_EV_SYSCALL_ARG:
        if (ev->arg.index < 8)
            d->args[ev->arg.index] = ev->arg.value;
        break;
    case TD_UMT_EV_CONTEXT:
        d->mem_count = ev->context.mem_count;
        break;
    default:
        break;
    }
}

static const char *const raw_names[12] = {
    "Instruction",
    "ThreadBegin",
    "ThreadEnd",
    "ApplicationEnd",
    "SyscallEntry",
    "SyscallExit",
    "SyscallSkipped",
    "?",
    "ContextSwitch APC",
    "ContextSwitch Exception",
    "ContextSwitch Callback",
    "ContextSwitch Unknown",
};

void umt_dump_raw(out *o, const td_umt_event *ev)
{
    uint8_t type = ev->record.type;
    if (ev->kind != TD_UMT_EV_RECORD)
        return;
    out_field_i64(o, "#", ev->eid);
    out_field_i64(o, " T", ev->record.thread);
    out_char(o, ' ');
    out_str(o, type < 12 ? raw_names[type] : "?");
    if (type == TD_UMT_INSTRUCTION ||
        (type >= TD_UMT_SYSCALL_ENTRY && type <= TD_UMT_SYSCALL_SKIPPED))
        out_field_i64(o, " ", ev->record.ref);
    if (type == TD_UMT_THREAD_END || type == TD_UMT_APPLICATION_END)
        out_field_i64(o, " Code=", ev->record.exit_code);
    out_str(o, " flags=0x");
    out_hex(o, ev->record.flags, 2);
    out_field_u64(o, " size=", ev->size);
    out_char(o, '\n');
}
