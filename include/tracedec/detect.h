/*
 * tracedec/detect.h - recognising a format from the first bytes of a file.
 *
 * The one module that knows every format: it depends on them, never the
 * reverse. Formats are enum td_format values (tracedec/common.h).
 */
#ifndef TRACEDEC_DETECT_H
#define TRACEDEC_DETECT_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Guess the format from the first bytes of a file (32 are enough).
 * Returns an enum td_format value: TD_FORMAT_UNKNOWN for NULL or bytes of
 * no known format. A directory's format (UMT, drmemtrace) is the host's to
 * tell. */
int td_detect_format(const uint8_t *head, size_t len);

/* "xray", "drmemtrace", "zip", "gzip", "lz4", "snappy", "sqlite", or
 * "unknown". Static strings. */
const char *td_format_name(int format);

#ifdef __cplusplus
}
#endif

#endif /* TRACEDEC_DETECT_H */
