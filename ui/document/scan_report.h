// What a whole-document scan found: the codec's ScanSummary, a histogram of byte values, the
// problems, stored up to a cap with the total beyond it (a file of random bytes has millions of
// problems, and the list must stay small and lazy), and the line checkpoints the window's line
// index answers from.
#pragma once

#include "line_checkpoints.h"
#include "u8codec/problem.h"
#include "u8codec/scan.h"

#include <QtGlobal>
#include <array>
#include <cstddef>
#include <vector>

namespace u8doc {

// One stored problem with the line it is on (1-based: one more than the LF bytes before it).
struct ProblemEntry {
    u8codec::Problem problem;
    quint64 line = 1;
};

inline constexpr int kProblemKindCount = 8; // u8codec::ProblemKind's values

// A place where a scan can take over from the scan of the bytes before it, and what that scan
// had found by then: after an edit from an offset on, the check keeps the report up to the last
// such place before the edit and scans again from there (DocumentScan::rescan). `offset` is a
// handover point (u8codec::ProblemScanner::handoverPoint: the end of a valid character, where
// problem grouping is idle and a segment starts), so what lies before it does not depend on the
// bytes after it. Taken about every kResumeStep bytes while the check reads.
struct ResumePoint {
    quint64 offset = 0;
    u8codec::ScanSummary summary;          // of [0, offset), finished
    std::array<quint64, 256> byteCounts{}; // of [0, offset)
    quint64 totalProblems = 0;             // problems that end before it, stored or not
    std::array<quint64, kProblemKindCount> problemsByKind{};
    LineCheckpoint line; // at `offset`
};
// About 2.3 KiB a point: 0.6 MiB per GiB scanned.
inline constexpr quint64 kResumeStep = quint64(4) << 20;

struct ScanReport {
    u8codec::ScanSummary summary;
    std::array<quint64, 256> byteCounts{}; // occurrences of each byte value
    // The first `problemCap` problems in stream order.
    std::vector<ProblemEntry> problems;
    std::size_t problemCap = 0;
    // Every problem found, stored or not, and per u8codec::ProblemKind.
    quint64 totalProblems = 0;
    std::array<quint64, kProblemKindCount> problemsByKind{};
    // Checkpoint k at offset k * kLineCheckpointStep, for every such offset up to the size.
    std::vector<LineCheckpoint> lineCheckpoints;
    // Where a later scan of the same bytes edited can take over, by offset.
    std::vector<ResumePoint> resumePoints;

    bool capped() const { return totalProblems > problems.size(); }
};

} // namespace u8doc
