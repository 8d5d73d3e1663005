/*
 * tagscan_tags.c - start and end tags, and the element path.
 *
 * The path holds "/name" for each open element; name_start is where the
 * innermost name begins, so an end tag compares its bytes with
 * path[name_start + count] as they arrive. A start tag's name is appended
 * as it is read; its attributes are skipped, quotes respected, and a '/'
 * right before the '>' makes it self-closing.
 */
#include "tagscan_internal.h"

static bool is_name_byte(uint8_t c)
{
    return !tdi_tagscan_is_space(c) && c != '/' && c != '>' && c != '<';
}

void tdi_tagscan_tag_event(const td_tagscan_state *st, const td_input *in,
                       td_tagscan_event *ev, int kind)
{
    memset(ev, 0, sizeof *ev);
    ev->kind = kind;
    ev->offset = st->mark;
    ev->size = tdi_input_tell(in) - st->mark;
    ev->path = st->path;
    ev->path_len = st->path_len;
    ev->depth = st->depth;
}

void tdi_tagscan_pop(td_tagscan_state *st)
{
    size_t i;
    st->path_len = (uint16_t)(st->name_start - 1);
    st->depth--;
    for (i = st->path_len; i > 0 && st->path[i - 1] != '/'; i--)
        continue;
    st->name_start = (uint16_t)i;
}

static int syntax(const td_tagscan_state *st, td_fault *f, const char *why)
{
    return tdi_fail(f, TD_E_TAGSCAN_SYNTAX, st->mark, why);
}

static int mismatch(const td_tagscan_state *st, td_fault *f)
{
    return tdi_fail(f, TD_E_TAGSCAN_MISMATCH, st->mark,
                   st->depth == 0
                       ? TDI_REASON("end tag without an open element")
                       : TDI_REASON("end tag does not name the innermost "
                                   "open element"));
}

/* A new element: "/" goes on the path; its name follows in TS_OPEN. */
static int begin_element(td_tagscan_state *st, td_fault *f)
{
    if (st->depth >= TD_TAGSCAN_DEPTH_MAX)
        return tdi_fail(f, TD_E_TAGSCAN_LIMIT, st->mark,
                       TDI_REASON("elements nested deeper than "
                                 "TD_TAGSCAN_DEPTH_MAX"));
    if (st->path_len + 2u > TD_TAGSCAN_PATH_MAX)
        return tdi_fail(f, TD_E_TAGSCAN_LIMIT, st->mark,
                       TDI_REASON("element path longer than "
                                 "TD_TAGSCAN_PATH_MAX"));
    st->path[st->path_len++] = '/';
    st->name_start = st->path_len;
    st->state = TS_OPEN;
    return TDI_AGAIN;
}

int tdi_tagscan_after_lt(td_tagscan_state *st, td_input *in, td_fault *f,
                     const uint8_t *p)
{
    st->count = 0;
    if (p[0] == '/') {
        tdi_input_take(in, 1);
        if (st->depth == 0)
            return mismatch(st, f);
        st->state = TS_CLOSE;
        return TDI_AGAIN;
    }
    if (p[0] == '?' || p[0] == '!') {
        tdi_input_take(in, 1);
        st->state = p[0] == '?' ? TS_PI : TS_BANG;
        return TDI_AGAIN;
    }
    if (!is_name_byte(p[0]))
        return syntax(st, f,
                      TDI_REASON("'<' is not followed by a name, '/', "
                                "'?' or '!'"));
    return begin_element(st, f);
}

/* The start tag's '>' was taken: the element is open. */
static int start_tag_done(td_tagscan_state *st, const td_input *in,
                          td_tagscan_event *ev)
{
    st->depth++;
    st->state = TS_TEXT;
    st->end_due = st->slash;
    st->slash = 0;
    st->quote = 0;
    tdi_tagscan_tag_event(st, in, ev, TD_TAGSCAN_EV_START);
    return TD_EVENT;
}

int tdi_tagscan_open_name(td_tagscan_state *st, td_input *in, td_fault *f,
                      td_tagscan_event *ev, const uint8_t *p, size_t n)
{
    size_t i = 0;
    while (i < n && is_name_byte(p[i])) {
        if (st->path_len >= TD_TAGSCAN_PATH_MAX)
            return tdi_fail(f, TD_E_TAGSCAN_LIMIT, st->mark,
                           TDI_REASON("element path longer than "
                                     "TD_TAGSCAN_PATH_MAX"));
        st->path[st->path_len++] = (char)p[i++];
    }
    tdi_input_take(in, i);
    if (i == n)
        return TDI_AGAIN;
    if (p[i] == '<')
        return syntax(st, f, TDI_REASON("'<' inside a start tag"));
    st->state = TS_ATTRS;
    st->slash = 0;
    if (p[i] != '>')
        return TDI_AGAIN;
    tdi_input_take(in, 1);
    return start_tag_done(st, in, ev);
}

int tdi_tagscan_attributes(td_tagscan_state *st, td_input *in, td_fault *f,
                       td_tagscan_event *ev, const uint8_t *p, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        uint8_t c = p[i];
        if (st->quote != 0) {
            if (c == st->quote)
                st->quote = 0;
        } else if (c == '>') {
            tdi_input_take(in, i + 1);
            return start_tag_done(st, in, ev);
        } else if (c == '<') {
            tdi_input_take(in, i);
            return syntax(st, f, TDI_REASON("'<' inside a start tag"));
        } else if (c == '"' || c == '\'') {
            st->quote = c;
            st->slash = 0;
        } else if (!tdi_tagscan_is_space(c)) {
            st->slash = c == '/';
        }
    }
    tdi_input_take(in, n);
    return TDI_AGAIN;
}

/* The end tag's '>' was taken: END now, the element leaves the path at
 * the next step. */
static int end_tag_done(td_tagscan_state *st, const td_input *in,
                        td_tagscan_event *ev)
{
    st->state = TS_TEXT;
    st->pop = 1;
    tdi_tagscan_tag_event(st, in, ev, TD_TAGSCAN_EV_END);
    return TD_EVENT;
}

int tdi_tagscan_close_name(td_tagscan_state *st, td_input *in, td_fault *f,
                       td_tagscan_event *ev, const uint8_t *p, size_t n)
{
    size_t top = (size_t)st->path_len - st->name_start, i;
    for (i = 0; i < n; i++) {
        uint8_t c = p[i];
        if (st->state == TS_CLOSE && is_name_byte(c)) {
            if (st->count >= top ||
                (uint8_t)st->path[st->name_start + st->count] != c)
                return mismatch(st, f);
            st->count++;
        } else if (c == '>' || tdi_tagscan_is_space(c)) {
            if (st->state == TS_CLOSE && st->count != top)
                return mismatch(st, f);
            st->state = TS_CLOSE_TAIL;
            if (c == '>') {
                tdi_input_take(in, i + 1);
                return end_tag_done(st, in, ev);
            }
        } else {
            return syntax(st, f,
                          TDI_REASON("unexpected character in an end "
                                    "tag"));
        }
    }
    tdi_input_take(in, n);
    return TDI_AGAIN;
}
