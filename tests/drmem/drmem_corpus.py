"""Compare tracedec with DynamoRIO's own tools on the shared corpus.

usage: drmem_corpus.py TRACEDEC ROOT

ROOT/../shared/corpus/drmemtrace holds real traces and
ROOT/../shared/corpus/drmemtrace-expected what basic_counts and view
printed for them (first line: the command; last: rc=N). For every
basic_counts expectation, `tracedec stat` must print the same lines; for
every view expectation, `tracedec dump --style=drcachesim` the same lines
with the disassembly column left out (tracedec has no disassembler: it
prints the instruction bytes, as the view tool does before the
disassembly). Every trace in the corpus must then validate, except the
raw (pre-raw2trace) folders, which need the traced binaries. Exit 0 when
all agree, 1 when not, 77 when the corpus is absent.
"""
import os
import re
import subprocess
import zipfile
import sys
import time

TRACEDEC, ROOT = sys.argv[1], sys.argv[2]
CORPUS = os.path.normpath(os.path.join(ROOT, "..", "shared", "corpus"))
TRACES = os.path.join(CORPUS, "drmemtrace")
EXPECTED = os.path.join(CORPUS, "drmemtrace-expected")
RAW_ONLY = {"drmemtrace.legacy-int-offs.raw", "drmemtrace.threadsig.aarch64.raw"}
failures = []


def run(args):
    proc = subprocess.run([TRACEDEC] + args, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE)
    return proc.returncode, proc.stdout.decode("latin-1"), \
        proc.stderr.decode("latin-1")


def expectation(name):
    lines = open(os.path.join(EXPECTED, name), encoding="latin-1").read() \
        .split("\n")
    command = lines[0]
    body = [l for l in lines[1:] if l and not l.startswith("rc=")]
    return command, body


def option(command, name):
    m = re.search(r"-%s (\S+)" % name, command)
    return m.group(1) if m else None


def input_path(command):
    path = option(command, "infile") or option(command, "indir")
    return path.replace("CORPUS", TRACES)


def check_basic_counts(name):
    command, body = expectation(name)
    rc, out, err = run(["stat", input_path(command)])
    if rc != 0:
        failures.append("%s: stat failed: %s" % (name, err.strip()))
    elif out.rstrip("\n").split("\n") != body:
        failures.append("%s: stat differs from basic_counts" % name)


def cut_disassembly(line):
    """Keep a view line up to its byte column (7 bytes, 21 characters)."""
    m = re.search(r"ifetch +\d+ byte\(s\) @ 0x[0-9a-f]{16} ", line)
    return (line[:m.end() + 21] if m else line).rstrip()


def shard_of_thread(directory, tid):
    for f in sorted(os.listdir(directory)):
        if ".%s." % tid in f:
            return os.path.join(directory, f)
    return directory


def check_view(name):
    command, body = expectation(name)
    path = input_path(command)
    tid = option(command, "only_thread")
    if tid:
        path = shard_of_thread(path, tid)
    rc, out, err = run(["dump", "--style=drcachesim", path])
    ours = [l.rstrip() for l in out.split("\n") if l]
    want = [cut_disassembly(l) for l in body]
    if option(command, "exit_after_records"):
        want = [l for l in want if not l.startswith("View tool results")
                and not l.endswith(": total instructions")]
        ours = ours[:len(want)]
    if rc != 0:
        failures.append("%s: dump failed: %s" % (name, err.strip()))
    elif ours != want:
        for i, (a, b) in enumerate(zip(ours, want)):
            if a != b:
                failures.append("%s: line %d differs:\n      tracedec: %s\n"
                                "      view:     %s" % (name, i + 1, a, b))
                break
        else:
            failures.append("%s: %d lines, view printed %d"
                            % (name, len(ours), len(want)))


def samples():
    """Every trace in the corpus: files and folders at the top, and the
    .dir folders of drmemtrace_samples."""
    for entry in sorted(os.listdir(TRACES)):
        if entry.endswith(".md") or entry in RAW_ONLY:
            continue
        if entry == "drmemtrace_samples":
            base = os.path.join(TRACES, entry)
            for sub in sorted(os.listdir(base)):
                for d in sorted(os.listdir(os.path.join(base, sub))):
                    if d.endswith(".dir"):
                        yield os.path.join(base, sub, d)
            continue
        yield os.path.join(TRACES, entry)


def stored_records(path):
    """The records a folder of zip shards stores, counted by python's
    zipfile from the members' sizes (12-byte records), or None for other
    inputs."""
    trace = os.path.join(path, "trace")
    if not os.path.isdir(trace):
        return None
    zips = [f for f in sorted(os.listdir(trace)) if f.endswith(".trace.zip")]
    if not zips:
        return None
    size = 0
    for f in zips:
        size += sum(i.file_size for i in
                    zipfile.ZipFile(os.path.join(trace, f)).infolist())
    return size // 12


def check_validate(path):
    start = time.time()
    rc, out, err = run(["validate", "-v", path])
    summary = err.strip().split("\n")[-1] if err.strip() else ""
    if rc != 0:
        failures.append("%s: validate failed: %s" % (path, err.strip()))
    stored = stored_records(path)
    if stored is not None and " %d records," % stored not in summary:
        failures.append("%s: zipfile counts %d records, tracedec: %s"
                        % (path, stored, summary))
    print("    validated %s (%.1f s): %s"
          % (os.path.relpath(path, TRACES), time.time() - start,
             summary.split(": ", 1)[-1]))


def main():
    if not os.path.isdir(TRACES) or not os.path.isdir(EXPECTED):
        sys.exit(77)
    names = sorted(os.listdir(EXPECTED))
    for name in names:
        if name.startswith("basic_counts."):
            check_basic_counts(name)
        elif name.startswith("view."):
            check_view(name)
    print("    compared %d basic_counts and view outputs" % len(names))
    for path in samples():
        check_validate(path)
    for f in failures:
        print("    FAIL " + f)
    sys.exit(1 if failures else 0)


main()
