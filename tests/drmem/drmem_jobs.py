"""-j on drmemtrace inputs: what one worker prints, every number prints.

usage: drmem_jobs.py TRACEDEC ROOT CHECK

CHECK is one of:
  samples   every command on every drmemtrace sample of build/data/drmem
            gives the same standard output, standard error and exit
            status at -j1, -j2, -j3 and -j8;
  corpus    the same on every trace of ../shared/corpus/drmemtrace (on
            the large ones validate -v, info --json and stat; dump and
            convert, whose text is the whole trace, on the small ones);
  damaged   a shard cut short, or with a byte changed, in a directory of
            shards: the same error, path and offset at every -j, and the
            one the shard gives alone;
  shardset  2000 generated shards (tests/tools/drmem_shardset.py) in the
            v2 workload layout: validate and stat under `ulimit -n 128`
            print the same at -j1 and -j2, and stat's totals are the
            generator's;
  regdeps   generated ARCH_REGDEPS shards validate, count and view as
            DynamoRIO's tools do, and the markers its invariant checker
            refuses in them are errors.
Exit 0 when all agree, 1 when not, 77 when the corpus is absent.
"""
import os
import shutil
import struct
import subprocess
import sys
import tempfile

import tracedec_runs

TRACEDEC, ROOT, CHECK = sys.argv[1], sys.argv[2], sys.argv[3]
CORPUS = os.path.normpath(os.path.join(ROOT, "..", "shared", "corpus",
                                       "drmemtrace"))
THREADSIG = os.path.join(CORPUS, "drmemtrace.threadsig.x64.tracedir")
GENERATOR = os.path.join(ROOT, "tests", "tools", "drmem_shardset.py")
RAW_ONLY = {"drmemtrace.legacy-int-offs.raw", "drmemtrace.threadsig.aarch64.raw"}
JOBS = (1, 2, 3, 8)
SUMMARIES = (["validate"], ["validate", "-v"], ["validate", "--json"],
             ["info"], ["info", "--json"], ["stat"], ["stat", "--json"])
WHOLE_TRACE = (["dump"], ["dump", "--style=drcachesim"],
               ["convert", "-f", "json"])
# Inputs over SMALL bytes skip dump and convert (their text is the whole
# trace); over LARGE, they run the three summaries whose code differs.
SMALL, LARGE = 256 * 1024, 512 * 1024
LARGE_SUMMARIES = (["validate", "-v"], ["info", "--json"], ["stat"])
failures = []


def run(args, limit=None):
    """(exit status, a digest of stdout, stderr) of tracedec ARGS."""
    return tracedec_runs.digest_run(TRACEDEC, args, limit)


def same_at_every_j(args, jobs=JOBS, limit=None):
    """Run ARGS at each -j; note a failure when any differs from -j1.
    Returns the -j1 result."""
    first = run(["-j%d" % jobs[0]] + args, limit)
    for j in jobs[1:]:
        other = run(["-j%d" % j] + args, limit)
        if other != first:
            failures.append("%s: -j%d differs from -j%d (exit %d vs %d)\n"
                            "  -j%d stderr: %s  -j%d stderr: %s"
                            % (" ".join(args), j, jobs[0], other[0],
                               first[0], jobs[0], first[2][:300], j,
                               other[2][:300]))
    return first


def size_of(path):
    if os.path.isfile(path):
        return os.path.getsize(path)
    return sum(os.path.getsize(os.path.join(d, f))
               for d, _, files in os.walk(path) for f in files)


def every_command(path):
    size = size_of(path)
    for args in SUMMARIES if size <= LARGE else LARGE_SUMMARIES:
        same_at_every_j(args + [path])
    if size <= SMALL:
        for args in WHOLE_TRACE:
            same_at_every_j(args + [path])


def check_samples():
    data = os.path.join(os.path.dirname(TRACEDEC), "data", "drmem")
    names = sorted(n for n in os.listdir(data) if n.endswith(".trace"))
    for name in names:
        every_command(os.path.join(data, name))
    every_command(data)     # the samples as one directory of shards
    return 0


def corpus_inputs():
    inputs = []
    for name in sorted(os.listdir(CORPUS)):
        if name in RAW_ONLY or name.endswith(".md"):
            continue
        if name == "drmemtrace_samples":
            for sample in sorted(os.listdir(os.path.join(CORPUS, name))):
                top = os.path.join(CORPUS, name, sample)
                inputs += [os.path.join(top, d) for d in sorted(os.listdir(top))
                           if d.endswith(".dir")]
        else:
            inputs.append(os.path.join(CORPUS, name))
    return inputs


def check_corpus():
    if not os.path.isdir(CORPUS):
        return 77
    for path in corpus_inputs():
        every_command(path)
    return 0


def damage(directory, shard, how):
    """Cut shard `shard` of the copy in `directory` in half, or change a
    byte in the middle of its compressed data."""
    path = os.path.join(directory, sorted(
        n for n in os.listdir(directory) if n.endswith(".zip"))[shard])
    data = bytearray(open(path, "rb").read())
    if how == "cut":
        data = data[:len(data) // 2]
    else:
        data[len(data) // 3] ^= 0x55
    open(path, "wb").write(bytes(data))
    return path


def check_damaged():
    if not os.path.isdir(THREADSIG):
        return 77
    for how, shard in (("cut", 4), ("byte", 6)):
        tmp = tempfile.mkdtemp(prefix="tracedec-jobs-")
        try:
            directory = os.path.join(tmp, "trace")
            shutil.copytree(THREADSIG, directory)
            for name in os.listdir(directory):
                os.chmod(os.path.join(directory, name), 0o644)
            path = damage(directory, shard, how)
            alone = run(["validate", path])
            for args in SUMMARIES:
                rc, _, err = same_at_every_j(args + [directory])
                if not args[-1].startswith("--json") and \
                        alone[2] not in err:
                    failures.append("%s %s: the damaged shard's error "
                                    "%r is not in %r" % (how, args,
                                                         alone[2], err))
                if rc != 1:
                    failures.append("%s %s: exit %d, not 1" % (how, args,
                                                               rc))
        finally:
            shutil.rmtree(tmp)
    return 0


def generate(out, *options):
    proc = subprocess.run([sys.executable, GENERATOR, THREADSIG, out] +
                          list(options), stdout=subprocess.PIPE, check=True)
    return dict((k, int(v)) for k, v in
                (line.split() for line in proc.stdout.decode().splitlines()))


def total_line(text, what):
    for line in text.splitlines():
        if line.strip().endswith("total " + what):
            return int(line.split()[0])
    return None


def check_totals(out, expected):
    for what, key in (("(fetched) instructions", "instructions"),
                      ("data loads", "loads"), ("data stores", "stores"),
                      ("threads", "threads")):
        if total_line(out, what) != expected[key]:
            failures.append("stat total %s: %s, the generator's %d"
                            % (what, total_line(out, what), expected[key]))


def check_shardset():
    if not os.path.isdir(THREADSIG):
        return 77
    tmp = tempfile.mkdtemp(prefix="tracedec-shards-")
    try:
        expected = generate(tmp)
        rc, _, err = same_at_every_j(["validate", "-v", tmp], (1, 2), 128)
        want = "%s: valid drmemtrace v7, %d shards," % (tmp, expected["shards"])
        if rc != 0 or not err.startswith(want):
            failures.append("validate -v: exit %d, %r" % (rc, err[:300]))
        same_at_every_j(["stat", "--json", tmp], (1, 2), 128)
        proc = subprocess.run(["sh", "-c", "ulimit -n 128; exec \"$@\"", "sh",
                               TRACEDEC, "-j2", "stat", tmp],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        if proc.returncode != 0:
            failures.append("stat: exit %d: %s" % (proc.returncode,
                                                   proc.stderr[:300]))
        check_totals(proc.stdout.decode(), expected)
        same_at_every_j(["stat", tmp], (1, 2), 128)
    finally:
        shutil.rmtree(tmp)
    return 0


def patch_marker(path, marker, value):
    """Set the value of the first MARKER `marker` of a one-chunk shard."""
    import zipfile
    with zipfile.ZipFile(path) as z:
        data = bytearray(z.read("chunk.0000"))
    for at in range(0, len(data), 12):
        if struct.unpack_from("<HH", data, at) == (28, marker):
            struct.pack_into("<Q", data, at + 4, value)
            break
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("chunk.0000", bytes(data))
    return at


def check_regdeps():
    if not os.path.isdir(THREADSIG):
        return 77
    tmp = tempfile.mkdtemp(prefix="tracedec-regdeps-")
    try:
        expected = generate(tmp, "--shards", "9", "--regdeps")
        rc, _, err = run(["validate", "-v", tmp])
        if rc != 0 or ", 0 warnings" not in err:
            failures.append("regdeps validate -v: exit %d, %r" % (rc, err))
        proc = subprocess.run([TRACEDEC, "stat", tmp], stdout=subprocess.PIPE)
        check_totals(proc.stdout.decode(), expected)
        check_regdeps_view(tmp)
        same_at_every_j(["stat", tmp])
        shard = sorted(n for n in os.listdir(tmp) if n.endswith(".zip"))[2]
        at = patch_marker(os.path.join(tmp, shard), 3, 5)   # CPU_ID 5
        rc, _, err = run(["validate", os.path.join(tmp, shard)])
        want = "%s/%s:%d: drmem-marker:" % (tmp, shard, at)
        if rc != 1 or not err.startswith(want):
            failures.append("regdeps CPU_ID 5: exit %d, %r, not %r"
                            % (rc, err, want))
    finally:
        shutil.rmtree(tmp)
    return 0


def check_regdeps_view(directory):
    """The view tool prints an ARCH_REGDEPS encoding as 4-byte words, two
    a line: `ifetch  N byte(s) @ 0xPC 00010011 00060906`."""
    proc = subprocess.run([TRACEDEC, "dump", "--style=drcachesim", directory],
                          stdout=subprocess.PIPE)
    lines = [l for l in proc.stdout.decode().splitlines() if " ifetch " in l]
    for line in lines[:2000]:
        words = line.split(" @ 0x")[1].split()[1:]
        if not 1 <= len(words) <= 2 or any(len(w) != 8 for w in words):
            failures.append("regdeps view line: %r" % line)
            return
    if not lines:
        failures.append("regdeps view: no ifetch lines")


def main():
    rc = {"samples": check_samples, "corpus": check_corpus,
          "damaged": check_damaged, "shardset": check_shardset,
          "regdeps": check_regdeps}[CHECK]()
    for f in failures:
        print(f)
    return rc if rc == 77 else 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
