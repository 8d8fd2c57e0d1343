// The scan and the validation of whole files held in memory, best of N runs, in GB/s (10^9 bytes
// per wall second, one thread): u8scope's side of the comparison with simdutf that
// tests/bench/scan/simdutf_node.py prints, on the very bytes simdutf validates there.
//
//   bench_scan_memory [--runs N] FILE...
//
// For each file it prints one tab-separated line: the path, its size, the GB/s of scan() (the
// whole ScanSummary: characters by length, errors, lines) and of wellFormedLength() (only how
// far the bytes are well formed, as simdutf::validate_utf8 answers only whether they are), and
// "valid" or "invalid". The kernel (Auto on this CPU) is printed first, as "# path NAME".
#include "u8codec/scan.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <span>
#include <string>
#include <vector>

namespace {

// The shortest of `runs` timings of `work`, in seconds: other processes on a shared machine only
// ever add time.
template <typename Work> double bestSeconds(int runs, Work work) {
    double best = 0;
    for (int i = 0; i < runs; ++i) {
        const auto start = std::chrono::steady_clock::now();
        work();
        const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
        if (i == 0 || took.count() < best)
            best = took.count();
    }
    return best;
}

double gigabytesPerSecond(std::size_t bytes, double seconds) {
    return seconds > 0 ? double(bytes) / seconds / 1e9 : 0.0;
}

} // namespace

int main(int argc, char** argv) {
    int runs = 5;
    int first = 1;
    if (argc >= 3 && std::strcmp(argv[1], "--runs") == 0) {
        runs = std::atoi(argv[2]);
        first = 3;
    }
    if (first >= argc || runs < 1) {
        std::fprintf(stderr, "usage: bench_scan_memory [--runs N] FILE...\n");
        return 2;
    }
    std::printf("# path %s\n",
                std::string(u8codec::name(u8codec::resolveScanPath(u8codec::Isa::Auto))).c_str());
    for (int i = first; i < argc; ++i) {
        std::ifstream in(argv[i], std::ios::binary | std::ios::ate);
        std::vector<std::uint8_t> bytes(in ? std::size_t(in.tellg()) : 0);
        if (!in.seekg(0) ||
            !in.read(reinterpret_cast<char*>(bytes.data()), std::streamsize(bytes.size())) ||
            bytes.empty()) {
            std::fprintf(stderr, "bench_scan_memory: %s: cannot be read, or empty\n", argv[i]);
            return 2;
        }
        const std::span<const std::uint8_t> all(bytes);
        u8codec::ScanSummary summary;
        std::size_t wellFormed = 0;
        const double scanSeconds = bestSeconds(runs, [&] { summary = u8codec::scan(all); });
        const double validateSeconds =
            bestSeconds(runs, [&] { wellFormed = u8codec::wellFormedLength(all); });
        // Both answers must agree, or one of the two timings measured the wrong work.
        if (summary.valid() != (wellFormed == bytes.size())) {
            std::fprintf(stderr, "bench_scan_memory: %s: scan and wellFormedLength disagree\n",
                         argv[i]);
            return 1;
        }
        std::printf("%s\t%zu\t%.3f\t%.3f\t%s\n", argv[i], bytes.size(),
                    gigabytesPerSecond(bytes.size(), scanSeconds),
                    gigabytesPerSecond(bytes.size(), validateSeconds),
                    summary.valid() ? "valid" : "invalid");
        std::fflush(stdout);
    }
    return 0;
}
