/*
 * umt_encoder.c - see umt_encoder.h. Written from the October 2013 format
 * document and ../shared/spec/umt.md, byte by byte, sharing nothing with
 * src/umt.
 */
#define _POSIX_C_SOURCE 200809L
#include "umt_encoder.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

const char *const uenc_file_names[UF_COUNT] = {
    "exec.vtable",          "exec.offsets",   "exec.prev_next.column",
    "ins.itable",           "syscall.vtable", "syscall.offsets",
    "module.itable",        "thread.itable",  "context_map.itable",
    "address_space.itable", "trace.xml",
};

/* ---- Growable buffers ------------------------------------------------------
 */

static void *grow(void *p, size_t *cap, size_t need)
{
    size_t c = *cap ? *cap : 256;
    if (need <= *cap)
        return p;
    while (c < need)
        c *= 2;
    p = realloc(p, c);
    if (p == NULL) {
        fprintf(stderr, "umt_encoder: out of memory\n");
        exit(1);
    }
    *cap = c;
    return p;
}

static void put(ubuf *b, const void *data, size_t n)
{
    b->data = grow(b->data, &b->cap, b->len + n);
    if (data != NULL)
        memcpy(b->data + b->len, data, n);
    else
        memset(b->data + b->len, 0, n);
    b->len += n;
}

static void put8(ubuf *b, uint8_t v)
{
    put(b, &v, 1);
}

static void put16(ubuf *b, uint16_t v)
{
    uint8_t x[2] = {(uint8_t)v, (uint8_t)(v >> 8)};
    put(b, x, 2);
}

static void put32(ubuf *b, uint32_t v)
{
    put16(b, (uint16_t)v);
    put16(b, (uint16_t)(v >> 16));
}

static void put64(ubuf *b, uint64_t v)
{
    put32(b, (uint32_t)v);
    put32(b, (uint32_t)(v >> 32));
}

static void set64(uint8_t *p, uint64_t v)
{
    int i;
    for (i = 0; i < 8; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static uint64_t get64(const uint8_t *p)
{
    uint64_t v = 0;
    int i;
    for (i = 7; i >= 0; i--)
        v = v << 8 | p[i];
    return v;
}

static void free_buf(ubuf *b)
{
    free(b->data);
    memset(b, 0, sizeof *b);
}

/* ---- Files
 * -------------------------------------------------------------------- */

uint64_t ufile_size(const ufile *f)
{
    return f->far_at ? f->far_at + f->far_len : f->head_len;
}

uint8_t ufile_byte(const ufile *f, uint64_t at)
{
    if (at < f->head_len)
        return f->head[at];
    if (f->far_at && at >= f->far_at && at - f->far_at < f->far_len)
        return f->far[at - f->far_at];
    return 0;
}

void ufile_read(const ufile *f, uint64_t at, uint8_t *out, size_t n)
{
    while (n > 0) {
        if (at < f->head_len) {
            size_t k = f->head_len - at < n ? (size_t)(f->head_len - at) : n;
            memcpy(out, f->head + at, k);
            out += k;
            at += k;
            n -= k;
        } else if (f->far_at && at >= f->far_at) {
            memcpy(out, f->far + (at - f->far_at), n);
            return;
        } else {
            uint64_t end = f->far_at ? f->far_at : at + n;
            size_t k = end - at < n ? (size_t)(end - at) : n;
            memset(out, 0, k);
            out += k;
            at += k;
            n -= k;
        }
    }
}

/* The file from a head buffer and, when far_at, a far buffer. */
static void set_file(ufile *f, ubuf *head, uint64_t far_at, ubuf *far)
{
    f->head = head->data;
    f->head_len = head->len;
    f->head_cap = head->cap;
    memset(head, 0, sizeof *head);
    f->far_at = far_at;
    if (far != NULL) {
        f->far = far->data;
        f->far_len = far->len;
        f->far_cap = far->cap;
        memset(far, 0, sizeof *far);
    }
}

/* ---- Options and setup
 * ---------------------------------------------------------- */

void uenc_default_options(uenc_options *o)
{
    memset(o, 0, sizeof *o);
    o->layout = UENC_AS_BUILT;
    o->exec_version = 1;
    o->ins_version = 1;
    o->ids_version = 1;
    o->ins_row = 64;
    o->module_row = 64;
    o->thread_row = 40;
}

void uenc_init(uenc *e, const uenc_options *o)
{
    memset(e, 0, sizeof *e);
    e->o = *o;
}

void uenc_free(uenc *e)
{
    int i;
    for (i = 0; i < UF_COUNT; i++) {
        free(e->f[i].head);
        free(e->f[i].far);
    }
    free_buf(&e->ins_rows);
    free_buf(&e->ins_extra);
    free_buf(&e->module_rows);
    free_buf(&e->module_extra);
    free_buf(&e->ranges);
    free_buf(&e->records);
    free_buf(&e->offsets);
    free_buf(&e->prev_next);
    free_buf(&e->xml);
    free(e->insv);
    free(e->decoded_fp);
    free(e->disasm_fp);
    memset(e, 0, sizeof *e);
}

/* ---- Strings
 * ------------------------------------------------------------------ */

static void put_length(uenc *e, ubuf *b, size_t n)
{
    if (e->o.layout == UENC_2013)
        put64(b, n);
    else
        put16(b, (uint16_t)n);
}

static void put_cstr(uenc *e, ubuf *b, const char *s)
{
    size_t n = strlen(s);
    put_length(e, b, n);
    put(b, s, n);
    put8(b, 0);
}

static void put_ustr(uenc *e, ubuf *b, const char *s)
{
    size_t n = strlen(s), i;
    put_length(e, b, n);
    for (i = 0; i < n; i++)
        put16(b, (uint8_t)s[i]);
    put16(b, 0);
}

/* ---- Modules, threads, ranges, xml ----------------------------------------
 */

int32_t uenc_module(uenc *e, uint64_t start, uint64_t end,
                    const char *win_name, const char *device_name)
{
    ubuf *r = &e->module_rows;
    size_t row = r->len;
    put64(r, 0);            /* LoadEID */
    put64(r, (uint64_t)-1); /* UnloadEID */
    put64(r, start);
    put64(r, end);
    put64(r, e->module_extra.len); /* relative for now */
    put_ustr(e, &e->module_extra, win_name);
    put64(r, e->module_extra.len);
    put_ustr(e, &e->module_extra, device_name);
    if (e->o.module_row > 48) { /* tool suite 4.0: timestamp, version */
        put64(r, 0x01d0f00dcafe0000u);
        put16(r, 6);
        put16(r, 1);
        put16(r, 7601);
        put16(r, 17514);
    }
    put(r, NULL, e->o.module_row - (r->len - row));
    return (int32_t)e->module_count++;
}

int32_t uenc_thread(uenc *e, int32_t win_tid, uint64_t tib)
{
    uthread *t = &e->threads[e->thread_count];
    memset(t, 0, sizeof *t);
    t->win_tid = win_tid;
    t->tib = tib;
    t->first = -1;
    t->last = -1;
    return (int32_t)e->thread_count++;
}

void uenc_range(uenc *e, uint64_t first, uint64_t last)
{
    put64(&e->ranges, first);
    put64(&e->ranges, last);
    e->range_count++;
}

void uenc_xml(uenc *e, const char *text)
{
    put(&e->xml, text, strlen(text));
}

/* ---- Instructions
 * ------------------------------------------------------------- */

static bool is_memory(uint16_t reg)
{
    return reg == UREG_MEM0 || reg == UREG_MEM1 || reg == UREG_STACKPUSH ||
           reg == UREG_STACKPOP;
}

/* Where each slot's value lies in the record's operand values: one after
 * the other, an address first for memory. */
static uint16_t slot_offset(const uins *u, unsigned j)
{
    unsigned i, at = 0;
    for (i = 0; i < j; i++)
        at += u->slots[i].value_size + (is_memory(u->slots[i].reg) ? 8 : 0);
    return (uint16_t)at;
}

static uint16_t lc_size(const uins *u)
{
    return slot_offset(u, u->lc_count);
}

void uins_init(uins *u, uint64_t address, int32_t module)
{
    static const uint8_t mov[2] = {0x89, 0xd8};
    memset(u, 0, sizeof *u);
    u->type = 0;
    u->cs64 = 0;
    u->code_size = 2;
    memcpy(u->code, mov, 2);
    u->module = module;
    u->address = address;
    u->disasm = "mov eax, ebx";
    u->category = 0x2a;
    u->mnemonic = 0x1cd;
    u->form = 0x3d1;
    u->exp_count = 2;
    u->eff_oper = 4;
    u->eff_addr = 4;
    u->ops[0].reg = UREG_EAX;
    u->ops[0].size = 4;
    u->ops[0].flags = 2;
    u->ops[0].before = 0xff; /* set below: a write-only operand */
    u->ops[1].reg = UREG_EBX;
    u->ops[1].size = 4;
    u->ops[1].flags = 1;
    u->ops[1].before = 0;
    u->ops[1].after = 0xff;
    u->lc_count = 3;
    u->first_out = 1;
    u->first_after = 2;
    u->slots[0].reg = UREG_EBX;
    u->slots[0].largest = UREG_RBX;
    u->slots[0].value_size = 4;
    u->slots[1].reg = UREG_EAX; /* write-only before-value */
    u->slots[1].largest = UREG_RAX;
    u->slots[1].value_size = 4;
    u->slots[2].reg = UREG_EAX;
    u->slots[2].largest = UREG_RAX;
    u->slots[2].value_size = 4;
    u->ops[0].before = 1;
    u->ops[0].after = 2;
    u->mem0_seg = 0xff;
    u->mem0_base = 0xff;
    u->mem0_index = 0xff;
    u->mem1_base = 0xff;
}

static void put_decoded(ubuf *b, const uins *u)
{
    unsigned i;
    put16(b, u->category);
    put16(b, u->mnemonic);
    put16(b, u->form);
    put8(b, u->flags);
    put8(b, u->exp_count);
    for (i = 0; i < 4; i++) {
        put16(b, u->ops[i].reg);
        put16(b, u->ops[i].size);
        put8(b, u->ops[i].flags);
        put8(b, u->ops[i].before);
        put8(b, u->ops[i].after);
        put8(b, u->ops[i].before_off);
        put8(b, u->ops[i].after_off);
        put(b, NULL, 3);
    }
    put8(b, u->eff_oper);
    put8(b, u->eff_addr);
    put16(b, lc_size(u));
    put8(b, u->first_out);
    put8(b, u->first_after);
    put8(b, u->lc_count);
    put8(b, u->mem0_seg);
    put8(b, u->mem0_base);
    put8(b, u->mem0_scale);
    put8(b, u->mem0_index);
    put8(b, u->mem1_base);
    put(b, NULL, 4);
    put64(b, u->consts[0]);
    put64(b, u->consts[1]);
    for (i = 0; i < u->lc_count; i++) {
        put16(b, u->slots[i].reg);
        put16(b, u->slots[i].largest);
        put16(b, u->slots[i].value_size);
        put16(b, slot_offset(u, i));
        put8(b, u->slots[i].addr_width);
        put(b, NULL, 3);
    }
}

/* An earlier copy of these bytes in the extra area, or -1. */
static int64_t find_shared(const uenc *e, const uint8_t *p, size_t n)
{
    size_t at;
    if (!e->o.share_strings || e->ins_extra.len < n)
        return -1;
    for (at = 0; at + n <= e->ins_extra.len; at++)
        if (memcmp(e->ins_extra.data + at, p, n) == 0)
            return (int64_t)at;
    return -1;
}

/* Append (or find) bytes in the extra area; returns their offset. */
static uint64_t extra_item(uenc *e, ubuf *item)
{
    int64_t shared = find_shared(e, item->data, item->len);
    uint64_t at = e->ins_extra.len;
    if (shared >= 0)
        at = (uint64_t)shared;
    else
        put(&e->ins_extra, item->data, item->len);
    free_buf(item);
    return at;
}

int64_t uenc_instruction(uenc *e, const uins *u)
{
    ubuf item = {0};
    ubuf *r = &e->ins_rows;
    size_t row = r->len;
    uint64_t id = e->ins_count++;
    e->insv = grow(e->insv, &e->ins_cap, e->ins_count * sizeof *e->insv);
    {
        size_t cap = e->ins_cap / sizeof *e->insv * sizeof(uint64_t);
        e->decoded_fp = realloc(e->decoded_fp, cap);
        e->disasm_fp = realloc(e->disasm_fp, cap);
    }
    e->insv[id] = *u;
    put_decoded(&item, u);
    e->decoded_fp[id] = extra_item(e, &item);
    put_cstr(e, &item, u->disasm);
    e->disasm_fp[id] = extra_item(e, &item);
    put64(r, id);
    put8(r, u->type);
    put8(r, u->cs64);
    put8(r, u->code_size);
    put8(r, 0);
    put32(r, (uint32_t)u->module);
    put64(r, u->address);
    put(r, u->code, 15);
    put8(r, 0);
    put64(r, e->disasm_fp[id]);
    put64(r, e->decoded_fp[id]);
    put(r, NULL, e->o.ins_row - (r->len - row));
    return (int64_t)id;
}

/* ---- Execution records
 * -------------------------------------------------------- */

static int64_t begin_record(uenc *e, int32_t thread, uint8_t type,
                            uint8_t flags)
{
    uthread *t = &e->threads[thread];
    int64_t eid = (int64_t)e->record_count++;
    put64(&e->offsets, e->flushed + e->records.len);
    put32(&e->records, (uint32_t)thread);
    put8(&e->records, type);
    put8(&e->records, flags);
    /* prev/next: back-patch the thread's previous record */
    if (!e->o.no_prev_next) {
        put64(&e->prev_next, (uint64_t)t->last);
        put64(&e->prev_next, (uint64_t)-1);
        if (t->last >= 0)
            set64(e->prev_next.data + t->last * 16 + 8, (uint64_t)eid);
    }
    if (t->first < 0)
        t->first = eid;
    t->last = eid;
    t->count++;
    return eid;
}

static uint8_t pattern(uint8_t seed, size_t i)
{
    return (uint8_t)(seed * 31 + i * 7 + (i >> 8));
}

static void put_pattern(ubuf *b, uint8_t seed, size_t n)
{
    size_t i;
    b->data = grow(b->data, &b->cap, b->len + n);
    for (i = 0; i < n; i++)
        b->data[b->len + i] = pattern(seed, i);
    b->len += n;
}

int64_t uenc_rec_ins(uenc *e, int32_t thread, uint8_t flags, int64_t ins,
                     uint8_t seed)
{
    const uins *u = &e->insv[ins];
    int64_t eid = begin_record(e, thread, 0, flags);
    unsigned j;
    put64(&e->records, (uint64_t)ins);
    for (j = 0; j < u->lc_count; j++) {
        if (is_memory(u->slots[j].reg))
            put64(&e->records, 0x7ffe0000u + seed * 0x100u + j * 0x10u);
        put_pattern(&e->records, (uint8_t)(seed + j), u->slots[j].value_size);
    }
    return eid;
}

static void put_context(uenc *e, const uctx *c)
{
    static const uctx none = {0, {{0, 0}}, 0};
    uint64_t data;
    unsigned i;
    if (c == NULL)
        c = &none;
    put32(&e->records, c->mem_count);
    put32(&e->records, 0);
    put64(&e->records, 16 + 24 * c->mem_count); /* RegsFP */
    data = 16 + 24 * c->mem_count + UENC_DUMP_SIZE;
    for (i = 0; i < c->mem_count; i++) {
        put64(&e->records, c->mem[i].address);
        put64(&e->records, c->mem[i].size);
        put64(&e->records, data);
        data += c->mem[i].size;
    }
    put_pattern(&e->records, c->seed, UENC_DUMP_SIZE);
    for (i = 0; i < c->mem_count; i++)
        put_pattern(&e->records, (uint8_t)(c->seed + i + 1),
                    (size_t)c->mem[i].size);
}

int64_t uenc_rec_thread_begin(uenc *e, int32_t thread, uint8_t flags,
                              const uctx *c)
{
    int64_t eid = begin_record(e, thread, 1, flags);
    put_context(e, c);
    return eid;
}

int64_t uenc_rec_thread_end(uenc *e, int32_t thread, int32_t code)
{
    int64_t eid = begin_record(e, thread, 2, 0);
    put32(&e->records, (uint32_t)code);
    return eid;
}

int64_t uenc_rec_app_end(uenc *e, int32_t thread, int32_t code)
{
    int64_t eid = begin_record(e, thread, 3, 0);
    put32(&e->records, (uint32_t)code);
    return eid;
}

int64_t uenc_rec_syscall_entry(uenc *e, int32_t thread, uint8_t flags,
                               const usys *s, const uctx *c, int64_t *id)
{
    int64_t eid = begin_record(e, thread, 4, flags);
    usyscall *y = &e->syscalls[e->syscall_count];
    y->d = *s;
    y->begin = eid;
    y->end = -1;
    y->completed = 0;
    *id = e->syscall_count++;
    put64(&e->records, (uint64_t)*id);
    put_context(e, c);
    return eid;
}

int64_t uenc_rec_syscall_exit(uenc *e, int32_t thread, uint8_t flags,
                              int64_t id, uint64_t result, const uctx *c)
{
    int64_t eid = begin_record(e, thread, 5, flags);
    if (id >= 0) {
        e->syscalls[id].end = eid;
        e->syscalls[id].completed = 1;
        e->syscalls[id].d.result = result;
    }
    put64(&e->records, (uint64_t)id);
    put_context(e, c);
    return eid;
}

int64_t uenc_rec_syscall_skipped(uenc *e, int32_t thread, int64_t id)
{
    int64_t eid = begin_record(e, thread, 6, 0);
    e->syscalls[id].end = eid;
    e->syscalls[id].completed = 0;
    put64(&e->records, (uint64_t)id);
    return eid;
}

int64_t uenc_rec_context(uenc *e, int32_t thread, uint8_t type, uint8_t flags,
                         const uctx *c)
{
    int64_t eid = begin_record(e, thread, type, flags);
    put_context(e, c);
    return eid;
}

int64_t uenc_rec_raw(uenc *e, int32_t thread, uint8_t type, uint8_t flags,
                     const uint8_t *data, size_t len)
{
    int64_t eid = begin_record(e, thread, type, flags);
    put(&e->records, data, len);
    return eid;
}

/* ---- The context map
 * --------------------------------------------------------- */

typedef struct ureg {
    uint16_t reg;
    const char *name;
    uint16_t largest;
    int off32, size32, off64, size64; /* -1: absent */
} ureg;

static const ureg registers[] = {
    {UREG_RAX, "rax", UREG_RAX, -1, 0, 0, 8},
    {UREG_RCX, "rcx", UREG_RCX, -1, 0, 8, 8},
    {UREG_RDX, "rdx", UREG_RDX, -1, 0, 16, 8},
    {UREG_RBX, "rbx", UREG_RBX, -1, 0, 24, 8},
    {UREG_RSP, "rsp", UREG_RSP, -1, 0, 32, 8},
    {UREG_RBP, "rbp", UREG_RBP, -1, 0, 40, 8},
    {UREG_RSI, "rsi", UREG_RSI, -1, 0, 48, 8},
    {UREG_RDI, "rdi", UREG_RDI, -1, 0, 56, 8},
    {UREG_R8, "r8", UREG_R8, -1, 0, 64, 8},
    {UREG_R9, "r9", UREG_R9, -1, 0, 72, 8},
    {UREG_RIP, "rip", UREG_RIP, -1, 0, 80, 8},
    {UREG_RFLAGS, "rflags", UREG_RFLAGS, -1, 0, 88, 8},
    {UREG_EAX, "eax", UREG_RAX, 0, 4, 0, 4},
    {UREG_ECX, "ecx", UREG_RCX, 4, 4, 8, 4},
    {UREG_EDX, "edx", UREG_RDX, 8, 4, 16, 4},
    {UREG_EBX, "ebx", UREG_RBX, 12, 4, 24, 4},
    {UREG_ESP, "esp", UREG_RSP, 16, 4, 32, 4},
    {UREG_EBP, "ebp", UREG_RBP, 20, 4, 40, 4},
    {UREG_ESI, "esi", UREG_RSI, 24, 4, 48, 4},
    {UREG_EDI, "edi", UREG_RDI, 28, 4, 56, 4},
    {UREG_EIP, "eip", UREG_RIP, 32, 4, 80, 4},
    {UREG_EFLAGS, "eflags", UREG_RFLAGS, 36, 4, 88, 4},
    {UREG_AX, "ax", UREG_RAX, 0, 2, 0, 2},
    {UREG_AL, "al", UREG_RAX, 0, 1, 0, 1},
    {UREG_AH, "ah", UREG_RAX, 1, 1, 1, 1},
    {UREG_XMM0, "xmm0", UREG_XMM0, 48, 16, 96, 16},
    {UREG_XMM1, "xmm1", UREG_XMM1, 64, 16, 112, 16},
    {UREG_STACKPUSH, "stackpush", UREG_STACKPUSH, -1, 0, -1, 0},
    {UREG_STACKPOP, "stackpop", UREG_STACKPOP, -1, 0, -1, 0},
    {UREG_GS_BASE, "gs_base", UREG_GS_BASE, 84, 4, 136, 8},
    {UREG_FS_BASE, "fs_base", UREG_FS_BASE, 80, 4, 128, 8},
};

static void put_info(uint8_t *p, int offset, int size, uint16_t eff)
{
    p[0] = offset < 0 ? 0xff : (uint8_t)offset;
    p[1] = offset < 0 ? 0xff : (uint8_t)(offset >> 8);
    p[2] = (uint8_t)size;
    p[4] = (uint8_t)eff;
    p[5] = (uint8_t)(eff >> 8);
}

void uenc_context_map(uint8_t out[17424])
{
    unsigned r, i;
    memset(out, 0, 17424);
    out[0] = UENC_DUMP_SIZE;
    out[2] = UREG_COUNT;
    for (r = 0; r < 512; r++) {
        char name[16];
        snprintf(name, sizeof name, "x%02x", r);
        memcpy(out + 1040 + 16 * r, name, strlen(name));
        out[16 + 2 * r] = (uint8_t)(r < UREG_COUNT ? r : 0);
        out[16 + 2 * r + 1] = 0;
        put_info(out + 9232 + 8 * r, -1, 0, 0);
        put_info(out + 13328 + 8 * r, -1, 0, 0);
    }
    for (i = 0; i < sizeof registers / sizeof *registers; i++) {
        const ureg *g = &registers[i];
        uint8_t *name = out + 1040 + 16 * g->reg;
        memset(name, 0, 16);
        memcpy(name, g->name, strlen(g->name));
        out[16 + 2 * g->reg] = (uint8_t)g->largest;
        put_info(out + 9232 + 8 * g->reg, g->off32, g->size32,
                 g->off32 < 0 ? 0 : g->reg);
        put_info(out + 13328 + 8 * g->reg, g->off64, g->size64,
                 g->off64 < 0 ? 0 : g->largest);
    }
}

/* ---- Finishing
 * ------------------------------------------------------------------ */

static void table_header(ubuf *b, uint32_t record_version, uint64_t rows,
                         uint64_t row_size, uint64_t table)
{
    put32(b, 0);
    put32(b, record_version);
    put64(b, rows);
    put64(b, row_size);
    put64(b, table);
}

/* A fixed-size table with an extra area: rows hold extra-relative FPs at
 * the given row offsets, made absolute here when `absolute`. */
static void finish_extra_table(uenc *e, int file, uint32_t version,
                               uint64_t rows, uint64_t row_size, ubuf *table,
                               ubuf *extra, const unsigned *fp_fields,
                               unsigned fp_count, uint64_t *table_at,
                               uint64_t *extra_at)
{
    ubuf head = {0}, far = {0};
    uint64_t extra_fp = 48 + table->len;
    uint64_t r;
    unsigned k;
    if (e->o.far)
        extra_fp = e->o.far;
    for (r = 0; r < rows && fp_count > 0; r++) {
        for (k = 0; k < fp_count; k++) {
            uint8_t *p = table->data + r * row_size + fp_fields[k];
            set64(p, get64(p) + extra_fp);
        }
    }
    table_header(&head, version, rows, row_size, 48);
    put64(&head, extra_fp);
    put64(&head, extra->len);
    put(&head, table->data, table->len);
    if (e->o.far)
        put(&far, extra->data, extra->len);
    else
        put(&head, extra->data, extra->len);
    set_file(&e->f[file], &head, e->o.far, e->o.far ? &far : NULL);
    *table_at = 48;
    *extra_at = extra_fp;
    free_buf(table);
    free_buf(extra);
}

static void finish_exec(uenc *e)
{
    ubuf head = {0}, far = {0}, offsets = {0};
    uint64_t base = e->o.far ? e->o.far : 16, i;
    put32(&head, e->o.exec_version);
    put32(&head, 0);
    put64(&head, e->record_count);
    if (e->o.far)
        put(&far, e->records.data, e->records.len);
    else
        put(&head, e->records.data, e->records.len);
    set_file(&e->f[UF_EXEC_VTABLE], &head, e->o.far, e->o.far ? &far : NULL);
    for (i = 0; i < e->record_count; i++)
        put64(&offsets, base + get64(e->offsets.data + i * 8));
    put64(&offsets, base + e->records.len);
    set_file(&e->f[UF_EXEC_OFFSETS], &offsets, 0, NULL);
    set_file(&e->f[UF_PREV_NEXT], &e->prev_next, 0, NULL);
    e->rec_base = base;
    free_buf(&e->records);
}

static void put_syscall(ubuf *b, const usyscall *y)
{
    unsigned i;
    put16(b, y->d.raw);
    put16(b, y->d.uniform);
    put8(b, y->d.convention);
    put8(b, y->completed);
    put8(b, y->d.arg_count);
    put8(b, y->d.extra_count);
    put64(b, (uint64_t)y->begin);
    put64(b, (uint64_t)y->end);
    put64(b, y->d.before_sp);
    put64(b, y->d.result);
    put64(b, 64);
    put64(b, 64 + 8u * y->d.arg_count);
    put64(b, 0);
    for (i = 0; i < y->d.arg_count; i++)
        put64(b, y->d.args[i]);
    for (i = 0; i < y->d.extra_count; i++)
        put64(b, 0xe0e0e0e000000000u | i);
}

static void finish_syscalls(uenc *e)
{
    ubuf head = {0}, far = {0}, offsets = {0};
    ubuf *body = e->o.far ? &far : &head;
    uint64_t base = e->o.far; /* the head holds the 16-byte header */
    uint64_t sizes[UENC_MAX_SYSCALLS];
    unsigned i;
    put32(&head, 0);
    put32(&head, e->o.ids_version);
    put64(&head, e->syscall_count);
    for (i = 0; i < e->syscall_count; i++) {
        unsigned id = e->o.syscalls_reversed ? e->syscall_count - 1 - i : i;
        size_t before = body->len;
        e->syscall_at[id] = base + body->len;
        put_syscall(body, &e->syscalls[id]);
        sizes[id] = body->len - before;
    }
    for (i = 0; i < e->syscall_count; i++) {
        put64(&offsets, e->syscall_at[i]);
        put64(&offsets, sizes[i]);
    }
    set_file(&e->f[UF_SYSCALL_VTABLE], &head, e->o.far,
             e->o.far ? &far : NULL);
    set_file(&e->f[UF_SYSCALL_OFFSETS], &offsets, 0, NULL);
}

static void finish_threads(uenc *e)
{
    ubuf b = {0};
    unsigned t;
    table_header(&b, 0, e->thread_count, e->o.thread_row, 32);
    for (t = 0; t < e->thread_count; t++) {
        const uthread *h = &e->threads[t];
        size_t row = b.len;
        put32(&b, t);
        put32(&b, (uint32_t)h->win_tid);
        put64(&b, h->tib);
        put64(&b, (uint64_t)h->first);
        put64(&b, h->interrupted ? (uint64_t)-1 : (uint64_t)h->last);
        put64(&b, (uint64_t)h->count);
        put(&b, NULL, e->o.thread_row - (b.len - row));
    }
    e->thread_table = 32;
    set_file(&e->f[UF_THREAD], &b, 0, NULL);
}

static void finish_small(uenc *e)
{
    ubuf b = {0}, map = {0};
    table_header(&b, 0, e->range_count, 16, 32);
    put(&b, e->ranges.data, e->ranges.len);
    e->range_table = 32;
    set_file(&e->f[UF_ADDRESS], &b, 0, NULL);
    put(&map, NULL, 17424);
    uenc_context_map(map.data);
    set_file(&e->f[UF_CONTEXT_MAP], &map, 0, NULL);
    set_file(&e->f[UF_XML], &e->xml, 0, NULL);
    free_buf(&e->ranges);
}

static int write_all(int fd, const uint8_t *p, size_t n)
{
    while (n > 0) {
        ssize_t k = write(fd, p, n);
        if (k <= 0)
            return -1;
        p += k;
        n -= (size_t)k;
    }
    return 0;
}

int uenc_flush_records(uenc *e, int vtable_fd, int offsets_fd)
{
    size_t i;
    for (i = 0; i + 8 <= e->offsets.len; i += 8)
        set64(e->offsets.data + i, get64(e->offsets.data + i) + 16);
    if (write_all(vtable_fd, e->records.data, e->records.len) != 0 ||
        write_all(offsets_fd, e->offsets.data, e->offsets.len) != 0)
        return -1;
    e->flushed += e->records.len;
    e->records.len = 0;
    e->offsets.len = 0;
    return 0;
}

void uenc_finish_tables(uenc *e)
{
    static const unsigned module_fps[2] = {32, 40};
    /* The FPs in ins rows stay relative to ExtraFP; module names are
     * absolute. */
    finish_extra_table(e, UF_INS, e->o.ins_version, e->ins_count, e->o.ins_row,
                       &e->ins_rows, &e->ins_extra, NULL, 0, &e->ins_table,
                       &e->ins_extra_at);
    finish_extra_table(e, UF_MODULE, 0, e->module_count, e->o.module_row,
                       &e->module_rows, &e->module_extra, module_fps, 2,
                       &e->module_table, &e->module_extra_at);
    finish_syscalls(e);
    finish_threads(e);
    finish_small(e);
}

void uenc_finish(uenc *e)
{
    finish_exec(e);
    uenc_finish_tables(e);
    free_buf(&e->offsets);
    e->finished = true;
}

/* ---- After finishing
 * ----------------------------------------------------------- */

static uint8_t *byte_at(uenc *e, int file, uint64_t at)
{
    ufile *f = &e->f[file];
    if (at < f->head_len)
        return f->head + at;
    if (f->far_at && at >= f->far_at && at - f->far_at < f->far_len)
        return f->far + (at - f->far_at);
    fprintf(stderr, "umt_encoder: poke outside %s at %llu\n",
            uenc_file_names[file], (unsigned long long)at);
    exit(1);
}

void uenc_poke8(uenc *e, int file, uint64_t at, uint8_t v)
{
    *byte_at(e, file, at) = v;
}

void uenc_poke16(uenc *e, int file, uint64_t at, uint16_t v)
{
    uenc_poke8(e, file, at, (uint8_t)v);
    uenc_poke8(e, file, at + 1, (uint8_t)(v >> 8));
}

void uenc_poke32(uenc *e, int file, uint64_t at, uint32_t v)
{
    uenc_poke16(e, file, at, (uint16_t)v);
    uenc_poke16(e, file, at + 2, (uint16_t)(v >> 16));
}

void uenc_poke64(uenc *e, int file, uint64_t at, uint64_t v)
{
    uenc_poke32(e, file, at, (uint32_t)v);
    uenc_poke32(e, file, at + 4, (uint32_t)(v >> 32));
}

void uenc_truncate(uenc *e, int file, uint64_t size)
{
    ufile *f = &e->f[file];
    if (f->far_at && size >= f->far_at) {
        f->far_len = (size_t)(size - f->far_at);
        return;
    }
    f->far_at = 0;
    f->far_len = 0;
    if (size < f->head_len)
        f->head_len = (size_t)size;
}

/* Append to one part of a file (its head or its far bytes). */
static void append_part(uint8_t **part, size_t *len, size_t *cap,
                        const void *data, size_t n)
{
    ubuf b;
    b.data = *part;
    b.len = *len;
    b.cap = *cap;
    put(&b, data, n);
    *part = b.data;
    *len = b.len;
    *cap = b.cap;
}

void uenc_append(uenc *e, int file, const void *data, size_t len)
{
    ufile *f = &e->f[file];
    if (f->far_at)
        append_part(&f->far, &f->far_len, &f->far_cap, data, len);
    else
        append_part(&f->head, &f->head_len, &f->head_cap, data, len);
}

static uint64_t le64_at(const ufile *f, uint64_t at)
{
    uint8_t x[8];
    ufile_read(f, at, x, 8);
    return get64(x);
}

uint64_t uenc_record_at(const uenc *e, int64_t eid)
{
    return le64_at(&e->f[UF_EXEC_OFFSETS], (uint64_t)eid * 8);
}

uint64_t uenc_record_size(const uenc *e, int64_t eid)
{
    return uenc_record_at(e, eid + 1) - uenc_record_at(e, eid);
}

uint64_t uenc_ins_row_at(const uenc *e, int64_t id)
{
    return e->ins_table + (uint64_t)id * e->o.ins_row;
}

uint64_t uenc_ins_decoded_at(const uenc *e, int64_t id)
{
    return e->ins_extra_at + e->decoded_fp[id];
}

uint64_t uenc_ins_disasm_at(const uenc *e, int64_t id)
{
    return e->ins_extra_at + e->disasm_fp[id];
}

uint64_t uenc_module_row_at(const uenc *e, int32_t id)
{
    return e->module_table + (uint64_t)id * e->o.module_row;
}

uint64_t uenc_thread_row_at(const uenc *e, int32_t id)
{
    return e->thread_table + (uint64_t)id * e->o.thread_row;
}

int uenc_write_dir(const uenc *e, const char *dir)
{
    char path[4096];
    int i;
    mkdir(dir, 0755);
    for (i = 0; i < UF_COUNT; i++) {
        const ufile *f = &e->f[i];
        int fd;
        snprintf(path, sizeof path, "%s/%s", dir, uenc_file_names[i]);
        fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd < 0)
            return -1;
        if ((f->head_len &&
             write(fd, f->head, f->head_len) != (ssize_t)f->head_len) ||
            (f->far_at && f->far_len &&
             pwrite(fd, f->far, f->far_len, (off_t)f->far_at) !=
                 (ssize_t)f->far_len) ||
            (f->far_at && ftruncate(fd, (off_t)ufile_size(f)) != 0)) {
            close(fd);
            return -1;
        }
        close(fd);
    }
    return 0;
}
