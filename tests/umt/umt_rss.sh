#!/bin/sh
# umt_rss.sh TRACEDEC [SIZE_MB] - peak RSS and throughput of `tracedec
# validate` on a UMT trace of at least SIZE_MB (default 1024) MB of
# exec.vtable, written by the test encoder (tests/tools/umt_bigtrace.c),
# with the pread and the mmap host, next to `cat` of the same files (the
# memory-bandwidth bound). Fails when a run needs 16 MiB or more, or when
# validation fails. Not run by `make test`.
set -u
TRACEDEC=$1
SIZE_MB=${2:-1024}
LIMIT_KB=16384
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
CC=${CC:-cc}
TIME=/usr/bin/time
[ -x $TIME ] || { echo "GNU time is missing (apt-get install time)"; exit 1; }
WORK=$(mktemp -d /tmp/tracedec-umt-rss-XXXXXX)
trap 'rm -rf "$WORK"' EXIT
$CC -std=c99 -O2 -D_POSIX_C_SOURCE=200809L -I"$ROOT/tests/umt" \
    "$ROOT/tests/tools/umt_bigtrace.c" "$ROOT/tests/umt/umt_encoder.c" \
    "$ROOT/tests/umt/umt_traces.c" -o "$WORK/umt_bigtrace" || exit 1
"$WORK/umt_bigtrace" "$WORK/trace" "$SIZE_MB" || exit 1
BYTES=$(cat "$WORK"/trace/* | wc -c)
VTABLE=$(wc -c < "$WORK/trace/exec.vtable")
echo "trace: $((BYTES >> 20)) MiB in 11 files, exec.vtable $((VTABLE >> 20)) MiB"
$TIME -f "%e" -o "$WORK/cat" sh -c "cat '$WORK'/trace/* > /dev/null"
CAT=$(tail -n 1 "$WORK/cat")
echo "cat: ${CAT} s"
fail=0
for io in pread mmap; do
    # a first run warms the page cache, the second one is measured
    "$TRACEDEC" --io=$io validate "$WORK/trace" || { echo "validate --io=$io failed"; fail=1; continue; }
    $TIME -f "%M %e" -o "$WORK/rss" "$TRACEDEC" --io=$io validate "$WORK/trace" ||
        { echo "validate --io=$io failed"; fail=1; continue; }
    set -- $(tail -n 1 "$WORK/rss")
    kb=$1
    secs=$2
    rate=$(awk -v b="$BYTES" -v s="$secs" -v c="$CAT" 'BEGIN {
        if (s <= 0) s = 0.01;
        if (c <= 0) c = 0.01;
        printf "%.0f MB/s of trace, %.2f times as long as cat", b / s / 1e6, s / c }')
    echo "validate --io=$io: peak RSS $kb KiB (limit $LIMIT_KB KiB), ${secs} s, $rate"
    [ "$kb" -lt $LIMIT_KB ] || fail=1
done
exit $fail
