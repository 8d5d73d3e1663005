/*
 * json.h - the JSON summaries of the command line (`info --json`, `stat
 * --json`, `validate --json`): one object on one line, written key by
 * key on an `out`. Every summary begins with "format" and
 * "schema_version" (docs/json.md holds the schema of each). Keys are
 * literals written as given; strings from the input are escaped
 * (escape_json).
 */
#ifndef TRACEDEC_JSON_H
#define TRACEDEC_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "out.h"

/* The version of the schemas in docs/json.md: raised when a key changes
 * meaning or goes away (new keys keep it). */
#define JSON_SCHEMA_VERSION 1

typedef struct json {
    out *o;
    bool comma;          /* a value came before: the next one needs ',' */
} json;

/* Start a summary: {"format":FORMAT,"schema_version":N */
void json_begin(json *j, out *o, const char *format);

/* Start validate's summary of a valid input: json_begin, then "path"
 * and "valid":true. */
void json_begin_valid(json *j, out *o, const char *format,
                      const char *path);

/* End it: "}" and a newline. */
void json_end(json *j);

/* A key and its value. In an array, key is NULL. */
void json_u64(json *j, const char *key, uint64_t v);
void json_i64(json *j, const char *key, int64_t v);
void json_bool(json *j, const char *key, bool v);
void json_null(json *j, const char *key);

/* A number with `decimals` digits after the point ("%.*f"). */
void json_fixed(json *j, const char *key, double v, int decimals);

/* A string: s up to its NUL, or n bytes of text, escaped. */
void json_str(json *j, const char *key, const char *s);
void json_text(json *j, const char *key, const void *text, size_t n);

/* A string written in pieces: json_string_open, escape_json(j->o, ...)
 * for each piece, json_string_close. */
void json_string_open(json *j, const char *key);
void json_string_close(json *j);

/* An object ('{') or an array ('[') as the key's value; closed by
 * json_close with the same bracket. */
void json_open(json *j, const char *key, char bracket);
void json_close(json *j, char bracket);

#endif /* TRACEDEC_JSON_H */
