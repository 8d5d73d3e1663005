/*
 * drmem_preamble.c - the records that frame a thread's stream: HEADER
 * (version), THREAD, PID, THREAD_EXIT and FOOTER, and the checks on the
 * version and the file type.
 *
 *   stream := HEADER marker* THREAD marker* PID body THREAD_EXIT FOOTER
 *
 * DynamoRIO's reader accepts any markers between HEADER and PID (VERSION,
 * FILETYPE, CACHE_LINE_SIZE, ..., and in old traces TIMESTAMP) but no other
 * record. A THREAD (with a PID) may also come in the body: legacy files
 * interleave threads that way, and core-sharded files switch threads in.
 * Core-sharded files and template files hold several streams: a HEADER or
 * records after a FOOTER start the next one.
 */
#include "drmem_internal.h"

#define ARCH_BITS                                                          \
    (TD_DRMEM_FILE_ARCH_AARCH64 | TD_DRMEM_FILE_ARCH_ARM32 |               \
     TD_DRMEM_FILE_ARCH_X86_32 | TD_DRMEM_FILE_ARCH_X86_64)

bool tdi_drmem_restarts_allowed(const td_drmem_decoder *d)
{
    return (d->filetype & (TD_DRMEM_FILE_CORE_SHARDED |
                           TD_DRMEM_FILE_SYSCALL_TEMPLATES)) != 0;
}

static int bad_filetype(td_drmem_decoder *d, uint64_t at, const char *why)
{
    return tdi_fail(&d->fault, TD_E_DRMEM_FILETYPE, at, why);
}

int tdi_drmem_check_filetype(td_drmem_decoder *d, uint64_t value, uint64_t at)
{
    uint64_t arch = value & ARCH_BITS;
    bool regdeps = (value & TD_DRMEM_FILE_ARCH_REGDEPS) != 0;
    if (value > UINT32_MAX)
        return bad_filetype(d, at, TDI_REASON("file type bits beyond the "
                                             "32 that exist"));
    if (d->has_filetype && value != d->filetype)
        return bad_filetype(d, at, TDI_REASON("FILETYPE differs from the "
                                             "stream's first one"));
    if (regdeps && arch != 0)
        return bad_filetype(d, at, TDI_REASON("ARCH_REGDEPS combined with a "
                                             "real architecture"));
    if (!regdeps && (arch == 0 || (arch & (arch - 1)) != 0))
        return bad_filetype(d, at, TDI_REASON("FILETYPE names no "
                                             "architecture or several"));
    if ((value & TD_DRMEM_FILE_WHOLE_SYSTEM) &&
        (value & TD_DRMEM_FILE_KERNEL_SYSCALLS))
        return bad_filetype(d, at, TDI_REASON("WHOLE_SYSTEM and "
                                             "KERNEL_SYSCALLS together"));
    d->filetype = (uint32_t)value;
    d->has_filetype = 1;
    return TD_OK;
}

static int header_record(td_drmem_decoder *d, const drmem_record *r,
                         uint64_t at, td_drmem_event *ev)
{
    if (r->addr < 1 || r->addr > TD_DRMEM_LATEST_VERSION)
        return tdi_fail(&d->fault, TD_E_DRMEM_VERSION, at,
                       TDI_REASON("trace version is not 1 to 7"));
    if (d->state != DS_FIRST) {
        if (!tdi_drmem_restarts_allowed(d))
            return tdi_fail(&d->fault, TD_E_DRMEM_HEADER, at,
                           TDI_REASON("a second HEADER in a file that is "
                                     "neither core-sharded nor a template"));
        if (r->addr != d->version)
            return tdi_fail(&d->fault, TD_E_DRMEM_VERSION, at,
                           TDI_REASON("the version differs from the file's "
                                     "first HEADER"));
    }
    d->version = (uint8_t)r->addr;
    d->state = DS_PREAMBLE;
    d->tid = -1;
    d->pid = -1;
    d->timestamp = 0;
    d->thread_exited = 0;
    tdi_drmem_event_base(d, ev, r, at, TD_DRMEM_EV_HEADER);
    ev->flags |= TD_DRMEM_HIDDEN;
    ev->header.version = d->version;
    return TD_EVENT;
}

static int pid_record(td_drmem_decoder *d, const drmem_record *r,
                      uint64_t at, td_drmem_event *ev)
{
    if (d->state == DS_PREAMBLE) {
        if (d->tid == -1)
            return tdi_fail(&d->fault, TD_E_DRMEM_HEADER, at,
                           TDI_REASON("PID before THREAD"));
        if (d->version >= 2 && !d->has_filetype)
            return tdi_fail(&d->fault, TD_E_DRMEM_FILETYPE, at,
                           TDI_REASON("a version 2+ stream has no FILETYPE "
                                     "marker before its PID"));
        d->state = DS_BODY;
    }
    d->pid = (int64_t)r->addr;
    tdi_drmem_event_base(d, ev, r, at, TD_DRMEM_EV_PID);
    ev->flags |= TD_DRMEM_HIDDEN;
    return TD_EVENT;
}

static int thread_record(td_drmem_decoder *d, const drmem_record *r,
                         uint64_t at, td_drmem_event *ev)
{
    d->tid = (int64_t)r->addr;
    d->timestamp = 0;
    d->thread_exited = 0;
    tdi_drmem_event_base(d, ev, r, at, TD_DRMEM_EV_THREAD);
    ev->flags |= TD_DRMEM_HIDDEN;
    return TD_EVENT;
}

static int thread_exit_record(td_drmem_decoder *d, const drmem_record *r,
                              uint64_t at, td_drmem_event *ev)
{
    if ((int64_t)r->addr != d->tid)
        return tdi_fail(&d->fault, TD_E_DRMEM_THREAD, at,
                       TDI_REASON("THREAD_EXIT names another thread than "
                                 "the current one"));
    d->thread_exited = 1;
    tdi_drmem_event_base(d, ev, r, at, TD_DRMEM_EV_THREAD_EXIT);
    tdi_drmem_visible(d, ev);
    return TD_EVENT;
}

static int footer_record(td_drmem_decoder *d, const drmem_record *r,
                         uint64_t at, td_drmem_event *ev)
{
    if (!d->thread_exited && !tdi_drmem_restarts_allowed(d))
        tdi_drmem_warn(d, TD_W_DRMEM_NO_THREAD_EXIT);
    d->state = DS_ENDED;
    tdi_drmem_event_base(d, ev, r, at, TD_DRMEM_EV_FOOTER);
    ev->flags |= TD_DRMEM_HIDDEN;
    return TD_EVENT;
}

int tdi_drmem_stream_record(td_drmem_decoder *d, const drmem_record *r,
                        uint64_t at, td_drmem_event *ev)
{
    switch (r->type) {
    case TD_DRMEM_HEADER:
        return header_record(d, r, at, ev);
    case TD_DRMEM_THREAD:
        return thread_record(d, r, at, ev);
    case TD_DRMEM_PID:
        return pid_record(d, r, at, ev);
    case TD_DRMEM_THREAD_EXIT:
        return thread_exit_record(d, r, at, ev);
    default:
        return footer_record(d, r, at, ev);
    }
}
