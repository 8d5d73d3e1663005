/*
 * sqlite_sql.h - the shape of a table, from its CREATE TABLE statement in
 * sqlite_schema: what `SELECT *` needs to print a record (column order,
 * the rowid alias, REAL affinity, defaults of columns a record lacks).
 */
#ifndef TRACEDEC_SQLITE_SQL_H
#define TRACEDEC_SQLITE_SQL_H

#include <stdbool.h>
#include <stddef.h>

/* A column's default when a record is shorter than the table. */
enum sql_default { SQL_DEFAULT_NULL, SQL_DEFAULT_INTEGER, SQL_DEFAULT_REAL,
                   SQL_DEFAULT_TEXT, SQL_DEFAULT_BLOB,
                   SQL_DEFAULT_UNSUPPORTED };

typedef struct sql_column {
    char name[128];
    bool real_affinity;   /* REAL, FLOA, DOUB in the type (no INT) */
    bool generated;       /* GENERATED ALWAYS AS / AS (...) */
    bool integer_type;    /* declared type exactly INTEGER */
    int default_kind;     /* enum sql_default */
    char default_text[256]; /* as printed in -quote mode */
} sql_column;

typedef struct sql_table {
    sql_column *columns;
    size_t count;
    int rowid_alias;      /* INTEGER PRIMARY KEY column, or -1 */
    bool without_rowid;
    size_t *pk;           /* WITHOUT ROWID: primary key columns in order */
    size_t pk_count;
} sql_table;

/* Parse `sql` (UTF-8). Returns 0, or -1 with a message in err. */
int sql_parse_table(const char *sql, sql_table *t, char *err, size_t errlen);
void sql_table_free(sql_table *t);

#endif /* TRACEDEC_SQLITE_SQL_H */
