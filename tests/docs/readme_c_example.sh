#!/bin/sh
# readme_c_example.sh ROOT TRACEDEC - README.md's C example (its ```c
# block) builds with -std=c99 -pedantic -Werror against the library of the
# build TRACEDEC belongs to, and
#   - prints one line per function record of a sample XRay trace, exit 0;
#   - reports a damaged trace as PATH:OFFSET: NAME: reason, exit 1;
#   - reports a failing read (a directory) as an error, exit 2, not as the
#     end of the file.
# Exit 0 when so, 1 when not, 77 when the library is sanitized (a program
# linking it needs the sanitizer's runtime).
set -u
ROOT=$1
BUILD=$(cd "$(dirname "$2")" && pwd)
DATA=$BUILD/data/xray
nm "$BUILD/libtracedec.a" 2>/dev/null | grep -q __asan_ && exit 77
WORK=$(mktemp -d /tmp/tracedec-readme-XXXXXX)
trap 'rm -rf "$WORK"' EXIT
fail=0
problem() { echo "    $*"; fail=1; }

sed -n '/^```c$/,/^```$/p' "$ROOT/README.md" | sed '1d;$d' > "$WORK/example.c"
[ -s "$WORK/example.c" ] || { echo "    README.md has no C example"; exit 1; }
cc -std=c99 -pedantic -Wall -Wextra -Werror -I"$ROOT/include" "$WORK/example.c" \
    "$BUILD/libtracedec.a" -o "$WORK/example" || { echo "    the C example does not build"; exit 1; }

"$WORK/example" "$DATA/fdr-v5-threads.xray" > "$WORK/out" ||
    problem "the example fails on a good trace"
functions=$("$2" convert -f json "$DATA/fdr-v5-threads.xray" | grep -c '"kind":"function"')
[ "$(grep -cE '^[0-9]+ [0-9]+ at [0-9]+$' "$WORK/out")" = "$functions" ] &&
    [ "$(wc -l < "$WORK/out")" = "$functions" ] ||
    problem "the example printed $(wc -l < "$WORK/out") lines for $functions function records"

"$WORK/example" "$DATA/enc-fdr-bad-straddle.xray" > /dev/null 2> "$WORK/err"
[ $? = 1 ] || problem "a damaged trace does not exit 1"
grep -q "^$DATA/enc-fdr-bad-straddle.xray:120: xray-extents: " "$WORK/err" ||
    problem "a damaged trace prints: $(cat "$WORK/err")"

"$WORK/example" "$DATA" > /dev/null 2> "$WORK/err"
[ $? = 2 ] || problem "a failing read does not exit 2"
exit $fail
