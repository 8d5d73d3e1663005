"""Run the command-line examples of README.md and check what they show.

usage: readme_examples.py ROOT TRACEDEC [--corpus]

An example is a `$ COMMAND` line in a fenced block of README.md, followed
by the lines it prints (standard output and standard error together).
It must exit with the status its trailing `# exit N` comment names (0
without one) and print the lines shown: a line `...` stands for the rest
of the output, and `...` inside a line for any text. Commands run in ROOT
through sh; `build/` in them names the build TRACEDEC belongs to.

Without --corpus the examples that use ../shared/corpus are left out; with
it only those run (exit 77 when the corpus is absent). Exit 0 when every
example shows what it says, 1 when not.
"""
import os
import re
import subprocess
import sys

ROOT, TRACEDEC = sys.argv[1], sys.argv[2]
CORPUS_ONLY = sys.argv[3:] == ["--corpus"]
BUILD = os.path.relpath(os.path.dirname(os.path.abspath(TRACEDEC)), ROOT)
CORPUS = "../shared/corpus"


def examples(readme):
    """(command, exit status, shown lines) for every `$` line."""
    found, in_block = [], False
    for line in readme.split("\n"):
        if line.startswith("```"):
            in_block = not in_block
        elif in_block and line.startswith("$ "):
            status = re.search(r"#\s*exit (\d+)\s*$", line)
            found.append((line[2:], int(status.group(1)) if status else 0, []))
        elif in_block and found and line != "":
            found[-1][2].append(line)
    return found


def in_this_build(text):
    return re.sub(r"(?<![\w./])build/", BUILD + "/", text)


def matches(shown, printed):
    """Whether the printed lines are what the example shows."""
    for i, want in enumerate(shown):
        if want == "...":
            return True
        pattern = ".*".join(re.escape(part) for part in want.split("..."))
        if i >= len(printed) or not re.fullmatch(pattern, printed[i]):
            return False
    return len(printed) == len(shown)


failures, ran = [], 0
for command, status, shown in examples(open(os.path.join(ROOT, "README.md")).read()):
    if (CORPUS in command) != CORPUS_ONLY:
        continue
    if CORPUS_ONLY and not os.path.isdir(os.path.join(ROOT, CORPUS)):
        sys.exit(77)
    ran += 1
    proc = subprocess.run(["sh", "-c", in_this_build(command)], cwd=ROOT,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    printed = proc.stdout.decode("utf-8", "replace").split("\n")
    if printed[-1] == "":
        printed.pop()
    if proc.returncode != status:
        failures.append("`%s` exits %d, README says %d"
                        % (command, proc.returncode, status))
    if not matches([in_this_build(s) for s in shown], printed):
        failures.append("`%s` prints:\n      %s" % (command,
                        "\n      ".join(printed[:len(shown) + 2])))
if ran == 0:
    failures.append("no examples found")
for f in failures:
    print("    " + f)
sys.exit(1 if failures else 0)
