/*
 * guard_span.h - the guard-page host: spans handed to a decoder lie
 * against an inaccessible page, so reading one byte past a span (or, for
 * every other span, one byte before it) faults at once instead of reading
 * whatever memory follows.
 */
#ifndef TRACEDEC_TEST_GUARD_SPAN_H
#define TRACEDEC_TEST_GUARD_SPAN_H

#include <stddef.h>
#include <stdint.h>

typedef struct guard_span {
    uint8_t *map;     /* guard page, room, guard page */
    size_t room;      /* usable bytes between the guards */
    unsigned count;   /* spans handed out: even ones end at the upper guard,
                         odd ones start at the lower guard */
} guard_span;

/* A copy of src[0..n) placed against a guard page; valid until the next
 * call or guard_span_free. n > 0. Aborts when memory cannot be mapped. */
const uint8_t *guard_span_copy(guard_span *g, const void *src, size_t n);

void guard_span_free(guard_span *g);

#endif /* TRACEDEC_TEST_GUARD_SPAN_H */
