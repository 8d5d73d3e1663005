/*
 * jobs.h - the one way the command line uses several cores: work split
 * into numbered tasks (a drmemtrace shard, an XRay buffer range, ...),
 * each done by one of up to N worker threads, and finished one by one in
 * task order by the calling thread. The decoders stay single-threaded:
 * each task runs its own.
 *
 *   task:     0     1     2     3     4  ...
 *   work():   [w0]  [w1]  [w0]  [w1]  ...     any order, in the workers
 *   finish(): 0 --> 1 --> 2 --> 3 --> 4 ...   task order, in the caller
 *
 * Output is the same for every N because everything a task writes goes
 * to its own result, which finish() merges in task order. A task is
 * started only when it is fewer than `window` tasks ahead of the next to
 * finish, so results held at once are bounded whatever the task count.
 * When finish() stops the run (an invalid shard), the tasks already
 * started are waited for and discarded: what is printed is what one
 * worker would have printed.
 *
 * With one worker no thread is made: work() then finish(), task by task,
 * in the calling thread. Fewer workers than asked run when the open-file
 * limit (ulimit -n) leaves no room for two files per worker beside
 * JOBS_FILES_KEPT: a -j above it slows the run down instead of failing it.
 */
#ifndef TRACEDEC_JOBS_H
#define TRACEDEC_JOBS_H

#include <stddef.h>

/* The most workers -j takes. */
#define JOBS_MAX 1024

/* Files left to the rest of the run when the open-file limit caps the
 * workers. */
#define JOBS_FILES_KEPT 16

typedef struct jobs {
    size_t count;      /* tasks 0 .. count-1 */
    int workers;       /* threads that run work(), 1 .. JOBS_MAX */
    size_t window;     /* result slots: tasks started and not finished
                          (at least workers; slot = task % window) */
    void *ctx;
    /* Do task `task` in a worker thread, with worker `worker`'s scratch
     * (0 .. workers-1), storing what it gives in slot `slot`. */
    void (*work)(void *ctx, size_t task, size_t slot, int worker);
    /* In the calling thread, in task order: merge slot `slot` (task
     * `task`) and free it. Returns 0 to go on, nonzero to stop. */
    int (*finish)(void *ctx, size_t task, size_t slot);
    /* Free slot `slot` of a task done after the run stopped. */
    void (*discard)(void *ctx, size_t task, size_t slot);
} jobs;

/* Run the tasks. Returns the first nonzero finish() result, or 0. */
int jobs_run(const jobs *j);

/* The number of online CPUs (at least 1): -j's default. */
int jobs_online_cpus(void);

#endif /* TRACEDEC_JOBS_H */
