/*
 * report.c - see report.h.
 */
#include "report.h"

#include <string.h>

void cli_fault_from(cli_fault *f, const td_fault *fault)
{
    cli_fault_set(f, fault->code, fault->offset, fault->reason);
}

void cli_fault_set(cli_fault *f, int code, uint64_t offset,
                   const char *reason)
{
    memset(f, 0, sizeof *f);
    f->code = code;
    f->offset = offset;
    f->reason = reason;
}

/* Standard output's bytes go first, the progress line goes away; the
 * line goes out at once. */
static out *begin(const cli *c)
{
    out_flush(c->out);
    progress_hide(c->progress);
    return c->err;
}

static void place(out *e, const char *path, const cli_fault *f)
{
    out_str(e, path);
    if (f->file != NULL) {
        out_char(e, '/');
        out_str(e, f->file);
    }
    out_field_u64(e, ":", f->offset);
    out_str(e, ": ");
}

void report_error(const cli *c, const char *path, const cli_fault *f)
{
    out *e = begin(c);
    place(e, path, f);
    out_str(e, td_error_name(f->code));
    out_str(e, ": ");
    out_str(e, f->reason != NULL ? f->reason : td_error_text(f->code));
    out_str(e, f->detail);
    out_char(e, '\n');
    out_flush(e);
}

void report_warning(const cli *c, const char *path, const cli_fault *w)
{
    out *e = begin(c);
    place(e, path, w);
    out_str(e, "warning ");
    out_str(e, td_warning_name(w->code));
    out_str(e, ": ");
    out_str(e, w->reason != NULL ? w->reason : td_warning_text(w->code));
    out_char(e, '\n');
    out_flush(e);
}

void report_path_problem(const cli *c, const char *path,
                         const char *message)
{
    out *e = begin(c);
    out_str(e, "tracedec: ");
    out_str(e, path);
    out_str(e, ": ");
    out_str(e, message);
    out_char(e, '\n');
    out_flush(e);
}

void report_problem(const cli *c, const char *message)
{
    out *e = begin(c);
    out_str(e, "tracedec: ");
    out_str(e, message);
    out_char(e, '\n');
    out_flush(e);
}
