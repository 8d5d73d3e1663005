#!/bin/sh
# rvn_rss.sh [TRACEDEC] [MEGABYTES] - peak RSS and speed of `tracedec
# validate` and `dump --table` on a REVEN block trace of about MEGABYTES
# (default 1024).
#
# The trace is a small one written like rvnblock's Writer (tests/rvn/
# rvn_writer.py) whose execution table is then grown with SQLite itself to
# the wanted size (rows in transition order, block ids among the existing
# blocks). Fails when a peak RSS (GNU time's %M) reaches 16 MB. Prints
# the throughput of `tracedec validate` (every table checked; pread and
# mmap hosts) and of `tracedec dump --table execution`, and how much
# faster they are than `sqlite3 FILE "SELECT * FROM execution"`.
# Not run by `make test` (it writes MEGABYTES to /tmp and takes minutes).
set -eu
TRACEDEC=${1:-build/tracedec}
MB=${2:-1024}
LIMIT_KB=16384
here=$(cd "$(dirname "$0")" && pwd)
dir=$(mktemp -d /tmp/tracedec-rvn-rss-XXXXXX)
trap 'rm -rf "$dir"' EXIT
db=$dir/big.sqlite

python3 "$here/rvn_writer.py" "$dir/seed" 10 > /dev/null
cp "$dir/seed/small.sqlite" "$db"
rows=$((MB * 1024 * 1024 / 14))
last=$(sqlite3 "$db" "select max(transition_id) from execution")
blocks=$(sqlite3 "$db" "select count(*) from blocks")
echo "growing execution by $rows rows..."
sqlite3 "$db" "pragma journal_mode=off" "pragma synchronous=off" \
    "with recursive c(i) as (select 1 union all select i + 1 from c
       where i < $rows)
     insert into execution
       select $last + i * 7, 2 + (i % ($blocks - 1)) from c" > /dev/null
bytes=$(wc -c < "$db")
echo "database: $bytes bytes, $(sqlite3 "$db" 'select count(*) from execution') execution rows"

# seconds and peak RSS (KB) of a command, its output thrown away
measure() {
    start=$(date +%s.%N)
    rss=$( { /usr/bin/time -f %M "$@" > /dev/null; } 2>&1 | tail -n 1)
    end=$(date +%s.%N)
    secs=$(echo "$end - $start" | bc)
}

start=$(date +%s.%N)
sqlite3 "$db" "SELECT * FROM execution" > /dev/null
end=$(date +%s.%N)
theirs=$(echo "$end - $start" | bc)
echo "sqlite3 SELECT * FROM execution: $theirs s"
fail=0
for run in "validate" "--io=mmap validate" "dump --table execution"; do
    # shellcheck disable=SC2086
    measure "$TRACEDEC" $run "$db"
    echo "tracedec $run: peak RSS $rss KB, $secs s ($(echo "$bytes / $secs / 1048576" | bc) MB/s), $(echo "scale=2; $theirs / $secs" | bc)x"
    if [ "$rss" -ge "$LIMIT_KB" ]; then
        echo "FAIL: peak RSS $rss KB is not under $LIMIT_KB KB"
        fail=1
    fi
done
[ $fail -eq 0 ] && echo "OK: peak RSS under 16 MB"
exit $fail
