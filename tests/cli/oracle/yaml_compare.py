"""Compare `tracedec convert -f yaml --sort` with `llvm-xray convert -f yaml`.

usage: yaml_compare.py OURS THEIRS

Both files are parsed (the header mapping and the flow-mapping record
lines) and compared field by field. Three llvm-xray quirks are normalised
away (docs/xray.md explains them): the type of a typed event sticks to
every later record of its thread; custom and typed events carry the
previous record's function id; and records with equal timestamps on
different threads come in hash-map order, so records are compared as
sorted lists. tracedec's own output must be in non-decreasing tsc order.
"""
import sys


def scalar(text):
    text = text.strip()
    if text.startswith("'") and text.endswith("'"):
        return text[1:-1].replace("''", "'")
    if text.startswith('"') and text.endswith('"'):
        return bytes(text[1:-1], "ascii").decode("unicode_escape")
    return text


def split_fields(body):
    fields, depth, quote, start = [], 0, None, 0
    for i, ch in enumerate(body):
        if quote:
            if ch == quote:
                quote = None
        elif ch in "'\"":
            quote = ch
        elif ch == "[":
            depth += 1
        elif ch == "]":
            depth -= 1
        elif ch == "," and depth == 0:
            fields.append(body[start:i])
            start = i + 1
    fields.append(body[start:])
    return fields


def parse(path):
    header, records = {}, []
    section = None
    for line in open(path, encoding="latin-1"):
        line = line.rstrip("\n")
        if line.startswith("header:"):
            section = "header"
        elif line.startswith("records:"):
            section = "records"
        elif section == "header" and line.startswith("  "):
            key, _, value = line.strip().partition(":")
            header[key] = value.strip()
        elif section == "records" and line.startswith("  - {"):
            body = line.strip()[3:-1].strip()
            rec = {}
            for field in split_fields(body):
                key, _, value = field.strip().partition(":")
                rec[key.strip()] = scalar(value)
            records.append(rec)
    return header, records


def normalise(rec):
    rec = dict(rec)
    if rec.get("kind") != "typed-event":
        rec["type"] = "0"
    if rec.get("kind") in ("custom-event", "typed-event"):
        rec.pop("func-id", None)
        rec.pop("function", None)
    return tuple(sorted(rec.items()))


def main():
    ours_header, ours = parse(sys.argv[1])
    theirs_header, theirs = parse(sys.argv[2])
    problems = []
    if ours_header != theirs_header:
        problems.append("headers differ: %r vs %r" % (ours_header,
                                                       theirs_header))
    tscs = [int(r["tsc"]) for r in ours]
    if tscs != sorted(tscs):
        problems.append("tracedec's records are not in tsc order")
    a = sorted(normalise(r) for r in ours)
    b = sorted(normalise(r) for r in theirs)
    if a != b:
        only_a = [r for r in a if r not in b][:3]
        only_b = [r for r in b if r not in a][:3]
        problems.append("%d vs %d records; only tracedec: %r; only llvm: %r"
                        % (len(a), len(b), only_a, only_b))
    for p in problems:
        print("    " + p)
    sys.exit(1 if problems else 0)


main()
