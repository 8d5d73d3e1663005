#!/bin/sh
# stack_check.sh DIR SOURCES... - compile the library with gcc's call-graph
# dumps into DIR and check its stack bound (tests/tools/stack_check.py): no frame
# over 512 bytes, no recursion, no indirect calls.
set -eu
DIR=$1
shift
rm -rf "$DIR"
mkdir -p "$DIR"
for src in "$@"; do
    obj=$(echo "$src" | sed 's|^src/||; s|/|_|g; s|\.c$|.o|')
    gcc -std=c99 -O2 -fcallgraph-info=su -Iinclude -c "$src" -o "$DIR/$obj"
done
python3 "$(dirname "$0")/stack_check.py" "$DIR"
