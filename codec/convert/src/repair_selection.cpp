// Applying a chosen part of a repair: the pipeline's passes are replayed from the report's list
// of changes over the original bytes, keeping track of which change wrote which bytes, so that
// changes that touch each other's text are tied and each group of changes maps to one stretch of
// the original and one stretch of the result.
#include "byte_view.h"
#include "u8convert/repair.h"

#include <algorithm>
#include <numeric>

namespace u8convert {
using namespace u8codec;
namespace {

using detail::asText;

// A stretch of the text between passes: original bytes, or (part of) what a change wrote. A
// change that removed bytes leaves an empty piece where they were, so that its place is known.
struct Piece {
    bool produced = false;
    std::uint64_t origStart = 0; // original pieces: where in the original
    std::uint64_t origSize = 0;
    std::size_t change = 0; // produced pieces: the change that wrote them
    std::string bytes;      // produced pieces: the bytes

    std::uint64_t size() const { return produced ? bytes.size() : origSize; }
    Piece slice(std::uint64_t from, std::uint64_t n) const {
        if (produced)
            return {true, 0, 0, change, bytes.substr(std::size_t(from), std::size_t(n))};
        return {false, origStart + from, n, 0, {}};
    }
};

class Replay {
public:
    Replay(std::string_view original, std::span<const RepairChange> changes)
        : original_(original), changes_(changes), parent_(changes.size()), range_(changes.size()) {
        std::iota(parent_.begin(), parent_.end(), std::size_t(0));
        pieces_.push_back({false, 0, original.size(), 0, {}});
    }

    // Runs every pass; false (with `error`) when a change does not fit the text.
    bool run(std::string& error) {
        for (std::size_t first = 0; first < changes_.size();) {
            std::size_t end = first + 1;
            while (end < changes_.size() && changes_[end].pass == changes_[first].pass)
                ++end;
            if (!runPass(first, end, error))
                return false;
            first = end;
        }
        return true;
    }

    // The index of the change that stands for the group of change `i`.
    std::size_t root(std::size_t i) {
        while (parent_[i] != i)
            i = parent_[i] = parent_[parent_[i]];
        return i;
    }

    // The text with the groups `applied(root)` says yes to, the rest left original.
    template <typename Applied> std::string text(Applied applied) {
        std::string out;
        std::vector<bool> restored(changes_.size(), false);
        for (const Piece& p : pieces_) {
            if (!p.produced) {
                out += original_.substr(std::size_t(p.origStart), std::size_t(p.origSize));
                continue;
            }
            const std::size_t r = root(p.change);
            if (applied(r)) {
                out += p.bytes;
            } else if (!restored[r]) { // a group's pieces lie side by side: restore it once
                restored[r] = true;
                out += original_.substr(std::size_t(range_[r].first),
                                        std::size_t(range_[r].second - range_[r].first));
            }
        }
        return out;
    }

private:
    // Takes pieces from the current text into `out`, `n` bytes' worth, splitting the last one.
    // `greedy` also takes the empty pieces at the end (the places of removed bytes there).
    struct Cursor {
        const std::vector<Piece>& pieces;
        std::size_t index = 0;
        std::uint64_t used = 0; // bytes of pieces[index] already taken

        bool take(std::uint64_t n, std::vector<Piece>& out, bool greedy) {
            while (index < pieces.size()) {
                const Piece& p = pieces[index];
                const std::uint64_t left = p.size() - used;
                if (n == 0 && (left != 0 || !greedy))
                    return true;
                const std::uint64_t now = std::min(n, left);
                out.push_back(p.slice(used, now));
                n -= now;
                used += now;
                if (used == p.size()) {
                    ++index;
                    used = 0;
                }
            }
            return n == 0;
        }
        const Piece* current() const { return index < pieces.size() ? &pieces[index] : nullptr; }
    };

    void unite(std::size_t a, std::size_t b) {
        a = root(a);
        b = root(b);
        if (a == b)
            return;
        if (b < a)
            std::swap(a, b);
        parent_[b] = a; // the earliest change stands for the group
        range_[a] = {std::min(range_[a].first, range_[b].first),
                     std::max(range_[a].second, range_[b].second)};
    }

    // Where a piece begins and ends in the original (a produced piece: its group's stretch).
    std::pair<std::uint64_t, std::uint64_t> origin(const Piece& p) {
        if (!p.produced)
            return {p.origStart, p.origStart + p.origSize};
        return range_[root(p.change)];
    }

    bool runPass(std::size_t first, std::size_t end, std::string& error) {
        std::vector<Piece> next;
        Cursor cursor{pieces_};
        std::uint64_t at = 0; // position in the pass's input
        for (std::size_t i = first; i < end; ++i) {
            const RepairChange& c = changes_[i];
            if (c.passOffset < at || !cursor.take(c.passOffset - at, next, true)) {
                error = misfit(i);
                return false;
            }
            // A change that starts inside what another wrote (not at its edge) is tied to it.
            const Piece* following = cursor.current();
            std::vector<std::size_t> ties;
            if (following && following->produced && cursor.used > 0)
                ties.push_back(following->change);
            // An insertion between two pieces of one group lands inside that group.
            if (c.before.empty() && following && following->produced && !next.empty() &&
                next.back().produced && root(next.back().change) == root(following->change))
                ties.push_back(following->change);
            std::vector<Piece> covered;
            if (!cursor.take(c.before.size(), covered, false)) {
                error = misfit(i);
                return false;
            }
            std::string bytes;
            for (const Piece& p : covered)
                bytes += p.produced ? p.bytes
                                    : std::string(original_.substr(std::size_t(p.origStart),
                                                                   std::size_t(p.origSize)));
            if (bytes != c.before) {
                error = misfit(i);
                return false;
            }
            if (covered.empty()) {
                const std::uint64_t where = next.empty() ? 0 : origin(next.back()).second;
                range_[i] = {where, where};
            } else {
                range_[i] = {origin(covered.front()).first, origin(covered.back()).second};
            }
            for (const Piece& p : covered)
                if (p.produced)
                    ties.push_back(p.change);
            for (std::size_t t : ties)
                unite(i, t);
            next.push_back({true, 0, 0, i, c.after});
            at = c.passOffset + c.before.size();
        }
        cursor.take(~std::uint64_t(0) >> 1, next, true);
        pieces_ = std::move(next);
        return true;
    }

    std::string misfit(std::size_t i) const {
        const RepairChange& c = changes_[i];
        return "change " + std::to_string(i + 1) + " (" + std::string(name(c.kind)) +
               " at offset " + std::to_string(c.offset) + ") does not fit the text";
    }

    std::string_view original_;
    std::span<const RepairChange> changes_;
    std::vector<Piece> pieces_;
    std::vector<std::size_t> parent_;
    std::vector<std::pair<std::uint64_t, std::uint64_t>> range_; // per group root: the original
};

} // namespace

u8codec::Result<ChangeTies> tieChanges(std::span<const std::uint8_t> original,
                                       std::span<const RepairChange> changes) {
    Replay replay(asText(original), changes);
    std::string misfit;
    if (!replay.run(misfit))
        return {u8codec::ErrorCode::Invalid, std::move(misfit)};
    ChangeTies group(changes.size());
    for (std::size_t i = 0; i < changes.size(); ++i)
        group[i] = replay.root(i);
    return group;
}

u8codec::Result<AppliedSelection> applySelectedChanges(std::span<const std::uint8_t> original,
                                                       std::span<const RepairChange> changes,
                                                       const std::vector<bool>& ticked,
                                                       std::optional<LineEnding> lineEnding) {
    if (ticked.size() != changes.size())
        return {u8codec::ErrorCode::Invalid, "one tick per change is needed"};
    Replay replay(asText(original), changes);
    std::string misfit;
    if (!replay.run(misfit))
        return {u8codec::ErrorCode::Invalid, std::move(misfit)};
    AppliedSelection result;
    // A group is made only when every change in it is ticked.
    std::vector<bool> groupTicked(changes.size(), true);
    for (std::size_t i = 0; i < changes.size(); ++i)
        if (!ticked[i])
            groupTicked[replay.root(i)] = false;
    for (std::size_t i = 0; i < changes.size(); ++i)
        if (groupTicked[replay.root(i)]) {
            ++result.applied;
            ++result.appliedByKind[std::size_t(changes[i].kind)];
        }
    result.text = replay.text([&](std::size_t root) { return bool(groupTicked[root]); });
    if (lineEnding)
        result.text = normalizeLineEndings(result.text, *lineEnding);
    return result;
}

bool leaveOutKind(RepairOptions& options, RepairKind kind) noexcept {
    switch (kind) {
    case RepairKind::InvalidSequence:
        return false;
    case RepairKind::Cesu: // one step makes both
    case RepairKind::ModifiedNul:
        options.cesu = false;
        return true;
    case RepairKind::Mojibake:
        options.mojibake = false;
        return true;
    case RepairKind::BomStripped: // one step makes all three
    case RepairKind::BomAdded:
    case RepairKind::StrayBom:
        options.bom = BomAction::Keep;
        return true;
    case RepairKind::LineEnding:
        options.lineEnding.reset();
        return true;
    case RepairKind::Normalization:
        options.normalForm.reset();
        return true;
    case RepairKind::C1Control:
        options.c1 = C1Action::Keep;
        return true;
    }
    return false;
}

void leaveOutPage(RepairOptions& options, CodePage page) {
    std::erase(options.mojibakeOptions.codePages, page);
    std::erase(options.mojibakeOptions.assumedPages, page);
    if (options.mojibakeOptions.codePages.empty())
        options.mojibake = false;
}

} // namespace u8convert
