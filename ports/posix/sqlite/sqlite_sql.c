/*
 * sqlite_sql.c - see sqlite_sql.h.
 *
 * A small tokenizer for SQLite's lexical rules (identifiers bare, "..",
 * [..] or `..`; '..' strings; X'..' blobs; numbers; comments) and a parser
 * of CREATE TABLE that skips what does not shape a record: constraints
 * other than PRIMARY KEY, DEFAULT and GENERATED, parenthesised
 * expressions. The rowid alias follows SQLite: one PRIMARY KEY column whose
 * declared type is exactly INTEGER, not DESC in the column form. Affinity
 * follows "Determination Of Column Affinity"; only REAL matters when
 * reading (an integer stored in a REAL column reads back as a real).
 */
#include "sqlite_sql.h"
#include "sqlite_quote.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

typedef struct token {
    const char *s;
    size_t n;
    char kind; /* 'i' identifier, 's' string, 'x' blob, 'n' number,
                  'p' punctuation, 0 end */
} token;

typedef struct lexer {
    const char *p;
    token t;
} lexer;

static void skip_space(lexer *l)
{
    for (;;) {
        while (isspace((unsigned char)*l->p))
            l->p++;
        if (l->p[0] == '-' && l->p[1] == '-') {
            while (*l->p && *l->p != '\n')
                l->p++;
        } else if (l->p[0] == '/' && l->p[1] == '*') {
            const char *e = strstr(l->p + 2, "*/");
            l->p = e ? e + 2 : l->p + strlen(l->p);
        } else {
            return;
        }
    }
}

static const char *quoted_end(const char *p, char close)
{
    p++;
    while (*p) {
        if (*p == close && p[1] == close && close != ']')
            p += 2;
        else if (*p == close)
            return p + 1;
        else
            p++;
    }
    return p;
}

static void next(lexer *l)
{
    const char *p;
    skip_space(l);
    p = l->p;
    l->t.s = p;
    if (*p == 0) {
        l->t.kind = 0;
        l->t.n = 0;
        return;
    }
    if ((*p == 'x' || *p == 'X') && p[1] == '\'') {
        l->t.kind = 'x';
        l->p = quoted_end(p + 1, '\'');
    } else if (*p == '\'') {
        l->t.kind = 's';
        l->p = quoted_end(p, '\'');
    } else if (*p == '"' || *p == '`' || *p == '[') {
        l->t.kind = 'i';
        l->p = quoted_end(p, *p == '[' ? ']' : *p);
    } else if (isdigit((unsigned char)*p) || (*p == '.' && isdigit((unsigned char)p[1]))) {
        l->t.kind = 'n';
        while (isalnum((unsigned char)*p) || *p == '.' ||
               ((*p == '+' || *p == '-') && (p[-1] == 'e' || p[-1] == 'E')))
            p++;
        l->p = p;
    } else if (isalnum((unsigned char)*p) || *p == '_' || (unsigned char)*p >= 0x80) {
        l->t.kind = 'i';
        while (isalnum((unsigned char)*p) || *p == '_' || *p == '$' ||
               (unsigned char)*p >= 0x80)
            p++;
        l->p = p;
    } else {
        l->t.kind = 'p';
        l->p = p + 1;
    }
    l->t.n = (size_t)(l->p - l->t.s);
}

static bool is_word(const token *t, const char *w)
{
    return t->kind == 'i' && t->n == strlen(w) && strncasecmp(t->s, w, t->n) == 0;
}

static bool is_punct(const token *t, char c)
{
    return t->kind == 'p' && t->s[0] == c;
}

/* An identifier without its quotes. */
static void unquote(const token *t, char *out, size_t cap)
{
    size_t i = 0, j = 0, n = t->n;
    const char *s = t->s;
    char close = 0;
    if (n >= 2 && (s[0] == '"' || s[0] == '`' || s[0] == '[' || s[0] == '\'')) {
        close = s[0] == '[' ? ']' : s[0];
        s++;
        n -= 2;
    }
    for (; i < n && j + 1 < cap; i++) {
        out[j++] = s[i];
        if (close && close != ']' && s[i] == close && i + 1 < n && s[i + 1] == close)
            i++;
    }
    out[j] = 0;
}

/* Skip a parenthesised group; the lexer is on "(". */
static void skip_group(lexer *l)
{
    int depth = 0;
    do {
        if (is_punct(&l->t, '('))
            depth++;
        else if (is_punct(&l->t, ')'))
            depth--;
        next(l);
    } while (depth > 0 && l->t.kind != 0);
}

static bool constraint_word(const token *t)
{
    static const char *const words[] = {"CONSTRAINT", "PRIMARY", "NOT", "NULL",
                                        "UNIQUE", "CHECK", "DEFAULT", "COLLATE",
                                        "REFERENCES", "GENERATED", "AS", NULL};
    int i;
    for (i = 0; words[i]; i++)
        if (is_word(t, words[i]))
            return true;
    return false;
}

static bool real_affinity(const char *type)
{
    char up[256];
    size_t i;
    for (i = 0; type[i] && i + 1 < sizeof up; i++)
        up[i] = (char)toupper((unsigned char)type[i]);
    up[i] = 0;
    if (strstr(up, "INT") || strstr(up, "CHAR") || strstr(up, "CLOB") ||
        strstr(up, "TEXT") || strstr(up, "BLOB"))
        return false;
    return strstr(up, "REAL") || strstr(up, "FLOA") || strstr(up, "DOUB");
}

/* A literal default as -quote prints it (affinity conversions between
 * text and numbers are not modelled: such defaults are unsupported). */
static void parse_default(lexer *l, sql_column *c)
{
    char sign[2] = {0, 0};
    token t;
    if (is_punct(&l->t, '-') || is_punct(&l->t, '+')) {
        sign[0] = l->t.s[0] == '-' ? '-' : 0;
        next(l);
    }
    t = l->t;
    c->default_kind = SQL_DEFAULT_UNSUPPORTED;
    if (t.kind == 'n') {
        char num[128];
        snprintf(num, sizeof num, "%s%.*s", sign, (int)t.n, t.s);
        if (strpbrk(num, ".eE") == NULL && strlen(num) < 19 && !c->real_affinity) {
            c->default_kind = SQL_DEFAULT_INTEGER;
            snprintf(c->default_text, sizeof c->default_text, "%lld",
                     strtoll(num, NULL, 10));
        } else {
            c->default_kind = SQL_DEFAULT_REAL;
            quote_real(strtod(num, NULL), c->default_text);
        }
    } else if (t.kind == 's' && !sign[0] && !c->real_affinity &&
               t.n < sizeof c->default_text) {
        c->default_kind = SQL_DEFAULT_TEXT;
        snprintf(c->default_text, sizeof c->default_text, "%.*s", (int)t.n, t.s);
    } else if (t.kind == 'x' && !sign[0] && t.n + 1 < sizeof c->default_text) {
        size_t i;
        c->default_kind = SQL_DEFAULT_BLOB;
        snprintf(c->default_text, sizeof c->default_text, "%.*s", (int)t.n, t.s);
        c->default_text[0] = 'X';
        for (i = 2; i + 1 < t.n; i++)
            c->default_text[i] = (char)tolower((unsigned char)c->default_text[i]);
    } else if (is_word(&t, "NULL") && !sign[0]) {
        c->default_kind = SQL_DEFAULT_NULL;
    } else if ((is_word(&t, "TRUE") || is_word(&t, "FALSE")) && !sign[0]) {
        c->default_kind = SQL_DEFAULT_INTEGER;
        strcpy(c->default_text, is_word(&t, "TRUE") ? "1" : "0");
    }
    if (is_punct(&t, '('))
        skip_group(l);
    else
        next(l);
}

static int add_pk(sql_table *t, size_t col)
{
    size_t i;
    for (i = 0; i < t->pk_count; i++)
        if (t->pk[i] == col)
            return 0;
    t->pk = realloc(t->pk, (t->pk_count + 1) * sizeof *t->pk);
    if (t->pk == NULL)
        return -1;
    t->pk[t->pk_count++] = col;
    return 0;
}

static long find_column(const sql_table *t, const char *name)
{
    size_t i;
    for (i = 0; i < t->count; i++)
        if (strcasecmp(t->columns[i].name, name) == 0)
            return (long)i;
    return -1;
}

/* Column constraints up to "," or ")". */
static void column_constraints(lexer *l, sql_table *t, size_t col,
                               bool integer_type)
{
    sql_column *c = &t->columns[col];
    while (l->t.kind != 0 && !is_punct(&l->t, ',') && !is_punct(&l->t, ')')) {
        if (is_word(&l->t, "PRIMARY")) {
            bool desc = false;
            next(l); /* KEY */
            next(l);
            if (is_word(&l->t, "DESC"))
                desc = true;
            add_pk(t, col);
            if (integer_type && !desc)
                t->rowid_alias = (int)col;
            continue;
        }
        if (is_word(&l->t, "DEFAULT")) {
            next(l);
            parse_default(l, c);
            continue;
        }
        if (is_word(&l->t, "AS") || is_word(&l->t, "GENERATED"))
            c->generated = true;
        if (is_punct(&l->t, '('))
            skip_group(l);
        else
            next(l);
    }
}

static int column_def(lexer *l, sql_table *t)
{
    sql_column *c;
    char type[256] = "";
    size_t col = t->count;
    t->columns = realloc(t->columns, (t->count + 1) * sizeof *t->columns);
    if (t->columns == NULL)
        return -1;
    c = &t->columns[t->count++];
    memset(c, 0, sizeof *c);
    unquote(&l->t, c->name, sizeof c->name);
    next(l);
    while (l->t.kind == 'i' && !constraint_word(&l->t)) {
        if (type[0])
            strncat(type, " ", sizeof type - strlen(type) - 1);
        strncat(type, l->t.s, l->t.n < sizeof type - strlen(type) - 1
                                  ? l->t.n : sizeof type - strlen(type) - 1);
        next(l);
        if (is_punct(&l->t, '(')) {
            strncat(type, "(", sizeof type - strlen(type) - 1);
            skip_group(l);
        }
    }
    c->real_affinity = real_affinity(type);
    c->integer_type = strcasecmp(type, "INTEGER") == 0;
    column_constraints(l, t, col, c->integer_type);
    return 0;
}

/* PRIMARY KEY ( a, b DESC, ... ) as a table constraint. */
static void table_primary_key(lexer *l, sql_table *t)
{
    size_t first = t->pk_count;
    next(l); /* KEY */
    next(l); /* ( */
    next(l);
    while (l->t.kind != 0 && !is_punct(&l->t, ')')) {
        if (l->t.kind == 'i' && !is_word(&l->t, "ASC") &&
            !is_word(&l->t, "DESC") && !is_word(&l->t, "COLLATE")) {
            char name[128];
            long col;
            unquote(&l->t, name, sizeof name);
            col = find_column(t, name);
            if (col >= 0)
                add_pk(t, (size_t)col);
        } else if (is_word(&l->t, "COLLATE")) {
            next(l);
        }
        next(l);
    }
    if (t->pk_count == first + 1 && first == 0 &&
        t->columns[t->pk[0]].integer_type)
        t->rowid_alias = (int)t->pk[0];
}

static bool starts_table_constraint(const token *t)
{
    return is_word(t, "CONSTRAINT") || is_word(t, "PRIMARY") ||
           is_word(t, "UNIQUE") || is_word(t, "CHECK") ||
           is_word(t, "FOREIGN");
}

int sql_parse_table(const char *sql, sql_table *t, char *err, size_t errlen)
{
    lexer l;
    memset(t, 0, sizeof *t);
    t->rowid_alias = -1;
    l.p = sql;
    next(&l);
    while (l.t.kind != 0 && !is_punct(&l.t, '('))
        next(&l);
    if (l.t.kind == 0) {
        snprintf(err, errlen, "not a CREATE TABLE with a column list");
        return -1;
    }
    next(&l);
    while (l.t.kind != 0 && !is_punct(&l.t, ')')) {
        if (starts_table_constraint(&l.t)) {
            if (is_word(&l.t, "CONSTRAINT")) {
                next(&l);
                next(&l);
            }
            if (is_word(&l.t, "PRIMARY"))
                table_primary_key(&l, t);
            while (l.t.kind != 0 && !is_punct(&l.t, ',') && !is_punct(&l.t, ')')) {
                if (is_punct(&l.t, '('))
                    skip_group(&l);
                else
                    next(&l);
            }
        } else if (column_def(&l, t) != 0) {
            snprintf(err, errlen, "out of memory");
            return -1;
        }
        if (is_punct(&l.t, ','))
            next(&l);
    }
    next(&l);
    while (l.t.kind != 0) {
        if (is_word(&l.t, "WITHOUT"))
            t->without_rowid = true;
        next(&l);
    }
    if (t->without_rowid)
        t->rowid_alias = -1;
    return 0;
}

void sql_table_free(sql_table *t)
{
    free(t->columns);
    free(t->pk);
    memset(t, 0, sizeof *t);
}
