#include "document_scan.h"

#include "number_format.h"
#include "part_threads.h"
#include "u8codec/cpu_features.h"
#include "u8codec/problem.h"
#include "u8codec/scan.h"

#include <QCoreApplication>
#include <algorithm>
#include <array>
#include <optional>
#include <span>
#include <thread>
#include <vector>

namespace u8doc {

static_assert(kProblemKindCount == u8codec::kProblemKindCount);
static_assert(kLineCheckpointStep % DocumentScan::kChunkSize == 0,
              "the scan's chunks end on line checkpoints");

namespace {

// Below this much per part, threads would not pay for themselves.
constexpr quint64 kMinPartSize = quint64(16) << 20;
// More parts than this would only multiply the problems each one keeps (up to the cap).
constexpr unsigned kMaxParts = 8;
// How far past a wanted cut a place where a part can begin is looked for.
constexpr std::size_t kCutWindow = 4096;

// A place where one part ends and the next begins.
struct Cut {
    quint64 at = 0;
    bool crlf = false; // CR before it, LF at it: one CRLF, counted by neither part
};

// Equal parts of [from, size), one per core, for stretches large enough.
std::vector<quint64> evenCuts(quint64 from, quint64 size) {
    const quint64 cores = u8codec::cpuCores();
    const quint64 length = size - from;
    const quint64 parts = std::min<quint64>({cores, kMaxParts, length / kMinPartSize});
    std::vector<quint64> wanted;
    for (quint64 k = 1; k < parts; ++k)
        wanted.push_back(from + length / parts * k);
    return wanted;
}

// Moves each wanted cut on to where a part can begin: the first segment start (the rule the
// repair's scanOnCores cuts by), then past the first valid character from there, where problem
// grouping is idle (ProblemScanner::handoverPoint). Drops a cut where no such place is near (a
// long stretch with no valid character), or that would not come after the one before.
// Only cuts after `from`, where the scan begins, are kept.
std::vector<Cut> placeCuts(const u8codec::ByteSource& source, quint64 from,
                           std::vector<quint64> wanted) {
    std::sort(wanted.begin(), wanted.end());
    const quint64 size = source.size();
    std::vector<Cut> cuts;
    alignas(64) std::array<std::uint8_t, kCutWindow> window; // aligned for the kernel's copy
    for (const quint64 target : wanted) {
        if (target <= from || target >= size || (!cuts.empty() && target < cuts.back().at))
            continue;
        const std::size_t got = source.read(
            target,
            std::span(window).first(std::size_t(std::min<quint64>(kCutWindow, size - target))));
        // The byte after the cut stays in the window, for the CRLF test.
        const auto bytes = std::span<const std::uint8_t>(window).first(got > 0 ? got - 1 : 0);
        const std::optional<std::size_t> start = u8codec::segmentStartNear(bytes, 0);
        if (!start)
            continue;
        const auto handover = u8codec::ProblemScanner::handoverPoint(bytes.subspan(*start));
        if (!handover)
            continue;
        const std::size_t at = *start + *handover;
        cuts.push_back(Cut{target + at, window[at - 1] == '\r' && window[at] == '\n'});
    }
    return cuts;
}

// Whether the bytes at `at - 1` and `at` are CR and LF: one CRLF that a cut there splits.
bool crlfAt(const u8codec::ByteSource& source, quint64 at) {
    std::array<std::uint8_t, 2> pair{};
    return at > 0 && source.read(at - 1, pair) == pair.size() && pair[0] == '\r' && pair[1] == '\n';
}

} // namespace

DocumentScan::DocumentScan(QObject* parent) : BackgroundPass(parent) {}

void DocumentScan::start(std::shared_ptr<const u8codec::ByteSource> source,
                         std::size_t problemCap) {
    startPass<Outcome>(
        [source, problemCap](const std::atomic<bool>& stop, const Progress& progress) {
            return scan(*source, problemCap, stop, progress);
        },
        [this](std::shared_ptr<const ScanReport> report) { emit finished(std::move(report)); });
}

void DocumentScan::startAfterEdit(std::shared_ptr<const u8codec::ByteSource> source,
                                  std::shared_ptr<const ScanReport> before, quint64 editedFrom) {
    startPass<Outcome>(
        [source, before, editedFrom](const std::atomic<bool>& stop, const Progress& progress) {
            return rescan(*source, *before, editedFrom, stop, progress);
        },
        [this](std::shared_ptr<const ScanReport> report) { emit finished(std::move(report)); });
}

QString DocumentScan::shortReadReason(quint64 dataEnd, quint64 size) {
    return QCoreApplication::translate(
               "u8doc::DocumentScan",
               "The data ended at byte %1 although it was %2 bytes long when the scan "
               "started: the file shrank or could not be read any further.")
        .arg(NumberFormat::offset(dataEnd), NumberFormat::count(size));
}

DocumentScan::Outcome
DocumentScan::scan(const u8codec::ByteSource& source, std::size_t problemCap,
                   const std::atomic<bool>& stop,
                   const std::function<void(quint64 done, quint64 total)>& progress) {
    return scan(source, problemCap, stop, progress, Split{});
}

DocumentScan::Outcome DocumentScan::scan(
    const u8codec::ByteSource& source, std::size_t problemCap, const std::atomic<bool>& stop,
    const std::function<void(quint64 done, quint64 total)>& progress, const Split& split) {
    detail::ReportJoiner joiner(problemCap);
    return scanFrom(source, 0, joiner, stop, progress, split);
}

DocumentScan::Outcome
DocumentScan::rescan(const u8codec::ByteSource& source, const ScanReport& before,
                     quint64 editedFrom, const std::atomic<bool>& stop,
                     const std::function<void(quint64 done, quint64 total)>& progress) {
    return rescan(source, before, editedFrom, stop, progress, Split{});
}

DocumentScan::Outcome
DocumentScan::rescan(const u8codec::ByteSource& source, const ScanReport& before,
                     quint64 editedFrom, const std::atomic<bool>& stop,
                     const std::function<void(quint64 done, quint64 total)>& progress,
                     const Split& split) {
    const quint64 limit = std::min<quint64>(editedFrom, source.size());
    // The last resume point at or before the edit: what lies before it is unchanged.
    const auto after =
        std::partition_point(before.resumePoints.begin(), before.resumePoints.end(),
                             [limit](const ResumePoint& p) { return p.offset <= limit; });
    if (after == before.resumePoints.begin())
        return scan(source, before.problemCap, stop, progress, split);
    const ResumePoint& point = *std::prev(after);
    detail::ReportJoiner joiner(detail::reportBefore(before, point), point.line);
    auto resumed = [&progress, from = point.offset](quint64 done, quint64 total) {
        if (progress)
            progress(from + done, from + total);
    };
    return scanFrom(source, point.offset, joiner, stop, resumed, split);
}

DocumentScan::Outcome
DocumentScan::scanFrom(const u8codec::ByteSource& source, quint64 from,
                       detail::ReportJoiner& joiner, const std::atomic<bool>& stop,
                       const std::function<void(quint64 done, quint64 total)>& progress,
                       const Split& split) {
    const quint64 size = source.size();
    const std::vector<Cut> cuts =
        placeCuts(source, from, split.near ? *split.near : evenCuts(from, size));
    std::vector<detail::PartRange> ranges;
    for (const Cut& cut : cuts)
        ranges.push_back({ranges.empty() ? from : ranges.back().end, cut.at});
    ranges.push_back({ranges.empty() ? from : ranges.back().end, size});

    // Progress counts the bytes of this scan: [from, size).
    auto scanned = [&progress, from](quint64 done, quint64 total) {
        if (progress)
            progress(done, total - from);
    };
    std::vector<detail::PartOutcome> parts =
        detail::scanParts(source, ranges, joiner.problemCap(), stop, scanned,
                          detail::PartReading{split.chunkSize, split.resumeStep});

    Outcome outcome;
    outcome.parts = parts.size();
    outcome.scannedFrom = from;
    // In document order, the first part that did not finish decides: a part stops early after
    // a short read only in a part before it, which is met first.
    for (const detail::PartOutcome& part : parts) {
        if (part.status == detail::PartOutcome::Status::ShortRead) {
            outcome.error = shortReadReason(part.dataEnd, size);
            return outcome;
        }
        if (part.status == detail::PartOutcome::Status::Stopped) {
            outcome.cancelled = true;
            return outcome;
        }
    }
    for (std::size_t i = 0; i < parts.size(); ++i)
        joiner.append(parts[i].report, i > 0 ? cuts[i - 1].crlf : from > 0 && crlfAt(source, from));
    outcome.report = joiner.take();
    return outcome;
}

} // namespace u8doc
