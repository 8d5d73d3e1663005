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
 * its golden log, then give it the chunk, truncation and byte sweeps.
 * TRACEDEC_UPDATE_GOLDEN=1 in the environment rewrites logs that differ.
 * Returns the number of inputs. */
size_t golden_dir(const test_codec *c, const char *dir, const char *suffix);

/* Write `len` bytes as DIR/NAME.SUFFIX and its member list (when there is
 * more than one member). Returns 0 or -1. */
int golden_write_input(const char *dir, const char *name, const char *suffix,
                       const uint8_t *data, size_t len,
                       const member_list *members);

#endif /* TRACEDEC_TEST_GOLDEN_H */
