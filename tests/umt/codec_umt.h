/*
 * codec_umt.h - the UMT decoder as a test codec (codec.h): the eleven
 * files of a trace are its sources, test_config.mode its mode and
 * test_config.memory_size its workspace.
 */
#ifndef TRACEDEC_TEST_CODEC_UMT_H
#define TRACEDEC_TEST_CODEC_UMT_H

#include "codec.h"
#include "umt_encoder.h"

/* A test flag (test_config.flags): log what TD_UMT_SKIP_INSTRUCTIONS
 * leaves out as if it were left out (umt_skipped.h). */
#define TEST_UMT_LOG_AS_SKIPPED 0x80000000u

extern const test_codec umt_codec;

/* The config of a mode with flags and `workspace` bytes of workspace. */
test_config umt_test_config(int mode, uint32_t flags, size_t workspace);

/* The decoder's own config of a mode with flags and a workspace (NULL:
 * none). */
td_umt_config umt_decoder_config(int mode, uint32_t flags, void *workspace,
                                 size_t size);

/* The encoder's trace as an input; `files` holds its UF_COUNT files. */
test_input umt_input_of(const uenc *e, test_file *files);

#endif /* TRACEDEC_TEST_CODEC_UMT_H */
