/*
 * rvn_metadata.c - the _metadata row (rvnsqlite ResourceDatabase) and the
 * semantic versions in it (rvnmetadata Version::from_string).
 *
 * Technique. Layouts are told apart by the number of values in the row:
 * 7 (metadata version 1: metadata_version, type, format_version,
 * tool_name, tool_version, tool_info, generation_date) or 5 (version 0:
 * no metadata_version nor tool_version). Texts go out as fragments and the
 * two versions are parsed on the way by a small state machine equivalent
 * to rvnmetadata's regular expression
 *   ^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)
 *    (-[0-9A-Za-z-]+[.0-9A-Za-z-]*)?(\+[0-9A-Za-z-]+[.0-9A-Za-z-]*)?$
 * plus its rule that a numeric pre-release or build identifier may not
 * start with 0. Numbers that do not fit 64 bits are refused (stoull
 * throws there too).
 */
#include "rvn_internal.h"

enum semver_state {
    SV_NUMBER_FIRST = 0, /* part 0..2 in s->out: the first digit */
    SV_NUMBER,           /* more digits */
    SV_ZERO,             /* a part that is "0" */
    SV_IDENT_FIRST,      /* after - or +: an identifier character */
    SV_IDENT,            /* pre-release or build characters */
    SV_BAD
};

/* The number parts are stored in major, minor, patch in turn; `ident_len`
 * doubles as the part index before the pre-release. */
static void store_part(td_rvn_semver *s)
{
    uint64_t *parts[3];
    parts[0] = &s->out->major;
    parts[1] = &s->out->minor;
    parts[2] = &s->out->patch;
    *parts[s->ident_len] = s->number;
    s->ident_len++;
    s->number = 0;
}

static bool ident_char(int c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
           (c >= 'A' && c <= 'Z') || c == '-';
}

static void rvn_semver_begin(td_rvn_semver *s, td_rvn_version *out)
{
    memset(s, 0, sizeof *s);
    s->out = out;
    memset(out, 0, sizeof *out);
    s->state = SV_NUMBER_FIRST;
}

/* An identifier of the pre-release or build ended. */
static void end_ident(td_rvn_semver *s)
{
    if (s->ident_len > 0 && s->ident_digits && s->ident_zero)
        s->state = SV_BAD;
    s->ident_len = 0;
    s->ident_digits = true;
    s->ident_zero = false;
}

static void start_ident(td_rvn_semver *s, int c)
{
    if (c == '-')
        s->out->prerelease = true;
    else
        s->out->build = true;
    s->ident_len = 0;
    s->ident_digits = true;
    s->ident_zero = false;
    s->state = SV_IDENT_FIRST;
}

static void number_char(td_rvn_semver *s, int c)
{
    bool digit = c >= '0' && c <= '9';
    if (s->state != SV_ZERO && digit) {
        uint64_t d = (uint64_t)(c - '0');
        if (s->state == SV_NUMBER_FIRST && d == 0) {
            s->state = SV_ZERO;
            return;
        }
        /* UINT64_MAX is 1844674407370955161 * 10 + 5 (no 64-bit division
         * on 32-bit targets). */
        if (s->number > 1844674407370955161u ||
            (s->number == 1844674407370955161u && d > 5)) {
            s->state = SV_BAD;
            return;
        }
        s->number = s->number * 10 + d;
        s->state = SV_NUMBER;
        return;
    }
    if (s->state == SV_NUMBER_FIRST) {
        s->state = SV_BAD;
        return;
    }
    if (c == '.' && s->ident_len < 2) {
        store_part(s);
        s->state = SV_NUMBER_FIRST;
    } else if ((c == '-' || c == '+') && s->ident_len == 2) {
        store_part(s);
        start_ident(s, c);
    } else {
        s->state = SV_BAD;
    }
}

static void ident_text(td_rvn_semver *s, int c)
{
    if (c == '+' && s->state == SV_IDENT && !s->out->build) {
        end_ident(s);
        if (s->state != SV_BAD)
            start_ident(s, c);
        return;
    }
    if (c == '.' && s->state == SV_IDENT) {
        end_ident(s);
        return;
    }
    if (!ident_char(c)) {
        s->state = SV_BAD;
        return;
    }
    if (s->ident_len == 0)
        s->ident_zero = c == '0';
    if (c < '0' || c > '9')
        s->ident_digits = false;
    s->ident_len++;
    s->state = SV_IDENT;
}

static void semver_char(td_rvn_semver *s, int c)
{
    if (s->state == SV_BAD)
        return;
    if (s->state <= SV_ZERO)
        number_char(s, c);
    else
        ident_text(s, c);
}

static void rvn_semver_feed(td_rvn_semver *s, int encoding,
                            const uint8_t *p, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        if (encoding == TD_SQLITE_UTF8) {
            semver_char(s, p[i]);
        } else if (!s->have_byte) {
            s->unit_byte = p[i];
            s->have_byte = true;
        } else {
            semver_char(s, encoding == TD_SQLITE_UTF16LE
                               ? s->unit_byte | p[i] << 8
                               : s->unit_byte << 8 | p[i]);
            s->have_byte = false;
        }
    }
}

static bool rvn_semver_end(td_rvn_semver *s)
{
    if (s->state == SV_NUMBER || s->state == SV_ZERO) {
        if (s->ident_len != 2)
            return false;
        store_part(s);
        return !s->have_byte;
    }
    if (s->state != SV_IDENT)
        return false;
    end_ident(s);
    return s->state != SV_BAD && !s->have_byte;
}

/* ---- The row ------------------------------------------------------------- */

/* What column `column` of the layout holds: 'v' metadata version, 't' type,
 * 'd' date, or a td_rvn_text field number ('0' + field). */
static char column_role(const td_rvn_decoder *r, uint32_t column)
{
    static const char v1[] = "vt0123d", v0[] = "t013d";
    return r->layout_v1 ? v1[column] : v0[column];
}

static int integer_column(td_rvn_decoder *r, char role, const td_sqlite_value *v)
{
    if (v->type != TD_SQLITE_INTEGER)
        return tdi_rvn_fail(r, TD_E_RVN_METADATA, r->row.offset,
                        TDI_REASON("_metadata: an integer column holds "
                                  "another type"));
    if (role == 'v') {
        r->meta.metadata_version = (uint32_t)v->integer;
        if (v->integer < 0 || v->integer > 1)
            return tdi_rvn_fail(r, TD_E_RVN_VERSION, r->row.offset,
                            TDI_REASON("metadata version in the future (not "
                                      "0 or 1)"));
    } else if (role == 't') {
        r->meta.type = (uint32_t)v->integer;
        if (v->integer < 1 || v->integer > 10)
            return tdi_rvn_fail(r, TD_E_RVN_RESOURCE_TYPE, r->row.offset,
                            TDI_REASON("unknown REVEN resource type (not 1 "
                                      "to 10)"));
    } else {
        r->meta.generation_date = v->integer;
    }
    return TDI_AGAIN;
}

static int text_column(td_rvn_decoder *r, int field, const td_sqlite_event *sev,
                       td_rvn_event *ev)
{
    const td_sqlite_value *v = &sev->value;
    bool last = (sev->flags & TD_LAST_FRAGMENT) != 0;
    bool versioned = field == TD_RVN_FORMAT_VERSION ||
                     field == TD_RVN_TOOL_VERSION;
    if (v->type != TD_SQLITE_TEXT)
        return tdi_rvn_fail(r, TD_E_RVN_METADATA, r->row.offset,
                        TDI_REASON("_metadata: a text column holds another "
                                  "type"));
    if (versioned && v->pos == 0)
        rvn_semver_begin(&r->semver, field == TD_RVN_FORMAT_VERSION
                                         ? &r->meta.format
                                         : &r->meta.tool);
    if (versioned)
        rvn_semver_feed(&r->semver, (int)r->db.header.encoding, v->data,
                        v->size);
    if (versioned && last) {
        bool ok = rvn_semver_end(&r->semver);
        if (field == TD_RVN_FORMAT_VERSION)
            r->format_ok = ok;
        else
            r->tool_ok = ok;
    }
    rvn_event(ev, TD_RVN_EV_METADATA_TEXT, sev->offset, sev->size);
    ev->flags = sev->flags & TD_LAST_FRAGMENT;
    ev->text.field = field;
    ev->text.data = v->data;
    ev->text.size = v->size;
    ev->text.pos = v->pos;
    ev->text.length = v->length;
    return TD_EVENT;
}

static int metadata_row(td_rvn_decoder *r, const td_sqlite_event *sev)
{
    if (++r->metadata_rows > 1)
        return tdi_rvn_fail(r, TD_E_RVN_METADATA, sev->offset,
                        TDI_REASON("ill-formed metadata: multiple metadata "
                                  "entries"));
    r->row.offset = sev->offset;
    if (sev->row.columns != 7 && sev->row.columns != 5)
        return tdi_rvn_fail(r, TD_E_RVN_METADATA, sev->offset,
                        TDI_REASON("_metadata row has neither 7 (version 1) "
                                  "nor 5 (version 0) columns"));
    r->layout_v1 = sev->row.columns == 7;
    r->meta_offset = sev->offset;
    r->meta_size = sev->size;
    return TDI_AGAIN;
}

/* The checks rvnmetadata and rvnblock's Reader make, in their order. */
static int metadata_done(td_rvn_decoder *r, td_rvn_event *ev)
{
    uint64_t at = r->meta_offset;
    if (r->metadata_rows == 0)
        return tdi_rvn_fail(r, TD_E_RVN_METADATA, 0,
                        TDI_REASON("ill-formed metadata: no metadata entry"));
    if (!r->format_ok)
        return tdi_rvn_fail(r, TD_E_RVN_VERSION, at,
                        TDI_REASON("format_version is not a semantic version"));
    if (!r->layout_v1) {
        td_rvn_version *t = &r->meta.tool;
        memset(t, 0, sizeof *t);
        t->major = 1;
        t->prerelease = true; /* "1.0.0-prerelease" */
        r->tool_ok = true;
    }
    if (!r->tool_ok)
        return tdi_rvn_fail(r, TD_E_RVN_VERSION, at,
                        TDI_REASON("tool_version is not a semantic version"));
    if (r->meta.type != TD_RVN_TYPE_BLOCK)
        return tdi_rvn_fail(r, TD_E_RVN_RESOURCE_TYPE, at,
                        TDI_REASON("the resource is not a block trace "
                                  "(type 9)"));
    if (r->meta.format.major != 1)
        return tdi_rvn_fail(r, TD_E_RVN_VERSION, at,
                        TDI_REASON("incompatible format version: the major "
                                  "version is not 1"));
    rvn_event(ev, TD_RVN_EV_METADATA, at, r->meta_size);
    ev->metadata = r->meta;
    r->phase = RP_BLOCKS_START;
    return TD_EVENT;
}

int tdi_rvn_metadata_step(td_rvn_decoder *r, td_rvn_event *ev)
{
    const td_sqlite_event *sev = &r->sev;
    char role;
    int rc = td_sqlite_cursor_next(&r->main, &r->sev);
    if (rc == TD_END)
        return metadata_done(r, ev);
    if (rc != TD_EVENT)
        return rc;
    if (sev->kind == TD_SQLITE_EV_ROW)
        return metadata_row(r, sev);
    role = column_role(r, sev->column);
    if (role >= '0' && role <= '3')
        return text_column(r, role - '0', sev, ev);
    return integer_column(r, role, &sev->value);
}
