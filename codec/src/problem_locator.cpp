#include "u8codec/problem_locator.h"

namespace u8codec {

void ProblemLocator::onSegment(const Segment& s, std::uint64_t line, std::uint64_t column) {
    if (!s.isValid() && !inErrorRun_)
        runs_.push_back({s.offset, line, column});
    inErrorRun_ = !s.isValid();
}

LocatedProblem ProblemLocator::locate(const Problem& p) {
    LocatedProblem located{p, 0, 0};
    if (p.offset == lastEnd_) {
        located.line = lastLine_;
        located.column = lastNextColumn_;
    } else {
        while (runs_.size() > 1 && runs_[1].offset <= p.offset)
            runs_.pop_front();
        if (!runs_.empty()) {
            located.line = runs_.front().line;
            located.column = runs_.front().column;
            runs_.pop_front();
        }
    }
    lastEnd_ = p.end();
    lastLine_ = located.line;
    lastNextColumn_ = located.column + p.errorSegments;
    return located;
}

std::uint64_t ProblemLocator::earliestPending() const noexcept {
    // A run not yet reported starts the next problem; otherwise the open problem goes on from
    // where the last one ended, inside the same run.
    if (!runs_.empty())
        return runs_.front().offset;
    return lastEnd_;
}

} // namespace u8codec
