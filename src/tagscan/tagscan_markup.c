/*
 * tagscan_markup.c - what the scanner skips: comments <!-- -->, CDATA
 * sections <![CDATA[ ]]>, declarations such as <!DOCTYPE ...> (brackets
 * of an internal subset counted) and processing instructions <? ?>,
 * the XML declaration included.
 *
 * Technique: `count` remembers how much of the closing delimiter (or, after
 * "<!", of the "--" or "[CDATA[" opener) the bytes so far have matched, so
 * every delimiter may be cut by a span boundary.
 */
#include "tagscan_internal.h"

static const char cdata_opener[] = "[CDATA[";

static bool ends_declaration(td_tagscan_state *st, uint8_t c);

/* After "<!" (TS_BANG), "<!-" (TS_BANG_DASH) or part of "<![CDATA["
 * (TS_BANG_CDATA, `count` characters of "[CDATA[" matched): which kind of
 * markup this is. Anything else is a declaration. */
static bool bang(td_tagscan_state *st, uint8_t c)
{
    if (st->state == TS_BANG && c == '-') {
        st->state = TS_BANG_DASH;
        return false;
    }
    if (st->state == TS_BANG_DASH && c == '-') {
        st->state = TS_COMMENT;
        st->count = 0;
        return false;
    }
    if (st->state != TS_BANG_DASH && c == (uint8_t)cdata_opener[st->count]) {
        st->state = TS_BANG_CDATA;
        if (++st->count == sizeof cdata_opener - 1) {
            st->state = TS_CDATA;
            st->count = 0;
        }
        return false;
    }
    st->state = TS_DECL;
    st->count = 0;
    return ends_declaration(st, c);
}

/* Inside a comment or CDATA section: `count` closing characters ('-' or
 * ']') seen in a row, capped at 2; then '>' ends it. */
static bool ends_run(td_tagscan_state *st, uint8_t c, uint8_t closer)
{
    if (c == '>' && st->count >= 2)
        return true;
    if (c == closer) {
        if (st->count < 2)
            st->count++;
    } else {
        st->count = 0;
    }
    return false;
}

/* In a declaration: `count` is the depth of '[' brackets. */
static bool ends_declaration(td_tagscan_state *st, uint8_t c)
{
    if (c == '[' && st->count < 255)
        st->count++;
    else if (c == ']' && st->count > 0)
        st->count--;
    return c == '>' && st->count == 0;
}

static bool ends_instruction(td_tagscan_state *st, uint8_t c)
{
    bool done = c == '>' && st->count == 1;
    st->count = c == '?';
    return done;
}

static bool markup_ends(td_tagscan_state *st, uint8_t c)
{
    switch (st->state) {
    case TS_BANG:
    case TS_BANG_DASH:
    case TS_BANG_CDATA:
        return bang(st, c);
    case TS_COMMENT:
        return ends_run(st, c, '-');
    case TS_CDATA:
        return ends_run(st, c, ']');
    case TS_DECL:
        return ends_declaration(st, c);
    default:
        return ends_instruction(st, c);
    }
}

int tdi_tagscan_markup(td_tagscan_state *st, td_input *in, const uint8_t *p,
                   size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        if (markup_ends(st, p[i])) {
            tdi_input_take(in, i + 1);
            st->state = TS_TEXT;
            st->count = 0;
            return TDI_AGAIN;
        }
    }
    tdi_input_take(in, n);
    return TDI_AGAIN;
}
