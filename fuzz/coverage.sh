#!/bin/sh
# coverage.sh NAME BUILD_DIR DIR... - line coverage of the library reached
# by replaying the inputs in DIR... (a seed corpus, an AFL++ queue, a
# libFuzzer corpus) through the harness fuzz/NAME_fuzzer.c, per source
# folder under src/, measured with gcc --coverage and gcov.
#
# The library is built without optimisation in BUILD_DIR/cov-NAME, so that
# every line counts once. A finding aborts the replay and fails the script.
#   sh fuzz/coverage.sh xray build fuzz/corpus/xray build/fuzz/afl-xray/default/queue
set -u
NAME=$1
OUT=$2/cov-$NAME
shift 2
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT" || exit 1
rm -rf "$OUT"
mkdir -p "$OUT"
FLAGS="-std=c99 -O0 --coverage -Iinclude -Ifuzz"
for src in src/*/*.c; do
    obj=$OUT/$(echo "$src" | sed 's|/|_|g; s|\.c$|.o|')
    gcc $FLAGS -c "$src" -o "$obj" || exit 1
done
gcc $FLAGS -D_POSIX_C_SOURCE=200809L fuzz/fuzz_*.c \
    "fuzz/${NAME}_fuzzer.c" "$OUT"/src_*.o -o "$OUT/replay" || exit 1
"$OUT/replay" "$@" > "$OUT/replay.log" 2>&1 ||
    { tail -n 20 "$OUT/replay.log"; echo "coverage: the replay failed"; exit 1; }
# One gcov run per source folder: the lines it reports, summed.
for dir in src/*/; do
    module=$(basename "$dir")
    (cd "$OUT" && gcov -n src_"$module"_*.o 2>/dev/null) |
        awk -v m="$module" '
            /^File .*\.c'"'"'$/ { keep = 1; next }
            /^File / { keep = 0; next }
            keep && /^Lines executed:/ {
                split($2, a, ":"); pct = a[2] + 0; n = $4 + 0
                hit += pct * n / 100; all += n; keep = 0
            }
            END { if (all > 0 && hit > 0)
                    printf "%-10s %5.1f%% of %d lines\n", m, 100 * hit / all, all }'
done
