#!/usr/bin/env bash
# Audit throughput on ASCII-heavy source: /usr/include's headers concatenated to 256 MiB.
# Usage: tests/bench/audit/run_audit_bench.sh [BUILD_DIR]   (default build)
# Prints the auditor alone (bench_audit, data in memory) and the whole `u8scope-cli audit`
# command against `cat FILE >/dev/null`, with the file warm in the page cache.
set -euo pipefail
exec 2>&1
cd "$(dirname "$0")/../../.."
build=${1:-build}
data="$build/bench_audit_headers.h"
if [[ ! -s "$data" ]]; then
    find /usr/include -name '*.h' -type f -print0 | sort -z | xargs -0 cat > "$data.part"
    while [[ $(stat -c %s "$data.part") -lt $((256 << 20)) ]]; do cat "$data.part" "$data.part" > "$data.2" && mv "$data.2" "$data.part"; done
    head -c $((256 << 20)) "$data.part" > "$data" && rm -f "$data.part"
fi
cat "$data" > /dev/null
echo "data: $data, $(stat -c %s "$data") bytes, $(LC_ALL=C grep -c -P '[^\x00-\x7F]' "$data" || true) lines with non-ASCII"
"$build/tests/bench/audit/bench_audit" "$data" code
"$build/tests/bench/audit/bench_audit" "$data" text
t() { /usr/bin/time -f '%e s %U user %S sys %M KB' "$@"; }
echo "cat:"; t cat "$data" > /dev/null
echo "u8scope-cli audit --profile=code:"; t "$build/bin/u8scope-cli" audit --profile=code "$data" > "$build/bench_audit_out.txt" || true
echo "u8scope-cli audit --profile=text:"; t "$build/bin/u8scope-cli" audit --profile=text "$data" > "$build/bench_audit_out.txt" || true
tail -1 "$build/bench_audit_out.txt"
