#!/usr/bin/env bash
# Audit throughput on ASCII-heavy source (/usr/include's headers concatenated to 256 MiB) and on
# multilingual prose (the message catalogues of /usr/share/locale, written back as gettext PO
# text by msgunfmt, to 64 MiB: translations in every language the system has, with their English
# msgids and the catalogues' escapes and format directives).
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

prose="$build/bench_audit_prose.po"
if [[ ! -s "$prose" ]]; then
    command -v msgunfmt > /dev/null || { echo "msgunfmt (gettext) is needed for the prose data"; exit 1; }
    find /usr/share/locale -name '*.mo' -type f -print0 | sort -z |
        while IFS= read -r -d '' mo; do
            msgunfmt "$mo" 2> /dev/null || true
            [[ $(stat -c %s "$prose.part" 2> /dev/null || echo 0) -lt $((64 << 20)) ]] || break
        done > "$prose.part"
    head -c $((64 << 20)) "$prose.part" > "$prose" && rm -f "$prose.part"
fi
cat "$prose" > /dev/null
echo "data: $prose, $(stat -c %s "$prose") bytes, $(LC_ALL=C grep -c -P '[^\x00-\x7F]' "$prose" || true) lines with non-ASCII"
"$build/tests/bench/audit/bench_audit" "$prose" text
"$build/tests/bench/audit/bench_audit" "$prose" text default
echo "u8scope-cli audit (text profile, picked for .po):"; t "$build/bin/u8scope-cli" audit "$prose" > "$build/bench_audit_out.txt" || true
tail -1 "$build/bench_audit_out.txt"
