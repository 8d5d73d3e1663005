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
#include "json.h"

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
 * counter, or one of the two sets), when it is printed, its words, and
 * its key in `stat --json` (which has every line). */
enum { LINE_UNIQUE_PCS = DC_COUNT, LINE_THREADS };
enum { ALWAYS, IF_KERNEL, IF_WHOLE_SYSTEM, IF_THREADS };

typedef struct report_line {
    int what;
    int when;
    const char *words;
    const char *key;
} report_line;

static const report_line report_lines[] = {
    {DC_INSTRS, ALWAYS, "(fetched) instructions",
     "instructions"},
    {LINE_UNIQUE_PCS, ALWAYS, "unique (fetched) instructions",
     "unique_instructions"},
    {DC_USER_INSTRS, IF_KERNEL, "userspace instructions",
     "user_instructions"},
    {DC_KERNEL_INSTRS, IF_KERNEL, "kernel instructions",
     "kernel_instructions"},
    {DC_NOFETCH, ALWAYS, "non-fetched instructions",
     "non_fetched_instructions"},
    {DC_NOFETCH_USER, IF_KERNEL, "non-fetched userspace instructions",
     "non_fetched_user_instructions"},
    {DC_NOFETCH_KERNEL, IF_KERNEL, "non-fetched kernel instructions",
     "non_fetched_kernel_instructions"},
    {DC_PREFETCHES, ALWAYS, "prefetches",
     "prefetches"},
    {DC_LOADS, ALWAYS, "data loads",
     "data_loads"},
    {DC_STORES, ALWAYS, "data stores",
     "data_stores"},
    {DC_IFLUSHES, ALWAYS, "icache flushes",
     "icache_flushes"},
    {DC_DFLUSHES, ALWAYS, "dcache flushes",
     "dcache_flushes"},
    {LINE_THREADS, IF_THREADS, "threads",
     "threads"},
    {DC_SCHED, ALWAYS, "timestamp + cpuid markers",
     "timestamp_cpuid_markers"},
    {DC_IDLE, ALWAYS, "idle markers",
     "idle_markers"},
    {DC_WAIT, ALWAYS, "wait markers",
     "wait_markers"},
    {DC_XFER, ALWAYS, "kernel transfer markers",
     "kernel_transfer_markers"},
    {DC_HW_XFER, IF_WHOLE_SYSTEM, "hardware transfer markers",
     "hardware_transfer_markers"},
    {DC_FUNC_ID, ALWAYS, "function id markers",
     "function_id_markers"},
    {DC_FUNC_RETADDR, ALWAYS, "function return address markers",
     "function_return_address_markers"},
    {DC_FUNC_ARG, ALWAYS, "function argument markers",
     "function_argument_markers"},
    {DC_FUNC_RETVAL, ALWAYS, "function return value markers",
     "function_return_value_markers"},
    {DC_PHYS, ALWAYS, "physical address + virtual address marker pairs",
     "physical_virtual_address_pairs"},
    {DC_PHYS_UNAVAIL, ALWAYS, "physical address unavailable markers",
     "physical_address_unavailable_markers"},
    {DC_SYSCALL, ALWAYS, "system call number markers",
     "system_call_markers"},
    {DC_BLOCKING, ALWAYS, "blocking system call markers",
     "blocking_system_call_markers"},
    {DC_SKIPPED, ALWAYS, "skipped memref markers",
     "skipped_memref_markers"},
    {DC_OTHER, ALWAYS, "other markers",
     "other_markers"},
    {DC_ENCODINGS, ALWAYS, "encodings",
     "encodings"},
};

static bool printed(const report_line *l, int64_t filetype, uint64_t threads)
{
    return l->when == ALWAYS ||
           (l->when == IF_KERNEL && has_bits(filetype, KERNEL_LINES)) ||
           (l->when == IF_WHOLE_SYSTEM &&
            has_bits(filetype, TD_DRMEM_FILE_WHOLE_SYSTEM)) ||
           (l->when == IF_THREADS && threads > 0);
}

/* What a line counts: n[] (a shard's or the total), with its unique
 * PCs and threads. */
static uint64_t line_value(const report_line *l, const uint64_t *n,
                           uint64_t unique_pcs, uint64_t threads)
{
    return l->what == LINE_UNIQUE_PCS ? unique_pcs
           : l->what == LINE_THREADS  ? threads
                                      : n[l->what];
}

/* Each line: the count right-aligned in 12 columns, the prefix (" total"
 * or nothing), the words. `threads` is 0 when the thread line is left
 * out. */
static void print_counters(out *o, const uint64_t *n, uint64_t unique_pcs,
                           int64_t filetype, uint64_t threads,
                           const char *prefix)
{
    size_t i;
    for (i = 0; i < sizeof report_lines / sizeof report_lines[0]; i++) {
        const report_line *l = &report_lines[i];
        if (!printed(l, filetype, threads))
            continue;
        out_u64_width(o, line_value(l, n, unique_pcs, threads), 12);
        out_str(o, prefix);
        out_char(o, ' ');
        out_str(o, l->words);
        out_char(o, '\n');
    }
}

/* Every line, by its key. */
static void json_counters(json *j, const uint64_t *n, uint64_t unique_pcs,
                          uint64_t threads)
{
    size_t i;
    for (i = 0; i < sizeof report_lines / sizeof report_lines[0]; i++)
        json_u64(j, report_lines[i].key,
                 line_value(&report_lines[i], n, unique_pcs, threads));
}

void drmem_totals_init(drmem_totals *t)
{
    memset(t, 0, sizeof *t);
    u64_map_init(&t->unique_pcs, 1);
    u64_map_init(&t->threads, 1);
    t->filetype = -1;
}

void drmem_totals_free(drmem_totals *t)
{
    u64_map_free(&t->unique_pcs);
    u64_map_free(&t->threads);
}

/* Every key of `from` into the set `to`. Returns 0, or -1 when out of
 * memory. */
static int add_keys(u64_map *to, const u64_map *from)
{
    size_t slot = 0;
    uint64_t key;
    while (u64_map_next(from, &slot, &key) != NULL)
        if (u64_map_get(to, key) == NULL)
            return -1;
    return 0;
}

int drmem_counts_fold(drmem_totals *t, const drmem_shard_counts *s,
                      drmem_shard_summary *summary)
{
    size_t i;
    memcpy(summary->n, s->c.n, sizeof summary->n);
    summary->unique_pcs = s->c.unique_pcs.count;
    summary->threads = s->tids.count;
    summary->tid = s->tid;
    summary->filetype = s->filetype;
    summary->index = s->index;
    if (t->shards++ == 0)
        t->filetype = s->filetype;
    for (i = 0; i < DC_COUNT; i++)
        t->n[i] += s->c.n[i];
    if (add_keys(&t->unique_pcs, &s->c.unique_pcs) != 0)
        return -1;
    return add_keys(&t->threads, &s->tids);
}

static int by_instrs(const void *a, const void *b)
{
    const drmem_shard_summary *x = *(const drmem_shard_summary *const *)a;
    const drmem_shard_summary *y = *(const drmem_shard_summary *const *)b;
    if (x->n[DC_INSTRS] != y->n[DC_INSTRS])
        return x->n[DC_INSTRS] > y->n[DC_INSTRS] ? -1 : 1;
    return x->index < y->index ? -1 : x->index > y->index;
}

static bool core_sharded(const drmem_shard_summary *s)
{
    return s->filetype != -1 &&
           ((uint64_t)s->filetype & TD_DRMEM_FILE_CORE_SHARDED) != 0;
}

static void print_shard(out *o, const drmem_shard_summary *s)
{
    bool core = core_sharded(s);
    if (core)
        out_printf(o, "Core %" PRIu32 " counts:\n", s->index);
    else
        out_printf(o, "Thread %" PRId64 " counts:\n", s->tid);
    print_counters(o, s->n, s->unique_pcs, s->filetype,
                   core || s->threads > 1 ? s->threads : 0, "");
}

int drmem_counts_print(out *o, const drmem_totals *t,
                       const drmem_shard_summary *shards, size_t count)
{
    const drmem_shard_summary **order = malloc((count ? count : 1) *
                                               sizeof *order);
    size_t i;
    if (order == NULL)
        return -1;
    out_str(o, "Basic counts tool results:\nTotal counts:\n");
    print_counters(o, t->n, t->unique_pcs.count, t->filetype,
                   t->threads.count, " total");
    for (i = 0; i < count; i++)
        order[i] = &shards[i];
    qsort(order, count, sizeof *order, by_instrs);
    for (i = 0; i < count; i++)
        print_shard(o, order[i]);
    free(order);
    return 0;
}

void drmem_counts_print_json(out *o, const drmem_totals *t,
                             const drmem_shard_summary *shards,
                             size_t count)
{
    json j;
    size_t i;
    json_begin(&j, o, "drmemtrace");
    if (t->filetype == -1)
        json_null(&j, "file_type");
    else
        json_u64(&j, "file_type", (uint64_t)t->filetype);
    json_open(&j, "total", '{');
    json_counters(&j, t->n, t->unique_pcs.count, t->threads.count);
    json_close(&j, '{');
    json_open(&j, "shards", '[');
    for (i = 0; i < count; i++) {
        json_open(&j, NULL, '{');
        json_u64(&j, "shard", shards[i].index);
        json_i64(&j, "tid", shards[i].tid);
        json_bool(&j, "core_sharded", core_sharded(&shards[i]));
        json_counters(&j, shards[i].n, shards[i].unique_pcs,
                      shards[i].threads);
        json_close(&j, '{');
    }
    json_close(&j, '[');
    json_end(&j);
}
