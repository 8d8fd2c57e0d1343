// The characters of a run as the mojibake repair rewrites them (RunRewrite). Library-internal.
#pragma once

#include "mojibake_candidate.h"

#include <algorithm>
#include <cstddef>
#include <utility>
#include <vector>

namespace u8convert::detail::mojibake {
using namespace u8codec;

// Decisions at addresses that never move (the pass's fixes point at them), in blocks of 8
// doubling to 256, each filled to the capacity it was reserved with. Unlike a std::deque (which
// allocates its map and a first node when made, and a node for every two decisions), an empty
// store allocates nothing, and clear() keeps the blocks for the next pass: a short string's
// repair keeps a decision or two a pass.
class DecisionStore {
public:
    Decision& push(Decision&& d) {
        while (current_ < blocks_.size() &&
               blocks_[current_].size() == blocks_[current_].capacity())
            ++current_;
        if (current_ == blocks_.size()) {
            blocks_.emplace_back();
            blocks_.back().reserve(
                current_ == 0 ? kFirst : std::min(2 * blocks_[current_ - 1].capacity(), kLargest));
        }
        ++size_;
        return blocks_[current_].emplace_back(std::move(d));
    }
    std::size_t size() const { return size_; }
    // The decisions held now and before the last clear(), whose storage is kept.
    std::size_t capacity() const {
        std::size_t n = 0;
        for (const std::vector<Decision>& b : blocks_)
            n += b.capacity();
        return n;
    }
    // Every decision gone; the blocks kept.
    void clear() {
        for (std::vector<Decision>& b : blocks_)
            b.clear();
        current_ = 0;
        size_ = 0;
    }

private:
    static constexpr std::size_t kFirst = 8, kLargest = 256;
    std::vector<std::vector<Decision>> blocks_;
    std::size_t current_ = 0; // the block pushed into
    std::size_t size_ = 0;
};

// The characters of a run as the repair rewrites them: a fix replaces its damaged characters by
// the repaired ones, which stand for the bytes of the text the damaged ones covered. Fixes that
// rewrite each other's output (a chain) become one fix of the bytes they covered together.
//
// Most runs get a fix or two that leave their characters as they are (note()), and none that
// rewrites them (apply()): until the first apply() the fixes are kept as a list of stretches
// (noted_), and only then as a piece per character (pieces_), which every character of every run
// paid for before (writing the pieces was a fiftieth of a damaged short string's repair). The
// tests hold the two to each other (`perCharacter`: pieces from the start).
class RunRewrite {
public:
    // One for all the runs of a pass: its storage is kept from one run to the next.
    explicit RunRewrite(std::vector<Char>& chars, bool perCharacter = false)
        : chars_(chars), perCharacter_(perCharacter) {}
    // Not copied: without a store given, its fixes lie in its own.
    RunRewrite(const RunRewrite&) = delete;
    RunRewrite& operator=(const RunRewrite&) = delete;

    // Starts on the run `chars` now holds. Its fixes' decisions go into `store` (a pass's memo's,
    // RunMemo::store(), where they are kept: forEachFix() hands them on where they lie), or
    // without one into the rewrite's own, emptied here.
    void reset(DecisionStore* store = nullptr);

    // Each fix shortens the run or restores a dropped byte; the limit keeps a run from being
    // rewritten forever whatever the pages allow.
    bool mayApplyMore() const { return applied_ < limit_; }
    std::size_t applied() const { return applied_; } // fixes noted or applied since reset()
    // The characters and chains whose storage is kept from run to run (the larger count).
    std::size_t chainStorage() const {
        return std::max({pieces_.capacity(), chains_.size(), noted_.capacity()});
    }

    // For a character a fix wrote: one past the last character of the text it belongs to (the
    // output of its chain); for one of the original text: k itself.
    std::size_t rewrittenEnd(std::size_t k) const {
        if (!perPiece_) {
            for (const Noted& n : noted_)
                if (k >= n.begin && k < n.end)
                    return n.end;
            return k;
        }
        const std::size_t chain = pieces_[k].chain;
        if (chain == kOriginal)
            return k;
        while (k < pieces_.size() && pieces_[k].chain == chain)
            ++k;
        return k;
    }

    // How far before a fix judging goes back: the characters there have a new neighbour, which
    // can decide a repair there. 16 covers the damage of one character read twice over (a 4-byte
    // character becomes 4 characters of 2 or 3 bytes, those up to 12).
    static constexpr std::size_t kLookBack = 16;

    // The first character read again before a fix starting at b.
    static std::size_t lookBackFrom(std::size_t b) { return b > kLookBack ? b - kLookBack : 0; }

    // Whether any of chars_[b, e) was written by a fix.
    bool rewrittenWithin(std::size_t b, std::size_t e) const {
        if (chainCount_ == 0)
            return false; // no fix yet: every character is the text's (most runs)
        if (!perPiece_)
            return b < e && std::any_of(noted_.begin(), noted_.end(),
                                        [&](const Noted& n) { return n.begin < e && b < n.end; });
        for (std::size_t k = b; k < e; ++k)
            if (pieces_[k].chain != kOriginal)
                return true;
        return false;
    }

    // Whether chars_[b, e) and the characters around it are such that nothing read again there
    // can go further than judging on would: no damage right after it (a chain needs a
    // non-ASCII character there) and no character of the original text shortly before it that
    // the new neighbour could turn into a repair. Then `note` is enough.
    bool settled(std::size_t b, std::size_t e) const;

    // A fix of original characters that is settled: recorded, the characters left as they are
    // (rewriting them would move the rest of the run, for every fix of a long run).
    void note(Decision&& d);

    // A fix of characters some of which a fix wrote, or not settled: the characters rewritten.
    void apply(Decision&& d);

    // f(offset, length, decision) for each stretch of rewritten characters, in order: the bytes
    // it replaced and the fix, one decision for a chain (the text read back as it went).
    template <typename F> void forEachFix(F&& f) {
        if (chainCount_ == 0)
            return; // no fix: nothing rewritten (most runs)
        if (!perPiece_) {
            // Fixes of characters of the text, each a chain of its own, in the order of the text.
            for (const Noted& n : noted_) {
                const std::size_t begin = chars_[n.begin].offset;
                const std::size_t end = chars_[n.end - 1].offset + chars_[n.end - 1].length;
                f(begin, end - begin, std::move(*chains_[n.chain].front()));
            }
            return;
        }
        for (std::size_t k = 0; k < pieces_.size();) {
            const std::size_t chain = pieces_[k].chain;
            std::size_t next = k + 1;
            if (chain == kOriginal) {
                k = next;
                continue;
            }
            std::size_t begin = pieces_[k].begin, end = pieces_[k].end;
            for (; next < pieces_.size() && pieces_[next].chain == chain; ++next) {
                begin = std::min(begin, pieces_[next].begin);
                end = std::max(end, pieces_[next].end);
            }
            // The chain's first fix becomes the chain's (its storage is cleared by reset()): a
            // fix alone is handed on without a copy.
            std::vector<Decision*>& fixes = chains_[chain];
            Decision& d = *fixes.front();
            if (fixes.size() > 1) {
                d.cand.repaired.clear();
                for (std::size_t c = k; c < next; ++c)
                    d.cand.repaired.push_back(chars_[c].cp);
                for (std::size_t x = 1; x < fixes.size(); ++x) {
                    const Decision& later = *fixes[x];
                    d.steps.insert(d.steps.end(), later.steps.begin(), later.steps.end());
                    d.cand.lostNbsp |= later.cand.lostNbsp;
                    d.cand.lostUndefined |= later.cand.lostUndefined;
                    // A chain resting on one link that needs evidence needs it as a whole:
                    // "«" + "¬®" would read as "Ǭ" through "¬®" as MacRoman "¨", a symbol
                    // read back as a symbol.
                    d.cand.everyUsesLost |= later.cand.everyUsesLost;
                }
            }
            f(begin, end - begin, std::move(d));
            k = next;
        }
    }

private:
    static constexpr std::size_t kOriginal = std::size_t(-1);
    struct Piece {
        std::size_t begin, end; // the bytes of the text the character stands for
        std::size_t chain;      // index into chains_, or kOriginal: not rewritten
    };

    // A fix noted before any was applied: chars_[begin, end), characters of the text.
    struct Noted {
        std::size_t begin, end;
        std::size_t chain;
    };

    std::size_t newChain() {
        if (chainCount_ == chains_.size())
            chains_.emplace_back();
        return chainCount_++;
    }

    // Whether chars_[k] is a character of the text that no fix took.
    bool original(std::size_t k) const { return rewrittenEnd(k) == k; }

    // From the list of noted fixes to a piece per character (apply(), or reset() per character).
    void makePieces();

    std::vector<Char>& chars_;
    const bool perCharacter_;
    bool perPiece_ = false;     // pieces_ holds the fixes, else noted_
    std::vector<Noted> noted_;  // in the order of the text
    std::vector<Piece> pieces_; // per character of chars_ (perPiece_)
    // The fixes of each chain, in order, in *store_: the first chainCount_ (the others are kept
    // empty for their storage).
    std::vector<std::vector<Decision*>> chains_;
    DecisionStore* store_ = &own_;
    DecisionStore own_; // without a store given to reset()
    std::size_t chainCount_ = 0;
    std::size_t applied_ = 0;
    std::size_t limit_ = 0;
};

} // namespace u8convert::detail::mojibake
