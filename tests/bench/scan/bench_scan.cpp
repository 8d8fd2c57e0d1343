// The full scan (ScanSummary: characters by length, errors by kind, lines and line endings, BOM)
// over the four data sets of bench_datasets.h, warm in memory, on every kernel this CPU has, and
// the plain per-segment count over the exact Segmenter for comparison. Rates are bytes per CPU
// second (Google Benchmark's default): on a shared machine, wall time also counts the time spent
// waiting for a core. "scan-in-cache-1MiB" scans the first MiB of each set, which stays in the
// cache: the kernel's speed without the memory's limit.
//
//   bench_scan [Google Benchmark flags]
//   bench_scan --write-datasets DIR    writes DIR/ascii.txt demo.txt cjk.txt random.bin and exits
//
// tests/bench/scan/run_scan_bench.sh runs both and compares with iconv.
#include "bench_datasets.h"
#include "u8codec/scan.h"
#include "u8codec/segmenter.h"

#include <benchmark/benchmark.h>
#include <cstdio>
#include <cstring>
#include <map>
#include <span>
#include <string>

namespace {

using u8bench::DataSet;

const std::vector<std::uint8_t>& dataSet(DataSet set) {
    static std::map<DataSet, std::vector<std::uint8_t>> cache;
    auto it = cache.find(set);
    if (it == cache.end())
        it = cache.emplace(set, u8bench::generate(set, nullptr)).first;
    return it->second;
}

// `slice` > 0 scans only the first `slice` bytes of the data set: small enough to stay in the
// CPU's cache, it shows the kernel's own speed rather than the memory's.
void scanFast(benchmark::State& state, DataSet set, u8codec::Isa path, std::size_t slice) {
    const std::vector<std::uint8_t>& all = dataSet(set);
    const std::span<const std::uint8_t> bytes =
        slice > 0 && slice < all.size() ? std::span<const std::uint8_t>(all).first(slice)
                                        : std::span<const std::uint8_t>(all);
    if (bytes.empty()) {
        state.SkipWithError("data set not available (corpus missing)");
        return;
    }
    u8codec::ScanSummary summary;
    for (auto _ : state) {
        summary = u8codec::scan(bytes, path);
        benchmark::DoNotOptimize(summary);
    }
    state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(bytes.size()));
    state.counters["characters"] = double(summary.characters);
    state.counters["errors"] = double(summary.errorSegments());
    state.counters["lines"] = double(summary.lines);
}

// The reference: every segment from the exact Segmenter, counted one by one.
void scanReference(benchmark::State& state, DataSet set) {
    const std::vector<std::uint8_t>& bytes = dataSet(set);
    if (bytes.empty()) {
        state.SkipWithError("data set not available (corpus missing)");
        return;
    }
    for (auto _ : state) {
        u8codec::ScanSummary summary;
        u8codec::Segmenter segmenter;
        auto sink = [&](const u8codec::Segment& s) { u8codec::Scanner::count(s, summary); };
        segmenter.feed(bytes, sink);
        segmenter.finish(sink);
        benchmark::DoNotOptimize(summary);
    }
    state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(bytes.size()));
}

int writeDataSets(const char* dir) {
    for (DataSet set : u8bench::kDataSets) {
        std::string error;
        const std::vector<std::uint8_t> bytes = u8bench::generate(set, &error);
        if (bytes.empty()) {
            std::fprintf(stderr, "bench_scan: %s\n", error.c_str());
            return 2;
        }
        const std::string path = std::string(dir) + "/" + u8bench::name(set) +
                                 (set == DataSet::RandomBytes ? ".bin" : ".txt");
        std::FILE* f = std::fopen(path.c_str(), "wb");
        if (!f || std::fwrite(bytes.data(), 1, bytes.size(), f) != bytes.size() ||
            std::fclose(f) != 0) {
            std::fprintf(stderr, "bench_scan: %s: cannot write: %s\n", path.c_str(),
                         std::strerror(errno));
            return 2;
        }
        std::printf("%s\t%zu\t%s\n", path.c_str(), bytes.size(), u8bench::description(set));
    }
    return 0;
}

} // namespace

int main(int argc, char** argv) {
    if (argc >= 2 && std::strcmp(argv[1], "--write-datasets") == 0) {
        if (argc != 3) {
            std::fprintf(stderr, "usage: bench_scan --write-datasets DIR\n");
            return 2;
        }
        return writeDataSets(argv[2]);
    }
    using u8codec::Isa;
    for (DataSet set : u8bench::kDataSets) {
        const std::string prefix = std::string("scan/") + u8bench::name(set) + "/";
        for (Isa path : {Isa::Auto, Isa::Avx2, Isa::Sse2, Isa::Portable}) {
            if (!u8codec::scanPathSupported(path))
                continue;
            benchmark::RegisterBenchmark((prefix + std::string(u8codec::name(path))).c_str(),
                                         scanFast, set, path, std::size_t(0))
                ->Unit(benchmark::kMillisecond);
        }
        benchmark::RegisterBenchmark((prefix + "segmenter").c_str(), scanReference, set)
            ->Unit(benchmark::kMillisecond);
    }
    for (DataSet set : u8bench::kDataSets)
        benchmark::RegisterBenchmark(
            (std::string("scan-in-cache-1MiB/") + u8bench::name(set) + "/auto").c_str(), scanFast,
            set, Isa::Auto, std::size_t(1) << 20)
            ->Unit(benchmark::kMicrosecond);
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv))
        return 2;
    benchmark::AddCustomContext("scan path (auto)",
                                std::string(u8codec::name(u8codec::resolveScanPath(Isa::Auto))));
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
