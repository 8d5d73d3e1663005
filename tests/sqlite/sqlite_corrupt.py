#!/usr/bin/env python3
"""sqlite_corrupt.py OUTDIR - damaged SQLite databases, each with the error
the reader must report and the file offset of the offending byte.

Good databases are written by SQLite (python3's sqlite3 module); the damage
is a byte patch whose place this script finds by parsing the pages itself.
Prints: NAME<TAB>ERROR-NAME<TAB>OFFSET (NAME.wal / NAME.journal files, when
present, stand for the side files)."""
import os
import sqlite3
import struct
import sys


def make(path, page_size, sql):
    if os.path.exists(path):
        os.remove(path)
    db = sqlite3.connect(path)
    db.execute("pragma page_size=%d" % page_size)
    db.execute("pragma journal_mode=delete")
    for s in sql:
        if isinstance(s, tuple):
            db.executemany(s[0], s[1])
        else:
            db.execute(s)
    db.commit()
    db.close()
    return bytearray(open(path, "rb").read())


def page(data, ps, pgno):
    return (pgno - 1) * ps


def hdr_at(pgno):
    return 100 if pgno == 1 else 0


def cell_ptrs(data, ps, pgno):
    off = page(data, ps, pgno)
    h = off + hdr_at(pgno)
    typ = data[h]
    n = struct.unpack(">H", data[h + 3:h + 5])[0]
    start = h + (8 if typ in (10, 13) else 12)
    return typ, h, start, [struct.unpack(">H", data[start + 2 * i:start + 2 * i + 2])[0]
                           for i in range(n)]


def varint(data, at):
    v = 0
    for i in range(9):
        b = data[at + i]
        if i == 8:
            return (v << 8) | b, 9
        v = (v << 7) | (b & 0x7f)
        if b < 0x80:
            return v, i + 1


def root_of(path, name):
    db = sqlite3.connect(path)
    r = db.execute("select rootpage from sqlite_schema where name=?",
                   (name,)).fetchone()[0]
    db.close()
    return r


def first_leaf(data, ps, root):
    pg = root
    while True:
        typ, h, start, cells = cell_ptrs(data, ps, pg)
        if typ in (10, 13):
            return pg
        pg = struct.unpack(">I", data[page(data, ps, pg) + cells[0]:
                                      page(data, ps, pg) + cells[0] + 4])[0]


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    cases = []

    def save(name, data, error, offset, side=None):
        with open(os.path.join(out, name), "wb") as f:
            f.write(bytes(data))
        for suffix, content in (side or {}).items():
            with open(os.path.join(out, name + suffix), "wb") as f:
                f.write(content)
        cases.append((name, error, offset))

    base_path = os.path.join(out, "base.tmp")
    many = ["create table many(x integer primary key, y)",
            ("insert into many values(?,?)",
             [(i, "value %d" % i) for i in range(1, 3000)])]
    base = make(base_path, 512, many)
    ps = 512
    root = root_of(base_path, "many")

    def patched(offset, raw):
        d = bytearray(base)
        d[offset:offset + len(raw)] = raw
        return d

    save("bad-magic", patched(0, b"X"), "sqlite-magic", 0)
    save("bad-page-size", patched(16, b"\x03\xe8"), "sqlite-header", 16)
    save("bad-read-version", patched(19, b"\x03"), "sqlite-header", 19)
    save("bad-write-version", patched(18, b"\x00"), "sqlite-header", 18)
    save("bad-fractions", patched(21, b"\x41"), "sqlite-header", 21)
    save("bad-reserved", patched(20, b"\x28"), "sqlite-header", 20)
    save("bad-expansion", patched(80, b"\x01"), "sqlite-header", 72)
    save("bad-schema-format", patched(44, b"\x00\x00\x00\x05"),
         "sqlite-header", 44)
    save("bad-encoding", patched(56, b"\x00\x00\x00\x04"), "sqlite-header", 56)
    save("bad-incremental", patched(64, b"\x00\x00\x00\x01"), "sqlite-header",
         64)
    save("bad-freelist-count", patched(36, b"\x00\x00\x00\x07"),
         "sqlite-header", 36)
    save("truncated", base[:len(base) - 700], "truncated", len(base) - 700)
    save("truncated-header", base[:60], "truncated", 60)
    big_count = struct.pack(">I", len(base) // ps + 3)
    save("header-size-beyond-file", patched(28, big_count), "truncated",
         len(base))

    typ, h, start, cells = cell_ptrs(base, ps, root)
    assert typ == 5
    root_off = page(base, ps, root)
    save("btree-cycle", patched(root_off + 8, struct.pack(">I", root)),
         "sqlite-cycle", root_off + 8)
    save("child-out-of-range",
         patched(root_off + 8, struct.pack(">I", len(base) // ps + 5)),
         "sqlite-page-number", root_off + 8)
    save("child-is-page-1", patched(root_off + 8, struct.pack(">I", 1)),
         "sqlite-page-number", root_off + 8)
    leaf = first_leaf(base, ps, root)
    ltyp, lh, lstart, lcells = cell_ptrs(base, ps, leaf)
    leaf_off = page(base, ps, leaf)
    # cell_ptrs() gives the header and the pointer array as file offsets.
    save("cell-outside-page", patched(lstart, b"\x00\x01"), "sqlite-cell",
         lstart)
    save("cell-past-end", patched(lstart, struct.pack(">H", ps - 2)),
         "sqlite-cell", lstart)
    save("bad-page-type", patched(lh, b"\x07"), "sqlite-page-type", lh)
    save("index-page-in-table", patched(lh, b"\x0a"), "sqlite-page-type", lh)
    # Keys out of order: swap the first two cell pointers of a leaf.
    swapped = bytearray(base)
    swapped[lstart:lstart + 4] = base[lstart + 2:lstart + 4] + \
        base[lstart:lstart + 2]
    save("keys-out-of-order", swapped, "sqlite-key-order",
         leaf_off + lcells[0])
    # Serial types 10 and 11: the record's first type byte. A cell of a
    # table leaf: payload size, rowid, header size, types.
    cell = leaf_off + lcells[0]
    _, n1 = varint(base, cell)
    _, n2 = varint(base, cell + n1)
    _, n3 = varint(base, cell + n1 + n2)
    type_at = cell + n1 + n2 + n3
    save("serial-type-10", patched(type_at, b"\x0a"), "sqlite-record", type_at)
    save("serial-type-11", patched(type_at, b"\x0b"), "sqlite-record", type_at)
    # Side files.
    save("wal-beside", base, "sqlite-wal", 0, {"-wal": b"\x37\x7f\x06\x82" +
                                               bytes(28)})
    save("hot-journal-beside", base, "sqlite-hot-journal", 0,
         {"-journal": bytes([0xd9, 0xd5, 0x05, 0xf9, 0x20, 0xa1, 0x63, 0xd7])
          + bytes(504)})
    save("empty-wal-beside", base, "ok", 0, {"-wal": b""})
    save("cold-journal-beside", base, "ok", 0, {"-journal": bytes(512)})

    # Overflow chains: one row with a blob over three overflow pages.
    ov_path = os.path.join(out, "ov.tmp")
    ov = make(ov_path, 512, ["create table b(x blob)",
                             ("insert into b values(?)", [(bytes(1200),)])])
    oroot = root_of(ov_path, "b")
    otyp, oh, ostart, ocells = cell_ptrs(ov, 512, oroot)
    cell = page(ov, 512, oroot) + ocells[0]
    p, n1 = varint(ov, cell)
    _, n2 = varint(ov, cell + n1)
    usable = 512
    x, m = usable - 35, (usable - 12) * 32 // 255 - 23
    k = m + (p - m) % (usable - 4)
    local = k if k <= x else m
    first_ptr = cell + n1 + n2 + local
    chain = [struct.unpack(">I", ov[first_ptr:first_ptr + 4])[0]]
    while True:
        nxt = struct.unpack(">I", ov[page(ov, 512, chain[-1]):
                                     page(ov, 512, chain[-1]) + 4])[0]
        if nxt == 0:
            break
        chain.append(nxt)
    assert len(chain) >= 2, chain
    last = page(ov, 512, chain[-1])
    d = bytearray(ov)
    d[last:last + 4] = struct.pack(">I", chain[0])
    save("overflow-cycle", d, "sqlite-overflow", last)
    d = bytearray(ov)
    d[page(ov, 512, chain[0]):page(ov, 512, chain[0]) + 4] = bytes(4)
    save("overflow-short", d, "sqlite-overflow", page(ov, 512, chain[0]))
    d = bytearray(ov)
    d[first_ptr:first_ptr + 4] = struct.pack(">I", 4000)
    save("overflow-out-of-range", d, "sqlite-page-number", first_ptr)

    # The freelist: a dropped table leaves a trunk page and its leaves.
    fl_path = os.path.join(out, "fl.tmp")
    fl = make(fl_path, 512, many + ["create table gone(x)",
                                    ("insert into gone values(?)",
                                     [("gone %d" % i,) for i in range(400)]),
                                    "drop table gone"])
    trunk = struct.unpack(">I", fl[32:36])[0]
    assert trunk != 0 and struct.unpack(">I", fl[36:40])[0] > 1
    beyond = struct.pack(">I", len(fl) // 512 + 5)
    trunk_off = page(fl, 512, trunk)

    def fl_patched(offset, raw):
        d = bytearray(fl)
        d[offset:offset + len(raw)] = raw
        return d

    save("freelist-trunk-out-of-range", fl_patched(32, beyond),
         "sqlite-header", 32)
    save("freelist-trunk-is-page-1", fl_patched(32, struct.pack(">I", 1)),
         "sqlite-freelist", 32)
    save("freelist-next-trunk-out-of-range", fl_patched(trunk_off, beyond),
         "sqlite-freelist", trunk_off)
    save("freelist-leaf-out-of-range", fl_patched(trunk_off + 8, beyond),
         "sqlite-freelist", trunk_off + 8)
    os.remove(fl_path)
    os.remove(base_path)
    os.remove(ov_path)
    for c in cases:
        print("%s\t%s\t%d" % c)


if __name__ == "__main__":
    main()
