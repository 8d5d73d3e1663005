/*
 * rvn_command.c - the commands on an SQLite file: `dump --table NAME` on
 * any database (sqlite_table.h), and on REVEN block traces:
 *
 *   info      the database header, the tables, the _metadata row, what an
 *             older trace lacks (reads only sqlite_schema and _metadata);
 *             a database with no _metadata table gets sqlite_info();
 *   validate  every check of td_rvn_decoder; exit 0 valid, 1 not, 2 usage
 *             or I/O;
 *   stat      counts of blocks, instructions, executions, interrupts;
 *   dump      the trace as executed blocks: one line per execution row
 *             "[start, end) block ID pc=0x.. mode=M instructions=N", and
 *             one per interrupt. Block facts are kept in host memory (16
 *             bytes a block) to print them next to each execution.
 *
 * info, stat and validate print their summary as one JSON object with
 * --json (docs/json.md). With several workers (-j), validate and stat
 * check the execution table in parts (rvn_jobs.h); when the parts do not
 * all pass, one decoder checks the file again and says what is wrong, so
 * the text is that of -j1.
 */
#include "rvn_command.h"
#include "driver.h"
#include "rvn_jobs.h"
#include "grow.h"
#include "sqlite_db.h"
#include "sqlite_schema.h"
#include "sqlite_table.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* ---- What the commands gather ----------------------------------------- */

typedef struct block_fact {
    uint64_t pc;
    uint32_t count;
    uint8_t mode;
} block_fact;

/* A _metadata text, gathered from its fragments; it counts once its last
 * one came. */
typedef struct metadata_text {
    char *data;
    size_t len, cap;
    bool whole;
} metadata_text;

typedef struct rvn_run {
    const cli *c;
    bool dump, info;         /* the command */
    td_rvn_decoder r;
    td_rvn_event ev;
    td_rvn_counts counts;    /* the decoder's, or the parts' joined */
    block_fact *blocks;
    size_t block_count, block_cap;
    uint64_t warnings;
    uint64_t modes[3];
    bool have_metadata;
    td_rvn_event tables, metadata;
    metadata_text text[4];   /* format version, tool name, tool version,
                                tool info */
} rvn_run;

static const char *const table_names[TD_RVN_TABLE_COUNT] = {
    "_metadata", "blocks", "execution", "instruction_indices", "interrupts"};

/* Returns 0, or -1 when out of memory. */
static int keep_text(rvn_run *run, const td_rvn_event *ev)
{
    metadata_text *t;
    if (ev->text.field < 0 || ev->text.field > 3)
        return 0;
    t = &run->text[ev->text.field];
    if (ev->text.pos == 0) {
        t->len = 0;
        t->whole = false;
    }
    t->whole = (ev->flags & TD_LAST_FRAGMENT) != 0;
    if (ev->text.size == 0)
        return 0;
    if (grow_array(&t->data, &t->cap, t->len + ev->text.size, 1) != 0)
        return -1;
    memcpy(t->data + t->len, ev->text.data, ev->text.size);
    t->len += ev->text.size;
    return 0;
}

/* Returns 0, or -1 when out of memory. */
static int keep_block(rvn_run *run, const td_rvn_event *ev)
{
    block_fact *b;
    if (grow_array(&run->blocks, &run->block_cap, run->block_count + 1,
                   sizeof *run->blocks) != 0)
        return -1;
    b = &run->blocks[run->block_count++];
    b->pc = ev->block.pc;
    b->count = ev->block.instruction_count;
    b->mode = ev->block.mode;
    return 0;
}

static void dump_interrupt(out *o, const td_rvn_event *ev)
{
    out_field_u64(o, "interrupt at ", ev->interrupt.transition);
    out_field_i64(o, ": number ", ev->interrupt.number);
    out_str(o, ev->interrupt.is_hw ? " hardware pc=0x" : " software pc=0x");
    out_hex(o, ev->interrupt.pc, 1);
    out_field_u64(o, " mode=", ev->interrupt.mode);
    out_field_i64(o, " related_block=", ev->interrupt.related_block_id);
    out_char(o, '\n');
}

static void dump_execution(out *o, const rvn_run *run,
                           const td_rvn_event *ev)
{
    const block_fact *b;
    out_field_u64(o, "[", ev->execution.start);
    out_field_u64(o, ", ", ev->execution.end);
    out_field_i64(o, ") block ", ev->execution.block_id);
    if (ev->execution.block_id == 1) {
        out_str(o, " interrupt\n");
        return;
    }
    b = (size_t)ev->execution.block_id <= run->block_count
            ? &run->blocks[ev->execution.block_id - 1]
            : NULL;
    if (b != NULL) {
        out_str(o, " pc=0x");
        out_hex(o, b->pc, 1);
        out_field_u64(o, " mode=", b->mode);
        out_field_u64(o, " instructions=", b->count);
    }
    out_char(o, '\n');
}

/* What the commands keep of the events other than execution rows.
 * Returns 0, or -1 when out of memory. */
static int keep(rvn_run *run, const td_rvn_event *ev)
{
    switch (ev->kind) {
    case TD_RVN_EV_METADATA_TEXT:
        return keep_text(run, ev);
    case TD_RVN_EV_METADATA:
        run->metadata = *ev;
        run->have_metadata = true;
        return 0;
    case TD_RVN_EV_TABLES:
        run->tables = *ev;
        return 0;
    case TD_RVN_EV_BLOCK:
        if (ev->block.mode < 3)
            run->modes[ev->block.mode]++;
        return run->dump ? keep_block(run, ev) : 0;
    case TD_RVN_EV_WARNING:
        run->warnings++;
        return 0;
    case TD_RVN_EV_INTERRUPT:
        if (run->dump)
            dump_interrupt(run->c->out, ev);
        return 0;
    default:
        return 0;
    }
}

/* Execution rows (most of the events) are printed by dump and passed
 * over by the others; info stops at the metadata: the rest of the trace
 * is not read. */
static int consume(void *ctx, const void *event)
{
    const td_rvn_event *ev = event;
    rvn_run *run = ctx;
    if (ev->kind == TD_RVN_EV_EXECUTION) {
        if (run->dump)
            dump_execution(run->c->out, run, ev);
        return 0;
    }
    if (ev->kind == TD_RVN_EV_METADATA && run->info) {
        keep(run, ev);
        return DRIVER_STOP;
    }
    return keep(run, ev);
}

/* ---- What the commands print ------------------------------------------ */

/* A text of the metadata, or `absent` when it did not come whole. */
static void print_text(out *o, const metadata_text *t, const char *absent)
{
    if (!t->whole)
        out_str(o, absent);
    else if (t->len > 0)
        out_text(o, t->data, t->len);
}

static void print_metadata(out *o, const rvn_run *run)
{
    const td_rvn_event *m = &run->metadata;
    out_printf(o, "metadata: version %" PRIu32 ", type %" PRIu32
                  " (block)\n",
               m->metadata.metadata_version, m->metadata.type);
    out_str(o, "format version: ");
    print_text(o, &run->text[0], "");
    out_str(o, "\ntool: ");
    print_text(o, &run->text[1], "");
    out_char(o, ' ');
    print_text(o, &run->text[2], "1.0.0-prerelease");
    out_str(o, "\ntool info: ");
    print_text(o, &run->text[3], "");
    out_printf(o, "\ngeneration date: %" PRId64 "\n",
               m->metadata.generation_date);
}

static void print_info(out *o, const rvn_run *run)
{
    uint32_t present = run->tables.tables.present;
    unsigned i;
    out_str(o, "format: sqlite (REVEN block trace)\n");
    sqlite_print_header(o, td_rvn_header(&run->r));
    out_str(o, "tables:");
    for (i = 0; i < TD_RVN_TABLE_COUNT; i++)
        if (present >> i & 1u)
            out_printf(o, " %s (root %" PRIu32 ")", table_names[i],
                       run->tables.tables.root[i]);
    out_char(o, '\n');
    if (!run->have_metadata)
        return;
    print_metadata(o, run);
    if (!(present >> TD_RVN_INSTRUCTION_INDICES & 1u))
        out_str(o, "lacks: instruction_indices (no instruction "
                   "boundaries)\n");
    if (!(present >> TD_RVN_INTERRUPTS & 1u))
        out_str(o, "lacks: interrupts (no interrupt details)\n");
}

/* A text of the metadata as a JSON string, `absent` when it did not come
 * whole (as print_text). */
static void json_metadata_text(json *j, const char *key,
                               const metadata_text *t, const char *absent)
{
    if (!t->whole)
        json_str(j, key, absent);
    else
        json_text(j, key, t->data, t->len);
}

static void print_metadata_json(json *j, const rvn_run *run)
{
    const td_rvn_event *m = &run->metadata;
    json_open(j, "metadata", '{');
    json_u64(j, "version", m->metadata.metadata_version);
    json_u64(j, "type", m->metadata.type);
    json_metadata_text(j, "format_version", &run->text[0], "");
    json_metadata_text(j, "tool_name", &run->text[1], "");
    json_metadata_text(j, "tool_version", &run->text[2], "1.0.0-prerelease");
    json_metadata_text(j, "tool_info", &run->text[3], "");
    json_i64(j, "generation_date", m->metadata.generation_date);
    json_close(j, '{');
}

/* info's JSON object: the header, the tables and their roots, the
 * metadata, and the tables an older trace lacks. */
static void print_info_json(out *o, const rvn_run *run)
{
    uint32_t present = run->tables.tables.present;
    json j;
    unsigned i;
    json_begin(&j, o, "reven");
    sqlite_print_header_json(&j, td_rvn_header(&run->r));
    json_open(&j, "tables", '{');
    for (i = 0; i < TD_RVN_TABLE_COUNT; i++)
        if (present >> i & 1u)
            json_u64(&j, table_names[i], run->tables.tables.root[i]);
    json_close(&j, '{');
    print_metadata_json(&j, run);
    json_open(&j, "lacks", '[');
    for (i = TD_RVN_INSTRUCTION_INDICES; i <= TD_RVN_INTERRUPTS; i++)
        if (!(present >> i & 1u))
            json_str(&j, NULL, table_names[i]);
    json_close(&j, '[');
    json_end(&j);
}

static void print_stat_json(out *o, const rvn_run *run)
{
    const td_rvn_counts *c = &run->counts;
    json j;
    json_begin(&j, o, "reven");
    json_u64(&j, "blocks", c->blocks);
    json_u64(&j, "block_bytes", c->block_bytes);
    json_open(&j, "modes", '{');
    json_u64(&j, "x86_64", run->modes[0]);
    json_u64(&j, "x86_32", run->modes[1]);
    json_u64(&j, "x86_16", run->modes[2]);
    json_close(&j, '{');
    json_u64(&j, "instruction_indices", c->instructions);
    json_u64(&j, "executions", c->executions);
    json_u64(&j, "interrupt_executions", c->interrupt_executions);
    json_u64(&j, "interrupts", c->interrupts);
    json_u64(&j, "transitions", c->last_transition);
    json_end(&j);
}

static void print_stat(out *o, const rvn_run *run)
{
    const td_rvn_counts *c = &run->counts;
    out_printf(o, "blocks: %" PRIu64 " (%" PRIu64 " instruction bytes; "
                  "modes: %" PRIu64 " x86-64, %" PRIu64 " x86-32, %" PRIu64
                  " x86-16)\n",
               c->blocks, c->block_bytes, run->modes[0], run->modes[1],
               run->modes[2]);
    out_printf(o, "instruction offsets: %" PRIu64 "\n", c->instructions);
    out_printf(o, "executions: %" PRIu64 " (%" PRIu64 " of the interrupt "
                  "block)\n",
               c->executions, c->interrupt_executions);
    out_printf(o, "interrupts: %" PRIu64 "\n", c->interrupts);
    out_printf(o, "transitions: %" PRIu64 "\n", c->last_transition);
}

/* validate's summary: "PATH: valid reven block trace, B blocks, E
 * executions, I interrupts, T transitions, W warnings" on standard error,
 * or its JSON object. */
static void print_valid(const cli *c, const rvn_run *run)
{
    const td_rvn_counts *n = &run->counts;
    json j;
    if (!c->opt.json) {
        out_printf(c->err, "%s: valid reven block trace, %" PRIu64
                           " blocks, %" PRIu64 " executions, %" PRIu64
                           " interrupts, %" PRIu64 " transitions, %" PRIu64
                           " warnings\n",
                   c->opt.path, n->blocks, n->executions, n->interrupts,
                   n->last_transition, run->warnings);
        return;
    }
    json_begin_valid(&j, c->out, "reven", c->opt.path);
    json_u64(&j, "blocks", n->blocks);
    json_u64(&j, "executions", n->executions);
    json_u64(&j, "interrupts", n->interrupts);
    json_u64(&j, "transitions", n->last_transition);
    json_u64(&j, "warnings", run->warnings);
    json_end(&j);
}

/* ---- The commands ----------------------------------------------------- */

/* The summary of the command once the trace was read with `status`;
 * `plain`: info found no _metadata table (sqlite_info() prints it). */
static void print_summary(const rvn_run *run, int status, bool plain)
{
    const cli_options *o = &run->c->opt;
    if (o->command == CMD_INFO && o->json && status == EXIT_VALID)
        print_info_json(run->c->out, run);
    else if (o->command == CMD_INFO && !o->json && !plain &&
             run->tables.kind == TD_RVN_EV_TABLES) /* header, schema read */
        print_info(run->c->out, run);
    if (o->command == CMD_STAT && status == EXIT_VALID && o->json)
        print_stat_json(run->c->out, run);
    else if (o->command == CMD_STAT && status == EXIT_VALID)
        print_stat(run->c->out, run);
    if (o->command == CMD_VALIDATE && status == EXIT_VALID &&
        (o->verbose || o->json))
        print_valid(run->c, run);
}

/* Decode the trace (to its metadata, for info) and print what the command
 * prints. Returns an exit status; *plain is set when info found no
 * _metadata table: a plain SQLite database. */
static int decode(rvn_run *run, host *input, const td_sqlite_files *files,
                  bool *plain)
{
    const cli_options *o = &run->c->opt;
    td_rvn_config cfg = {.size = sizeof cfg};
    driver d;
    int status;
    cfg.files = *files;
    td_rvn_init(&run->r, &cfg); /* cannot fail: the config is well formed */
    driver_init(&d, run->c, decoder_of(DECODER_RVN, &run->r), &run->ev, input,
                o->path);
    d.warnings = o->verbose || o->command == CMD_INFO;
    if (o->command == CMD_INFO)
        d.quiet_error = TD_E_RVN_NO_METADATA;
    status = driver_run(&d, consume, run);
    run->counts = *td_rvn_counts_of(&run->r);
    *plain = d.error == TD_E_RVN_NO_METADATA && o->command == CMD_INFO;
    print_summary(run, status, *plain);
    return status;
}

/* validate and stat with several workers: the parts' summary, or
 * RVN_JOBS_ONE when one decoder is to read the file. */
static int decode_parts(rvn_run *run, const td_sqlite_files *files)
{
    const cli *c = run->c;
    rvn_totals t;
    int status = rvn_jobs_run(c, files, (unsigned)c->opt.jobs, &t);
    if (status != EXIT_VALID)
        return status;
    run->counts = t.whole.counts;
    memcpy(run->modes, t.modes, sizeof run->modes);
    run->warnings = t.warnings;
    print_summary(run, status, false);
    return status;
}

static void free_run(rvn_run *run)
{
    int i;
    for (i = 0; i < 4; i++)
        free(run->text[i].data);
    free(run->blocks);
    free(run);
}

int rvn_command(const cli *c, host *input)
{
    td_sqlite_files files;
    rvn_run *run;
    bool plain = false;
    int status;
    if (!sqlite_random_access(c, input))
        return EXIT_USAGE;
    if (c->opt.table != NULL && c->opt.command == CMD_DUMP)
        return sqlite_dump_table(c, input);
    status = sqlite_open(c, input, &files);
    if (status != 0)
        return status;
    run = calloc(1, sizeof *run);
    if (run == NULL) {
        report_problem(c, "out of memory");
        return EXIT_USAGE;
    }
    run->c = c;
    run->dump = c->opt.command == CMD_DUMP;
    run->info = c->opt.command == CMD_INFO;
    status = RVN_JOBS_ONE;
    if (c->opt.jobs > 1 && (c->opt.command == CMD_VALIDATE ||
                            c->opt.command == CMD_STAT))
        status = decode_parts(run, &files);
    if (status == RVN_JOBS_ONE)
        status = decode(run, input, &files, &plain);
    free_run(run);
    return plain ? sqlite_info(c, input, &files) : status;
}
