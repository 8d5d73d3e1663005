/*
 * umt_traces.c - see umt_traces.h.
 */
#include "umt_traces.h"

#include <string.h>

#define NA 0xff
#define READ 1
#define WRITE 2

static void slot(uins *u, unsigned j, uint16_t reg, uint16_t largest,
                 uint16_t size, uint8_t width)
{
    u->slots[j].reg = reg;
    u->slots[j].largest = largest;
    u->slots[j].value_size = size;
    u->slots[j].addr_width = width;
}

static void oper(uins *u, unsigned i, uint16_t reg, uint16_t size,
                 uint8_t flags, uint8_t before, uint8_t after,
                 uint8_t before_off, uint8_t after_off)
{
    uoper *o = &u->ops[i];
    o->reg = reg;
    o->size = size;
    o->flags = flags;
    o->before = before;
    o->after = after;
    o->before_off = before_off;
    o->after_off = after_off;
}

static void groups(uins *u, uint8_t first_out, uint8_t first_after,
                   uint8_t count)
{
    u->first_out = first_out;
    u->first_after = first_after;
    u->lc_count = count;
}

static void code(uins *u, const char *disasm, const uint8_t *bytes, uint8_t n)
{
    u->disasm = disasm;
    memcpy(u->code, bytes, n);
    u->code_size = n;
}

/* 64-bit code: CSis64Bits, 8-byte operands and addresses. */
static void code64(uins *u)
{
    u->cs64 = 1;
    u->eff_oper = 8;
    u->eff_addr = 8;
}

/* One explicit operand: the first. */
static void one_operand(uins *u)
{
    u->exp_count = 1;
    memset(&u->ops[1], 0, sizeof u->ops[1]);
}

static void store(uins *u)
{
    static const uint8_t c[2] = {0x89, 0x08};
    uins_init(u, 0x401004, 1);
    code(u, "mov dword ptr [eax], ecx", c, 2);
    u->flags = 0x20;
    slot(u, 0, UREG_ECX, UREG_RCX, 4, 0);
    slot(u, 1, UREG_EAX, UREG_RAX, 4, 0);
    slot(u, 2, UREG_MEM0, UREG_MEM0, 4, 4);
    slot(u, 3, UREG_MEM0, UREG_MEM0, 4, 4);
    groups(u, 2, 3, 4);
    oper(u, 0, UREG_MEM0, 4, WRITE, 2, 3, 8, 8);
    oper(u, 1, UREG_ECX, 4, READ, 0, NA, 0, 0);
    u->mem0_base = 1;
}

static void lea(uins *u)
{
    static const uint8_t c[4] = {0x8d, 0x44, 0x4b, 0x08};
    uins_init(u, 0x401006, 1);
    code(u, "lea eax, ptr [ebx+ecx*2+0x8]", c, 4);
    slot(u, 0, UREG_EBX, UREG_RBX, 4, 0);
    slot(u, 1, UREG_ECX, UREG_RCX, 4, 0);
    slot(u, 2, UREG_AGEN, UREG_AGEN, 4, 4);
    slot(u, 3, UREG_EAX, UREG_RAX, 4, 0);
    slot(u, 4, UREG_EAX, UREG_RAX, 4, 0);
    groups(u, 3, 4, 5);
    oper(u, 0, UREG_EAX, 4, WRITE, 3, 4, 0, 0);
    oper(u, 1, UREG_AGEN, 4, READ, 2, NA, 0, 0);
    u->mem0_base = 0;
    u->mem0_index = 1;
    u->mem0_scale = 2;
    u->consts[0] = 8;
}

static void push(uins *u)
{
    static const uint8_t c[1] = {0x55};
    uins_init(u, 0x75a21000, 0);
    code(u, "push rbp", c, 1);
    code64(u);
    one_operand(u);
    u->flags = 0x20;
    slot(u, 0, UREG_RBP, UREG_RBP, 8, 0);
    slot(u, 1, UREG_RSP, UREG_RSP, 8, 0);
    slot(u, 2, UREG_STACKPUSH, UREG_STACKPUSH, 8, 8);
    slot(u, 3, UREG_STACKPUSH, UREG_STACKPUSH, 8, 8);
    slot(u, 4, UREG_RSP, UREG_RSP, 8, 0);
    groups(u, 2, 3, 5);
    oper(u, 0, UREG_RBP, 8, READ, 0, NA, 0, 0);
}

static void pop(uins *u)
{
    static const uint8_t c[1] = {0x5d};
    uins_init(u, 0x75a21010, 0);
    code(u, "pop rbp", c, 1);
    code64(u);
    one_operand(u);
    u->flags = 0x10;
    slot(u, 0, UREG_RSP, UREG_RSP, 8, 0);
    slot(u, 1, UREG_STACKPOP, UREG_STACKPOP, 8, 8);
    slot(u, 2, UREG_RBP, UREG_RBP, 8, 0);
    slot(u, 3, UREG_RBP, UREG_RBP, 8, 0);
    slot(u, 4, UREG_RSP, UREG_RSP, 8, 0);
    groups(u, 2, 3, 5);
    oper(u, 0, UREG_RBP, 8, WRITE, 2, 3, 0, 0);
}

static void fxsave(uins *u)
{
    static const uint8_t c[3] = {0x0f, 0xae, 0x00};
    uins_init(u, 0x40100a, 1);
    code(u, "fxsave ptr [eax]", c, 3);
    one_operand(u);
    u->flags = 0x20;
    slot(u, 0, UREG_EAX, UREG_RAX, 4, 0);
    slot(u, 1, UREG_MEM0, UREG_MEM0, 512, 4);
    slot(u, 2, UREG_MEM0, UREG_MEM0, 512, 4);
    groups(u, 1, 2, 3);
    oper(u, 0, UREG_MEM0, 512, WRITE, 1, 2, 8, 8);
    u->mem0_base = 0;
}

static void movsd(uins *u)
{
    static const uint8_t c[1] = {0xa5};
    uins_init(u, 0x40100d, 1);
    code(u, "movsd dword ptr [edi], dword ptr [esi]", c, 1);
    u->flags = 0x30;
    slot(u, 0, UREG_ESI, UREG_RSI, 4, 0);
    slot(u, 1, UREG_EDI, UREG_RDI, 4, 0);
    slot(u, 2, UREG_MEM1, UREG_MEM1, 4, 4);
    slot(u, 3, UREG_MEM0, UREG_MEM0, 4, 4);
    slot(u, 4, UREG_MEM0, UREG_MEM0, 4, 4);
    slot(u, 5, UREG_ESI, UREG_RSI, 4, 0);
    slot(u, 6, UREG_EDI, UREG_RDI, 4, 0);
    groups(u, 3, 4, 7);
    oper(u, 0, UREG_MEM0, 4, WRITE, 3, 4, 8, 8);
    oper(u, 1, UREG_MEM1, 4, READ, 2, NA, 8, 0);
    u->mem0_base = 1;
    u->mem1_base = 0;
}

static void mov_al_ah(uins *u)
{
    static const uint8_t c[2] = {0x88, 0xe0};
    uins_init(u, 0x40100e, 1);
    code(u, "mov al, ah", c, 2);
    slot(u, 0, UREG_EAX, UREG_RAX, 4, 0);
    slot(u, 1, UREG_EAX, UREG_RAX, 4, 0);
    groups(u, 1, 1, 2);
    oper(u, 0, UREG_AL, 1, WRITE, 0, 1, 0, 0);
    oper(u, 1, UREG_AH, 1, READ, 0, NA, 1, 0);
}

static void jz(uins *u)
{
    static const uint8_t c[2] = {0x74, 0x10};
    uins_init(u, 0x401010, 1);
    code(u, "jz 0x401022", c, 2);
    one_operand(u);
    slot(u, 0, UREG_EFLAGS, UREG_RFLAGS, 4, 0);
    slot(u, 1, UREG_EIP, UREG_RIP, 4, 0);
    groups(u, 1, 1, 2);
    oper(u, 0, 0, 4, READ, 0xfd, NA, 0, 0);
    u->consts[0] = 0x401022;
}

static void syscall_ins(uins *u)
{
    static const uint8_t c[2] = {0x0f, 0x05};
    uins_init(u, 0x75a21020, 0);
    code(u, "syscall", c, 2);
    u->type = 3;
    code64(u);
    u->exp_count = 0;
    memset(u->ops, 0, sizeof u->ops);
    slot(u, 0, UREG_RAX, UREG_RAX, 8, 0);
    slot(u, 1, UREG_RCX, UREG_RCX, 8, 0);
    groups(u, 1, 1, 2);
}

static void nop(uins *u)
{
    static const uint8_t c[1] = {0x90};
    uins_init(u, 0x1e0000, -1);
    code(u, "nop", c, 1);
    u->type = 8;
    u->exp_count = 0;
    memset(u->ops, 0, sizeof u->ops);
    groups(u, 0, 0, 0);
}

static void instructions(uenc *e)
{
    void (*const make[INS_COUNT])(uins *) = {
        NULL,      store, lea,         push, fxsave, movsd,
        mov_al_ah, jz,    syscall_ins, nop,  pop,
    };
    unsigned i;
    for (i = 0; i < INS_COUNT; i++) {
        uins u;
        if (make[i] == NULL)
            uins_init(&u, 0x401000, 1);
        else
            make[i](&u);
        uenc_instruction(e, &u);
    }
}

static uctx context(uint8_t seed, unsigned mems, uint64_t address,
                    uint64_t size)
{
    uctx c;
    unsigned i;
    memset(&c, 0, sizeof c);
    c.seed = seed;
    c.mem_count = mems;
    for (i = 0; i < mems; i++) {
        c.mem[i].address = address + i * 0x1000;
        c.mem[i].size = size * (i + 1);
    }
    return c;
}

static usys syscall_desc(uint16_t raw, uint16_t uniform, uint8_t convention,
                         uint8_t args, uint8_t extras, uint64_t sp)
{
    usys s;
    unsigned i;
    memset(&s, 0, sizeof s);
    s.raw = raw;
    s.uniform = uniform;
    s.convention = convention;
    s.arg_count = args;
    s.extra_count = extras;
    s.before_sp = sp;
    for (i = 0; i < args; i++)
        s.args[i] = 0x1000u * (i + 1) + raw;
    return s;
}

static void records(uenc *e, umt_marks *m)
{
    uctx c;
    usys s;
    int32_t t0 = m->t0, t1 = m->t1;
    c = context(1, 1, 0x7efdd000, 24);
    m->begin0 = uenc_rec_thread_begin(e, t0, 0, &c);
    uenc_rec_ins(e, t0, 0, INS_MOV, 1);
    m->store = uenc_rec_ins(e, t0, 0, INS_STORE, 2);
    uenc_rec_ins(e, t0, 0, INS_LEA, 3);
    c = context(2, 0, 0, 0);
    m->begin1 = uenc_rec_thread_begin(e, t1, 0x01, &c);
    m->fxsave = uenc_rec_ins(e, t0, 0, INS_FXSAVE, 4);
    m->push = uenc_rec_ins(e, t1, 0x01, INS_PUSH, 5);
    uenc_rec_ins(e, t0, 0x08, INS_MOVSD, 6);
    uenc_rec_ins(e, t0, 0x30, INS_MOV_AL_AH, 7);
    m->jz = uenc_rec_ins(e, t0, 0x04, INS_JZ, 8);
    uenc_rec_ins(e, t1, 0x01, INS_SYSCALL, 9);
    s = syscall_desc(0x55, 0x123, 2, 4, 1, 0x2ffe00);
    c = context(3, 0, 0, 0);
    m->entry64 = uenc_rec_syscall_entry(e, t1, 0x01, &s, &c, &m->sys_entry64);
    c = context(4, 1, 0x2ffe00, 32);
    m->exit64 = uenc_rec_syscall_exit(e, t1, 0x01, m->sys_entry64, 0, &c);
    s = syscall_desc(0x1f, 0x45, 4, 3, 0, 0x18fe00);
    c = context(5, 0, 0, 0);
    m->entry32 = uenc_rec_syscall_entry(e, t0, 0, &s, &c, &m->sys_entry32);
    m->skipped = uenc_rec_syscall_skipped(e, t0, m->sys_entry32);
    c = context(6, 0, 0, 0);
    m->apc = uenc_rec_context(e, t1, 8, 0x01, &c);
    c = context(7, 2, 0x1000, 8);
    m->exception = uenc_rec_context(e, t1, 9, 0x01, &c);
    c = context(8, 0, 0, 0);
    m->callback = uenc_rec_context(e, t1, 10, 0x03, &c);
    c = context(9, 0, 0, 0);
    m->unknown = uenc_rec_context(e, t1, 11, 0x01, &c);
    c = context(10, 0, 0, 0);
    m->exit_none = uenc_rec_syscall_exit(e, t1, 0x01, -1, 0, &c);
    uenc_rec_ins(e, t1, 0x01, INS_POP, 10);
    m->nop = uenc_rec_ins(e, t0, 0x02, INS_NOP, 11);
    m->end1 = uenc_rec_thread_end(e, t1, 0);
    s = syscall_desc(0x10, 0x20, 1, 2, 0, 0x18fd00);
    c = context(11, 0, 0, 0);
    m->entry_open = uenc_rec_syscall_entry(e, t0, 0, &s, &c, &m->sys_open);
    m->app_end = uenc_rec_app_end(e, t0, 0);
}

void umt_trace_instructions(uenc *e)
{
    uenc_module(e, 0x75a20000, 0x75b2ffff,
                "C:\\Windows\\SysWOW64\\kernel32.dll",
                "\\Device\\HarddiskVolume2\\Windows\\SysWOW64\\kernel32.dll");
    uenc_module(e, 0x400000, 0x40ffff, "C:\\work\\app.exe",
                "\\Device\\HarddiskVolume2\\work\\app.exe");
    instructions(e);
}

void umt_full_trace_body(uenc *e, const uenc_options *o, umt_marks *m)
{
    uenc_init(e, o);
    memset(m, 0, sizeof *m);
    umt_trace_instructions(e);
    m->t0 = uenc_thread(e, 0x1a2c, 0x7efdd000);
    m->t1 = uenc_thread(e, 0x1b30, 0x7efda000);
    records(e, m);
    uenc_range(e, 0x400000, 0x40ffff);
    uenc_range(e, 0x7efda000, 0x7efdefff);
    uenc_range(e, 0x18f000, 0x18ffff);
    uenc_xml(e, UMT_TRACE_XML);
}

void umt_full_trace(uenc *e, const uenc_options *o, umt_marks *m)
{
    umt_full_trace_body(e, o, m);
    uenc_finish(e);
}

const char *const umt_variants[] = {"as-built-v1", "legacy-2013",
                                    "shared-strings", "mixed-2013-v1"};
const unsigned umt_variant_count = 4;

bool umt_variant_options(const char *name, uenc_options *o)
{
    uenc_default_options(o);
    if (strcmp(name, "as-built-v1") == 0)
        return true;
    if (strcmp(name, "legacy-2013") == 0) {
        o->layout = UENC_2013;
        o->exec_version = 0;
        o->ins_version = 0;
        o->ids_version = 0;
        o->module_row = 48;
        o->thread_row = 48;
        return true;
    }
    if (strcmp(name, "shared-strings") == 0) {
        o->share_strings = true;
        o->syscalls_reversed = true;
        o->ins_row = 72;
        return true;
    }
    if (strcmp(name, "mixed-2013-v1") == 0) {
        o->layout = UENC_2013;
        o->thread_row = 48;
        return true;
    }
    return false;
}

void umt_big_dump_trace(uenc *e)
{
    uenc_options o;
    uctx c;
    uins u;
    int32_t t;
    uenc_default_options(&o);
    uenc_init(e, &o);
    uenc_module(e, 0x400000, 0x40ffff, "C:\\app.exe", "\\Device\\app.exe");
    uins_init(&u, 0x401000, 0);
    uenc_instruction(e, &u);
    t = uenc_thread(e, 100, 0x7efdd000);
    c = context(1, 1, 0x10000000, (uint64_t)1 << 20);
    uenc_rec_thread_begin(e, t, 0, &c);
    uenc_rec_ins(e, t, 0, 0, 1);
    uenc_rec_app_end(e, t, 3);
    uenc_range(e, 0x400000, 0x40ffff);
    uenc_xml(e, "<Xed><Version>20150121</Version></Xed>");
    uenc_finish(e);
}

void umt_far_trace(uenc *e)
{
    uenc_options o;
    umt_marks m;
    uenc_default_options(&o);
    o.far = (uint64_t)5 << 30;
    umt_full_trace(e, &o, &m);
}

void umt_many_threads_trace(uenc *e)
{
    uenc_options o;
    int32_t t;
    unsigned turn;
    uenc_default_options(&o);
    uenc_init(e, &o);
    umt_trace_instructions(e);
    for (t = 0; t < UMT_MANY_THREADS; t++)
        uenc_thread(e, 200 + t, 0x7efd0000 + 0x1000 * (uint64_t)t);
    for (t = 0; t < UMT_MANY_THREADS; t++)
        uenc_rec_thread_begin(e, t, 0, NULL);
    for (turn = 0; turn < 3; turn++)
        for (t = 0; t < UMT_MANY_THREADS; t++)
            uenc_rec_ins(e, t, 0, turn == 1 ? INS_LEA : INS_MOV,
                         (uint8_t)(t + turn));
    for (t = 1; t < UMT_MANY_THREADS; t++)
        uenc_rec_thread_end(e, t, 0);
    uenc_rec_app_end(e, 0, 0);
    uenc_range(e, 0x400000, 0x40ffff);
    uenc_xml(e, UMT_TRACE_XML);
    uenc_finish(e);
}
