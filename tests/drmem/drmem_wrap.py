"""Wrap a drmemtrace record stream in every container tracedec reads.

usage: drmem_wrap.py RECORDS MEMBERS OUTDIR

RECORDS is a raw record stream, MEMBERS a file with the offsets where its
zip members begin (one per line; "-" for a single member). Writes into
OUTDIR:
  stream.zip        one deflate member per trace chunk (zipfile, seekable)
  stream-desc.zip   the same written to a pipe-like stream, so every member
                    has a data descriptor
  stream-stored.zip the members stored, not compressed
  stream.gz         the records in one gzip member
  stream-2.gz       the records in two concatenated gzip members
  stream.lz4        an LZ4 frame with linked blocks (when the lz4 CLI is
                    there)
  stream.sz         snappy framing with every chunk kind (snappy_frame.py)
  stream-dr.sz      snappy framing as DynamoRIO writes it (no CRCs)
"""
import gzip
import io
import os
import shutil
import subprocess
import sys
import zipfile


class Unseekable(io.RawIOBase):
    """A write-only stream without tell/seek, as a pipe is."""

    def __init__(self, sink):
        self.sink = sink

    def writable(self):
        return True

    def write(self, b):
        self.sink.write(b)
        return len(b)


def members_of(data, members_path):
    starts = [0]
    if members_path != "-":
        starts = [int(x) for x in open(members_path).read().split()]
    ends = starts[1:] + [len(data)]
    return [data[a:b] for a, b in zip(starts, ends)]


def write_zip(path, parts, method, seekable=True):
    with open(path, "wb") as raw:
        target = raw if seekable else Unseekable(raw)
        with zipfile.ZipFile(target, "w", method) as z:
            for i, part in enumerate(parts):
                z.writestr("chunk.%04d" % i, part)


def main():
    records, members_path, out = sys.argv[1:4]
    data = open(records, "rb").read()
    parts = members_of(data, members_path)
    os.makedirs(out, exist_ok=True)
    write_zip(os.path.join(out, "stream.zip"), parts, zipfile.ZIP_DEFLATED)
    write_zip(os.path.join(out, "stream-desc.zip"), parts,
              zipfile.ZIP_DEFLATED, seekable=False)
    write_zip(os.path.join(out, "stream-stored.zip"), parts,
              zipfile.ZIP_STORED)
    with open(os.path.join(out, "stream.gz"), "wb") as f:
        f.write(gzip.compress(data, mtime=0))
    half = len(data) // 24 * 12
    with open(os.path.join(out, "stream-2.gz"), "wb") as f:
        f.write(gzip.compress(data[:half], mtime=0))
        f.write(gzip.compress(data[half:], mtime=0))
    if shutil.which("lz4"):
        subprocess.run(["lz4", "-q", "-f", "-BD", records,
                        os.path.join(out, "stream.lz4")], check=True)
    framer = os.path.join(os.path.dirname(__file__), "..", "containers",
                          "snappy_frame.py")
    subprocess.run([sys.executable, framer,
                    "mixed", "1", records, os.path.join(out, "stream.sz"),
                    "dynamorio", "2", records,
                    os.path.join(out, "stream-dr.sz")], check=True)


main()
