#!/bin/sh
# exports_check.sh ROOT TRACEDEC - the shared library beside TRACEDEC exports the public API
# and nothing else: `nm -D --defined-only` lists only td_* symbols, each
# declared in include/, and every function declared there.
# Exit 0 when so, 1 when not, 77 when nm is missing.
set -u
ROOT=$1
BUILD=$(dirname "$2")
command -v nm >/dev/null || exit 77
exported=$(nm -D --defined-only "$BUILD/libtracedec.so" | awk '{print $3}' | sort -u)
declared=$(grep -rhE '^[a-z].*\btd_[a-z0-9_]+ *\(' "$ROOT/include" | grep -oE '\btd_[a-z0-9_]+ *\(' | tr -d ' (' | sort -u)
fail=0
strays=$(echo "$exported" | grep -vxF "$declared")
[ -z "$strays" ] || { echo "    exported but not public:" $strays; fail=1; }
missing=$(echo "$declared" | grep -vxF "$exported")
[ -z "$missing" ] || { echo "    public but not exported:" $missing; fail=1; }
exit $fail
