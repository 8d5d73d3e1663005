#!/usr/bin/env python3
"""sqlite_dbs.py OUTDIR - build the SQLite test databases with python3's
sqlite3 module (SQLite itself writes every byte): page sizes 512..65536,
values on overflow pages at every spill boundary, index (WITHOUT ROWID)
overflow including interior cells, auto-vacuum (pointer maps), freelist
pages, reserved bytes, UTF-16le/be, every serial type, short records
(ALTER TABLE ADD COLUMN), rowid aliases, REAL affinity.

Prints one line per database: NAME TABLE... (the tables to compare with
`sqlite3 -quote`)."""
import os
import random
import sqlite3
import struct
import sys


def spill_sizes(usable, table_leaf):
    """Payload sizes around the spill rule's boundaries (fileformat2)."""
    x = usable - 35 if table_leaf else (usable - 12) * 64 // 255 - 23
    m = (usable - 12) * 32 // 255 - 23
    sizes = {x - 1, x, x + 1, x + 2, m, m + 1}
    # K = M + (P - M) % (U - 4): both branches (K <= X and K > X).
    for k in (x, x + 1, m, m + (usable - 4) - 1):
        for n in (1, 2, 3):
            p = m + n * (usable - 4) + (k - m)
            sizes.update({p - 1, p, p + 1})
    return sorted(s for s in sizes if s > 0)


def blob_for_payload(payload, extra):
    """A blob whose record (header + blob + extra bytes) is `payload`."""
    n = payload - extra
    for _ in range(4):
        t = 12 + 2 * max(n, 0)
        hdr = 1 + len(varint(t)) + 1
        n = payload - hdr - extra
    return max(n, 0)


def varint(v):
    out = []
    if v > 0x00ffffffffffffff:
        out.append(v & 0xff)
        v >>= 8
        out.append(v & 0x7f | 0x80)
        v >>= 7
        while v:
            out.append(v & 0x7f | 0x80)
            v >>= 7
    else:
        out.append(v & 0x7f)
        v >>= 7
        while v:
            out.append(v & 0x7f | 0x80)
            v >>= 7
    return bytes(reversed(out))


def connect(path, page_size=4096, encoding=None, autovacuum=None,
            reserved=None):
    if os.path.exists(path):
        os.remove(path)
    db = sqlite3.connect(path)
    db.execute("pragma page_size=%d" % page_size)
    if encoding:
        db.execute("pragma encoding='%s'" % encoding)
    if autovacuum:
        db.execute("pragma auto_vacuum=%s" % autovacuum)
    db.execute("pragma journal_mode=delete")
    if reserved is not None:
        # Reserved bytes: written through the file-control the shell uses.
        db.close()
        os.system("sqlite3 %s '.filectrl reserve_bytes %d' 'vacuum' "
                  ">/dev/null" % (path, reserved))
        db = sqlite3.connect(path)
    return db


def values_table(db, rng):
    db.execute("create table vals(a, b real, c text, d blob, e integer)")
    ints = [0, 1, -1, 127, 128, -128, -129, 32767, 32768, -32769,
            2**23 - 1, -2**23, 2**31 - 1, -2**31, 2**47 - 1, -2**47,
            2**47, 2**63 - 1, -2**63, 0xffffffff81000000 - 2**64]
    reals = [0.0, -0.0, 0.1, 1.5, -2.25, 1e300, -1e-300, 5e-324,
             123456789.125, 3.0, 1e16, 2.0**53, float("inf"), -float("inf")]
    for v in ints:
        db.execute("insert into vals values(?,?,?,?,?)",
                   (v, v, str(v), struct.pack(">q", v), v))
    for v in reals:
        db.execute("insert into vals values(?,?,?,?,?)", (v, v, None, None, 1))
    texts = ["", "it's", "line\ntwo", "tab\there", "\u00e9t\u00e9",
             "\u6f22\u5b57", "\U0001f600 emoji", "a\x00b", "'", "''"]
    for t in texts:
        db.execute("insert into vals values(?,?,?,?,?)", (t, None, t,
                                                          t.encode(), None))
    db.execute("insert into vals values(NULL,NULL,NULL,NULL,NULL)")
    db.execute("insert into vals values(x'', '', x'00ff10', 7, 2.5)")
    for _ in range(40):
        db.execute("insert into vals values(?,?,?,?,?)",
                   (rng.randint(-2**63, 2**63 - 1),
                    struct.unpack("<d", rng.getrandbits(64).to_bytes(8, "little"))[0],
                    "".join(chr(rng.randint(32, 0x2000)) for _ in range(rng.randint(0, 30))),
                    rng.randbytes(rng.randint(0, 40)),
                    rng.random() * 10 ** rng.randint(-30, 30)))
    return ["vals"]


def blobs_table(db, usable, name="blobs"):
    db.execute("create table %s(n integer, b blob)" % name)
    for p in spill_sizes(usable, True):
        # record: header (3 bytes) + n (serial 1..: use 2 bytes) + blob
        db.execute("insert into %s values(?, ?)" % name,
                   (1000, bytes((i * 7) & 255 for i in range(blob_for_payload(p, 2)))))
    return [name]


def index_table(db, usable):
    """WITHOUT ROWID with keys large enough to spill, so that interior
    cells overflow too."""
    db.execute("create table wr(k blob primary key, v) without rowid")
    sizes = spill_sizes(usable, False)
    rows = []
    for i, p in enumerate(sizes * 3):
        key = bytes([i & 255, i >> 8]) + bytes((j * 13 + i) & 255
                                               for j in range(max(p - 6, 0)))
        rows.append((key, i))
    for r in rows:
        db.execute("insert or ignore into wr values(?,?)", r)
    return ["wr"]


def build_all(out):
    rng = random.Random(5)
    made = []

    def add(name, tables):
        made.append((name, tables))

    # Every page size, with values, blobs at the spill boundaries and an
    # index tree with overflow.
    for ps in (512, 1024, 2048, 4096, 8192, 16384, 32768, 65536):
        path = os.path.join(out, "pagesize_%d.db" % ps)
        db = connect(path, ps)
        t = values_table(db, rng) + blobs_table(db, ps) + index_table(db, ps)
        db.execute("create table many(x integer primary key, y, z)")
        db.executemany("insert into many values(?,?,?)",
                       ((i, i * 3, "row %d" % i) for i in range(1, 3000)))
        db.commit()
        db.close()
        add(path, t + ["many"])

    # UTF-16 databases.
    for enc in ("UTF-16le", "UTF-16be"):
        path = os.path.join(out, "%s.db" % enc.lower().replace("-", ""))
        db = connect(path, 1024, enc)
        t = values_table(db, rng) + blobs_table(db, 1024)
        db.execute("create table surrogates(t text)")
        for raw in ("00d8", "0041", "3dd800de", "00d80041", "41", "00dc",
                    "41004200"):
            db.execute("insert into surrogates values(cast(x'%s' as text))"
                       % raw)
        db.commit()
        db.close()
        add(path, t + ["surrogates"])

    # Auto-vacuum (pointer-map pages), full and incremental, with pages
    # freed so that the freelist is not empty (incremental).
    for mode in ("full", "incremental"):
        path = os.path.join(out, "autovacuum_%s.db" % mode)
        db = connect(path, 1024, autovacuum=mode)
        t = blobs_table(db, 1024)
        db.execute("create table big(x integer primary key, y)")
        db.executemany("insert into big values(?,?)",
                       ((i, b"z" * (i % 700)) for i in range(1, 800)))
        db.execute("create table gone(x)")
        db.executemany("insert into gone values(?)",
                       ((b"q" * 900,) for _ in range(50)))
        db.commit()
        db.execute("drop table gone")
        db.execute("delete from big where x % 3 = 0")
        db.commit()
        db.close()
        add(path, t + ["big"])

    # Freelist pages (no auto-vacuum): delete rows, drop a table.
    path = os.path.join(out, "freelist.db")
    db = connect(path, 1024)
    db.execute("create table keep(x integer primary key, y)")
    db.executemany("insert into keep values(?,?)",
                   ((i, "v" * (i % 300)) for i in range(1, 2000)))
    db.execute("create table drop_me(x)")
    db.executemany("insert into drop_me values(?)",
                   ((b"d" * 2000,) for _ in range(300)))
    db.commit()
    db.execute("drop table drop_me")
    db.execute("delete from keep where x % 5 <> 0")
    db.commit()
    db.close()
    add(path, ["keep"])

    # Reserved bytes at the end of every page.
    for ps, reserved in ((1024, 32), (512, 32), (4096, 100)):
        path = os.path.join(out, "reserved_%d_%d.db" % (ps, reserved))
        db = connect(path, ps)
        db.close()
        os.system("sqlite3 %s 'pragma page_size=%d' '.filectrl reserve_bytes "
                  "%d' 'vacuum' >/dev/null 2>&1" % (path, ps, reserved))
        db = sqlite3.connect(path)
        usable = ps - reserved
        t = blobs_table(db, usable) + index_table(db, usable)
        db.commit()
        db.close()
        add(path, t)

    # Shapes of SELECT *: short records, rowid aliases, REAL affinity,
    # WITHOUT ROWID key order, indexes on the side.
    path = os.path.join(out, "shapes.db")
    db = connect(path, 4096)
    db.execute("create table short(a, b)")
    db.executemany("insert into short values(?,?)", ((i, i * 2) for i in range(5)))
    db.execute("alter table short add column c default 7")
    db.execute("alter table short add column d text default 'x''y'")
    db.execute("alter table short add column e default NULL")
    db.execute("alter table short add column f real default -2")
    db.execute("alter table short add column g default x'AB01'")
    db.execute("insert into short values(9,9,9,9,9,9,9)")
    db.execute("create table alias(id INTEGER PRIMARY KEY, v)")
    db.executemany("insert into alias values(?,?)", ((i * 7, str(i)) for i in range(1, 50)))
    db.execute("create table alias2(v, id integer, primary key(id))")
    db.executemany("insert into alias2 values(?,?)", ((str(i), -i) for i in range(1, 20)))
    db.execute("create table noalias(id INTEGER PRIMARY KEY DESC, v)")
    db.executemany("insert into noalias values(?,?)", ((i, i) for i in range(1, 20)))
    db.execute("create table reals(r REAL, d DOUBLE PRECISION, f FLOAT, n NUMERIC)")
    db.executemany("insert into reals values(?,?,?,?)",
                   ((i, i / 2, i * 1.0, i) for i in range(-3, 4)))
    db.execute("create table wr2(a, b, c, primary key(c, a)) without rowid")
    db.executemany("insert into wr2 values(?,?,?)",
                   ((i % 7, "b%d" % i, i % 3) for i in range(21)))
    db.execute('create table "odd name"("x y" int, [z] text, `w` blob)')
    db.execute('insert into "odd name" values(1, \'z\', x\'00\')')
    db.execute("create table idx(a, b)")
    db.execute("create index idx_b on idx(b)")
    db.executemany("insert into idx values(?,?)", ((i, -i) for i in range(100)))
    db.commit()
    db.close()
    add(path, ["short", "alias", "alias2", "noalias", "reals", "wr2",
               "odd name", "idx", "sqlite_schema"])
    return made


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    for path, tables in build_all(out):
        print(os.path.basename(path) + "\t" + "\t".join(tables))


if __name__ == "__main__":
    main()
