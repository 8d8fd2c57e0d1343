#include "problem_reporter.h"

#include <algorithm>

namespace u8cli {

void ProblemReporter::feed(std::span<const std::uint8_t> bytes) {
    std::size_t i = 0;
    while (i < bytes.size() && !counting_) {
        // Once enough problems are located, the segmenter only has to reach a boundary (at most
        // three more bytes) for count() to take over from there.
        const bool enough = problems_ >= located_;
        const std::size_t step = enough ? 1 : std::min(kLocatingStep, bytes.size() - i);
        segmenter_.feed(bytes.subspan(i, step),
                        [this](const u8codec::Segment& s, std::span<const std::uint8_t> b) {
                            onSegment(s, b);
                        });
        i += step;
        if (problems_ >= located_ && segmenter_.atBoundary()) {
            problemScanner_.restartAt(segmenter_.offset());
            counting_ = true;
        }
    }
    if (counting_)
        problemScanner_.count(bytes.subspan(i), counted_);
}

void ProblemReporter::finish() {
    if (counting_) {
        problemScanner_.finish(
            [this](const u8codec::Problem& p) { ++counted_[std::size_t(p.kind)]; });
        return;
    }
    segmenter_.finish(
        [this](const u8codec::Segment& s, std::span<const std::uint8_t> b) { onSegment(s, b); });
    problemScanner_.finish([this](const u8codec::Problem& p) { onProblem(p); });
}

std::uint64_t ProblemReporter::problems() const {
    std::uint64_t n = problems_;
    for (std::uint64_t k : counted_)
        n += k;
    return n;
}

void ProblemReporter::onSegment(const u8codec::Segment& s, std::span<const std::uint8_t> bytes) {
    locator_.onSegment(s, position_.line, position_.column);
    problemScanner_.onSegment(s, bytes, [this](const u8codec::Problem& p) { onProblem(p); });
    position_.advance(s);
}

void ProblemReporter::onProblem(const u8codec::Problem& p) {
    if (problems_ >= located_) {
        ++problems_; // found before counting took over: only counted
        return;
    }
    ++problems_;
    sink_(locator_.locate(p));
}

std::string formatProblem(const std::string& file, const LocatedProblem& p) {
    return file + ':' + std::to_string(p.line) + ':' + std::to_string(p.column) + ": " +
           u8codec::oneLine(p.problem);
}

} // namespace u8cli
