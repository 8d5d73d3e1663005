/*
 * drmem_counts.c - see drmem_counts.h. The categories follow basic_counts:
 * only records the reader shows to tools count; instructions inside
 * kernel syscall traces are kernel instructions; encodings count
 * instructions whose ENCODING records came with them, when the file type
 * has ENCODINGS. A shard with no FILETYPE marker (version 1) has file type
 * -1, which basic_counts tests as having every bit: its report then has
 * the userspace/kernel and hardware-transfer lines too.
 */
#include "drmem_counts.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#define KERNEL_LINES                                                       \
    (TD_DRMEM_FILE_KERNEL_SYSCALLS | TD_DRMEM_FILE_SYSCALL_TEMPLATES |     \
     TD_DRMEM_FILE_KERNEL_SYSCALL_INSTR_ONLY)

void drmem_counts_init(drmem_shard_counts *s, uint32_t index)
{
    memset(s, 0, sizeof *s);
    u64_map_init(&s->c.unique_pcs, 1);
    u64_map_init(&s->tids, 1);
    s->tid = -1;
    s->last_tid = -1;
    s->filetype = -1;
    s->index = index;
}

void drmem_counts_free(drmem_shard_counts *s)
{
    u64_map_free(&s->c.unique_pcs);
    u64_map_free(&s->tids);
}

static bool has_bits(int64_t filetype, uint64_t bits)
{
    return filetype == -1 || ((uint64_t)filetype & bits) != 0;
}

/* Add pc to the unique set, unless the seen filter already knows it. */
static int note_pc(drmem_counters *c, uint64_t pc)
{
    uint64_t *slot = &c->seen[(pc ^ pc >> 12) % DRMEM_SEEN_PCS];
    if (*slot == pc && pc != 0)
        return 0;
    if (u64_map_get(&c->unique_pcs, pc) == NULL)
        return -1;
    *slot = pc;
    return 0;
}

/* Add tid to the shard's threads, unless it is the last event's. */
static int note_tid(drmem_shard_counts *s, int64_t tid)
{
    if (tid == -1 || tid == s->last_tid)
        return 0;
    if (u64_map_get(&s->tids, (uint64_t)tid) == NULL)
        return -1;
    s->last_tid = tid;
    return 0;
}

/* n records of a record type that is an instruction or a memory
 * access, in the kernel or not. */
static void count_records(drmem_counters *c, int type, bool kernel,
                          uint64_t n)
{
    if (td_drmem_type_is_instr(type)) {
        c->n[DC_INSTRS] += n;
        c->n[kernel ? DC_KERNEL_INSTRS : DC_USER_INSTRS] += n;
    } else if (type == TD_DRMEM_INSTR_NO_FETCH) {
        c->n[DC_NOFETCH] += n;
        c->n[kernel ? DC_NOFETCH_KERNEL : DC_NOFETCH_USER] += n;
    } else if (type == TD_DRMEM_READ) {
        c->n[DC_LOADS] += n;
    } else if (type == TD_DRMEM_WRITE) {
        c->n[DC_STORES] += n;
    } else if (type == TD_DRMEM_INSTR_FLUSH) {
        c->n[DC_IFLUSHES] += n;
    } else if (type == TD_DRMEM_DATA_FLUSH) {
        c->n[DC_DFLUSHES] += n;
    } else if (td_drmem_type_is_prefetch(type)) {
        c->n[DC_PREFETCHES] += n;
    }
}

static void count_encodings(drmem_shard_counts *s, uint64_t n)
{
    if (has_bits(s->filetype, TD_DRMEM_FILE_ENCODINGS))
        s->c.n[DC_ENCODINGS] += n;
}

static int count_instr(drmem_shard_counts *s, const td_drmem_event *ev)
{
    count_records(&s->c, ev->type, (ev->flags & TD_DRMEM_KERNEL) != 0, 1);
    if (ev->instr.encoding_is_new)
        count_encodings(s, 1);
    return ev->instr.fetched ? note_pc(&s->c, ev->instr.pc) : 0;
}

int drmem_counts_pcs(drmem_shard_counts *s, td_drmem_tally *t)
{
    size_t i;
    for (i = 0; i < t->pcs_len; i++)
        if (note_pc(&s->c, t->pcs[i]) != 0)
            return -1;
    t->pcs_len = 0;
    return 0;
}

int drmem_counts_tally(drmem_shard_counts *s, td_drmem_tally *t)
{
    int type;
    for (type = 0; type < TD_DRMEM_TYPE_COUNT; type++) {
        count_records(&s->c, type, false, t->records[0][type]);
        count_records(&s->c, type, true, t->records[1][type]);
    }
    count_encodings(s, t->encodings);
    return drmem_counts_pcs(s, t);
}

/* The counter of a marker type; DC_COUNT for none. */
static int marker_counter(int type)
{
    switch (type) {
    case TD_DRMEM_MARKER_TIMESTAMP:
    case TD_DRMEM_MARKER_CPU_ID:
        return DC_SCHED;
    case TD_DRMEM_MARKER_CORE_IDLE:
        return DC_IDLE;
    case TD_DRMEM_MARKER_CORE_WAIT:
        return DC_WAIT;
    case TD_DRMEM_MARKER_KERNEL_EVENT:
    case TD_DRMEM_MARKER_KERNEL_XFER:
        return DC_XFER;
    case TD_DRMEM_MARKER_HARDWARE_EVENT:
    case TD_DRMEM_MARKER_HARDWARE_CONTEXT_RETURN:
        return DC_HW_XFER;
    case TD_DRMEM_MARKER_FUNC_ID:
        return DC_FUNC_ID;
    case TD_DRMEM_MARKER_FUNC_RETADDR:
        return DC_FUNC_RETADDR;
    case TD_DRMEM_MARKER_FUNC_ARG:
        return DC_FUNC_ARG;
    case TD_DRMEM_MARKER_FUNC_RETVAL:
        return DC_FUNC_RETVAL;
    case TD_DRMEM_MARKER_PHYSICAL_ADDRESS:
        return DC_PHYS;
    case TD_DRMEM_MARKER_VIRTUAL_ADDRESS:
        return DC_COUNT; /* counted with its physical address */
    case TD_DRMEM_MARKER_PHYSICAL_ADDRESS_NOT_AVAILABLE:
        return DC_PHYS_UNAVAIL;
    case TD_DRMEM_MARKER_SYSCALL:
        return DC_SYSCALL;
    case TD_DRMEM_MARKER_MAYBE_BLOCKING_SYSCALL:
        return DC_BLOCKING;
    case TD_DRMEM_MARKER_SKIPPED_MEMREF:
        return DC_SKIPPED;
    default:
        return DC_OTHER;
    }
}

static void count_marker(drmem_shard_counts *s, const td_drmem_event *ev)
{
    int counter = marker_counter(ev->marker.type);
    if (ev->marker.type == TD_DRMEM_MARKER_FILETYPE && s->filetype == -1)
        s->filetype = (int64_t)ev->marker.value;
    if (counter != DC_COUNT)
        s->c.n[counter]++;
}

int drmem_counts_event(drmem_shard_counts *s, const td_drmem_event *ev)
{
    if (ev->flags & TD_DRMEM_HIDDEN)
        return 0;
    if (note_tid(s, ev->tid) != 0)
        return -1;
    if (s->tid == -1)
        s->tid = ev->tid;
    switch (ev->kind) {
    case TD_DRMEM_EV_INSTR:
        return count_instr(s, ev);
    case TD_DRMEM_EV_MEMREF:
        count_records(&s->c, ev->type, false, 1);
        return 0;
    case TD_DRMEM_EV_MARKER:
        count_marker(s, ev);
        return 0;
    case TD_DRMEM_EV_THREAD_EXIT:
        s->tid = (int64_t)ev->addr;
        return 0;
    default:
        return 0;
    }
}

/* ---- the report ---------------------------------------------------- */

/* The report's lines, in basic_counts' order: what each counts (a
 * counter, or one of the two sets), when it is printed, and its words. */
enum { LINE_UNIQUE_PCS = DC_COUNT, LINE_THREADS };
enum { ALWAYS, IF_KERNEL, IF_WHOLE_SYSTEM, IF_THREADS };

typedef struct report_line {
    int what;
    int when;
    const char *words;
} report_line;

static const report_line report_lines[] = {
    {DC_INSTRS, ALWAYS, "(fetched) instructions"},
    {LINE_UNIQUE_PCS, ALWAYS, "unique (fetched) instructions"},
    {DC_USER_INSTRS, IF_KERNEL, "userspace instructions"},
    {DC_KERNEL_INSTRS, IF_KERNEL, "kernel instructions"},
    {DC_NOFETCH, ALWAYS, "non-fetched instructions"},
    {DC_NOFETCH_USER, IF_KERNEL, "non-fetched userspace instructions"},
    {DC_NOFETCH_KERNEL, IF_KERNEL, "non-fetched kernel instructions"},
    {DC_PREFETCHES, ALWAYS, "prefetches"},
    {DC_LOADS, ALWAYS, "data loads"},
    {DC_STORES, ALWAYS, "data stores"},
    {DC_IFLUSHES, ALWAYS, "icache flushes"},
    {DC_DFLUSHES, ALWAYS, "dcache flushes"},
    {LINE_THREADS, IF_THREADS, "threads"},
    {DC_SCHED, ALWAYS, "timestamp + cpuid markers"},
    {DC_IDLE, ALWAYS, "idle markers"},
    {DC_WAIT, ALWAYS, "wait markers"},
    {DC_XFER, ALWAYS, "kernel transfer markers"},
    {DC_HW_XFER, IF_WHOLE_SYSTEM, "hardware transfer markers"},
    {DC_FUNC_ID, ALWAYS, "function id markers"},
    {DC_FUNC_RETADDR, ALWAYS, "function return address markers"},
    {DC_FUNC_ARG, ALWAYS, "function argument markers"},
    {DC_FUNC_RETVAL, ALWAYS, "function return value markers"},
    {DC_PHYS, ALWAYS, "physical address + virtual address marker pairs"},
    {DC_PHYS_UNAVAIL, ALWAYS, "physical address unavailable markers"},
    {DC_SYSCALL, ALWAYS, "system call number markers"},
    {DC_BLOCKING, ALWAYS, "blocking system call markers"},
    {DC_SKIPPED, ALWAYS, "skipped memref markers"},
    {DC_OTHER, ALWAYS, "other markers"},
    {DC_ENCODINGS, ALWAYS, "encodings"},
};

static bool printed(const report_line *l, int64_t filetype, uint64_t threads)
{
    return l->when == ALWAYS ||
           (l->when == IF_KERNEL && has_bits(filetype, KERNEL_LINES)) ||
           (l->when == IF_WHOLE_SYSTEM &&
            has_bits(filetype, TD_DRMEM_FILE_WHOLE_SYSTEM)) ||
           (l->when == IF_THREADS && threads > 0);
}

/* Each line: the count right-aligned in 12 columns, the prefix (" total"
 * or nothing), the words. */
static void print_counters(out *o, const drmem_counters *c,
                           int64_t filetype, uint64_t threads,
                           const char *prefix)
{
    size_t i;
    for (i = 0; i < sizeof report_lines / sizeof report_lines[0]; i++) {
        const report_line *l = &report_lines[i];
        if (!printed(l, filetype, threads))
            continue;
        out_u64_width(o, l->what == LINE_UNIQUE_PCS ? c->unique_pcs.count
                         : l->what == LINE_THREADS  ? threads
                                                    : c->n[l->what],
                      12);
        out_str(o, prefix);
        out_char(o, ' ');
        out_str(o, l->words);
        out_char(o, '\n');
    }
}

/* Add every counter of `from` into `to` (unique PCs as a union). */
static int add_counters(drmem_counters *to, const drmem_counters *from)
{
    size_t i, slot = 0;
    uint64_t pc;
    for (i = 0; i < DC_COUNT; i++)
        to->n[i] += from->n[i];
    while (u64_map_next(&from->unique_pcs, &slot, &pc) != NULL)
        if (u64_map_get(&to->unique_pcs, pc) == NULL)
            return -1;
    return 0;
}

static int by_instrs(const void *a, const void *b)
{
    const drmem_shard_counts *x = *(const drmem_shard_counts *const *)a;
    const drmem_shard_counts *y = *(const drmem_shard_counts *const *)b;
    if (x->c.n[DC_INSTRS] != y->c.n[DC_INSTRS])
        return x->c.n[DC_INSTRS] > y->c.n[DC_INSTRS] ? -1 : 1;
    return x->index < y->index ? -1 : x->index > y->index;
}

static bool core_sharded(const drmem_shard_counts *s)
{
    return s->filetype != -1 &&
           ((uint64_t)s->filetype & TD_DRMEM_FILE_CORE_SHARDED) != 0;
}

static void print_shard(out *o, const drmem_shard_counts *s)
{
    bool core = core_sharded(s);
    if (core)
        out_printf(o, "Core %" PRIu32 " counts:\n", s->index);
    else
        out_printf(o, "Thread %" PRId64 " counts:\n", s->tid);
    print_counters(o, &s->c, s->filetype,
                   core || s->tids.count > 1 ? s->tids.count : 0, "");
}

int drmem_counts_print(out *o, drmem_shard_counts *shards, size_t count)
{
    drmem_counters total;
    u64_map threads;
    const drmem_shard_counts **order = malloc((count ? count : 1) *
                                              sizeof *order);
    size_t i, slot;
    uint64_t tid;
    int rc = order == NULL ? -1 : 0;
    memset(&total, 0, sizeof total);
    u64_map_init(&total.unique_pcs, 1);
    u64_map_init(&threads, 1);
    for (i = 0; i < count && rc == 0; i++) {
        rc = add_counters(&total, &shards[i].c);
        for (slot = 0; rc == 0 && u64_map_next(&shards[i].tids, &slot,
                                               &tid) != NULL;)
            rc = u64_map_get(&threads, tid) == NULL ? -1 : 0;
        order[i] = &shards[i];
    }
    if (rc == 0) {
        out_str(o, "Basic counts tool results:\nTotal counts:\n");
        print_counters(o, &total, count ? shards[0].filetype : -1,
                       threads.count, " total");
        qsort(order, count, sizeof *order, by_instrs);
        for (i = 0; i < count; i++)
            print_shard(o, order[i]);
    }
    u64_map_free(&total.unique_pcs);
    u64_map_free(&threads);
    free(order);
    return rc;
}
