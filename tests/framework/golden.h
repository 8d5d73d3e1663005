/*
 * golden.h - the golden cases of a format: the case files of its folder
 * (tests/FORMAT/cases/NAME.md, case_file.h), each input beside its expected
 * results, checked against what the decoder gives now.
 *
 * TRACEDEC_UPDATE_GOLDEN=1 in the environment rewrites the results that
 * differ instead of failing; `build/tests/run --export` rewrites the
 * inputs the test encoders build. Either way the case files are written
 * back when golden_save() is called.
 */
#ifndef TRACEDEC_TEST_GOLDEN_H
#define TRACEDEC_TEST_GOLDEN_H

#include "case_file.h"
#include "sweep.h"

/* The case files of a folder, relative to the project root. */
typedef struct golden_set {
    case_file *files;
    unsigned count;
    bool *changed; /* a file to write back */
} golden_set;

/* Read them all (each failure to parse is a failed expectation). */
golden_set golden_read(const char *dir);

/* Write back the files that changed, a record a line (records); free. */
void golden_save(golden_set *s, record_fn records);

/* The case named `name`, and which file holds it; NULL if none. */
golden_case *golden_find(const golden_set *s, const char *name,
                         unsigned *file);

/* The case's input: a test_file per hex block, in `files` (room for
 * `room`), in the order of `names` when it is not NULL (the format's
 * sources), else as they come. */
test_input golden_input(const golden_case *c, test_file *files,
                        unsigned room, const char *const *names);

/* `got` must be the text of the case's block `info`; with
 * TRACEDEC_UPDATE_GOLDEN=1, it becomes that text. */
void golden_check(golden_set *s, unsigned file, golden_case *c,
                  const char *info, const char *got);

/* The bytes (and member starts) a builder made must be the case's hex
 * block `info`; with `update`, they become its bytes. */
void golden_check_bytes(golden_set *s, unsigned file, golden_case *c,
                        const char *info, const uint8_t *bytes, size_t len,
                        const uint64_t *members, unsigned member_count,
                        bool update);

/* Whether TRACEDEC_UPDATE_GOLDEN=1 is set. */
bool golden_updating(void);

/* Every case of a forward decoder's folder: its log (decoded in one span
 * with flags 0) is its "log" block, and it gets the sweeps of
 * sweep_forward() with sweep_cfg. Returns the number of cases. */
unsigned golden_forward(const test_codec *c, const char *dir,
                        const test_config *sweep_cfg, record_fn records);

/* A forward decoder's input in every chunk size up to 64 and 24 random
 * splits gives the result of one span. */
int sweep_splits(const test_codec *c, const char *name,
                 const test_input *in, const test_config *cfg);

/* The sweeps of a forward decoder's input: sweep_splits(); every cut
 * (with flags 0); every value of every byte, and four changes of each
 * decoded in two chunkings. */
int sweep_forward(const test_codec *c, const char *name,
                  const test_input *in, const test_config *cfg);

/* An encoder case's outcome: `status`, and for an error a reason and,
 * unless `offset` is NULL, the offset *offset. */
void expect_outcome(const char *name, const test_result *r, int status,
                    const uint64_t *offset);

/* Write fuzz/corpus/FORMAT/NAME: `first` (the harness's option byte),
 * then the input. Returns 0 or -1. */
int golden_write_seed(const char *format, const char *name, uint8_t first,
                      const uint8_t *data, size_t len);

#endif /* TRACEDEC_TEST_GOLDEN_H */
