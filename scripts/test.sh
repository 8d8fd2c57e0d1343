#!/usr/bin/env bash
# Installs what is missing, builds everything (benchmarks too) with warnings as errors, and runs
# every test; then the codec's, safe writing's, the dump's and the fuzz seeds' suites under
# AddressSanitizer and UBSan, and the worker pool's and the two-thread scan's under ThreadSanitizer
# (scripts/sanitize.sh: U8SCOPE_GUI=OFF, so built and run without Qt), which is what fits in CI's
# time.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh test
# Benchmarks are off by default; built here so that they keep compiling (never run by ctest).
# The standard library's assertions are on: an empty optional read or an index past a vector's
# end stops the test that does it (the seed replay runs the fuzz targets' checks so).
cmake -S . -B build/ci -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DU8SCOPE_WERROR=ON \
    -DU8SCOPE_BENCH=ON -DCMAKE_CXX_FLAGS=-D_GLIBCXX_ASSERTIONS >/dev/null
cmake --build build/ci
QT_QPA_PLATFORM=offscreen ctest --test-dir build/ci --output-on-failure -j2 --timeout 600
scripts/sanitize.sh address codec io dump fuzz
scripts/sanitize.sh thread convert.on_threads convert.repair_steps
