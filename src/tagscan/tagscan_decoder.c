/*
 * tagscan_decoder.c - the tolerant XML tag scanner: its entry points, its
 * dispatch loop, and text.
 *
 * Record kind -> function (file):
 *   text between tags (white space outside elements dropped) -> text
 *     (here)
 *   '<' and what it opens -> tdi_tagscan_after_lt (tagscan_tags.c)
 *   start tag: name -> tdi_tagscan_open_name, attributes (skipped) and
 *     "/>" -> tdi_tagscan_attributes (tagscan_tags.c)
 *   end tag -> tdi_tagscan_close_name (tagscan_tags.c)
 *   comment, CDATA section, declaration (<!DOCTYPE ...>), processing
 *     instruction: skipped -> tdi_tagscan_markup (tagscan_markup.c)
 *   end of input -> at_end (here)
 *
 * Technique. The scanner never stages: each step looks at what is left of
 * the host's span (tdi_input_probe, then the span itself), lets the handler
 * of the current state use as many bytes as it can, and takes them. A state
 * that needs to remember something across spans keeps it in a byte of the
 * state (`count` of a delimiter's characters matched, `quote`, `slash`), so
 * a tag or a comment may be cut anywhere. The element path is the only
 * memory: names are appended to it as their bytes arrive, and an end tag is
 * compared with the innermost name byte by byte. Events point into the path
 * or into the span, so nothing else is copied. Decoders that scan XML
 * through their own cursor (UMT's trace.xml) run the same machine through
 * tagscan_core.h.
 */
#include "tagscan_internal.h"
#include "../common/entry.h"

typedef char tdi_tagscan_fits_320_bytes[sizeof(td_tagscan_decoder) <= 320 ? 1 : -1];

bool tdi_tagscan_is_space(uint8_t c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

void tdi_tagscan_state_init(td_tagscan_state *st)
{
    memset(st, 0, sizeof *st);
}

/* Text between tags: skip leading white space (and everything outside
 * the elements), then hand out the run up to the next '<'. */
static int text(td_tagscan_state *st, td_input *in, td_tagscan_event *ev,
                const uint8_t *p, size_t n)
{
    size_t i = 0, j;
    if (p[0] == '<') {
        st->mark = tdi_input_tell(in);
        tdi_input_take(in, 1);
        st->state = TS_LT;
        st->in_text = 0;
        return TDI_AGAIN;
    }
    if (!st->in_text) {
        while (i < n && p[i] != '<' &&
               (st->depth == 0 || tdi_tagscan_is_space(p[i])))
            i++;
        if (i == n || p[i] == '<') {
            tdi_input_take(in, i);
            return TDI_AGAIN;
        }
        st->in_text = 1;
        st->text_pos = 0;
    }
    j = i;
    while (j < n && p[j] != '<')
        j++;
    memset(ev, 0, sizeof *ev);
    ev->kind = TD_TAGSCAN_EV_TEXT;
    ev->offset = tdi_input_tell(in) + i;
    ev->size = j - i;
    ev->path = st->path;
    ev->path_len = st->path_len;
    ev->depth = st->depth;
    ev->text = p + i;
    ev->text_len = j - i;
    ev->text_pos = st->text_pos;
    st->text_pos += j - i;
    tdi_input_take(in, j);
    return TD_EVENT;
}

static int at_end(const td_tagscan_state *st, const td_input *in, td_fault *f)
{
    if (st->state == TS_TEXT && st->depth == 0)
        return TD_END;
    if (st->state == TS_TEXT)
        return tdi_fail(f, TD_E_TRUNCATED, tdi_input_tell(in),
                       TDI_REASON("the input ends inside an open element"));
    return tdi_fail(f, TD_E_TRUNCATED, st->mark,
                   TDI_REASON("the input ends inside a tag, comment or "
                             "declaration"));
}

static int by_state(td_tagscan_state *st, td_input *in, td_fault *f,
                    td_tagscan_event *ev, const uint8_t *p, size_t n)
{
    switch (st->state) {
    case TS_TEXT:
        return text(st, in, ev, p, n);
    case TS_LT:
        return tdi_tagscan_after_lt(st, in, f, p);
    case TS_OPEN:
        return tdi_tagscan_open_name(st, in, f, ev, p, n);
    case TS_ATTRS:
        return tdi_tagscan_attributes(st, in, f, ev, p, n);
    case TS_CLOSE:
    case TS_CLOSE_TAIL:
        return tdi_tagscan_close_name(st, in, f, ev, p, n);
    default:
        return tdi_tagscan_markup(st, in, p, n);
    }
}

int tdi_tagscan_step(td_tagscan_state *st, td_input *in, td_fault *f,
                 td_tagscan_event *ev)
{
    if (st->end_due) {
        st->end_due = 0;
        st->pop = 1;
        tdi_tagscan_tag_event(st, in, ev, TD_TAGSCAN_EV_END);
        return TD_EVENT;
    }
    if (st->pop) {
        st->pop = 0;
        tdi_tagscan_pop(st);
    }
    for (;;) {
        int rc = tdi_input_probe(in);
        if (rc < 0)
            return TD_NEED_INPUT;
        if (rc == 0)
            return at_end(st, in, f);
        /* Nothing is ever staged: the bytes are the span's. */
        rc = by_state(st, in, f, ev, in->span + in->pos,
                      in->span_len - in->pos);
        if (rc != TDI_AGAIN)
            return rc;
    }
}

/* Begin at offset 0 of `source`. */
static int start(td_tagscan_decoder *s, uint32_t source)
{
    memset(s, 0, sizeof *s);
    tdi_input_init(&s->in);
    tdi_input_seek(&s->in, source, 0);
    s->source = source;
    tdi_tagscan_state_init(&s->st);
    return TD_OK;
}

int td_tagscan_init(td_tagscan_decoder *s, const td_tagscan_config *cfg)
{
    if (s == NULL ||
        (cfg != NULL && (cfg->size < sizeof *cfg || cfg->flags != 0)))
        return TD_E_INVALID_ARGUMENT;
    return start(s, cfg != NULL ? cfg->source : 0);
}

int td_tagscan_reset(td_tagscan_decoder *s)
{
    return s == NULL ? TD_E_INVALID_ARGUMENT : start(s, s->source);
}

const td_fault *td_tagscan_fault(const td_tagscan_decoder *s)
{
    return &s->fault;
}

int td_tagscan_next(td_tagscan_decoder *s, td_tagscan_event *ev)
{
    int rc = s == NULL || ev == NULL
                 ? TD_E_INVALID_ARGUMENT
                 : tdi_entry_next(&s->in, &s->fault, &ev->flags);
    return rc == TDI_AGAIN ? tdi_tagscan_step(&s->st, &s->in, &s->fault, ev)
                           : rc;
}

const td_request *td_tagscan_request(const td_tagscan_decoder *s)
{
    return &s->in.want;
}

int td_tagscan_feed(td_tagscan_decoder *s, const void *data, size_t len)
{
    return s == NULL ? TD_E_INVALID_ARGUMENT
                     : tdi_entry_feed(&s->in, &s->fault, data, len);
}
