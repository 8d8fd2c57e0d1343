// Where a problem is as a person counts: line and column, both 1-based, the column counted in
// characters (an error segment counts as one, as the U+FFFD a replacing decoder would show for
// it). Lines end at LF, as in ScanSummary. One owner for this rule: `check`, `decode` and the
// auditor locate their problems with it.
#pragma once

#include "u8codec/problem.h"
#include "u8codec/segment.h"

#include <cstdint>
#include <deque>

namespace u8codec {

// The position after the segments seen so far, as a person counts: lines end at LF, the column
// counts characters and an error segment counts as one; both 1-based. The one place this rule
// is written: `check`, `decode`, the auditor and the window's line index follow it.
struct TextPosition {
    std::uint64_t line = 1;
    std::uint64_t column = 1;

    // Moves past segment `s`.
    void advance(const Segment& s) noexcept {
        if (s.isValid() && s.codePoint == U'\n') {
            ++line;
            column = 1;
        } else {
            ++column;
        }
    }
    // Moves past `n` ASCII bytes (each one character) holding `lineFeeds` LFs, the last of which
    // is followed by `afterLastLf` of them.
    void advanceAscii(std::uint64_t n, std::uint64_t lineFeeds,
                      std::uint64_t afterLastLf) noexcept {
        line += lineFeeds;
        column = lineFeeds != 0 ? afterLastLf + 1 : column + n;
    }
};

struct LocatedProblem {
    Problem problem;
    std::uint64_t line = 1;
    std::uint64_t column = 1;
};

// Follows the segments a ProblemScanner is given through onSegment() and says where each problem
// it reports starts. Problems only start at error segments and cover them in order, so a problem
// starts either where the previous one ended or at the start of a new run of adjacent error
// segments; only the runs whose problems are not yet reported are kept (one or two).
class ProblemLocator {
public:
    // Every segment, in order, before it goes to ProblemScanner::onSegment(), with the line and
    // column where it starts.
    void onSegment(const Segment& s, std::uint64_t line, std::uint64_t column);
    // Where `p`, the next problem the scanner reported, starts.
    [[nodiscard]] LocatedProblem locate(const Problem& p);
    // The offset at or after which the problems the scanner still holds will start; only
    // meaningful while ProblemScanner::pending().
    [[nodiscard]] std::uint64_t earliestPending() const noexcept;

private:
    struct RunStart {
        std::uint64_t offset, line, column;
    };
    std::deque<RunStart> runs_;
    bool inErrorRun_ = false;
    std::uint64_t lastEnd_ = UINT64_MAX, lastLine_ = 0, lastNextColumn_ = 0;
};

} // namespace u8codec
