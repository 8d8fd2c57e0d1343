#!/usr/bin/env bash
# Builds the Qt-free libraries and their suites with GCC's sanitizers (U8SCOPE_SANITIZE) and runs
# the suites; the window is not built (U8SCOPE_GUI=OFF), nor the Python module (an instrumented
# module would need the sanitizer's runtime loaded into python first). Without the window CMake
# does not look for Qt: what is built here builds and runs without Qt.
#
# Usage: scripts/sanitize.sh address|thread [TEST...]
#   address  AddressSanitizer and UndefinedBehaviorSanitizer, the first error fatal; build/asan
#   thread   ThreadSanitizer; build/tsan
#   TEST     a label (`ctest -L`: codec, io, threads...) or a test's ctest name (convert.on_threads);
#            by default every suite of the build for `address` (codec, convert, io, dump, cli,
#            fuzz) and the label `threads` for `thread` (the pool, the scan on two threads, the
#            streamed repair's threads, the line repair on the pool)
# Only the executables of the chosen tests are built. scripts/test.sh runs the part that fits in
# CI's time: `address` over the codec's, safe writing's, the dump's and the fuzz seeds' suites,
# `thread` over the pool's and the scan's.
set -euo pipefail
cd "$(dirname "$0")/.."

kind=${1:?usage: scripts/sanitize.sh address|thread [TEST...]}
case "$kind" in
address) dir=build/asan ;;
thread) dir=build/tsan ;;
*) echo "scripts/sanitize.sh: address or thread, not $kind" >&2; exit 2 ;;
esac
(($# > 1)) || [[ "$kind" != thread ]] || set -- thread threads

scripts/deps.sh test
# -O1 -g1 (line tables only) compiles in half the time of -O2 -g and still names every frame's
# file and line; the standard library's assertions are on, as in scripts/test.sh.
cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG" -DCMAKE_CXX_FLAGS=-D_GLIBCXX_ASSERTIONS \
    -DU8SCOPE_WERROR=ON -DU8SCOPE_GUI=OFF -DU8SCOPE_PYTHON=OFF -DU8SCOPE_BENCH=OFF \
    -DU8SCOPE_SANITIZE="$kind" >/dev/null
# The tests chosen, as one ctest regular expression of their names, and the targets that build them
# (tests_LABEL; tst_NAME, or NAME for a test that runs a program of the build, as io.signals_alone).
names=() targets=()
for test in "${@:2}"; do
    if [[ "$test" == *.* ]]; then
        names+=("$test")
        name=${test#*.}
        if ninja -C "$dir" -t query "tst_$name" >/dev/null 2>&1; then targets+=("tst_$name")
        else targets+=("$name"); fi
    else
        mapfile -t -O "${#names[@]}" names < <(ctest --test-dir "$dir" -N -L "^$test\$" 2>/dev/null |
                                                sed -n 's/^ *Test *#[0-9]*: //p')
        targets+=("tests_$test")
    fi
done
if ((${#names[@]} == 0)) && (($# > 1)); then
    echo "scripts/sanitize.sh: no test is ${*:2}" >&2
    exit 2
fi
select=()
if ((${#names[@]})); then
    regex=$(printf '%s|' "${names[@]}" | sed 's/\./\\./g; s/|$//')
    select=(-R "^($regex)\$")
    cmake --build "$dir" --target "${targets[@]}"
else
    cmake --build "$dir"
fi

# halt_on_error: the first report fails the suite; verify_asan_link_order=0 lets the CLI's
# fault-injection shim (cli_faults, cli_compare) be preloaded ahead of ASan's runtime.
export ASAN_OPTIONS=${ASAN_OPTIONS:-verify_asan_link_order=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
export TSAN_OPTIONS=${TSAN_OPTIONS:-halt_on_error=1:second_deadlock_stack=1}
ctest --test-dir "$dir" "${select[@]}" --output-on-failure -j2 --timeout 1200
