#!/bin/sh
# bench.sh TRACEDEC TOOLS_DIR - `make bench`: tracedec against the tools
# people use today, on big inputs built here, in one run, as ratios.
#
# Inputs (kept in $BENCH_DIR, default /tmp/tracedec-bench, so a second run
# skips building them):
#   xray.fdr      ~300 MB FDR trace written by clang-14's compiler-rt
#   threadsig     ../shared/corpus drmemtrace_samples/threadsig.x86_64
#                 (61.6 M records in 21 zips; its rows SKIP without it)
#   xray.lz4      the XRay trace as an LZ4 frame (lz4 -1)
#   reven-1024.sqlite  ~1 GB REVEN block trace (tests/rvn/rvn_writer.py, grown
#                 with sqlite3; BIG_MB sets the size, 1024 by default)
#   umt-1024/     ~1 GB UMT trace from the test encoder
#   shards-2000/  2000 drmemtrace shards in the v2 workload layout
#                 (tests/tools/drmem_shardset.py, from the corpus)
# The -j rows compare tracedec -jN (N: online CPUs) with tracedec -j1;
# DRMEMTRACE_LAUNCHER, when it names DynamoRIO's drmemtrace_launcher, adds
# a row against basic_counts -jobs N.
# Every command runs five times (twice when it takes over 5 s); the
# fastest run counts. Peak RSS is GNU time's
# %M. Ratios are peer time / tracedec time: above 1, tracedec is faster.
# Throughput is of the input as stored, except for the drmemtrace rows:
# of the records, uncompressed.
set -u
TRACEDEC=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
TOOLS=$(cd "$2" && pwd)
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BENCH_DIR=${BENCH_DIR:-/tmp/tracedec-bench}
XRAY_MB=${XRAY_MB:-300}
BIG_MB=${BIG_MB:-1024}
RUNS=${RUNS:-5}
# The big inputs are named for their size, so a cache of another size is
# not taken for them.
REVEN=reven-$BIG_MB.sqlite
UMT=umt-$BIG_MB
TIME=/usr/bin/time
CORPUS=$ROOT/../shared/corpus/drmemtrace/drmemtrace_samples/threadsig.x86_64
mkdir -p "$BENCH_DIR"
cd "$BENCH_DIR" || exit 1
[ -x $TIME ] || { echo "bench: GNU time is missing (apt-get install time)"; exit 1; }

# ---- inputs ---------------------------------------------------------------

make_xray() {
    [ -s xray.fdr ] && return 0
    clang++-14 -std=c++17 -O2 -fxray-instrument -fxray-instruction-threshold=1 \
        -pthread "$ROOT/tests/cli/oracle/xray_workload.cc" -o workload || return 1
    rm -f big.*
    # 1 MiB buffers, XRAY_MB of them kept: enough calls to fill them all
    XRAY_OPTIONS="xray_logfile_base=$BENCH_DIR/big." ./workload fdr threads=2 \
        depth=6 iters=3000000 fdr=buffer_size=1048576:buffer_max=$XRAY_MB \
        >/dev/null 2>&1
    mv big.* xray.fdr
}

make_lz4() {
    [ -s xray.lz4 ] || lz4 -q -1 -f xray.fdr xray.lz4
}

make_reven() {
    [ -s "$REVEN" ] && return 0
    rm -rf rvn-seed
    python3 "$ROOT/tests/rvn/rvn_writer.py" rvn-seed 10 >/dev/null || return 1
    cp rvn-seed/small.sqlite reven.tmp
    rows=$((BIG_MB * 1024 * 1024 / 14))
    last=$(sqlite3 reven.tmp "select max(transition_id) from execution")
    blocks=$(sqlite3 reven.tmp "select count(*) from blocks")
    sqlite3 reven.tmp "pragma journal_mode=off" "pragma synchronous=off" \
        "with recursive c(i) as (select 1 union all select i + 1 from c
           where i < $rows)
         insert into execution
           select $last + i * 7, 2 + (i % ($blocks - 1)) from c" >/dev/null &&
        mv reven.tmp "$REVEN"
}

make_shards() {
    [ -d shards-2000/aux ] && return 0
    rm -rf shards-2000 && python3 "$ROOT/tests/tools/drmem_shardset.py" \
        "$ROOT/../shared/corpus/drmemtrace/drmemtrace.threadsig.x64.tracedir" \
        shards-2000 >/dev/null
}

make_umt() {
    [ -s "$UMT/exec.vtable" ] && return 0
    cc -std=c99 -O2 -D_POSIX_C_SOURCE=200809L -I"$ROOT/tests/umt" \
        "$ROOT/tests/tools/umt_bigtrace.c" "$ROOT/tests/umt/umt_encoder.c" \
        "$ROOT/tests/umt/umt_traces.c" -o umt_bigtrace || return 1
    rm -rf "$UMT" && ./umt_bigtrace "$UMT" "$BIG_MB" >/dev/null
}

# ---- measuring ------------------------------------------------------------

# run CMD: the best wall time of RUNS (5) runs of the shell command CMD
# (its output thrown away; two runs when a run takes over 5 s) into $secs,
# the peak RSS in KB into $kb. Returns the status of the last run.
run() {
    best=""
    kb=0
    for attempt in $(seq "$RUNS"); do
        if [ "$attempt" -gt 2 ] && [ "$(echo "$best > 5" | bc)" = 1 ]; then
            break
        fi
        $TIME -f "%e %M" -o time.txt sh -c "$1 >/dev/null 2>err.txt"
        status=$?
        t=$(tail -n 1 time.txt | cut -d' ' -f1)
        m=$(tail -n 1 time.txt | cut -d' ' -f2)
        [ "$m" -gt "$kb" ] && kb=$m
        if [ -z "$best" ] || [ "$(echo "$t < $best" | bc)" = 1 ]; then
            best=$t
        fi
    done
    secs=$best
    return $status
}

bytes_of() {
    cat "$@" 2>/dev/null | wc -c
}

# row NAME BYTES TARGET OURS PEER_NAME PEER: one line of the table; OURS
# and PEER are shell commands.
row() {
    if ! run "$4"; then
        printf '%-30s FAILED: %s\n' "$1" "$(head -c 200 err.txt)"
        return
    fi
    our_s=$secs our_kb=$kb
    peer_name=$5
    run "$6" || peer_name="$peer_name (failed)"
    awk -v n="$1" -v b="$2" -v t="$3" -v os="$our_s" -v okb="$our_kb" \
        -v p="$peer_name" -v ps="$secs" -v pkb="$kb" 'BEGIN {
            if (os <= 0) os = 0.005; if (ps <= 0) ps = 0.005
            printf "%-30s %7.2f s %7.0f MB/s %6.1f MB | %-27s %7.2f s %7.0f MB | %7.2fx  %s\n",
                n, os, b / os / 1e6, okb / 1024, p, ps, pkb / 1024, ps / os, t
        }'
}

skip() {
    printf '%-30s SKIP: %s\n' "$1" "$2"
}

header() {
    printf '%-30s %9s %12s %9s | %-27s %9s %9s | %8s  %s\n' "row" \
        "tracedec" "throughput" "peak RSS" "peer" "peer" "peer RSS" \
        "ratio" "target"
}

# ---- the table ------------------------------------------------------------

echo "building inputs in $BENCH_DIR (kept for the next run) ..."
XRAY=$(command -v llvm-xray-14 || command -v llvm-xray)
make_xray || echo "bench: cannot write the XRay trace (clang++-14 and libclang-rt-14-dev)"
make_lz4 || echo "bench: cannot write the LZ4 file (lz4)"
make_reven || echo "bench: cannot write the REVEN database (python3, sqlite3)"
make_umt || echo "bench: cannot write the UMT trace"
echo
header
T=$TRACEDEC
if [ -s xray.fdr ] && [ -n "$XRAY" ]; then
    n=$(bytes_of xray.fdr)
    row "xray validate" "$n" ">=50x, >=2GB/s" "$T validate xray.fdr" \
        "llvm-xray fdr-dump" "$XRAY fdr-dump xray.fdr"
    row "xray dump --style=llvm" "$n" "" "$T dump --style=llvm xray.fdr" \
        "llvm-xray fdr-dump" "$XRAY fdr-dump xray.fdr"
    row "xray convert -f yaml" "$n" ">=20x" "$T convert -f yaml xray.fdr" \
        "llvm-xray convert -f yaml" "$XRAY convert -f yaml xray.fdr"
    # every core against one: the ratio is the speedup of -j
    cores=$(getconf _NPROCESSORS_ONLN)
    row "xray validate -j$cores" "$n" ">=1.8x on 2 cores" \
        "$T validate -j$cores xray.fdr" "tracedec validate -j1" \
        "$T validate -j1 xray.fdr"
    row "xray stat -j$cores" "$n" ">=1.8x on 2 cores" \
        "$T stat -j$cores xray.fdr" "tracedec stat -j1" "$T stat -j1 xray.fdr"
    # a reader that goes away with SIGPIPE ignored: tracedec stops at its
    # first failed write (the throughput column means nothing here)
    row "xray dump | head -1, no SIGPIPE" "$n" "<0.2 s" \
        "trap '' PIPE; $T dump xray.fdr | head -1" \
        "llvm-xray fdr-dump | head -1" \
        "trap '' PIPE; $XRAY fdr-dump xray.fdr 2>/dev/null | head -1"
else
    skip "xray" "no trace or no llvm-xray"
fi
if [ -d "$CORPUS" ]; then
    dir=$(ls -d "$CORPUS"/drmemtrace.*.dir | head -n 1)
    zips=$(echo "$dir"/trace/*.trace.zip)
    n=$("$TOOLS/zlib_inflate" $zips) # the records' bytes, uncompressed
    row "drmemtrace stat (threadsig)" "$n" "<=1.5x zlib time" \
        "$T stat $dir" "zlib inflate + crc32" "$TOOLS/zlib_inflate $zips"
    row "inflate + crc32 alone" "$n" ">=0.8x" "$TOOLS/td_decompress zip $zips" \
        "zlib inflate + crc32" "$TOOLS/zlib_inflate $zips"
else
    skip "drmemtrace stat (threadsig)" "../shared/corpus is not there"
    skip "inflate + crc32 alone" "../shared/corpus is not there"
fi
# drmemtrace shard sets: -jN against -j1, and against basic_counts -jobs N
N=$(getconf _NPROCESSORS_ONLN)
if [ -d "$CORPUS" ] && make_shards; then
    dir=$(ls -d "$CORPUS"/drmemtrace.*.dir | head -n 1)
    records=$("$TOOLS/zlib_inflate" "$dir"/trace/*.trace.zip)
    row "drmem stat -j$N threadsig" "$records" ">=1.8x at -j2" \
        "$T stat -j$N $dir" "tracedec stat -j1" "$T stat -j1 $dir"
    n=$(find shards-2000 -name '*.zip' -exec "$TOOLS/zlib_inflate" {} + |
        awk '{ s += $1 } END { print s }')
    row "drmem stat -j$N 2000 shards" "$n" "<=16 MB per worker" \
        "$T stat -j$N shards-2000" "tracedec stat -j1" \
        "$T stat -j1 shards-2000"
    if [ -x "${DRMEMTRACE_LAUNCHER:-}" ]; then
        row "drmem stat -j$N vs DR" "$records" "" "$T stat -j$N $dir" \
            "basic_counts -jobs $N" \
            "$DRMEMTRACE_LAUNCHER -tool basic_counts -indir $dir -jobs $N"
    else
        skip "drmem stat -j$N vs DR" "DRMEMTRACE_LAUNCHER names no drmemtrace_launcher"
    fi
else
    skip "drmem stat -j$N" "../shared/corpus is not there"
fi
if [ -s xray.lz4 ]; then
    row "lz4 frame decode" "$(bytes_of xray.lz4)" "" \
        "$TOOLS/td_decompress lz4 xray.lz4" "lz4 -d" "lz4 -d -c xray.lz4"
fi
if [ -s "$REVEN" ]; then
    n=$(bytes_of "$REVEN")
    peer="sqlite3 $REVEN 'SELECT * FROM execution'"
    row "sqlite dump --table execution" "$n" ">=3x" \
        "$T dump --table execution $REVEN" "sqlite3 SELECT * execution" \
        "$peer"
    row "reven validate" "$n" ">=3x" "$T validate $REVEN" \
        "sqlite3 SELECT * execution" "$peer"
    # -j: the ratio is the speedup of N workers over one
    cores=$(getconf _NPROCESSORS_ONLN)
    row "reven validate -j$cores" "$n" ">=1.8x at -j2" \
        "$T validate -j$cores $REVEN" "tracedec validate -j1" \
        "$T validate -j1 $REVEN"
fi
if [ -s "$UMT/exec.vtable" ]; then
    row "umt validate" "$(bytes_of "$UMT"/*)" ">=1GB/s" "$T validate $UMT" \
        "cat (the files)" "cat $UMT/*"
fi
echo
echo "peak RSS target: <= 16 MB for every tracedec row"
