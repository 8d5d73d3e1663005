#!/usr/bin/env python3
"""deflate_refs.py DIR - write the reference inputs of the inflate, gzip
and zip tests into DIR, made with Python's zlib, gzip and zipfile (and a
few records built by hand), and DIR/manifest listing them:

    KIND INPUT EXPECTED STATUS

KIND is inflate, gzip, zip or zip-seekable; EXPECTED is the file holding
the decompressed bytes (all members, in order); STATUS is "end" or the
error name the decoder must stop with. Everything is deterministic.
"""
import gzip
import io
import os
import random
import struct
import sys
import zipfile
import zlib

OUT = sys.argv[1]
rnd = random.Random(20240611)
manifest = []


def put(name, data):
    with open(os.path.join(OUT, name), "wb") as f:
        f.write(data)


def add(kind, name, data, expected, status="end"):
    put(name, data)
    put(name + ".out", expected)
    manifest.append("%s %s %s.out %s" % (kind, name, name, status))


def records(n):
    """12-byte trace-like records: a type, a size, an address."""
    out = bytearray()
    pc, addr = 0x401000, 0x7FFF0000
    for _ in range(n):
        r = rnd.random()
        if r < 0.55:
            pc += rnd.choice((2, 3, 4, 5, 7))
            out += struct.pack("<HHQ", 10, rnd.choice((2, 3, 4, 5)), pc)
        elif r < 0.85:
            addr += rnd.choice((8, 8, 16, -8, 64))
            out += struct.pack("<HHQ", rnd.choice((0, 1)), 8, addr)
        else:
            pc = 0x401000 + rnd.randrange(1 << 14) * 4
            out += struct.pack("<HHQ", 10, 4, pc)
    return bytes(out)


def text(n):
    words = [b"trace", b"record", b"thread", b"memory", b"0x7fff", b"call",
             b"return", b"branch", b"marker", b"timestamp", b"cpu"]
    out = bytearray()
    while len(out) < n:
        out += rnd.choice(words) + (b"\n" if rnd.random() < 0.1 else b" ")
    return bytes(out[:n])


INPUTS = {
    "empty": b"",
    "one": b"x",
    "random-1k": rnd.randbytes(1000),
    "random-100k": rnd.randbytes(100000),
    "repeat": b"abc" * 30000,
    "zeros": bytes(70000),
    "records": records(20000),
    "text": text(100000),
}
_r = records(6000)
for n in (32767, 32768, 32769):
    INPUTS["w%d" % n] = _r[:n]
_b = rnd.randbytes(65537)
for n in (65535, 65536, 65537):
    INPUTS["s%d" % n] = _b[:n]
BIG = records(130000)  # 1.5 MiB

# name, level, strategy, memLevel, wbits
VARIANTS = [
    ("l0", 0, zlib.Z_DEFAULT_STRATEGY, 8, -15),
    ("l1", 1, zlib.Z_DEFAULT_STRATEGY, 8, -15),
    ("l6", 6, zlib.Z_DEFAULT_STRATEGY, 8, -15),
    ("l9", 9, zlib.Z_DEFAULT_STRATEGY, 8, -15),
    ("fixed", 6, zlib.Z_FIXED, 8, -15),
    ("huffman", 6, zlib.Z_HUFFMAN_ONLY, 8, -15),
    ("rle", 6, zlib.Z_RLE, 8, -15),
    ("mem1", 6, zlib.Z_DEFAULT_STRATEGY, 1, -15),
    ("w9", 9, zlib.Z_DEFAULT_STRATEGY, 8, -9),
]


def deflate(data, level=6, strategy=zlib.Z_DEFAULT_STRATEGY, mem=8,
            wbits=-15):
    c = zlib.compressobj(level, zlib.DEFLATED, wbits, mem, strategy)
    return c.compress(data) + c.flush()


def write_inflate():
    for name, data in INPUTS.items():
        for v, level, strategy, mem, wbits in VARIANTS:
            add("inflate", "%s.%s.deflate" % (name, v),
                deflate(data, level, strategy, mem, wbits), data)
    for v, level in (("l0", 0), ("l1", 1), ("l6", 6)):
        add("inflate", "big.%s.deflate" % v, deflate(BIG, level), BIG)
    # A stream flushed into many small blocks, with empty stored blocks.
    c = zlib.compressobj(6, zlib.DEFLATED, -15)
    parts = []
    data = INPUTS["records"][:30000]
    for i in range(0, len(data), 997):
        parts.append(c.compress(data[i:i + 997]))
        parts.append(c.flush(zlib.Z_SYNC_FLUSH if i % 2 else
                             zlib.Z_FULL_FLUSH))
    parts.append(c.flush())
    add("inflate", "flushed.deflate", b"".join(parts), data)


def gzip_header(flags, mtime=0, extra=b"", name=b"", comment=b"",
                xfl=0, os_=3):
    h = struct.pack("<BBBBIBB", 0x1F, 0x8B, 8, flags, mtime, xfl, os_)
    if flags & 4:
        h += struct.pack("<H", len(extra)) + extra
    if flags & 8:
        h += name + b"\0"
    if flags & 16:
        h += comment + b"\0"
    if flags & 2:
        h += struct.pack("<H", zlib.crc32(h) & 0xFFFF)
    return h


def gzip_member(data, level=6, **header):
    flags = header.pop("flags", 0)
    return (gzip_header(flags, **header) + deflate(data, level) +
            struct.pack("<II", zlib.crc32(data), len(data) & 0xFFFFFFFF))


def write_gzip():
    recs = INPUTS["records"]
    add("gzip", "plain.gz", gzip.compress(recs, 6, mtime=0), recs)
    buf = io.BytesIO()
    with gzip.GzipFile("trace.bin", "wb", 6, buf, mtime=1234) as g:
        g.write(INPUTS["text"])
    add("gzip", "fname.gz", buf.getvalue(), INPUTS["text"])
    extra = b"AB" + struct.pack("<H", 7) + b"1234567" + \
        b"CD" + struct.pack("<H", 289) + bytes(range(256)) + bytes(33)
    add("gzip", "all-flags.gz",
        gzip_member(recs[:50000], flags=1 | 2 | 4 | 8 | 16, mtime=99,
                    extra=extra, name=b"n" * 100,
                    comment=bytes(rnd.randrange(1, 256)
                                  for _ in range(70000))),
        recs[:50000])
    add("gzip", "hcrc.gz", gzip_member(b"hello\n", flags=2), b"hello\n")
    add("gzip", "empty-member.gz", gzip.compress(b"", 6, mtime=0), b"")
    members = [gzip_member(recs[:30000], 6),
               gzip_member(b"", 1, flags=8, name=b"empty"),
               gzip_member(INPUTS["text"][:20000], 1, flags=16,
                           comment=b"third"),
               gzip_member(INPUTS["random-1k"], 0)]
    add("gzip", "multi.gz", b"".join(members),
        recs[:30000] + INPUTS["text"][:20000] + INPUTS["random-1k"])
    add("gzip", "stored.gz", gzip_member(INPUTS["random-100k"], 0),
        INPUTS["random-100k"])
    add("gzip", "big.gz", gzip.compress(BIG, 6, mtime=0), BIG)
    add("gzip", "empty-file.gz", b"", b"", "truncated")
    add("gzip", "trailing-zero.gz", gzip.compress(b"x", 6, mtime=0) + b"\0",
        b"x", "gzip-magic")


class Stream(io.RawIOBase):
    """A write-only, non-seekable file: zipfile then writes data
    descriptors."""

    def __init__(self):
        super().__init__()
        self.data = bytearray()

    def writable(self):
        return True

    def write(self, b):
        self.data += b
        return len(b)


def zip_bytes(members, stream=False, comment=b"", compression=None):
    """members: (name, data, compress_type or None, force_zip64, extra,
    comment)."""
    f = Stream() if stream else io.BytesIO()
    with zipfile.ZipFile(f, "w", compression or zipfile.ZIP_STORED) as z:
        for name, data, ctype, z64, extra, mcomment in members:
            info = zipfile.ZipInfo(name, (2024, 1, 2, 3, 4, 6))
            info.compress_type = ctype if ctype is not None else \
                (compression or zipfile.ZIP_STORED)
            info.extra = extra
            info.comment = mcomment
            with z.open(info, "w", force_zip64=z64) as w:
                w.write(data)
        z.comment = comment
    return bytes(f.data) if stream else f.getvalue()


def member(name, data, ctype=zipfile.ZIP_DEFLATED, z64=False, extra=b"",
           comment=b""):
    return (name, data, ctype, z64, extra, comment)


def add_zip(name, members, expected_status="end", both=True, **kw):
    data = zip_bytes(members, **kw)
    expected = b"".join(m[1] for m in members)
    add("zip", name, data, expected, expected_status)
    if both:
        manifest.append("zip-seekable %s %s.out %s" %
                        (name, name, expected_status))


def forge_crc(data, target):
    """data plus 4 bytes whose CRC-32 is target."""
    table = []
    for b in range(256):
        c = b
        for _ in range(8):
            c = (c >> 1) ^ (0xEDB88320 if c & 1 else 0)
        table.append(c)
    # Run the register backwards from the target through 4 unknown bytes.
    crc = target ^ 0xFFFFFFFF
    top = {t >> 24: i for i, t in enumerate(table)}
    idx = []
    for _ in range(4):
        i = top[crc >> 24]
        idx.append(i)
        crc = ((crc ^ table[i]) << 8) & 0xFFFFFFFF
    idx.reverse()
    reg = zlib.crc32(data) ^ 0xFFFFFFFF
    tail = bytearray()
    for i in idx:
        b = (reg ^ i) & 0xFF
        tail.append(b)
        reg = (reg >> 8) ^ table[(reg ^ b) & 0xFF]
    out = data + bytes(tail)
    assert zlib.crc32(out) == target
    return out


def hand_zip(members, signed=True, zip64_end=False):
    """Deflated members with data descriptors, written by hand: signed or
    unsigned descriptors, and optionally zip64 end records."""
    out = bytearray()
    central = bytearray()
    for name, data in members:
        off = len(out)
        comp = deflate(data)
        crc = zlib.crc32(data)
        out += struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, 8, 8, 0, 0, 0, 0,
                           0, len(name), 0) + name + comp
        if signed:
            out += struct.pack("<I", 0x08074B50)
        out += struct.pack("<III", crc, len(comp), len(data))
        central += struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 20, 20, 8, 8,
                               0, 0, crc, len(comp), len(data), len(name), 0,
                               0, 0, 0, 0, off) + name
    cd_offset = len(out)
    out += central
    n = len(members)
    if zip64_end:
        z64 = len(out)
        out += struct.pack("<IQHHIIQQQQ", 0x06064B50, 44, 45, 45, 0, 0, n, n,
                           len(central), cd_offset)
        out += struct.pack("<IIQI", 0x07064B50, 0, z64, 1)
        out += struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, 0xFFFF, 0xFFFF,
                           0xFFFFFFFF, 0xFFFFFFFF, 0)
    else:
        out += struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, n, n, len(central),
                           cd_offset, 0)
    return bytes(out)


def add_hand_zip(name, members, **kw):
    data = hand_zip(members, **kw)
    expected = b"".join(m[1] for m in members)
    add("zip", name, data, expected)
    manifest.append("zip-seekable %s %s.out end" % (name, name))


def write_zip():
    recs, txt = INPUTS["records"], INPUTS["text"]
    chunks = [member("chunk.%04d" % i, recs[i * 6000:(i + 1) * 6000])
              for i in range(40)]
    add_zip("chunks.zip", chunks)
    add_zip("chunks8.zip", [member("chunk.%08d" % i,
                                   txt[i * 20000:(i + 1) * 20000])
                            for i in range(5)])
    add_zip("cpus.zip", [member("0", recs[:20000]),
                         member("1", recs[20000:50000], zipfile.ZIP_STORED),
                         member("2", b""),
                         member("sequence1", txt[:3000])])
    add_zip("stored.zip", [member("a", INPUTS["random-1k"],
                                  zipfile.ZIP_STORED),
                           member("dir/", b"", zipfile.ZIP_STORED),
                           member("b", INPUTS["random-100k"],
                                  zipfile.ZIP_STORED)])
    add_zip("zip64.zip", [member("a", recs[:40000], z64=True),
                          member("b", INPUTS["random-1k"],
                                 zipfile.ZIP_STORED, z64=True),
                          member("c", b"", z64=True)])
    add_zip("stream.zip", [member("chunk.0000", recs[:100000]),
                           member("chunk.0001", b""),
                           member("chunk.0002", txt[:50000])], stream=True)
    add_zip("stream64.zip", [member("0", recs[:70000], z64=True),
                             member("1", b"x", z64=True)], stream=True)
    add_zip("stream-stored.zip",
            [member("0", recs[:100], zipfile.ZIP_STORED)],
            "zip-descriptor", stream=True)
    add_zip("empty.zip", [])
    extra = struct.pack("<HH", 0xCAFE, 5) + b"hello" + \
        struct.pack("<HH", 0x5455, 5) + b"\x01\0\0\0\0" + b"\0\0"
    add_zip("comment.zip", [member("first", txt[:7000], extra=extra,
                                   comment=b"a member comment"),
                            member("", b"nameless", zipfile.ZIP_STORED)],
            comment=b"archive comment " * 100)
    add_zip("big.zip", [member("big", BIG),
                        member("big-stored", BIG[:1200000],
                               zipfile.ZIP_STORED)])
    add_zip("many.zip", [member("m%04d" % i, recs[i * 12:i * 12 + i % 50],
                                zipfile.ZIP_DEFLATED if i % 3 else
                                zipfile.ZIP_STORED)
                         for i in range(600)])
    add_hand_zip("unsigned.zip", [(b"0", recs[:9000]), (b"1", b"y" * 100)],
                 signed=False)
    sig = 0x08074B50
    add_hand_zip("crc-is-sig.zip", [(b"s", forge_crc(recs[:500], sig)),
                                    (b"u", b"tail")], signed=True)
    add_hand_zip("crc-is-sig-unsigned.zip",
                 [(b"s", forge_crc(recs[:700], sig)), (b"u", b"tail")],
                 signed=False)
    add_hand_zip("zip64-end.zip", [(b"a", recs[:5000]), (b"b", b"")],
                 zip64_end=True)


write_inflate()
write_gzip()
write_zip()
with open(os.path.join(OUT, "manifest"), "w") as f:
    f.write("\n".join(manifest) + "\n")
