/*
 * umt_sweep.h - decode a UMT trace held in memory (the encoder's eleven
 * files) the way a host would, answering each request with a chosen number
 * of bytes, and keep the event log; the sweeps every UMT test input gets.
 *
 * Every answer is copied into its own exactly-sized allocation, freed as
 * soon as the decoder asks again, so a read outside the bytes given or a
 * pointer kept too long shows up under ASan. The protocol is checked on
 * the way: a known source, min_len in 1..TD_UMT_MAX_REQUEST, never the
 * same request twice in a row (a decoder that forgets what it was given),
 * and, in the forward modes (STREAM, XML), offsets that never go back
 * within a file.
 *
 * The log (umt_log_event) prints one line per event, except that payload
 * fragments are joined into one line per payload and XML text into one
 * line per run, so the log does not depend on where fragments were cut.
 */
#ifndef TRACEDEC_TEST_UMT_SWEEP_H
#define TRACEDEC_TEST_UMT_SWEEP_H

#include <stdbool.h>
#include <stdio.h>

#include "split_plan.h"
#include "tracedec.h"
#include "umt_encoder.h"

/* How requests are answered. */
enum umt_answer {
    ANSWER_EXACT = 0, /* min_len bytes */
    ANSWER_PLUS,      /* min_len + k */
    ANSWER_WHOLE,     /* the rest of the file (at most 8 MiB) */
    ANSWER_RANDOM,    /* min_len - 1 + a random split's span (or the span
                         alone in forward modes) */
    ANSWER_CHUNK      /* k bytes, whatever min_len (forward modes) */
};

typedef struct umt_plan {
    int answer;
    size_t k;
    split_plan split; /* ANSWER_RANDOM, ANSWER_CHUNK */
} umt_plan;

umt_plan umt_plan_of(int answer, size_t k);

/* A trace as the driver sees it: the eleven files, one of them perhaps cut
 * short. */
typedef struct umt_input {
    const ufile *files; /* UF_COUNT of them */
    int cut_file;       /* -1, or the file that is cut */
    uint64_t cut_size;
    size_t workspace; /* bytes of workspace (td_umt_config.memory), 0: none */
} umt_input;

umt_input umt_input_of(const uenc *e);

/* The config of a mode with flags and a workspace (NULL: none). */
td_umt_config umt_config(int mode, uint32_t flags, void *workspace,
                         size_t size);

typedef struct umt_result {
    char *log;
    size_t log_len;
    int status; /* TD_END or the error */
    td_fault fault;
    uint32_t file; /* the file the fault is in */
    bool protocol_ok;
    char protocol_msg[200];
    uint64_t requests;
} umt_result;

/* What umt_run logs. */
enum umt_logging {
    UMT_NO_LOG = 0,
    UMT_LOG = 1,
    UMT_LOG_AS_SKIPPED = 2 /* all but what TD_UMT_SKIP_INSTRUCTIONS leaves
                              out: instruction records' RECORD,
                              INSTRUCTION and DECODED events */
};

umt_result umt_run(const umt_input *in, int mode, uint32_t flags,
                   umt_plan plan, int logging);
void umt_result_free(umt_result *r);
bool umt_result_same(const umt_result *a, const umt_result *b);

/* The log plus "=> end" or "=> error NAME FILE@OFFSET"; malloc'd. */
char *umt_outcome_log(const umt_result *r);

/* Sweeps; each returns the number of failed expectations.
 * answers:    EXACT, PLUS 1..9, WHOLE and 8 RANDOM plans give the log
 *             of the WHOLE plan;
 * chunks:     (forward modes) CHUNK 1..40 and RANDOM give the same log;
 * truncation: each file cut at every point (every 7th for long files)
 *             gives TD_E_TRUNCATED in that file (or, where the mode does
 *             not need the bytes cut, the full result) after a prefix of
 *             the full log;
 * bytes:      3 changes of every byte (every 7th in files above 4 KiB) of
 *             the given files the mode reads give the same result with WHOLE
 *             and PLUS answers, and with TD_UMT_SKIP_INSTRUCTIONS and a
 *             workspace (DECODE and VALIDATE, flags with
 *             TD_UMT_NO_PAYLOADS), and an error has a reason and a file;
 * workspace:  (DECODE, VALIDATE) with workspaces of several sizes, WHOLE,
 *             EXACT, PLUS and RANDOM answers give the log of WHOLE
 *             answers without one, and TD_UMT_SKIP_INSTRUCTIONS gives the
 *             log of TD_UMT_NO_PAYLOADS as skipped. */
int umt_sweep_answers(const umt_input *in, const char *name, int mode,
                      uint32_t flags);
int umt_sweep_chunks(const umt_input *in, const char *name, int mode,
                     uint32_t flags);
int umt_sweep_truncation(const umt_input *in, const char *name, int mode,
                         uint32_t flags);
/* The files a bytes sweep changes: bit 1 << UF_*. */
#define UMT_ALL_FILES ((1u << UF_COUNT) - 1)
int umt_sweep_bytes(const uenc *e, const char *name, int mode, uint32_t flags,
                    unsigned files);
int umt_sweep_workspace(const umt_input *in, const char *name, int mode,
                        uint32_t flags);

/* The event log printer. */
typedef struct umt_log {
    FILE *out;
    bool as_skipped; /* see UMT_LOG_AS_SKIPPED */
    int pending;     /* 1: payload bytes, 2: XML text */
    uint64_t offset, total, seen, hash;
    uint32_t file, of;
    uint8_t head[24];
    size_t head_len;
    char path[160];
} umt_log;

void umt_log_init(umt_log *l, FILE *out);
void umt_log_event(umt_log *l, const td_umt_event *ev);
void umt_log_flush(umt_log *l);

#endif /* TRACEDEC_TEST_UMT_SWEEP_H */
