// The straightforward reference the window's whole-document scan is tested against: every
// segment through ProblemScanner::onSegment(), each problem's line counted from the start, the
// line checkpoints by a plain count. It knows no rule of its own.
#pragma once

#include "line_checkpoints.h"
#include "u8codec/problem.h"
#include "u8codec/segmenter.h"

#include <QtGlobal>
#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

namespace u8test {

struct Reference {
    std::vector<u8codec::Problem> problems;
    std::vector<quint64> lines;
};

// The straightforward path: every segment of the whole buffer from the Segmenter through
// ProblemScanner::onSegment(), and each problem's line counted from the start.
inline Reference referenceOf(const std::vector<std::uint8_t>& bytes) {
    Reference ref;
    u8codec::ProblemScanner scanner;
    u8codec::Segmenter segmenter;
    std::uint64_t counted = 0;
    quint64 line = 1;
    auto sink = [&](const u8codec::Problem& p) {
        ref.problems.push_back(p);
        line += quint64(std::count(bytes.begin() + counted, bytes.begin() + p.offset, '\n'));
        counted = p.offset;
        ref.lines.push_back(line);
    };
    auto each = [&](const u8codec::Segment& s, std::span<const std::uint8_t> b) {
        scanner.onSegment(s, b, sink);
    };
    segmenter.feed(std::span<const std::uint8_t>(bytes), each);
    segmenter.finish(each);
    scanner.finish(sink);
    return ref;
}

inline bool sameProblem(const u8codec::Problem& a, const u8codec::Problem& b) {
    return a.offset == b.offset && a.length == b.length && a.kind == b.kind && a.value == b.value &&
           a.announcedLength == b.announcedLength && a.errorSegments == b.errorSegments &&
           a.headLength == b.headLength && a.head == b.head;
}

// Checkpoint k at k * kLineCheckpointStep, for every such offset up to the size: the LF bytes
// before it, and where the line it lies in starts (after the last of them).
inline std::vector<u8doc::LineCheckpoint> checkpointsOf(const std::vector<std::uint8_t>& bytes) {
    std::vector<u8doc::LineCheckpoint> out;
    u8doc::LineCheckpoint at;
    for (quint64 offset = 0; offset <= bytes.size(); ++offset) {
        if (offset % u8doc::kLineCheckpointStep == 0)
            out.push_back(at);
        if (offset < bytes.size() && bytes[offset] == '\n') {
            ++at.lineFeeds;
            at.lineStart = offset + 1;
        }
    }
    return out;
}

} // namespace u8test
