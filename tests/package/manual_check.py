"""The manual page and the shell completions against the CLI's usage text.

usage: manual_check.py ROOT TRACEDEC

1. pkg/tracedec.1 renders with groff's -ww (every warning) and
   `man --warnings -l` with nothing on standard error;
2. the manual page, the bash completion and the zsh completion name every
   command and every option of `tracedec --help`: the commands' words and
   the options of their synopses (the first column of the commands), of
   the options section and of the usage line;
3. both completions parse (bash -n, zsh -n when zsh is installed).

Exit 0 when all hold, 1 when not, 77 when groff is missing.
"""
import re
import shutil
import subprocess
import sys

ROOT, TRACEDEC = sys.argv[1], sys.argv[2]
MANUAL = ROOT + "/pkg/tracedec.1"
BASH = ROOT + "/pkg/tracedec.bash"
ZSH = ROOT + "/pkg/_tracedec"
failures = []


def stderr_of(args):
    proc = subprocess.run(args, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE,
                          env={"MANWIDTH": "80", "PATH": "/usr/bin:/bin"})
    return proc.returncode, proc.stderr.decode()


def usage_words():
    """The commands and options the usage text names."""
    text = subprocess.run([TRACEDEC, "--help"], stdout=subprocess.PIPE,
                          check=True).stdout.decode()
    commands, synopses, section = set(), [text.split("\n")[0]], None
    for line in text.split("\n"):
        if re.match(r"^[a-z][a-z ]*:$", line):
            section = line.split()[0].rstrip(":")  # "options of every command:"
        elif section in ("commands", "options") and re.match(r"^  \S", line):
            first_column = re.split(r"\s{2,}", line.strip())[0]
            synopses.append(first_column)
            if section == "commands":
                commands.add(first_column.split()[0])
    options = set()
    for synopsis in synopses:
        options.update(re.findall(r"(?<![\w-])--?[a-z][a-z-]*", synopsis))
    return commands, options


if shutil.which("groff") is None:
    sys.exit(77)
for args in (["groff", "-ww", "-man", "-Tutf8", MANUAL],
             ["man", "--warnings", "-l", MANUAL]):
    if args[0] == "man" and shutil.which("man") is None:
        continue
    rc, err = stderr_of(args)
    if rc != 0 or err:
        failures.append("%s: exit %d: %s" % (" ".join(args[:-1]), rc, err))

commands, options = usage_words()
if not commands or not options:
    failures.append("no commands or options found in the usage text")
manual = open(MANUAL).read().replace("\\-", "-")
documents = {"the manual page": manual, "the bash completion":
             open(BASH).read(), "the zsh completion": open(ZSH).read()}
for name, text in documents.items():
    for word in sorted(commands | options):
        if not re.search(r"(?<![\w-])%s(?![\w-])" % re.escape(word), text):
            failures.append("%s does not name %s" % (name, word))

rc, err = stderr_of(["bash", "-n", BASH])
if rc != 0:
    failures.append("bash -n: " + err)
if shutil.which("zsh") is not None:
    rc, err = stderr_of(["zsh", "-n", ZSH])
    if rc != 0:
        failures.append("zsh -n: " + err)

for f in failures:
    print("    " + f)
sys.exit(1 if failures else 0)
