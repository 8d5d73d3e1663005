"""Check a Chrome trace-event JSON file: it parses, pid/tid are numbers,
and B/E events nest per (pid, tid) with matching names."""
import json
import sys

trace = json.load(open(sys.argv[1]))
stacks = {}
for ev in trace["traceEvents"]:
    assert isinstance(ev["pid"], int) and isinstance(ev["tid"], int), ev
    key = (ev["pid"], ev["tid"])
    if ev["ph"] == "B":
        stacks.setdefault(key, []).append(ev["name"])
    elif ev["ph"] == "E":
        stack = stacks.get(key)
        assert stack, "E without B: %r" % ev
        assert stack.pop() == ev["name"], "E does not close its B: %r" % ev
for key, stack in stacks.items():
    assert not stack, "unclosed B on %r: %r" % (key, stack)
