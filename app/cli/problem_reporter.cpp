#include "problem_reporter.h"

namespace u8cli {

void ProblemReporter::feed(std::span<const std::uint8_t> bytes) {
    segmenter_.feed(bytes, [this](const u8codec::Segment& s, std::span<const std::uint8_t> b) {
        onSegment(s, b);
    });
}

void ProblemReporter::finish() {
    segmenter_.finish(
        [this](const u8codec::Segment& s, std::span<const std::uint8_t> b) { onSegment(s, b); });
    problemScanner_.finish([this](const u8codec::Problem& p) { onProblem(p); });
}

void ProblemReporter::onSegment(const u8codec::Segment& s, std::span<const std::uint8_t> bytes) {
    if (!s.isValid() && !inErrorRun_)
        runs_.push_back({s.offset, line_, column_});
    inErrorRun_ = !s.isValid();
    problemScanner_.onSegment(s, bytes, [this](const u8codec::Problem& p) { onProblem(p); });
    if (s.isValid() && s.codePoint == U'\n') {
        ++line_;
        column_ = 1;
    } else {
        ++column_;
    }
}

void ProblemReporter::onProblem(const u8codec::Problem& p) {
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
    ++problems_;
    sink_(located);
}

std::string formatProblem(const std::string& file, const LocatedProblem& p) {
    std::string bytes = u8codec::hexBytes(p.problem.headBytes());
    if (p.problem.length > p.problem.headLength)
        bytes += " ... (" + std::to_string(p.problem.length) + " bytes)";
    std::string line = file + ':' + std::to_string(p.line) + ':' + std::to_string(p.column) +
                       ": offset " + std::to_string(p.problem.offset) + ": ";
    line += u8codec::name(p.problem.kind);
    line += ": " + bytes + ": " + u8codec::explain(p.problem);
    return line;
}

} // namespace u8cli
