#!/bin/sh
# jobs_identity.sh ROOT TRACEDEC - every command of the CLI snapshot
# (tests/tools/cli_snapshot.sh: every command and option on the samples,
# generated SQLite databases and REVEN traces, cut and damaged inputs, and
# ../shared/corpus when present) at -j1, -j2, -j3 and -j8: the same exit
# status, standard output and standard error, byte for byte.
# Exit 0 when all are the same, 1 when not, 77 without python3 or sqlite3.
ROOT=$1
TRACEDEC=$2
WORK=$ROOT/build/jobs-identity
command -v python3 > /dev/null && command -v sqlite3 > /dev/null || exit 77
rm -rf "$WORK"
mkdir -p "$WORK"
sh "$ROOT/tests/tools/cli_snapshot.sh" prepare "$WORK/in" > /dev/null 2>&1 ||
    { echo "    the snapshot's inputs could not be made"; exit 1; }
snapshot() { # snapshot N: every command at -jN into $WORK/jN
    JOBS=$1 sh "$ROOT/tests/tools/cli_snapshot.sh" run "$TRACEDEC" \
        "$WORK/in" "$WORK/j$1" > "$WORK/j$1.log" 2>&1
}
# Two at a time: a snapshot is thousands of short single-threaded runs.
status=0
snapshot 1 & snapshot 2
wait
snapshot 3 & snapshot 8
wait
for j in 2 3 8; do
    if ! diff -r "$WORK/j1" "$WORK/j$j" > "$WORK/j$j.diff"; then
        echo "    -j1 and -j$j differ:"
        head -n 20 "$WORK/j$j.diff" | sed 's/^/      /'
        status=1
    fi
done
echo "    $(ls "$WORK/j1" | wc -l) commands, the same at -j1, -j2, -j3, -j8"
[ $status -eq 0 ] && rm -rf "$WORK"
exit $status
