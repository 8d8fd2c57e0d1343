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
#include <optional>
#include <span>
#include <vector>

namespace u8doc {

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
    void add(const u8convert::AuditFinding& f);
    // The report, its marks built; the collector is spent.
    AuditReport finish();

private:
    void countPlace(const u8convert::AuditFinding& f);
    void closeSpan();

    AuditReport report_;
    // The counting of places: the last character counted, and the span (an identifier, NFC
    // segment or payload) still open, and whether a character of its own fell inside.
    std::optional<quint64> lastCharacter_;
    std::optional<u8ui::ByteRange> span_;
    bool spanHasCharacter_ = false;
};

} // namespace u8doc
