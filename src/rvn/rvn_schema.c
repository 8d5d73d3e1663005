/*
 * rvn_schema.c - finding the rvnblock tables in sqlite_schema.
 *
 * Technique. Each schema row's type and name are compared, character by
 * character as their fragments pass, with "table" and the five table
 * names (ASCII, case-insensitive like SQLite's names; UTF-16 text is read
 * a code unit at a time), keeping a bit per name still matching: no text
 * is ever copied. A WITHOUT ROWID table is recognised later from its root
 * page's type, which the cursor checks against the kind it expects.
 */
#include "rvn_internal.h"

static const char *const table_names[TD_RVN_TABLE_COUNT] = {
    "_metadata", "blocks", "execution", "instruction_indices", "interrupts"};

static int lower(int c)
{
    return c >= 'A' && c <= 'Z' ? c + 32 : c;
}

static size_t length_of(const char *s)
{
    size_t n = 0;
    while (s[n] != 0)
        n++;
    return n;
}

/* One character of the name (or type) against the candidates. */
static void match_char(td_rvn_decoder *r, unsigned column, int ch)
{
    unsigned i;
    if (column == 0) {
        static const char table[] = "table";
        if (r->name_pos >= 5 || lower(ch) != table[r->name_pos])
            r->type_ok = 0;
    } else {
        for (i = 0; i < TD_RVN_TABLE_COUNT; i++)
            if ((r->name_ok >> i & 1u) &&
                (r->name_pos >= length_of(table_names[i]) ||
                 lower(ch) != table_names[i][r->name_pos]))
                r->name_ok = (uint8_t)(r->name_ok & ~(1u << i));
    }
    r->name_pos++;
}

static void match_bytes(td_rvn_decoder *r, unsigned column, const uint8_t *p,
                        uint32_t n)
{
    int encoding = (int)r->db.header.encoding;
    uint32_t i;
    for (i = 0; i < n; i++) {
        if (encoding == TD_SQLITE_UTF8) {
            match_char(r, column, p[i]);
        } else if (!r->have_byte) {
            r->unit_byte = p[i];
            r->have_byte = true;
        } else {
            int unit = encoding == TD_SQLITE_UTF16LE ? r->unit_byte | p[i] << 8
                                                     : r->unit_byte << 8 | p[i];
            match_char(r, column, unit);
            r->have_byte = false;
        }
    }
}

/* Keep only the candidates as long as what was read. */
static void end_text(td_rvn_decoder *r, unsigned column)
{
    unsigned i;
    if (column == 0) {
        if (r->name_pos != 5)
            r->type_ok = 0;
        return;
    }
    for (i = 0; i < TD_RVN_TABLE_COUNT; i++)
        if (length_of(table_names[i]) != r->name_pos)
            r->name_ok = (uint8_t)(r->name_ok & ~(1u << i));
}

/* A value of the row, or a fragment of it (`last`: its final one). */
static void schema_value(td_rvn_decoder *r, uint32_t column,
                         const td_sqlite_value *v, bool last)
{
    if (column == 3 && v->type == TD_SQLITE_INTEGER) {
        r->row.value[3] = v->integer;
        return;
    }
    if (column > 1)
        return;
    if (v->pos == 0) {
        r->name_pos = 0;
        r->have_byte = false;
    }
    match_bytes(r, column, v->data, v->size);
    if (last)
        end_text(r, column);
}

static void end_row(td_rvn_decoder *r)
{
    unsigned i;
    if (!r->type_ok || r->row.columns == 0)
        return;
    for (i = 0; i < TD_RVN_TABLE_COUNT; i++) {
        if (r->name_ok >> i & 1u) {
            r->present |= 1u << i;
            r->root[i] = (uint32_t)r->row.value[3];
        }
    }
}

static void begin_row(td_rvn_decoder *r, const td_sqlite_event *ev)
{
    uint32_t i;
    end_row(r);
    r->row.columns = ev->row.columns;
    r->row.value[3] = 0;
    r->type_ok = 1;
    r->name_ok = (1u << TD_RVN_TABLE_COUNT) - 1;
    for (i = 0; ev->row.inline_values && i < ev->row.columns; i++)
        schema_value(r, i, &ev->values[i], true);
}

int tdi_rvn_schema_step(td_rvn_decoder *r)
{
    const td_sqlite_event *sev = &r->sev;
    int rc = td_sqlite_cursor_next(&r->main, &r->sev);
    if (rc == TD_END) {
        end_row(r);
        r->phase = RP_TABLES;
        return TDI_AGAIN;
    }
    if (rc != TD_EVENT)
        return rc;
    if (sev->kind == TD_SQLITE_EV_ROW)
        begin_row(r, sev);
    else if (sev->value.type == TD_SQLITE_TEXT ||
             sev->value.type == TD_SQLITE_INTEGER)
        schema_value(r, sev->column, &sev->value,
                     (sev->flags & TD_LAST_FRAGMENT) != 0);
    return TDI_AGAIN;
}

static int missing(td_rvn_decoder *r)
{
    if (!(r->present & 1u << TD_RVN_METADATA_TABLE))
        return tdi_rvn_fail(r, TD_E_RVN_NO_METADATA, 0,
                        TDI_REASON("no _metadata table: is this a REVEN "
                                  "resource database?"));
    return TD_OK;
}

int tdi_rvn_tables_event(td_rvn_decoder *r, td_rvn_event *ev)
{
    unsigned i;
    int rc = missing(r);
    if (rc != TD_OK)
        return rc;
    rvn_event(ev, TD_RVN_EV_TABLES, 0, 0);
    ev->tables.present = r->present;
    for (i = 0; i < TD_RVN_TABLE_COUNT; i++)
        ev->tables.root[i] = r->root[i];
    r->phase = RP_METADATA;
    if (r->part > 0) { /* a later part: only its part of execution */
        r->phase = RP_EXECUTION_START;
        return TD_EVENT;
    }
    return tdi_rvn_cursor(r, &r->main, r->root[TD_RVN_METADATA_TABLE], 0,
                          TD_SQLITE_TABLE) == TD_OK
               ? TD_EVENT
               : tdi_rvn_fail(r, TD_E_RVN_SCHEMA, 0,
                          TDI_REASON("_metadata has no b-tree"));
}
