/*
 * drmem_interleave.c - dump --interleave: the shards of a drmemtrace
 * directory as one stream in timestamp order, the order DynamoRIO's
 * analyzers see in serial mode. A shard runs until its next TIMESTAMP
 * marker; then the shard whose next timestamp is the smallest (the lower
 * shard number on a tie) goes on, starting with that marker.
 *
 * Technique. First each shard is decoded up to its first TIMESTAMP (a
 * peek: the decoder is then dropped; a shard without one goes after all
 * others). A binary heap keyed by (next timestamp, shard) picks the next
 * shard. A shard's decoder lives from its first turn to its end; between
 * turns it is paused at the event after its TIMESTAMP, which is kept and
 * given first at the next turn, and its file is closed (host_park: the
 * bytes the decoder holds stay in memory), so one file is open at a time
 * whatever the shard count. Memory: one decoder, window and 64 KiB read
 * chunk per shard between its first and last turn.
 *
 *   peek every shard -> heap -> pop shard S -> [switch?] -> run S until
 *        ^                                                 its next TIMESTAMP
 *        |                                                 or its end
 *        +------ push S back with that TIMESTAMP <---------+
 */
#include "drmem_interleave.h"
#include "drmem_print.h"
#include "drmem_shard.h"
#include "drmem_view.h"
#include "driver.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The read chunk of a shard between its turns. */
#define LANE_CHUNK ((size_t)64 << 10)

/* A shard in the stream. */
typedef struct lane {
    drmem_shard *shard;        /* from its first turn to its end */
    host *input;
    uint64_t next_timestamp;   /* UINT64_MAX: none (after every other) */
    td_drmem_event pending;    /* the TIMESTAMP its next turn starts with */
    bool has_pending;
    bool timestamp_given;      /* in this turn */
    uint64_t records, instrs;  /* its ordinals so far */
} lane;

typedef struct interleave {
    const cli *c;
    const shard_list *shards;
    lane *lanes;
    size_t *heap;              /* shard numbers */
    size_t heap_len;
    lane *running;
    bool peeking;
    bool paused;               /* the running shard stopped at a TIMESTAMP */
    drmem_view view;           /* --style=drcachesim */
    bool view_style;
    uint64_t records, instrs;  /* the stream's ordinals */
} interleave;

/* ---- The heap: the shard to run next --------------------------------- */

static bool before(const interleave *it, size_t a, size_t b)
{
    const lane *x = &it->lanes[a], *y = &it->lanes[b];
    if (x->next_timestamp != y->next_timestamp)
        return x->next_timestamp < y->next_timestamp;
    return a < b;
}

static void swap(size_t *heap, size_t i, size_t j)
{
    size_t t = heap[i];
    heap[i] = heap[j];
    heap[j] = t;
}

static void heap_push(interleave *it, size_t shard)
{
    size_t i = it->heap_len++;
    it->heap[i] = shard;
    while (i > 0 && before(it, it->heap[i], it->heap[(i - 1) / 2])) {
        swap(it->heap, i, (i - 1) / 2);
        i = (i - 1) / 2;
    }
}

static size_t heap_pop(interleave *it)
{
    size_t top = it->heap[0], i = 0, child;
    it->heap[0] = it->heap[--it->heap_len];
    while ((child = 2 * i + 1) < it->heap_len) {
        if (child + 1 < it->heap_len &&
            before(it, it->heap[child + 1], it->heap[child]))
            child++;
        if (!before(it, it->heap[child], it->heap[i]))
            break;
        swap(it->heap, i, child);
        i = child;
    }
    return top;
}

/* ---- Events ------------------------------------------------------------ */

/* An event of the running shard, with the stream's ordinals, printed. */
static int print(interleave *it, const td_drmem_event *event)
{
    lane *l = it->running;
    td_drmem_event ev = *event;
    it->records += ev.record_ordinal - l->records;
    it->instrs += ev.instr_ordinal - l->instrs;
    l->records = ev.record_ordinal;
    l->instrs = ev.instr_ordinal;
    ev.record_ordinal = it->records;
    ev.instr_ordinal = it->instrs;
    if (it->view_style)
        return drmem_view_event(&it->view, &ev);
    drmem_native_line(it->c->out, &ev);
    return 0;
}

static bool is_timestamp(const td_drmem_event *ev)
{
    return ev->kind == TD_DRMEM_EV_MARKER &&
           ev->marker.type == TD_DRMEM_MARKER_TIMESTAMP &&
           !(ev->flags & TD_DRMEM_HIDDEN);
}

/* The driver's consumer: events up to the turn's second TIMESTAMP, which
 * ends the turn (kept for the next). */
static int consume(void *ctx, const void *event)
{
    interleave *it = ctx;
    const td_drmem_event *ev = event;
    lane *l = it->running;
    if (!is_timestamp(ev))
        return it->peeking ? 0 : print(it, ev);
    if (it->peeking || l->timestamp_given) {
        l->next_timestamp = ev->marker.value;
        l->pending = *ev;
        l->has_pending = !it->peeking;
        it->paused = true;
        return DRIVER_STOP;
    }
    l->timestamp_given = true;
    return print(it, ev);
}

/* ---- Turns --------------------------------------------------------------- */

static void end_lane(lane *l)
{
    if (l->input != NULL)
        host_close(l->input);
    free(l->input);
    free(l->shard);
    l->input = NULL;
    l->shard = NULL;
}

/* Open shard `index` and prepare its decoder. Returns 0 or an exit
 * status, having said why. */
static int start_lane(interleave *it, size_t index)
{
    lane *l = &it->lanes[index];
    const char *path = it->shards->paths[index];
    l->input = calloc(1, sizeof *l->input);
    l->shard = malloc(sizeof *l->shard);
    if (l->input == NULL || l->shard == NULL) {
        report_problem(it->c, "out of memory");
        return EXIT_USAGE;
    }
    if (host_open(l->input, path, it->c->opt.io) != 0) {
        report_path_problem(it->c, path, l->input->error);
        return EXIT_USAGE;
    }
    return drmem_shard_start(l->shard, it->c, l->input, path);
}

/* Decode the running shard until its turn ends. Returns an exit status. */
static int run_turn(interleave *it, size_t index)
{
    lane *l = &it->lanes[index];
    td_drmem_event ev;
    driver d;
    it->running = l;
    it->paused = false;
    l->timestamp_given = false;
    if (l->has_pending) {
        l->has_pending = false;
        if (consume(it, &l->pending) != 0) {
            report_problem(it->c, "out of memory");
            return EXIT_USAGE;
        }
    }
    driver_init(&d, it->c, decoder_of(DECODER_DRMEM_FILE, &l->shard->f),
                &ev, l->input, it->shards->paths[index]);
    return driver_run(&d, consume, it);
}

/* Every shard up to its first TIMESTAMP, onto the heap. Returns an exit
 * status. */
static int peek_all(interleave *it)
{
    size_t i;
    int status = EXIT_VALID;
    it->peeking = true;
    for (i = 0; i < it->shards->count && status == EXIT_VALID; i++) {
        it->lanes[i].next_timestamp = UINT64_MAX;
        status = start_lane(it, i);
        if (status == EXIT_VALID)
            status = run_turn(it, i);
        end_lane(&it->lanes[i]);
        it->lanes[i].records = it->lanes[i].instrs = 0;
        heap_push(it, i);
    }
    it->peeking = false;
    return status;
}

/* Where the stream moves to another shard: the native dump names it. */
static void switch_to(interleave *it, size_t index, size_t previous)
{
    if (previous < it->shards->count && it->lanes[previous].input != NULL)
        host_park(it->lanes[previous].input, LANE_CHUNK);
    if (!it->view_style)
        out_printf(it->c->out, "# shard %zu %s\n", index,
                   it->shards->paths[index]);
}

/* The turns, until every shard has ended. Returns an exit status. */
static int run_turns(interleave *it)
{
    size_t index, previous = SIZE_MAX;
    int status = EXIT_VALID;
    while (it->heap_len > 0 && status == EXIT_VALID) {
        index = heap_pop(it);
        if (index != previous)
            switch_to(it, index, previous);
        if (it->lanes[index].shard == NULL)
            status = start_lane(it, index);
        if (status == EXIT_VALID)
            status = run_turn(it, index);
        if (status == EXIT_VALID && it->paused)
            heap_push(it, index);
        else
            end_lane(&it->lanes[index]);
        previous = index;
    }
    return status;
}

int drmem_interleave(const cli *c, const shard_list *shards)
{
    interleave it;
    size_t i;
    int status;
    memset(&it, 0, sizeof it);
    it.c = c;
    it.shards = shards;
    it.view_style = strcmp(c->opt.style, "drcachesim") == 0;
    it.lanes = calloc(shards->count, sizeof *it.lanes);
    it.heap = calloc(shards->count, sizeof *it.heap);
    if (it.lanes == NULL || it.heap == NULL) {
        free(it.lanes);
        free(it.heap);
        report_problem(c, "out of memory");
        return EXIT_USAGE;
    }
    if (it.view_style) {
        drmem_view_init(&it.view, c->out);
        drmem_view_serial(&it.view);
    }
    status = peek_all(&it);
    if (status == EXIT_VALID)
        status = run_turns(&it);
    if (status == EXIT_VALID && it.view_style)
        drmem_view_finish(&it.view);
    else if (it.view_style)
        drmem_view_free(&it.view);
    for (i = 0; i < shards->count; i++)
        end_lane(&it.lanes[i]);
    free(it.lanes);
    free(it.heap);
    return status;
}
