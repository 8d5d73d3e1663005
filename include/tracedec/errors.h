/*
 * tracedec/errors.h - every error and warning code, in one list.
 *
 * Each X(...) line is one code: the enum constant, its value (explicit,
 * never renumbered and never reused), the stable lower-case name that
 * td_error_name() / td_warning_name() give, and the one-sentence
 * description td_error_text() / td_warning_text() give. Warnings also
 * carry the reason their events hold (td_*_event.warning.reason). The
 * list generates enum td_error and enum td_warning (tracedec/common.h)
 * and the tables of src/common/fault.c; to add a code, add a line here.
 *
 * Ranges: 1..99 the contract and the input, 100..199 XRay, 200..299
 * drmemtrace records, 300..399 the compressed containers, 400..499 UMT
 * and the tag scanner, 500..599 SQLite, 600..699 REVEN. Errors are
 * negative, warnings positive.
 *
 * This header includes nothing.
 */
#ifndef TRACEDEC_ERRORS_H
#define TRACEDEC_ERRORS_H

/* X(symbol, value, name, description) */
#define TD_ERROR_LIST(X)                                                      \
    /* The contract and the input (every decoder). */                         \
    X(TD_E_INVALID_ARGUMENT, -1, "invalid-argument",                          \
      "a NULL pointer or an out-of-range argument")                           \
    X(TD_E_BAD_CONFIG, -2, "bad-config",                                      \
      "caller-supplied memory is too small or misaligned")                    \
    /* the host broke the request/feed protocol */                            \
    X(TD_E_PROTOCOL, -3, "protocol",                                          \
      "the host fed input that was not requested")                            \
    X(TD_E_TRUNCATED, -4, "truncated",                                        \
      "the input ends inside a structure")                                    \
    X(TD_E_LIMIT, -5, "limit",                                                \
      "a limit sized by the caller was exceeded")                             \
    /* a tracedec bug; please report it */                                    \
    X(TD_E_INTERNAL, -6, "internal",                                          \
      "internal error in tracedec")                                           \
    X(TD_E_UNKNOWN_FORMAT, -7, "unknown-format",                              \
      "the input is not in a format tracedec knows")                          \
    /* hosts: a file a trace directory needs is not there (the decoders    \
       see an empty file) */                                                  \
    X(TD_E_MISSING_FILE, -8, "missing-file",                                  \
      "a file the trace needs is missing")                                    \
    /* LLVM XRay (FDR and basic mode). */                                     \
    X(TD_E_XRAY_VERSION, -100, "xray-version",                                \
      "unsupported XRay version for this mode")                               \
    X(TD_E_XRAY_FILE_TYPE, -101, "xray-file-type",                            \
      "XRay header type is neither basic (0) nor FDR (1)")                    \
    X(TD_E_XRAY_METADATA_KIND, -102, "xray-metadata-kind",                    \
      "unknown metadata record kind, or one this version does not have")      \
    X(TD_E_XRAY_FUNCTION_ACTION, -103, "xray-function-action",                \
      "unknown function record type")                                         \
    X(TD_E_XRAY_BLOCK_ORDER, -104, "xray-block-order",                        \
      "record out of place in its buffer")                                    \
    X(TD_E_XRAY_EXTENTS, -105, "xray-extents",                                \
      "record crosses the end of its buffer")                                 \
    X(TD_E_XRAY_TYPED_EVENT_EXTENTS, -106, "xray-typed-event-extents",        \
      "buffer cut short by the compiler-rt typed-event extents bug")          \
    X(TD_E_XRAY_EVENT_SIZE, -107, "xray-event-size",                          \
      "custom or typed event size is not positive")                           \
    X(TD_E_XRAY_CALL_ARGUMENT, -108, "xray-call-argument",                    \
      "call argument does not follow a function entry")                       \
    X(TD_E_XRAY_BLOCK_INCOMPLETE, -109, "xray-block-incomplete",              \
      "buffer ends before its first NewCPUId record")                         \
    /* v2+: buffer not led by extents */                                      \
    X(TD_E_XRAY_EXPECTED_EXTENTS, -110, "xray-expected-extents",              \
      "a buffer does not start with a BufferExtents record")                  \
    X(TD_E_XRAY_BASIC_RECORD_TYPE, -111, "xray-basic-record-type",            \
      "basic-mode record type is neither 0 nor 1")                            \
    X(TD_E_XRAY_BASIC_ENTRY_TYPE, -112, "xray-basic-entry-type",              \
      "basic-mode entry type is greater than 3")                              \
    X(TD_E_XRAY_ARG_PAYLOAD, -113, "xray-arg-payload",                        \
      "basic-mode argument payload does not match its entry record")          \
    /* DynamoRIO drmemtrace records. */                                       \
    /* type 50 or above, or online-only */                                    \
    X(TD_E_DRMEM_RECORD_TYPE, -200, "drmem-record-type",                      \
      "record type that a final offline trace cannot hold")                   \
    X(TD_E_DRMEM_VERSION, -201, "drmem-version",                              \
      "trace version is not 1 to 7, or disagrees with itself")                \
    X(TD_E_DRMEM_HEADER, -202, "drmem-header",                                \
      "the stream does not open with HEADER, THREAD and PID")                 \
    X(TD_E_DRMEM_FILETYPE, -203, "drmem-filetype",                            \
      "impossible or missing file type")                                      \
    X(TD_E_DRMEM_ENCODING, -204, "drmem-encoding",                            \
      "ENCODING records that do not fit their instruction")                   \
    X(TD_E_DRMEM_CHUNK, -205, "drmem-chunk",                                  \
      "chunk footer, record ordinal or instruction count is wrong")           \
    /* timestamp went backwards */                                            \
    X(TD_E_DRMEM_TIMESTAMP, -206, "drmem-timestamp",                          \
      "timestamp smaller than the thread's previous one")                     \
    X(TD_E_DRMEM_END, -207, "drmem-end",                                      \
      "records after the FOOTER, or no FOOTER at the end")                    \
    X(TD_E_DRMEM_MARKER, -208, "drmem-marker",                                \
      "marker out of place")                                                  \
    X(TD_E_DRMEM_BRANCH, -209, "drmem-branch",                                \
      "branch record kind that this version does not write")                  \
    X(TD_E_DRMEM_SIZE, -210, "drmem-size",                                    \
      "impossible instruction or access size")                                \
    X(TD_E_DRMEM_THREAD, -211, "drmem-thread",                                \
      "THREAD_EXIT names another thread than the current one")                \
    /* Raw inflate (RFC 1951). */                                             \
    X(TD_E_INFLATE_BLOCK_TYPE, -300, "inflate-block-type",                    \
      "deflate block type 3 does not exist")                                  \
    /* stored LEN is not ~NLEN */                                             \
    X(TD_E_INFLATE_STORED_LENGTH, -301, "inflate-stored-length",              \
      "stored block length does not match its complement")                    \
    X(TD_E_INFLATE_CODE_LENGTHS, -302, "inflate-code-lengths",                \
      "bad code lengths in a dynamic block header")                           \
    X(TD_E_INFLATE_HUFFMAN, -303, "inflate-huffman",                          \
      "over-subscribed or incomplete Huffman code")                           \
    /* literal/length 286-287, distance 30-31 */                              \
    X(TD_E_INFLATE_SYMBOL, -304, "inflate-symbol",                            \
      "literal/length or distance symbol that does not exist")                \
    X(TD_E_INFLATE_DISTANCE, -305, "inflate-distance",                        \
      "match distance reaches before the start of the stream")                \
    /* gzip (RFC 1952). */                                                    \
    X(TD_E_GZIP_MAGIC, -320, "gzip-magic",                                    \
      "not a gzip member (1f 8b)")                                            \
    X(TD_E_GZIP_METHOD, -321, "gzip-method",                                  \
      "gzip compression method is not 8")                                     \
    X(TD_E_GZIP_FLAGS, -322, "gzip-flags",                                    \
      "reserved gzip flag bits are set")                                      \
    X(TD_E_GZIP_HEADER_CRC, -323, "gzip-header-crc",                          \
      "gzip header CRC does not match")                                       \
    X(TD_E_GZIP_CRC, -324, "gzip-crc",                                        \
      "CRC-32 of a gzip member does not match")                               \
    X(TD_E_GZIP_SIZE, -325, "gzip-size",                                      \
      "ISIZE of a gzip member does not match")                                \
    /* zip (APPNOTE 6.3). */                                                  \
    X(TD_E_ZIP_SIGNATURE, -340, "zip-signature",                              \
      "unknown zip record signature")                                         \
    X(TD_E_ZIP_METHOD, -341, "zip-method",                                    \
      "zip member method is neither stored nor deflate")                      \
    X(TD_E_ZIP_ENCRYPTED, -342, "zip-encrypted",                              \
      "zip member is encrypted")                                              \
    X(TD_E_ZIP_CRC, -343, "zip-crc",                                          \
      "CRC-32 of a zip member does not match")                                \
    X(TD_E_ZIP_SIZE, -344, "zip-size",                                        \
      "zip member sizes disagree with its data")                              \
    X(TD_E_ZIP_DESCRIPTOR, -345, "zip-descriptor",                            \
      "bad or unusable zip data descriptor")                                  \
    X(TD_E_ZIP_ZIP64, -346, "zip-zip64",                                      \
      "malformed zip64 extra field")                                          \
    X(TD_E_ZIP_CENTRAL, -347, "zip-central",                                  \
      "zip central directory disagrees with the local headers")               \
    X(TD_E_ZIP_END, -348, "zip-end",                                          \
      "bad end of central directory record")                                  \
    /* LZ4 frame format. */                                                   \
    X(TD_E_LZ4_MAGIC, -360, "lz4-magic",                                      \
      "not an LZ4 frame")                                                     \
    X(TD_E_LZ4_VERSION, -361, "lz4-version",                                  \
      "LZ4 frame version or reserved bits are wrong")                         \
    /* bad BD, or block above its max */                                      \
    X(TD_E_LZ4_BLOCK_SIZE, -362, "lz4-block-size",                            \
      "bad LZ4 block maximum size, or a block larger than it")                \
    X(TD_E_LZ4_HEADER_CHECKSUM, -363, "lz4-header-checksum",                  \
      "LZ4 frame header checksum does not match")                             \
    X(TD_E_LZ4_BLOCK_CHECKSUM, -364, "lz4-block-checksum",                    \
      "LZ4 block checksum does not match")                                    \
    X(TD_E_LZ4_CONTENT_CHECKSUM, -365, "lz4-content-checksum",                \
      "LZ4 content checksum does not match")                                  \
    /* content size field disagrees */                                        \
    X(TD_E_LZ4_CONTENT_SIZE, -366, "lz4-content-size",                        \
      "LZ4 content size does not match the data")                             \
    X(TD_E_LZ4_CORRUPT, -367, "lz4-corrupt",                                  \
      "bad sequence in an LZ4 block")                                         \
    X(TD_E_LZ4_DICTIONARY, -368, "lz4-dictionary",                            \
      "LZ4 frame needs a dictionary")                                         \
    /* Snappy framing format. */                                              \
    X(TD_E_SNAPPY_STREAM_ID, -380, "snappy-stream-id",                        \
      "missing or bad snappy stream identifier")                              \
    X(TD_E_SNAPPY_CHUNK_TYPE, -381, "snappy-chunk-type",                      \
      "reserved unskippable snappy chunk type")                               \
    X(TD_E_SNAPPY_CRC, -382, "snappy-crc",                                    \
      "snappy chunk CRC-32C does not match")                                  \
    X(TD_E_SNAPPY_LENGTH, -383, "snappy-length",                              \
      "impossible snappy chunk length")                                       \
    X(TD_E_SNAPPY_CORRUPT, -384, "snappy-corrupt",                            \
      "bad snappy compressed data")                                           \
    /* UMTracer/UMTIndex indexed traces (offsets are in the file that         \
    * td_umt_fault_file() names). */                                          \
    X(TD_E_UMT_VERSION, -400, "umt-version",                                  \
      "a UMT header version the format documents do not describe")            \
    /* impossible header: RowSize below the known fields, negative counts,    \
       table and extra area overlapping */                                    \
    X(TD_E_UMT_HEADER, -401, "umt-header",                                    \
      "impossible UMT table or file header")                                  \
    /* exec.offsets not increasing or outside exec.vtable, syscall.offsets    \
       pair outside syscall.vtable */                                         \
    X(TD_E_UMT_OFFSETS, -402, "umt-offsets",                                  \
      "record offsets out of order or outside their file")                    \
    X(TD_E_UMT_RECORD_TYPE, -403, "umt-record-type",                          \
      "execution record type that does not exist")                            \
    X(TD_E_UMT_FLAGS, -404, "umt-flags",                                      \
      "flag bits not allowed here")                                           \
    /* record window disagrees with the record (6 + 8 + LCSIZE, ...) */       \
    X(TD_E_UMT_RECORD_SIZE, -405, "umt-record-size",                          \
      "record window disagrees with the record's size")                       \
    X(TD_E_UMT_POINTER, -406, "umt-pointer",                                  \
      "file pointer outside its file, extra area or record window")           \
    X(TD_E_UMT_STRING, -407, "umt-string",                                    \
      "string fits neither the 2013 nor the as-built layout, or not the "     \
      "trace's layout")                                                       \
    X(TD_E_UMT_SLOT, -408, "umt-slot",                                        \
      "bad local-context slot")                                               \
    /* bad explicit operand, more than 4 */                                   \
    X(TD_E_UMT_OPERAND, -409, "umt-operand",                                  \
      "bad explicit operand")                                                 \
    X(TD_E_UMT_DECODED, -410, "umt-decoded",                                  \
      "impossible decoded instruction field")                                 \
    /* ThreadID, InsID, SyscallID or ModuleID outside its table */            \
    X(TD_E_UMT_REFERENCE, -411, "umt-reference",                              \
      "thread, instruction, syscall or module ID outside its table")          \
    X(TD_E_UMT_PREV_NEXT, -412, "umt-prev-next",                              \
      "previous/next record links are inconsistent")                          \
    X(TD_E_UMT_THREAD, -413, "umt-thread",                                    \
      "thread row disagrees with the thread's records")                       \
    X(TD_E_UMT_SYSCALL, -414, "umt-syscall",                                  \
      "syscall record disagrees with the execution records")                  \
    X(TD_E_UMT_CONTEXT_MAP, -415, "umt-context-map",                          \
      "bad context map size or register entry")                               \
    X(TD_E_UMT_FILE_SIZE, -416, "umt-file-size",                              \
      "file is longer than its structures")                                   \
    X(TD_E_UMT_ROW, -417, "umt-row",                                          \
      "impossible table row value")                                           \
    /* record out of place: thread begin not first, application end not       \
       last, ... */                                                           \
    X(TD_E_UMT_SEQUENCE, -418, "umt-sequence",                                \
      "execution record out of place")                                        \
    /* The tolerant XML tag scanner (trace.xml). */                           \
    /* '<' not followed by a tag */                                           \
    X(TD_E_TAGSCAN_SYNTAX, -480, "tagscan-syntax",                            \
      "'<' does not start a tag")                                             \
    X(TD_E_TAGSCAN_MISMATCH, -481, "tagscan-mismatch",                        \
      "end tag does not close the open element")                              \
    /* element path too deep or long */                                       \
    X(TD_E_TAGSCAN_LIMIT, -482, "tagscan-limit",                              \
      "element path deeper or longer than the scanner's limit")               \
    /* SQLite database file format. */                                        \
    X(TD_E_SQLITE_MAGIC, -500, "sqlite-magic",                                \
      "not an SQLite database (no \"SQLite format 3\" header)")               \
    X(TD_E_SQLITE_HEADER, -501, "sqlite-header",                              \
      "a database header field is wrong")                                     \
    X(TD_E_SQLITE_WAL, -502, "sqlite-wal",                                    \
      "a non-empty -wal file holds pages the database file lacks")            \
    X(TD_E_SQLITE_HOT_JOURNAL, -503, "sqlite-hot-journal",                    \
      "a hot -journal file: the database file may be half-written")           \
    X(TD_E_SQLITE_PAGE_NUMBER, -504, "sqlite-page-number",                    \
      "page number out of range, or of a page that cannot be used there")     \
    X(TD_E_SQLITE_PAGE_TYPE, -505, "sqlite-page-type",                        \
      "b-tree page type wrong for its tree or level")                         \
    X(TD_E_SQLITE_PAGE_HEADER, -506, "sqlite-page-header",                    \
      "b-tree page header: cell count, content area or freeblocks")           \
    X(TD_E_SQLITE_CELL, -507, "sqlite-cell",                                  \
      "cell outside its page's content area")                                 \
    /* b-tree too deep, uneven leaves */                                      \
    X(TD_E_SQLITE_DEPTH, -508, "sqlite-depth",                                \
      "b-tree deeper than 20 levels, or leaves at different depths")          \
    X(TD_E_SQLITE_CYCLE, -509, "sqlite-cycle",                                \
      "a b-tree reaches a page twice")                                        \
    X(TD_E_SQLITE_KEY_ORDER, -510, "sqlite-key-order",                        \
      "b-tree keys are not strictly increasing")                              \
    X(TD_E_SQLITE_OVERFLOW, -511, "sqlite-overflow",                          \
      "overflow chain of the wrong length or not ending with 0")              \
    X(TD_E_SQLITE_RECORD, -512, "sqlite-record",                              \
      "bad record header, serial type or value sizes")                        \
    X(TD_E_SQLITE_SCHEMA, -513, "sqlite-schema",                              \
      "malformed sqlite_schema row")                                          \
    X(TD_E_SQLITE_FREELIST, -514, "sqlite-freelist",                          \
      "the freelist disagrees with the header")                               \
    /* REVEN block traces (rvnblock). */                                      \
    X(TD_E_RVN_NO_METADATA, -600, "rvn-no-metadata",                          \
      "no _metadata table: not a REVEN resource database")                    \
    /* _metadata rows or columns */                                           \
    X(TD_E_RVN_METADATA, -601, "rvn-metadata",                                \
      "_metadata does not hold exactly one well-formed row")                  \
    X(TD_E_RVN_RESOURCE_TYPE, -602, "rvn-resource-type",                      \
      "the REVEN resource is not a block trace (type 9)")                     \
    X(TD_E_RVN_VERSION, -603, "rvn-version",                                  \
      "bad or incompatible format or metadata version")                       \
    X(TD_E_RVN_SCHEMA, -604, "rvn-schema",                                    \
      "a block-trace table is missing or misshapen")                          \
    X(TD_E_RVN_BLOCK, -605, "rvn-block",                                      \
      "bad blocks row")                                                       \
    X(TD_E_RVN_INTERRUPT_BLOCK, -606, "rvn-interrupt-block",                  \
      "blocks rowid 1 is not the \"interrupt\" block")                        \
    X(TD_E_RVN_EXECUTION, -607, "rvn-execution",                              \
      "bad execution row")                                                    \
    X(TD_E_RVN_DANGLING_BLOCK, -608, "rvn-dangling-block",                    \
      "a block id that the blocks table does not hold")                       \
    X(TD_E_RVN_INSTRUCTION, -609, "rvn-instruction",                          \
      "bad instruction_indices row")                                          \
    X(TD_E_RVN_INTERRUPT, -610, "rvn-interrupt",                              \
      "interrupts and the execution of the interrupt block disagree")         \
    /* end of TD_ERROR_LIST */

/* X(symbol, value, name, description, reason) */
#define TD_WARNING_LIST(X)                                                    \
    X(TD_W_XRAY_EXIT_WITHOUT_ENTRY, 100, "exit-without-entry",                \
      "function exit without a matching entry",                               \
      "exit of a function with no open entry on this thread: the trace "      \
      "starts mid-stack or lost buffers")                                     \
    /* exit skipped open frames above it */                                   \
    X(TD_W_XRAY_LOST_EXITS, 101, "lost-exits",                                \
      "function exit closes frames whose exits are missing",                  \
      "exit matched an entry below the top of the stack: exits of the "       \
      "frames above were lost")                                               \
    X(TD_W_XRAY_UNFINISHED_CALLS, 102, "unfinished-calls",                    \
      "functions still open at the end of the trace",                         \
      "calls still open when the trace ends")                                 \
    X(TD_W_XRAY_ARG_AFTER_PLAIN_ENTRY, 103, "arg-after-plain-entry",          \
      "call argument after a plain entry record",                             \
      "CallArgument after a plain entry, as writers before 2018 did; taken "  \
      "as an entry with arguments")                                           \
    X(TD_W_XRAY_DETACHED_ARG_PAYLOAD, 104, "detached-arg-payload",            \
      "argument payload separated from its entry by another thread's "        \
      "records",                                                              \
      "argument payload follows another thread's record: its entry ended "    \
      "the thread's previous buffer")                                         \
    X(TD_W_XRAY_TYPED_EVENT_EXTENTS, 105, "typed-event-extents",              \
      "bytes cut by the typed-event extents bug were skipped",                \
      "skipped the rest of a buffer cut short by the compiler-rt "            \
      "typed-event extents bug")                                              \
    X(TD_W_XRAY_EMPTY_BUFFER, 106, "empty-buffer",                            \
      "buffer extents of zero bytes",                                         \
      "buffer extents of zero bytes")                                         \
    X(TD_W_XRAY_DEPTH_LIMIT, 107, "depth-limit",                              \
      "call depth beyond the matcher's limit",                                \
      "call depth beyond the matcher's limit: deeper frames are counted, "    \
      "not matched")                                                          \
    X(TD_W_DRMEM_UNKNOWN_MARKER, 200, "unknown-marker",                       \
      "marker type this version of tracedec does not know",                   \
      "marker type 47 to 99: newer than this decoder")                        \
    X(TD_W_DRMEM_NO_THREAD_EXIT, 201, "no-thread-exit",                       \
      "the stream ends without a THREAD_EXIT",                                \
      "FOOTER without a THREAD_EXIT before it: the thread was detached or "   \
      "its trace cut short")                                                  \
    X(TD_W_UMT_THREAD_INTERRUPTED, 400, "thread-interrupted",                 \
      "the tracer stopped while the thread was running (LastEID -1)",         \
      "LastEID is -1: the tracer stopped while the thread was running")       \
    X(TD_W_UMT_NO_APPLICATION_END, 401, "no-application-end",                 \
      "the trace has no application end record",                              \
      "the last record is not an application end: the application did not "   \
      "exit gracefully or the trace was cut")                                 \
    X(TD_W_RVN_NO_INSTRUCTION_INDICES, 600, "no-instruction-indices",         \
      "the trace predates instruction_indices: no instruction boundaries",    \
      "no instruction_indices table (a trace from before 2021-07)")           \
    X(TD_W_RVN_NO_INTERRUPTS, 601, "no-interrupts",                           \
      "the trace predates the interrupts table: no interrupt details",        \
      "no interrupts table (a trace from before 2021-07)")                    \
    X(TD_W_RVN_UNFINISHED, 602, "unfinished",                                 \
      "interrupts after the last execution row: the trace was not finalized", \
      "interrupts after the last execution row: the writer was not "          \
      "finalized")                                                            \
    /* end of TD_WARNING_LIST */

#endif /* TRACEDEC_ERRORS_H */
