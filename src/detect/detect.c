/*
 * detect.c - recognising a format from the first bytes of a file: magic
 * numbers for the containers and SQLite, the first record for drmemtrace,
 * and the XRay module's own header check (xray_header.h).
 */
#include "tracedec/detect.h"
#include "../common/bytes.h"
#include "../common/mem.h"
#include "../xray/xray_header.h"

static bool starts_with(const uint8_t *head, size_t len, const char *magic,
                        size_t n)
{
    return len >= n && memcmp(head, magic, n) == 0;
}

/* A drmemtrace record stream opens with HEADER (type 25, size 0) and a
 * version from 1 to 7. */
static bool drmemtrace_records(const uint8_t *head, size_t len)
{
    return len >= 8 && tdi_le32(head) == 25 && tdi_le32(head + 4) >= 1 &&
           tdi_le32(head + 4) <= 7;
}

int td_detect_format(const uint8_t *head, size_t len)
{
    if (head == NULL)
        return TD_FORMAT_UNKNOWN;
    if (starts_with(head, len, "PK\3\4", 4) ||
        starts_with(head, len, "PK\5\6", 4))
        return TD_FORMAT_ZIP;
    if (starts_with(head, len, "\x1f\x8b", 2))
        return TD_FORMAT_GZIP;
    if (starts_with(head, len, "\x04\x22\x4d\x18", 4) ||
        (len >= 4 && (tdi_le32(head) & 0xfffffff0u) == 0x184d2a50u))
        return TD_FORMAT_LZ4;
    if (starts_with(head, len, "\xff\x06\x00\x00sNaPpY", 10))
        return TD_FORMAT_SNAPPY;
    if (starts_with(head, len, "SQLite format 3", 16))
        return TD_FORMAT_SQLITE;
    if (drmemtrace_records(head, len))
        return TD_FORMAT_DRMEMTRACE;
    if (len >= 4 && tdi_xray_header_plausible(head))
        return TD_FORMAT_XRAY;
    return TD_FORMAT_UNKNOWN;
}

const char *td_format_name(int format)
{
    switch (format) {
    case TD_FORMAT_XRAY:
        return "xray";
    case TD_FORMAT_DRMEMTRACE:
        return "drmemtrace";
    case TD_FORMAT_ZIP:
        return "zip";
    case TD_FORMAT_GZIP:
        return "gzip";
    case TD_FORMAT_LZ4:
        return "lz4";
    case TD_FORMAT_SNAPPY:
        return "snappy";
    case TD_FORMAT_SQLITE:
        return "sqlite";
    default:
        return "unknown";
    }
}
