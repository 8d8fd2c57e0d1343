#!/usr/bin/env bash
# Builds the Debian package of u8scope and checks it: builds a Release tree (build/package), packs
# it with CPack (cmake/U8scopePackaging.cmake), then checks that
#   - the package holds exactly what `cmake --install` writes (the test install.installed_tree
#     holds that tree to its list), under /usr, and its changelog, none of it under /usr/local or
#     naming the build;
#   - its control fields are set, and its Depends (from dpkg-shlibdeps) name Qt 6 and ICU;
#   - unpacked into a scratch root (dpkg -x, nothing installed on this machine), every library
#     the programs load is found, u8scope-cli runs, the changelog's entry is this version's, man
#     reads the compressed manual pages without a warning, and the window opens on a virtual X
#     server (Xvfb): a window named u8scope appears, of the X11 class the desktop entry names,
#     and the screenshot (build/package/window.png) is not blank;
#   - lintian, Debian's package checker, reports no error (its warnings are printed).
# Prints the package's path on success; stops at the first failed check, saying which.
# Usage: scripts/package.sh
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh package
source_dir=$PWD
build=build/package

# Reproducible dates (the manual pages'): the last commit's, unless the caller chose one.
if [[ -z "${SOURCE_DATE_EPOCH:-}" ]] && git rev-parse --git-dir >/dev/null 2>&1; then
    SOURCE_DATE_EPOCH=$(git log -1 --format=%ct)
    export SOURCE_DATE_EPOCH
fi
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DU8SCOPE_BENCH=OFF >/dev/null
# The installed targets only; the tests are not packed.
cmake --build "$build" --target u8scope u8scope-cli u8scope-cli-docs u8scope-docs
rm -f "$build"/u8scope_*.deb
(cd "$build" && cpack -G DEB >/dev/null)
debs=("$build"/u8scope_*.deb)
deb=${debs[0]}
[[ -f "$deb" ]] || { echo "package.sh: cpack wrote no .deb in $build" >&2; exit 1; }

scratch=$(mktemp -d /tmp/u8scope-package.XXXXXX)
xvfb_pid=""
window_pid=""
cleanup() {
    if [[ -n "$window_pid" ]]; then kill "$window_pid" 2>/dev/null || true; fi
    if [[ -n "$xvfb_pid" ]]; then kill "$xvfb_pid" 2>/dev/null || true; fi
    rm -rf "$scratch"
}
trap cleanup EXIT
fail() {
    echo "package.sh: $deb: $*" >&2
    exit 1
}

# The files: those of `cmake --install` under /usr (CPack's install prefix), and the changelog
# CPack adds (cmake/U8scopeDebianFiles.cmake), and nothing else.
changelog=./usr/share/doc/u8scope/changelog.gz
cmake --install "$build" --prefix "$scratch/install/usr" >/dev/null
(cd "$scratch/install" && { find . -type f; echo "$changelog"; } | sort) >"$scratch/installed.txt"
dpkg-deb --contents "$deb" | awk '$1 !~ /^d/ { print $6 }' | sort >"$scratch/packed.txt"
if ! diff -u "$scratch/installed.txt" "$scratch/packed.txt"; then
    fail "its files differ from what cmake --install writes (- installed, + packed)"
fi
if grep -e '^\./usr/local/' -e "$source_dir" "$scratch/packed.txt"; then
    fail "holds files under /usr/local or the build tree"
fi
grep -q '^\./usr/' "$scratch/packed.txt" || fail "holds nothing under /usr"

# The control fields.
for field in Package Version Architecture Maintainer Section Homepage Description Depends; do
    [[ -n "$(dpkg-deb --field "$deb" "$field")" ]] || fail "no $field field"
done
depends=$(dpkg-deb --field "$deb" Depends)
for wanted in 'libc6' 'libstdc\+\+6' 'libicu[0-9]+' 'libqt6core6' 'libqt6gui6' 'libqt6widgets6' \
    'qt6-qpa-plugins'; do
    grep -Eq "(^|, )$wanted( |,|$)" <<<"$depends" || fail "Depends names no $wanted: $depends"
done

# Unpacked into a scratch root: every library found, no path into the build kept.
root=$scratch/root
dpkg-deb --extract "$deb" "$root"
for program in "$root"/usr/bin/*; do
    if ldd "$program" | grep 'not found'; then fail "$program: a library is not found"; fi
    if readelf --dynamic "$program" | grep -E 'R(UN)?PATH'; then fail "$program: keeps a path"; fi
done
version=$("$root/usr/bin/u8scope-cli" --version)
[[ "$version" == "u8scope-cli $(dpkg-deb --field "$deb" Version)" ]] ||
    fail "u8scope-cli --version printed '$version'"
# A well-formed file passes `check` (0); one with a never-valid byte fails it (1).
printf 'caf\xc3\xa9\n' >"$scratch/good.txt"
printf 'caf\xff\n' >"$scratch/bad.txt"
if ! "$root/usr/bin/u8scope-cli" check "$scratch/good.txt" >/dev/null; then
    fail "u8scope-cli check rejects well-formed UTF-8"
fi
if "$root/usr/bin/u8scope-cli" check "$scratch/bad.txt" >/dev/null; then
    fail "u8scope-cli check accepts the byte FF"
fi
# The changelog's one entry is this version's.
entry=$(gzip -dc "$root/$changelog" | head -n 1)
[[ "$entry" == "u8scope ($(dpkg-deb --field "$deb" Version)) "* ]] ||
    fail "$changelog begins '$entry', not this version's entry"
# The manual pages, compressed as packed: man reads each without a warning.
for page in "$root"/usr/share/man/man*/*.gz; do
    warnings=$(MANWIDTH=80 man --warnings -l "$page" 2>&1 >/dev/null) || fail "man -l $page failed"
    [[ -z "$warnings" ]] || fail "man -l $page warns: $warnings"
done

# The window, on a virtual X server at a display number it picks free (-displayfd), with its
# settings in the scratch directory.
Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp 3>"$scratch/display" \
    >"$scratch/xvfb.log" 2>&1 &
xvfb_pid=$!
for _ in $(seq 100); do [[ -s "$scratch/display" ]] && break; sleep 0.1; done
[[ -s "$scratch/display" ]] || fail "Xvfb did not start: $(cat "$scratch/xvfb.log")"
DISPLAY=:$(cat "$scratch/display")
export DISPLAY
mkdir -m 700 "$scratch/runtime"
QT_QPA_PLATFORM=xcb XDG_CONFIG_HOME=$scratch/config XDG_RUNTIME_DIR=$scratch/runtime \
    "$root/usr/bin/u8scope" >"$scratch/window.log" 2>&1 &
window_pid=$!
window_id=$(timeout 30 xdotool search --sync --onlyvisible --name u8scope | head -n 1) || true
[[ -n "$window_id" ]] || fail "no u8scope window within 30 s: $(cat "$scratch/window.log")"
sleep 2 # let it paint its first frame
title=$(xdotool getwindowname "$window_id")
wm_class=$(xprop -id "$window_id" WM_CLASS)
desktop_class=$(sed -n 's/^StartupWMClass=//p' "$root"/usr/share/applications/*.desktop)
grep -q "\"$desktop_class\"" <<<"$wm_class" ||
    fail "the window's $wm_class is not the desktop entry's StartupWMClass=$desktop_class"
import -window root "$build/window.png"
colours=$(convert "$build/window.png" -format %k info:)
((colours >= 16)) || fail "the screenshot of the window has $colours colours: blank"
kill "$window_pid"
wait "$window_pid" 2>/dev/null || true
window_pid=""

echo "package: $deb ($(du -h "$deb" | cut -f1), $(wc -l <"$scratch/packed.txt") files)"
echo "Depends: $depends"
echo "unpacked and run: $version; window '$title', $wm_class, screenshot $build/window.png" \
    "($colours colours)"

# Last, as it may stop here: lintian. An error (E:) fails the package; warnings (W:) are printed,
# and do not. One error is known and named instead: the sources state no licence yet, so there is
# nothing to write into /usr/share/doc/u8scope/copyright (no-copyright-file) until the project's
# owners choose one.
if [ ! -e "$source_dir/LICENSE" ]; then
    known=(--suppress-tags no-copyright-file)
    echo "note: the sources state no licence, so the package has no copyright file" \
        "(lintian: no-copyright-file)" >&2
else
    known=()
fi
if ! lintian --fail-on error "${known[@]}" "$deb" >"$scratch/lintian.txt" \
    2>"$scratch/lintian.log"; then
    cat "$scratch/lintian.txt" "$scratch/lintian.log" >&2
    fail "lintian reports an error, or failed (above)"
fi
grep '^W:' "$scratch/lintian.txt" || true
echo "lintian: no error, $(grep -c '^W:' "$scratch/lintian.txt" || true) warnings"
