// What the text audit of a whole document found (u8convert::Auditor): its findings, stored up to a
// cap with the total beyond it (as ScanReport stores problems: a file of C1 controls has one
// finding per character, and the list must stay bounded), how many characters they concern, and
// the bytes they cover as sorted, disjoint marks that the panes paint from.
#pragma once

#include "byte_selection.h"
#include "u8convert/audit.h"

#include <QtGlobal>
#include <array>
#include <cstddef>
#include <memory>
#include <optional>
#include <span>
#include <vector>

namespace u8doc {

class AuditCollector;

// Where a later audit of the same bytes, edited from some offset on, may resume instead of
// starting again (DocumentAudit::reaudit()): the auditor and the counting as they stood after
// the first `offset` bytes; the findings stored by then are the report's first `storedFindings`.
struct AuditResumePoint {
    quint64 offset = 0;
    std::shared_ptr<const u8convert::Auditor> auditor; // a copy where it stood
    std::shared_ptr<const AuditCollector> counting;    // without the findings it stored
    std::size_t storedFindings = 0;
};

struct AuditReport {
    u8convert::AuditProfile profile = u8convert::AuditProfile::Code;
    // The first `findingCap` findings, by offset (the codec's order; ties keep it).
    std::vector<u8convert::AuditFinding> findings;
    std::size_t findingCap = 0;
    // Every finding, stored or not, and per u8convert::AuditKind.
    quint64 totalFindings = 0;
    std::array<quint64, u8convert::kAuditKindCount> findingsByKind{};
    // The places the findings concern, counted whatever the cap: each character with a finding of
    // its own once (a bidi control that is also unterminated is one), and each identifier, NFC
    // segment or payload reported as a whole that holds no such character.
    quint64 suspiciousCharacters = 0;
    // The bytes the stored findings cover: sorted and disjoint (findings that overlap make one
    // mark; touching ones stay two).
    std::vector<u8ui::ByteRange> marks;
    // Among them, those of findings about one character (every kind but the identifier's, the
    // NFC segment's and the payload's, reported on a run): the characters to point at inside a
    // marked identifier.
    std::vector<u8ui::ByteRange> characterMarks;
    // In offset order (none where the codec let findings go out of order: the stored ones are
    // sorted, and a prefix of them is then not what the auditor had found by a point).
    std::vector<AuditResumePoint> resumePoints;

    bool capped() const { return totalFindings > findings.size(); }
    // Whether `offset` lies in a stored finding.
    bool marked(quint64 offset) const { return markAt(offset).has_value(); }
    std::optional<u8ui::ByteRange> markAt(quint64 offset) const;
    // Whether `offset` lies in a stored finding about one character.
    bool characterMarked(quint64 offset) const;
    // The marks that meet [from, to).
    std::span<const u8ui::ByteRange> marksIn(quint64 from, quint64 to) const;
    // The stored findings that cover `offset`, in list order.
    std::vector<const u8convert::AuditFinding*> findingsAt(quint64 offset) const;
};

// Builds an AuditReport from the Auditor's findings as they come.
class AuditCollector {
public:
    AuditCollector(u8convert::AuditProfile profile, std::size_t findingCap);
    // `counting` (counts(): the counting as it stood at a resume point) going on, with the
    // findings stored before that point.
    AuditCollector(const AuditCollector& counting, std::span<const u8convert::AuditFinding> stored);
    void add(const u8convert::AuditFinding& f);
    // A copy of the counting without the findings stored so far (a resume point keeps how many).
    std::shared_ptr<const AuditCollector> counts() const;
    std::size_t storedFindings() const { return report_.findings.size(); }
    // The findings came in offset order so far (the codec lets them out of order only past
    // thousands held behind one unterminated embedding).
    bool inOrder() const { return inOrder_; }
    // Keeps a resume point (AuditReport::resumePoints), in offset order.
    void addResumePoint(AuditResumePoint point) {
        report_.resumePoints.push_back(std::move(point));
    }
    // The report, its marks built; the collector is spent.
    AuditReport finish();

private:
    AuditCollector(const AuditCollector&) = default;
    void countPlace(const u8convert::AuditFinding& f);
    void closeSpan();

    AuditReport report_;
    // The counting of places: the last character counted, and the span (an identifier, NFC
    // segment or payload) still open, and whether a character of its own fell inside.
    std::optional<quint64> lastCharacter_;
    std::optional<u8ui::ByteRange> span_;
    bool spanHasCharacter_ = false;
    std::optional<quint64> lastOffset_; // of the last finding added
    bool inOrder_ = true;
};

} // namespace u8doc
