// The passes of the mojibake repair over the parts of a text: each part judged run by run on a
// thread of its own (findRepairs()), what it found kept in its Part. Library-internal.
#pragma once

#include "mojibake_candidate.h"
#include "mojibake_memo.h"
#include "mojibake_rewrite.h"
#include "on_threads.h"

#include <array>
#include <atomic>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace u8convert::detail::mojibake {
using namespace u8codec;

// A fix accepted: the bytes [offset, offset + decision->damagedLength) of the text. 16 bytes:
// text damaged throughout has a fix every few words.
struct Accepted {
    std::size_t offset;
    const Decision* decision;
    std::size_t length() const { return decision->damagedLength; }
};

// How a pass runs, besides the options.
struct PassSettings {
    const Evidence* evidence = nullptr; // the first pass's; null in the first pass
    bool wellFormed = false;            // the text is known well-formed
    bool collect = false;               // keep the repairs (the first pass only counts evidence)
    // The progress reported: the pass covers [progressBase, progressBase + text size) of
    // progressTotal.
    std::uint64_t progressBase = 0;
    std::uint64_t progressTotal = 0;
    // Only the runs holding a byte of these spans (sorted) are judged; null: every run.
    const std::vector<ByteSpan>* only = nullptr;
    // The text is one short string (isShortText(), MojibakeOptions::length): the plausibility
    // model alone may make a repair count as evidence of its page.
    bool shortText = false;
};

// Whether a text of `bytes` is judged as one short string (MojibakeOptions::length): up to
// 2 KiB where the options leave it to the size.
inline bool isShortText(const MojibakeOptions& options, std::size_t bytes) {
    using Length = MojibakeOptions::Length;
    return options.length == Length::Short || (options.length == Length::Auto && bytes <= 2048);
}

// What the parts of a pass share: its settings, the progress, and whether it was cancelled.
// Only the part on the calling thread calls options.progress (the caller's callback need not be
// thread-safe); the others add to the count it reports and stop when it says so.
class Pass {
public:
    Pass(const MojibakeOptions& options, const PassSettings& settings)
        : options(options), evidence(settings.evidence),
          lostPages(lostBytePages(options, settings.evidence)), shortText(settings.shortText),
          wellFormed(settings.wellFormed), collect(settings.collect), only(settings.only),
          base_(settings.progressBase), total_(settings.progressTotal) {}

    const MojibakeOptions& options;
    const Evidence* evidence; // null in the first pass
    const PageMask lostPages; // the pages whose lost bytes are restored
    const bool shortText;     // PassSettings::shortText
    const bool wellFormed;    // the text is known well-formed
    const bool collect;       // keep the repairs (the first pass only counts evidence)
    // Only the runs holding a byte of these spans (sorted) are judged; null: every run.
    const std::vector<ByteSpan>* const only;

    // A part went `bytes` further; `reports`: it runs on the calling thread. False: cancelled.
    bool advance(std::uint64_t bytes, bool reports) {
        const std::uint64_t done = done_.fetch_add(bytes, std::memory_order_relaxed) + bytes;
        if (reports && options.progress && !options.progress(base_ + done, total_))
            cancelled_.store(true, std::memory_order_relaxed);
        return !cancelled();
    }
    bool cancelled() const { return cancelled_.load(std::memory_order_relaxed); }

private:
    std::uint64_t base_, total_;
    std::atomic<std::uint64_t> done_{0};
    std::atomic<bool> cancelled_{false};
};

// How many accepted fixes there are, and how many bytes they add to the text (modulo 2^64: most
// remove): those made whatever the evidence (`sure`), and per page those made only with evidence
// of it (made()). The assembly knows from them where each part's output goes; the streamed
// repair sums them over the windows to know a round's fix count before any window is assembled.
struct FixCounts {
    struct Change {
        std::uint64_t fixes = 0, bytes = 0;
    };
    Change sure;
    std::array<Change, kCodePageCount> withEvidence{};
    // The pages whose entry of withEvidence a fix was counted into (or taken back from): the
    // others hold zeros, and accepted() and made() look at these only (a short string's assembly
    // looked at all the pages, about 300 instructions).
    PageMask counted = 0;

    // Back to no fix, as made anew (the pages not counted into hold zeros already).
    void clear() {
        sure = {};
        for (PageMask pages = counted; pages != 0; pages &= pages - 1)
            withEvidence[std::size_t(std::countr_zero(pages))] = {};
        counted = 0;
    }
    // A fix into `d`'s repair counted `times` times (-1: taken back).
    void count(const Decision& d, std::uint64_t times) {
        Change* c = &sure;
        if (d.cand.everyUsesLost) {
            counted |= pageBit(d.steps.front());
            c = &withEvidence[std::size_t(d.steps.front())];
        }
        c->fixes += times;
        c->bytes += times * (d.repairedUtf8.size() - d.damagedLength);
    }
    void add(const FixCounts& o) {
        sure.fixes += o.sure.fixes;
        sure.bytes += o.sure.bytes;
        for (PageMask pages = o.counted; pages != 0; pages &= pages - 1) {
            const auto page = std::size_t(std::countr_zero(pages));
            withEvidence[page].fixes += o.withEvidence[page].fixes;
            withEvidence[page].bytes += o.withEvidence[page].bytes;
        }
        counted |= o.counted;
    }
    // How many fixes were accepted (made or not).
    std::uint64_t accepted() const {
        std::uint64_t n = sure.fixes;
        for (PageMask pages = counted; pages != 0; pages &= pages - 1)
            n += withEvidence[std::size_t(std::countr_zero(pages))].fixes;
        return n;
    }
    // The fixes made where the text holds `confident` (made()), and the bytes they add.
    Change made(const Evidence& confident) const {
        Change c = sure;
        for (PageMask pages = counted; pages != 0; pages &= pages - 1) {
            const auto page = std::size_t(std::countr_zero(pages));
            if ((withEvidence[page].fixes != 0 || withEvidence[page].bytes != 0) &&
                shows(confident, CodePage(page))) {
                c.fixes += withEvidence[page].fixes;
                c.bytes += withEvidence[page].bytes;
            }
        }
        return c;
    }
};

// The characters of the words a short text's first pass read (PartScan::judge(), readRun()),
// for its second pass to take instead of reading them again: the two judge the same words, the
// second those the first did and a few more. Each word once, in the order of the text.
struct ReadWords {
    static constexpr std::size_t kTextBytes = 2048; // a short text's (isShortText())

    struct Word {
        std::size_t begin, end; // its bytes
        std::size_t first;      // its characters: chars[first, the next word's first)
    };
    const void* text = nullptr; // the text read (with its size): nothing else's words are taken
    std::size_t size = 0;
    std::vector<Char> chars;
    std::vector<Word> words;
    std::size_t next = 0; // the word the second pass looks at next

    void clear() {
        text = nullptr;
        size = 0;
        chars.clear();
        words.clear();
        next = 0;
    }
    // The characters of the word [begin, end), if the first pass read it; asked in the order of
    // the text.
    std::span<const Char> find(std::size_t begin, std::size_t end) {
        while (next < words.size() && words[next].begin < begin)
            ++next;
        if (next == words.size() || words[next].begin != begin || words[next].end != end)
            return {};
        const std::size_t last = next + 1 < words.size() ? words[next + 1].first : chars.size();
        return {chars.data() + words[next].first, last - words[next].first};
    }
};

// One part of the text, [begin, end) in bytes, and what a pass found there.
struct Part {
    Part(std::size_t begin, std::size_t end) : begin(begin), end(end) {}

    std::size_t begin, end;
    RunMemo memo;         // the decisions of the current pass
    Evidence confident{}; // per page, the fixes that needed no lost byte
    // The entries of `confident` a credit may have written, [p] and [kCodePageCount + p]: the
    // others are 0, and the sum and the clearing of the evidence look at these only (all 66 of
    // them were about 700 instructions of a damaged short string's repair).
    PageMask creditedPages = 0, creditedDeeper = 0;
    std::vector<Accepted> accepted;
    using Change = FixCounts::Change;
    FixCounts counts;           // of `accepted`
    std::size_t fixesFound = 0; // by the last pass (some perhaps taken back)
    ReadWords readWords;        // by the first pass of a short text, for the second

    // A fix into `d`'s repair counted `times` times (-1: taken back).
    void count(const Decision& d, std::uint64_t times) { counts.count(d, times); }

    // `d` credited (mojibake::credit()) `by` times into `confident`.
    void credit(const Decision& d, std::uint64_t by);
    // Its evidence back to none.
    void clearEvidence();

    // As a part made anew for [b, e), with the storage of its memo and fixes kept.
    void reset(std::size_t b, std::size_t e) {
        begin = b;
        end = e;
        memo.clear();
        clearEvidence();
        accepted.clear();
        counts.clear();
        fixesFound = 0;
        readWords.clear();
    }
};

// The parts of a repair, with the storage of their memos and fixes. A short string is one part,
// kept on the thread from one repair to the next: made anew each time, its memo and lists were
// a fifth of a damaged short string's allocations. A repair started meanwhile on the same thread
// (from a progress callback) finds none kept and makes its own; a part grown past a short
// string's needs is freed, not kept.
class PartsLease {
public:
    PartsLease();
    ~PartsLease();
    PartsLease(const PartsLease&) = delete;
    PartsLease& operator=(const PartsLease&) = delete;
    std::vector<Part>& operator*() { return parts_; }

private:
    std::vector<Part> parts_;
};

// The text cut into `count` parts of about equal size, each ending at a byte no run holds. Only
// its first `judged` bytes are cut into parts (all when npos): the bytes after them are context,
// the start of the next window of a longer text (mojibake_window.h).
std::vector<Part> cutIntoParts(std::string_view utf8, unsigned count,
                               std::size_t judged = std::string_view::npos);
// As cutIntoParts(), into `parts`, whose storage is reused (Part::reset()).
void cutIntoParts(std::string_view utf8, unsigned count, std::vector<Part>& parts,
                  std::size_t judged = std::string_view::npos);

// How many parts a text of `bytes` is cut into: `asked`, or by its size and the CPU's cores.
unsigned partsFor(std::size_t bytes, unsigned asked);

// Judges the characters of one run (or word) with `rewrite` (reset on them): each repair found is
// noted or applied. `beforeRun`, `afterRun`: the characters around it; `earlier`: in a later
// round, the fixes of the round before in the run. Returns whether a page whose bytes are
// restored ran out of characters inside a sequence (tryPage()'s `openAtEnd`). The rules of the
// repair: the fast paths and the reference (mojibake_reference.h) both judge with it.
bool judgeRun(std::vector<Char>& chars, RunRewrite& rewrite, char32_t beforeRun, char32_t afterRun,
              const Pass& pass, std::span<const ByteSpan> earlier);

// A fix found counts as evidence for the pages that agree on it (Decision::explaining), each
// credited its gain up to kClearGain, and for those read deeper once; `by` -1 takes that back.
// A fix that needed a lost byte for every character, or reads only a little better and is not
// telling, counts for nothing.
void credit(Evidence& confident, const Decision& d, std::uint64_t by = 1);

// Whether an accepted fix is made: one that needed a lost byte for every character only where
// the text holds evidence of its page elsewhere.
inline bool made(const Decision& d, const Evidence& confident) {
    return !d.cand.everyUsesLost || shows(confident, d.steps.front());
}

// Runs a pass over every part, each on a thread of its own (the first, which reports progress,
// on the calling one). Parts share nothing but the pass, so the result is the same however the
// text was cut.
void runPass(std::string_view utf8, Pass& pass, std::vector<Part>& parts);

// `sum` with what each part's pass found added.
Evidence evidenceOf(const std::vector<Part>& parts, Evidence sum);
// What each part's pass found added to `sum`, in place (an Evidence is 528 bytes: a short
// string's repair copied it in and out of evidenceOf() twice).
void addEvidenceOf(const std::vector<Part>& parts, Evidence& sum);

// A round of the repair (the pipeline repeats them until nothing changes) in the order its
// passes run, for the whole text (repairMojibake()) and for a text seen window by window
// (mojibake_window.h) alike:
// - the evidence it starts from: what the earlier rounds found (`carried`, none in a round from
//   scratch), with the pages the user says the text was read through showing from the start;
Evidence roundStart(const MojibakeOptions& options, const Evidence* carried);
// - the first pass, which only counts evidence, unless the round is a later one (it judges only
//   the runs the round before wrote into: `judgesOnly`) that brings evidence: it judges once,
//   with that;
inline bool needsFirstPass(bool judgesOnly, const Evidence& confident) {
    return !(judgesOnly && anyEvidence(confident));
}
// - in a short string, the signatures of a lost no-break space (creditLostNbsp()), which the
//   first pass cannot see, as it reads no lost byte without evidence: those found before
//   `length` in `utf8` (a window of the text and its context, or the whole text);
void creditLostNbsp(std::string_view utf8, std::size_t length, const MojibakeOptions& options,
                    Evidence& credits);
// - the second pass, which decides knowing the evidence, only when there is some: without any
//   page showing, nothing is repaired (anyEvidence());
// - the assembly, with the evidence both passes found.

} // namespace u8convert::detail::mojibake
