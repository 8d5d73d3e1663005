/*
 * umt_dump.c - `tracedec dump` on a UMT trace: one line per execution
 * record, in the text style of the tools around UMTracer:
 *
 *   #2 T0 I1 app.exe+0x1004 0x401004: mov dword ptr [eax], ecx ;
 * [0x7ffe0230]=9ba2a9b0 #0 T0 ThreadBegin TID=6700 #22 T1 ThreadEnd TID=6960
 * Code=0 #24 T0 ApplicationEnd Code=0 #11 T1 SyscallEntry 0 Uniform=0x123
 * Raw=0x55 Convention=2 Args=(0x1055, ...) #12 T1 SyscallExit 0 Result=0x0 #14
 * T0 SyscallSkipped 1 #15 T1 ContextSwitch APC
 *
 * An instruction line gives the record's EID, its ThreadID, the InsID, the
 * module and offset (or <floating>), the address, the disassembly, flags
 * other than 64bit in braces, and after " ; " the memory it wrote (the
 * after-execution values of its memory slots, the first 16 bytes of each).
 * The events of a record are gathered and the line is printed when the
 * next record begins.
 */
#include "umt_cli.h"

#include <inttypes.h>
#include <string.h>

void umt_dump_init(umt_dump *d, FILE *out, const umt_names *names)
{
    memset(d, 0, sizeof *d);
    d->out = out;
    d->names = names;
}

static void print_flags(const umt_dump *d)
{
    unsigned bit;
    bool first = true;
    if ((d->flags & ~TD_UMT_FLAG_64BIT) == 0)
        return;
    fputs(" {", d->out);
    for (bit = 2; bit < 0x100; bit <<= 1) {
        if ((d->flags & bit) == 0)
            continue;
        fprintf(d->out, "%s%s", first ? "" : ",",
                td_umt_flag_name(d->exec_version, bit));
        first = false;
    }
    fputc('}', d->out);
}

static void print_changes(const umt_dump *d)
{
    unsigned i;
    size_t k;
    for (i = 0; i < d->change_count; i++) {
        const umt_change *c = &d->changes[i];
        fprintf(d->out, "%s[0x%" PRIx64 "]=", i == 0 ? " ; " : " ",
                c->address);
        for (k = 0; k < c->have; k++)
            fprintf(d->out, "%02x", c->value[k]);
        if (c->size > c->have)
            fprintf(d->out, "...(%" PRIu64 " bytes)", c->size);
    }
}

static void print_instruction(const umt_dump *d)
{
    const umt_names *n = d->names;
    fprintf(d->out, " I%" PRId64 " ", d->ins_id);
    if (d->module >= 0 && (size_t)d->module < n->module_count)
        fprintf(d->out, "%s+0x%" PRIx64, n->modules[d->module].name,
                d->address - n->modules[d->module].start);
    else
        fputs("<floating>", d->out);
    fprintf(d->out, " 0x%" PRIx64 ": %.*s", d->address, (int)d->disasm_len,
            d->disasm);
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
    fprintf(d->out,
            " SyscallEntry %" PRId64 " Uniform=0x%x Raw=0x%x "
            "Convention=%u Args=(",
            d->ref, d->uniform, d->raw, d->convention);
    for (i = 0; i < d->arg_count && i < 8; i++)
        fprintf(d->out, "%s0x%" PRIx64, i ? ", " : "", d->args[i]);
    fputs(d->arg_count > 8 ? ", ...)" : ")", d->out);
}

static void print_special(const umt_dump *d)
{
    static const char *const changes[4] = {"APC", "Exception", "Callback",
                                           "Unknown"};
    switch (d->type) {
    case TD_UMT_THREAD_BEGIN:
        fprintf(d->out, " ThreadBegin TID=%" PRId32, win_tid(d));
        break;
    case TD_UMT_THREAD_END:
        fprintf(d->out, " ThreadEnd TID=%" PRId32 " Code=%" PRId32, win_tid(d),
                d->exit_code);
        break;
    case TD_UMT_APPLICATION_END:
        fprintf(d->out, " ApplicationEnd Code=%" PRId32, d->exit_code);
        break;
    case TD_UMT_SYSCALL_ENTRY:
        print_syscall(d);
        break;
    case TD_UMT_SYSCALL_EXIT:
        fprintf(d->out, " SyscallExit %" PRId64, d->ref);
        if (d->has_syscall)
            fprintf(d->out, " Result=0x%" PRIx64, d->result);
        break;
    case TD_UMT_SYSCALL_SKIPPED:
        fprintf(d->out, " SyscallSkipped %" PRId64, d->ref);
        break;
    default:
        fprintf(d->out, " ContextSwitch %s", changes[(d->type - 8) & 3]);
        break;
    }
    if (d->mem_count > 0)
        fprintf(d->out, " Memory=%" PRIu32, d->mem_count);
}

void umt_dump_finish(umt_dump *d)
{
    if (!d->open)
        return;
    fprintf(d->out, "#%" PRId64 " T%" PRId32, d->eid, d->thread);
    if (d->type == TD_UMT_INSTRUCTION)
        print_instruction(d);
    else
        print_special(d);
    fputc('\n', d->out);
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

void umt_dump_raw(FILE *out, const td_umt_event *ev)
{
    uint8_t type = ev->record.type;
    if (ev->kind != TD_UMT_EV_RECORD)
        return;
    fprintf(out, "#%" PRId64 " T%" PRId32 " %s", ev->eid, ev->record.thread,
            type < 12 ? raw_names[type] : "?");
    if (type == TD_UMT_INSTRUCTION ||
        (type >= TD_UMT_SYSCALL_ENTRY && type <= TD_UMT_SYSCALL_SKIPPED))
        fprintf(out, " %" PRId64, ev->record.ref);
    if (type == TD_UMT_THREAD_END || type == TD_UMT_APPLICATION_END)
        fprintf(out, " Code=%" PRId32, ev->record.exit_code);
    fprintf(out, " flags=0x%02x size=%" PRIu64 "\n", ev->record.flags,
            ev->size);
}
