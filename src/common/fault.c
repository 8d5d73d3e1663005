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
    {TD_E_DRMEM_RECORD_TYPE, "drmem-record-type",
     "record type that a final offline trace cannot hold"},
    {TD_E_DRMEM_VERSION, "drmem-version",
     "trace version is not 1 to 7, or disagrees with itself"},
    {TD_E_DRMEM_HEADER, "drmem-header",
     "the stream does not open with HEADER, THREAD and PID"},
    {TD_E_DRMEM_FILETYPE, "drmem-filetype", "impossible or missing file type"},
    {TD_E_DRMEM_ENCODING, "drmem-encoding",
     "ENCODING records that do not fit their instruction"},
    {TD_E_DRMEM_CHUNK, "drmem-chunk",
     "chunk footer, record ordinal or instruction count is wrong"},
    {TD_E_DRMEM_TIMESTAMP, "drmem-timestamp",
     "timestamp smaller than the thread's previous one"},
    {TD_E_DRMEM_END, "drmem-end",
     "records after the FOOTER, or no FOOTER at the end"},
    {TD_E_DRMEM_MARKER, "drmem-marker", "marker out of place"},
    {TD_E_DRMEM_BRANCH, "drmem-branch",
     "branch record kind that this version does not write"},
    {TD_E_DRMEM_SIZE, "drmem-size", "impossible instruction or access size"},
    {TD_E_DRMEM_THREAD, "drmem-thread",
     "THREAD_EXIT names another thread than the current one"},
    {TD_E_INFLATE_BLOCK_TYPE, "inflate-block-type",
     "deflate block type 3 does not exist"},
    {TD_E_INFLATE_STORED_LENGTH, "inflate-stored-length",
     "stored block length does not match its complement"},
    {TD_E_INFLATE_CODE_LENGTHS, "inflate-code-lengths",
     "bad code lengths in a dynamic block header"},
    {TD_E_INFLATE_HUFFMAN, "inflate-huffman",
     "over-subscribed or incomplete Huffman code"},
    {TD_E_INFLATE_SYMBOL, "inflate-symbol",
     "literal/length or distance symbol that does not exist"},
    {TD_E_INFLATE_DISTANCE, "inflate-distance",
     "match distance reaches before the start of the stream"},
    {TD_E_GZIP_MAGIC, "gzip-magic", "not a gzip member (1f 8b)"},
    {TD_E_GZIP_METHOD, "gzip-method", "gzip compression method is not 8"},
    {TD_E_GZIP_FLAGS, "gzip-flags", "reserved gzip flag bits are set"},
    {TD_E_GZIP_HEADER_CRC, "gzip-header-crc",
     "gzip header CRC does not match"},
    {TD_E_GZIP_CRC, "gzip-crc", "CRC-32 of a gzip member does not match"},
    {TD_E_GZIP_SIZE, "gzip-size", "ISIZE of a gzip member does not match"},
    {TD_E_ZIP_SIGNATURE, "zip-signature", "unknown zip record signature"},
    {TD_E_ZIP_METHOD, "zip-method",
     "zip member method is neither stored nor deflate"},
    {TD_E_ZIP_ENCRYPTED, "zip-encrypted", "zip member is encrypted"},
    {TD_E_ZIP_CRC, "zip-crc", "CRC-32 of a zip member does not match"},
    {TD_E_ZIP_SIZE, "zip-size", "zip member sizes disagree with its data"},
    {TD_E_ZIP_DESCRIPTOR, "zip-descriptor",
     "bad or unusable zip data descriptor"},
    {TD_E_ZIP_ZIP64, "zip-zip64", "malformed zip64 extra field"},
    {TD_E_ZIP_CENTRAL, "zip-central",
     "zip central directory disagrees with the local headers"},
    {TD_E_ZIP_END, "zip-end", "bad end of central directory record"},
    {TD_E_LZ4_MAGIC, "lz4-magic", "not an LZ4 frame"},
    {TD_E_LZ4_VERSION, "lz4-version",
     "LZ4 frame version or reserved bits are wrong"},
    {TD_E_LZ4_BLOCK_SIZE, "lz4-block-size",
     "bad LZ4 block maximum size, or a block larger than it"},
    {TD_E_LZ4_HEADER_CHECKSUM, "lz4-header-checksum",
     "LZ4 frame header checksum does not match"},
    {TD_E_LZ4_BLOCK_CHECKSUM, "lz4-block-checksum",
     "LZ4 block checksum does not match"},
    {TD_E_LZ4_CONTENT_CHECKSUM, "lz4-content-checksum",
     "LZ4 content checksum does not match"},
    {TD_E_LZ4_CONTENT_SIZE, "lz4-content-size",
     "LZ4 content size does not match the data"},
    {TD_E_LZ4_CORRUPT, "lz4-corrupt", "bad sequence in an LZ4 block"},
    {TD_E_LZ4_DICTIONARY, "lz4-dictionary",
     "LZ4 frame needs a dictionary"},
    {TD_E_SNAPPY_STREAM_ID, "snappy-stream-id",
     "missing or bad snappy stream identifier"},
    {TD_E_SNAPPY_CHUNK_TYPE, "snappy-chunk-type",
     "reserved unskippable snappy chunk type"},
    {TD_E_SNAPPY_CRC, "snappy-crc", "snappy chunk CRC-32C does not match"},
    {TD_E_SNAPPY_LENGTH, "snappy-length", "impossible snappy chunk length"},
    {TD_E_SNAPPY_CORRUPT, "snappy-corrupt", "bad snappy compressed data"},
    {TD_E_UMT_VERSION, "umt-version",
     "a UMT header version the format documents do not describe"},
    {TD_E_UMT_HEADER, "umt-header", "impossible UMT table or file header"},
    {TD_E_UMT_OFFSETS, "umt-offsets",
     "record offsets out of order or outside their file"},
    {TD_E_UMT_RECORD_TYPE, "umt-record-type",
     "execution record type that does not exist"},
    {TD_E_UMT_FLAGS, "umt-flags", "flag bits not allowed here"},
    {TD_E_UMT_RECORD_SIZE, "umt-record-size",
     "record window disagrees with the record's size"},
    {TD_E_UMT_POINTER, "umt-pointer",
     "file pointer outside its file, extra area or record window"},
    {TD_E_UMT_STRING, "umt-string",
     "string fits neither the 2013 nor the as-built layout, or not the "
     "trace's layout"},
    {TD_E_UMT_SLOT, "umt-slot", "bad local-context slot"},
    {TD_E_UMT_OPERAND, "umt-operand", "bad explicit operand"},
    {TD_E_UMT_DECODED, "umt-decoded", "impossible decoded instruction field"},
    {TD_E_UMT_REFERENCE, "umt-reference",
     "thread, instruction, syscall or module ID outside its table"},
    {TD_E_UMT_PREV_NEXT, "umt-prev-next",
     "previous/next record links are inconsistent"},
    {TD_E_UMT_THREAD, "umt-thread",
     "thread row disagrees with the thread's records"},
    {TD_E_UMT_SYSCALL, "umt-syscall",
     "syscall record disagrees with the execution records"},
    {TD_E_UMT_CONTEXT_MAP, "umt-context-map",
     "bad context map size or register entry"},
    {TD_E_UMT_FILE_SIZE, "umt-file-size",
     "file is longer than its structures"},
    {TD_E_UMT_ROW, "umt-row", "impossible table row value"},
    {TD_E_UMT_SEQUENCE, "umt-sequence", "execution record out of place"},
    {TD_E_TAGSCAN_SYNTAX, "tagscan-syntax", "'<' does not start a tag"},
    {TD_E_TAGSCAN_MISMATCH, "tagscan-mismatch",
     "end tag does not close the open element"},
    {TD_E_TAGSCAN_LIMIT, "tagscan-limit",
     "element path deeper or longer than the scanner's limit"},
    {TD_E_SQLITE_MAGIC, "sqlite-magic",
     "not an SQLite database (no \"SQLite format 3\" header)"},
    {TD_E_SQLITE_HEADER, "sqlite-header", "a database header field is wrong"},
    {TD_E_SQLITE_WAL, "sqlite-wal",
     "a non-empty -wal file holds pages the database file lacks"},
    {TD_E_SQLITE_HOT_JOURNAL, "sqlite-hot-journal",
     "a hot -journal file: the database file may be half-written"},
    {TD_E_SQLITE_PAGE_NUMBER, "sqlite-page-number",
     "page number out of range, or of a page that cannot be used there"},
    {TD_E_SQLITE_PAGE_TYPE, "sqlite-page-type",
     "b-tree page type wrong for its tree or level"},
    {TD_E_SQLITE_PAGE_HEADER, "sqlite-page-header",
     "b-tree page header: cell count, content area or freeblocks"},
    {TD_E_SQLITE_CELL, "sqlite-cell", "cell outside its page's content area"},
    {TD_E_SQLITE_DEPTH, "sqlite-depth",
     "b-tree deeper than 20 levels, or leaves at different depths"},
    {TD_E_SQLITE_CYCLE, "sqlite-cycle", "a b-tree reaches a page twice"},
    {TD_E_SQLITE_KEY_ORDER, "sqlite-key-order",
     "b-tree keys are not strictly increasing"},
    {TD_E_SQLITE_OVERFLOW, "sqlite-overflow",
     "overflow chain of the wrong length or not ending with 0"},
    {TD_E_SQLITE_RECORD, "sqlite-record",
     "bad record header, serial type or value sizes"},
    {TD_E_SQLITE_SCHEMA, "sqlite-schema", "malformed sqlite_schema row"},
    {TD_E_SQLITE_FREELIST, "sqlite-freelist",
     "the freelist disagrees with the header"},
    {TD_E_RVN_NO_METADATA, "rvn-no-metadata",
     "no _metadata table: not a REVEN resource database"},
    {TD_E_RVN_METADATA, "rvn-metadata",
     "_metadata does not hold exactly one well-formed row"},
    {TD_E_RVN_RESOURCE_TYPE, "rvn-resource-type",
     "the REVEN resource is not a block trace (type 9)"},
    {TD_E_RVN_VERSION, "rvn-version",
     "bad or incompatible format or metadata version"},
    {TD_E_RVN_SCHEMA, "rvn-schema", "a block-trace table is missing or misshapen"},
    {TD_E_RVN_BLOCK, "rvn-block", "bad blocks row"},
    {TD_E_RVN_INTERRUPT_BLOCK, "rvn-interrupt-block",
     "blocks rowid 1 is not the \"interrupt\" block"},
    {TD_E_RVN_EXECUTION, "rvn-execution", "bad execution row"},
    {TD_E_RVN_DANGLING_BLOCK, "rvn-dangling-block",
     "a block id that the blocks table does not hold"},
    {TD_E_RVN_INSTRUCTION, "rvn-instruction", "bad instruction_indices row"},
    {TD_E_RVN_INTERRUPT, "rvn-interrupt",
     "interrupts and the execution of the interrupt block disagree"},
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
    {TD_W_DRMEM_UNKNOWN_MARKER, "unknown-marker",
     "marker type this version of tracedec does not know"},
    {TD_W_DRMEM_NO_THREAD_EXIT, "no-thread-exit",
     "the stream ends without a THREAD_EXIT"},
    {TD_W_UMT_THREAD_INTERRUPTED, "thread-interrupted",
     "the tracer stopped while the thread was running (LastEID -1)"},
    {TD_W_UMT_NO_APPLICATION_END, "no-application-end",
     "the trace has no application end record"},
    {TD_W_RVN_NO_INSTRUCTION_INDICES, "no-instruction-indices",
     "the trace predates instruction_indices: no instruction boundaries"},
    {TD_W_RVN_NO_INTERRUPTS, "no-interrupts",
     "the trace predates the interrupts table: no interrupt details"},
    {TD_W_RVN_UNFINISHED, "unfinished",
     "interrupts after the last execution row: the trace was not finalized"},
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
