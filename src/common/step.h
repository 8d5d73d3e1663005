/*
 * step.h - what a decoder's state handlers return to its dispatch loop.
 *
 * Every decoder's next() runs the handler of its current state until one
 * returns something for the caller: TD_EVENT, TD_NEED_INPUT, TD_END or an
 * error (enum td_status, enum td_error). Handlers also return these, which
 * never leave the library.
 */
#ifndef TDI_STEP_H
#define TDI_STEP_H

/* Progress without an event: run the handler of the (new) state. */
#define TDI_AGAIN 3

/* A pass or a sub-structure is complete: its caller moves on. */
#define TDI_DONE 4

#endif /* TDI_STEP_H */
