/*
 * fault.c - error recording and the names and descriptions of every error
 * and warning code.
 */
#include "fault.h"

int td_fail(td_fault *f, int code, uint64_t offset, const char *reason)
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
} code_text;

static const code_text error_table[] = {
    {TD_OK, "ok", "no error"},
    {TD_E_INVALID_ARGUMENT, "invalid-argument",
     "a NULL pointer or an out-of-range argument"},
    {TD_E_BAD_CONFIG, "bad-config",
     "caller-supplied memory is too small or misaligned"},
    {TD_E_PROTOCOL, "protocol",
     "the host fed input that was not requested"},
    {TD_E_TRUNCATED, "truncated", "the input ends inside a structure"},
    {TD_E_LIMIT, "limit", "a limit sized by the caller was exceeded"},
    {TD_E_INTERNAL, "internal", "internal error in tracedec"},
    {TD_E_UNKNOWN_FORMAT, "unknown-format",
     "the input is not in a format tracedec knows"},
    {TD_E_XRAY_VERSION, "xray-version",
     "unsupported XRay version for this mode"},
    {TD_E_XRAY_FILE_TYPE, "xray-file-type",
     "XRay header type is neither basic (0) nor FDR (1)"},
    {TD_E_XRAY_METADATA_KIND, "xray-metadata-kind",
     "unknown metadata record kind, or one this version does not have"},
    {TD_E_XRAY_FUNCTION_ACTION, "xray-function-action",
     "unknown function record type"},
    {TD_E_XRAY_BLOCK_ORDER, "xray-block-order",
     "record out of place in its buffer"},
    {TD_E_XRAY_EXTENTS, "xray-extents",
     "record crosses the end of its buffer"},
    {TD_E_XRAY_TYPED_EVENT_EXTENTS, "xray-typed-event-extents",
     "buffer cut short by the compiler-rt typed-event extents bug"},
    {TD_E_XRAY_EVENT_SIZE, "xray-event-size",
     "custom or typed event size is not positive"},
    {TD_E_XRAY_CALL_ARGUMENT, "xray-call-argument",
     "call argument does not follow a function entry"},
    {TD_E_XRAY_BLOCK_INCOMPLETE, "xray-block-incomplete",
     "buffer ends before its first NewCPUId record"},
    {TD_E_XRAY_EXPECTED_EXTENTS, "xray-expected-extents",
     "a buffer does not start with a BufferExtents record"},
    {TD_E_XRAY_BASIC_RECORD_TYPE, "xray-basic-record-type",
     "basic-mode record type is neither 0 nor 1"},
    {TD_E_XRAY_BASIC_ENTRY_TYPE, "xray-basic-entry-type",
     "basic-mode entry type is greater than 3"},
    {TD_E_XRAY_ARG_PAYLOAD, "xray-arg-payload",
     "basic-mode argument payload does not match its entry record"},
};

static const code_text warning_table[] = {
    {TD_W_XRAY_EXIT_WITHOUT_ENTRY, "exit-without-entry",
     "function exit without a matching entry"},
    {TD_W_XRAY_LOST_EXITS, "lost-exits",
     "function exit closes frames whose exits are missing"},
    {TD_W_XRAY_UNFINISHED_CALLS, "unfinished-calls",
     "functions still open at the end of the trace"},
    {TD_W_XRAY_ARG_AFTER_PLAIN_ENTRY, "arg-after-plain-entry",
     "call argument after a plain entry record"},
    {TD_W_XRAY_DETACHED_ARG_PAYLOAD, "detached-arg-payload",
     "argument payload separated from its entry by another thread's records"},
    {TD_W_XRAY_TYPED_EVENT_EXTENTS, "typed-event-extents",
     "bytes cut by the typed-event extents bug were skipped"},
    {TD_W_XRAY_EMPTY_BUFFER, "empty-buffer", "buffer extents of zero bytes"},
    {TD_W_XRAY_DEPTH_LIMIT, "depth-limit",
     "call depth beyond the matcher's limit"},
};

static const code_text *find(const code_text *table, size_t n, int code)
{
    size_t i;
    for (i = 0; i < n; i++)
        if (table[i].code == code)
            return &table[i];
    return NULL;
}

const char *td_error_name(int code)
{
    const code_text *e =
        find(error_table, sizeof error_table / sizeof *error_table, code);
    return e ? e->name : "unknown";
}

const char *td_error_text(int code)
{
    const code_text *e =
        find(error_table, sizeof error_table / sizeof *error_table, code);
    return e ? e->text : "unknown";
}

const char *td_warning_name(int code)
{
    const code_text *e =
        find(warning_table, sizeof warning_table / sizeof *warning_table, code);
    return e ? e->name : "unknown";
}

const char *td_warning_text(int code)
{
    const code_text *e =
        find(warning_table, sizeof warning_table / sizeof *warning_table, code);
    return e ? e->text : "unknown";
}
