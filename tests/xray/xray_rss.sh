#!/bin/sh
# xray_rss.sh TRACEDEC - peak RSS of `tracedec validate` on a ~300 MB FDR
# trace written by clang-14's compiler-rt, with each I/O method. Fails when
# any run needs 16 MiB or more. Not a timed test: it reports memory only.
set -u
TRACEDEC=$1
LIMIT_KB=16384
CXX=$(command -v clang++-14 || command -v clang++) || { echo "SKIP: no clang++"; exit 77; }
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
WORK=$(mktemp -d /tmp/tracedec-rss-XXXXXX)
trap 'rm -rf "$WORK"' EXIT
$CXX -std=c++17 -O2 -fxray-instrument -fxray-instruction-threshold=1 -pthread \
    "$ROOT/tests/cli/oracle/xray_workload.cc" -o "$WORK/wl" || exit 1
# 300 buffers of 1 MiB are kept in the ring; enough calls to fill them all.
XRAY_OPTIONS="xray_logfile_base=$WORK/big." "$WORK/wl" fdr threads=2 depth=6 \
    iters=3000000 fdr=buffer_size=1048576:buffer_max=300 >/dev/null 2>&1
TRACE=$(ls "$WORK"/big.* 2>/dev/null | head -n 1)
[ -n "$TRACE" ] || { echo "no trace was written"; exit 1; }
echo "trace: $(du -m "$TRACE" | cut -f1) MB"
fail=0
TIME=/usr/bin/time
[ -x $TIME ] || { echo "GNU time is missing (apt-get install time)"; exit 1; }
for io in pread mmap stream; do
    if [ $io = stream ]; then
        $TIME -f %M -o "$WORK/rss" "$TRACEDEC" validate --io=stream - < "$TRACE"
    else
        $TIME -f %M -o "$WORK/rss" "$TRACEDEC" validate --io=$io "$TRACE"
    fi || { echo "validate --io=$io failed"; fail=1; continue; }
    kb=$(tail -n 1 "$WORK/rss")
    echo "validate --io=$io: peak RSS $kb KiB (limit $LIMIT_KB KiB)"
    [ "$kb" -lt $LIMIT_KB ] || fail=1
done
exit $fail
