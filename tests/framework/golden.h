/*
 * golden.h - golden event logs next to their inputs: DIR/NAME.SUFFIX is an
 * input, DIR/NAME.events its expected log (with the outcome line), and
 * DIR/NAME.members, when present, lists the offsets where its container
 * members begin, one per line.
 */
#ifndef TRACEDEC_TEST_GOLDEN_H
#define TRACEDEC_TEST_GOLDEN_H

#include "sweep.h"

/* Check every input of the folder (relative to the project root) against
 * its golden log, then give it the chunk, cut and byte sweeps (the chunk
 * and byte sweeps with `sweep_cfg`). TRACEDEC_UPDATE_GOLDEN=1 in the
 * environment rewrites logs that differ. Returns the number of inputs. */
size_t golden_dir(const test_codec *c, const char *dir, const char *suffix,
                  const test_config *sweep_cfg);

/* The sweeps of a forward decoder's input: every chunk size up to 64 and
 * 24 random splits, every cut, every value of every byte and four changes
 * of each in two chunkings. */
int sweep_forward(const test_codec *c, const char *name,
                  const test_input *in, const test_config *cfg);

/* Write `len` bytes as DIR/NAME.SUFFIX and its member list (when there is
 * more than one member). Returns 0 or -1. */
int golden_write_input(const char *dir, const char *name, const char *suffix,
                       const uint8_t *data, size_t len,
                       const uint64_t *members, unsigned member_count);

#endif /* TRACEDEC_TEST_GOLDEN_H */
