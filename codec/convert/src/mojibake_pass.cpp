// The passes of the mojibake repair (mojibake_pass.h): a run's characters read and judged
// (judgeRun()), a part of the text scanned for runs to judge (PartScan), the text cut into parts
// judged on threads of their own.
#include "mojibake_pass.h"

#include "mojibake_rewrite.h"
#include "mojibake_runs.h"
#include "mojibake_score.h"
#include "mojibake_sieve.h"
#include "mojibake_tables.h"
#include "u8codec/cpu_features.h"
#include "u8codec/segmenter.h"
#include "well_formed_utf8.h"

#include <algorithm>
#include <bit>
#include <memory>
#include <optional>
#include <span>
#include <tuple>
#include <unicode/uchar.h>
#include <utility>

namespace u8convert::detail::mojibake {
using namespace u8codec;

namespace {

// Whether a run's characters are worth a closer look, asked of each in turn until they are:
// without evidence, a character mapping to a lead byte followed by one mapping to a continuation
// byte under the same page; with it, a character mapping to a lead.
class WorthALook {
public:
    explicit WorthALook(bool evidence) : t_(tables()), evidence_(evidence) {}

    // With the next character (`valid`: a well-formed one). Once true, the caller asks no more.
    bool operator()(std::uint8_t length, char32_t cp, bool valid) {
        if (!valid || length < 2) {
            prevLead_ = 0;
            return false;
        }
        const PageMasks& m = t_.masks(cp);
        const bool worth = evidence_ ? m.lead() != 0 : (prevLead_ & m.cont) != 0;
        prevLead_ = m.lead();
        return worth;
    }

private:
    const PageTables& t_;
    const bool evidence_;
    PageMask prevLead_ = 0;
};

// Whether the characters of a run read before (ReadWords) are worth a look. A character read
// from an ill-formed segment holds 0, which no page maps: asked as a valid one, it answers as
// the segment did.
bool worthALook(std::span<const Char> chars, bool evidence) {
    WorthALook worth(evidence);
    return std::any_of(chars.begin(), chars.end(),
                       [&](const Char& c) { return worth(c.length, c.cp, true); });
}

// Reads the run [p, runEnd) of the text at `base` into `chars`. False when it is not worth a
// closer look (WorthALook). Once it is, the rest of it is only read: a damaged run shows so in
// its first pair, and its masks were a third of reading it.
bool readRun(const std::uint8_t* p, const std::uint8_t* runEnd, const std::uint8_t* base,
             bool wellFormed, bool evidence, std::vector<Char>& chars) {
    chars.clear();
    chars.reserve(std::size_t(runEnd - p)); // a character a byte at most: one allocation
    WorthALook worth(evidence);
    bool hasLead = false;
    if (wellFormed) {
        // Known well-formed: the bits are assembled without the segmenter's checks.
        const std::uint8_t* q = p;
        while (q < runEnd && !hasLead) {
            const std::uint8_t* at = q;
            const char32_t cp = readValid(q);
            chars.push_back({std::size_t(at - base), std::uint8_t(q - at), cp});
            hasLead = worth(std::uint8_t(q - at), cp, true);
        }
        while (q < runEnd) {
            const std::uint8_t* at = q;
            const char32_t cp = readValid(q);
            chars.push_back({std::size_t(at - base), std::uint8_t(q - at), cp});
        }
    } else {
        Segmenter seg(std::size_t(p - base));
        const auto onSeg = [&](const Segment& s) {
            // An error segment ends candidates: it holds no character to map back.
            chars.push_back({std::size_t(s.offset), s.length, s.isValid() ? s.codePoint : 0});
            if (!hasLead)
                hasLead = worth(s.length, s.codePoint, s.isValid());
        };
        seg.feed(std::span<const std::uint8_t>(p, std::size_t(runEnd - p)), onSeg);
        seg.finish(onSeg);
    }
    return hasLead;
}

// A later round judges again the runs the round before wrote fixes into (`earlier`: the bytes of
// those fixes in this round's text), for what the repaired neighbours change. A repair there
// made only of one earlier fix's output, or taking a byte as lost next to such output, reads
// that output as mis-decoded once more: it is made only where the text shows evidence of
// mis-decoding twice through the page (`evidence`, [kCodePageCount + p]). "Г" + a space that
// was A0, from "à" read twice as windows-1251, becomes "à"; but the fixes of Russian read once
// as KOI8-R were read once more, "в " as D7 and a lost A0 into the Hebrew "נ", "её" as C5 A3
// into the Romanian "ţ".
bool rereadsEarlierFix(const std::vector<Char>& chars, const RunRewrite& rewrite, const Decision& d,
                       const Evidence* evidence, std::span<const ByteSpan> earlier) {
    if (earlier.empty())
        return false;
    const Candidate& c = d.cand;
    // The earlier fix whose output holds character k, or -1 (k is not its output, or this
    // round's fixes wrote k).
    const auto fixOf = [&](std::size_t k) -> std::ptrdiff_t {
        if (rewrite.rewrittenWithin(k, k + 1))
            return -1;
        const std::uint64_t at = chars[k].offset;
        for (std::size_t f = 0; f < earlier.size(); ++f)
            if (at >= earlier[f].offset && at - earlier[f].offset < earlier[f].length)
                return std::ptrdiff_t(f);
        return -1;
    };
    const std::ptrdiff_t first = fixOf(c.begin);
    bool withinOne = first >= 0;
    bool touches = false;
    for (std::size_t k = c.begin; k < c.end; ++k) {
        const std::ptrdiff_t f = fixOf(k);
        withinOne &= f == first;
        touches |= f >= 0;
    }
    return (withinOne || (touches && (c.lostNbsp || c.lostUndefined))) &&
           readDeeper(evidence, d.steps.front()) == 0;
}

} // namespace

// rereadsEarlierFix() decides for `earlier`.
bool judgeRun(std::vector<Char>& chars, RunRewrite& rewrite, char32_t beforeRun, char32_t afterRun,
              const Pass& pass, std::span<const ByteSpan> earlier) {
    bool openAtEnd = false;
    std::size_t i = 0;
    while (i < chars.size() && rewrite.mayApplyMore()) {
        if (chars[i].cp < 0x80) {
            ++i;
            continue;
        }
        // Repaired text is read again only together with more damage after it (see below).
        const std::size_t rewritten = rewrite.rewrittenEnd(i);
        if (rewritten > i && (rewritten == chars.size() || chars[rewritten].cp < 0x80)) {
            i = rewritten;
            continue;
        }
        const char32_t before = i > 0 ? chars[i - 1].cp : beforeRun;
        auto d = bestRepair(
            chars, i,
            {before, afterRun, pass.options, pass.evidence, pass.lostPages, pass.shortText},
            openAtEnd);
        // Repaired text is read again only together with what follows it (how far to read
        // it back by itself, the fix that wrote it has decided: its deeper levels), and not
        // with bytes taken as lost: "é" + " " is not E9 A0 and a dropped byte, "ä" + " " +
        // the "”" a fix wrote is not E4 A0 94.
        if (!d || (rewritten > i && d->cand.end <= rewritten) ||
            ((d->cand.lostNbsp || d->cand.lostUndefined) &&
             rewrite.rewrittenWithin(d->cand.begin, d->cand.end))) {
            ++i;
            continue;
        }
        if (rereadsEarlierFix(chars, rewrite, *d, pass.evidence, earlier)) {
            ++i;
            continue;
        }
        // Stretches made only of box-drawing characters ("═╗", "├╢") are what correct
        // IBM437 art looks like: they count as repairs only with evidence from other text.
        // So are symbols that read back as another symbol ("¬®" as MacRoman is "¨"): with no
        // letter on either side, nothing says the text was ever letters.
        // (Each asked until it is known: most damage starts with a letter's image, "Ã", and
        // ICU's u_isalpha() for every damaged character was a hundredth of the repair.)
        const auto damaged =
            std::span<const Char>(chars).subspan(d->cand.begin, d->cand.end - d->cand.begin);
        const auto onlyBoxDrawing = [&] {
            return std::all_of(damaged.begin(), damaged.end(),
                               [](const Char& c) { return c.cp >= 0x2500 && c.cp <= 0x259F; });
        };
        const auto damagedLetter = [&] {
            return std::any_of(damaged.begin(), damaged.end(),
                               [](const Char& c) { return u_isalpha(UChar32(c.cp)) != 0; });
        };
        const auto repairedLetter = [&] {
            return std::any_of(d->cand.repaired.begin(), d->cand.repaired.end(),
                               [](char32_t c) { return u_isalpha(UChar32(c)) != 0; });
        };
        // But box drawing glued to a letter is no art: "posici├│n" is "posición" read as IBM850
        // ("├" is C3), as "Ã" marks windows-1252's damage.
        const char32_t left = d->cand.begin > 0 ? chars[d->cand.begin - 1].cp : beforeRun;
        const char32_t right = d->cand.end < chars.size() ? chars[d->cand.end].cp : afterRun;
        const auto gluedToALetter = [&] {
            return u_isalpha(UChar32(left)) != 0 || u_isalpha(UChar32(right)) != 0;
        };
        d->cand.everyUsesLost |=
            (onlyBoxDrawing() && !gluedToALetter()) || (!damagedLetter() && !repairedLetter());
        // In a short string, a character lost to U+FFFD right after an ASCII letter ("povzroÄ�ena",
        // "pardalÄ�": "č" and "ă" whose second byte windows-1252 leaves undefined) is no guess:
        // the lead byte's image glued to a word, with the U+FFFD a strict decoder wrote for its
        // continuation, tells of the page as a letter read back would. (A longer text has its
        // letters read back to tell which page: every page that maps the lead reads the same
        // U+FFFD, and counting them all would blur its evidence.)
        // So is a character lost so that is all a quoted string holds ("'Ï�'", "\"ðŸ�ª\"" in
        // code tables and emoji lists): correct text quotes no lead byte's image with a U+FFFD.
        const bool quotedAlone = left == right && (left == '\'' || left == '"' || left == '`') &&
                                 d->cand.repaired.size() == 1;
        if (pass.shortText && d->cand.lostToReplacement &&
            ((left < 0x80 && u_isalpha(UChar32(left)) != 0 && d->cand.end - d->cand.begin == 2) ||
             quotedAlone))
            d->cand.everyUsesLost = false;
        // Judging goes on a little before the repaired text: with the characters after it,
        // it may be damage again ("Р" + NBSP is "Р" read as windows-1251, so "Р" + NBSP +
        // NBSP takes two fixes), and what comes before it now has another neighbour, which
        // can decide a repair there. A later round, or a second repair, would otherwise find
        // them.
        if (rewrite.settled(d->cand.begin, d->cand.end)) {
            i = d->cand.end;
            rewrite.note(std::move(*d));
            continue;
        }
        i = RunRewrite::lookBackFrom(d->cand.begin);
        rewrite.apply(std::move(*d));
    }
    return openAtEnd;
}

void credit(Evidence& confident, const Decision& d, std::uint64_t by) {
    if (d.cand.everyUsesLost || d.gain <= 0 || (d.gain < kClearGain && !d.telling))
        return;
    const std::uint64_t weight = by * std::uint64_t(std::min(d.gain, kClearGain));
    for (PageMask pages = d.explaining; pages != 0; pages &= pages - 1)
        confident[std::size_t(std::countr_zero(pages))] += weight;
    for (std::size_t k = 1; k < d.steps.size(); ++k)
        confident[std::size_t(kCodePageCount) + std::size_t(d.steps[k])] += by;
}

namespace {

// Progress is reported, and cancellation checked, every this many bytes.
constexpr std::ptrdiff_t kProgressStep = std::ptrdiff_t(1) << 20;

// Text damaged throughout: the sieve finds start after start, each less than a window past the
// last run, and classifying the windows costs more than judging the few runs it would pass over.
// There the runs are taken one after the other (nextNonAscii) until one has no fix. That finds
// what the sieve does: a run holding no start has no repair, and judging it finds none
// (fastPathsEqualReference holds either way). Damaged text under windows-1252: 37 % fewer
// instructions; clean and partly damaged text never get there. Run after run starts after this
// many starts in a row, each within 64 bytes of the run before.
constexpr int kDenseAfter = 8;

// In a later round, the fixes of the round before in a run (rereadsEarlierFix()), and where they
// lie, for the memo's key: for a run of up to 32 bytes the bytes they cover and those where each
// begins (`layout`); for a longer one the key holds where each begins and ends instead
// (PartScan::keyWithLayout()).
struct EarlierFixes {
    std::span<const ByteSpan> fixes;
    std::uint64_t layout = 0;
    bool longRun = false;
};

// The memo key's flag (beside those of keyOf()) of a key that holds its run's layout.
constexpr unsigned kLayoutInKey = 8;

// Where a fix of the round before lies in the run [runOffset, runEndOffset): [first, second).
std::pair<std::uint64_t, std::uint64_t> spanInRun(const ByteSpan& f, std::uint64_t runOffset,
                                                  std::uint64_t runEndOffset) {
    return {std::max<std::uint64_t>(f.offset, runOffset) - runOffset,
            std::min<std::uint64_t>(f.offset + f.length, runEndOffset) - runOffset};
}

// The storage a part's scan works in: the characters of the run judged, their rewrite and the
// fixes found in it. Kept on each thread from one scan to the next (ScanScratch::Lease): a short
// string's repair is two scans of a few runs, and this storage, allocated anew for each, was a
// quarter of its allocations (with new, malloc and free about 2,500 of its 120,000 instructions).
struct ScanScratch {
    std::vector<Char> chars; // of the run being judged
    std::vector<RunMemo::Fix> runFixes;
    std::string longKey; // PartScan::keyWithLayout()
    RunRewrite rewrite{chars};

    // The thread's scratch while a scan holds it: a scan started meanwhile on the same thread (a
    // progress callback that repairs) finds none and makes its own. One grown past a short
    // text's needs is freed, not kept: a long run's characters would stay with the thread.
    class Lease {
    public:
        Lease() : held_(spare() ? std::move(spare()) : std::make_unique<ScanScratch>()) {}
        ~Lease() {
            if (held_->chars.capacity() <= kKeptChars &&
                held_->rewrite.chainStorage() <= kKeptChars)
                spare() = std::move(held_);
        }
        Lease(const Lease&) = delete;
        Lease& operator=(const Lease&) = delete;
        ScanScratch& operator*() const { return *held_; }

    private:
        static constexpr std::size_t kKeptChars = 4096;
        static std::unique_ptr<ScanScratch>& spare() {
            thread_local std::unique_ptr<ScanScratch> s;
            return s;
        }
        std::unique_ptr<ScanScratch> held_;
    };
};

// One pass over a part of the text (findRepairs()): where repairs can start (the sieve, or run
// after run where the text is damaged throughout), each run or word there judged or met again in
// the memo, its fixes accepted (when collecting) and credited as evidence.
class PartScan {
public:
    PartScan(std::string_view utf8, Pass& pass, Part& part, bool reports, ScanScratch& scratch)
        : pass_(pass), part_(part), reports_(reports),
          base_(reinterpret_cast<const std::uint8_t*>(utf8.data())), end_(base_ + utf8.size()),
          stop_(base_ + part.end), chars_(scratch.chars), runFixes_(scratch.runFixes),
          longKey_(scratch.longKey), rewrite_(scratch.rewrite),
          rule_(SieveRule::lostBytes(pass.lostPages)),
          // The part ends at a byte no run holds, so the sieve needs nothing beyond it.
          starts_(stop_, rule_, sieveKernelFor(utf8.size())),
          // Runs are judged word by word (non-ASCII characters without the spaces). Where no byte
          // is taken as lost, a repair takes in no space (tryPage() stops at ASCII), and judging a
          // run word by word finds what judging it whole does: the fixes near a word's start that
          // make judging go back a little (RunRewrite::kLookBack) only find the words before it
          // as they left them. Where bytes are restored, a word whose judging ran out of
          // characters inside a sequence with a space after it (which could be its lost A0), or
          // made more fixes than it has characters (a run stops at its count plus 8), is judged
          // again with its whole run, the fixes of the run's words before it taken back. Words
          // repeat far more than runs (a line of Cyrillic is one run), and the memo meets them
          // again. A later round judges whole runs: its evidence is new to all of them. Taking
          // fixes back needs them kept (`collect`).
          byWord_(!pass.only && (pass.lostPages == 0 || pass.collect)) {}

    void run() {
        // The first pass of a short text keeps the words it reads for the second (ReadWords),
        // which looks at them from the start.
        ReadWords& read = part_.readWords;
        if (pass_.evidence == nullptr) {
            read.clear();
            if (textSize() <= ReadWords::kTextBytes) {
                read.text = base_;
                read.size = textSize();
            }
        }
        read.next = 0;
        const std::uint8_t* p = base_ + part_.begin;
        reported_ = p;
        while (true) {
            if (p - reported_ >= kProgressStep) {
                if (!pass_.advance(std::uint64_t(p - reported_), reports_)) {
                    part_.accepted.clear();
                    return;
                }
                reported_ = p;
            }
            if (everyRun_ && byWord_) {
                // Run after run, each a word met before: what judge() does for it, without what
                // it needs for the others (a later round's layout, words new or judged with their
                // run, which the general path below takes). Text damaged throughout spends its
                // time here: 100 instructions a word fewer than through judge().
                bool unknown = false;
                p = wordsMetBefore(p, unknown);
                if (p == stop_)
                    break;
                if (!unknown)
                    continue;
            }
            const std::uint8_t* q = nextStart(p);
            if (q == stop_)
                break;
            if (*q < 0x80 && *q != ' ') {
                p = q + 1; // a span given from outside may start in ASCII: no run there
                continue;
            }
            p = judgeRunAt(q, p);
        }
        finish();
    }

private:
    // A fix found (or remembered) counts as evidence (mojibake::credit()); `by` -1 takes that
    // back.
    void credit(const Decision& d, std::uint64_t by = 1) { part_.credit(d, by); }

    // A fix kept (when collecting), and counted for the assembly.
    void accept(std::size_t offset, const Decision& d) {
        part_.accepted.push_back({offset, &d});
        part_.count(d, 1);
    }

    // The memo's key of the run [p, runEnd) (or a word of one): its bytes with the byte before
    // and after it, and which of those the text lacked. A word's entry is not its run's, though
    // the bytes may be the same: only a word is told to be judged with its run.
    std::pair<std::string_view, unsigned> keyOf(const std::uint8_t* p, const std::uint8_t* runEnd,
                                                RunExtent extent) const {
        const std::uint8_t* keyBegin = p != base_ ? p - 1 : p;
        const std::uint8_t* keyEnd = runEnd != end_ ? runEnd + 1 : runEnd;
        return {std::string_view(reinterpret_cast<const char*>(keyBegin),
                                 std::size_t(keyEnd - keyBegin)),
                (p == base_ ? 1u : 0u) | (runEnd == end_ ? 2u : 0u) |
                    (extent == RunExtent::Word ? 4u : 0u)};
    }

    // The run at p met again: its fixes accepted (when collecting), counted for the evidence once
    // per pass (RunMemo::creditMet(), which also counts them for the assembly).
    void metAgain(const std::uint8_t* p, const RunMemo::Known& known) {
        part_.memo.countMet(known);
        const std::size_t runOffset = std::size_t(p - base_);
        if (pass_.collect)
            for (const RunMemo::Fix& f : known.fixes)
                part_.accepted.push_back({runOffset + f.offset, f.decision});
        fixesInRun_ = known.fixes.size();
    }

    // After a run judged: its fixes counted (the next pass reserves for them), and a run without
    // one ends the run after run.
    void tally() {
        fixesFound_ += fixesInRun_;
        if (everyRun_ && fixesInRun_ == 0) {
            everyRun_ = false;
            closeStarts_ = 0;
        }
    }

    // Words one after the other from p, while each was met before and has a fix: accepted and
    // counted as judge() does. Returns where it stopped: after a word without a fix (everyRun
    // then ends), at `stop`, after a step of progress, or before a word not met before or judged
    // with its run (`unknown` then says so: judge() takes it).
    const std::uint8_t* wordsMetBefore(const std::uint8_t* p, bool& unknown) {
        while (true) {
            const Word word = nextWord(p, stop_, end_);
            if (word.begin == stop_)
                return stop_;
            const auto [key, edges] = keyOf(word.begin, word.end, RunExtent::Word);
            const auto known = part_.memo.find(key, edges, 0);
            if (!known || known->wholeRun) {
                unknown = true;
                return word.begin;
            }
            metAgain(word.begin, *known);
            tally();
            if (!everyRun_ || word.end - reported_ >= kProgressStep)
                return word.end;
            p = word.end;
        }
    }

    // Where a repair can start at or after p. Without evidence, a mis-decoding shows as a pair of
    // adjacent characters mapping to a lead and a continuation byte of one page; with evidence,
    // lost bytes widen that (see SieveRule). The sieve skips everything else 64 bytes at a time;
    // text damaged throughout is taken run after run. A later round looks where the round before
    // wrote.
    const std::uint8_t* nextStart(const std::uint8_t* p) {
        if (pass_.only) {
            const std::vector<ByteSpan>& spans = *pass_.only;
            while (span_ < spans.size() && base_ + spans[span_].offset + spans[span_].length <= p)
                ++span_;
            return span_ < spans.size() ? std::min(stop_, std::max(p, base_ + spans[span_].offset))
                                        : stop_;
        }
        return !everyRun_ ? starts_.next(p) : nextNonAscii(p, stop_);
    }

    // Judges the run (or word) holding the start q, found from `from`; returns where it ends.
    const std::uint8_t* judgeRunAt(const std::uint8_t* q, const std::uint8_t* from) {
        const RunExtent extent = byWord_ ? RunExtent::Word : RunExtent::Run;
        // The run (or word) around it: back to its first non-ASCII character.
        const std::uint8_t* p = startOfRun(q, from, extent);
        if (!pass_.only && !everyRun_) {
            closeStarts_ = q - from < 64 ? closeStarts_ + 1 : 0;
            everyRun_ = closeStarts_ >= kDenseAfter;
        }
        // A run: non-ASCII characters and the spaces between them (a space may be a lost A0).
        const std::uint8_t* runEnd = endOfRun(p, end_, extent);
        // A run given from outside is judged only where the sieve would find a start in it (a
        // start's characters are in its run): most fixes of a round leave nothing for the next
        // (the sieve's definition, one character at a time, costs less than a memo lookup).
        if (pass_.only && nextRepairStartScalar(p, runEnd, rule_) == runEnd)
            return runEnd;
        if (judge(p, runEnd, extent)) {
            tally();
            return runEnd;
        }
        return judgeWholeRun(p);
    }

    // A word at p that its run must judge: back to the run's first non-ASCII character, the
    // fixes made since taken back, and the run judged whole. Returns where it ends.
    const std::uint8_t* judgeWholeRun(const std::uint8_t* p) {
        const std::uint8_t* runStart = startOfRun(p, base_ + part_.begin, RunExtent::Run);
        const std::size_t runStartOffset = std::size_t(runStart - base_);
        std::vector<Accepted>& accepted = part_.accepted;
        while (!accepted.empty() && accepted.back().offset >= runStartOffset) {
            credit(*accepted.back().decision, std::uint64_t(-1));
            part_.count(*accepted.back().decision, std::uint64_t(-1));
            accepted.pop_back();
        }
        const std::uint8_t* runEnd = endOfRun(runStart, end_, RunExtent::Run);
        judge(runStart, runEnd, RunExtent::Run);
        tally();
        return runEnd;
    }

    // The fixes of the round before in the run [p, runEnd), in a later round.
    EarlierFixes earlierFixesIn(const std::uint8_t* p, const std::uint8_t* runEnd) const {
        EarlierFixes earlier;
        if (!pass_.only)
            return earlier;
        const std::size_t runOffset = std::size_t(p - base_);
        const std::vector<ByteSpan>& spans = *pass_.only;
        std::size_t first = span_;
        while (first < spans.size() && spans[first].offset + spans[first].length <= runOffset)
            ++first;
        std::size_t last = first;
        const auto runEndOffset = std::uint64_t(runEnd - base_);
        while (last < spans.size() && spans[last].offset < runEndOffset)
            ++last;
        earlier.fixes = std::span<const ByteSpan>(spans.data() + first, last - first);
        earlier.longRun = runEnd - p > 32;
        for (const ByteSpan& f : earlier.fixes) {
            if (earlier.longRun || f.length == 0)
                continue;
            const auto [b, e] = spanInRun(f, runOffset, runEndOffset);
            earlier.layout |= (((std::uint64_t(1) << e) - 1) & ~((std::uint64_t(1) << b) - 1)) |
                              std::uint64_t(1) << (32 + b);
        }
        return earlier;
    }

    // Judges the run [p, runEnd) (or a word of one): its fixes are accepted and counted as
    // evidence, `fixesInRun_` says how many. False, with nothing accepted: the word must be
    // judged with its run.
    bool judge(const std::uint8_t* p, const std::uint8_t* runEnd, RunExtent extent) {
        const std::size_t runOffset = std::size_t(p - base_);
        // In a later round, the fixes of the round before in the run decide too, so the key
        // holds where they lie.
        const EarlierFixes earlier = earlierFixesIn(p, runEnd);
        RunMemo& memo = part_.memo;
        // (A run of a text of a few words, a cell or a name, repaired alone, is neither looked
        // for in the memo nor kept there, and has no key: its runs rarely repeat, and the memo's
        // tables cost more than they save. Nor is a key longer than the memo keeps looked for: a
        // later round's runs can be long.)
        constexpr std::ptrdiff_t kMemoAbove = 256;
        std::string_view key;
        unsigned edges = 0;
        if (end_ - base_ > kMemoAbove) {
            std::tie(key, edges) = keyOf(p, runEnd, extent);
            if (earlier.longRun) {
                key = keyWithLayout(key, earlier, runOffset, std::size_t(runEnd - base_));
                edges |= kLayoutInKey;
            }
        }
        const bool memoised =
            !key.empty() && (!earlier.longRun || key.size() <= RunMemo::kMaxKeyBytes);
        if (const auto known = memoised ? memo.find(key, edges, earlier.layout) : std::nullopt) {
            if (known->wholeRun)
                return false;
            metAgain(p, *known);
            return true;
        }
        const bool worthALook = readWord(p, runEnd, extent);
        rewrite_.reset(&memo.store());
        const std::size_t charCount = chars_.size(); // fixes rewrite `chars_`
        const char32_t beforeRun = runOffset > 0 ? char32_t(base_[runOffset - 1]) : char32_t(' ');
        const char32_t afterRun = runEnd != end_ ? char32_t(*runEnd) : char32_t(' ');
        const bool openAtEnd =
            worthALook && judgeRun(chars_, rewrite_, beforeRun, afterRun, pass_, earlier.fixes);
        if (extent == RunExtent::Word &&
            ((openAtEnd && runEnd != end_ && *runEnd == ' ') || rewrite_.applied() > charCount)) {
            if (memoised)
                memo.rememberWholeRun(key, edges, earlier.layout); // met again, it needs its run
            return false;
        }
        runFixes_.clear();
        // The fixes' decisions lie in the memo's store (the rewrite put them there). A fix is
        // kept (its output encoded) only where something points at it: the pass's accepted fixes
        // or the memo's entry for the run. The first pass of a text too short for the memo does
        // neither, and its fixes are only evidence (credited here): keeping them was ~200
        // instructions a fix.
        const bool kept = pass_.collect || memoised;
        std::size_t fixes = 0;
        rewrite_.forEachFix([&](std::size_t off, std::size_t len, Decision&& d) {
            credit(d);
            ++fixes;
            if (!kept)
                return;
            const Decision* keptAt = memo.keepStored(d, len);
            runFixes_.push_back({off - runOffset, keptAt});
            if (pass_.collect)
                accept(off, *keptAt);
        });
        if (memoised)
            memo.remember(key, edges, earlier.layout, runFixes_);
        fixesInRun_ = fixes;
        return true;
    }

    // Reads the run [p, runEnd) (or a word of one) into chars_, or takes its characters from
    // what the first pass read (ReadWords): in a short text the second pass judges the words the
    // first did, and reading them again was about 2 % of a damaged short string's repair. Returns
    // whether the run is worth a look (readRun()).
    bool readWord(const std::uint8_t* p, const std::uint8_t* runEnd, RunExtent extent) {
        const bool evidence = pass_.evidence != nullptr;
        ReadWords& read = part_.readWords;
        const auto begin = std::size_t(p - base_), end = std::size_t(runEnd - base_);
        if (extent == RunExtent::Word && read.text == base_ && read.size == textSize()) {
            if (evidence) {
                if (const std::span<const Char> known = read.find(begin, end); !known.empty()) {
                    chars_.assign(known.begin(), known.end());
                    return worthALook(known, true);
                }
            } else {
                read.words.push_back({begin, end, read.chars.size()});
                const bool worth = readRun(p, runEnd, base_, pass_.wellFormed, false, chars_);
                read.chars.insert(read.chars.end(), chars_.begin(), chars_.end());
                return worth;
            }
        }
        return readRun(p, runEnd, base_, pass_.wellFormed, evidence, chars_);
    }

    std::size_t textSize() const { return std::size_t(end_ - base_); }

    // The memo's key of a run longer than a layout's 32 bits in a later round: its key (keyOf())
    // and, after it, where each fix of the round before begins and ends in it (two bytes each; a
    // run too long for that is longer than any key the memo keeps).
    std::string_view keyWithLayout(std::string_view key, const EarlierFixes& earlier,
                                   std::size_t runOffset, std::size_t runEndOffset) {
        longKey_.assign(key);
        for (const ByteSpan& f : earlier.fixes) {
            if (f.length == 0)
                continue;
            const auto [b, e] = spanInRun(f, runOffset, runEndOffset);
            for (const std::uint64_t v : {b, e}) {
                longKey_ += char(v & 0xFF);
                longKey_ += char((v >> 8) & 0xFF);
            }
        }
        return longKey_;
    }

    // The part judged: the runs met again credited, the last progress reported.
    void finish() {
        part_.memo.creditMet([&](std::span<const RunMemo::Fix> fixes, std::uint64_t times) {
            for (const RunMemo::Fix& f : fixes) {
                credit(*f.decision, times);
                if (pass_.collect)
                    part_.count(*f.decision, times);
            }
        });
        part_.fixesFound = fixesFound_;
        if (!pass_.advance(std::uint64_t(stop_ - reported_), reports_))
            part_.accepted.clear();
    }

    Pass& pass_;
    Part& part_;
    const bool reports_; // the part runs on the calling thread, which reports progress
    const std::uint8_t* const base_;
    const std::uint8_t* const end_;  // of the text
    const std::uint8_t* const stop_; // of the part
    std::vector<Char>& chars_;       // of the run being judged (ScanScratch)
    std::vector<RunMemo::Fix>& runFixes_;
    std::string& longKey_; // keyWithLayout()
    RunRewrite& rewrite_;
    const SieveRule rule_;
    RepairStartSieve starts_;
    const bool byWord_;
    const std::uint8_t* reported_ = nullptr; // progress reported up to here
    std::size_t fixesFound_ = 0;
    std::size_t fixesInRun_ = 0; // by the run or word judged last
    std::size_t span_ = 0;       // the next of pass.only
    int closeStarts_ = 0;        // starts in a row, each within 64 bytes of the run before
    bool everyRun_ = false;      // run after run (kDenseAfter)
};

// One pass over a part of the text: its repairs (when collecting), and per page how many needed
// no lost byte. The text around the part is context (the bytes before and after a run).
void findRepairs(std::string_view utf8, Pass& pass, Part& part, bool reports) {
    part.accepted.clear();
    part.counts.clear();
    // As many as the pass before found, and some: damaged text has a fix every few words, and
    // a list grown by doubling touches twice its memory.
    if (pass.collect)
        part.accepted.reserve(part.fixesFound + part.fixesFound / 8);
    part.clearEvidence();
    if (utf8.size() < 2)
        return; // a mis-decoding takes at least two characters
    const ScanScratch::Lease scratch;
    PartScan(utf8, pass, part, reports, *scratch).run();
}

} // namespace

// Parts of at least this size are worth a thread of their own.
constexpr std::size_t kMinPartBytes = std::size_t(1) << 20;

// The text cut into `count` parts of about equal size, each ending at a byte that is ASCII and
// not a space: no run holds one (runs are non-ASCII characters and the spaces between them), so
// every run, candidate and memo key lies in one part, and each part is judged as the whole text
// would be. Fewer parts where the text has no such byte.
void cutIntoParts(std::string_view utf8, unsigned count, std::vector<Part>& parts,
                  std::size_t judged) {
    const std::size_t size = std::min(judged, utf8.size());
    std::size_t made = 0;
    const auto add = [&](std::size_t begin, std::size_t end) {
        if (made < parts.size())
            parts[made].reset(begin, end);
        else
            parts.emplace_back(begin, end);
        ++made;
    };
    std::size_t begin = 0;
    for (unsigned k = 1; k < count; ++k) {
        std::size_t cut = std::max(begin, size / count * k);
        while (cut < size && (std::uint8_t(utf8[cut]) >= 0x80 || utf8[cut] == ' '))
            ++cut;
        if (cut == begin || cut >= size)
            continue;
        add(begin, cut);
        begin = cut;
    }
    add(begin, size);
    parts.erase(parts.begin() + std::ptrdiff_t(made), parts.end());
}

std::vector<Part> cutIntoParts(std::string_view utf8, unsigned count, std::size_t judged) {
    std::vector<Part> parts;
    cutIntoParts(utf8, count, parts, judged);
    return parts;
}

namespace {

std::vector<Part>& spareParts() {
    thread_local std::vector<Part> spare;
    return spare;
}

} // namespace

PartsLease::PartsLease() : parts_(std::move(spareParts())) {}

PartsLease::~PartsLease() {
    if (parts_.size() == 1 && parts_[0].memo.small() && parts_[0].accepted.capacity() <= 256 &&
        parts_[0].readWords.chars.capacity() <= ReadWords::kTextBytes)
        spareParts() = std::move(parts_);
}

unsigned partsFor(std::size_t bytes, unsigned asked) {
    if (asked != 0)
        return asked;
    const unsigned cores = std::min(8u, cpuCores());
    return unsigned(std::clamp<std::size_t>(bytes / kMinPartBytes, 1, cores));
}

void runPass(std::string_view utf8, Pass& pass, std::vector<Part>& parts) {
    // A short text is one part: judged here, without onThreads()'s list of errors (an exception
    // reaches the caller as it would from there).
    if (parts.size() == 1) {
        findRepairs(utf8, pass, parts[0], true);
        return;
    }
    onThreads(parts.size(), [&](std::size_t k) { findRepairs(utf8, pass, parts[k], k == 0); });
}

Evidence evidenceOf(const std::vector<Part>& parts, Evidence sum) {
    addEvidenceOf(parts, sum);
    return sum;
}

void addEvidenceOf(const std::vector<Part>& parts, Evidence& sum) {
    for (const Part& part : parts) {
        for (PageMask pages = part.creditedPages; pages != 0; pages &= pages - 1) {
            const auto k = std::size_t(std::countr_zero(pages));
            sum[k] += part.confident[k];
        }
        for (PageMask pages = part.creditedDeeper; pages != 0; pages &= pages - 1) {
            const auto k = std::size_t(kCodePageCount) + std::size_t(std::countr_zero(pages));
            sum[k] += part.confident[k];
        }
    }
}

void Part::credit(const Decision& d, std::uint64_t by) {
    creditedPages |= d.explaining;
    for (std::size_t k = 1; k < d.steps.size(); ++k)
        creditedDeeper |= pageBit(d.steps[k]);
    mojibake::credit(confident, d, by);
}

void Part::clearEvidence() {
    for (PageMask pages = creditedPages; pages != 0; pages &= pages - 1)
        confident[std::size_t(std::countr_zero(pages))] = 0;
    for (PageMask pages = creditedDeeper; pages != 0; pages &= pages - 1)
        confident[std::size_t(kCodePageCount) + std::size_t(std::countr_zero(pages))] = 0;
    creditedPages = creditedDeeper = 0;
}

} // namespace u8convert::detail::mojibake
