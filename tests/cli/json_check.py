"""Every JSON output of the tracedec command line against the schemas of
docs/json.md, on the bundled samples (build/data) and on inputs made here:
drmemtrace in every container, REVEN traces, a plain SQLite database, and
cuts of every input `convert` reads.

usage: json_check.py schemas|cuts TRACEDEC ROOT DATA WORK

schemas:
  info --json, stat --json, validate --json and validate -v --json: one
      line that the schema validates (info, stat-FORMAT, validate) when
      the exit status is 0; otherwise nothing, or an object the schema
      validates;
  convert -f json: every line against events-FORMAT; convert -f chrome:
      the document against chrome.
cuts:
  convert on cut inputs (eight cuts of every valid input): the same, with the exit status validate gives
      the cut (1 for most cuts: some must give 1). A file of no known format
(exit 1, unknown-format) prints nothing: no conversion began.

Prints one line per failure and exits 1 when there is one; exits 77 when
python3's jsonschema module is missing."""
import glob
import json
import os
import re
import sqlite3
import subprocess
import sys

try:
    import jsonschema
except ImportError:
    sys.exit(77)

MODE, TRACEDEC, ROOT, DATA, WORK = sys.argv[1:6]
failures = []
checked = {"outputs": 0, "cut with exit 1": 0}


def schemas():
    """The ```json blocks of docs/json.md, by their $id."""
    text = open(os.path.join(ROOT, "docs", "json.md")).read()
    found = {}
    for block in re.findall(r"```json\n(.*?)```", text, re.S):
        schema = json.loads(block)
        jsonschema.Draft7Validator.check_schema(schema)
        found[schema["$id"]] = jsonschema.Draft7Validator(schema)
    return found


SCHEMAS = schemas()


def run(*args):
    """tracedec ARGS: its exit status, standard output and error."""
    p = subprocess.run([TRACEDEC] + list(args), stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE)
    return p.returncode, p.stdout.decode("latin-1"), p.stderr.decode("latin-1")


def fail(what, why):
    failures.append("%s: %s" % (what, why))


def check(what, doc, schema_id):
    """doc against a schema; returns False with a failure when it fails."""
    checked["outputs"] += 1
    errors = list(SCHEMAS[schema_id].iter_errors(doc))
    if errors:
        fail(what, "%s: %s at %s" % (schema_id, errors[0].message,
                                     list(errors[0].absolute_path)))
    return not errors


def parse(what, text):
    try:
        return json.loads(text)
    except ValueError as e:
        fail(what, "not JSON (%s): %r" % (e, text[:200]))
        return None


def summary(path, command, schema_of):
    """A summary command: one object on one line when it exits 0."""
    what = "%s %s" % (" ".join(command), path)
    rc, out, _ = run(*(command + [path]))
    if rc == 2:
        return rc
    if rc == 0 and out.count("\n") != 1:
        fail(what, "exit 0 but %d lines" % out.count("\n"))
        return rc
    if out == "":
        if rc == 0:
            fail(what, "exit 0 and nothing printed")
        return rc
    doc = parse(what, out)
    if doc is not None:
        check(what, doc, schema_of(doc))
    return rc


def stat_schema(doc):
    return "stat-" + str(doc.get("format"))


def summaries(path):
    summary(path, ["info", "--json"], lambda doc: "info")
    summary(path, ["stat", "--json"], stat_schema)
    summary(path, ["validate", "--json"], lambda doc: "validate")
    summary(path, ["validate", "-v", "--json"], lambda doc: "validate")


def events(what, out, schema_id):
    for n, line in enumerate(out.splitlines()):
        doc = parse("%s line %d" % (what, n + 1), line)
        if doc is None or not check("%s line %d" % (what, n + 1), doc,
                                    schema_id):
            return


def chrome(what, out):
    doc = parse(what, out)
    if doc is not None:
        check(what, doc, "chrome")


def conversions(path, fmt, expected=None):
    """convert -f json (and chrome for XRay); the exit status must be
    `expected` when given."""
    targets = ["json", "chrome"] if fmt == "xray" else ["json"]
    for to in targets:
        what = "convert -f %s %s" % (to, path)
        rc, out, err = run("convert", "-f", to, path)
        if rc == 2 or (rc == 1 and out == "" and "unknown-format" in err):
            continue  # not a format convert reads: nothing begun
        if expected is not None and rc != expected:
            fail(what, "exit %d, validate says %d" % (rc, expected))
        if to == "json":
            events(what, out, "events-" + fmt)
        else:
            chrome(what, out)


def cuts(path, fmt):
    """Cuts at eight places through the file, each converted."""
    data = open(path, "rb").read()
    base = os.path.join(WORK, "cut-" + os.path.basename(path))
    for k in range(1, 8):
        n = len(data) * k // 8
        if n == 0:
            continue
        cut = "%s.%d" % (base, k)
        with open(cut, "wb") as f:
            f.write(data[:n])
        expected = run("validate", cut)[0]
        if expected == 1:
            checked["cut with exit 1"] += 1
        conversions(cut, fmt, expected)
        os.unlink(cut)


def make_inputs():
    """drmemtrace in containers, REVEN traces, a plain SQLite database."""
    drmem = os.path.join(DATA, "drmem")
    subprocess.run([sys.executable, os.path.join(ROOT, "tests/drmem/drmem_wrap.py"),
                    os.path.join(drmem, "drmem-v6-chunked.trace"),
                    os.path.join(drmem, "drmem-v6-chunked.members"), WORK],
                   check=True, stdout=subprocess.DEVNULL)
    subprocess.run([sys.executable, os.path.join(ROOT, "tests/rvn/rvn_writer.py"),
                    os.path.join(WORK, "rvn"), "50"],
                   check=True, stdout=subprocess.DEVNULL)
    plain = os.path.join(WORK, "plain.db")
    if os.path.exists(plain):
        os.unlink(plain)
    db = sqlite3.connect(plain)
    db.execute("CREATE TABLE t (a, b)")
    db.execute("INSERT INTO t VALUES (1, 'x')")
    db.commit()
    db.close()


def check_schemas(xray, drmem, others):
    for path in xray + drmem + others:
        summaries(path)
    for path in xray:
        conversions(path, "xray")
    for path in drmem:
        conversions(path, "drmemtrace")


def check_cuts(xray, drmem):
    for path in xray:
        if run("validate", path)[0] == 0:
            cuts(path, "xray")
    for path in drmem:
        if run("validate", path)[0] == 0:
            cuts(path, "drmemtrace")
    if checked["cut with exit 1"] == 0:
        fail("cuts", "no cut input gave exit 1")


def main():
    make_inputs()
    xray = sorted(glob.glob(os.path.join(DATA, "xray", "*.xray")))
    drmem = (sorted(glob.glob(os.path.join(DATA, "drmem", "*.trace"))) +
             sorted(glob.glob(os.path.join(WORK, "stream*"))))
    others = (sorted(glob.glob(os.path.join(DATA, "umt", "*"))) +
              sorted(glob.glob(os.path.join(WORK, "rvn", "*.sqlite"))) +
              [os.path.join(WORK, "plain.db")])
    if MODE == "cuts":
        check_cuts(xray, drmem)
    else:
        check_schemas(xray, drmem, others)
    for line in failures:
        print(line)
    print("%d outputs checked, %d cuts exit 1, %d failures"
          % (checked["outputs"], checked["cut with exit 1"], len(failures)))
    return 1 if failures else 0


sys.exit(main())
