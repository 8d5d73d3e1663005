/*
 * umt_dump.h - `tracedec dump` on a UMT trace: one line per execution
 * record, with the module and thread names gathered before (umt_names.h).
 */
#ifndef TRACEDEC_UMT_DUMP_H
#define TRACEDEC_UMT_DUMP_H

#include <stdbool.h>

#include "out.h"
#include "umt_names.h"

#define UMT_DUMP_CHANGES 8
#define UMT_DUMP_VALUE 16

typedef struct umt_change {
    uint64_t address, size;
    uint8_t value[UMT_DUMP_VALUE];
    size_t have;
} umt_change;

typedef struct umt_dump {
    out *o;
    const umt_names *names;
    bool open; /* a record is being gathered */
    int64_t eid, ref;
    int32_t thread, exit_code;
    uint8_t type, flags, exec_version;
    int64_t ins_id;
    int32_t module;
    uint64_t address;
    char disasm[160];
    size_t disasm_len;
    bool in_disasm; /* BYTES belong to the disassembly */
    umt_change changes[UMT_DUMP_CHANGES];
    unsigned change_count;
    bool in_change; /* BYTES belong to the last change */
    bool has_syscall;
    uint16_t uniform, raw;
    uint8_t convention, arg_count;
    uint64_t result, args[8];
    uint32_t mem_count;
} umt_dump;

void umt_dump_init(umt_dump *d, out *o, const umt_names *names);
void umt_dump_event(umt_dump *d, const td_umt_event *ev);
/* Print the last record's line. */
void umt_dump_finish(umt_dump *d);
/* STREAM mode: a raw record. */
void umt_dump_raw(out *o, const td_umt_event *ev);

#endif /* TRACEDEC_UMT_DUMP_H */
