#!/bin/sh
# cli_snapshot.sh - every CLI output on the bundled samples, the generated
# SQLite/REVEN databases, damaged inputs and ../shared/corpus, recorded so
# that two builds of tracedec can be compared byte for byte (a refactoring
# must not change a single output).
#
#   sh tests/tools/cli_snapshot.sh prepare INPUTS
#       build the generated inputs once (python3 + sqlite3 write the
#       databases; cut and damaged copies of committed traces)
#   sh tests/tools/cli_snapshot.sh run TRACEDEC INPUTS OUT
#       run every command; OUT/NNNN holds the command line, the exit
#       status, stderr, and stdout (whole up to 256 KiB, else its size and
#       SHA-256)
#   diff -r OUT1 OUT2     the comparison
#   JOBS=N sh tests/tools/cli_snapshot.sh run ...
#       every command with -jN (tests/cli/jobs_identity.sh compares -j1,
#       -j2, -j3 and -j8)
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
CORPUS=$ROOT/../shared/corpus

prepare() {
    IN=$1
    mkdir -p "$IN/sqlite" "$IN/rvn" "$IN/cut"
    # the samples (the golden cases' inputs, which the build writes into
    # build/data) are copied, so the recorded paths do not depend on where
    # the project keeps them
    make -s -C "$ROOT" build/data.ok || exit 1
    rm -rf "$IN/data" && cp -r "$ROOT/build/data" "$IN/data"
    python3 "$ROOT/tests/sqlite/sqlite_dbs.py" "$IN/sqlite" > "$IN/sqlite/list.txt"
    python3 "$ROOT/tests/rvn/rvn_writer.py" "$IN/rvn" 50 > "$IN/rvn/list.txt"
    for f in fdr-v5-threads.xray enc-fdr-big-payload.xray \
             basic-v3-threads.xray; do
        head -c 700 "$IN/data/xray/$f" > "$IN/cut/$f"
    done
    head -c 100 "$IN/data/drmem/drmem-v7-markers.trace" \
        > "$IN/cut/drmem-v7.trace"
    gzip -c "$IN/data/drmem/drmem-v7-markers.trace" \
        > "$IN/cut/drmem-v7.trace.gz"
    head -c 150 "$IN/cut/drmem-v7.trace.gz" > "$IN/cut/drmem-v7-cut.trace.gz"
    gzip -c "$IN/data/xray/fdr-v5-threads.xray" \
        > "$IN/cut/fdr.xray.gz"
    if [ -f "$CORPUS/drmemtrace/drmemtrace.simple_app.trace.zip" ]; then
        head -c 100000 "$CORPUS/drmemtrace/drmemtrace.simple_app.trace.zip" \
            > "$IN/cut/simple_app-cut.zip"
    fi
    first=$(ls "$IN/sqlite"/*.db 2>/dev/null | head -n 1)
    if [ -n "$first" ]; then
        head -c 3000 "$first" > "$IN/cut/cut.sqlite"
    fi
    cp -r "$IN/data/umt/as-built-v1" "$IN/cut/umt-missing"
    rm -f "$IN/cut/umt-missing/ins.itable"
    cp -r "$IN/data/umt/as-built-v1" "$IN/cut/umt-short"
    f=$IN/cut/umt-short/exec.vtable
    head -c $(($(wc -c < "$f") - 5)) "$f" > "$f.tmp" && mv "$f.tmp" "$f"
    printf 'not a trace\n' > "$IN/cut/text.txt"
    : > "$IN/cut/empty"
}

N=0
record() { # record ARGS... (run TRACEDEC ARGS, keep what it printed)
    N=$((N + 1))
    o=$OUT/$(printf '%04d' $N)
    if [ $# -gt 0 ]; then
        "$T" "$@" ${JOBS:+-j$JOBS} > "$o.stdout" 2> "$o.stderr"
    else
        "$T" > "$o.stdout" 2> "$o.stderr"
    fi
    rc=$?
    {
        echo "cmd: tracedec $*" | sed "s|$ROOT|ROOT|g; s|$IN|IN|g"
        echo "rc: $rc"
        echo "-- stderr"
        sed "s|$ROOT|ROOT|g; s|$IN|IN|g" "$o.stderr"
        echo "-- stdout"
        size=$(wc -c < "$o.stdout")
        if [ "$size" -le 262144 ]; then
            sed "s|$ROOT|ROOT|g; s|$IN|IN|g" "$o.stdout"
        else
            echo "$size bytes, sha256 $(sed "s|$ROOT|ROOT|g; s|$IN|IN|g" \
                "$o.stdout" | sha256sum | cut -d' ' -f1)"
        fi
    } > "$o"
    rm -f "$o.stdout" "$o.stderr"
}

record_stdin() { # record_stdin FILE ARGS... (FILE on standard input)
    N=$((N + 1))
    o=$OUT/$(printf '%04d' $N)
    f=$1
    shift
    "$T" "$@" ${JOBS:+-j$JOBS} < "$f" > "$o.stdout" 2> "$o.stderr"
    rc=$?
    {
        echo "cmd: tracedec $* < $f" | sed "s|$ROOT|ROOT|g; s|$IN|IN|g"
        echo "rc: $rc"
        cat "$o.stderr"
        sha256sum < "$o.stdout" | cut -d' ' -f1
    } > "$o"
    rm -f "$o.stdout" "$o.stderr"
}

every_command() { # every_command PATH: the commands of every format
    record info "$1"
    record validate "$1"
    record validate -v "$1"
    record dump "$1"
    record stat "$1"
    record stat --json "$1"
}

run() {
    T=$1
    IN=$2
    OUT=$3
    mkdir -p "$OUT"
    cd "$ROOT"
    for f in "$IN"/data/xray/*.xray "$IN"/cut/*.xray "$IN"/cut/fdr.xray.gz; do
        every_command "$f"
        record dump --style=llvm "$f"
        record convert -f yaml "$f"
        record convert -f yaml --sort "$f"
        record convert -f json "$f"
        record convert -f chrome "$f"
        record validate --recover-typed-extents "$f"
        record dump --recover-typed-extents --style=llvm "$f"
    done
    for f in "$IN"/data/xray/fdr-v5-threads.xray \
             "$IN"/data/xray/basic-v3-threads.xray; do
        record --io=mmap dump "$f"
        record --io=stream dump "$f"
        record_stdin "$f" dump -
        record_stdin "$f" convert -f yaml -
    done
    for f in "$IN"/data/drmem/*.trace "$IN"/cut/*.trace "$IN"/cut/*.gz; do
        every_command "$f"
        record dump --style=drcachesim "$f"
        record convert -f json "$f"
    done
    record_stdin "$IN/cut/drmem-v7.trace.gz" stat -
    record_stdin "$IN"/data/drmem/drmem-v7-markers.trace dump -
    for d in "$IN"/data/umt/as-built-v1 "$IN"/data/umt/legacy-2013 \
             "$IN/cut/umt-missing" "$IN/cut/umt-short"; do
        every_command "$d"
        record convert -f json "$d"
        record --io=mmap validate -v "$d"
        record --io=stream dump "$d"
        record info "$d/exec.vtable"
    done
    for f in "$IN"/sqlite/*.db "$IN"/rvn/*.sqlite "$IN"/cut/*.sqlite; do
        every_command "$f"
        record --io=mmap validate -v "$f"
        for t in sqlite_schema sqlite_master t t1 t2 big idx blocks \
                 execution instruction_indices interrupts _metadata nosuch; do
            record dump --table "$t" "$f"
        done
    done
    for t in $(cut -f2- "$IN/sqlite/list.txt" | tr '\t' '\n' |
               sort -u); do
        for f in "$IN"/sqlite/*.db; do
            record dump --table "$t" "$f"
        done
    done
    for f in "$IN"/cut/text.txt "$IN"/cut/empty Makefile /nonexistent; do
        record info "$f"
        record validate "$f"
    done
    record frob "$IN"/data/xray/fdr-v5-threads.xray
    record info --frob "$IN"/data/xray/fdr-v5-threads.xray
    record --io=foo info "$IN"/data/xray/fdr-v5-threads.xray
    record info
    record convert "$IN"/data/xray/fdr-v5-threads.xray
    record convert -f xml "$IN"/data/xray/fdr-v5-threads.xray
    record dump --style=foo "$IN"/data/xray/fdr-v5-threads.xray
    record --version
    record --help
    record
    if [ -d "$CORPUS/drmemtrace" ]; then
        for f in "$CORPUS"/drmemtrace/drmemtrace.* "$CORPUS"/drmemtrace/mock* \
                 "$CORPUS"/drmemtrace/offline* \
                 "$CORPUS"/drmemtrace/offline-func-trace/*; do
            every_command "$f"
            record dump --style=drcachesim "$f"
            record convert -f json "$f"
        done
        # The large samples (gigabytes of dump): the summaries only.
        for f in "$CORPUS"/drmemtrace/drmemtrace_samples/*/*.dir; do
            record info "$f"
            record validate -v "$f"
            record stat "$f"
            record stat --json "$f"
        done
    fi
    if [ -d "$CORPUS/rvn" ]; then
        for f in $(find "$CORPUS/rvn" -name '*.sqlite' | sort); do
            every_command "$f"
            record dump --table _metadata "$f"
        done
    fi
    echo "$N commands recorded in $OUT"
}

case "${1:-}" in
prepare) prepare "$2" ;;
run) run "$2" "$3" "$4" ;;
*) echo "usage: $0 prepare INPUTS | run TRACEDEC INPUTS OUT" >&2; exit 2 ;;
esac
