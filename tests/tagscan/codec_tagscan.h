/*
 * codec_tagscan.h - the XML tag scanner as a test codec (codec.h).
 */
#ifndef TRACEDEC_TEST_CODEC_TAGSCAN_H
#define TRACEDEC_TEST_CODEC_TAGSCAN_H

#include "codec.h"

extern const test_codec tagscan_codec;

#endif /* TRACEDEC_TEST_CODEC_TAGSCAN_H */
