#!/usr/bin/env bash
# Installs what is missing, builds everything with warnings as errors, and runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh test
cmake -S . -B build/ci -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DU8SCOPE_WERROR=ON >/dev/null
cmake --build build/ci
QT_QPA_PLATFORM=offscreen ctest --test-dir build/ci --output-on-failure -j2 --timeout 600
