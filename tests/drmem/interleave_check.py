"""dump --interleave against what it promises.

usage: interleave_check.py TRACEDEC CORPUS

1. DynamoRIO's own sample of its serial view (the README.txt beside the
   threadsig.x86_64 trace shows records 47444 to 47600 of
   `drrun -t drmemtrace -indir ... -tool view`): every line of it is in
   `tracedec dump --interleave --style=drcachesim` with the same record and
   instruction ordinals, thread and record (the README's older view prints
   the thread as a bare number and disassembles where tracedec prints the
   bytes), and the line of dashes stands where the thread changes;
2. the thread-sharded directories of the corpus: the interleaved native dump,
   cut at its "# shard" lines and put back together shard by shard, is the
   shard-by-shard dump (the ordinals aside, which are the stream's); each
   turn begins with a TIMESTAMP no smaller than the turn before's, except
   for shards that have none, which come last;
3. the same output at -j1 and -j8, and under `ulimit -n 16` (one file
   open at a time, whatever the shard count).

Exit 0 when all hold, 1 when not, 77 without the corpus.
"""
import hashlib
import os
import re
import subprocess
import sys

import tracedec_runs

TRACEDEC, CORPUS = sys.argv[1], sys.argv[2] + "/drmemtrace"
failures = []


def check(condition, what):
    if not condition:
        failures.append(what)


LINE = re.compile(r"^\s+(\d+)\s+(\d+):\s+(?:W0\.T)?(\d+) (.*)$")


def normal(details):
    """A view record as both versions print it: threads as bare numbers,
    the bytes without the disassembly after them."""
    details = re.sub(r"W0\.T(\d+)", r"\1", details)
    details = details.replace("<marker: tid ", "<marker: ")
    return re.sub(r"^(ifetch .*?@ 0x[0-9a-f]+(?: [0-9a-f]{2})*).*$", r"\1",
                  details).rstrip()


def sample_lines(readme):
    """The README's view lines after record 47000, and the record numbers
    a line of dashes precedes."""
    lines, dashes, previous_dash = [], set(), False
    for line in open(readme, encoding="utf-8"):
        m = LINE.match(line)
        if m and int(m.group(1)) > 47000:
            lines.append(m.groups())
            if previous_dash:
                dashes.add(m.group(1))
        previous_dash = line.startswith("-" * 60)
    return lines, dashes


def check_sample():
    base = CORPUS + "/drmemtrace_samples/threadsig.x86_64"
    dirs = [d for d in os.listdir(base) if d.endswith(".dir")]
    proc = subprocess.Popen([TRACEDEC, "dump", "--interleave",
                             "--style=drcachesim", base + "/" + dirs[0]],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    head = []
    for raw in proc.stdout:  # the first 48000 records
        head.append(raw.decode())
        if len(head) > 48000 + 700:
            break
    proc.kill()
    proc.wait()
    ours, dash_before, previous = {}, set(), ""
    for line in head:
        line = line.rstrip("\n")
        m = LINE.match(line)
        if m:
            ours.setdefault(m.group(1), m.groups())
            if previous.startswith("-----"):
                dash_before.add(m.group(1))
        previous = line
    lines, dashes = sample_lines(base + "/README.txt")
    check(len(lines) > 40, "the README's sample has %d lines" % len(lines))
    for record, instr, tid, details in lines:
        mine = ours.get(record)
        if mine is None or mine[1] != instr or mine[2] != tid or \
                not normal(details).startswith(normal(mine[3])) or \
                normal(mine[3]) == "":
            check(False, "record %s: DynamoRIO %s %s %s; tracedec %s"
                  % (record, instr, tid, details, mine))
            break
    for record in dashes:
        check(record in dash_before, "no dashes before record %s" % record)


def digest_run(args, limit=None):
    return tracedec_runs.digest_run(TRACEDEC, args, limit)


def by_shard(args):
    """The lines after each '# shard N PATH' line (ordinals aside, which
    are the stream's), hashed per shard; each turn's first TIMESTAMP (None
    for a turn without one); the exit status and standard error."""
    proc = subprocess.Popen([TRACEDEC] + args, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    shards, turns, shard = {}, [], None
    for raw in proc.stdout:
        line = raw.decode().rstrip("\n")
        if line.startswith("# shard "):
            shard = int(line.split()[2])
            turns.append([shard, None])
            continue
        shards.setdefault(shard, hashlib.sha256()).update(
            re.sub(r" ord=\d+ instrs=\d+", "", line).encode())
        if turns and turns[-1][1] is None and " marker timestamp " in line:
            turns[-1][1] = int(re.search(r"value=(\d+)", line).group(1))
    err = proc.stderr.read().decode()
    digests = {k: v.hexdigest() for k, v in shards.items()}
    return digests, turns, proc.wait(), err


def check_directory(path):
    serial, _, rc1, err1 = by_shard(["dump", path])
    inter, turns, rc2, err2 = by_shard(["dump", "--interleave", path])
    check(rc1 == rc2 and err1 == err2, "%s: exit %d/%d" % (path, rc1, rc2))
    check(serial == inter,
          "%s: the interleaved records are not the shards' records" % path)
    stamps = [t for _, t in turns if t is not None]
    check(stamps == sorted(stamps),
          "%s: turns out of timestamp order" % path)
    for style in ("native", "drcachesim"):
        args = ["dump", "--interleave", "--style=" + style, path]
        one = digest_run(["-j1"] + args)
        check(one == digest_run(["-j8"] + args),
              "%s %s: -j1 and -j8 differ" % (path, style))
        check(one == digest_run(args, limit=16),
              "%s %s: ulimit -n 16 differs" % (path, style))


# Thread-sharded directories (core-sharded ones are interleaved already).
DIRECTORIES = ["drmemtrace.as_traced.x64.tracedir",
               "drmemtrace.legacy-for-record-filter.x64.tracedir",
               "drmemtrace.threadsig.x64.tracedir"]
if not os.path.isdir(CORPUS):
    sys.exit(77)
check_sample()
for name in DIRECTORIES:
    check_directory(CORPUS + "/" + name)
for failure in failures:
    print("    " + failure)
sys.exit(1 if failures else 0)
