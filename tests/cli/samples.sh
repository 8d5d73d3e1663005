#!/bin/sh
# samples.sh TRACEDEC DATA DIR - `make run`: tracedec on a sample of every
# format. The XRay, drmemtrace and UMT samples are the golden cases' inputs
# (tests/FORMAT/cases), written into DATA by the build; the REVEN database
# is written into DIR by tests/rvn/rvn_writer.py (python3) and the
# drmemtrace sample gzipped there.
set -u
T=$1
DATA=$2
DIR=$3
mkdir -p "$DIR"
show() {
    echo "== tracedec $*"
    "$T" "$@"
}
head_of() {
    echo "== tracedec $* | head"
    "$T" "$@" | head -n 8
}

show info "$DATA/xray/fdr-v5-threads.xray"
head_of dump --style=llvm "$DATA/xray/fdr-v5-threads.xray"
echo "== tracedec validate $DATA/xray/fdr-v5-typed-bug.xray (exits 1)"
"$T" validate "$DATA/xray/fdr-v5-typed-bug.xray" && exit 1

gzip -c "$DATA/drmem/drmem-v7-markers.trace" > "$DIR/drmem-v7-markers.trace.gz"
show info "$DIR/drmem-v7-markers.trace.gz"
head_of stat "$DIR/drmem-v7-markers.trace.gz"
head_of dump --style=drcachesim "$DIR/drmem-v7-markers.trace.gz"

show stat --json "$DATA/umt/as-built-v1"
head_of dump "$DATA/umt/as-built-v1"

if python3 tests/rvn/rvn_writer.py "$DIR/rvn" 20 >/dev/null 2>&1; then
    show info "$DIR/rvn/small.sqlite"
    head_of dump "$DIR/rvn/small.sqlite"
    head_of dump --table blocks "$DIR/rvn/small.sqlite"
else
    echo "== (no python3: the REVEN sample is skipped)"
fi
echo "== all samples decoded"
