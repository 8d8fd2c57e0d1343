// The full background scan of a large file, as the window runs it (DocumentScan::scan over a
// FileSource: summary, byte histogram, capped problems with their lines). Reports bytes per
// second of wall-clock time (the scan may use several threads) and the process's peak resident
// memory, which must stay near the chunk size whatever the file's size. The aim: 1 GiB of mixed
// text at 3 GB/s or more on two cores.
//
// And the window's background audit (DocumentAudit::audit: the codec's Auditor over a FileSource,
// findings capped with their totals), on one core, with its peak resident memory: the aim for
// the audit is 1 GB/s or more on ASCII-heavy source; random bytes are its worst case
// for findings (every C1 control, private-use and unassigned character is one), where the cap
// must keep memory bounded.
#include "document_audit.h"
#include "document_scan.h"
#include "u8codec/byte_source.h"
#include "u8codec/piece_table.h"

#include <benchmark/benchmark.h>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <random>
#include <string>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace {

constexpr std::uint64_t kGiB = 1ull << 30;

std::string tempPath(const char* name) {
    const char* dir = std::getenv("TMPDIR");
    return std::string(dir && *dir ? dir : "/tmp") + "/" + name;
}

std::uint64_t fileSize(const std::string& path) {
    struct stat st {};
    return ::stat(path.c_str(), &st) == 0 ? std::uint64_t(st.st_size) : 0;
}

// Writes `path` as 1 GiB of 1 MiB blocks of lines drawn from `lines`; one block in 64 also holds
// an overlong form and a truncated sequence every 64 KiB when `damaged` is set (1 024 problems in
// the file), as a mostly clean document with a few damaged stretches would.
std::string makeLinesFile(const char* name, const std::vector<std::string>& lines, bool damaged) {
    const std::string path = tempPath(name);
    if (fileSize(path) == kGiB)
        return path;
    auto makeBlock = [&](bool withDamage) {
        std::mt19937 rng(2026);
        std::string block;
        while (block.size() < (1u << 20)) {
            if (withDamage && block.size() % 65536 < 80 && block.size() > 80)
                block += "bad \xC0\xAF and cut \xE2\x82 here\n";
            block += lines[rng() % lines.size()];
        }
        // End the block on a line break. The clean files also end it on a whole character; the
        // mixed one keeps the bytes it was always written with, for figures that compare.
        block.resize((1u << 20) - 1);
        for (std::size_t i = block.size(); !damaged && i > 0 && std::uint8_t(block[i - 1]) >= 0x80;
             --i)
            block[i - 1] = '.';
        block += '\n';
        return block;
    };
    const std::string clean = makeBlock(false), other = makeBlock(damaged);
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    for (std::uint64_t i = 0; i < kGiB >> 20; ++i) {
        const std::string& block = i % 64 == 63 ? other : clean;
        out.write(block.data(), std::streamsize(block.size()));
    }
    return path;
}

// Text in several scripts (1- to 4-byte characters, about 70% ASCII bytes), with a few damaged
// stretches.
std::string makeTextFile() {
    return makeLinesFile(
        "u8scope-bench-text-1g.txt",
        {
            "The quick brown fox jumps over the lazy dog; UTF-8 keeps ASCII as it is.\n",
            "Fran\xC3\xA7ois a r\xC3\xA9sum\xC3\xA9 \xC3\xA0 la caf\xC3\xA9t\xC3\xA9ria, "
            "na\xC3\xAFve co\xC3\xB6perate.\n",
            "\xE6\x97\xA5\xE6\x9C\xAC\xE8\xAA\x9E\xE3\x81\xAE\xE3\x83\x86\xE3\x82\xAD\xE3\x82\xB9"
            "\xE3\x83\x88 \xE4\xB8\xAD\xE6\x96\x87 \xED\x95\x9C\xEA\xB5\xAD\xEC\x96\xB4\n",
            "\xCE\x9A\xCE\xB1\xCE\xBB\xCE\xB7\xCE\xBC\xCE\xAD\xCF\x81\xCE\xB1 \xD0\x9F\xD1\x80\xD0"
            "\xB8\xD0\xB2\xD0\xB5\xD1\x82 \xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D\n",
            "Emoji \xF0\x9F\x98\x80 \xF0\x9F\x8E\x89 and math \xF0\x9D\x94\xB8 in the text.\n",
            "int main() { return printf(\"%d\\n\", 42) > 0 ? 0 : 1; } // plain code line\n",
        },
        true);
}

// English prose and code: every byte ASCII, valid throughout.
std::string makeAsciiFile() {
    return makeLinesFile(
        "u8scope-bench-ascii-1g.txt",
        {
            "The quick brown fox jumps over the lazy dog; UTF-8 keeps ASCII as it is.\n",
            "int main() { return printf(\"%d\\n\", 42) > 0 ? 0 : 1; } // plain code line\n",
            "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod.\n",
            "\tif (count > limit) { return -1; }\n",
        },
        false);
}

// Chinese and Japanese prose: 3-byte characters with ideographic punctuation, and only the line
// breaks ASCII; valid throughout.
std::string makeCjkFile() {
    return makeLinesFile(
        "u8scope-bench-cjk-1g.txt",
        {
            // 日本語のテキストと中文的文本、漢字かな交じり文。
            "\xE6\x97\xA5\xE6\x9C\xAC\xE8\xAA\x9E\xE3\x81\xAE\xE3\x83\x86\xE3\x82\xAD\xE3\x82\xB9"
            "\xE3\x83\x88\xE3\x81\xA8\xE4\xB8\xAD\xE6\x96\x87\xE7\x9A\x84\xE6\x96\x87\xE6\x9C\xAC"
            "\xE3\x80\x81\xE6\xBC\xA2\xE5\xAD\x97\xE3\x81\x8B\xE3\x81\xAA\xE4\xBA\xA4\xE3\x81\x98"
            "\xE3\x82\x8A\xE6\x96\x87\xE3\x80\x82\n",
            // 我们在这里写汉字，没有空格。
            "\xE6\x88\x91\xE4\xBB\xAC\xE5\x9C\xA8\xE8\xBF\x99\xE9\x87\x8C\xE5\x86\x99\xE6\xB1\x89"
            "\xE5\xAD\x97\xEF\xBC\x8C\xE6\xB2\xA1\xE6\x9C\x89\xE7\xA9\xBA\xE6\xA0\xBC\xE3\x80\x82"
            "\n",
        },
        false);
}

// A sparse file: 1 GiB of holes (NUL bytes, all ASCII) costing no disk space.
std::string makeSparseFile() {
    const std::string path = tempPath("u8scope-bench-sparse-1g.bin");
    if (fileSize(path) != kGiB) {
        std::FILE* f = std::fopen(path.c_str(), "wb");
        if (f) {
            if (::ftruncate(fileno(f), off_t(kGiB)) != 0)
                std::perror("ftruncate");
            std::fclose(f);
        }
    }
    return path;
}

// Random bytes: the worst case, about one problem every two bytes.
std::string makeRandomFile() {
    const std::string path = tempPath("u8scope-bench-random-256m.bin");
    constexpr std::uint64_t kSize = 256ull << 20;
    if (fileSize(path) == kSize)
        return path;
    std::mt19937_64 rng(7);
    std::vector<std::uint64_t> block((1u << 20) / 8);
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    for (std::uint64_t written = 0; written < kSize; written += 1u << 20) {
        for (auto& w : block)
            w = rng();
        out.write(reinterpret_cast<const char*>(block.data()), std::streamsize(1u << 20));
    }
    return path;
}

// User and system time of the whole process (all its threads), in seconds.
double processCpuSeconds() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    auto seconds = [](const timeval& t) { return double(t.tv_sec) + double(t.tv_usec) / 1e6; };
    return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

double peakRssMiB() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return double(usage.ru_maxrss) / 1024.0; // ru_maxrss is in KiB on Linux
}

// state.range(0): 1 scans in one part (on one core), 0 in one part per core.
void scanFile(benchmark::State& state, const std::string& path) {
    auto opened = u8codec::FileSource::open(path);
    if (!opened.ok()) {
        state.SkipWithError(("cannot open " + path + ": " + opened.message()).c_str());
        return;
    }
    const std::uint64_t size = (*opened)->size();
    u8doc::DocumentScan::Split split;
    if (state.range(0) == 1)
        split.near = std::vector<quint64>{};
    std::atomic<bool> stop{false};
    quint64 problems = 0;
    std::size_t parts = 0;
    const double cpuBefore = processCpuSeconds();
    for (auto _ : state) {
        const auto outcome = u8doc::DocumentScan::scan(
            **opened, u8doc::DocumentScan::kDefaultProblemCap, stop, {}, split);
        if (!outcome.report) {
            state.SkipWithError(outcome.error.toStdString().c_str());
            return;
        }
        problems = outcome.report->totalProblems;
        parts = outcome.parts;
        benchmark::DoNotOptimize(outcome.report->summary.characters);
    }
    state.SetBytesProcessed(std::int64_t(state.iterations() * size));
    // Decimal gigabytes, as the aim is written (bytes_per_second prints GiB).
    state.counters["GB"] =
        benchmark::Counter(double(state.iterations() * size) / 1e9, benchmark::Counter::kIsRate);
    state.counters["parts"] = double(parts);
    // CPU time of all threads per scan: with the wall-clock time, how well the parts ran at once
    // (the machine's cores may be busy with other work).
    state.counters["cpu_s"] = (processCpuSeconds() - cpuBefore) / double(state.iterations());
    state.counters["problems"] = double(problems);
    state.counters["peak_rss_MiB"] = peakRssMiB();
}

void BM_DocumentScanText1GiB(benchmark::State& state) {
    scanFile(state, makeTextFile());
}
void BM_DocumentScanAscii1GiB(benchmark::State& state) {
    scanFile(state, makeAsciiFile());
}
void BM_DocumentScanCjk1GiB(benchmark::State& state) {
    scanFile(state, makeCjkFile());
}
void BM_DocumentScanSparse1GiB(benchmark::State& state) {
    scanFile(state, makeSparseFile());
}
void BM_DocumentScanRandom256MiB(benchmark::State& state) {
    scanFile(state, makeRandomFile());
}

// The check after one keystroke near the end of a 4 GiB file (sparse: NUL bytes, no disk space),
// as the window runs it once the typing pauses: state.range(0) 0 checks the whole document again
// (as before issue 35), 1 goes on from the last report's resume point before the edit
// (DocumentScan::rescan). Each iteration types one byte 1 000 bytes before the end and checks;
// the first report (a whole scan) is made before the timing.
// The file at `path` as the document a piece table edits; null, the benchmark skipped, if it
// cannot be opened.
std::unique_ptr<u8codec::PieceTable> pieceTableOf(benchmark::State& state,
                                                  const std::string& path) {
    auto opened = u8codec::FileSource::open(path);
    if (!opened) {
        state.SkipWithError(("cannot open " + path + ": " + opened.message()).c_str());
        return nullptr;
    }
    return std::make_unique<u8codec::PieceTable>(
        std::shared_ptr<const u8codec::ByteSource>(std::move(opened).value()));
}

void BM_KeystrokeCheck4GiB(benchmark::State& state) {
    const std::string path = tempPath("u8scope-bench-sparse-4g.bin");
    if (fileSize(path) != 4 * kGiB) {
        std::FILE* f = std::fopen(path.c_str(), "wb");
        const bool made = f && ::ftruncate(fileno(f), off_t(4 * kGiB)) == 0;
        if (f)
            std::fclose(f);
        if (!made) {
            state.SkipWithError("cannot make the 4 GiB sparse file");
            return;
        }
    }
    const auto opened = pieceTableOf(state, path);
    if (!opened)
        return;
    u8codec::PieceTable& table = *opened;
    std::atomic<bool> stop{false};
    constexpr std::size_t kCap = u8doc::DocumentScan::kDefaultProblemCap;
    std::shared_ptr<const u8doc::ScanReport> report =
        u8doc::DocumentScan::scan(*table.snapshot(), kCap, stop).report;
    const bool resume = state.range(0) == 1;
    quint64 scanned = 0;
    const std::uint8_t typed[] = {'x'};
    for (auto _ : state) {
        const quint64 at = table.size() - 1000;
        if (!table.insert(at, typed)) {
            state.SkipWithError("the edit failed");
            return;
        }
        const auto source = table.snapshot();
        const auto outcome = resume ? u8doc::DocumentScan::rescan(*source, *report, at, stop)
                                    : u8doc::DocumentScan::scan(*source, kCap, stop);
        if (!outcome.report) {
            state.SkipWithError(outcome.error.toStdString().c_str());
            return;
        }
        scanned = source->size() - outcome.scannedFrom;
        report = outcome.report;
        benchmark::DoNotOptimize(report->summary.characters);
    }
    state.counters["scanned_MiB"] = double(scanned) / double(1 << 20);
    state.counters["resume_points"] = double(report->resumePoints.size());
    state.counters["peak_rss_MiB"] = peakRssMiB();
}

void auditFile(benchmark::State& state, const std::string& path, u8convert::AuditProfile profile) {
    auto opened = u8codec::FileSource::open(path);
    if (!opened.ok()) {
        state.SkipWithError(("cannot open " + path + ": " + opened.message()).c_str());
        return;
    }
    const std::uint64_t size = (*opened)->size();
    const auto options = u8doc::DocumentAudit::windowOptions(profile, {});
    std::atomic<bool> stop{false};
    quint64 findings = 0, stored = 0;
    for (auto _ : state) {
        const auto outcome = u8doc::DocumentAudit::audit(
            **opened, options, u8doc::DocumentAudit::kDefaultFindingCap, stop);
        if (!outcome.report) {
            state.SkipWithError(outcome.error.toStdString().c_str());
            return;
        }
        findings = outcome.report->totalFindings;
        stored = outcome.report->findings.size();
        benchmark::DoNotOptimize(outcome.report->marks.data());
    }
    state.SetBytesProcessed(std::int64_t(state.iterations() * size));
    state.counters["GB"] =
        benchmark::Counter(double(state.iterations() * size) / 1e9, benchmark::Counter::kIsRate);
    state.counters["findings"] = double(findings);
    state.counters["stored"] = double(stored);
    state.counters["peak_rss_MiB"] = peakRssMiB();
}

void BM_DocumentAuditAsciiCode1GiB(benchmark::State& state) {
    auditFile(state, makeAsciiFile(), u8convert::AuditProfile::Code);
}
void BM_DocumentAuditTextText1GiB(benchmark::State& state) {
    auditFile(state, makeTextFile(), u8convert::AuditProfile::Text);
}
void BM_DocumentAuditRandomCode256MiB(benchmark::State& state) {
    auditFile(state, makeRandomFile(), u8convert::AuditProfile::Code);
}

// A character typed 1,000 bytes before the end of 1 GiB of text, then the audit the window runs
// after it: from the start (resume:0), or from the last resume point before the edit
// (resume:1, DocumentAudit::reaudit()).
void BM_KeystrokeAudit1GiB(benchmark::State& state) {
    const std::string path = makeTextFile();
    const auto opened = pieceTableOf(state, path);
    if (!opened)
        return;
    u8codec::PieceTable& table = *opened;
    const auto options = u8doc::DocumentAudit::windowOptions(u8convert::AuditProfile::Text, {});
    constexpr std::size_t kCap = u8doc::DocumentAudit::kDefaultFindingCap;
    std::atomic<bool> stop{false};
    std::shared_ptr<const u8doc::AuditReport> report =
        u8doc::DocumentAudit::audit(*table.snapshot(), options, kCap, stop).report;
    const bool resume = state.range(0) == 1;
    quint64 audited = 0;
    const std::uint8_t typed[] = {'x'};
    for (auto _ : state) {
        const quint64 at = table.size() - 1000;
        if (!report || !table.insert(at, typed)) {
            state.SkipWithError("the audit or the edit failed");
            return;
        }
        const auto source = table.snapshot();
        quint64 total = 0;
        const auto progress = [&](quint64, quint64 t) { total = t; };
        const auto outcome =
            resume
                ? u8doc::DocumentAudit::reaudit(*source, *report, at, options, kCap, stop, progress)
                : u8doc::DocumentAudit::audit(*source, options, kCap, stop, progress);
        if (!outcome.report) {
            state.SkipWithError(outcome.error.toStdString().c_str());
            return;
        }
        audited = total;
        report = outcome.report;
        benchmark::DoNotOptimize(report->totalFindings);
    }
    state.counters["audited_MiB"] = double(audited) / double(1 << 20);
    state.counters["resume_points"] = double(report ? report->resumePoints.size() : 0);
    state.counters["peak_rss_MiB"] = peakRssMiB();
}

} // namespace

// Wall-clock time: the CPU time of the calling thread alone would leave out the other cores.
// one_part:0 is the window's scan (one part per core), one_part:1 the same on one core.
BENCHMARK(BM_DocumentScanText1GiB)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(3)
    ->UseRealTime()
    ->ArgName("one_part")
    ->Arg(0)
    ->Arg(1);
BENCHMARK(BM_DocumentScanAscii1GiB)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(3)
    ->UseRealTime()
    ->ArgName("one_part")
    ->Arg(0)
    ->Arg(1);
BENCHMARK(BM_DocumentScanCjk1GiB)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(3)
    ->UseRealTime()
    ->ArgName("one_part")
    ->Arg(0)
    ->Arg(1);
BENCHMARK(BM_DocumentScanSparse1GiB)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(2)
    ->UseRealTime()
    ->ArgName("one_part")
    ->Arg(0);
BENCHMARK(BM_DocumentScanRandom256MiB)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->UseRealTime()
    ->ArgName("one_part")
    ->Arg(0);

BENCHMARK(BM_KeystrokeCheck4GiB)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->ArgName("resume")
    ->Arg(0)
    ->Iterations(2);
BENCHMARK(BM_KeystrokeCheck4GiB)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->ArgName("resume")
    ->Arg(1)
    ->Iterations(50);

BENCHMARK(BM_KeystrokeAudit1GiB)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->ArgName("resume")
    ->Arg(0)
    ->Iterations(2);
BENCHMARK(BM_KeystrokeAudit1GiB)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->ArgName("resume")
    ->Arg(1)
    ->Iterations(20);

BENCHMARK(BM_DocumentAuditAsciiCode1GiB)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(2)
    ->UseRealTime();
BENCHMARK(BM_DocumentAuditTextText1GiB)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(2)
    ->UseRealTime();
BENCHMARK(BM_DocumentAuditRandomCode256MiB)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->UseRealTime();

BENCHMARK_MAIN();
