/*
 * fault.c - error recording and the names and descriptions of every error
 * and warning code.
 */
#include "fault.h"

int tdi_fail(td_fault *f, int code, uint64_t offset, const char *reason)
{
    if (f->code == 0) {
        f->code = code;
        f->offset = offset;
        f->reason = reason;
    }
    return f->code;
}

typedef struct code_text {
    int code;
    const char *name;
    const char *text;
    const char *reason; /* warnings: the reason their events carry */
} code_text;

#define ERROR_ENTRY(symbol, value, name, text) {symbol, name, text, 0},
#define WARNING_ENTRY(symbol, value, name, text, reason)                      \
    {symbol, name, text, TDI_REASON(reason)},

static const code_text error_table[] = {
    {TD_OK, "ok", "no error", 0},
    TD_ERROR_LIST(ERROR_ENTRY)
};

static const code_text warning_table[] = {
    TD_WARNING_LIST(WARNING_ENTRY)
};

static const code_text unknown = {0, "unknown", "unknown",
                                  TDI_REASON("unknown warning")};

/* The entry of `code` in the table of n entries, or `unknown`. */
static const code_text *find(const code_text *table, size_t n, int code)
{
    size_t i;
    for (i = 0; i < n; i++)
        if (table[i].code == code)
            return &table[i];
    return &unknown;
}

static const code_text *error_entry(int code)
{
    return find(error_table, sizeof error_table / sizeof *error_table, code);
}

static const code_text *warning_entry(int code)
{
    return find(warning_table, sizeof warning_table / sizeof *warning_table,
                code);
}

const char *td_error_name(int code)
{
    return error_entry(code)->name;
}

const char *td_error_text(int code)
{
    return error_entry(code)->text;
}

const char *td_warning_name(int code)
{
    return warning_entry(code)->name;
}

const char *td_warning_text(int code)
{
    return warning_entry(code)->text;
}

const char *tdi_warning_reason(int code)
{
    return warning_entry(code)->reason;
}
