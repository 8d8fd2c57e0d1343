// Reading a stretch back through a code page (mojibake_page_reading.h).
#include "mojibake_page_reading.h"

#include "mojibake_score.h"
#include "u8codec/byte_class.h"

#include <algorithm>
#include <array>
#include <span>
#include <unicode/uchar.h>
#include <utility>

namespace u8convert::detail::mojibake {
using namespace u8codec;

namespace {

// One UTF-8 sequence read a byte at a time by the codec's byte classes (byte_class.h: RFC 3629's
// table, section 4), as its segmenter reads it, but only as far as a stretch read back needs: a
// multi-byte character completed, or the first byte no well-formed sequence has there (an ASCII
// byte, which is no damage, counts as such). The segmenter's error segments and maximal
// subparts are not needed: the reading stops at the first.
class SequenceStep {
public:
    enum class Fed : std::uint8_t { Pending, Complete, Invalid };

    bool atBoundary() const noexcept { return needed_ == 0; }
    char32_t codePoint() const noexcept { return codePoint_; }
    // Whether `b` continues the pending sequence (feed() would not find it invalid).
    bool continuesWith(std::uint8_t b) const noexcept { return next_.contains(b); }

    Fed feed(std::uint8_t b) noexcept {
        if (needed_ == 0) {
            const int length = sequenceLength(classify(b));
            if (length < 2)
                return Fed::Invalid;
            needed_ = length - 1;
            codePoint_ = b & (0x7Fu >> length);
            next_ = firstContinuationRange(b);
            return Fed::Pending;
        }
        if (!next_.contains(b)) {
            needed_ = 0;
            return Fed::Invalid;
        }
        codePoint_ = codePoint_ << 6 | (b & 0x3Fu);
        next_ = {0x80, 0xBF};
        return --needed_ == 0 ? Fed::Complete : Fed::Pending;
    }

private:
    int needed_ = 0; // continuation bytes still to come
    char32_t codePoint_ = 0;
    ByteRange next_{0x80, 0xBF};
};

// The length of the sequence a byte starts when PageReading::readPlain() reads it as a plain
// lead (byte_class.h: 2 to 4); 0 for any other byte: ASCII, continuations, bytes no well-formed
// sequence starts with, and ED, which may begin a surrogate pair (readSurrogatePair()).
constexpr std::array<std::uint8_t, 256> kPlainLeadLength = [] {
    std::array<std::uint8_t, 256> lengths{};
    for (int b = 0; b < 256; ++b) {
        const int length = sequenceLength(classify(std::uint8_t(b)));
        lengths[std::size_t(b)] = b == 0xED || length < 2 ? 0 : std::uint8_t(length);
    }
    return lengths;
}();

// Which undefined windows-1252 byte a decoder most likely dropped after the bytes `pending`
// (the lead and continuations read so far): the candidates that complete a plausible character,
// preferring the characters that are frequent in text ("”", Cyrillic "с", "я", "Á", "č", "Ł").
std::optional<char32_t> guessDroppedByte(const SequenceStep& pending) {
    static constexpr char32_t kPreferred[] = {0x201D, 0x0441, 0x03C1, 0x044F, 0x0410,
                                              0x041D, 0x00C1, 0x010D, 0x0141, 0x00CD,
                                              0x044D, 0x0150, 0x010F};
    std::optional<char32_t> best;
    int bestRank = 1000;
    int order = 0;
    for (std::uint8_t u : {std::uint8_t(0x8D), std::uint8_t(0x81), std::uint8_t(0x9D),
                           std::uint8_t(0x8F), std::uint8_t(0x90)}) {
        ++order;
        SequenceStep trial = pending;
        if (trial.feed(u) != SequenceStep::Fed::Complete)
            continue;
        const char32_t cp = trial.codePoint();
        if (!plausibleResult(cp))
            continue;
        int rank = 100 + order;
        for (int k = 0; k < int(std::size(kPreferred)); ++k)
            if (kPreferred[k] == cp)
                rank = k;
        if (rank < bestRank) {
            bestRank = rank;
            best = cp;
        }
    }
    // No frequent character among them: which one was lost is a guess, and a guess invents a
    // character ("שלו" and a lost byte after D7 could be "ם", "א" or a point): the character
    // is lost, one U+FFFD (Unicode chapter 3).
    if (best && bestRank >= 100)
        return kLostByte;
    return best;
}

// Whether the space chars[i], taken as the lost A0 of "à" (C3 A0, its "Ã" at i - 1), was also
// the space after it. "à" is a word of its own in French, Catalan and Portuguese, so after it
// comes a space; a program that turned its A0 into a space and then collapsed the two spaces (as
// HTML rendering does) left one: "Ã perturber" is "à perturber", not "àperturber". Where two
// spaces follow ("Ã  la"), the first was the A0. Inside a word ("carÃ cter", Catalan "caràcter")
// the space was the A0 alone: a word ending in "à" ("voilà", "città") whose spaces collapsed
// cannot be told from that, and is taken as that. (Portuguese "às" and "àquele", which ftfy tells
// apart by the letters after the space, would need more of the text than a run's repair sees.)
bool alsoAWordBreak(const std::vector<Char>& chars, std::size_t i, char32_t before,
                    char32_t afterRun) {
    // After an elided article ("l'Ã rea", Catalan "l'àrea") it is inside a word too.
    const char32_t beforeLead = i >= 2 ? chars[i - 2].cp : before;
    if (u_isalpha(UChar32(beforeLead)) || beforeLead == '\'' || beforeLead == 0x2019)
        return false;
    const char32_t next = i + 1 < chars.size() ? chars[i + 1].cp : afterRun;
    if (next >= 0x80)
        return true;
    return (next >= 'a' && next <= 'z') || (next >= 'A' && next <= 'Z') ||
           (next >= '0' && next <= '9');
}

// The supplementary character whose surrogate pair, each half in its 3-byte form (ED A0-AF xx,
// ED B0-BF xx: CESU-8), chars[i, i + 6) stand for under the page (`byteAt(k)`: the byte of
// chars[k]); 0 if they do not.
template <typename ByteAt>
char32_t cesuPairAt(const std::vector<Char>& chars, std::size_t i, ByteAt&& byteAt) {
    if (chars.size() - i < 6)
        return 0;
    std::uint8_t b[6];
    for (std::size_t k = 0; k < 6; ++k) {
        const char32_t c = chars[i + k].cp;
        b[k] = c == ' ' && (k == 1 || k == 4) ? 0xA0 : c < 0x80 ? 0 : byteAt(i + k);
    }
    const auto cont = [](std::uint8_t x) { return x >= 0x80 && x <= 0xBF; };
    if (b[0] != 0xED || b[1] < 0xA0 || b[1] > 0xAF || !cont(b[2]) || b[3] != 0xED || b[4] < 0xB0 ||
        b[4] > 0xBF || !cont(b[5]))
        return 0;
    const char32_t high = 0xD000 | char32_t(b[1] & 0x3F) << 6 | (b[2] & 0x3F);
    const char32_t low = 0xD000 | char32_t(b[4] & 0x3F) << 6 | (b[5] & 0x3F);
    return 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00);
}

// Maps chars [start, ...) back to bytes of one page and reads them as UTF-8 by RFC 3629's table,
// one character at a time (tryPage()). What it reads of the page goes through byteAt() and the
// page's two flags (losesContinuations, losesLeads) read at a U+FFFD, and each character it
// looks at is below looked_: readsAlike() rests on that.
class PageReading {
public:
    PageReading(const std::vector<Char>& chars, std::size_t start, CodePage page,
                PageReadOptions options, Candidate& out, bool plainSteps)
        : chars_(chars), start_(start), page_(tables().pages[std::size_t(page)]),
          plainSteps_(plainSteps), restoreLost_(options.restoreLost),
          readsTheText_(options.readsTheText), before_(options.before), afterRun_(options.afterRun),
          mayDrop_(mayDrop(page, options)), cand_(out), consumed_(start), looked_(start) {
        // The output's storage is reused: every field is set here or by the reading.
        cand_.begin = start;
        cand_.end = start;
        cand_.repaired.clear();
        cand_.lostNbsp = false;
        cand_.lostUndefined = false;
        cand_.lostToReplacement = false;
        cand_.everyUsesLost = false;
        cand_.surrogatePair = false;
        cand_.cost = 0;
    }

    bool read(bool& openAtEnd) {
        std::size_t i = start_;
        while (!failed_) {
            if (plainSteps_ && seg_.atBoundary())
                i = readPlainChars(i);
            if (i >= chars_.size())
                break;
            if (plainSteps_ && readPlain(i)) {
                ++i;
                continue;
            }
            if (!readChar(i))
                break;
        }
        return finish(i, openAtEnd);
    }

    std::size_t looked() const { return looked_; }

private:
    // The byte chars_[k] stands for under the page (0: none).
    std::uint8_t byteAt(std::size_t k) {
        looked_ = std::max(looked_, k + 1);
        return page_.byteOf(chars_[k].cp);
    }

    // Feeds one byte to the sequence; true when it completed one or failed.
    bool feed(std::uint8_t b) {
        switch (seg_.feed(b)) {
        case SequenceStep::Fed::Pending:
            return false;
        case SequenceStep::Fed::Invalid:
            failed_ = true;
            return true;
        case SequenceStep::Fed::Complete:
            break;
        }
        cand_.repaired.push_back(seg_.codePoint());
        anyWithoutLost_ |= !seqLost_;
        seqLost_ = false;
        return true;
    }

    // A pending sequence cut short: complete it with a dropped undefined byte, if one fits.
    bool completeDropped(std::size_t at) {
        if (!mayDrop_ || seg_.atBoundary() || seqLost_)
            return false;
        const auto cp = guessDroppedByte(seg_);
        if (!cp)
            return false;
        seg_ = SequenceStep();
        cand_.repaired.push_back(*cp);
        cand_.lostUndefined = true;
        seqLost_ = false; // this character needed a lost byte; it does not count as evidence
        consumed_ = at;
        return true;
    }

    // The byte the character chars_[i] stands for under the page, into `b`; `lost`: a byte taken
    // as lost stands in for it. False: the stretch ends before it.
    bool byteFor(std::size_t i, std::uint8_t& b, bool& lost) {
        const char32_t c = chars_[i].cp;
        // Most characters are neither a space nor a U+FFFD: the page's byte alone.
        if (c >= 0x80 && c != kLostByte) {
            b = byteAt(i);
            return b != 0;
        }
        // "â€" then a space under any other page: "”" whose 9D was lost (the rule in readChar())
        // is far more likely than "†", whatever page the rest of the text was read through.
        const bool afterE280 = seqBytes_ == 2 && seqHead_[0] == 0xE2 && seqHead_[1] == 0x80;
        if (c == ' ' && restoreLost_ && !seg_.atBoundary() && !seqLost_ && !afterE280) {
            b = 0xA0; // NBSP turned into a space by the mis-decoding program
            lost = true;
            return true;
        }
        if (c == kLostByte && readsTheText_ && page_.losesContinuations && !seg_.atBoundary() &&
            (!seqLost_ || lossy_)) {
            // A byte the page leaves undefined, written as U+FFFD by a strict decoder ("â€�"
            // for "”", whose 9D windows-1252 does not define): the character it was part of is
            // lost, and becomes one U+FFFD (Unicode chapter 3, U+FFFD substitution). Any byte
            // the sequence allows there stands in for it until the character is complete.
            b = seqBytes_ == 1 ? firstContinuationRange(seqHead_[0]).low : std::uint8_t(0x80);
            lost = true;
            lossy_ = true;
            return true;
        }
        if (c < 0x80)
            return false;
        b = byteAt(i);
        return b != 0;
    }

    // A surrogate pair written as two 3-byte forms (CESU-8, Java's Modified UTF-8) and then
    // mis-decoded: "í ½í¸€" is U+1F600. RFC 3629 section 3 forbids the surrogate forms; the
    // character they pair into is what the writer meant. True: read, i past its six characters.
    bool readSurrogatePair(std::size_t& i) {
        const char32_t pair = cesuPairAt(chars_, i, [this](std::size_t k) { return byteAt(k); });
        if (pair == 0)
            return false;
        cand_.repaired.push_back(pair);
        cand_.surrogatePair = true;
        anyWithoutLost_ = true;
        i += 6;
        consumed_ = i;
        return true;
    }

    // A lead byte the page leaves undefined, written as U+FFFD by a strict decoder, and the
    // images of the continuation bytes after it (up to three): one lost character, one U+FFFD.
    // False (nothing read) when no continuation follows: a U+FFFD alone is no mis-decoding.
    bool readLostLead(std::size_t& i) {
        std::size_t k = i + 1;
        while (k < chars_.size() && k - i <= 3 && chars_[k].cp >= 0x80 &&
               classify(byteAt(k)) == ByteClass::Continuation)
            ++k;
        if (k == i + 1)
            return false;
        cand_.repaired.push_back(kLostByte);
        cand_.lostToReplacement = true;
        cand_.lostUndefined = true;
        i = k;
        consumed_ = k;
        return true;
    }

    // Most characters of a stretch are plain: non-ASCII, not U+FFFD, their byte a lead (not ED,
    // which may begin a surrogate pair) at a boundary or a byte that continues the pending
    // sequence, with no byte lost in it. Such a character is read here as readChar() reads it,
    // with none of the checks for lost bytes; true: read (the caller moves past it). False:
    // nothing changed, readChar() reads it (the tests hold the two paths to each other).
    bool readPlain(std::size_t i) {
        const char32_t c = chars_[i].cp;
        if (c < 0x80 || c == kLostByte || lossy_)
            return false;
        const std::uint8_t b = page_.byteOf(c);
        if (b == 0)
            return false;
        if (seg_.atBoundary() ? b == 0xED || sequenceLength(classify(b)) < 2
                              : !seg_.continuesWith(b))
            return false;
        looked_ = std::max(looked_, i + 1);
        noteHead(b);
        if (feed(b)) // never invalid here: a lead at a boundary, or a byte that continues
            consumed_ = i + 1;
        return true;
    }

    // The byte a plain character stands for under the page (readPlain()'s test): 0 for ASCII,
    // U+FFFD and characters the page lacks, which no plain character is. `flat`: the page's flat
    // table, which readPlainChars() keeps at hand.
    std::uint8_t plainByte(const std::uint8_t* flat, char32_t c) const {
        // One comparison for most: the characters of the page's flat table but ASCII.
        if (c - 0x80 < kFlatLimit - 0x80)
            return flat[c];
        return c < 0x80 || c == kLostByte ? 0 : page_.byteOf(c);
    }

    // Whole characters from i at a sequence boundary, each plain throughout (its lead and every
    // continuation as readPlain() takes them), read in one go: a stretch is mostly such
    // characters ("Ã©", "â€œ"), and reading them a byte at a time through readPlain() and the
    // sequence's state was most of tryPage(). Returns one past the last character read; what
    // follows (a character that is not plain, or one that ends the stretch) is left to
    // readPlain() and readChar() from its lead on, as if this had read nothing of it. The state
    // it leaves is theirs after the same characters: at a boundary, the characters pushed, the
    // stretch consumed and looked at up to the result, a character read without a lost byte.
    std::size_t readPlainChars(std::size_t i) {
        const Char* const chars = chars_.data();
        const std::size_t n = chars_.size();
        const std::uint8_t* const flat = page_.fromUnicode.data();
        SmallVector<char32_t, 12>& repaired = cand_.repaired;
        const std::size_t from = i;
        const auto continues = [](std::uint8_t b) { return (b & 0xC0) == 0x80; };
        while (n - i >= 2) { // a character of two bytes at least
            const std::uint8_t lead = plainByte(flat, chars[i].cp);
            const std::size_t length = kPlainLeadLength[lead];
            if (length == 2) {
                // Most: a 2-byte lead (C2-DF), whose continuation may be any of 80-BF.
                const std::uint8_t b = plainByte(flat, chars[i + 1].cp);
                if (!continues(b))
                    break;
                repaired.push_back(char32_t(lead & 0x1F) << 6 | (b & 0x3F));
                i += 2;
                continue;
            }
            if (length == 0 || n - i < length)
                break;
            if (length == 3) {
                // E0-EF but ED: the first continuation is A0-BF after E0 (RFC 3629 section 4),
                // any of 80-BF after the others.
                const std::uint8_t b1 = plainByte(flat, chars[i + 1].cp);
                const std::uint8_t b2 = plainByte(flat, chars[i + 2].cp);
                if (!firstContinuationRange(lead).contains(b1) || !continues(b2))
                    break;
                repaired.push_back(char32_t(lead & 0x0F) << 12 | char32_t(b1 & 0x3F) << 6 |
                                   (b2 & 0x3F));
                i += 3;
                continue;
            }
            char32_t cp = lead & 0x07u;
            ByteRange next = firstContinuationRange(lead);
            std::size_t k = 1;
            for (; k < 4; ++k) {
                const std::uint8_t b = plainByte(flat, chars[i + k].cp);
                if (!next.contains(b))
                    break;
                cp = cp << 6 | (b & 0x3Fu);
                next = {0x80, 0xBF};
            }
            if (k < 4)
                break;
            repaired.push_back(cp);
            i += 4;
        }
        if (i != from) {
            consumed_ = i;
            looked_ = std::max(looked_, i);
            anyWithoutLost_ = true;
        }
        return i;
    }

    // The pending sequence's byte count and first two bytes (byteFor() reads them) with `b`.
    void noteHead(std::uint8_t b) {
        seqBytes_ = seg_.atBoundary() ? 1 : seqBytes_ + 1;
        if (seqBytes_ <= 2)
            seqHead_[seqBytes_ - 1] = b;
    }

    // Reads chars_[i] (with a surrogate pair, the five after it too) and moves i past it. False:
    // the stretch ends at i.
    bool readChar(std::size_t& i) {
        looked_ = std::max(looked_, i + 1);
        const char32_t c = chars_[i].cp;
        if (c == ' ' && mayDrop_ && !seg_.atBoundary() &&
            guessDroppedByte(seg_) == char32_t(0x201D)) {
            // "â€" then a space: a dropped 9D (the closing quote "”") is far more common than
            // a dagger "†" (E2 80 A0) whose A0 became a space.
            completeDropped(i);
            return false;
        }
        if (c == kLostByte && readsTheText_ && page_.losesLeads && seg_.atBoundary())
            return readLostLead(i);
        std::uint8_t b = 0;
        bool lost = false;
        if (!byteFor(i, b, lost))
            return false;
        if (!seg_.atBoundary() && !firstContinuationRange(0x80).contains(b) && !completeDropped(i))
            return false;
        if (seg_.atBoundary() && b == 0xED && !lost && readSurrogatePair(i))
            return true;
        if (seg_.atBoundary() && sequenceLength(classify(b)) < 2)
            return false;
        return readByte(i, b, lost);
    }

    // Feeds the byte of chars_[i] and moves i past it. False: the stretch ends at i (the space
    // after a restored "à" stays).
    bool readByte(std::size_t& i, std::uint8_t b, bool lost) {
        if (lost && !lossy_)
            cand_.lostNbsp = true;
        seqLost_ |= lost;
        noteHead(b);
        if (feed(b) && !failed_) {
            consumed_ = i + 1;
            if (std::exchange(lossy_, false)) {
                cand_.lostToReplacement = true;
                cand_.repaired.back() = kLostByte;
                cand_.lostUndefined = true;
            }
            if (lost && cand_.repaired.back() == 0xE0 &&
                alsoAWordBreak(chars_, i, before_, afterRun_)) {
                consumed_ = i; // the space stays
                return false;
            }
        }
        ++i;
        return true;
    }

    // The stretch read, up to chars_[i]: whether the candidate holds a repair.
    bool finish(std::size_t i, bool& openAtEnd) {
        if (!failed_ && restoreLost_ && i == chars_.size() && !seg_.atBoundary())
            openAtEnd = true;
        if (!failed_)
            completeDropped(i);
        if (consumed_ == start_ || cand_.repaired.empty())
            return false;
        cand_.end = consumed_;
        cand_.everyUsesLost = !anyWithoutLost_;
        // A letter right after the repaired stretch, still inside the non-ASCII run, means the
        // stretch was part of a correct word ("Рівне": "Рі" maps to "г", "вне" does not map).
        if (consumed_ < chars_.size() && chars_[consumed_].cp >= 0x80 &&
            info(chars_[consumed_].cp).kind == Kind::Letter && byteAt(consumed_) != 0)
            return false;
        return true;
    }

    const std::vector<Char>& chars_;
    const std::size_t start_;
    const PageTable& page_;
    const bool plainSteps_; // readPlain() reads the plain characters
    const bool restoreLost_;
    const bool readsTheText_;
    const char32_t before_;
    const char32_t afterRun_;
    const bool mayDrop_;
    SequenceStep seg_;
    Candidate& cand_;
    std::size_t consumed_; // chars consumed by completed multi-byte characters
    std::size_t looked_;   // one past the last character looked at
    bool seqLost_ = false; // the pending sequence has its one lost byte (see SieveRule)
    bool anyWithoutLost_ = false;
    bool failed_ = false;
    bool lossy_ = false;               // the pending sequence lost a byte to U+FFFD
    int seqBytes_ = 0;                 // bytes of the pending sequence
    std::uint8_t seqHead_[2] = {0, 0}; // its first two
};

} // namespace

// Maps chars [start, ...) back to bytes of `page` and reads them as UTF-8. Returns the longest
// stretch from `start` made of well-formed multi-byte characters. `openAtEnd` is set when bytes may
// be restored and the characters ran out inside a sequence: a space after them could be its lost A0
// (or the place of a dropped byte).
bool tryPage(const std::vector<Char>& chars, std::size_t start, CodePage page,
             PageReadOptions options, bool& openAtEnd, Candidate& out, std::size_t& looked) {
    PageReading reading(chars, start, page, options, out, true);
    const bool found = reading.read(openAtEnd);
    looked = reading.looked();
    return found;
}

bool tryPageCharByChar(const std::vector<Char>& chars, std::size_t start, CodePage page,
                       PageReadOptions options, bool& openAtEnd, Candidate& out,
                       std::size_t& looked) {
    PageReading reading(chars, start, page, options, out, false);
    const bool found = reading.read(openAtEnd);
    looked = reading.looked();
    return found;
}

} // namespace u8convert::detail::mojibake
