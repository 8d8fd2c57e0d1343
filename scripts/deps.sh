#!/usr/bin/env bash
# Installs, with apt-get, the Debian 12 packages u8scope needs that are not installed yet.
# Usage: scripts/deps.sh build|test|run|fuzz|package
# (run by run.sh, test.sh, fuzz.sh and package.sh)
# Runs `apt-get update` once, and only when something is missing, so a machine that already
# has everything installs nothing.
set -euo pipefail

build_packages=(g++ cmake ninja-build pkg-config qt6-base-dev qt6-base-dev-tools libicu-dev
                libgl-dev fonts-dejavu-core)
# scripts/sanitize.sh needs nothing more: GCC's sanitizer runtimes (libasan8, libubsan1, libtsan2)
# come with g++ (through libgcc-12-dev).
# The Qt-free libraries' suites use doctest (doctest-dev) and read the CLI's JSON reports with
# nlohmann's JSON (nlohmann-json3-dev), both header-only; they need no Qt.
# Tests compare with ICU's uconv, glibc's iconv and Python 3; benchmarks use Google Benchmark.
# The audit's suites read Unicode's variation and emoji sequences (unicode-data) and build their
# prose corpus with gettext's msgunfmt and msgconv from the translation catalogues of a fixed set
# of packages (tests/convert/build_prose_corpus.py): iso-codes' and those that come with the
# packages named here or are Essential.
# The manual pages are checked with groff (groff-base), the zsh completion with zsh -n, the
# desktop entry with desktop-file-validate (desktop-file-utils), the metainfo with appstreamcli.
# The Python module is built with pybind11 (pybind11-dev, python3-pybind11) and tested with
# pytest (python3-pytest) over pandas Series and numpy arrays (python3-pandas, python3-numpy),
# u8scope.dask on a LocalCluster (python3-dask, python3-distributed); its pip build uses
# Debian's setuptools, pip and venv (python3-setuptools, python3-pip, python3-venv). The
# benchmarks and quality reports measure beside ftfy (its source tree, ../shared/anchors), which
# imports wcwidth (python3-wcwidth).
test_packages=(doctest-dev nlohmann-json3-dev icu-devtools python3 libbenchmark-dev libc-bin unicode-data gettext iso-codes
               groff-base zsh desktop-file-utils appstream pybind11-dev python3-pybind11
               python3-pytest python3-pandas python3-numpy python3-dask python3-distributed
               python3-setuptools python3-pip python3-venv python3-wcwidth)
# Running the window: the X11 platform plugin and fonts with glyphs for Chinese, Japanese, Korean,
# emoji (in colour, with its ZWJ sequences and flags) and every script of UTF-8-demo.txt and the
# tour sample (Noto).
run_packages=(qt6-qpa-plugins fonts-droid-fallback fonts-nanum fonts-noto-core fonts-noto-color-emoji)
# Fuzzing: clang with libFuzzer and the sanitizer runtimes.
fuzz_packages=(clang libclang-rt-dev)
# Packaging (scripts/package.sh): dpkg-shlibdeps for the Depends, lintian to check the package,
# man (man-db) to read its compressed manual pages, and to run the unpacked window a virtual X
# server, xdotool and xprop to find it, ImageMagick to take and measure a screenshot.
package_packages=(dpkg-dev lintian man-db xvfb xdotool x11-utils imagemagick qt6-qpa-plugins)

wanted=("${build_packages[@]}")
case "${1:-build}" in
# The window's suites draw with the fonts the window runs with (a ZWJ sequence is one cell only
# where the emoji font draws it as one glyph).
test) wanted+=("${test_packages[@]}" "${run_packages[@]}") ;;
run) wanted+=("${run_packages[@]}") ;;
fuzz) wanted+=("${fuzz_packages[@]}") ;;
package) wanted+=("${package_packages[@]}") ;;
esac

missing=()
for p in "${wanted[@]}"; do
    status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
    [[ "$status" == "install ok installed" ]] || missing+=("$p")
done
if ((${#missing[@]})); then
    echo "u8scope: installing ${missing[*]}" >&2
    sudo=""
    [[ $(id -u) -eq 0 ]] || sudo="sudo"
    $sudo apt-get update
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends "${missing[@]}"
fi
