/*
 * codec_rvn.h - the REVEN block-trace decoder as a test codec (codec.h):
 * its input's files are those of the SQLite codec (codec_sqlite.h).
 */
#ifndef TRACEDEC_TEST_CODEC_RVN_H
#define TRACEDEC_TEST_CODEC_RVN_H

#include "codec.h"

extern const test_codec rvn_codec;

#endif /* TRACEDEC_TEST_CODEC_RVN_H */
