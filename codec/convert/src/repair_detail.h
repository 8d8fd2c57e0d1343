// Library-internal: what the repair steps share (each step in a file of its own appends its
// changes through it).
#pragma once

#include "u8convert/normalize.h"
#include "u8convert/repair.h"

#include <algorithm>
#include <string_view>

namespace u8convert::detail {
using namespace u8codec;

// Counts a change, lists it while the report has room, and notes its edit for the offset maps
// (every edit, uncapped: later steps' offsets are taken back through all of them).
inline void record(RepairReport& report, std::size_t maxReported, std::vector<TextEdit>* edits,
                   RepairChange change) {
    if (edits)
        edits->push_back({change.offset, change.length, change.after.size()});
    ++report.counts[std::size_t(change.kind)];
    if (report.changes.size() < maxReported)
        report.changes.push_back(std::move(change));
}

// normalize()'s result for `text` as the changes of the normalisation step: each stretch the
// normaliser rewrote is counted, listed while the report has room, and noted as an edit. The
// spans are those normalize() was asked for; their replacements follow one another in n.text.
inline void recordNormalization(std::string_view text, const Normalized& n, NormalForm form,
                                RepairReport& report, std::size_t maxReported,
                                std::vector<TextEdit>* edits) {
    report.counts[std::size_t(RepairKind::Normalization)] += n.changedSpans;
    std::size_t outPos = 0, inPos = 0;
    for (const NormalizedSpan& s : n.spans) {
        outPos += s.offset - inPos;
        if (report.changes.size() < maxReported)
            report.changes.push_back(
                {RepairKind::Normalization, s.offset, s.length,
                 std::string(text.substr(s.offset, s.length)), n.text.substr(outPos, s.newLength),
                 std::string("rewritten into ") + (form == NormalForm::Nfc ? "NFC" : "NFD")});
        if (edits)
            edits->push_back({s.offset, s.length, s.newLength});
        outPos += s.newLength;
        inPos = s.offset + s.length;
    }
}

// The mojibake repair runs again on its own result until a round from scratch finds nothing, at
// most this many rounds; normalisation, C1 controls and BOMs that change the text after it make
// it look again, at most this many cycles (repair.cpp says why).
inline constexpr int kMaxMojibakeRounds = 8;
inline constexpr int kMaxCycles = 3;

// Whether the mojibake repair goes on to round `round` (counted from 0), the round before having
// shortened the text (`shortened`) or not. Real text settles in two or three rounds; text made to
// peel one layer a round ("ÄÄÄÄÌÌÌ" after Greek that shows windows-1252: "čččč���" and then one
// "č��" fewer a round) takes more, and stopping it at the bound left a second repair() something
// to find. Past the bound a round follows only one that shortened the text, which ends it: no fix
// lengthens text (each damaged character stands for one byte of two or more, a byte restored
// as lost for none), so the rounds past the bound are fewer than the text's bytes.
inline bool mojibakeRoundFollows(int round, bool shortened) {
    return round < kMaxMojibakeRounds || shortened;
}

inline constexpr std::string_view kBom = "\xEF\xBB\xBF"; // U+FEFF in UTF-8

// repairBom() over a piece of a text: a leading BOM is one at the start of the text
// (`atTextStart`), and only there is one added; elsewhere U+FEFF is a stray one.
[[nodiscard]] std::string repairBomIn(std::string_view utf8, BomAction action, bool atTextStart,
                                      RepairReport& report, std::size_t maxReported,
                                      std::vector<TextEdit>* edits);

// Maps positions in the output of a step back to its input, from the step's edits (sorted,
// non-overlapping): a position inside replacement text maps to the start of what it replaced.
class OffsetMap {
public:
    explicit OffsetMap(std::vector<TextEdit> edits) : edits_(std::move(edits)) {
        outStart_.reserve(edits_.size());
        std::int64_t delta = 0; // output minus input, before the edit
        for (const TextEdit& e : edits_) {
            outStart_.push_back(std::uint64_t(std::int64_t(e.offset) + delta));
            delta += std::int64_t(e.newLength) - std::int64_t(e.length);
        }
    }
    [[nodiscard]] std::uint64_t toInput(std::uint64_t out) const {
        const auto it = std::upper_bound(outStart_.begin(), outStart_.end(), out);
        if (it == outStart_.begin())
            return out; // before the first edit: unchanged
        const std::size_t i = std::size_t(it - outStart_.begin()) - 1;
        const TextEdit& e = edits_[i];
        if (out < outStart_[i] + e.newLength)
            return e.offset;
        return e.offset + e.length + (out - outStart_[i] - e.newLength);
    }

private:
    std::vector<TextEdit> edits_;
    std::vector<std::uint64_t> outStart_;
};

// A stretch [offset, offset + length) of a pass's text taken back to the original input through
// the maps of the passes before it (in pass order): a stretch inside text an earlier pass wrote
// starts at the start of what that pass replaced.
inline void takeBack(const std::vector<OffsetMap>& maps, std::uint64_t& offset,
                     std::uint64_t& length) {
    std::uint64_t start = offset, end = offset + length;
    for (auto m = maps.rbegin(); m != maps.rend(); ++m) {
        start = m->toInput(start);
        end = std::max(start, m->toInput(end));
    }
    offset = start;
    length = end - start;
}

// A mojibake fix as a change of the report (its evidence and confidence are judged once every
// round has run).
[[nodiscard]] inline RepairChange mojibakeChange(MojibakeFix&& f) {
    RepairChange c{RepairKind::Mojibake,  f.offset,       f.length, std::move(f.damaged),
                   std::move(f.repaired), f.description()};
    c.pages = std::move(f.misdecodings);
    c.gain = f.gain;
    c.lostByte = f.restoredNbsp || f.restoredUndefined;
    return c;
}

// `round` (MojibakeResult::fixesByPage) added to `total`.
inline void addFixesByPage(std::vector<std::uint64_t>& total,
                           const std::vector<std::uint64_t>& round) {
    if (total.size() < round.size())
        total.resize(round.size());
    for (std::size_t i = 0; i < round.size(); ++i)
        total[i] += round[i];
}

// Once every round has run: each mojibake fix's evidence is every fix in the text through the
// same first page (MojibakeResult::fixesByPage, over all rounds), and its confidence follows.
inline void judgeMojibakeFixes(RepairReport& report,
                               const std::vector<std::uint64_t>& fixesByPage) {
    for (RepairChange& c : report.changes) {
        if (c.kind != RepairKind::Mojibake || c.pages.empty())
            continue;
        const std::size_t page = std::size_t(c.pages.front());
        c.evidence = page < fixesByPage.size() ? fixesByPage[page] : 0;
        c.confidence = judgeMojibakeFix(c.gain, c.pages.size(), c.lostByte, c.evidence);
    }
}

} // namespace u8convert::detail
