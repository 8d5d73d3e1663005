#!/usr/bin/env python3
"""stack_check.py CI_DIR - the library's stack bound, from gcc's call graphs.

CI_DIR holds the .ci files of `gcc -O2 -fcallgraph-info=su` over src/. Fails
(exit 1) when a function's frame exceeds LIMIT bytes or is dynamic (a VLA or
alloca), when a call is indirect (its depth could not be bounded), or when
the call graph has a cycle (recursion). Otherwise prints the worst-case
stack of every public entry point, deepest first: its own frame plus the
deepest chain of calls below it. Library calls (memcpy and friends) count
as zero.
"""
import glob
import re
import sys

LIMIT = 512
NODE = re.compile(r'node: \{ title: "([^"]+)" label: "([^"]*)"')
EDGE = re.compile(r'edge: \{ sourcename: "([^"]+)" targetname: "([^"]+)"')
FRAME = re.compile(r'\\n(\d+) bytes \((\w+)\)')


def read_graph(ci_dir):
    frames, kinds, calls = {}, {}, {}
    for path in sorted(glob.glob(ci_dir + "/*.ci")):
        with open(path) as f:
            text = f.read()
        for title, label in NODE.findall(text):
            m = FRAME.search(label)
            if m:
                frames[title] = int(m.group(1))
                kinds[title] = m.group(2)
        for src, dst in EDGE.findall(text):
            calls.setdefault(src, set()).add(dst)
    return frames, kinds, calls


def find_cycle(frames, calls):
    """A call cycle as a list of names, or None (iterative DFS)."""
    state = {}
    for root in frames:
        if root in state:
            continue
        stack = [(root, iter(sorted(calls.get(root, ()))))]
        state[root] = 1
        path = [root]
        while stack:
            node, it = stack[-1]
            nxt = next(it, None)
            if nxt is None:
                state[node] = 2
                stack.pop()
                path.pop()
                continue
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state and nxt in frames:
                state[nxt] = 1
                stack.append((nxt, iter(sorted(calls.get(nxt, ())))))
                path.append(nxt)
    return None


def worst_depth(frames, calls):
    """Worst-case stack of every function (the graph is acyclic here)."""
    depth = {}

    def visit(root):
        stack = [root]
        while stack:
            node = stack[-1]
            pending = [c for c in calls.get(node, ())
                       if c in frames and c not in depth]
            if pending:
                stack.extend(pending)
                continue
            stack.pop()
            below = [depth[c] for c in calls.get(node, ()) if c in depth]
            depth[node] = frames[node] + max(below, default=0)

    for name in frames:
        if name not in depth:
            visit(name)
    return depth


def main():
    frames, kinds, calls = read_graph(sys.argv[1])
    if not frames:
        print("stack check: no call graphs in", sys.argv[1])
        return 1
    bad = []
    for name, size in sorted(frames.items()):
        if size > LIMIT:
            bad.append("%s: %d bytes of stack (limit %d)" % (name, size, LIMIT))
        if kinds[name] not in ("static", "bounded"):
            bad.append("%s: %s stack frame" % (name, kinds[name]))
    for src, dsts in sorted(calls.items()):
        if "__indirect_call" in dsts:
            bad.append("%s: indirect call" % src)
    cycle = find_cycle(frames, calls)
    if cycle:
        bad.append("recursion: " + " -> ".join(cycle))
    if bad:
        print("\n".join("stack check: " + b for b in bad))
        return 1
    depth = worst_depth(frames, calls)
    entries = sorted((d, n) for n, d in depth.items()
                     if n.startswith("td_") and ":" not in n)
    print("stack check: OK, %d functions, largest frame %d bytes, no "
          "recursion, no indirect calls" % (len(frames), max(frames.values())))
    print("worst-case stack per entry point (bytes):")
    for d, n in reversed(entries):
        if n.endswith("_next") or n.endswith("_open") or \
           n.endswith("_check_freelist"):
            print("  %5d  %s" % (d, n))
    return 0


if __name__ == "__main__":
    sys.exit(main())
