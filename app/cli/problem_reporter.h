// Finds the problems in a stream of bytes and where they are as a person counts: line and
// column, both 1-based, the column counted in characters (an error segment counts as one, as
// the U+FFFD a replacing decoder would show for it). Lines end at LF, as in ScanSummary.
#pragma once

#include "u8codec/problem.h"
#include "u8codec/problem_locator.h"
#include "u8codec/segmenter.h"

#include <cstdint>
#include <functional>
#include <span>
#include <string>

namespace u8cli {

using u8codec::LocatedProblem;

class ProblemReporter {
public:
    using Sink = std::function<void(const LocatedProblem&)>;
    // Calls `sink` for the first `located` problems, in order, with their line and column; the
    // ones after are only counted (`check` prints the first --max-errors), which the codec does
    // without following lines, columns or even building the problems.
    explicit ProblemReporter(Sink sink, std::uint64_t located = UINT64_MAX)
        : sink_(std::move(sink)), located_(located) {}

    void feed(std::span<const std::uint8_t> bytes);
    void finish();

    // Every problem found so far, located or only counted.
    std::uint64_t problems() const;

private:
    // Bytes segmented at a time while problems are located, so that counting takes over soon
    // after the last one.
    static constexpr std::size_t kLocatingStep = 4096;

    void onSegment(const u8codec::Segment& s, std::span<const std::uint8_t> bytes);
    void onProblem(const u8codec::Problem& p);

    u8codec::ProblemLocator locator_;
    u8codec::TextPosition position_; // of the next segment

    u8codec::Segmenter segmenter_;
    u8codec::ProblemScanner problemScanner_;
    Sink sink_;
    std::uint64_t located_;
    std::uint64_t problems_ = 0;       // found segment by segment (the first ones)
    bool counting_ = false;            // the rest go to problemScanner_.count()
    u8codec::ProblemCounts counted_{}; // found by it
};

// "FILE:LINE:COLUMN: offset N: KIND: HEX BYTES: explanation" (the `check` line format).
std::string formatProblem(const std::string& file, const LocatedProblem& p);

} // namespace u8cli
