/*
 * detect.c - recognising a format from the first bytes of a file.
 */
#include "tracedec/common.h"
#include "tracedec/xray.h"
#include "../xray/xray_header.h"

int td_detect_format(const uint8_t *head, size_t len)
{
    if (head == NULL)
        return TD_FORMAT_UNKNOWN;
    if (len >= 4 && td_xray_header_plausible(head))
        return TD_FORMAT_XRAY;
    return TD_FORMAT_UNKNOWN;
}

const char *td_format_name(int format)
{
    switch (format) {
    case TD_FORMAT_XRAY:
        return "xray";
    default:
        return "unknown";
    }
}
