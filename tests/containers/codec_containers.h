/*
 * codec_containers.h - the container decoders as test codecs (codec.h):
 * the deflate family (codec_deflate.c), LZ4 frames (codec_lz4.c) and
 * snappy framing (codec_snappy.c).
 *
 * Their DATA bytes go to the result's output; their other events are
 * lines of the log.
 */
#ifndef TRACEDEC_TEST_CODEC_CONTAINERS_H
#define TRACEDEC_TEST_CODEC_CONTAINERS_H

#include "codec.h"

/* deflate_codec's formats (test_config.mode); DEFLATE_ZIP_SEEKABLE is
 * zip_seekable_codec's. */
enum { DEFLATE_RAW, DEFLATE_GZIP, DEFLATE_ZIP, DEFLATE_ZIP_SEEKABLE };

extern const test_codec deflate_codec;      /* read forward */
extern const test_codec zip_seekable_codec; /* zip with TD_ZIP_SEEKABLE */
extern const test_codec lz4_codec;
extern const test_codec snappy_codec;

#endif /* TRACEDEC_TEST_CODEC_CONTAINERS_H */
