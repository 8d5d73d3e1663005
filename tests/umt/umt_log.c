/*
 * umt_log.c - see umt_log.h.
 */
#include "umt_log.h"
#include "umt_skipped.h"

#include <inttypes.h>
#include <string.h>

void umt_log_init(umt_log *l, FILE *out)
{
    memset(l, 0, sizeof *l);
    l->out = out;
}

static const char *file_name(uint32_t file)
{
    const char *n = td_umt_file_name((int)file);
    return n ? n : "?";
}

static void hex(FILE *out, const uint8_t *p, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        fprintf(out, "%02x", p[i]);
}

static void text(FILE *out, const char *p, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        unsigned char c = (unsigned char)p[i];
        if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\')
            fputc(c, out);
        else
            fprintf(out, "\\x%02x", c);
    }
}

void umt_log_flush(umt_log *l)
{
    if (l->pending == 2) {
        fprintf(l->out, "xml text %s @%" PRIu64 " len=%" PRIu64 " \"", l->path,
                l->offset, l->seen);
        text(l->out, (const char *)l->head, l->head_len);
        fprintf(l->out, "%s\" fnv=%016" PRIx64 "\n",
                l->seen > l->head_len ? "..." : "", l->hash);
    }
    l->pending = 0;
}

static void gather(umt_log *l, const uint8_t *p, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        l->hash = (l->hash ^ p[i]) * 0x100000001b3u;
        if (l->head_len < sizeof l->head)
            l->head[l->head_len++] = p[i];
    }
    l->seen += n;
}

static void start_gather(umt_log *l, int kind, const td_umt_event *ev)
{
    l->pending = kind;
    l->offset = ev->offset;
    l->file = ev->file;
    l->seen = 0;
    l->head_len = 0;
    l->hash = 0xcbf29ce484222325u;
}

static void bytes_event(umt_log *l, const td_umt_event *ev)
{
    static const char *const of[5] = {"?", "string", "slot", "memory",
                                      "record"};
    if (l->pending != 1)
        start_gather(l, 1, ev);
    l->of = ev->bytes.of;
    l->total = ev->bytes.total;
    gather(l, ev->bytes.data, ev->bytes.len);
    if ((ev->flags & TD_LAST_FRAGMENT) == 0)
        return;
    fprintf(l->out,
            "    bytes %s@%" PRIu64 " of=%s total=%" PRIu64 " seen=%" PRIu64
            " head=",
            file_name(l->file), l->offset, of[l->of < 5 ? l->of : 0], l->total,
            l->seen);
    hex(l->out, l->head, l->head_len);
    fprintf(l->out, " fnv=%016" PRIx64 "\n", l->hash);
    l->pending = 0;
}

static void xml_event(umt_log *l, const td_umt_event *ev)
{
    static const char *const part[4] = {"?", "start", "text", "end"};
    if (ev->xml.part == TD_UMT_XML_TEXT) {
        if (l->pending != 2) {
            start_gather(l, 2, ev);
            snprintf(l->path, sizeof l->path, "%.*s", (int)ev->xml.path_len,
                     ev->xml.path);
        }
        gather(l, ev->xml.text, ev->xml.text_len);
        return;
    }
    umt_log_flush(l);
    fprintf(l->out, "xml %s %.*s @%" PRIu64 "+%" PRIu64 " depth=%u\n",
            part[ev->xml.part < 4 ? ev->xml.part : 0], (int)ev->xml.path_len,
            ev->xml.path, ev->offset, ev->size, ev->xml.depth);
}

static void head(const umt_log *l, const td_umt_event *ev, const char *what)
{
    fprintf(l->out, "%s %s@%" PRIu64 "+%" PRIu64, what, file_name(ev->file),
            ev->offset, ev->size);
    if (ev->eid >= 0)
        fprintf(l->out, " #%" PRId64, ev->eid);
}

static void trace_event(const umt_log *l, const td_umt_event *ev)
{
    head(l, ev, "trace");
    fprintf(l->out,
            " exec_version=%u records=%" PRIu64 " ins_version=%u"
            " instructions=%" PRIu64 " modules=%" PRIu64 " threads=%" PRIu64
            " syscalls=%" PRIu64 " ids_version=%u ranges=%" PRIu64
            " dump_size=%u registers=%u layout=%u\n",
            ev->trace.exec_version, ev->trace.records, ev->trace.ins_version,
            ev->trace.instructions, ev->trace.modules, ev->trace.threads,
            ev->trace.syscalls, ev->trace.syscall_ids_version,
            ev->trace.address_ranges, ev->trace.dump_size, ev->trace.registers,
            ev->trace.layout);
}

static void record_event(const umt_log *l, const td_umt_event *ev)
{
    const char *type = td_umt_record_type_name(ev->record.type);
    unsigned bit;
    head(l, ev, "record");
    fprintf(l->out,
            " type=%s thread=%" PRId32 " ref=%" PRId64 " code=%" PRId32
            " flags=0x%02x",
            type ? type : "?", ev->record.thread, ev->record.ref,
            ev->record.exit_code, ev->record.flags);
    for (bit = 1; bit < 0x100; bit <<= 1)
        if (ev->record.flags & bit)
            fprintf(l->out, ",%s",
                    td_umt_flag_name(ev->record.exec_version, bit));
    fputc('\n', l->out);
}

static void instruction_event(const umt_log *l, const td_umt_event *ev)
{
    head(l, ev, "  instruction");
    fprintf(l->out,
            " id=%" PRId64 " type=%u cs64=%d code=", ev->instruction.id,
            ev->instruction.type, ev->instruction.cs64);
    hex(l->out, ev->instruction.code, ev->instruction.code_size);
    fprintf(l->out,
            " module=%" PRId32 " address=0x%" PRIx64 " disasm_fp=%" PRIu64
            " decoded_fp=%" PRIu64 "\n",
            ev->instruction.module, ev->instruction.address,
            ev->instruction.disasm_fp, ev->instruction.decoded_fp);
}

static void decoded_event(const umt_log *l, const td_umt_event *ev)
{
    unsigned i;
    head(l, ev, "  decoded");
    fprintf(l->out, " cat=%u mn=%u form=%u flags=0x%02x exp=%u ops=",
            ev->decoded.category, ev->decoded.mnemonic, ev->decoded.form,
            ev->decoded.flags, ev->decoded.exp_count);
    for (i = 0; i < ev->decoded.exp_count && i < 4; i++) {
        const td_umt_operand *o = &ev->decoded.operands[i];
        fprintf(l->out, "%s%u/%u/%u/%u/%u/%u/%u", i ? "," : "", o->reg,
                o->size, o->flags, o->before_slot, o->after_slot,
                o->before_offset, o->after_offset);
    }
    fprintf(l->out,
            " eff=%u/%u lc_size=%u slots=%u/%u/%u mem0=%u/%u/%u/%u mem1=%u"
            " const=%" PRIx64 "/%" PRIx64 "\n",
            ev->decoded.eff_operand_size, ev->decoded.eff_address_size,
            ev->decoded.lc_size, ev->decoded.first_out_slot,
            ev->decoded.first_after_slot, ev->decoded.lc_count,
            ev->decoded.mem0_seg_slot, ev->decoded.mem0_base_slot,
            ev->decoded.mem0_scale, ev->decoded.mem0_index_slot,
            ev->decoded.mem1_base_slot, ev->decoded.const_slot[0],
            ev->decoded.const_slot[1]);
}

static void slot_event(const umt_log *l, const td_umt_event *ev)
{
    head(l, ev, "  slot");
    fprintf(l->out, " index=%u group=%u kind=%u reg=%u largest=%u name=",
            ev->slot.index, ev->slot.group, ev->slot.kind, ev->slot.reg,
            ev->slot.largest);
    if (ev->slot.name != NULL)
        text(l->out, ev->slot.name, ev->slot.name_len);
    else
        fputs("-", l->out);
    fprintf(l->out, " size=%u lc=%u width=%u value=%d memory=%d",
            ev->slot.value_size, ev->slot.lc_offset, ev->slot.addr_width,
            ev->slot.has_value, ev->slot.memory);
    if (ev->slot.has_value && ev->slot.memory)
        fprintf(l->out, " address=0x%" PRIx64, ev->slot.address);
    fputc('\n', l->out);
}

static void context_event(const umt_log *l, const td_umt_event *ev)
{
    head(l, ev, "  context");
    fprintf(l->out, " bits64=%d mem=%" PRIu32 " regs@%" PRIu64 " dump=%u\n",
            ev->context.bits64, ev->context.mem_count, ev->context.regs_offset,
            ev->context.dump_size);
}

static void register_event(const umt_log *l, const td_umt_event *ev)
{
    head(l, ev, "    reg");
    fputc(' ', l->out);
    text(l->out, ev->reg.name, ev->reg.name_len);
    fprintf(l->out, "(%u) size=%u dump@%u eff=%u value=", ev->reg.reg,
            ev->reg.size, ev->reg.dump_offset, ev->reg.eff_largest);
    hex(l->out, ev->reg.value, ev->reg.size);
    fputc('\n', l->out);
}

static void memory_event(const umt_log *l, const td_umt_event *ev)
{
    head(l, ev, "    memory");
    fprintf(l->out,
            " index=%" PRIu32 " address=0x%" PRIx64 " length=%" PRIu64
            " data@%" PRIu64 "\n",
            ev->memory.index, ev->memory.address, ev->memory.length,
            ev->memory.data_offset);
}

static void syscall_event(const umt_log *l, const td_umt_event *ev)
{
    head(l, ev, "  syscall");
    fprintf(l->out,
            " id=%" PRId64 " raw=%u uniform=%u conv=%u completed=%u args=%u"
            " extras=%u begin=%" PRId64 " end=%" PRId64 " sp=0x%" PRIx64
            " result=0x%" PRIx64 " args@%" PRIu64 " extras@%" PRIu64 "\n",
            ev->syscall.id, ev->syscall.raw_id, ev->syscall.uniform_id,
            ev->syscall.convention, ev->syscall.completed,
            ev->syscall.arg_count, ev->syscall.extra_count,
            ev->syscall.begin_eid, ev->syscall.end_eid, ev->syscall.before_sp,
            ev->syscall.result, ev->syscall.args_offset,
            ev->syscall.extras_offset);
}

static void table_event(const umt_log *l, const td_umt_event *ev)
{
    head(l, ev, "table");
    fprintf(l->out,
            " hv=%" PRIu32 " rv=%" PRIu32 " rows=%" PRIu64 " row_size=%" PRIu64
            " table=%" PRIu64 " extra=%" PRIu64 " extra_size=%" PRIu64 "\n",
            ev->table.header_version, ev->table.record_version, ev->table.rows,
            ev->table.row_size, ev->table.table_fp, ev->table.extra_fp,
            ev->table.extra_size);
}

static void module_event(const umt_log *l, const td_umt_event *ev)
{
    head(l, ev, "module");
    fprintf(l->out,
            " id=%" PRId64 " load=%" PRId64 " unload=%" PRId64
            " start=0x%" PRIx64 " end=0x%" PRIx64 " win@%" PRIu64
            " dev@%" PRIu64 " extra=",
            ev->module.id, ev->module.load_eid, ev->module.unload_eid,
            ev->module.start, ev->module.end, ev->module.win_name_fp,
            ev->module.device_name_fp);
    hex(l->out, ev->module.extra, ev->module.extra_len);
    fputc('\n', l->out);
}

static void row_event(const umt_log *l, const td_umt_event *ev)
{
    if (ev->kind == TD_UMT_EV_THREAD) {
        head(l, ev, "thread");
        fprintf(l->out,
                " id=%" PRId32 " win_tid=%" PRId32 " tib=0x%" PRIx64
                " first=%" PRId64 " last=%" PRId64 " count=%" PRIu64 "\n",
                ev->thread.id, ev->thread.win_tid, ev->thread.tib,
                ev->thread.first_eid, ev->thread.last_eid,
                ev->thread.rec_count);
    } else if (ev->kind == TD_UMT_EV_ADDRESS_RANGE) {
        head(l, ev, "range");
        fprintf(l->out, " index=%" PRIu64 " 0x%" PRIx64 "-0x%" PRIx64 "\n",
                ev->range.index, ev->range.first, ev->range.last);
    } else {
        head(l, ev, "reginfo");
        fputc(' ', l->out);
        text(l->out, ev->reginfo.name, ev->reginfo.name_len);
        fprintf(l->out, "(%u) largest=%u map32=%u/%u/%u map64=%u/%u/%u\n",
                ev->reginfo.reg, ev->reginfo.largest, ev->reginfo.map32.offset,
                ev->reginfo.map32.size, ev->reginfo.map32.eff_largest,
                ev->reginfo.map64.offset, ev->reginfo.map64.size,
                ev->reginfo.map64.eff_largest);
    }
}

static void other_event(const umt_log *l, const td_umt_event *ev)
{
    switch (ev->kind) {
    case TD_UMT_EV_SYSCALL_ARG:
        head(l, ev, "    arg");
        fprintf(l->out, " index=%u value=0x%" PRIx64 "\n", ev->arg.index,
                ev->arg.value);
        break;
    case TD_UMT_EV_STRING:
        head(l, ev, "  string");
        fprintf(l->out,
                " role=%u wide=%d layout=%u length=%" PRIu64 " data@%" PRIu64
                "\n",
                ev->string.role, ev->string.wide, ev->string.layout,
                ev->string.length, ev->string.data_offset);
        break;
    case TD_UMT_EV_CHAIN:
        head(l, ev, "chain");
        fprintf(l->out,
                " thread=%" PRId32 " first=%" PRId64 " last=%" PRId64
                " count=%" PRIu64 "\n",
                ev->chain.thread, ev->chain.first_eid, ev->chain.last_eid,
                ev->chain.count);
        break;
    case TD_UMT_EV_WARNING:
        head(l, ev, "warning");
        fprintf(l->out, " %s\n", td_warning_name(ev->warning.code));
        break;
    default:
        head(l, ev, "unknown-event");
        fputc('\n', l->out);
        break;
    }
}

void umt_log_event(umt_log *l, const td_umt_event *ev)
{
    if (l->as_skipped && umt_skipped(ev))
        return;
    if (ev->kind == TD_UMT_EV_BYTES) {
        bytes_event(l, ev);
        return;
    }
    if (ev->kind == TD_UMT_EV_XML) {
        xml_event(l, ev);
        return;
    }
    umt_log_flush(l);
    switch (ev->kind) {
    case TD_UMT_EV_TRACE:
        trace_event(l, ev);
        break;
    case TD_UMT_EV_TABLE:
        table_event(l, ev);
        break;
    case TD_UMT_EV_RECORD:
        record_event(l, ev);
        break;
    case TD_UMT_EV_INSTRUCTION:
        instruction_event(l, ev);
        break;
    case TD_UMT_EV_DECODED:
        decoded_event(l, ev);
        break;
    case TD_UMT_EV_SLOT:
        slot_event(l, ev);
        break;
    case TD_UMT_EV_CONTEXT:
        context_event(l, ev);
        break;
    case TD_UMT_EV_REGISTER:
        register_event(l, ev);
        break;
    case TD_UMT_EV_MEMORY:
        memory_event(l, ev);
        break;
    case TD_UMT_EV_SYSCALL:
        syscall_event(l, ev);
        break;
    case TD_UMT_EV_MODULE:
        module_event(l, ev);
        break;
    case TD_UMT_EV_THREAD:
    case TD_UMT_EV_ADDRESS_RANGE:
    case TD_UMT_EV_REGISTER_INFO:
        row_event(l, ev);
        break;
    default:
        other_event(l, ev);
        break;
    }
}
