/*
 * json.c - see json.h.
 */
#include "json.h"
#include "escape.h"

/* The comma before a value, then its key when it has one. */
static void key(json *j, const char *k)
{
    if (j->comma)
        out_char(j->o, ',');
    if (k != NULL) {
        out_char(j->o, '"');
        out_str(j->o, k);
        out_str(j->o, "\":");
    }
    j->comma = true;
}

void json_begin(json *j, out *o, const char *format)
{
    j->o = o;
    j->comma = false;
    out_char(o, '{');
    json_str(j, "format", format);
    json_u64(j, "schema_version", JSON_SCHEMA_VERSION);
}

void json_begin_valid(json *j, out *o, const char *format,
                      const char *path)
{
    json_begin(j, o, format);
    json_str(j, "path", path);
    json_bool(j, "valid", true);
}

void json_end(json *j)
{
    out_str(j->o, "}\n");
}

void json_u64(json *j, const char *k, uint64_t v)
{
    key(j, k);
    out_u64(j->o, v);
}

void json_i64(json *j, const char *k, int64_t v)
{
    key(j, k);
    out_i64(j->o, v);
}

void json_bool(json *j, const char *k, bool v)
{
    key(j, k);
    out_str(j->o, v ? "true" : "false");
}

void json_null(json *j, const char *k)
{
    key(j, k);
    out_str(j->o, "null");
}

void json_fixed(json *j, const char *k, double v, int decimals)
{
    key(j, k);
    out_printf(j->o, "%.*f", decimals, v);
}

void json_str(json *j, const char *k, const char *s)
{
    json_text(j, k, s, strlen(s));
}

void json_text(json *j, const char *k, const void *text, size_t n)
{
    json_string_open(j, k);
    escape_json(j->o, text, n);
    json_string_close(j);
}

void json_string_open(json *j, const char *k)
{
    key(j, k);
    out_char(j->o, '"');
}

void json_string_close(json *j)
{
    out_char(j->o, '"');
}

void json_open(json *j, const char *k, char bracket)
{
    key(j, k);
    out_char(j->o, bracket);
    j->comma = false;
}

void json_close(json *j, char bracket)
{
    out_char(j->o, bracket == '{' ? '}' : ']');
    j->comma = true;
}
