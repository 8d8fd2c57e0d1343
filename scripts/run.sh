#!/usr/bin/env bash
# Installs what is missing, builds u8scope (Release) and opens the bundled tour sample.
# Extra arguments are passed to u8scope (e.g. a file to open instead of the sample).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh run
cmake -S . -B build/release -G Ninja -DCMAKE_BUILD_TYPE=Release -DU8SCOPE_BENCH=OFF >/dev/null
cmake --build build/release --target u8scope u8scope-cli
exec build/release/bin/u8scope "$@"
