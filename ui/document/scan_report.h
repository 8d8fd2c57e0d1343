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

    bool capped() const { return totalProblems > problems.size(); }
};

} // namespace u8doc
