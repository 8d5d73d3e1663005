/*
 * umt_bigtrace.c - write a large UMT trace with the test encoder, for
 * tests/umt/umt_rss.sh (memory and throughput of `tracedec validate`).
 *
 *   umt_bigtrace DIR SIZE_MB
 *
 * Two threads take turns, record by record: thread 0 runs 32-bit
 * instructions (every 4096th a 512-byte fxsave), thread 1 64-bit ones,
 * with a syscall entry and exit now and then and, every 100000 records, an
 * exception context holding 64 KiB of memory (a 1 MiB one every 5
 * million). Since the threads alternate, record e belongs to thread e % 2
 * and its neighbours are e - 2 and e + 2: exec.prev_next.column is written
 * as it goes, and only the small tables are kept in memory.
 */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "umt_encoder.h"
#include "umt_traces.h"

#define FLUSH_BYTES ((size_t)8 << 20)

static const int64_t thread0_cycle[6] = {INS_MOV,   INS_STORE,     INS_LEA,
                                         INS_MOVSD, INS_MOV_AL_AH, INS_JZ};
static const int64_t thread1_cycle[3] = {INS_PUSH, INS_POP, INS_SYSCALL};

static int open_file(const char *dir, int file)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, uenc_file_names[file]);
    return open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
}

static void die(const char *what)
{
    perror(what);
    exit(1);
}

static void put64(uint8_t *p, uint64_t v)
{
    int i;
    for (i = 0; i < 8; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static uctx memory_context(uint64_t size)
{
    uctx c;
    memset(&c, 0, sizeof c);
    c.seed = 9;
    c.mem_count = 1;
    c.mem[0].address = 0x20000000;
    c.mem[0].size = size;
    return c;
}

/* One record of the body: even EIDs are thread 0's, odd ones thread 1's. */
static void body_record(uenc *e, uint64_t eid, unsigned *syscalls)
{
    uint64_t turn = eid / 2;
    if ((eid & 1) == 0) {
        if (turn % 4096 == 4095)
            uenc_rec_ins(e, 0, 0, INS_FXSAVE, (uint8_t)turn);
        else
            uenc_rec_ins(e, 0, 0, thread0_cycle[turn % 6], (uint8_t)turn);
        return;
    }
    if (turn % 5000000 == 2500000) {
        uctx c = memory_context((uint64_t)1 << 20);
        uenc_rec_context(e, 1, 9, 0x01, &c);
    } else if (turn % 100000 == 50000) {
        uctx c = memory_context(64 << 10);
        uenc_rec_context(e, 1, 9, 0x01, &c);
    } else if (turn % 200000 == 1 && *syscalls < UENC_MAX_SYSCALLS) {
        usys s;
        int64_t id;
        memset(&s, 0, sizeof s);
        s.raw = 0x55;
        s.uniform = 0x123;
        s.convention = 2;
        s.arg_count = 4;
        uenc_rec_syscall_entry(e, 1, 0x01, &s, NULL, &id);
        (*syscalls)++;
    } else if (turn % 200000 == 2 && *syscalls > 0 &&
               e->syscalls[*syscalls - 1].end < 0) {
        uenc_rec_syscall_exit(e, 1, 0x01, *syscalls - 1, 0, NULL);
    } else {
        uenc_rec_ins(e, 1, 0x01, thread1_cycle[turn % 3], (uint8_t)turn);
    }
}

/* prev/next of records [from, to) of n. */
static void write_links(int fd, uint64_t from, uint64_t to, uint64_t n)
{
    static uint8_t buf[16 * 4096];
    size_t used = 0;
    uint64_t e;
    for (e = from; e < to; e++) {
        put64(buf + used, e < 2 ? (uint64_t)-1 : e - 2);
        put64(buf + used + 8, e + 2 < n ? e + 2 : (uint64_t)-1);
        used += 16;
        if (used == sizeof buf || e + 1 == to) {
            if (write(fd, buf, used) != (ssize_t)used)
                die("write exec.prev_next.column");
            used = 0;
        }
    }
}

int main(int argc, char **argv)
{
    uenc_options o;
    uenc e;
    uint64_t target, eid, n;
    unsigned syscalls = 0;
    int vt, off, links, i;
    uint8_t header[16] = {1};
    uctx c;
    if (argc != 3) {
        fprintf(stderr, "usage: umt_bigtrace DIR SIZE_MB\n");
        return 2;
    }
    target = strtoull(argv[2], NULL, 10) << 20;
    uenc_default_options(&o);
    o.no_prev_next = true;
    uenc_init(&e, &o);
    umt_trace_instructions(&e);
    uenc_thread(&e, 100, 0x7efdd000);
    uenc_thread(&e, 104, 0x7efda000);
    uenc_range(&e, 0x400000, 0x40ffff);
    uenc_xml(&e, UMT_TRACE_XML);
    if (mkdir(argv[1], 0755) != 0)
        die(argv[1]);
    vt = open_file(argv[1], UF_EXEC_VTABLE);
    off = open_file(argv[1], UF_EXEC_OFFSETS);
    links = open_file(argv[1], UF_PREV_NEXT);
    if (vt < 0 || off < 0 || links < 0 || write(vt, header, 16) != 16)
        die("create the exec files");
    c = memory_context(24);
    uenc_rec_thread_begin(&e, 0, 0, &c);
    uenc_rec_thread_begin(&e, 1, 0x01, NULL);
    for (eid = 2; e.flushed + e.records.len < target; eid++) {
        body_record(&e, eid, &syscalls);
        if (e.records.len >= FLUSH_BYTES && uenc_flush_records(&e, vt, off))
            die("write exec.vtable");
    }
    /* thread 1 ends on its turn, thread 0 ends the application */
    if ((eid & 1) == 0)
        uenc_rec_ins(&e, 0, 0, INS_MOV, 0);
    uenc_rec_thread_end(&e, 1, 0);
    uenc_rec_app_end(&e, 0, 0);
    n = e.record_count;
    header[0] = 1;
    put64(header + 8, n);
    if (uenc_flush_records(&e, vt, off) != 0)
        die("write exec.vtable");
    {
        uint8_t last[8];
        put64(last, 16 + e.flushed);
        if (write(off, last, 8) != 8 || pwrite(vt, header, 16, 0) != 16)
            die("finish exec.offsets");
    }
    write_links(links, 0, n, n);
    close(vt);
    close(off);
    close(links);
    uenc_finish_tables(&e);
    for (i = 0; i < UF_COUNT; i++) {
        int fd;
        if (i == UF_EXEC_VTABLE || i == UF_EXEC_OFFSETS || i == UF_PREV_NEXT)
            continue;
        fd = open_file(argv[1], i);
        if (fd < 0 || write(fd, e.f[i].head, e.f[i].head_len) !=
                          (ssize_t)e.f[i].head_len)
            die(uenc_file_names[i]);
        close(fd);
    }
    printf("%llu records, %llu bytes of exec.vtable\n", (unsigned long long)n,
           (unsigned long long)(16 + e.flushed));
    uenc_free(&e);
    return 0;
}
