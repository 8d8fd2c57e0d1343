#include "audit_report.h"

#include <algorithm>

namespace u8doc {

namespace {

// The kinds reported on a run of characters as a whole rather than on one character.
bool isSpanKind(u8convert::AuditKind k) {
    return k == u8convert::AuditKind::MixedScript || k == u8convert::AuditKind::NotNfc ||
           k == u8convert::AuditKind::HiddenPayload;
}

// The range of sorted, disjoint `ranges` that holds `offset`.
std::optional<u8ui::ByteRange> rangeHolding(const std::vector<u8ui::ByteRange>& ranges,
                                            quint64 offset) {
    const auto it =
        std::partition_point(ranges.begin(), ranges.end(),
                             [offset](const u8ui::ByteRange& m) { return m.end <= offset; });
    if (it == ranges.end() || !it->contains(offset))
        return std::nullopt;
    return *it;
}

// Adds [start, end) to sorted `ranges` (starts never decrease): overlapping ranges merge,
// touching ones stay apart.
void addRange(std::vector<u8ui::ByteRange>& ranges, quint64 start, quint64 end) {
    if (!ranges.empty() && start < ranges.back().end)
        ranges.back().end = std::max(ranges.back().end, end);
    else
        ranges.push_back({start, end});
}

} // namespace

std::optional<u8ui::ByteRange> AuditReport::markAt(quint64 offset) const {
    return rangeHolding(marks, offset);
}

bool AuditReport::characterMarked(quint64 offset) const {
    return rangeHolding(characterMarks, offset).has_value();
}

std::span<const u8ui::ByteRange> AuditReport::marksIn(quint64 from, quint64 to) const {
    const auto first = std::partition_point(
        marks.begin(), marks.end(), [from](const u8ui::ByteRange& m) { return m.end <= from; });
    const auto last = std::partition_point(first, marks.end(),
                                           [to](const u8ui::ByteRange& m) { return m.start < to; });
    return {first, last};
}

std::vector<const u8convert::AuditFinding*> AuditReport::findingsAt(quint64 offset) const {
    std::vector<const u8convert::AuditFinding*> found;
    const std::optional<u8ui::ByteRange> mark = markAt(offset);
    if (!mark)
        return found;
    // Every finding that covers the offset lies inside its mark: look no further back than that.
    auto it = std::partition_point(
        findings.begin(), findings.end(),
        [&](const u8convert::AuditFinding& f) { return f.offset < mark->start; });
    for (; it != findings.end() && it->offset <= offset; ++it)
        if (offset < it->end())
            found.push_back(&*it);
    return found;
}

AuditCollector::AuditCollector(u8convert::AuditProfile profile, std::size_t findingCap) {
    report_.profile = profile;
    report_.findingCap = findingCap;
}

AuditCollector::AuditCollector(const AuditCollector& counting,
                               std::span<const u8convert::AuditFinding> stored)
    : AuditCollector(counting) {
    report_.findings.assign(stored.begin(), stored.end());
}

std::shared_ptr<const AuditCollector> AuditCollector::counts() const {
    // Copied without the findings (up to the cap, the largest part), which the report keeps.
    AuditReport kept;
    kept.profile = report_.profile;
    kept.findingCap = report_.findingCap;
    kept.totalFindings = report_.totalFindings;
    kept.findingsByKind = report_.findingsByKind;
    kept.suspiciousCharacters = report_.suspiciousCharacters;
    auto copy = std::shared_ptr<AuditCollector>(new AuditCollector(report_.profile, 0));
    copy->report_ = std::move(kept);
    copy->lastCharacter_ = lastCharacter_;
    copy->span_ = span_;
    copy->spanHasCharacter_ = spanHasCharacter_;
    copy->lastOffset_ = lastOffset_;
    copy->inOrder_ = inOrder_;
    return copy;
}

void AuditCollector::add(const u8convert::AuditFinding& f) {
    inOrder_ = inOrder_ && (!lastOffset_ || f.offset >= *lastOffset_);
    lastOffset_ = f.offset;
    ++report_.totalFindings;
    ++report_.findingsByKind[std::size_t(f.kind)];
    countPlace(f);
    if (report_.findings.size() < report_.findingCap)
        report_.findings.push_back(f);
}

void AuditCollector::countPlace(const u8convert::AuditFinding& f) {
    // Findings come in offset order, so a span's characters come after it.
    if (span_ && f.offset >= span_->end)
        closeSpan();
    if (isSpanKind(f.kind)) {
        if (span_)
            span_->end = std::max<quint64>(span_->end, f.end()); // one inside another: one place
        else
            span_ = u8ui::ByteRange{f.offset, f.end()};
        return;
    }
    if (span_ && span_->contains(f.offset))
        spanHasCharacter_ = true;
    if (lastCharacter_ != f.offset) {
        ++report_.suspiciousCharacters;
        lastCharacter_ = f.offset;
    }
}

void AuditCollector::closeSpan() {
    if (span_ && !spanHasCharacter_)
        ++report_.suspiciousCharacters;
    span_.reset();
    spanHasCharacter_ = false;
}

AuditReport AuditCollector::finish() {
    closeSpan();
    auto& findings = report_.findings;
    if (!inOrder_)
        report_.resumePoints.clear();
    // The codec lets the earliest findings go first when thousands wait behind one unterminated
    // embedding (audit.h): sort, so that the list and its searches can rely on the order.
    std::stable_sort(findings.begin(), findings.end(),
                     [](const u8convert::AuditFinding& a, const u8convert::AuditFinding& b) {
                         return a.offset < b.offset;
                     });
    // Sorted by start now; overlapping findings make one mark, touching ones stay apart (each
    // character gets its own frame).
    for (const u8convert::AuditFinding& f : findings) {
        if (f.length == 0)
            continue;
        addRange(report_.marks, f.offset, f.end());
        if (!isSpanKind(f.kind))
            addRange(report_.characterMarks, f.offset, f.end());
    }
    return std::move(report_);
}

} // namespace u8doc
