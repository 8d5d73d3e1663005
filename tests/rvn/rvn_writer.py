#!/usr/bin/env python3
"""rvn_writer.py OUTDIR [ROWS] - REVEN block traces written the way
tetrane/rvnblock's Writer writes them (src/block_writer.cpp, replayed in
Python on SQLite itself), and damaged variants.

For each database prints NAME<TAB>EXPECTED, EXPECTED being "ok" or the
error name `tracedec validate` must report; good traces also get
NAME.dump, what `tracedec dump` must print.

The Writer, as the spec (§1.4) describes it: the interrupt block is rowid
1; execution rows are written one step late ((T, B): B ran over
[previous T or 0, T)); an interrupt at T makes the interrupt block the
current one and its row is written by the next add_block; instruction
offsets of a block are inserted when its execution closes, only past those
already stored; COMMIT every 10000 statements."""
import os
import random
import sqlite3
import sys

DDL = [
    "create table _metadata (metadata_version int,type int,format_version "
    "text,tool_name text,tool_version text,tool_info text,generation_date "
    "int8);",
    "create table blocks(pc int8 not null,instruction_data blob not null,"
    "instruction_count int2 not null,mode int1 not null);",
    "create table execution(transition_id int8 PRIMARY KEY not null,block_id "
    "int4 not null) WITHOUT ROWID;",
    "CREATE TABLE instruction_indices(block_id INTEGER NOT NULL,"
    "instruction_id INTEGER NOT NULL,instruction_index INTEGER NOT NULL,"
    "PRIMARY KEY (block_id, instruction_id)) WITHOUT ROWID;",
    "CREATE TABLE interrupts(transition_id int8 PRIMARY KEY NOT NULL,pc int8 "
    "NOT NULL,mode int1 NOT NULL,number INTEGER NOT NULL,is_hw BOOL NOT NULL,"
    "related_instruction_block_id INTEGER NOT NULL) WITHOUT ROWID;",
]
META_V0 = ("create table _metadata (type int,format_version text,tool_name "
           "text,tool_info text,generation_date int8);")


def s64(v):
    return v - (1 << 64) if v >= 1 << 63 else v


def s32(v):
    return v - (1 << 32) if v >= 1 << 31 else v


class Writer:
    def __init__(self, path, tables=5, metadata="v1", page_size=None,
                 format_version="1.0.0", mtype=9):
        if os.path.exists(path):
            os.remove(path)
        self.db = sqlite3.connect(path, isolation_level=None)
        if page_size:
            self.db.execute("pragma page_size=%d" % page_size)
        for p in ("synchronous=off", "count_changes=off",
                  "journal_mode=memory", "temp_store=memory"):
            self.db.execute("pragma " + p)
        self.tables = tables
        if metadata == "v1":
            self.db.execute(DDL[0])
            self.db.execute("insert into _metadata values(?,?,?,?,?,?,?);",
                            (1, mtype, format_version, "panda_block_writer",
                             "1.0.0",
                             "Generated with Panda - using rvnblock 1.0.0",
                             1700000000))
        elif metadata == "v0":
            self.db.execute(META_V0)
            self.db.execute("insert into _metadata values(?,?,?,?,?);",
                            (mtype, format_version, "panda_block_writer",
                             "Generated with Panda", 1600000000))
        for ddl in DDL[1:1 + tables - 1]:
            self.db.execute(ddl)
        self.db.execute("BEGIN")
        self.statements = 0
        self.blocks = {}       # key -> rowid
        self.block_rows = [(0, b"interrupt", 0, 0)]
        self.stored_indices = {}
        self.insert_block_row(0, b"interrupt", 0, 0)
        self.last_t = 0
        self.current = None    # (key, pc, data, count, mode) or "interrupt"
        self.current_indices = []
        self.dump = []

    def statement(self, sql, args):
        self.db.execute(sql, args)
        self.statements += 1
        if self.statements == 10000:
            self.db.execute("COMMIT")
            self.statements = 0
            self.db.execute("BEGIN")

    def insert_block_row(self, pc, data, count, mode):
        self.statement("INSERT INTO blocks VALUES(?,?,?,?)",
                       (s64(pc), data, count, mode))

    def block_id(self, blk):
        if blk == "interrupt":
            return 1
        key = blk
        if key not in self.blocks:
            pc, data, count, mode = blk
            self.insert_block_row(pc, data, count, mode)
            self.blocks[key] = len(self.blocks) + 2
            self.block_rows.append((pc, data, count, mode))
        return self.blocks[key]

    def close_current(self):
        bid = self.block_id(self.current)
        if self.tables >= 4 and self.current != "interrupt":
            have = self.stored_indices.get(bid, 0)
            for i in range(have, len(self.current_indices)):
                self.statement("INSERT INTO instruction_indices VALUES(?,?,?)",
                               (bid, s32(i), s32(self.current_indices[i])))
            self.stored_indices[bid] = max(have, len(self.current_indices))
        return bid

    def add_block_inner(self, t, blk, force):
        if t != self.last_t:
            if self.current is not None:
                bid = self.close_current()
                self.statement("INSERT INTO execution VALUES(?,?)", (t, bid))
                self.dump_exec(self.last_start, t, bid)
            self.last_start = t
        elif force and self.current is not None:
            self.close_current()
        if self.current is None:
            self.last_start = 0
        self.current = blk
        self.current_indices = []
        self.last_t = t

    def add_block(self, t, pc, data, count, mode):
        self.add_block_inner(t, (pc, bytes(data), count, mode), False)

    def add_block_instruction(self, rip):
        pc = self.current[0]
        if rip - pc != 0:
            self.current_indices.append((rip - pc) & 0xffffffff)

    def add_interrupt(self, t, pc, mode, number, is_hw, related):
        last = self.block_id(self.current) if self.current not in (None, "interrupt") else 0
        if self.current not in (None, "interrupt"):
            self.close_current()
        self.add_block_inner(t, "interrupt", True)
        if self.tables >= 5:
            self.statement("INSERT INTO interrupts VALUES(?,?,?,?,?,?)",
                           (t, s64(pc), mode, s32(number), 1 if is_hw else 0,
                            last if related else 0))
            self.dump.append("interrupt at %d: number %d %s pc=0x%x mode=%d "
                             "related_block=%d" % (t, s32(number),
                                                   "hardware" if is_hw else "software",
                                                   pc, mode, last if related else 0))

    def dump_exec(self, start, end, bid):
        if bid == 1:
            self.dump.append("[%d, %d) block 1 interrupt" % (start, end))
            return
        pc, data, count, mode = self.block_rows[bid - 1]
        self.dump.append("[%d, %d) block %d pc=0x%x mode=%d instructions=%d"
                         % (start, end, bid, pc, mode, count))

    def finalize(self, t):
        if self.current is not None and t != self.last_t:
            bid = self.close_current()
            self.statement("INSERT INTO execution VALUES(?,?)", (t, bid))
            self.dump_exec(self.last_start, t, bid)
        self.current = None

    def take(self):
        self.db.execute("COMMIT")
        self.db.close()


def random_trace(w, rng, steps, interrupts=True):
    """A program of blocks executed in a loop with faults now and then."""
    pcs = [0x400000 + 0x40 * i for i in range(40)]
    pcs += [0xffffffff81000000 + 0x100 * i for i in range(20)]
    pcs += [0xfffff80000829868, 0x7fff0000]
    program = []
    for pc in pcs:
        n = rng.randint(1, 12)
        offs, o = [], 0
        for _ in range(n):
            offs.append(o)
            o += rng.randint(1, 15)
        data = bytes(rng.getrandbits(8) for _ in range(o))
        program.append((pc, data, n, offs, rng.choice((0, 0, 0, 1, 2))))
    t = 0
    for _ in range(steps):
        pc, data, n, offs, mode = rng.choice(program)
        w.add_block(t, pc, data, n, mode)
        executed = n if rng.random() < 0.9 else rng.randint(1, n)
        for i in range(executed):
            w.add_block_instruction(pc + offs[i])
        if interrupts and rng.random() < 0.03:
            t += rng.randint(0, executed - 1)
            w.add_interrupt(t, pc + offs[0], mode, rng.choice((14, 0x80, 0xffffffff)),
                            rng.random() < 0.5, rng.random() < 0.7)
            t += 1
        else:
            t += executed
    w.finalize(t + 1 if t == w.last_t else t)


def upstream_scenarios(path):
    """rvnblock's test_reader_base and test_reader_indices."""
    w = Writer(path)
    w.add_block(0, 0, [0, 1, 2, 3, 4, 42], 5, 0)
    for rip in (0, 2, 3, 4, 5):
        w.add_block_instruction(rip)
    w.add_block(5, 200, [0, 1, 2, 3, 4, 5], 2, 0)
    for rip in (200, 205):
        w.add_block_instruction(rip)
    w.add_interrupt(7, 205, 0, 14, False, True)
    w.add_block(8, 1, [0, 1, 2, 3, 4, 5], 7, 1)
    w.finalize(14)
    w.take()
    return w


def write_dump(path, w):
    with open(path + ".dump", "w") as f:
        for line in w.dump:
            f.write(line + "\n")


def main():
    out = sys.argv[1]
    rows = int(sys.argv[2]) if len(sys.argv) > 2 else 100000
    os.makedirs(out, exist_ok=True)
    results = []
    rng = random.Random(9)

    def good(name, **kw):
        path = os.path.join(out, name)
        steps = kw.pop("steps", 300)
        w = Writer(path, **kw)
        random_trace(w, rng, steps, interrupts=w.tables >= 5)
        w.take()
        write_dump(path, w)
        results.append((name, "ok"))
        return path

    w = upstream_scenarios(os.path.join(out, "upstream.sqlite"))
    write_dump(os.path.join(out, "upstream.sqlite"), w)
    results.append(("upstream.sqlite", "ok"))
    small = good("small.sqlite")
    good("small-512.sqlite", page_size=512)
    good("small-65536.sqlite", page_size=65536)
    good("three-tables.sqlite", tables=4)
    good("two-tables.sqlite", tables=3)
    good("metadata-v0.sqlite", metadata="v0")
    good("format-1.2.3-pre.sqlite", format_version="1.2.3-alpha.1+build.5")
    good("large.sqlite", steps=rows)

    def bad(name, error, sql=None, **kw):
        path = os.path.join(out, name)
        w = Writer(path, **kw)
        random_trace(w, rng, 60)
        w.take()
        if sql:
            db = sqlite3.connect(path)
            for s in sql:
                db.execute(s)
            db.commit()
            db.close()
        results.append((name, error))

    bad("no-metadata.sqlite", "rvn-no-metadata", metadata=None)
    bad("metadata-empty.sqlite", "rvn-metadata", ["delete from _metadata"])
    bad("metadata-two-rows.sqlite", "rvn-metadata",
        ["insert into _metadata select * from _metadata"])
    bad("metadata-type-3.sqlite", "rvn-resource-type", mtype=3)
    bad("metadata-type-0.sqlite", "rvn-resource-type", mtype=0)
    bad("metadata-future-major.sqlite", "rvn-version", format_version="2.0.0")
    bad("metadata-bad-semver.sqlite", "rvn-version", format_version="1.0")
    bad("metadata-leading-zero.sqlite", "rvn-version", format_version="1.01.0")
    bad("metadata-zero-prerelease.sqlite", "rvn-version",
        format_version="1.0.0-0")
    bad("metadata-version-2.sqlite", "rvn-version",
        ["update _metadata set metadata_version = 2"])
    bad("metadata-text-type.sqlite", "rvn-metadata",
        ["update _metadata set type = 'x9'"])
    bad("no-execution.sqlite", "rvn-schema", ["drop table execution"])
    bad("dangling-block.sqlite", "rvn-dangling-block",
        ["update execution set block_id = 999 where transition_id = "
         "(select max(transition_id) from execution)"])
    bad("blocks-gap.sqlite", "rvn-block",
        ["delete from blocks where rowid = 3"])
    bad("not-interrupt-block.sqlite", "rvn-interrupt-block",
        ["update blocks set instruction_data = x'00' where rowid = 1"])
    bad("bad-mode.sqlite", "rvn-block",
        ["update blocks set mode = 3 where rowid = 2"])
    bad("bad-count.sqlite", "rvn-block",
        ["update blocks set instruction_count = 70000 where rowid = 2"])
    bad("text-pc.sqlite", "rvn-block",
        ["update blocks set pc = 'x' where rowid = 2"])
    bad("index-beyond-data.sqlite", "rvn-instruction",
        ["update instruction_indices set instruction_index = 5000 where "
         "block_id = (select min(block_id) from instruction_indices) and "
         "instruction_id = (select max(instruction_id) from "
         "instruction_indices where block_id = (select min(block_id) from "
         "instruction_indices))"])
    bad("index-gap.sqlite", "rvn-instruction",
        ["delete from instruction_indices where instruction_id = 0 and "
         "block_id = (select block_id from instruction_indices where "
         "instruction_id = 1 limit 1)"])
    bad("interrupt-mismatch.sqlite", "rvn-interrupt",
        ["update interrupts set transition_id = transition_id + 100000 "
         "where transition_id = (select min(transition_id) from interrupts)",
         "insert into execution values(999999999, 2)"])
    bad("interrupt-block-without-row.sqlite", "rvn-interrupt",
        ["insert into execution select max(transition_id) + 1, 2 from "
         "execution", "insert into execution select max(transition_id) + 1, "
         "1 from execution"])
    bad("interrupt-deleted.sqlite", "rvn-interrupt",
        ["delete from interrupts where transition_id = "
         "(select min(transition_id) from interrupts)"])
    bad("execution-zero.sqlite", "rvn-execution",
        ["insert into execution values(0, 2)"])
    bad("execution-text-block.sqlite", "rvn-execution",
        ["update execution set block_id = 'x' where transition_id = "
         "(select min(transition_id) from execution)"])
    for name, expected in results:
        print("%s\t%s" % (name, expected))


if __name__ == "__main__":
    main()
