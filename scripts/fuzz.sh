#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, AddressSanitizer and UndefinedBehaviorSanitizer) and runs
# each for a given time, one after the other, then prints a table: executions, executions per
# second, edges covered (libFuzzer's "cov"), features ("ft") and the corpus size.
#
# Usage: scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]
#   SECONDS_PER_TARGET  default 60
#   TARGET              default all: fuzz_decode_fast fuzz_transcode_fast fuzz_piece_table
#                       fuzz_audit_fast fuzz_repair_fast fuzz_graphemes_fast fuzz_allowlist_fast
#                       fuzz_arguments_fast (fast, inputs up to 4 KiB; fuzz_audit_fast and
#                       fuzz_repair_fast read the first 512 bytes) and
#                       fuzz_segmenter fuzz_problems fuzz_repair fuzz_audit (thorough, 2 KiB)
# Fast targets are built in build-fuzz-fast, thorough ones in build-fuzz. Corpora grow in
# build-fuzz/corpus/TARGET (seeded from tests/fuzz/seeds) and are kept between
# runs; logs go to build-fuzz/logs/TARGET.log. A failure stops with the crashing input saved in
# build-fuzz/crashes/ and the script exits 1.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-60}
shift || true
targets=("$@")
((${#targets[@]})) ||
    targets=(fuzz_decode_fast fuzz_transcode_fast fuzz_piece_table fuzz_audit_fast
             fuzz_repair_fast fuzz_graphemes_fast fuzz_allowlist_fast fuzz_arguments_fast
             fuzz_compare_fast
             fuzz_segmenter
             fuzz_problems fuzz_repair fuzz_audit)

# The fast targets are built without libFuzzer's comparison tracing, in a directory of their own
# (see tests/fuzz/CMakeLists.txt); the thorough ones keep it.
build_dir() {
    case "$1" in
    *_fast | fuzz_piece_table) echo build-fuzz-fast ;;
    *) echo build-fuzz ;;
    esac
}

scripts/deps.sh fuzz
for target in "${targets[@]}"; do
    dir=$(build_dir "$target")
    if [[ ! -f "$dir/CMakeCache.txt" ]]; then
        trace_cmp=ON
        [[ "$dir" == build-fuzz-fast ]] && trace_cmp=OFF
        CC=clang CXX=clang++ cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
            -DU8SCOPE_FUZZ=ON -DU8SCOPE_FUZZ_TRACE_CMP="$trace_cmp" >/dev/null
    fi
    cmake --build "$dir" --target "$target"
done

mkdir -p build-fuzz/logs build-fuzz/crashes
# AddressSanitizer keeps freed memory in quarantine (256 MB by default) to catch use after free.
# The checks free hundreds of thousands of small blocks per input, and the process then grew to
# about 15 times the quarantine: fuzz_segmenter passed libFuzzer's 2 GB limit within a minute
# and ran 3.5 times slower. 32 MB still holds every block of several inputs.
export ASAN_OPTIONS=${ASAN_OPTIONS:-quarantine_size_mb=32}
printf '%-22s %8s %12s %10s %8s %8s %8s\n' target seconds executions 'execs/s' cov ft corpus
status=0
for target in "${targets[@]}"; do
    case "$target" in
    *_fast | fuzz_piece_table) max_len=4096 ;;
    *) max_len=2048 ;;
    esac
    corpus="build-fuzz/corpus/$target"
    mkdir -p "$corpus"
    log="build-fuzz/logs/$target.log"
    # -print_final_stats gives the executions and time; the last "#N ... cov: ft: corp:" line
    # gives the coverage reached.
    if ! "$(build_dir "$target")/tests/fuzz/$target" -max_len="$max_len" -max_total_time="$seconds" \
        -print_final_stats=1 -artifact_prefix="build-fuzz/crashes/$target-" \
        "$corpus" tests/fuzz/seeds >"$log" 2>&1; then
        echo "$target: FAILED, see $log and build-fuzz/crashes/" >&2
        status=1
    fi
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    took=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log" | tail -1)
    last=$(grep -E '^#[0-9]+' "$log" | tail -1)
    cov=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$last")
    ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$last")
    corp=$(sed -n 's/.* corp: \([0-9]*\).*/\1/p' <<<"$last")
    rate=$(( ${runs:-0} / (${took:-0} > 0 ? ${took:-1} : 1) ))
    printf '%-22s %8s %12s %10s %8s %8s %8s\n' "$target" "${took:-?}" "${runs:-?}" "$rate" \
        "${cov:-?}" "${ft:-?}" "${corp:-?}"
done
exit "$status"
