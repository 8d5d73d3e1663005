/*
 * drmem_records.c - see drmem_records.h. The names are the library's
 * (td_drmem_type_name, td_drmem_marker_name): labels are for the reader.
 */
#include "drmem_records.h"
#include "tracedec.h"

#include <stdio.h>

#define MARKER 28

size_t drmem_record(const golden_case *c, const case_block *b, size_t at,
                    char *label, size_t label_size)
{
    const uint8_t *p = b->bytes + at;
    size_t width = b->len >= 12 && (b->bytes[8] | b->bytes[9] |
                                    b->bytes[10] | b->bytes[11]) != 0
                       ? 8
                       : 12;
    unsigned type = p[0] | (unsigned)(b->len - at > 1 ? p[1] : 0) << 8;
    (void)c;
    if (b->len - at < width)
        snprintf(label, label_size, "cut short");
    else if (type == MARKER)
        snprintf(label, label_size, "marker %s",
                 td_drmem_marker_name(p[2] | p[3] << 8));
    else
        snprintf(label, label_size, "%s", td_drmem_type_name((int)type));
    return width;
}
