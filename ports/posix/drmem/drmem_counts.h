/*
 * drmem_counts.h - what DynamoRIO's basic_counts tool counts, per shard
 * (a trace file: one thread, one core, or a legacy file of several
 * threads), and its report, line for line.
 */
#ifndef TRACEDEC_DRMEM_COUNTS_H
#define TRACEDEC_DRMEM_COUNTS_H

#include <stdbool.h>
#include <stdint.h>

#include "out.h"
#include "tracedec.h"
#include "u64_map.h"

/* The counters, in the order basic_counts prints them. */
enum drmem_counter {
    DC_INSTRS, DC_USER_INSTRS, DC_KERNEL_INSTRS,
    DC_NOFETCH, DC_NOFETCH_USER, DC_NOFETCH_KERNEL,
    DC_PREFETCHES, DC_LOADS, DC_STORES, DC_IFLUSHES, DC_DFLUSHES,
    DC_SCHED, DC_IDLE, DC_WAIT, DC_XFER, DC_HW_XFER,
    DC_FUNC_ID, DC_FUNC_RETADDR, DC_FUNC_ARG, DC_FUNC_RETVAL,
    DC_PHYS, DC_PHYS_UNAVAIL, DC_SYSCALL, DC_BLOCKING, DC_SKIPPED,
    DC_OTHER, DC_ENCODINGS,
    DC_COUNT
};

/* PCs known to be in unique_pcs, by their low bits: most instructions
 * repeat a recent PC, and this spares them the hash set. */
#define DRMEM_SEEN_PCS 4096

typedef struct drmem_counters {
    uint64_t n[DC_COUNT];
    u64_map unique_pcs;
    uint64_t seen[DRMEM_SEEN_PCS]; /* 0: empty (PC 0 takes the set) */
} drmem_counters;

typedef struct drmem_shard_counts {
    drmem_counters c;
    u64_map tids;          /* distinct threads in the shard */
    int64_t tid;           /* the shard's thread (last THREAD_EXIT) */
    int64_t last_tid;      /* the last event's thread, known to be in tids */
    int64_t filetype;      /* -1 until a FILETYPE marker */
    uint32_t index;        /* the shard's position among the files */
} drmem_shard_counts;

void drmem_counts_init(drmem_shard_counts *s, uint32_t index);
void drmem_counts_free(drmem_shard_counts *s);

/* Count one event. Returns 0, or -1 when out of memory. */
int drmem_counts_event(drmem_shard_counts *s, const td_drmem_event *ev);

/* Take the PCs of a tally (td_drmem_tally_next) into the unique set and
 * empty its array. Returns 0, or -1 when out of memory. */
int drmem_counts_pcs(drmem_shard_counts *s, td_drmem_tally *t);

/* At the end of a shard decoded with a tally: its PCs and its records
 * into the counts. Returns 0, or -1 when out of memory. */
int drmem_counts_tally(drmem_shard_counts *s, td_drmem_tally *t);

/* One shard's counts once it is done: what the report prints of it. */
typedef struct drmem_shard_summary {
    uint64_t n[DC_COUNT];
    uint64_t unique_pcs;
    uint64_t threads;      /* distinct threads in the shard */
    int64_t tid;
    int64_t filetype;
    uint32_t index;
} drmem_shard_summary;

/* The counts of the shards folded so far, taken in file order. */
typedef struct drmem_totals {
    uint64_t n[DC_COUNT];
    u64_map unique_pcs;    /* the union of the shards' */
    u64_map threads;
    int64_t filetype;      /* the first shard's */
    size_t shards;
} drmem_totals;

void drmem_totals_init(drmem_totals *t);
void drmem_totals_free(drmem_totals *t);

/* Add the counts of a done shard into t, and write what the report
 * prints of it into *summary; s can be freed then. Returns 0, or -1 when
 * out of memory. */
int drmem_counts_fold(drmem_totals *t, const drmem_shard_counts *s,
                      drmem_shard_summary *summary);

/* "Basic counts tool results:", the totals, then each shard by
 * decreasing instruction count. Returns 0, or -1 when out of memory. */
int drmem_counts_print(out *o, const drmem_totals *t,
                       const drmem_shard_summary *shards, size_t count);

/* The same counts as one JSON object (docs/json.md): every line of the
 * report, for the total and for each shard in file order. */
void drmem_counts_print_json(out *o, const drmem_totals *t,
                             const drmem_shard_summary *shards,
                             size_t count);

#endif /* TRACEDEC_DRMEM_COUNTS_H */
