/*
 * umt_strings.c - cStr (8-bit) and uStr (UTF-16) strings in both layouts.
 *
 *   2013 document:  i64 Length, characters, NUL   (Length + 9, 2L + 10)
 *   as built:       i16 Length, characters, NUL   (Length + 3, 2L + 4)
 *
 * Detection, when no init flag chose a layout. A string's first unit (byte
 * or UTF-16 code unit) is never NUL. So for a non-empty string (bytes 0..1,
 * the low half of either length, not zero): a non-NUL unit at offset 2
 * means the as-built layout; a NUL there, bytes 2..7 zero (the rest of a
 * 64-bit length) and a non-NUL unit at offset 8 mean the 2013 layout;
 * anything else fits neither (TD_E_UMT_STRING). An empty string reads the
 * same in both and decides nothing: it is checked as an as-built one (its
 * terminator at offset 2) until the layout is known. The first non-empty
 * string decides for the whole trace; every later string must then read
 * in that layout, with a non-NUL first unit and its terminator in place.
 *
 * Steps (d->str.step): the head (layout, length, bounds), the terminator,
 * then STRING and BYTES events (none under TD_UMT_NO_PAYLOADS).
 */
#include "umt_internal.h"

enum string_step { S_HEAD = 0, S_TERMINATOR, S_EVENT, S_BYTES };

void tdi_umt_string_begin(td_umt_decoder *d, uint32_t file, uint8_t role,
                      bool wide, uint64_t at, uint64_t area_end)
{
    d->str.at = at;
    d->str.area_end = area_end;
    d->str.file = (uint8_t)file;
    d->str.role = role;
    d->str.wide = wide;
    d->str.step = S_HEAD;
    d->str.layout = d->layout;
}

static int bad(td_umt_decoder *d, const char *reason)
{
    return tdi_umt_fail(d, TD_E_UMT_STRING, d->str.file, d->str.at, reason);
}

static uint32_t unit_at(const td_umt_decoder *d, const uint8_t *p)
{
    return d->str.wide ? tdi_le16(p) : p[0];
}

static bool zero_bytes(const uint8_t *p, size_t from, size_t to)
{
    for (; from < to; from++)
        if (p[from] != 0)
            return false;
    return true;
}

/* The layout of this string, from its first bytes (n of them). */
static int detect(td_umt_decoder *d, const uint8_t *p, size_t n)
{
    size_t unit = d->str.wide ? 2 : 1;
    if (tdi_le16(p) == 0)
        return TD_UMT_LAYOUT_UNKNOWN;
    if (unit_at(d, p + 2) != 0)
        return TD_UMT_LAYOUT_AS_BUILT;
    if (n >= 8 + unit && zero_bytes(p, 2, 8) && unit_at(d, p + 8) != 0)
        return TD_UMT_LAYOUT_2013;
    return -1;
}

/* Length, where the characters start, and whether the first unit is
 * sound, in the given layout. */
static int measure(td_umt_decoder *d, const uint8_t *p, size_t n, int layout)
{
    size_t unit = d->str.wide ? 2 : 1;
    unsigned shift = d->str.wide ? 1 : 0;
    uint64_t head = layout == TD_UMT_LAYOUT_2013 ? 8 : 2, length, room;
    if (n < head + unit)
        return bad(d, TDI_REASON("string runs past the end of its area"));
    length = layout == TD_UMT_LAYOUT_2013 ? tdi_le64(p) : tdi_le16(p);
    if (length > 0 && unit_at(d, p + head) == 0)
        return bad(d, TDI_REASON("string is not in the trace's layout (its "
                                "first character is NUL)"));
    room = (d->str.area_end - d->str.at - head) >> shift;
    if (length >= room)
        return bad(d, TDI_REASON("string runs past the end of its area"));
    tdi_umt_payload(d, d->str.file, TD_UMT_OF_STRING, d->str.at + head,
                d->str.at + head + length * unit);
    return TD_OK;
}

static int head(td_umt_decoder *d)
{
    uint64_t room = d->str.area_end - d->str.at;
    size_t n = room < 10 ? (size_t)room : 10;
    int rc, layout = d->layout;
    const uint8_t *p;
    if (n < (d->str.wide ? 4u : 3u))
        return bad(d, TDI_REASON("string runs past the end of its area"));
    p = tdi_umt_get(d, d->str.file, d->str.at, n,
                TDI_REASON("the file ends inside a string"), &rc);
    if (p == NULL)
        return rc;
    if (layout == TD_UMT_LAYOUT_UNKNOWN) {
        layout = detect(d, p, n);
        if (layout < 0)
            return bad(d, TDI_REASON("string fits neither the 2013 (64-bit "
                                    "length) nor the as-built (16-bit "
                                    "length) layout"));
        d->layout = (uint8_t)layout;
    }
    d->str.layout = (uint8_t)layout;
    return measure(d, p, n,
                   layout == TD_UMT_LAYOUT_UNKNOWN ? TD_UMT_LAYOUT_AS_BUILT
                                                   : layout);
}

static int terminator(td_umt_decoder *d)
{
    size_t unit = d->str.wide ? 2 : 1;
    int rc;
    const uint8_t *p =
        tdi_umt_get(d, d->str.file, d->payload.end, unit,
                TDI_REASON("the file ends inside a string"), &rc);
    if (p == NULL)
        return rc;
    if (unit_at(d, p) != 0)
        return bad(d, TDI_REASON("string is not NUL-terminated after Length "
                                "characters"));
    return TD_OK;
}

static int string_event(td_umt_decoder *d, td_umt_event *ev)
{
    uint64_t unit = d->str.wide ? 2 : 1;
    tdi_umt_event(d, ev, TD_UMT_EV_STRING, d->str.file, d->str.at,
              d->payload.end + unit - d->str.at);
    ev->string.role = d->str.role;
    ev->string.wide = d->str.wide;
    ev->string.layout = d->str.layout;
    ev->string.length = (d->payload.end - d->payload.start) >> (unit - 1);
    ev->string.data_offset = d->payload.start;
    return TD_EVENT;
}

int tdi_umt_string_step(td_umt_decoder *d, td_umt_event *ev)
{
    int rc;
    switch (d->str.step) {
    case S_HEAD:
        rc = head(d);
        break;
    case S_TERMINATOR:
        rc = terminator(d);
        if (rc == TD_OK && (d->flags & TD_UMT_NO_PAYLOADS) != 0)
            return TDI_DONE;
        break;
    case S_EVENT:
        d->str.step = S_BYTES;
        return string_event(d, ev);
    default:
        return tdi_umt_fragment(d, ev);
    }
    if (rc != TD_OK)
        return rc;
    d->str.step++;
    return TDI_AGAIN;
}
