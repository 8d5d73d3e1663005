/*
 * progress.c - see progress.h.
 */
#include "progress.h"
#include "cli.h"

#include <stdio.h>
#include <time.h>
#include <unistd.h>

/* Seconds of work on an input before the line shows by default, and
 * between two lines on a terminal and elsewhere. */
#define DELAY 2.0
#define TERMINAL_PERIOD 0.5
#define LOG_PERIOD 1.0

/* Seconds on a monotonic clock. */
static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

void progress_init(progress *p, out *o, out *err, int mode, bool prints)
{
    memset(p, 0, sizeof *p);
    p->out = o;
    p->err = err;
    p->terminal = isatty(fileno(err->f)) == 1;
    p->forced = mode == PROGRESS_ON;
    p->on = p->forced || (mode == PROGRESS_AUTO && p->terminal &&
                          !(prints && isatty(STDOUT_FILENO) == 1));
}

void progress_begin(progress *p, const char *path)
{
    p->path = path;
    p->start = p->last = now();
    p->done = p->total = 0;
}

/* A number of bytes as people read it: "736 B", "12.3 MiB". */
static void size_text(char *text, size_t size, double bytes)
{
    static const char *const units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    unsigned u = 0;
    while (bytes >= 1024 && u < 4) {
        bytes /= 1024;
        u++;
    }
    snprintf(text, size, u == 0 ? "%.0f %s" : "%.1f %s", bytes, units[u]);
}

/* The line at time t; `last` when the input is done. */
static void print_line(progress *p, double t, bool last)
{
    double elapsed = t - p->start;
    double rate = elapsed > 0 ? (double)p->done / elapsed : 0;
    char done[32], total[32], speed[32];
    size_text(done, sizeof done, (double)p->done);
    size_text(speed, sizeof speed, rate);
    out_flush(p->out);
    if (p->terminal)
        out_char(p->err, '\r');
    out_printf(p->err, "tracedec: %s: %s", p->path, done);
    if (p->total > 0) {
        size_text(total, sizeof total, (double)p->total);
        out_printf(p->err, " of %s (%u%%)", total,
                   (unsigned)(100 * p->done / p->total));
    }
    out_printf(p->err, ", %s/s", speed);
    if (last)
        out_printf(p->err, ", done in %.1f s", elapsed);
    else if (p->total > 0 && rate > 0)
        out_printf(p->err, ", %.0f s left",
                   (double)(p->total - p->done) / rate);
    if (p->terminal)
        out_str(p->err, "\033[K"); /* the rest of a longer line before */
    if (last || !p->terminal)
        out_char(p->err, '\n');
    out_flush(p->err);
    p->shown = p->terminal && !last;
}

void progress_update(progress *p, uint64_t done, uint64_t total)
{
    double t;
    if (!p->on)
        return;
    p->done = total > 0 && done > total ? total : done;
    p->total = total;
    t = now();
    if (!p->forced && t - p->start < DELAY)
        return;
    if (t - p->last < (p->terminal ? TERMINAL_PERIOD : LOG_PERIOD))
        return;
    p->last = t;
    print_line(p, t, false);
}

void progress_hide(progress *p)
{
    if (!p->shown)
        return;
    out_str(p->err, "\r\033[K");
    out_flush(p->err);
    p->shown = false;
}

void progress_end(progress *p)
{
    if (p->forced)
        print_line(p, now(), true);
    else
        progress_hide(p);
}
