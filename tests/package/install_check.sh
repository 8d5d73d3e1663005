#!/bin/sh
# install_check.sh ROOT TRACEDEC - `make install` and `make uninstall` of
# the build TRACEDEC belongs to, as a packager runs them, into two
# DESTDIRs with two PREFIXes:
#
# 1. each install's tracedec.pc names its own prefix;
# 2. link_check.c builds through pkg-config (PKG_CONFIG_PATH and
#    PKG_CONFIG_SYSROOT_DIR into the DESTDIR) against the shared library
#    (and runs with LD_LIBRARY_PATH) and against the static one (and runs
#    without), decoding a sample XRay trace;
# 3. the installed shared library's soname is libtracedec.so.MAJOR and its
#    links lead to it;
# 4. `make uninstall` removes every file the install put.
#
# Exit 0 when all hold, 1 when not, 77 when pkg-config or cc is missing or
# the build is sanitized (its libraries need the sanitizer's runtime).
set -u
ROOT=$1
BUILD=$(cd "$(dirname "$2")" && pwd)
SAMPLE=$BUILD/data/xray/fdr-v5-threads.xray
command -v pkg-config >/dev/null || exit 77
command -v cc >/dev/null || exit 77
nm -D "$BUILD"/libtracedec.so 2>/dev/null | grep -q __asan_ && exit 77
WORK=$(mktemp -d /tmp/tracedec-install-XXXXXX)
trap 'rm -rf "$WORK"' EXIT
fail=0
problem() { echo "    $*"; fail=1; }
# Make's settings of a calling make (its jobserver, -j) stay out.
unset MAKEFLAGS MFLAGS MAKELEVEL

# install DESTDIR PREFIX
install_to() {
    make -s -C "$ROOT" BUILD="$BUILD" DESTDIR="$1" PREFIX="$2" install \
        >"$WORK/make.log" 2>&1 || { cat "$WORK/make.log"; problem "make install into $1 failed"; }
}

# check_install DESTDIR PREFIX
check_install() {
    dest=$1; prefix=$2
    export PKG_CONFIG_PATH="$dest$prefix/lib/pkgconfig"
    export PKG_CONFIG_SYSROOT_DIR="$dest"
    pkg-config --exists tracedec || { problem "$prefix: pkg-config finds no tracedec"; return; }
    pc="$dest$prefix/lib/pkgconfig/tracedec.pc"
    [ "$(sed -n 's/^prefix=//p' "$pc")" = "$prefix" ] ||
        problem "$prefix: tracedec.pc says $(grep '^prefix=' "$pc")"
    flags=$(echo $(pkg-config --cflags tracedec))
    [ "$flags" = "-I$dest$prefix/include" ] ||
        problem "$prefix: pkg-config --cflags says $flags"
    [ "$(pkg-config --modversion tracedec)" = "$("$BUILD"/tracedec --version | cut -d' ' -f2)" ] ||
        problem "$prefix: tracedec.pc's version is not the CLI's"
    grep -q "$WORK" "$pc" && problem "$prefix: tracedec.pc names its DESTDIR"
    libs="$(pkg-config --libs tracedec)"
    cc -std=c99 $flags "$ROOT/tests/tools/link_check.c" $libs -o "$dest/shared" ||
        problem "$prefix: linking against the shared library failed"
    cc -std=c99 $flags "$ROOT/tests/tools/link_check.c" -Wl,-Bstatic $libs -Wl,-Bdynamic \
        -o "$dest/static" || problem "$prefix: linking against the static library failed"
    readelf -d "$dest/shared" | grep -q 'NEEDED.*\[libtracedec\.so\.[0-9]*\]' ||
        problem "$prefix: the shared link does not need libtracedec.so.MAJOR"
    readelf -d "$dest/static" | grep -q 'NEEDED.*libtracedec' &&
        problem "$prefix: the static link needs libtracedec.so"
    LD_LIBRARY_PATH="$dest$prefix/lib" "$dest/shared" "$SAMPLE" >"$dest/shared.out" ||
        problem "$prefix: the program linked to the shared library failed"
    "$dest/static" "$SAMPLE" >"$dest/static.out" ||
        problem "$prefix: the program linked to the static library failed"
    grep -q '^tracedec [0-9.]*: [1-9][0-9]* events$' "$dest/shared.out" ||
        problem "$prefix: the shared program printed: $(cat "$dest/shared.out")"
    cmp -s "$dest/shared.out" "$dest/static.out" ||
        problem "$prefix: the shared and static programs disagree"
    soname=$(readelf -d "$dest$prefix/lib/libtracedec.so" | sed -n 's/.*SONAME.*\[\(.*\)\]/\1/p')
    case $soname in
    libtracedec.so.[0-9]*) [ -e "$dest$prefix/lib/$soname" ] ||
        problem "$prefix: no $soname beside libtracedec.so" ;;
    *) problem "$prefix: the soname is '$soname'" ;;
    esac
    rm -f "$dest/shared" "$dest/static" "$dest/shared.out" "$dest/static.out"
}

install_to "$WORK/a" /opt/tracedec
install_to "$WORK/b" /usr/local
check_install "$WORK/a" /opt/tracedec
check_install "$WORK/b" /usr/local
for f in bin/tracedec include/tracedec.h include/tracedec/xray.h lib/libtracedec.a \
         share/man/man1/tracedec.1 share/bash-completion/completions/tracedec \
         share/zsh/site-functions/_tracedec; do
    [ -e "$WORK/a/opt/tracedec/$f" ] || problem "install put no $f"
done

make -s -C "$ROOT" BUILD="$BUILD" DESTDIR="$WORK/a" PREFIX=/opt/tracedec uninstall \
    >"$WORK/make.log" 2>&1 || { cat "$WORK/make.log"; problem "make uninstall failed"; }
left=$(find "$WORK/a" ! -type d)
[ -z "$left" ] || problem "make uninstall left:" $left
exit $fail
