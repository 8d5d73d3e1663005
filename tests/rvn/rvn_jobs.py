#!/usr/bin/env python3
"""rvn_jobs.py TRACEDEC SCRATCH - validate, info and stat on SQLite files
give the same standard output, standard error and exit status for -j1,
-j2, -j3 and -j8: REVEN traces of rvn_writer.py (deep execution b-trees
in 512-byte pages), the databases of sqlite_dbs.py, and damaged copies of
the deep traces (one changed byte in each of their pages, cuts).

Prints one line per difference and exits 1 if there is one."""
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
COMMANDS = [["validate"], ["validate", "-v"], ["validate", "--json"],
            ["info"], ["stat"], ["stat", "--json"]]
JOBS = ["-j1", "-j2", "-j3", "-j8"]


def run(tracedec, args):
    p = subprocess.run([tracedec] + args, capture_output=True)
    return p.returncode, p.stdout, p.stderr


def damaged(src, out):
    """Copies of src with one byte changed in each page (the page header's
    cell count and a byte in its content), and cut short."""
    data = open(src, "rb").read()
    page = int.from_bytes(data[16:18], "big") or 65536
    base = os.path.join(out, os.path.basename(src))
    paths = []
    for p in range(1, len(data) // page):
        for at, value in ((p * page + 3, 0x7f), (p * page + page // 2, 0x00),
                          (p * page + page - 3, 0xff)):
            d = bytearray(data)
            d[at] ^= value or 0x55
            path = "%s.byte%d" % (base, at)
            open(path, "wb").write(d)
            paths.append(path)
    for cut in (len(data) // 3, len(data) // 2, len(data) - page + 7):
        path = "%s.cut%d" % (base, cut)
        open(path, "wb").write(data[:cut])
        paths.append(path)
    return paths


def inputs(scratch):
    rvn = os.path.join(scratch, "rvn")
    sq = os.path.join(scratch, "sqlite")
    bad = os.path.join(scratch, "damaged")
    for d in (rvn, sq, bad):
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
    subprocess.run([sys.executable, os.path.join(HERE, "rvn_writer.py"), rvn,
                    "3000"], check=True, stdout=subprocess.DEVNULL)
    subprocess.run([sys.executable, os.path.join(HERE, "..", "sqlite",
                                                 "sqlite_dbs.py"), sq],
                   check=True, stdout=subprocess.DEVNULL)
    paths = sorted(os.path.join(d, f) for d in (rvn, sq)
                   for f in os.listdir(d) if not f.endswith(".dump"))
    for deep in ("small-512.sqlite", "three-tables.sqlite"):
        if os.path.exists(os.path.join(rvn, deep)):
            paths += damaged(os.path.join(rvn, deep), bad)
    corpus = os.path.join(HERE, "..", "..", "..", "shared", "corpus", "rvn")
    for top, _, files in os.walk(corpus):
        paths += [os.path.join(top, f) for f in sorted(files)
                  if f.endswith(".sqlite")]
    return paths


def main():
    tracedec, scratch = sys.argv[1], sys.argv[2]
    differences = 0
    paths = inputs(scratch)
    for path in paths:
        for command in COMMANDS:
            want = run(tracedec, command + ["-j1", path])
            for jobs in JOBS[1:]:
                got = run(tracedec, command + [jobs, path])
                if got != want:
                    differences += 1
                    print("differs: %s %s %s" % (" ".join(command), jobs,
                                                 path))
    print("%d inputs, %d differences" % (len(paths), differences))
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())
