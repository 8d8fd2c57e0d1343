// The piece table's costs, on a file opened as the window opens it (FileSource, never
// mapped).
//
//   bench_edit edits FILE [EDITS]     EDITS random inserts, erases and replaces of 1 to 64 bytes at
//                                     random offsets (default 10,000), every Edit kept as an undo
//                                     stack keeps it; then 10,000 reads of 4 KiB at random offsets
//                                     (a repaint), the edited ranges of a screenful, snapshots,
//                                     and undoing every edit. Times per operation, and the peak
//                                     resident memory.
//   bench_edit save FILE OUT [EDITS]  EDITS random edits (default 1,000), then the streamed save
//                                     (u8io::saveSource) to OUT, which may be FILE itself: time
//                                     and throughput.
#include "save_source.h"
#include "u8codec/piece_table.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <sys/resource.h>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

double microseconds(Clock::duration d) {
    return std::chrono::duration<double, std::micro>(d).count();
}

// Mean, median, 99th percentile and largest of `samples` (microseconds), as one line.
void report(const char* what, std::vector<double> samples) {
    std::sort(samples.begin(), samples.end());
    double sum = 0;
    for (double s : samples)
        sum += s;
    std::printf("%-34s n=%-6zu mean %8.2f us  median %8.2f us  p99 %8.2f us  max %8.2f us\n", what,
                samples.size(), sum / double(samples.size()), samples[samples.size() / 2],
                samples[samples.size() * 99 / 100], samples.back());
}

long peakResidentKB() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss;
}

// One random edit of 1 to 64 bytes somewhere in the document.
u8codec::Edit randomEdit(u8codec::PieceTable& table, std::mt19937_64& rng) {
    static const std::vector<std::uint8_t> text(64, 'x');
    const std::uint64_t size = table.size();
    const std::uint64_t offset = size == 0 ? 0 : rng() % size;
    const std::uint64_t length = std::min<std::uint64_t>(1 + rng() % 64, size - offset);
    const std::span<const std::uint8_t> bytes(text.data(), 1 + rng() % 64);
    switch (rng() % 3) {
    case 0:
        return table.insert(offset, bytes).value();
    case 1:
        return table.erase(offset, length).value();
    default:
        return table.replace(offset, length, bytes).value();
    }
}

std::shared_ptr<const u8codec::ByteSource> open(const char* path) {
    auto opened = u8codec::FileSource::open(path);
    if (!opened.ok()) {
        std::fprintf(stderr, "bench_edit: %s: %s\n", path, opened.message().c_str());
        std::exit(2);
    }
    return std::shared_ptr<const u8codec::ByteSource>(std::move(opened).value());
}

int edits(const char* path, int count) {
    u8codec::PieceTable table(open(path));
    std::mt19937_64 rng(21);
    std::vector<u8codec::Edit> history;
    std::vector<double> times;
    for (int i = 0; i < count; ++i) {
        const auto start = Clock::now();
        history.push_back(randomEdit(table, rng));
        times.push_back(microseconds(Clock::now() - start));
    }
    std::printf("%s: %llu bytes, %d edits, %zu pieces\n", path,
                static_cast<unsigned long long>(table.size()), count, table.pieceCount());
    report("edit", times);

    std::vector<std::uint8_t> screen(4096);
    times.clear();
    std::uint64_t checksum = 0;
    for (int i = 0; i < 10000; ++i) {
        const std::uint64_t offset = rng() % (table.size() - screen.size());
        const auto start = Clock::now();
        const std::size_t got = table.read(offset, screen);
        times.push_back(microseconds(Clock::now() - start));
        checksum += got + screen[got / 2];
    }
    report("read 4 KiB at a random offset", times);

    times.clear();
    std::size_t ranges = 0;
    for (int i = 0; i < 10000; ++i) {
        const std::uint64_t offset = rng() % (table.size() - screen.size());
        const auto start = Clock::now();
        ranges += table.editedRanges(offset, offset + screen.size()).size();
        times.push_back(microseconds(Clock::now() - start));
    }
    report("edited ranges of 4 KiB", times);

    times.clear();
    for (int i = 0; i < 10000; ++i) {
        const auto start = Clock::now();
        const auto snapshot = table.snapshot();
        times.push_back(microseconds(Clock::now() - start));
        checksum += snapshot->size();
    }
    report("snapshot", times);

    times.clear();
    for (auto it = history.rbegin(); it != history.rend(); ++it) {
        const auto start = Clock::now();
        const bool undone = table.undo(*it);
        times.push_back(microseconds(Clock::now() - start));
        if (!undone) {
            std::fprintf(stderr, "bench_edit: an undo was refused\n");
            return 1;
        }
    }
    report("undo", times);
    std::printf("after undoing every edit: %s, %zu piece(s); %zu edited ranges seen (checksum "
                "%llu)\n",
                table.isUnmodified() ? "unmodified" : "MODIFIED", table.pieceCount(), ranges,
                static_cast<unsigned long long>(checksum));
    std::printf("peak resident memory: %ld KB\n", peakResidentKB());
    return table.isUnmodified() ? 0 : 1;
}

int save(const char* path, const char* out, int count) {
    u8codec::PieceTable table(open(path));
    std::mt19937_64 rng(22);
    for (int i = 0; i < count; ++i)
        randomEdit(table, rng);
    const auto snapshot = table.snapshot();
    const auto start = Clock::now();
    const u8codec::Result<u8io::Saved> result = u8io::saveSource(*snapshot, out);
    const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
    if (!result.ok()) {
        std::fprintf(stderr, "bench_edit: %s\n", result.message().c_str());
        return 1;
    }
    std::printf("saved %llu bytes (%zu pieces) to %s in %.3f s: %.2f GB/s\n",
                static_cast<unsigned long long>(snapshot->size()), snapshot->pieceCount(), out,
                seconds, double(snapshot->size()) / seconds / 1e9);
    std::printf("peak resident memory: %ld KB\n", peakResidentKB());
    return 0;
}

} // namespace

int main(int argc, char** argv) {
    const std::string mode = argc > 1 ? argv[1] : "";
    if (mode == "edits" && argc >= 3)
        return edits(argv[2], argc > 3 ? std::atoi(argv[3]) : 10000);
    if (mode == "save" && argc >= 4)
        return save(argv[2], argv[3], argc > 4 ? std::atoi(argv[4]) : 1000);
    std::fprintf(stderr,
                 "usage: bench_edit edits FILE [EDITS] | bench_edit save FILE OUT [EDITS]\n");
    return 2;
}
