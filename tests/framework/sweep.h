/*
 * sweep.h - decode an input held in memory the way a host would, split
 * into spans by a chosen pattern, and keep the event log; and the sweeps
 * every test input gets. One interface for every decoder (a test codec).
 *
 * Every span is copied into its own exactly-sized allocation that is freed
 * as soon as the decoder asks for the next one, so a read outside the bytes
 * provided, or a payload pointer kept too long, shows up under ASan. The
 * request protocol is checked on the way: forward-only offsets, min_len in
 * 1..TD_STAGE_SIZE, no request after end of file. Container members (zip
 * entries, for drmemtrace records) are announced where they begin, and no
 * span crosses one.
 */
#ifndef TRACEDEC_TEST_SWEEP_H
#define TRACEDEC_TEST_SWEEP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "split_plan.h"
#include "tracedec.h"

/* Test-only init flag: attach a call matcher (XRay). */
#define TEST_MATCH_CALLS 0x80000000u
/* drmem_codec: decode with a tally, or print a tally made of the events
 * (see codec_drmem.c). */
#define TEST_DRMEM_TALLY 0x40000000u
#define TEST_DRMEM_TALLY_OF_EVENTS 0x20000000u

/* What the sweeps need from a decoder. `next` prints the event to `log`
 * when it returns TD_EVENT and log is not NULL. */
typedef struct test_codec {
    size_t size; /* bytes of decoder state */
    int (*init)(void *d, uint32_t flags);
    int (*next)(void *d, FILE *log);
    const td_request *(*request)(const void *d);
    int (*feed)(void *d, const void *data, size_t len);
    const td_fault *(*fault)(const void *d);
    int (*begin_member)(void *d, uint32_t index); /* NULL: no members */
    /* Whether a prefix of cut_len bytes is itself a complete input. */
    bool (*clean_cut)(const uint8_t *data, size_t full_len, size_t cut_len);
} test_codec;

extern const test_codec xray_codec;
extern const test_codec drmem_codec;

/* Where container members begin (offsets), for inputs that have them. */
typedef struct member_list {
    const size_t *starts;
    unsigned count;
} member_list;

typedef struct decode_result {
    char *log;          /* the decoder's text dump of its events */
    size_t log_len;
    int status;         /* TD_END or the error code */
    td_fault fault;
    bool protocol_ok;   /* the request protocol held */
    char protocol_msg[160];
} decode_result;

decode_result test_decode(const test_codec *c, const uint8_t *data,
                          size_t len, const member_list *members,
                          split_plan plan, uint32_t flags);
void decode_result_free(decode_result *r);
bool decode_result_same(const decode_result *a, const decode_result *b);

/* The log plus a last line with the outcome, as golden files hold it:
 * "=> end" or "=> error NAME @OFFSET". malloc'd. */
char *outcome_log(const decode_result *r);

/* The sweeps (each returns the number of failed expectations):
 * chunks:     every chunk size 1..64 and 24 random splits give the same
 *             result as one span;
 * truncation: every prefix gives the events of the full decode so far and
 *             then TD_E_TRUNCATED, or TD_END where the codec's clean_cut
 *             says the prefix is complete;
 * bytes:      every value of every byte ends cleanly or in an error with a
 *             reason and an offset inside the input, and 4 changes of every
 *             byte decode the same in one span and in 5-byte spans. */
int sweep_chunks(const test_codec *c, const char *name, const uint8_t *data,
                 size_t len, const member_list *members, uint32_t flags);
int sweep_truncation(const test_codec *c, const char *name,
                     const uint8_t *data, size_t len,
                     const member_list *members);
int sweep_bytes(const test_codec *c, const char *name, const uint8_t *data,
                size_t len, const member_list *members);

#endif /* TRACEDEC_TEST_SWEEP_H */
