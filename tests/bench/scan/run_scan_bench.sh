#!/bin/sh
# The scan benchmark, against iconv, as a table.
#
#   tests/bench/scan/run_scan_bench.sh [--rss] [BUILD_DIR]      (BUILD_DIR defaults to ./build)
#
# Writes the four data sets of bench_scan to a temporary directory, times
# `iconv -f UTF-8 -t UTF-8 FILE >/dev/null` on each (best of 3, CPU time = user + sys, the file
# warm in the page cache), runs bench_scan (best of 3 repetitions, bytes per CPU second) and
# prints GB/s (10^9 bytes per second) for both and their ratio. Plain iconv stops at the first
# invalid byte, so on random bytes it is also timed with -c (skip invalid input), which reads the
# whole file; the ratio uses the run that read the whole file.
#
# With --rss it also writes a 1 GB file and reports the peak resident memory (/usr/bin/time -v)
# of `u8scope-cli check` and `u8scope-cli stats` on it and on a 1 MB file, and of bench_scan_file
# (Scanner over FileSource): equal figures mean the scan runs in constant memory.
set -eu

rss=no
if [ "${1:-}" = "--rss" ]; then
    rss=yes
    shift
fi
build=${1:-build}
bench=$build/tests/bench/scan/bench_scan
for tool in "$bench" /usr/bin/time python3 iconv; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "run_scan_bench.sh: $tool: not found (build with -DU8SCOPE_BENCH=ON; needs python3, iconv, GNU time)" >&2
        exit 2
    fi
done

dir=$(mktemp -d "${TMPDIR:-/tmp}/u8scope-bench.XXXXXX")
trap 'rm -rf "$dir"' EXIT INT TERM

"$bench" --write-datasets "$dir" >"$dir/sets.tsv"

# Best-of-3 CPU seconds of one command; the command's own stdout is discarded.
best_cpu() {
    best=""
    for _ in 1 2 3; do
        /usr/bin/time -f '%U %S' -o "$dir/time" "$@" >/dev/null 2>"$dir/stderr" || true
        t=$(tail -n 1 "$dir/time" | awk '{ printf "%.4f", $1 + $2 }')
        best=$(printf '%s\n%s\n' "$best" "$t" | awk 'NF { if (b == "" || $1 < b) b = $1 } END { print b }')
    done
    echo "$best"
}

: >"$dir/iconv.tsv"
while IFS="$(printf '\t')" read -r file size label; do
    cat "$file" >/dev/null # warm the page cache
    plain=$(best_cpu iconv -f UTF-8 -t UTF-8 "$file")
    stopped=$(sed -n 's/.*position \([0-9]*\).*/\1/p' "$dir/stderr" | head -n 1)
    skip=$(best_cpu iconv -c -f UTF-8 -t UTF-8 "$file")
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$(basename "$file")" "$size" "$plain" "${stopped:--}" \
        "$skip" "$label" >>"$dir/iconv.tsv"
done <"$dir/sets.tsv"

"$bench" --benchmark_filter='^scan/.*/(auto|segmenter)$' --benchmark_repetitions=3 \
    --benchmark_format=json --benchmark_out="$dir/bench.json" --benchmark_out_format=json \
    >/dev/null

echo "Machine: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) cores," \
    "load average $(cut -d' ' -f1-3 /proc/loadavg)"
python3 - "$dir/iconv.tsv" "$dir/bench.json" <<'PY'
import json, sys
iconv_rows = [line.rstrip("\n").split("\t") for line in open(sys.argv[1])]
runs = json.load(open(sys.argv[2]))
ctx = runs["context"]
best = {}
for b in runs["benchmarks"]:
    if b.get("run_type") != "iteration" or "bytes_per_second" not in b:
        continue
    _, name, path = b["run_name"].split("/")
    key = (name, path)
    best[key] = max(best.get(key, 0.0), b["bytes_per_second"])
print("Scan path: %s" % ctx.get("scan path (auto)", "?"))
print()
print("| data set | bytes | u8scope scan GB/s | exact Segmenter GB/s | iconv GB/s | ratio |")
print("|---|---:|---:|---:|---:|---:|")
for file, size, plain, stopped, skip, label in iconv_rows:
    name = file.split(".")[0]
    size = int(size)
    ours = best.get((name, "auto"), 0.0) / 1e9
    seg = best.get((name, "segmenter"), 0.0) / 1e9
    if stopped != "-":
        # plain iconv gave up at the first invalid byte: compare with iconv -c, which reads all
        theirs = size / float(skip) / 1e9 if float(skip) > 0 else float("inf")
        note = " (iconv -c; plain iconv stops at byte %s after %.3f s)" % (stopped, float(plain))
    else:
        theirs = size / float(plain) / 1e9 if float(plain) > 0 else float("inf")
        note = ""
    ratio = ours / theirs if theirs > 0 else float("nan")
    print("| %s | %d | %.2f | %.2f | %.3f%s | %.1fx |" % (label, size, ours, seg, theirs, note, ratio))
PY

if [ "$rss" = yes ]; then
    cli=$build/bin/u8scope-cli
    [ -x "$cli" ] || cli=$build/app/cli/u8scope-cli
    filebench=$build/tests/bench/scan/bench_scan_file
    demo=$(sed -n '2p' "$dir/sets.tsv" | cut -f1)
    big=$dir/big.txt
    small=$dir/small.txt
    head -c 1000000 "$demo" >"$small"
    : >"$big"
    while [ "$(stat -c %s "$big")" -lt 1000000000 ]; do cat "$demo" >>"$big"; done
    rm -f "$dir"/ascii.txt "$dir"/cjk.txt "$dir"/random.bin
    echo
    echo "Peak resident memory in KiB (and wall time), /usr/bin/time -v:"
    echo "| command | 1 MB file | $(stat -c %s "$big") byte file |"
    echo "|---|---:|---:|"
    peak() {
        /usr/bin/time -v "$@" >/dev/null 2>"$dir/time-v" || true
        kib=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$dir/time-v")
        wall=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$dir/time-v")
        echo "$kib ($wall)"
    }
    cat "$big" >/dev/null # warm the page cache
    if [ -x "$cli" ]; then
        echo "| u8scope-cli check | $(peak "$cli" check "$small") | $(peak "$cli" check "$big") |"
        echo "| u8scope-cli stats | $(peak "$cli" stats "$small") | $(peak "$cli" stats "$big") |"
    fi
    if [ -x "$filebench" ]; then
        echo "| bench_scan_file (Scanner over FileSource) | $(peak "$filebench" "$small") | $(peak "$filebench" "$big") |"
    fi
fi
