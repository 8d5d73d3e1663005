#!/bin/sh
# xray_oracle.sh TRACEDEC ROOT - compare tracedec with llvm-xray on real
# traces written at test time by clang-14's compiler-rt.
#
# For every FDR trace: when `llvm-xray fdr-dump` reads it, `tracedec dump
# --style=llvm` must print the same bytes and `tracedec validate` must
# accept it; when llvm-xray fails (compiler-rt 14's typed-event extents bug),
# tracedec must fail with xray-typed-event-extents after printing the same
# records. For every trace llvm-xray converts, the records of `tracedec
# convert -f yaml --sort` must equal its `convert -f yaml` records.
# Exit 0 when all agree, 1 when not, 77 when the tools are missing.
set -u
TRACEDEC=$1
ROOT=$2
CXX=$(command -v clang++-14 || command -v clang++) || exit 77
XRAY=$(command -v llvm-xray-14 || command -v llvm-xray) || exit 77
command -v python3 >/dev/null || exit 77
WORK=$(mktemp -d /tmp/tracedec-oracle-XXXXXX)
trap 'rm -rf "$WORK"' EXIT
SRC="$ROOT/tests/cli/oracle/xray_workload.cc"
FLAGS="-std=c++17 -fxray-instrument -fxray-instruction-threshold=1 -pthread"
$CXX $FLAGS -O2 "$SRC" -o "$WORK/wl2" 2>"$WORK/cc.log" || { cat "$WORK/cc.log"; exit 77; }
$CXX $FLAGS -O0 "$SRC" -o "$WORK/wl0" 2>>"$WORK/cc.log" || exit 77

failures=0
traces=0
fail() { echo "    FAIL $1: $2"; failures=$((failures + 1)); }

# record NAME BINARY ARGS... : run a workload in FDR mode.
record_fdr() {
    name=$1; bin=$2; shift 2
    XRAY_OPTIONS="xray_logfile_base=$WORK/$name." "$WORK/$bin" fdr "$@" \
        >/dev/null 2>&1 || { fail "$name" "the workload failed"; return; }
    mv "$WORK/$name".* "$WORK/$name.xray" 2>/dev/null
}

record_basic() {
    name=$1; buffer=$2; shift 2
    XRAY_OPTIONS="patch_premain=true xray_mode=xray-basic xray_logfile_base=$WORK/$name." \
    XRAY_BASIC_OPTIONS="func_duration_threshold_us=0 thread_buffer_size=$buffer" \
        "$WORK/wl2" basic "$@" >/dev/null 2>&1 || { fail "$name" "the workload failed"; return; }
    mv "$WORK/$name".* "$WORK/$name.xray" 2>/dev/null
}

check_fdr_dump() {
    name=$1; f="$WORK/$name.xray"
    "$XRAY" fdr-dump "$f" >"$WORK/$name.llvm" 2>"$WORK/$name.llvm.err"
    llvm_rc=$?
    "$TRACEDEC" dump --style=llvm "$f" >"$WORK/$name.ours" 2>"$WORK/$name.ours.err"
    ours_rc=$?
    if [ $llvm_rc -eq 0 ]; then
        [ $ours_rc -eq 0 ] || fail "$name" "tracedec failed where llvm-xray did not: $(cat "$WORK/$name.ours.err")"
        cmp -s "$WORK/$name.llvm" "$WORK/$name.ours" || fail "$name" "dump --style=llvm differs from fdr-dump"
        "$TRACEDEC" validate "$f" || fail "$name" "validate rejects a trace llvm-xray reads"
    else
        grep -q "xray-typed-event-extents" "$WORK/$name.ours.err" ||
            fail "$name" "llvm-xray failed ($(cat "$WORK/$name.llvm.err")) but tracedec said: $(cat "$WORK/$name.ours.err")"
        cmp -s "$WORK/$name.llvm" "$WORK/$name.ours" || fail "$name" "records before the error differ"
        "$TRACEDEC" validate --recover-typed-extents "$f" ||
            fail "$name" "--recover-typed-extents does not recover"
    fi
}

check_yaml() {
    name=$1; f="$WORK/$name.xray"
    if "$XRAY" convert -f yaml "$f" >"$WORK/$name.yaml.llvm" 2>/dev/null; then
        "$TRACEDEC" convert -f yaml --sort "$f" >"$WORK/$name.yaml.ours" ||
            { fail "$name" "convert -f yaml failed"; return; }
        python3 "$ROOT/tests/cli/oracle/yaml_compare.py" "$WORK/$name.yaml.ours" \
            "$WORK/$name.yaml.llvm" || fail "$name" "yaml records differ"
    fi
    "$TRACEDEC" convert -f chrome "$f" >"$WORK/$name.json" 2>/dev/null ||
        "$TRACEDEC" convert --recover-typed-extents -f chrome "$f" >"$WORK/$name.json"
    python3 "$ROOT/tests/cli/chrome_check.py" "$WORK/$name.json" || fail "$name" "chrome trace does not nest"
}

check() {
    kind=$1; name=$2
    [ -f "$WORK/$name.xray" ] || { fail "$name" "no trace was written"; return; }
    traces=$((traces + 1))
    [ "$kind" = fdr ] && check_fdr_dump "$name"
    check_yaml "$name"
    echo "    checked $name ($(wc -c <"$WORK/$name.xray") bytes)"
}

record_fdr fdr-threads wl2 threads=4 depth=4 iters=3;        check fdr fdr-threads
record_fdr fdr-events wl0 threads=2 iters=4 custom=1;        check fdr fdr-events
record_fdr fdr-typed wl0 threads=2 iters=3 typed=1;          check fdr fdr-typed
record_fdr fdr-typed-custom wl0 threads=1 iters=6 typed=1 custom=1; check fdr fdr-typed-custom
record_fdr fdr-typed-bug wl0 threads=1 iters=2 typed=1 tail_event=1; check fdr fdr-typed-bug
record_fdr fdr-wrap wl2 threads=2 iters=2 sleep_ms=2300;     check fdr fdr-wrap
record_fdr fdr-recycled wl2 threads=1 depth=6 iters=300 fdr=buffer_size=1024:buffer_max=2
check fdr fdr-recycled
record_fdr fdr-exhausted wl2 threads=6 depth=3 iters=200 fdr=buffer_size=1024:buffer_max=3
check fdr fdr-exhausted
record_basic basic-threads 1024 threads=3 iters=3;            check basic basic-threads
record_basic basic-small-buffers 16 threads=3 iters=20;       check basic basic-small-buffers

grep -q "TSC Wrap" "$WORK/fdr-wrap.llvm" 2>/dev/null || fail fdr-wrap "no TSC wrap in the trace"
grep -q "Typed Event" "$WORK/fdr-typed.ours" 2>/dev/null || fail fdr-typed "no typed event in the trace"
grep -q "xray-typed-event-extents" "$WORK/fdr-typed-bug.ours.err" 2>/dev/null ||
    fail fdr-typed-bug "the typed-event extents bug did not show"
"$TRACEDEC" validate -v "$WORK/fdr-recycled.xray" 2>&1 | grep -q "exit-without-entry" ||
    fail fdr-recycled "recycled buffers did not give a mid-stack start"
echo "    $traces traces, $failures failures"
[ $failures -eq 0 ]
