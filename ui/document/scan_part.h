// One part of the window's whole-document scan (DocumentScan): a stretch of the document read in
// chunks, giving its counts, byte histogram, problems and line checkpoints in one pass; and the
// joining of the parts, in document order, into the report of the whole.
#pragma once

#include "line_checkpoints.h"
#include "scan_report.h"
#include "u8codec/aligned_buffer.h"
#include "u8codec/byte_source.h"

#include <QtGlobal>
#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <span>

namespace u8doc::detail {

// Reads a source in chunks: in place from a source that holds its bytes in memory
// (ByteSource::contiguous()), else into one aligned buffer of `chunkSize`. The scan's parts and
// the audit read this way.
class ChunkReader {
public:
    ChunkReader(const u8codec::ByteSource& source, std::size_t chunkSize);
    // Up to `size` (at most chunkSize) bytes at `offset`: fewer where the data ends. Valid until
    // the next read.
    std::span<const std::uint8_t> read(quint64 offset, std::size_t size);

private:
    const u8codec::ByteSource& source_;
    std::span<const std::uint8_t> whole_;
    std::optional<u8codec::AlignedBuffer> buffer_;
};

// Where a part lies. `begin` is 0 or a place where a fresh ProblemScanner can take over
// (u8codec::ProblemScanner::handoverPoint: the end of a valid segment), so the part's segments
// and problems are the whole document's.
struct PartRange {
    quint64 begin = 0;
    quint64 end = 0;
};

// What a part found, counted from its own start: the lines of its problems and its checkpoints
// leave out the LF bytes before it, and a checkpoint's lineStart means something only once the
// part has seen an LF (else the line began before the part).
struct PartReport {
    // summary (finished), byteCounts, problems (its first problemCap), totals; lineCheckpoints
    // at each multiple of kLineCheckpointStep in (begin, end]; resumePoints in (begin, end), at
    // their offsets in the document, with what the part found before each.
    ScanReport counts;
    LineCheckpoint atEnd; // the same at `end`
};

struct PartOutcome {
    enum class Status { Done, Stopped, ShortRead };
    Status status = Status::Done;
    quint64 dataEnd = 0; // with ShortRead: where the data ended
    PartReport report;
};

// How a part is read: in chunks of at most `chunkSize` bytes, which end on multiples of chunkSize
// and of kLineCheckpointStep; a resume point taken in the first chunk past each multiple of
// `resumeStep` that has a handover point near its start.
struct PartReading {
    std::size_t chunkSize = 1 << 20;
    quint64 resumeStep = kResumeStep;
};

// Scans `range` of `source` as `reading` says. Asks `shouldStop` before each chunk and tells
// `chunkDone` the size of each one scanned. Reads a source that holds its bytes in memory
// (ByteSource::contiguous()) in place, any other into one aligned buffer of chunkSize.
PartOutcome scanPart(const u8codec::ByteSource& source, PartRange range, std::size_t problemCap,
                     const PartReading& reading, const std::function<bool()>& shouldStop,
                     const std::function<void(std::size_t bytes)>& chunkDone);

// Joins parts, in document order, into the report of the whole: counts add (the codec's
// joinSummaries), problems follow each other up to the cap, lines and checkpoints count the LF
// bytes of the parts before.
// Each part but the first begins at a resume point of the whole, which the joiner adds.
class ReportJoiner {
public:
    explicit ReportJoiner(std::size_t problemCap);
    // Goes on from `prefix`, the report of the document up to where the first part appended
    // begins, which ends at `end`.
    ReportJoiner(std::shared_ptr<ScanReport> prefix, const LineCheckpoint& end);
    // `crlfAtCut`: the byte before the part is CR and its first byte LF.
    void append(const PartReport& part, bool crlfAtCut);
    std::shared_ptr<ScanReport> take() { return std::move(report_); }
    std::size_t problemCap() const { return report_->problemCap; }

private:
    std::shared_ptr<ScanReport> report_;
    LineCheckpoint end_; // where the parts so far end
};

// The report of the document up to `point` (one of `report`'s resume points): what the report
// found before it, ready for a ReportJoiner to go on from.
std::shared_ptr<ScanReport> reportBefore(const ScanReport& report, const ResumePoint& point);

} // namespace u8doc::detail
