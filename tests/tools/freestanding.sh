#!/bin/sh
# freestanding.sh SOURCES... - prove the library is freestanding.
#
# 1. src/ and include/ include nothing beyond <stddef.h> <stdint.h>
#    <stdbool.h> <limits.h> (and the project's own headers);
# 2. the sources compile with -std=c99 -ffreestanding for the host (gcc),
#    Cortex-M4 (arm-none-eabi-gcc -mcpu=cortex-m4 -mthumb -Os) and wasm32
#    (clang --target=wasm32, linked with wasm-ld);
# 3. nothing is undefined but memcpy, memset, memmove and memcmp (nm -u);
# 4. the code size of each target is printed;
# 5. there are no mutable globals (.data and .bss are empty);
# 6. every global symbol is public (td_*, declared in include/) or
#    internal (tdi_*, which a shared library leaves unexported).
set -u
fail=0
allowed='^(memcpy|memset|memmove|memcmp)$'
work=$(mktemp -d /tmp/tracedec-freestanding-XXXXXX)
trap 'rm -rf "$work"' EXIT
WARN="-std=c99 -pedantic -Wall -Wextra -Werror -ffreestanding -Iinclude"

bad_includes=$(grep -rhoE '#include <[^>]+>' src include | sort -u |
               grep -vE '<(stddef|stdint|stdbool|limits)\.h>')
if [ -n "$bad_includes" ]; then
    echo "hosted headers included: $bad_includes"
    fail=1
fi

# check TARGET NM OBJECTS...: undefined symbols must be in the allowlist.
check_undefined() {
    target=$1; nm_tool=$2; shift 2
    extra=$($nm_tool -u "$@" 2>/dev/null | awk '{print $NF}' | grep -v ':$' |
            sort -u | grep -vE "$allowed")
    if [ -n "$extra" ]; then
        echo "$target: undefined symbols outside the allowlist:" $extra
        fail=1
    fi
}

# host
mkdir -p "$work/host"
for src in "$@"; do
    gcc $WARN -O2 -c "$src" -o "$work/host/$(echo "$src" | tr / _).o" || fail=1
done
ld -r "$work"/host/*.o -o "$work/host.o" || fail=1
check_undefined host nm "$work/host.o"
# no mutable globals: nothing in .data or .bss (tables are const, in
# .rodata or .data.rel.ro)
mutable=$(size -A "$work/host.o" | awk '$1 ~ /^\.(data|bss)/ &&
    $1 !~ /^\.data\.rel\.ro/ && $2 > 0 {print $1}')
if [ -n "$mutable" ]; then
    echo "host: mutable globals in:" $mutable
    fail=1
fi
# every defined global: a public td_ function declared in include/, or
# an internal tdi_ one
public=$(grep -rhoE '\btd_[a-z0-9_]+ *\(' include | tr -d ' (' | sort -u)
strays=$(nm -g --defined-only "$work/host.o" | awk '{print $3}' | sort -u |
         grep -v '^tdi_' | grep -vxF "$public")
if [ -n "$strays" ]; then
    echo "host: global symbols neither public (include/) nor tdi_:" $strays
    fail=1
fi
echo "host x86-64 (gcc -O2):     $(size -B "$work/host.o" | awk 'NR==2 {print $1+$2+$3}') bytes"

# reasons compiled out
mkdir -p "$work/noreasons"
for src in "$@"; do
    gcc $WARN -O2 -DTD_NO_REASONS -c "$src" \
        -o "$work/noreasons/$(echo "$src" | tr / _).o" || fail=1
done
ld -r "$work"/noreasons/*.o -o "$work/noreasons.o" || fail=1
echo "host, TD_NO_REASONS:       $(size -B "$work/noreasons.o" | awk 'NR==2 {print $1+$2+$3}') bytes"

# Cortex-M4
if command -v arm-none-eabi-gcc >/dev/null; then
    mkdir -p "$work/m4"
    for src in "$@"; do
        arm-none-eabi-gcc $WARN -nostdlib -mcpu=cortex-m4 -mthumb -Os \
            -c "$src" -o "$work/m4/$(echo "$src" | tr / _).o" || fail=1
    done
    arm-none-eabi-ld -r "$work"/m4/*.o -o "$work/m4.o" || fail=1
    check_undefined cortex-m4 arm-none-eabi-nm "$work/m4.o"
    echo "cortex-m4 (thumb, -Os):    $(arm-none-eabi-size -B "$work/m4.o" | awk 'NR==2 {print $1+$2+$3}') bytes"
else
    echo "arm-none-eabi-gcc is missing (apt-get install gcc-arm-none-eabi)"
    fail=1
fi

# wasm32
CLANG=$(command -v clang-14 || command -v clang)
WASMLD=$(command -v wasm-ld-14 || command -v wasm-ld)
NM=$(command -v llvm-nm-14 || command -v llvm-nm)
if [ -n "$CLANG" ] && [ -n "$WASMLD" ] && [ -n "$NM" ]; then
    mkdir -p "$work/wasm"
    for src in "$@"; do
        $CLANG --target=wasm32 $WARN -nostdlib -Os \
            -c "$src" -o "$work/wasm/$(echo "$src" | tr / _).o" || fail=1
    done
    $WASMLD -r "$work"/wasm/*.o -o "$work/wasm.o" || fail=1
    # __stack_pointer is the wasm ABI's stack global, defined by the linker.
    allowed='^(memcpy|memset|memmove|memcmp|__stack_pointer)$'
    check_undefined wasm32 "$NM" "$work/wasm.o"
    printf 'memcpy\nmemset\nmemmove\nmemcmp\n' > "$work/allowed.txt"
    $WASMLD --no-entry --export-all --allow-undefined-file="$work/allowed.txt" \
        "$work"/wasm/*.o -o "$work/tracedec.wasm" || fail=1
    echo "wasm32 (clang -Os):        $(wc -c < "$work/tracedec.wasm") bytes (linked module)"
else
    echo "clang, wasm-ld or llvm-nm is missing (apt-get install clang lld llvm)"
    fail=1
fi

if [ $fail -eq 0 ]; then
    echo "freestanding: OK (undefined symbols limited to memcpy memset memmove memcmp; no mutable globals; globals td_ public or tdi_ internal)"
fi
exit $fail
