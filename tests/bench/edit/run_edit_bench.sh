#!/usr/bin/env bash
# The piece table's figures: 10,000 random edits in a 4 GiB sparse file (time per
# edit, per 4 KiB read at a random offset as a repaint does, peak resident memory), and the
# streamed save of a 1 GiB file with 1,000 edits against `cp` of the same file (with and without
# the sync that a save does), the file warm in the page cache.
# Usage: tests/bench/edit/run_edit_bench.sh [BUILD_DIR]   (default build)
set -euo pipefail
exec 2>&1
cd "$(dirname "$0")/../../.."
build=${1:-build}
bench="$build/tests/bench/edit/bench_edit"
t() { /usr/bin/time -f '%e s %U user %S sys %M KB' "$@"; }

sparse="$build/bench_edit_sparse_4g.bin"
truncate -s 4G "$sparse"
echo "== 10,000 edits in $sparse ($(stat -c %s "$sparse") bytes, sparse)"
t "$bench" edits "$sparse" 10000

data="$build/bench_edit_1g.bin"
if [[ ! -s "$data" ]]; then
    head -c $((1 << 30)) /dev/urandom > "$data.part" && mv "$data.part" "$data"
fi
out="$build/bench_edit_saved.bin"
copy="$build/bench_edit_cp.bin"
rm -f "$out" "$copy"
cat "$data" > /dev/null
echo "== save of $data ($(stat -c %s "$data") bytes) with 1,000 edits"
t "$bench" save "$data" "$out" 1000
echo "== save onto itself (a copy of it, so that $data stays as it is)"
cp "$data" "$copy" && sync "$copy" && cat "$copy" > /dev/null
t "$bench" save "$copy" "$copy" 1000
rm -f "$copy" "$out"
echo "== cp"
t cp "$data" "$copy"
rm -f "$copy"
echo "== cp, then sync of the copy (a save syncs before its rename)"
t sh -c "cp '$data' '$copy' && sync '$copy'"
rm -f "$copy"
