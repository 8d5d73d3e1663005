/*
 * codec_drmem.h - the drmemtrace record decoder (codec_drmem.c) and the
 * file decoder, its container and records (codec_drmem_file.c), as test
 * codecs (codec.h).
 */
#ifndef TRACEDEC_TEST_CODEC_DRMEM_H
#define TRACEDEC_TEST_CODEC_DRMEM_H

#include "codec.h"

/* Test flags (test_config.flags): decode with a tally, or print a tally
 * made of the events (see codec_drmem.c). */
#define TEST_DRMEM_TALLY 0x40000000u
#define TEST_DRMEM_TALLY_OF_EVENTS 0x20000000u

extern const test_codec drmem_codec;
extern const test_codec drmem_file_codec; /* test_config.mode: the
                                             container (TD_FORMAT_*) */

#endif /* TRACEDEC_TEST_CODEC_DRMEM_H */
