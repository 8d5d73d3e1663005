/*
 * codec.h - one decoder behind the shape every test drives it through (a
 * test codec), and an input held in memory.
 *
 * Each format has one codec, in tests/FORMAT/codec_*.c: it initialises its
 * decoder from a test_config, prints each event into the run's log (see
 * drive.h) and says how its decoder reads. The driver (drive.h) feeds it
 * an input the way a host would and checks the request protocol; the
 * sweeps (sweep.h) compare its results across chunkings, answer sizes,
 * cuts and changed bytes.
 */
#ifndef TRACEDEC_TEST_CODEC_H
#define TRACEDEC_TEST_CODEC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tracedec.h"

/* How a decoder reads. */
enum test_access {
    TEST_FORWARD,  /* one source; each request names the byte after the
                      last one fed */
    TEST_SEEKABLE, /* one source; a request may name any offset */
    TEST_RANDOM    /* several sources (or lanes), any offset */
};

/* What a test asks of a decoder. Bits above TEST_OWN_FLAGS in `flags` are
 * a codec's own test options (each codec names them); the rest are the
 * decoder's config flags. */
typedef struct test_config {
    uint32_t flags;
    int mode;           /* UMT: TD_UMT_*; unused by the others */
    size_t memory_size; /* UMT: bytes of workspace (0: none) */
} test_config;

#define TEST_OWN_FLAGS 0x00ffffffu

/* A file: `head` bytes from offset 0 and, when far_at is not 0, `far`
 * bytes from far_at (zeros between: a hole), `size` bytes in all as the
 * host reports it (less when the file is cut). */
typedef struct test_file {
    const uint8_t *head;
    size_t head_len;
    uint64_t far_at;
    const uint8_t *far;
    size_t far_len;
    uint64_t size;
} test_file;

/* An input: its files (one per source; lanes all read file 0), and the
 * offsets in file 0 where container members begin (drmemtrace chunks in a
 * zip), the first one included. */
typedef struct test_input {
    const test_file *files;
    unsigned count;
    const uint64_t *members;
    unsigned member_count;
} test_input;

/* One file of len bytes at data. */
test_file test_file_of(const uint8_t *data, size_t len);

/* An input of the one file f (no members). */
test_input test_input_of(const test_file *f);

/* A file read whole, as a one-file input. */
typedef struct test_read {
    uint8_t *data;
    test_file file;
    test_input in;
} test_read;

/* Read dir/name into *r (test_read_free frees it); false, with a failed
 * expectation, when it cannot be read. */
bool test_input_read(const char *dir, const char *name, test_read *r);
void test_read_free(test_read *r);

/* Copy [at, at + n) of f into out; bytes past f->size are not asked. */
void test_file_read(const test_file *f, uint64_t at, uint8_t *out, size_t n);

typedef struct test_run test_run; /* one decode in progress (drive.h) */
typedef struct test_result test_result;

typedef struct test_codec {
    const char *name;
    size_t state_size;  /* bytes of state the driver allocates */
    int access;         /* enum test_access */
    uint32_t source;    /* TEST_FORWARD, TEST_SEEKABLE: what requests name */
    uint32_t sources;   /* TEST_RANDOM: requests name 0..sources-1 */
    uint32_t lanes;     /* TEST_RANDOM: when above 1, sources are lanes
                           over file 0, each answer staying valid until its
                           lane is asked again */
    uint32_t max_request; /* the largest min_len a request may name */
    bool faults_outside; /* an error's offset may lie outside its source
                            (UMT: past the end, where bytes were due;
                            drmemtrace files: in the decompressed records) */
    /* Set up all the state (it may hold an earlier decode's); returns
     * TD_OK or the error init gave. */
    int (*init)(void *state, const test_config *cfg, const test_input *in);
    void (*finish)(void *state); /* free what init took; NULL: nothing */
    /* The decoder's next(): an event is printed into the run's log, and
     * the decoder's status, request and fault are handed over with
     * run_status() (drive.h). */
    int (*next)(void *state, test_run *run);
    int (*feed)(void *state, const void *data, size_t len);
    /* The source an error lies in; NULL: source 0. */
    uint32_t (*fault_source)(const void *state);
    /* A source's name in outcome lines; NULL: outcomes name no source. */
    const char *(*source_name)(uint32_t source);
    /* Announce container member `index`; NULL: no members. */
    int (*begin_member)(void *state, uint32_t index);
    /* TEST_RANDOM: whether the config's mode reads forward (offsets never
     * go back within a source); NULL: never. */
    bool (*forward_mode)(const test_config *cfg);
    /* TEST_FORWARD, TEST_SEEKABLE: whether the first `cut` bytes of the
     * input are themselves complete (`full`: the whole input's result). */
    bool (*clean_cut)(const test_input *in, const test_result *full,
                      uint64_t cut);
} test_codec;

#endif /* TRACEDEC_TEST_CODEC_H */
