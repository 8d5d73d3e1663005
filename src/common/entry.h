/*
 * entry.h - what the public entry points of every decoder share.
 *
 * Each decoder is a struct holding an input cursor (td_input) and a sticky
 * fault (td_fault) next to its own state machine, and its six entry points
 * do the same things around that machine:
 *
 *   init     check the config (the format's own rules, the caller's memory
 *            with tdi_entry_memory), then the format's start()
 *   reset    start() again with what init kept
 *   next     tdi_entry_next, then the format's dispatch loop, which runs
 *            the handler of the current state while it returns TDI_AGAIN
 *   request  the cursor's outstanding request (in.want)
 *   feed     tdi_entry_feed
 *   fault    the fault
 *
 * What is shared is here, as plain functions over the cursor and the
 * fault, so each format's entry points only check their own arguments
 * and call them. SQLite (one cursor per lane) and the decoders built on
 * others (drmem_file, rvn) pass their calls on instead.
 */
#ifndef TDI_ENTRY_H
#define TDI_ENTRY_H

#include "input.h"
#include "step.h"

/* init(): the caller's memory, at least `minimum` bytes. Returns TD_OK,
 * TD_E_INVALID_ARGUMENT (no memory) or TD_E_BAD_CONFIG (too small). */
static inline int tdi_entry_memory(const void *memory, size_t size,
                                   size_t minimum)
{
    if (memory == NULL)
        return TD_E_INVALID_ARGUMENT;
    return size < minimum ? TD_E_BAD_CONFIG : TD_OK;
}

/* next(), before the format's dispatch loop. Returns TDI_AGAIN to run the
 * loop, with the event's common flags cleared; or what next() returns at
 * once: the sticky error, or TD_NEED_INPUT while the host has not
 * answered the outstanding request. */
static inline int tdi_entry_next(const td_input *in, const td_fault *f,
                                 uint32_t *flags)
{
    if (f->code != 0)
        return f->code;
    if (in->waiting)
        return TD_NEED_INPUT;
    *flags = 0;
    return TDI_AGAIN;
}

/* feed(): the sticky error if there is one, else the host's answer to the
 * outstanding request (len == 0: end of file). Returns TD_OK, the error,
 * or TD_E_PROTOCOL (no request is outstanding, or data is NULL with
 * len > 0). */
static inline int tdi_entry_feed(td_input *in, const td_fault *f,
                                 const void *data, size_t len)
{
    return f->code != 0 ? f->code : tdi_input_feed(in, data, len);
}

#endif /* TDI_ENTRY_H */
