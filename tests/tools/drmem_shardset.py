"""Write a synthetic drmemtrace workload of thousands of shards.

usage: drmem_shardset.py SAMPLES OUT [--shards N] [--records N] [--regdeps]

SAMPLES is a folder of real per-thread shards (`*.trace.zip`, e.g. the
corpus's drmemtrace.threadsig.x64.tracedir). Each becomes a template: its
first chunk cut after about --records records, at the start of a tracer
buffer (a TIMESTAMP after an instruction or a memory access), and closed
with THREAD_EXIT and FOOTER. OUT gets N shards in the layout of Google's
public workload traces (v2):

    OUT/<uuid>.<tid>.memtrace.zip     one per thread, one chunk each
    OUT/aux/info.textproto
    OUT/aux/v2p.textproto

Shard i is template i % T with its own thread id, a process id shared by
64 threads, and its timestamps moved on by 7 us per shard. --regdeps
rewrites the templates as DynamoRIO's record_filter does with
-filter_encodings2regdeps (and the public traces' marker filters): the
FILETYPE's architecture becomes ARCH_REGDEPS, every encoding a synthetic
one of a multiple of 4 bytes, every CPU_ID -1, and the markers the
invariant checker forbids in such traces are dropped.

Prints what basic_counts must total for the whole set, a `NAME VALUE`
line each: shards, threads, instructions, loads, stores. Exit 0, or 77
when SAMPLES holds no shard (the tests that use it skip).
"""
import os
import struct
import sys
import zipfile
import zlib

RECORD = struct.Struct("<HHQ")
READ, WRITE, THREAD, THREAD_EXIT, PID, FOOTER, MARKER, ENCODING = \
    0, 1, 22, 23, 24, 26, 28, 47
INSTR_TYPES = set(range(10, 17)) | {31, 48, 49}
M_FUNC_FIRST, M_FUNC_LAST = 4, 7
M_TIMESTAMP, M_CPU_ID, M_FILETYPE, M_CHUNK_FOOTER = 2, 3, 9, 21
# Markers DynamoRIO's invariant checker refuses in ARCH_REGDEPS traces
# (SYSCALL_IDX, SYSCALL, SYSCALL_TRACE_START/END, SYSCALL_FAILED,
# SIGNAL_NUMBER, UNCOMPLETED_INSTRUCTION), and the function markers, which
# the filter keeps only for futex calls.
REGDEPS_DROPPED = {19, 25, 27, 28, 30, 40, 41} | set(
    range(M_FUNC_FIRST, M_FUNC_LAST + 1))
ARCH_ALL, ARCH_REGDEPS = 0x08 | 0x10 | 0x20 | 0x40 | 0x20000, 0x20000
UUID = "6f1d2c3b-58a4-4e0f-9b7d-2a61c0e4d835"
THREADS_PER_PROCESS = 64
TIMESTAMP_STEP = 7


def records(data):
    return [RECORD.unpack_from(data, i) for i in range(0, len(data), 12)]


def first_chunk(path):
    with zipfile.ZipFile(path) as z:
        return records(z.read(z.namelist()[0]))


def is_access(rec):
    return rec[0] in INSTR_TYPES or rec[0] in (READ, WRITE)


def cut(recs, wanted):
    """The records up to the first buffer start at or after `wanted`, then
    THREAD_EXIT and FOOTER."""
    tid = next(r[2] for r in recs if r[0] == THREAD)
    for i in range(max(wanted, 1), len(recs)):
        if recs[i][0] == MARKER and recs[i][1] == M_TIMESTAMP and \
                is_access(recs[i - 1]):
            return recs[:i] + [(THREAD_EXIT, 4, tid), (FOOTER, 0, 0)]
    if recs[-1][0] == MARKER and recs[-1][1] == M_CHUNK_FOOTER:
        return recs[:-1] + [(THREAD_EXIT, 4, tid), (FOOTER, 0, 0)]
    return recs


def regdeps_encoding(raw):
    """A synthetic regdeps encoding for the instruction whose bytes are
    `raw`: a multiple of 4 bytes, as DR_ISA_REGDEPS encodes."""
    size = (len(raw) + 3) // 4 * 4
    return bytes((b ^ 0x5a) for b in raw) + b"\x11" * (size - len(raw))


def regdeps_group(group):
    """ENCODING records (type, size, addr) rewritten as regdeps ones."""
    raw = b"".join(struct.pack("<Q", r[2])[:r[1]] for r in group)
    enc = regdeps_encoding(raw)
    out = []
    for at in range(0, len(enc), 8):
        piece = enc[at:at + 8]
        out.append((ENCODING, len(piece),
                    struct.unpack("<Q", piece.ljust(8, b"\0"))[0]))
    return out


def to_regdeps(recs):
    out, group = [], []
    for r in recs:
        if r[0] == ENCODING:
            group.append(r)
            continue
        if group:
            out += regdeps_group(group)
            group = []
        if r[0] == MARKER and r[1] in REGDEPS_DROPPED:
            continue
        if r[0] == MARKER and r[1] == M_FILETYPE:
            r = (r[0], r[1], (r[2] & ~ARCH_ALL) | ARCH_REGDEPS)
        elif r[0] == MARKER and r[1] == M_CPU_ID:
            r = (r[0], r[1], (1 << 64) - 1)
        out.append(r)
    return out


class Template:
    """One cut shard: its bytes, where its thread id, process id and
    timestamps lie, and what basic_counts counts of it."""

    def __init__(self, recs):
        self.data = bytearray(b"".join(RECORD.pack(*r) for r in recs))
        self.ids = [(i * 12, r[0]) for i, r in enumerate(recs)
                    if r[0] in (THREAD, THREAD_EXIT, PID)]
        self.stamps = [(i * 12, r[2]) for i, r in enumerate(recs)
                       if r[0] == MARKER and r[1] == M_TIMESTAMP]
        self.instructions = sum(1 for r in recs
                                if r[0] in INSTR_TYPES and r[1] > 0)
        self.loads = sum(1 for r in recs if r[0] == READ)
        self.stores = sum(1 for r in recs if r[0] == WRITE)

    def shard(self, tid, pid, shift):
        data = bytearray(self.data)
        for at, kind in self.ids:
            struct.pack_into("<Q", data, at + 4, pid if kind == PID else tid)
        for at, stamp in self.stamps:
            struct.pack_into("<Q", data, at + 4, stamp + shift)
        return bytes(data)


def write_zip(path, data):
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED,
                         compresslevel=1) as z:
        z.writestr("chunk.0000", data)


def write_aux(out, shards):
    aux = os.path.join(out, "aux")
    os.makedirs(aux, exist_ok=True)
    with open(os.path.join(aux, "info.textproto"), "w") as f:
        f.write("# synthetic workload of tests/tools/drmem_shardset.py\n"
                "workload_name: \"synthetic\"\nthread_count: %d\n" % shards)
    with open(os.path.join(aux, "v2p.textproto"), "w") as f:
        f.write("address_mapping_group {\n  page_size: 4096\n"
                "  address_mapping {\n    virtual_address: 4194304\n"
                "    physical_address: 2097152\n  }\n}\n")


def option(args, name, default):
    if name in args:
        return int(args[args.index(name) + 1])
    return default


def main(args):
    samples, out = args[0], args[1]
    shards = option(args, "--shards", 2000)
    wanted = option(args, "--records", 2500)
    names = sorted(n for n in os.listdir(samples) if n.endswith(".trace.zip"))
    if not names:
        return 77
    templates = []
    for name in names:
        recs = cut(first_chunk(os.path.join(samples, name)), wanted)
        templates.append(Template(to_regdeps(recs) if "--regdeps" in args
                                  else recs))
    os.makedirs(out, exist_ok=True)
    total = {"instructions": 0, "loads": 0, "stores": 0}
    for i in range(shards):
        t = templates[i % len(templates)]
        tid = 1000000 + i
        data = t.shard(tid, 500000 + i // THREADS_PER_PROCESS,
                       i * TIMESTAMP_STEP)
        write_zip(os.path.join(out, "%s.%d.memtrace.zip" % (UUID, tid)), data)
        for key in total:
            total[key] += getattr(t, key)
    write_aux(out, shards)
    print("shards %d\nthreads %d" % (shards, shards))
    for key in ("instructions", "loads", "stores"):
        print("%s %d" % (key, total[key]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
