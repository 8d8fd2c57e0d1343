#!/usr/bin/env bash
# `u8scope-cli audit -r` against `rg -c '[^\x00-\x7F]'` over one tree, warm cache (issue 34: within
# 2x). The tree (built once, outside the repository): /usr/include twice, the standard library of
# the python3 on PATH and, when it exists, the audit corpus (tests/quality/build_audit_corpus.py),
# about 70,000 files and 1 GB. Each command runs RUNS times in turns; the median of each is printed.
# Usage: tests/bench/audit/run_tree_bench.sh [BUILD_DIR] [TREE] [RUNS]
# (defaults: build, /tmp/u8scope-audit-tree, 7). Skips (exit 0) without ripgrep.
set -euo pipefail
cd "$(dirname "$0")/../../.."
build=${1:-build}
tree=${2:-/tmp/u8scope-audit-tree}
runs=${3:-7}
command -v rg > /dev/null || { echo "ripgrep (rg) is not installed: skipped"; exit 0; }
if [[ ! -d "$tree" ]]; then
    mkdir -p "$tree.part"
    cp -r /usr/include "$tree.part/include1"
    cp -r /usr/include "$tree.part/include2"
    cp -r "$(python3 -c 'import sysconfig; print(sysconfig.get_paths()["stdlib"])')" "$tree.part/python"
    if [[ -d /work/audit-corpus ]]; then cp -r /work/audit-corpus "$tree.part/corpus"; fi
    mv "$tree.part" "$tree"
fi
echo "tree: $tree, $(find "$tree" -type f | wc -l) files, $(du -sb "$tree" | cut -f1) bytes; $(nproc) cores"
rg -c '[^\x00-\x7F]' "$tree" > /dev/null || true # warms the page cache
"$build/bin/u8scope-cli" audit -r "$tree" > /dev/null || true
timing=$(mktemp)
trap 'rm -f "$timing"' EXIT
seconds() { # wall, user and system seconds (rg and audit exit 1 when they find something)
    /usr/bin/time -o "$timing" -f '%e %U %S' "$@" > /dev/null 2>&1 || true
    tail -1 "$timing"
}
rgTimes=() auditTimes=()
for ((i = 0; i < runs; ++i)); do
    rgTimes+=("$(seconds rg -c '[^\x00-\x7F]' "$tree")")
    auditTimes+=("$(seconds "$build/bin/u8scope-cli" audit -r "$tree")")
done
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$0} END {print a[int((NR+1)/2)]}'; }
echo "rg -c '[^\\x00-\\x7F]': median $(median "${rgTimes[@]}") (wall user system, s)"
echo "u8scope-cli audit -r:  median $(median "${auditTimes[@]}") (wall user system, s)"
