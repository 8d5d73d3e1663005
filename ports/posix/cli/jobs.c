/*
 * jobs.c - see jobs.h. One lock guards the pool: the next task to start,
 * the next to finish, which slots hold a finished work(), and whether the
 * run stopped. Workers take the next task while it is inside the window;
 * the caller waits for the next task in order, finishes it, and moves the
 * window on.
 */
#include "jobs.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <unistd.h>

typedef struct pool {
    const jobs *j;
    pthread_mutex_t lock;
    pthread_cond_t changed;   /* a task was done, or the window moved */
    size_t next_start;
    size_t next_finish;
    bool stopped;
    bool *done;               /* per slot: its work() has returned */
} pool;

typedef struct worker {
    pool *p;
    int index;
    pthread_t thread;
} worker;

int jobs_online_cpus(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > JOBS_MAX ? JOBS_MAX : (int)n;
}

/* Workers that fit the open-file limit: each may hold up to two files,
 * and JOBS_FILES_KEPT stay for the rest of the run (standard streams, the
 * input main() opened). */
static int fitting_workers(int workers)
{
    struct rlimit r;
    rlim_t room;
    if (getrlimit(RLIMIT_NOFILE, &r) != 0 || r.rlim_cur == RLIM_INFINITY)
        return workers;
    room = r.rlim_cur > JOBS_FILES_KEPT ? (r.rlim_cur - JOBS_FILES_KEPT) / 2
                                        : 0;
    return room < (rlim_t)workers ? (int)room : workers;
}

/* Whether a worker may start the next task (the lock held). */
static bool may_start(const pool *p)
{
    return p->next_start < p->j->count &&
           p->next_start < p->next_finish + p->j->window;
}

static void *worker_main(void *arg)
{
    worker *w = arg;
    pool *p = w->p;
    size_t task;
    pthread_mutex_lock(&p->lock);
    for (;;) {
        while (!p->stopped && p->next_start < p->j->count && !may_start(p))
            pthread_cond_wait(&p->changed, &p->lock);
        if (p->stopped || p->next_start >= p->j->count)
            break;
        task = p->next_start++;
        pthread_mutex_unlock(&p->lock);
        p->j->work(p->j->ctx, task, task % p->j->window, w->index);
        pthread_mutex_lock(&p->lock);
        p->done[task % p->j->window] = true;
        pthread_cond_broadcast(&p->changed);
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

/* Every task in the calling thread, in order. */
static int run_inline(const jobs *j)
{
    size_t task;
    int rc = 0;
    for (task = 0; task < j->count && rc == 0; task++) {
        j->work(j->ctx, task, task % j->window, 0);
        rc = j->finish(j->ctx, task, task % j->window);
    }
    return rc;
}

/* Wait for each task in order and finish it; stop at the first nonzero
 * finish(). Returns it, or 0. */
static int finish_in_order(pool *p)
{
    const jobs *j = p->j;
    size_t task, slot;
    int rc = 0;
    for (task = 0; task < j->count && rc == 0; task++) {
        slot = task % j->window;
        pthread_mutex_lock(&p->lock);
        while (!p->done[slot])
            pthread_cond_wait(&p->changed, &p->lock);
        p->done[slot] = false;
        pthread_mutex_unlock(&p->lock);
        rc = j->finish(j->ctx, task, slot);
        pthread_mutex_lock(&p->lock);
        p->next_finish = task + 1;
        p->stopped = rc != 0;
        pthread_cond_broadcast(&p->changed);
        pthread_mutex_unlock(&p->lock);
    }
    return rc;
}

/* Start up to `workers` threads; returns how many started. */
static int start_workers(pool *p, worker *w, int workers)
{
    int i;
    for (i = 0; i < workers; i++) {
        w[i].p = p;
        w[i].index = i;
        if (pthread_create(&w[i].thread, NULL, worker_main, &w[i]) != 0)
            break;
    }
    return i;
}

int jobs_run(const jobs *j)
{
    pool p = {0};
    worker *w;
    size_t task;
    int started, i, rc, workers = fitting_workers(j->workers);
    if (workers <= 1 || j->count <= 1)
        return run_inline(j);
    p.j = j;
    p.done = calloc(j->window, sizeof *p.done);
    w = calloc((size_t)workers, sizeof *w);
    if (p.done == NULL || w == NULL) {
        free(p.done);
        free(w);
        return run_inline(j);
    }
    pthread_mutex_init(&p.lock, NULL);
    pthread_cond_init(&p.changed, NULL);
    started = start_workers(&p, w, workers);
    rc = started == 0 ? run_inline(j) : finish_in_order(&p);
    for (i = 0; i < started; i++)
        pthread_join(w[i].thread, NULL);
    for (task = p.next_finish; task < p.next_start; task++)
        j->discard(j->ctx, task, task % j->window);
    pthread_cond_destroy(&p.changed);
    pthread_mutex_destroy(&p.lock);
    free(p.done);
    free(w);
    return rc;
}
