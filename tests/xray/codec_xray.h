/*
 * codec_xray.h - the XRay decoder as a test codec (codec.h).
 */
#ifndef TRACEDEC_TEST_CODEC_XRAY_H
#define TRACEDEC_TEST_CODEC_XRAY_H

#include "codec.h"

/* A test flag (test_config.flags): attach a call matcher of 64 threads
 * and 64 frames. */
#define TEST_MATCH_CALLS 0x80000000u

extern const test_codec xray_codec;

#endif /* TRACEDEC_TEST_CODEC_XRAY_H */
