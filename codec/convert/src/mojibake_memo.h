// The decisions of one pass of the mojibake repair, memoised per run (RunMemo).
// Library-internal.
#pragma once

#include "mojibake_candidate.h"
#include "mojibake_rewrite.h"
#include "u8codec/encoder.h"
#include "well_formed_utf8.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace u8convert::detail::mojibake {
using namespace u8codec;

// The characters a reading assembled (scalar values: the reading refuses surrogates) with the
// inline encoder: every fix kept is written so, and the codec's appendUtf8() was a twentieth of
// a damaged short string's repair.
inline void appendUtf8Chars(std::span<const char32_t> cps, std::string& out) {
    // Encoded on the stack and appended at once: a repaired word of more than 15 bytes (Cyrillic,
    // Greek) is then one allocation, and each character costs no call to append().
    constexpr std::size_t kChars = 64;
    for (std::size_t at = 0; at < cps.size(); at += kChars) {
        std::uint8_t bytes[4 * kChars];
        std::uint8_t* end = bytes;
        for (char32_t c : cps.subspan(at, std::min(kChars, cps.size() - at)))
            end = detail::putUtf8(end, c);
        out.append(reinterpret_cast<const char*>(bytes), std::size_t(end - bytes));
    }
}

// A decision kept as the fix of `damagedLength` bytes: its output encoded, as the assembly copies
// it.
inline void completeFix(Decision& d, std::size_t damagedLength) {
    d.damagedLength = damagedLength;
    appendUtf8Chars(d.cand.repaired, d.repairedUtf8);
    d.repairedAscii = std::any_of(d.cand.repaired.begin(), d.cand.repaired.end(),
                                  [](char32_t c) { return c < 0x80; });
    std::memcpy(d.repairedHead.data(), d.repairedUtf8.data(),
                std::min(d.repairedHead.size(), d.repairedUtf8.size()));
}

// The decisions of one pass, memoised per run. Everything a run's decisions depend on is the
// run's bytes, the byte before it (the context of its first character, a space at the start of
// the text), the byte after it, and what is constant during a pass (options, evidence, whether
// the text is known well-formed): a run met again with the same bytes around it gets the same
// repairs, so damaged text, which repeats the same few damaged words, is judged once per word.
// So does a word that had to be judged with its whole run: it is told so at once when met again.
// The memo keeps copies of its keys, so that it may outlive the text: the streamed repair hands
// a part's memo on from window to window of a pass (mojibake_window.h, PassMemos).
class RunMemo {
public:
    // Moved, never copied: its slots view its own key blocks, and the fixes of the pass point at
    // its decisions. A memo moved from is empty. (A deque's move may allocate; out of memory
    // there, the process ends.)
    RunMemo() = default;
    RunMemo(RunMemo&& other) noexcept { *this = std::move(other); }
    RunMemo& operator=(RunMemo&& other) noexcept {
        decisions_ = std::move(other.decisions_);
        keyBlocks_ = std::move(other.keyBlocks_);
        keyBlockUsed_ = std::exchange(other.keyBlockUsed_, 0);
        keyBlockSize_ = std::exchange(other.keyBlockSize_, 0);
        slots_ = std::move(other.slots_);
        count_ = std::exchange(other.count_, 0);
        metSinceCredit_ = std::exchange(other.metSinceCredit_, 0);
        fixes_ = std::move(other.fixes_);
        other.decisions_.clear();
        other.keyBlocks_.clear();
        other.slots_.clear();
        other.fixes_.clear();
        return *this;
    }
    RunMemo(const RunMemo&) = delete;
    RunMemo& operator=(const RunMemo&) = delete;

    struct Fix {
        std::size_t offset; // bytes, relative to the run's start
        const Decision* decision;
    };
    // Runs longer than this are judged each time: they rarely repeat.
    static constexpr std::size_t kMaxKeyBytes = 256;
    static constexpr std::size_t kMaxRuns = std::size_t(1) << 16;

    // What a run met before was found to need.
    struct Known {
        std::span<const Fix> fixes;
        bool wholeRun = false; // a word that must be judged with its whole run
        std::size_t slot = 0;  // for countMet()
    };

    // `key`: the run with the byte before and after it (where the text has them); `edges` says
    // which of the two the text lacked (and whether the run is a word of a longer one); `layout`,
    // where the fixes of the round before lie in it (0 but in a later round). nullopt: the run was
    // not met before.
    std::optional<Known> find(std::string_view key, unsigned edges, std::uint64_t layout) const {
        if (count_ == 0)
            return std::nullopt;
        const std::uint64_t h = hashOf(key, edges, layout);
        for (std::size_t i = h & (slots_.size() - 1);; i = (i + 1) & (slots_.size() - 1)) {
            const Slot& s = slots_[i];
            if (s.key.data() == nullptr)
                return std::nullopt;
            if (s.hash == h && s.edges == edges && s.layout == layout && sameBytes(s.key, key))
                return Known{std::span<const Fix>(fixes_.data() + s.first, s.count), s.wholeRun, i};
        }
    }
    void remember(std::string_view key, unsigned edges, std::uint64_t layout,
                  std::span<const Fix> fixes) {
        store(key, edges, layout, fixes, false);
    }
    // A word that had to be judged with its whole run: met again, it is told so at once.
    void rememberWholeRun(std::string_view key, unsigned edges, std::uint64_t layout) {
        store(key, edges, layout, {}, true);
    }
    // The run of `k` (a find()) met once more: its fixes are credited once for every time,
    // by creditMet(), which costs a dense text less than a credit each time.
    void countMet(const Known& k) {
        ++slots_[k.slot].met;
        ++metSinceCredit_;
    }
    // f(fixes, times) for each run counted by countMet(), and the counts back to 0. (Without a
    // run met again, as in most short strings, the table is not looked through.)
    template <typename F> void creditMet(F&& f) {
        if (std::exchange(metSinceCredit_, 0) == 0)
            return;
        for (Slot& s : slots_)
            if (s.met != 0) {
                f(std::span<const Fix>(fixes_.data() + s.first, s.count), s.met);
                s.met = 0;
            }
    }
    // Whether the memo is worth handing on to the next window of a pass: it knows a few thousand
    // runs at most (damaged prose repeats a few hundred words; a text whose every run is new
    // would make a memo kept from window to window grow with the input).
    bool worthKeeping() const { return count_ <= kKeptRuns && decisions_.size() <= kKeptRuns; }
    static constexpr std::size_t kKeptRuns = 4096;

    // Decisions live as long as the memo, or until clear() (the pass's Accepted entries point
    // at them).
    const Decision* keep(Decision&& d, std::size_t damagedLength) {
        return keepStored(decisions_.push(std::move(d)), damagedLength);
    }
    // Where the rewrite of a run puts its decisions (RunRewrite::reset()), so that a fix found
    // is kept where it already is (keepStored()), not moved once more.
    DecisionStore& store() { return decisions_; }
    // `d`, a decision in store(), kept as keep() keeps one.
    const Decision* keepStored(Decision& d, std::size_t damagedLength) {
        completeFix(d, damagedLength);
        return &d;
    }

    // Knows nothing, as a memo made anew, but keeps its storage: the second pass's memo is the
    // first's cleared, and a short string's parts are kept on the thread for the next repair
    // (mojibake_pass.h, PartsLease). Only the first block of keys is kept.
    void clear() {
        decisions_.clear();
        keyBlocks_.resize(std::min<std::size_t>(keyBlocks_.size(), 1));
        keyBlockUsed_ = 0;
        keyBlockSize_ = keyBlocks_.empty() ? 0 : kFirstKeyBlock;
        // Without a run stored every slot is empty (only store() fills one): a short string's
        // memo, kept on the thread, is mostly so, and emptying its table was most of the work
        // of making its part anew.
        if (count_ != 0)
            std::fill(slots_.begin(), slots_.end(), Slot{});
        count_ = 0;
        metSinceCredit_ = 0;
        fixes_.clear();
    }
    // Whether the storage kept by clear() is a short string's: a repair kept on a thread for the
    // next keeps no more than that.
    bool small() const {
        return decisions_.capacity() <= 64 && slots_.size() <= 256 && fixes_.capacity() <= 256;
    }

private:
    void store(std::string_view key, unsigned edges, std::uint64_t layout,
               std::span<const Fix> fixes, bool wholeRun) {
        if (key.size() > kMaxKeyBytes || count_ >= kMaxRuns)
            return;
        if (2 * (count_ + 1) > slots_.size())
            grow();
        Slot s;
        s.hash = hashOf(key, edges, layout);
        s.layout = layout;
        s.key = keep(key);
        s.edges = edges;
        s.wholeRun = wholeRun;
        s.first = std::uint32_t(fixes_.size());
        s.count = std::uint32_t(fixes.size());
        fixes_.insert(fixes_.end(), fixes.begin(), fixes.end());
        place(s);
        ++count_;
    }

    // An open-addressing table (linear probing, at most half full, a power of two in size): on
    // damaged text every run is a lookup, and a node-based map's modulo and pointer chasing
    // were a sixth of the time.
    // A copy of `key` in the memo's own blocks, which never move.
    std::string_view keep(std::string_view key) {
        // Blocks of 1 KiB doubling to 64 KiB: a short string's repair (one memo per call) must
        // not pay for a dense text's.
        constexpr std::size_t kBlock = std::size_t(64) << 10;
        if (keyBlocks_.empty() || keyBlockSize_ - keyBlockUsed_ < key.size()) {
            keyBlockSize_ =
                keyBlocks_.empty() ? kFirstKeyBlock : std::min(2 * keyBlockSize_, kBlock);
            keyBlockSize_ = std::max(keyBlockSize_, key.size());
            keyBlocks_.push_back(std::make_unique_for_overwrite<char[]>(keyBlockSize_));
            keyBlockUsed_ = 0;
        }
        char* at = keyBlocks_.back().get() + keyBlockUsed_;
        std::memcpy(at, key.data(), key.size());
        keyBlockUsed_ += key.size();
        return {at, key.size()};
    }

    static constexpr std::size_t kFirstKeyBlock = std::size_t(1) << 10; // >= kMaxKeyBytes

    struct Slot {
        std::uint64_t hash = 0;
        std::string_view key; // views keyBlocks_; empty slot: null
        unsigned edges = 0;
        std::uint64_t layout = 0; // where the earlier round's fixes lie in a later round's run
        bool wholeRun = false;
        std::uint32_t first = 0, count = 0; // the run's fixes in fixes_
        std::uint64_t met = 0;              // countMet()
    };

    static std::uint64_t load8(const char* p) noexcept {
        std::uint64_t v;
        std::memcpy(&v, p, 8);
        return v;
    }
    static std::uint32_t load4(const char* p) noexcept {
        std::uint32_t v;
        std::memcpy(&v, p, 4);
        return v;
    }
    static std::uint64_t fold(std::uint64_t a, std::uint64_t b) noexcept {
        const unsigned __int128 m = static_cast<unsigned __int128>(a) * b;
        return std::uint64_t(m) ^ std::uint64_t(m >> 64);
    }
    // Keys are short (a damaged word and the bytes around it): compared as they are hashed, eight
    // bytes at a time (the last eight overlapping), without a call to memcmp.
    static bool sameBytes(std::string_view a, std::string_view b) noexcept {
        const std::size_t n = a.size();
        if (n != b.size())
            return false;
        const char* x = a.data();
        const char* y = b.data();
        if (n >= 8) {
            for (std::size_t i = 0; i + 8 < n; i += 8)
                if (load8(x + i) != load8(y + i))
                    return false;
            return load8(x + n - 8) == load8(y + n - 8);
        }
        if (n >= 4)
            return load4(x) == load4(y) && load4(x + n - 4) == load4(y + n - 4);
        // 1-3 bytes: the first, the middle and the last are all of them.
        return n == 0 || (x[0] == y[0] && x[n / 2] == y[n / 2] && x[n - 1] == y[n - 1]);
    }
    // Keys are short (a damaged word and the bytes around it): up to 16 bytes take one 64 x 64
    // -> 128-bit product of their first and last eight (overlapping), longer ones one for every
    // 16 bytes before.
    static std::uint64_t hashOf(std::string_view key, unsigned edges,
                                std::uint64_t layout) noexcept {
        const char* p = key.data();
        std::size_t n = key.size();
        std::uint64_t h = (std::uint64_t(n) << 3 | edges) * 0x9E3779B97F4A7C15ULL ^ layout;
        for (; n > 16; n -= 16, p += 16)
            h = fold(load8(p) ^ h, load8(p + 8) ^ 0xD6E8FEB86659FD93ULL);
        std::uint64_t a = 0, b = 0;
        if (n >= 8) {
            a = load8(p);
            b = load8(p + n - 8);
        } else if (n >= 4) {
            a = load4(p);
            b = load4(p + n - 4);
        } else if (n > 0) {
            const auto byte = [&](std::size_t i) { return std::uint64_t(std::uint8_t(p[i])); };
            a = byte(0) << 16 | byte(n / 2) << 8 | byte(n - 1);
        }
        return fold(a ^ h ^ 0x2545F4914F6CDD1DULL, b ^ 0xD6E8FEB86659FD93ULL);
    }
    void place(const Slot& s) {
        std::size_t i = s.hash & (slots_.size() - 1);
        while (slots_[i].key.data() != nullptr)
            i = (i + 1) & (slots_.size() - 1);
        slots_[i] = s;
    }
    void grow() {
        std::vector<Slot> old = std::move(slots_);
        slots_.assign(std::max<std::size_t>(16, 2 * old.size()), Slot{});
        for (const Slot& s : old)
            if (s.key.data() != nullptr)
                place(s);
    }

    DecisionStore decisions_;
    std::vector<std::unique_ptr<char[]>> keyBlocks_;
    std::size_t keyBlockUsed_ = 0;
    std::size_t keyBlockSize_ = 0;
    std::vector<Slot> slots_;
    std::size_t count_ = 0;
    std::uint64_t metSinceCredit_ = 0; // countMet() calls since creditMet()
    std::vector<Fix> fixes_;
};

} // namespace u8convert::detail::mojibake
