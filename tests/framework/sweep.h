/*
 * sweep.h - the sweeps test inputs get, every one through the driver
 * (drive.h): the same input answered in other ways must give the same
 * result; cut short, it must stop where the cut is; with bytes changed, it
 * must end cleanly or in an error with a reason, the same way whatever the
 * answers.
 *
 * Each sweep returns the number of failed expectations and stops at the
 * first one; `name` labels them.
 */
#ifndef TRACEDEC_TEST_SWEEP_H
#define TRACEDEC_TEST_SWEEP_H

#include "drive.h"

/* Plans (enum test_answer) with k from first to last: chunk sizes for
 * ANSWER_SPANS, seeds for ANSWER_RANDOM, extra bytes for ANSWER_PLUS;
 * decoded with cfg (NULL: the sweep's). */
typedef struct plan_range {
    int answer;
    size_t first, last;
    const test_config *cfg;
} plan_range;

/* Whole answers with cfg give the reference; every plan of the ranges
 * must give the same result. */
int sweep_plans(const test_codec *c, const char *name, const test_input *in,
                const test_config *cfg, const plan_range *ranges,
                unsigned n);

/* The offsets of a file a sweep visits: every one of a file up to
 * all_below bytes; in a longer one every step-th (or size / steps-th when
 * that is larger), those within `near` of each mark, the first and last
 * `edges`, and `spread` more spaced evenly, thinned to about `cap` (0: not
 * thinned). */
typedef struct offset_choice {
    uint64_t all_below;
    uint64_t step, steps;
    unsigned near;
    uint64_t edges, spread;
    size_t cap;
} offset_choice;

/* What a cut input must give. */
enum cut_expect {
    CUT_TRUNCATED, /* TD_E_TRUNCATED in the cut file (TD_END where the
                      codec says a prefix is complete; for random access,
                      or the whole input's result) */
    CUT_ERROR,     /* an error */
    CUT_ANY        /* TD_END or an error */
};

typedef struct cut_sweep {
    offset_choice where;
    int expect;          /* enum cut_expect */
    const uint64_t *marks; /* NULL: where the whole input's events are */
    size_t mark_count;
    unsigned lenient_files; /* files, a bit each, that may be cut between
                               their parts and pass as whole (UMT's
                               trace.xml) */
} cut_sweep;

/* Each chosen cut of each file: the events are a prefix of the whole
 * input's, the error (at or before the cut) is the one expected. Forward
 * decoders get prefixes in spans of 1 to 7 bytes (random spans above
 * 4 KiB), random-access ones exact or random answers. */
int sweep_cuts(const test_codec *c, const char *name, const test_input *in,
               const test_config *cfg, const cut_sweep *how);

/* Changes of a byte. */
enum change_kind {
    CHANGE_LIST,        /* the list's changes */
    CHANGE_EVERY_VALUE, /* every value */
    CHANGE_EVERY_BIT    /* each bit flipped */
};
#define CHANGE_SET 0x100 /* a list entry: set to the low 8 bits, not xor */

typedef struct change_sweep {
    offset_choice where;
    const uint64_t *marks; /* NULL: where the whole input's events are */
    size_t mark_count;
    int kind;              /* enum change_kind */
    const int *list;       /* CHANGE_LIST: xor masks or CHANGE_SET | v */
    unsigned list_len;
    bool fewer_bits;       /* above where.all_below, a quarter of the bits */
    unsigned compare_every; /* every n-th change is decoded twice, whole
                               and in small spans (other answer sizes for
                               random access), and both must agree; the
                               others are decoded only for their status;
                               0: none */
    unsigned files;        /* the files changed, a bit each (0: file 0) */
    const test_config *variants; /* compared changes are decoded with
                                    variants[at % variant_count] too, which
                                    must agree; NULL: none */
    unsigned variant_count;
    bool quiet;            /* compared decodes keep no log: their status
                              and fault agree */
} change_sweep;

/* Each change of each chosen byte ends cleanly or in an error with a
 * reason and an offset inside its file. */
int sweep_changes(const test_codec *c, const char *name,
                  const test_input *in, const test_config *cfg,
                  const change_sweep *how);

/* A small input's every cut_step-th prefix (1: every one) must give
 * cut_expect, and four changes of every byte (xor 0x01, 0x80, 0xff; set
 * 0) end cleanly or in an error with a reason, each compared whole and in
 * other answers (and decoded with *variant too when not NULL), quietly. */
int sweep_small(const test_codec *c, const char *name, const test_input *in,
                const test_config *cfg, uint64_t cut_step, int cut_expect,
                const test_config *variant);

#endif /* TRACEDEC_TEST_SWEEP_H */
