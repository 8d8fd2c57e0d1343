#include "scan_part.h"

#include "byte_histogram.h"
#include "u8codec/aligned_buffer.h"
#include "u8codec/problem.h"
#include "u8codec/scan.h"

#include <algorithm>
#include <optional>
#include <span>

namespace u8doc::detail {

namespace {

// Finds the problems of a stream fed in chunks, and the line each one is on.
//
// Problems come from u8codec::ProblemScanner::feed(), which finds error segments 64 bytes at a
// time and so passes quickly over valid text and over error-dense data alike; once the list is
// full, from its count(), which only counts them. Chunks the vectorised Scanner found free of
// errors, while no problem is pending, are not fed at all.
class ProblemCollector {
public:
    // Problems from `startOffset` on, which must be where a ProblemScanner can begin.
    ProblemCollector(ScanReport& report, quint64 startOffset)
        : report_(report), problems_(startOffset) {}

    // True when no problem is pending.
    bool idle() const { return !problems_.pending(); }

    // Passes over a chunk in which the Scanner found no error segment, while no problem was
    // pending: nothing in it can start or continue a problem, so only the character that may
    // straddle its end needs following. Scanning restarts at the last byte of the chunk that is
    // not a continuation byte (such a byte always starts a segment, and a character is at most 4
    // bytes: local_segments.h). Returns false (doing nothing) if there is no such byte.
    bool skip(std::span<const std::uint8_t> chunk, quint64 chunkOffset, quint64 lineFeedsBefore) {
        const std::size_t lowest = chunk.size() > 4 ? chunk.size() - 4 : 0;
        std::size_t start = chunk.size();
        for (std::size_t i = chunk.size(); i > lowest; --i)
            if ((chunk[i - 1] & 0xC0) != 0x80) {
                start = i - 1;
                break;
            }
        if (start == chunk.size())
            return false;
        problems_.restartAt(chunkOffset + start);
        feed(chunk, chunkOffset, lineFeedsBefore, start);
        return true;
    }

    // Feeds the chunk from byte `from` on.
    void feed(std::span<const std::uint8_t> chunk, quint64 chunkOffset, quint64 lineFeedsBefore,
              std::size_t from = 0) {
        if (report_.problems.size() >= report_.problemCap) {
            // The list is full: from here on only the counts change, and count() finds them
            // without building a Problem for each.
            problems_.count(chunk.subspan(from), counted_);
            return;
        }
        chunk_ = chunk;
        chunkOffset_ = chunkOffset;
        lineCursor_ = 0;
        lineFeeds_ = lineFeedsBefore;
        problems_.feed(chunk.subspan(from), [this](const u8codec::Problem& p) { store(p); });
    }

    // The problems found so far, stored or only counted, by kind.
    u8codec::ProblemCounts countsSoFar() const {
        u8codec::ProblemCounts counts = counted_;
        for (std::size_t k = 0; k < counts.size(); ++k)
            counts[k] += report_.problemsByKind[k];
        return counts;
    }

    void finish() {
        problems_.finish([this](const u8codec::Problem& p) { store(p); });
        for (std::size_t k = 0; k < counted_.size(); ++k) {
            report_.problemsByKind[k] += counted_[k];
            report_.totalProblems += counted_[k];
        }
    }

private:
    void store(const u8codec::Problem& p) {
        ++report_.totalProblems;
        ++report_.problemsByKind[std::size_t(p.kind)];
        if (report_.problems.size() >= report_.problemCap)
            return;
        // A problem holds no LF (LF is a valid character, which ends a problem), and it is
        // reported at the latest while the chunk holding the end of the segment after it is fed,
        // so the bytes between its end and the start of the current chunk hold no LF either: its
        // line is one more than the LF bytes before its end.
        const std::size_t target = std::size_t(
            std::min<quint64>(p.end() > chunkOffset_ ? p.end() - chunkOffset_ : 0, chunk_.size()));
        if (target > lineCursor_) {
            lineFeeds_ +=
                quint64(std::count(chunk_.begin() + lineCursor_, chunk_.begin() + target, '\n'));
            lineCursor_ = target;
        }
        report_.problems.push_back(ProblemEntry{p, lineFeeds_ + 1});
    }

    ScanReport& report_;
    u8codec::ProblemScanner problems_;
    u8codec::ProblemCounts counted_{}; // problems found by count(), once the list was full
    std::span<const std::uint8_t> chunk_;
    quint64 chunkOffset_ = 0;
    std::size_t lineCursor_ = 0;
    quint64 lineFeeds_ = 0;
};

// The next multiple of `step` after `offset`.
quint64 nextMultiple(quint64 offset, quint64 step) {
    return (offset / step + 1) * step;
}

} // namespace

ChunkReader::ChunkReader(const u8codec::ByteSource& source, std::size_t chunkSize)
    : source_(source), whole_(source.contiguous()) {
    if (whole_.empty())
        buffer_.emplace(chunkSize);
}

std::span<const std::uint8_t> ChunkReader::read(quint64 offset, std::size_t size) {
    if (!buffer_) {
        if (offset >= whole_.size())
            return {};
        return whole_.subspan(std::size_t(offset),
                              std::min<std::size_t>(size, whole_.size() - offset));
    }
    const auto dest = buffer_->span().first(size);
    return dest.first(source_.read(offset, dest));
}

namespace {

// One part's pass: the Scanner's counts, the histogram, the problems and the line checkpoints of
// the stretches fed to it in order, and the resume points taken between them.
class PartPass {
public:
    PartPass(PartOutcome& outcome, quint64 begin, std::size_t problemCap)
        : report_(outcome.report.counts), problems_(report_, begin), lines_{0, begin} {
        report_.problemCap = problemCap;
    }

    // Scans `bytes`, which begin at `offset`.
    void feed(std::span<const std::uint8_t> bytes, quint64 offset) {
        const quint64 lineFeedsBefore = scanner_.summary().lineFeeds;
        const quint64 errorsBefore = scanner_.summary().errorSegments();
        scanner_.feed(bytes);
        countBytes(bytes, report_.byteCounts);
        // The vectorised Scanner says whether the bytes hold an error; only then (or while a
        // problem is pending) do they go through the exact segmenter for problems.
        const bool clean = scanner_.summary().errorSegments() == errorsBefore;
        if (!(clean && problems_.idle() && problems_.skip(bytes, offset, lineFeedsBefore)))
            problems_.feed(bytes, offset, lineFeedsBefore);
        // The line checkpoints in the same pass: the Scanner has counted the LF bytes.
        lines_.advance(bytes, offset, scanner_.summary().lineFeeds - lineFeedsBefore);
    }

    // Scans a chunk at `offset`, taking a resume point at its first handover point (near its
    // start) on the way; false when there is none there (nothing else changes).
    bool feedWithResumePoint(std::span<const std::uint8_t> chunk, quint64 offset) {
        // The handover point must leave a byte after it in the chunk (as DocumentScan's cuts).
        const auto window = chunk.first(std::min(chunk.size() - 1, kResumeWindow));
        const std::optional<std::size_t> start = u8codec::segmentStartNear(window, 0);
        const auto handover =
            start ? u8codec::ProblemScanner::handoverPoint(window.subspan(*start)) : std::nullopt;
        if (!handover)
            return false;
        const std::size_t at = *start + *handover;
        feed(chunk.first(at), offset);
        if (problems_.idle()) // always, after a valid character (handoverPoint)
            report_.resumePoints.push_back(pointHere(offset + at));
        feed(chunk.subspan(at), offset + at);
        return true;
    }

    void checkpoint() { report_.lineCheckpoints.push_back(lines_); }

    void finish(PartReport& report) {
        scanner_.finish();
        problems_.finish();
        report_.summary = scanner_.summary();
        report.atEnd = lines_;
    }

private:
    // How far into a chunk a resume point is looked for.
    static constexpr std::size_t kResumeWindow = 4096;

    ResumePoint pointHere(quint64 offset) const {
        ResumePoint point;
        point.offset = offset;
        u8codec::Scanner finished = scanner_; // the counts as a scan ending here gives them
        finished.finish();
        point.summary = finished.summary();
        point.byteCounts = report_.byteCounts;
        const u8codec::ProblemCounts counts = problems_.countsSoFar();
        for (std::size_t k = 0; k < counts.size(); ++k) {
            point.problemsByKind[k] = counts[k];
            point.totalProblems += counts[k];
        }
        point.line = lines_;
        return point;
    }

    ScanReport& report_;
    u8codec::Scanner scanner_;
    ProblemCollector problems_;
    LineCheckpoint lines_;
};

} // namespace

PartOutcome scanPart(const u8codec::ByteSource& source, PartRange range, std::size_t problemCap,
                     const PartReading& reading, const std::function<bool()>& shouldStop,
                     const std::function<void(std::size_t bytes)>& chunkDone) {
    PartOutcome outcome;
    PartPass pass(outcome, range.begin, problemCap);
    const std::size_t chunkSize = reading.chunkSize;
    const quint64 resumeStep = std::max<quint64>(1, reading.resumeStep);
    quint64 nextResume = nextMultiple(range.begin, resumeStep); // none at the part's start
    ChunkReader reader(source, std::size_t(std::min<quint64>(chunkSize, range.end - range.begin)));
    for (quint64 offset = range.begin; offset < range.end;) {
        if (shouldStop()) {
            outcome.status = PartOutcome::Status::Stopped;
            return outcome;
        }
        const quint64 next = std::min({nextMultiple(offset, chunkSize),
                                       nextMultiple(offset, kLineCheckpointStep), range.end});
        const std::size_t want = std::size_t(next - offset);
        const std::span<const std::uint8_t> chunk = reader.read(offset, want);
        if (chunk.size() < want) {
            outcome.status = PartOutcome::Status::ShortRead;
            outcome.dataEnd = offset + chunk.size();
            return outcome;
        }
        if (offset >= nextResume && chunk.size() > 1 && pass.feedWithResumePoint(chunk, offset))
            nextResume = nextMultiple(offset, resumeStep);
        else
            pass.feed(chunk, offset);
        offset = next;
        if (offset % kLineCheckpointStep == 0)
            pass.checkpoint();
        chunkDone(want);
    }
    pass.finish(outcome.report);
    return outcome;
}

ReportJoiner::ReportJoiner(std::size_t problemCap) : report_(std::make_shared<ScanReport>()) {
    report_->problemCap = problemCap;
    report_->lineCheckpoints.push_back(LineCheckpoint{}); // offset 0: line 1 starts there
}

ReportJoiner::ReportJoiner(std::shared_ptr<ScanReport> prefix, const LineCheckpoint& end)
    : report_(std::move(prefix)), end_(end) {}

void ReportJoiner::append(const PartReport& part, bool crlfAtCut) {
    ScanReport& all = *report_;
    const ScanReport& counts = part.counts;
    const quint64 lineFeedsBefore = all.summary.lineFeeds;
    // A checkpoint before the part's first LF lies in the line the parts before end in.
    auto whole = [&](const LineCheckpoint& c) {
        return LineCheckpoint{lineFeedsBefore + c.lineFeeds,
                              c.lineFeeds > 0 ? c.lineStart : end_.lineStart};
    };
    // The part begins where a scan can take over (DocumentScan's cuts are handover points), and
    // each of its resume points is one of the whole once what the parts before found is added.
    const ResumePoint before{all.summary.bytes, all.summary,        all.byteCounts,
                             all.totalProblems, all.problemsByKind, end_};
    if (before.offset > 0)
        all.resumePoints.push_back(before);
    for (const ResumePoint& p : counts.resumePoints) {
        ResumePoint point{p.offset,
                          u8codec::joinSummaries(before.summary, p.summary, crlfAtCut),
                          before.byteCounts,
                          before.totalProblems + p.totalProblems,
                          before.problemsByKind,
                          whole(p.line)};
        for (std::size_t b = 0; b < point.byteCounts.size(); ++b)
            point.byteCounts[b] += p.byteCounts[b];
        for (std::size_t k = 0; k < point.problemsByKind.size(); ++k)
            point.problemsByKind[k] += p.problemsByKind[k];
        all.resumePoints.push_back(point);
    }
    for (const ProblemEntry& entry : counts.problems) {
        if (all.problems.size() >= all.problemCap)
            break;
        all.problems.push_back(ProblemEntry{entry.problem, entry.line + lineFeedsBefore});
    }
    all.totalProblems += counts.totalProblems;
    for (std::size_t k = 0; k < all.problemsByKind.size(); ++k)
        all.problemsByKind[k] += counts.problemsByKind[k];
    for (std::size_t b = 0; b < all.byteCounts.size(); ++b)
        all.byteCounts[b] += counts.byteCounts[b];
    for (const LineCheckpoint& c : counts.lineCheckpoints)
        all.lineCheckpoints.push_back(whole(c));
    end_ = whole(part.atEnd);
    all.summary = u8codec::joinSummaries(all.summary, counts.summary, crlfAtCut);
}

std::shared_ptr<ScanReport> reportBefore(const ScanReport& report, const ResumePoint& point) {
    auto prefix = std::make_shared<ScanReport>();
    prefix->summary = point.summary;
    prefix->byteCounts = point.byteCounts;
    prefix->problemCap = report.problemCap;
    prefix->totalProblems = point.totalProblems;
    prefix->problemsByKind = point.problemsByKind;
    // The stored problems are the first problemCap: those before the point are its first ones.
    const std::size_t stored = std::size_t(
        std::min<quint64>({point.totalProblems, report.problemCap, report.problems.size()}));
    prefix->problems.assign(report.problems.begin(), report.problems.begin() + stored);
    // Checkpoints at the multiples of the step up to the point (the part after it has those
    // past it).
    const std::size_t checkpoints = std::size_t(
        std::min<quint64>(point.offset / kLineCheckpointStep + 1, report.lineCheckpoints.size()));
    prefix->lineCheckpoints.assign(report.lineCheckpoints.begin(),
                                   report.lineCheckpoints.begin() + checkpoints);
    for (const ResumePoint& p : report.resumePoints)
        if (p.offset < point.offset)
            prefix->resumePoints.push_back(p);
    return prefix;
}

} // namespace u8doc::detail
