/*
 * rvn_cli.c - info, validate, stat and dump on REVEN block traces.
 *
 *   info      the database header, the tables, the _metadata row, what an
 *             older trace lacks (reads only sqlite_schema and _metadata);
 *   validate  every check of td_rvn_decoder; exit 0 valid, 1 not, 2 usage or I/O;
 *   stat      counts of blocks, instructions, executions, interrupts;
 *   dump      the trace as executed blocks: one line per execution row
 *             "[start, end) block ID pc=0x.. mode=M instructions=N", and
 *             one per interrupt. Block facts are kept in host memory (16
 *             bytes a block) to print them next to each execution.
 */
#include "sqlite_cli.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct block_fact {
    uint64_t pc;
    uint32_t count;
    uint8_t mode;
} block_fact;

typedef struct rvn_run {
    const cli_options *o;
    td_rvn_decoder r;
    sqlite_host h;
    block_fact *blocks;
    size_t block_count, block_cap;
    uint64_t warnings;
    uint64_t modes[3];
    bool have_metadata;
    td_rvn_event tables, metadata;
    char *text[4];           /* metadata texts (UTF-8 or raw) */
    size_t text_len[4];
    FILE *text_out[4];
} rvn_run;

static const char *const table_names[TD_RVN_TABLE_COUNT] = {
    "_metadata", "blocks", "execution", "instruction_indices", "interrupts"};

static void keep_text(rvn_run *run, const td_rvn_event *ev)
{
    int f = ev->text.field;
    if (f < 0 || f > 3)
        return;
    if (ev->text.pos == 0) {
        if (run->text_out[f] != NULL)
            fclose(run->text_out[f]);
        free(run->text[f]);
        run->text[f] = NULL;
        run->text_out[f] = open_memstream(&run->text[f], &run->text_len[f]);
    }
    fwrite(ev->text.data, 1, ev->text.size, run->text_out[f]);
    if (ev->flags & TD_LAST_FRAGMENT) {
        fclose(run->text_out[f]);
        run->text_out[f] = NULL;
    }
}

static void keep_block(rvn_run *run, const td_rvn_event *ev)
{
    if (run->block_count == run->block_cap) {
        size_t cap = run->block_cap ? run->block_cap * 2 : 1024;
        block_fact *nb = realloc(run->blocks, cap * sizeof *nb);
        if (nb == NULL)
            return;
        run->blocks = nb;
        run->block_cap = cap;
    }
    run->blocks[run->block_count].pc = ev->block.pc;
    run->blocks[run->block_count].count = ev->block.instruction_count;
    run->blocks[run->block_count].mode = ev->block.mode;
    run->block_count++;
}

static void dump_event(rvn_run *run, const td_rvn_event *ev)
{
    const block_fact *b;
    if (ev->kind == TD_RVN_EV_INTERRUPT) {
        printf("interrupt at %" PRIu64 ": number %" PRId64 " %s pc=0x%" PRIx64
               " mode=%u related_block=%" PRId64 "\n",
               ev->interrupt.transition, ev->interrupt.number,
               ev->interrupt.is_hw ? "hardware" : "software",
               ev->interrupt.pc, ev->interrupt.mode,
               ev->interrupt.related_block_id);
        return;
    }
    if (ev->kind != TD_RVN_EV_EXECUTION)
        return;
    printf("[%" PRIu64 ", %" PRIu64 ") block %" PRId64, ev->execution.start,
           ev->execution.end, ev->execution.block_id);
    if (ev->execution.block_id == 1) {
        printf(" interrupt\n");
        return;
    }
    b = (size_t)ev->execution.block_id <= run->block_count
            ? &run->blocks[ev->execution.block_id - 1]
            : NULL;
    if (b != NULL)
        printf(" pc=0x%" PRIx64 " mode=%u instructions=%" PRIu32, b->pc,
               b->mode, b->count);
    putchar('\n');
}

static void consume(rvn_run *run, const td_rvn_event *ev)
{
    switch (ev->kind) {
    case TD_RVN_EV_METADATA_TEXT:
        keep_text(run, ev);
        break;
    case TD_RVN_EV_METADATA:
        run->metadata = *ev;
        run->have_metadata = true;
        break;
    case TD_RVN_EV_TABLES:
        run->tables = *ev;
        break;
    case TD_RVN_EV_BLOCK:
        if (ev->block.mode < 3)
            run->modes[ev->block.mode]++;
        if (run->o->command == CMD_DUMP)
            keep_block(run, ev);
        break;
    case TD_RVN_EV_WARNING:
        run->warnings++;
        if (run->o->verbose || run->o->command == CMD_INFO)
            fprintf(stderr, "%s: warning %s: %s\n", run->o->path,
                    td_warning_name(ev->warning.code),
                    ev->warning.reason ? ev->warning.reason
                                       : td_warning_text(ev->warning.code));
        break;
    default:
        if (run->o->command == CMD_DUMP)
            dump_event(run, ev);
        break;
    }
}

static void print_info(const rvn_run *run)
{
    unsigned i;
    printf("format: sqlite (REVEN block trace)\n");
    sqlite_print_header(td_rvn_header(&run->r));
    printf("tables:");
    for (i = 0; i < TD_RVN_TABLE_COUNT; i++)
        if (run->tables.tables.present >> i & 1u)
            printf(" %s (root %" PRIu32 ")", table_names[i],
                   run->tables.tables.root[i]);
    printf("\n");
    if (!run->have_metadata)
        return;
    printf("metadata: version %" PRIu32 ", type %" PRIu32 " (block)\n",
           run->metadata.metadata.metadata_version,
           run->metadata.metadata.type);
    printf("format version: %s\n", run->text[0] ? run->text[0] : "");
    printf("tool: %s %s\n", run->text[1] ? run->text[1] : "",
           run->text[2] ? run->text[2] : "1.0.0-prerelease");
    printf("tool info: %s\n", run->text[3] ? run->text[3] : "");
    printf("generation date: %" PRId64 "\n",
           run->metadata.metadata.generation_date);
    if (!(run->tables.tables.present >> TD_RVN_INSTRUCTION_INDICES & 1u))
        printf("lacks: instruction_indices (no instruction boundaries)\n");
    if (!(run->tables.tables.present >> TD_RVN_INTERRUPTS & 1u))
        printf("lacks: interrupts (no interrupt details)\n");
}

static void print_stat(const rvn_run *run)
{
    const td_rvn_counts *c = td_rvn_counts_of(&run->r);
    if (run->o->json) {
        printf("{\"blocks\": %" PRIu64 ", \"block_bytes\": %" PRIu64
               ", \"instruction_indices\": %" PRIu64 ", \"executions\": %"
               PRIu64 ", \"interrupt_executions\": %" PRIu64
               ", \"interrupts\": %" PRIu64 ", \"transitions\": %" PRIu64
               "}\n",
               c->blocks, c->block_bytes, c->instructions, c->executions,
               c->interrupt_executions, c->interrupts, c->last_transition);
        return;
    }
    printf("blocks: %" PRIu64 " (%" PRIu64 " instruction bytes; modes: %"
           PRIu64 " x86-64, %" PRIu64 " x86-32, %" PRIu64 " x86-16)\n",
           c->blocks, c->block_bytes, run->modes[0], run->modes[1],
           run->modes[2]);
    printf("instruction offsets: %" PRIu64 "\n", c->instructions);
    printf("executions: %" PRIu64 " (%" PRIu64 " of the interrupt block)\n",
           c->executions, c->interrupt_executions);
    printf("interrupts: %" PRIu64 "\n", c->interrupts);
    printf("transitions: %" PRIu64 "\n", c->last_transition);
}

/* drive(): info found no _metadata table, a plain SQLite database. */
#define NOT_REVEN (-1)

/* Run the decoder to its end (or to the metadata, for info). */
static int drive(rvn_run *run)
{
    td_rvn_event ev;
    int rc;
    while ((rc = td_rvn_next(&run->r, &ev)) != TD_END) {
        if (rc == TD_NEED_INPUT) {
            const uint8_t *data;
            size_t len;
            if (sqlite_host_read(&run->h, td_rvn_request(&run->r), &data,
                                 &len) != 0) {
                fprintf(stderr, "tracedec: %s\n", run->h.error);
                return EXIT_USAGE;
            }
            td_rvn_feed(&run->r, data, len);
            continue;
        }
        if (rc == TD_E_RVN_NO_METADATA && run->o->command == CMD_INFO)
            return NOT_REVEN;
        if (rc < 0) {
            fflush(stdout);
            cli_report_fault(run->o->path, td_rvn_fault(&run->r));
            return EXIT_INVALID;
        }
        consume(run, &ev);
        if (run->o->command == CMD_INFO && ev.kind == TD_RVN_EV_METADATA)
            break;
    }
    return EXIT_VALID;
}

int rvn_command(const cli_options *o)
{
    rvn_run *run = calloc(1, sizeof *run);
    td_rvn_config cfg;
    int status, i;
    if (run == NULL)
        return EXIT_USAGE;
    run->o = o;
    if (o->command == CMD_CONVERT) {
        fprintf(stderr, "tracedec: convert does not apply to REVEN traces\n");
        free(run);
        return EXIT_USAGE;
    }
    if (sqlite_host_open(&run->h, o->path, o->io == HOST_MMAP) != 0) {
        fprintf(stderr, "tracedec: %s\n", run->h.error);
        sqlite_host_close(&run->h);
        free(run);
        return EXIT_USAGE;
    }
    memset(&cfg, 0, sizeof cfg);
    cfg.size = sizeof cfg;
    cfg.files = run->h.files;
    td_rvn_init(&run->r, &cfg);
    status = drive(run);
    if (o->command == CMD_INFO && status != NOT_REVEN)
        print_info(run);
    if (o->command == CMD_STAT && status == EXIT_VALID)
        print_stat(run);
    if (o->command == CMD_VALIDATE && status == EXIT_VALID && o->verbose)
        printf("%s: valid REVEN block trace\n", o->path);
    sqlite_host_close(&run->h);
    for (i = 0; i < 4; i++) {
        if (run->text_out[i] != NULL)
            fclose(run->text_out[i]);
        free(run->text[i]);
    }
    free(run->blocks);
    free(run);
    if (o->command == CMD_INFO && status == NOT_REVEN)
        return sqlite_info(o);
    return status;
}
