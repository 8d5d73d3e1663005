/*
 * drive.h - the one driver: decode an input held in memory through a test
 * codec (codec.h) the way a host would, answering each request as a plan
 * says, and keep what came out.
 *
 * Every answer is copied against a guard page (guard_span.h) and stays
 * valid only until the decoder asks again (its lane is asked again, for
 * SQLite), so a read outside the bytes given, or a pointer kept too long,
 * faults at once or shows under ASan. The request protocol is checked on
 * the way:
 *   - forward-only decoders: each request names the next byte, min_len is
 *     1..max_request, nothing is asked after the end of the input was
 *     told, and container members are announced where they begin (no
 *     answer crosses one);
 *   - seekable and random-access decoders: a known source, min_len within
 *     the codec's bound, never the same request twice in a row, and in a
 *     forward mode offsets never go back within a source;
 *   - at the end: the status is the fault's code, an error has a reason and
 *     an offset inside its source, and the decoder did not ask for ever.
 *
 * The result keeps the event log the codec printed (payload fragments
 * joined, so it does not depend on where they were cut), the payload bytes
 * of DATA events, and the input offsets where events begin and end.
 */
#ifndef TRACEDEC_TEST_DRIVE_H
#define TRACEDEC_TEST_DRIVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "codec.h"
#include "split_plan.h"

/* How requests are answered. */
enum test_answer {
    ANSWER_WHOLE, /* the rest of the source (at most 8 MiB) */
    ANSWER_EXACT, /* min_len bytes */
    ANSWER_PLUS,  /* min_len + k bytes */
    ANSWER_SPANS, /* the plan's next span, whatever min_len */
    ANSWER_RANDOM /* min_len - 1 + a random span (the span alone when the
                     decoder reads forward) */
};

typedef struct test_plan {
    int answer;
    size_t k;          /* ANSWER_PLUS */
    split_plan split;  /* ANSWER_SPANS, ANSWER_RANDOM */
    bool log;          /* keep the event log and payload bytes */
} test_plan;

test_plan plan_whole(void);
test_plan plan_exact(void);
test_plan plan_plus(size_t k);
test_plan plan_chunks(size_t n);      /* ANSWER_SPANS of n bytes */
test_plan plan_random(uint64_t seed); /* ANSWER_RANDOM */

struct test_result {
    char *log; /* the codec's lines, malloc'd */
    size_t log_len;
    uint8_t *out; /* payload bytes of DATA events, in order */
    size_t out_len;
    uint64_t *marks; /* input offsets where events begin and end */
    size_t mark_count;
    uint64_t *ends; /* input lengths the events say may end the input */
    size_t end_count;
    size_t data_events;
    int status; /* TD_END or the error */
    td_fault fault;
    uint32_t fault_source;
    uint64_t requests;
    bool protocol_ok;
    char protocol_msg[200];
};

test_result test_decode(const test_codec *c, const test_input *in,
                        const test_config *cfg, test_plan plan);
void test_result_free(test_result *r);

/* Same status, fault (code, offset, reason, source), log and payload. */
bool test_same(const test_result *a, const test_result *b);

/* The log and a last line with the outcome, as golden logs hold it:
 * "=> end", "=> error NAME @OFFSET" or, for codecs that name sources,
 * "=> error NAME SOURCE@OFFSET". malloc'd. */
char *test_outcome(const test_codec *c, const test_result *r);

/* The quickest decode: whole answers straight from the input, no log, no
 * protocol checks, in `state` (c->state_size bytes, reused). Returns the
 * status; *fault and *source are the decoder's. */
int test_status(const test_codec *c, void *state, const test_input *in,
                const test_config *cfg, td_fault *fault, uint32_t *source);

/* ---- For codecs: what a decode in progress offers ----------------------
 */

/* What a codec's next() returns: the decoder's status rc, with its request
 * (read when rc is TD_NEED_INPUT) and its fault (read when rc is an
 * error). Returns rc. */
int run_status(test_run *r, int rc, const td_request *request,
               const td_fault *fault);

/* The log to print an event into; NULL when the plan keeps no log (or in
 * test_status). */
FILE *run_log(test_run *r);

/* Print a line into the log (when there is one). */
void run_line(test_run *r, const char *fmt, ...);

/* Payload bytes of a DATA event, kept in the result's output. Returns
 * whether they continue the previous event, a DATA event of the same
 * input offset that ended at this output position. */
bool run_data(test_run *r, uint64_t offset, uint64_t pos,
              const uint8_t *data, size_t len);

/* An input offset where an event begins or ends; one where the input may
 * end. */
void run_mark(test_run *r, uint64_t offset);
void run_end(test_run *r, uint64_t offset);

/* Whether [p, p + len) lies inside the answer the decoder holds. */
bool run_in_answer(const test_run *r, const void *p, size_t len);

/* The input offset after that answer's last byte. */
uint64_t run_answer_end(const test_run *r);

/* A protocol error found by the codec (the first one is kept). */
void run_fail(test_run *r, const char *msg, uint64_t a, uint64_t b);

#endif /* TRACEDEC_TEST_DRIVE_H */
