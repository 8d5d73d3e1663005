/*
 * codec_rvn.h - the REVEN block-trace decoder as a test codec (codec.h):
 * its input's files are those of the SQLite codec (codec_sqlite.h), and
 * so is the part of the trace a config asks for (sqlite_part_config).
 */
#ifndef TRACEDEC_TEST_CODEC_RVN_H
#define TRACEDEC_TEST_CODEC_RVN_H

#include "codec.h"

extern const test_codec rvn_codec;

/* The decoder's next event (or end, or error), each request answered from
 * the len bytes of the file at `file`, whole. */
int rvn_next_whole(td_rvn_decoder *r, td_rvn_event *ev, const uint8_t *file,
                   size_t len);

#endif /* TRACEDEC_TEST_CODEC_RVN_H */
