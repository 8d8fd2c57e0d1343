// Library-internal: the parts of the Auditor (audit.h). Each rule family is a tracker fed one
// character at a time; a tracker that holds characters whose findings are not decided yet says
// how far back it may still report (earliest()) and whether plain ASCII could change its state
// in a way that matters (quiet()), so that the driver can skip ASCII runs while all are quiet.
#pragma once

#include "audit_lookalike.h"
#include "audit_syntax.h"
#include "u8codec/controls.h"
#include "u8convert/audit.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

struct USpoofChecker;

namespace u8convert::audit_detail {
using namespace u8codec;

inline constexpr std::uint64_t kNothingPending = UINT64_MAX;

// UAX #31 ID_Continue (ASCII: letters, digits, '_').
[[nodiscard]] bool isIdentifierCharacter(char32_t cp) noexcept;

// What the rules ask of a character, from a table for the BMP (audit_traits.cpp).
struct CharTraits {
    static constexpr std::uint8_t kOrdinary = 1;   // no rule reports it, ends or decides runs
    static constexpr std::uint8_t kIdentifier = 2; // ID_Continue
    static constexpr std::uint8_t kWord = 4;       // ID_Continue but connector punctuation
    static constexpr std::uint8_t kNfcInert = 8;   // NFC boundary before, quick-check-Yes starter
    static constexpr std::uint8_t kLetterOrMark = 16; // general category L or M
    static constexpr std::uint8_t kSeveralScripts = 0xFF;

    std::uint8_t flags = 0;
    std::uint8_t script = kSeveralScripts; // its one Script_Extensions value (a UScriptCode)

    bool has(std::uint8_t f) const noexcept { return (flags & f) != 0; }
};
// The BMP's traits, 256 code points at a time, each block made when one of its characters is
// first seen (audit_traits.cpp); read for every character that is not skipped, so the lookup is
// inline: one acquire load once the block is made.
extern std::array<std::atomic<const CharTraits*>, 256> traitsBlocks;
[[nodiscard]] const CharTraits* makeTraitsBlock(char32_t cp);
[[nodiscard]] CharTraits traitsAboveBmp(char32_t cp);
[[nodiscard]] inline CharTraits traitsOf(char32_t cp) {
    if (cp >= 0x10000)
        return traitsAboveBmp(cp);
    const CharTraits* block = traitsBlocks[cp >> 8].load(std::memory_order_acquire);
    return (block ? block : makeTraitsBlock(cp))[cp & 0xFF];
}

// One character, or one error segment (cp U+FFFD, error set), as the rules see it.
struct AuditChar {
    char32_t cp = 0;
    std::uint64_t offset = 0;
    std::uint8_t length = 0;
    std::uint64_t line = 1, column = 1;
    bool error = false;
    bool allowed = false; // in the allowlist
    CharTraits traits;    // none for an error segment
};

// Findings held until nothing before them can still be found, then delivered in offset order
// (ties in the order they were found, which the rules' order fixes).
class FindingQueue {
public:
    static constexpr std::size_t kCapacity = 4096;

    // Where add() lets the earliest go when more than kCapacity are held (set by the driver
    // while it runs).
    void setSink(const Auditor::Sink* sink) noexcept { sink_ = sink; }
    void add(AuditFinding f);
    // Delivers the findings that start before `watermark`.
    void release(std::uint64_t watermark, const Auditor::Sink& sink);
    [[nodiscard]] bool empty() const noexcept { return held_.empty(); }

private:
    struct Held {
        std::uint64_t seq;
        AuditFinding finding;
    };
    std::deque<Held> held_;
    std::uint64_t seq_ = 0;
    const Auditor::Sink* sink_ = nullptr;
};

struct RuleContext {
    const AuditOptions& options;
    FindingQueue& findings;

    [[nodiscard]] bool wants(AuditKind k) const noexcept {
        return (options.kinds & kindBit(k)) != 0;
    }
    [[nodiscard]] bool code() const noexcept { return options.profile == AuditProfile::Code; }
    // A finding on one character, with its explanation.
    void addCharacterFinding(AuditKind k, const AuditChar& c, std::string message);
};

// --- per-character kinds (audit_character.cpp) ---------------------------------------------

// The bidirectional formatting characters of UAX #9 section 2.
enum class BidiClass : std::uint8_t {
    None,
    Embedding,     // LRE U+202A, RLE U+202B
    Override,      // LRO U+202D, RLO U+202E
    Isolate,       // LRI U+2066, RLI U+2067, FSI U+2068
    PopFormatting, // PDF U+202C
    PopIsolate,    // PDI U+2069
    Mark,          // LRM U+200E, RLM U+200F, ALM U+061C
};
[[nodiscard]] BidiClass bidiClassOf(char32_t cp) noexcept;
// LF, CR, NEL, LINE SEPARATOR, PARAGRAPH SEPARATOR: where the per-line bidi stack ends.
[[nodiscard]] bool endsLine(char32_t cp) noexcept;
// Variation selectors (VS1-256, Mongolian FVS1-4) and the assigned tags (U+E0001,
// U+E0020-E007F): the characters a hidden payload is made of, left to the MarkTracker.
[[nodiscard]] bool isVariationSelector(char32_t cp) noexcept;
[[nodiscard]] bool isTag(char32_t cp) noexcept;
[[nodiscard]] inline bool isZeroWidthJoiner(char32_t cp) noexcept {
    return cp == 0x200D;
}
[[nodiscard]] inline bool isJoinerControl(char32_t cp) noexcept {
    return cp == 0x200C || cp == 0x200D;
}
// ZWJ, ZWNJ and ZERO WIDTH SPACE: invisible characters whose neighbours decide (MarkTracker).
[[nodiscard]] inline bool isDecidedByNeighbours(char32_t cp) noexcept {
    return isJoinerControl(cp) || cp == 0x200B;
}
// The kind of a finding on this character alone (kinds decided by context are not: variation
// selectors, tags and ZWJ/ZWNJ are the MarkTracker's), or none.
[[nodiscard]] std::optional<AuditKind> characterKind(const AuditChar& c, AuditProfile profile);
// Code outside comments and strings: punctuation drawn like the ASCII punctuation a compiler
// reads there (UTS #39 section 4 skeletons) is confusable where it stands in for it: a ';'
// look-alike (U+037E GREEK QUESTION MARK), a quote look-alike opening a string where an
// expression starts (`printf(“hello”)`, `x = ‘a’`), a '-' look-alike before a digit (U+2212 in
// `6.674e−11`). U+2800 BRAILLE PATTERN BLANK, which draws nothing, is invisible. Quotes and
// dashes inside words stay alone: prose that a lexer took for code uses them as typography.
class PunctuationTracker {
public:
    void onChar(const AuditChar& c, bool inCode, RuleContext& ctx);
    // After the fast path skipped plain ASCII p[0, n) (in code or not).
    void afterPlainAscii(const std::uint8_t* p, std::size_t n) noexcept;
    void finish() noexcept { pending_ = false; } // a '-' look-alike last: no digit after it
    // After a run of letters (what onChar() leaves after a letter, while quiet).
    void continueRun(char32_t last) noexcept { lastSignificant_ = last; }
    bool quiet() const noexcept { return !pending_; }
    [[nodiscard]] std::uint64_t earliest() const noexcept {
        return pending_ ? minus_.offset : kNothingPending;
    }

private:
    void report(const AuditChar& c, const std::string& ascii, RuleContext& ctx);

    char32_t lastSignificant_ = U'\n'; // the last character but spaces
    AuditChar minus_{};                // a '-' look-alike waiting for the character after it
    std::string minusAscii_;
    bool pending_ = false;
};
// ASCII: the bytes the fast path skips without looking (no finding, no state but position).
[[nodiscard]] constexpr bool isPlainAscii(std::uint8_t b) noexcept {
    return (b >= 0x20 && b < 0x7F) || b == '\t' || b == '\n' || b == '\r' || b == '\f';
}

// --- explanations (audit_explain.cpp) ----------------------------------------------------

[[nodiscard]] std::string explainCharacter(AuditKind k, char32_t cp, AuditProfile profile);
[[nodiscard]] std::string explainUnterminated(char32_t opener);
[[nodiscard]] std::string explainUnpairedPop(char32_t pop);
[[nodiscard]] std::string explainJoiner(char32_t cp);
[[nodiscard]] std::string explainVariationSelector(char32_t vs, char32_t base, bool hasBase);
[[nodiscard]] std::string explainTag(char32_t tag);
[[nodiscard]] std::string explainHiddenPayload(std::uint64_t characters, char32_t base,
                                               bool hasBase, const std::vector<std::uint8_t>& bytes,
                                               std::uint64_t decodedCount);
[[nodiscard]] std::string quoted(const std::u32string& text); // "«text»" as UTF-8

// --- the fast path (audit_fast_path.cpp) ---------------------------------------------------

struct PlainAsciiRun {
    std::size_t length = 0;      // bytes of plain ASCII from the start
    std::uint64_t lineFeeds = 0; // LF among them
    std::size_t afterLastLf = 0; // bytes after the last LF (length when there is none)
};
// The run of plain ASCII (isPlainAscii) at the start of p[0, n): the codec's asciiRunLength()
// finds the first non-ASCII byte; a block loop the compiler vectorises finds controls and counts
// line feeds, 64 bytes at a time.
[[nodiscard]] PlainAsciiRun plainAsciiRun(const std::uint8_t* p, std::size_t n) noexcept;

// --- bidi (audit_bidi.cpp) -----------------------------------------------------------------

// The per-line stack of embeddings, overrides and isolates (UAX #9 X1-X8, kept per line as
// GCC's -Wbidi-chars=unpaired and the Trojan Source paper do): in the code profile, what is open
// at the end of a line and a pop with nothing to close are bidi-unterminated.
class BidiTracker {
public:
    void onChar(const AuditChar& c, RuleContext& ctx);
    void finish(RuleContext& ctx) { endLine(ctx); }
    // Code: a comment or string began or ended. Compilers judge a bidi control within its
    // comment or string (GCC's -Wbidi-chars, rustc): `/* RLI */ /* PDI */` is two unpaired
    // controls, not a pair.
    void endContext(RuleContext& ctx) { endLine(ctx); }
    [[nodiscard]] bool quiet() const noexcept { return depth_ == 0; }
    [[nodiscard]] std::uint64_t earliest() const noexcept {
        return depth_ == 0 ? kNothingPending : stack_[0].offset;
    }

private:
    // UAX #9 section 3.3.2: max_depth 125; openers past it are reported when seen.
    static constexpr std::size_t kMaxDepth = 125;
    struct Opener {
        char32_t cp;
        BidiClass cls;
        std::uint64_t offset, line, column;
        std::uint8_t length;
    };
    void endLine(RuleContext& ctx);
    void report(const Opener& o, RuleContext& ctx);

    std::array<Opener, kMaxDepth> stack_{};
    std::size_t depth_ = 0;
};

// --- variation selectors, tags and joiners (audit_marks.cpp) ---------------------------------

// Decides the characters whose meaning depends on their neighbours: a variation selector is
// fine after a base that takes it, a tag inside an emoji tag sequence, a ZWJ or ZWNJ between
// letters of a script that uses it or between emoji; a run of 3 or more
// variation selectors or tags is a hidden payload.
class MarkTracker {
public:
    void onChar(const AuditChar& c, RuleContext& ctx);
    void finish(RuleContext& ctx);
    // After the fast path skipped plain ASCII ending with `last` (holding a line feed or not).
    void afterPlainAscii(std::uint8_t last, bool lineEnded) noexcept;
    [[nodiscard]] bool quiet() const noexcept {
        return runCount_ == 0 && !joinerPending_ && waiting_.empty();
    }
    // After a run of letters of one script read while quiet (the driver's readRun()), ending
    // with `last`: what noteContext() leaves after them (`sawScriptLetter`: one was not ASCII).
    void continueRun(char32_t last, bool sawScriptLetter, std::int32_t script) noexcept;
    [[nodiscard]] std::uint64_t earliest() const noexcept;
    // Whether c is one this tracker decides (the per-character rules leave it alone).
    [[nodiscard]] static bool decides(const AuditChar& c, AuditProfile profile) noexcept;

private:
    static constexpr std::size_t kKeptCharacters = 32;
    static constexpr std::size_t kKeptBytes = 64;
    void closeRun(RuleContext& ctx);
    void decideJoiner(const AuditChar* next, RuleContext& ctx);
    [[nodiscard]] bool joinerFits(const AuditChar* next) const;
    // Whether the ZWSP joiner_ fits before `next`; nullopt: only a letter further on can say.
    [[nodiscard]] std::optional<bool> wordBreakHintFits(const AuditChar* next) const;
    // Decides the ZWSPs waiting for a letter: `letterScripts` of the letter that came (none at
    // the end of a line).
    void decideWaiting(const std::array<std::int32_t, 8>* letterScripts, int n, RuleContext& ctx);
    void noteContext(const AuditChar& c);

    // The character before the current one, and the scripts of the last letter or mark (marks
    // of the Inherited script take their base's), for the joiner rule.
    char32_t prev_ = 0;
    bool hasPrev_ = false;
    std::array<std::int32_t, 8> prevScripts_{};
    int prevScriptCount_ = 0;
    // The run of variation selectors and tags being read.
    char32_t runBase_ = 0;
    bool runHasBase_ = false;
    std::uint64_t runCount_ = 0, runBytes_ = 0, runDecoded_ = 0;
    std::array<AuditChar, 2> runFirst_{}; // its first two characters, decided one by one
    std::vector<char32_t> runChars_;      // the first kKeptCharacters
    std::vector<std::uint8_t> runData_;   // the bytes they stand for, the first kKeptBytes
    // A ZWJ or ZWNJ waiting for the character after it.
    AuditChar joiner_{};
    bool joinerPending_ = false;
    std::array<std::int32_t, 8> joinerScripts_{};
    int joinerScriptCount_ = 0;
    bool joinerAfterEmoji_ = false;
    bool joinerAfterVirama_ = false;
    bool joinerAfterHeh_ = false;
    bool joinerInZwspText_ = false;
    bool joinerAfterWordCharacter_ = false; // a letter, mark or digit just before it
    // ZWSPs with spaces, punctuation or other ZWSPs after them, waiting for the next letter on
    // their line (at most kMaxWaiting; more are decided as findings).
    static constexpr std::size_t kMaxWaiting = 16;
    std::vector<AuditChar> waiting_;
    // The last character but joiners (a virama there allows them); whether the last non-ASCII
    // letter on the line was of a script that marks words with ZWSP.
    char32_t beforeJoiners_ = 0; // the last character that is not a joiner
    bool inZwspText_ = false;
};

// --- identifiers compared pairwise (audit_pairs.cpp) -----------------------------------------

// The identifiers of a file by their UTS #39 skeleton (section 4), to find two distinct ones that
// read the same, as rustc's confusable_idents lint compares a crate's identifiers: a pair where
// both are ASCII is left alone (`l1` and `ll` are the programmer's own choice, as rustc leaves
// them), and so is a pair of one word in two cases (`θέλετε`, `Θέλετε`: caseVariants()).
// The ASCII identifiers, most of a file's, are kept from the start in a set of their bytes, where
// a repeat costs a hash and a probe; their skeletons are made once the file shows a non-ASCII
// identifier, the first that can pair with one: an ASCII identifier pairs with a non-ASCII one
// whichever comes first. An ASCII identifier's skeleton is its own characters but the few ASCII
// letters and digits that UTS #39 maps to others (0 -> O, 1 -> l, m -> rn): a 128-entry table.
class IdentifierPairs {
public:
    // Distinct identifiers kept per file, non-ASCII and ASCII; past them new ones are only
    // compared (memory stays bounded).
    static constexpr std::size_t kMaxIdentifiers = 16384;
    static constexpr std::size_t kMaxAsciiIdentifiers = 65536;
    // The earlier identifier an identifier reads as, and the skeleton they share.
    struct Match {
        std::u32string identifier;
        std::uint64_t line, column;
        std::string skeleton; // UTF-8
    };

    void use(const USpoofChecker* spoof) noexcept { spoof_ = spoof; }
    // The hash the ASCII set files p[0, n) under; p[0, readable) may be read (8 bytes at a time).
    [[nodiscard]] static std::uint64_t hashAscii(const std::uint8_t* p, std::size_t n,
                                                 std::size_t readable) noexcept;
    // Whether an ASCII identifier not seen before can matter: false until the first non-ASCII
    // identifier once kMaxAsciiIdentifiers are kept (a new one is neither kept nor compared).
    [[nodiscard]] bool wantsNewAscii() const noexcept {
        return active_ || asciiNames_.size() < kMaxAsciiIdentifiers;
    }
    // Whether the ASCII identifier was seen before (its pair, if any, was reported then).
    [[nodiscard]] bool seenAscii(std::string_view identifier, std::uint64_t hash) const noexcept {
        return !asciiNames_.empty() && asciiSlots_[slotOf(identifier, hash)] != 0;
    }
    // An ASCII identifier of code not seen before, and where it starts: the first non-ASCII
    // identifier seen before with its skeleton.
    std::optional<Match> noteAscii(std::string_view identifier, std::uint64_t hash,
                                   std::uint64_t line, std::uint64_t column);
    // An identifier of code with a non-ASCII character, whether one of them is not allowlisted
    // (`nonAscii`: only then may it pair with an ASCII one), and where it starts: the first
    // distinct identifier seen before with its skeleton, where the two are not both ASCII.
    std::optional<Match> noteNonAscii(const std::u32string& identifier, bool nonAscii,
                                      std::uint64_t line, std::uint64_t column);

private:
    struct Seen {
        std::u32string identifier;
        std::uint64_t line, column;
        std::uint64_t order; // of the first sighting, among all identifiers
        bool nonAscii;
    };
    struct AsciiName {
        std::uint64_t hash;
        std::uint32_t at, length; // in asciiBytes_
        std::uint64_t line, column, order;
    };
    [[nodiscard]] std::size_t slotOf(std::string_view identifier,
                                     std::uint64_t hash) const noexcept;
    void growAsciiSlots();
    std::string_view asciiName(const AsciiName& a) const noexcept {
        return {asciiBytes_.data() + a.at, a.length};
    }
    std::string asciiSkeleton(std::string_view identifier) const;
    bool skeletonOf(const std::u32string& identifier, std::string& skeleton) const;
    // The file's first non-ASCII identifier: the skeletons of the ASCII ones seen so far.
    void activate();

    const USpoofChecker* spoof_ = nullptr;
    bool active_ = false; // a non-ASCII identifier was seen
    std::uint64_t order_ = 0;
    std::array<std::string, 128> asciiSkeletons_;
    // The ASCII identifiers: their bytes, and an open-addressing table of 1 + their index.
    std::string asciiBytes_;
    std::vector<AsciiName> asciiNames_;
    std::vector<std::uint32_t> asciiSlots_; // made at the first (most files never need it)
    // Once active: the ASCII identifiers (indices) and the non-ASCII ones by skeleton.
    std::unordered_map<std::string, std::vector<std::uint32_t>> asciiBySkeleton_;
    std::unordered_map<std::string, std::vector<Seen>> bySkeleton_;
    std::size_t kept_ = 0;
};

// A run of plain ASCII p[0, n) read for its identifiers (IdentifierTracker::pairsInAscii()): at
// stream offset `offset`, its first byte at `line`, `column`.
class AsciiRunReader {
public:
    AsciiRunReader(const std::uint8_t* bytes, std::size_t size, std::uint64_t at,
                   std::uint64_t firstLine, std::uint64_t firstColumn) noexcept
        : p(bytes), n(size), offset(at), line_(firstLine), column_(firstColumn) {}
    // The first index at or after i of a byte that is an identifier character (or is not), n if
    // none: 64 bytes are classified at a time.
    [[nodiscard]] std::size_t nextIdentifierByte(std::size_t i) noexcept { return next(i, true); }
    [[nodiscard]] std::size_t nextOtherByte(std::size_t i) noexcept { return next(i, false); }
    // Which of the 64 bytes from 64 * k are identifier characters (bit i: byte 64 * k + i).
    [[nodiscard]] std::uint64_t maskOf(std::size_t k) noexcept;
    // The line and column of p[at], `at` no less than the last asked (line feeds counted once).
    [[nodiscard]] std::pair<std::uint64_t, std::uint64_t> place(std::size_t at) noexcept;

    const std::uint8_t* const p;
    const std::size_t n;
    const std::uint64_t offset;

private:
    [[nodiscard]] std::size_t next(std::size_t i, bool identifier) noexcept;
    std::size_t block_ = SIZE_MAX; // the 64 bytes mask_ classifies
    std::uint64_t mask_ = 0;
    std::uint64_t line_, column_;
    std::size_t counted_ = 0, afterLf_ = SIZE_MAX;
};

// --- identifiers: confusables and mixed scripts (audit_identifier.cpp) ----------------------

// How a character alone is drawn like ASCII: not, as a compatibility form of it (NFKC), or by
// its UTS #39 skeleton.
enum class AsciiForm : std::uint8_t { None, Compatibility, Skeleton };
[[nodiscard]] AsciiForm asciiSkeletonOf(const USpoofChecker* spoof, char32_t cp,
                                        std::string& skeleton);

// Identifiers (code) are runs of ID_Continue characters (UAX #31); words (text) are runs of
// ID_Continue characters but connector punctuation ('_'), also cut where a script written
// without spaces (Han, kana, Bopomofo) meets another one, as UAX #29 cuts words there. One that
// holds non-ASCII characters is checked when it ends: its UTS #39 restriction level (uspoof,
// section 5.2) against the profile's (mixed-script, opt-in), and its look-alike letters: a letter
// inside a run of another script that has a letter drawn like it (LookalikeFinder), and in code,
// a Latin or Common character drawn like ASCII in an identifier with ASCII letters (fullwidth,
// mathematical, dotless i). Escapes and format directives glued to its head ("\nЗапит") are left
// out of both: the word is judged as it reads once they are replaced. At
// most kMaxLength characters are held: an all-ASCII identifier keeps its last kMaxLength (and
// whether an ASCII letter went before them); one with non-ASCII characters is checked in pieces of
// kMaxLength.
class IdentifierTracker {
public:
    static constexpr std::size_t kMaxLength = 256;

    explicit IdentifierTracker(const AuditOptions& options);
    // A copy reads the same options (the Auditor's copies share them) and the same checker.
    IdentifierTracker(const IdentifierTracker&) = default;
    IdentifierTracker& operator=(const IdentifierTracker&) = delete;

    void onChar(const AuditChar& c, RuleContext& ctx);
    void finish(RuleContext& ctx);
    // Code: whether the characters that follow are in a comment or string (judged as text).
    void setInText(bool text) noexcept { inText_ = text; }
    // After the fast path skipped plain ASCII p[0, n), which ends at `line`, `column` (of the
    // next character) and at stream offset `end`.
    void afterPlainAscii(const std::uint8_t* p, std::size_t n, std::uint64_t end,
                         std::uint64_t line, std::uint64_t column);
    [[nodiscard]] bool quiet() const noexcept { return nonAscii_ == 0; }
    // Before the plain ASCII byte b, read with the run it starts: when b is no word character,
    // ends the word (what onChar() does with b but for the bytes before the next word, which
    // afterPlainAscii() notes) and returns true.
    [[nodiscard]] bool endWordBefore(std::uint8_t b, RuleContext& ctx) {
        if (isWordCharacter(b, CharTraits{}))
            return false;
        endIdentifier(ctx);
        return true;
    }
    // Whether the next letter of a run of one script (the driver's readRun()) only lengthens
    // the word being read: takeLetter() is then what onChar() does with it, without the
    // questions the letter before answered (a word character; of a script that cuts no word).
    [[nodiscard]] bool takesLetter() const noexcept { return count_ != 0 && count_ < kMaxLength; }
    void takeLetter(char32_t cp, std::uint64_t offset, std::uint8_t length) noexcept {
        chars_[count_++] = {cp, offset, length, false};
        nonAscii_ += cp >= 0x80;
        recent_ = (recent_ << 8) | (cp < 0x80 ? cp : 0x80u);
    }
    // After the letters of one run, all of `script`, were taken: what each would have done to
    // the word's context and script (the same for every one of them, so once).
    void tookLetters(std::int32_t script) noexcept {
        wordInText_ = wordInText_ && inText_;
        noteScript(script);
    }
    // Code: whether identifiers are compared pairwise, so that the ASCII ones of a skipped run
    // are wanted (pairsInAscii()).
    bool comparingPairs() const noexcept { return pairsWanted_; }
    // Before afterPlainAscii(): the identifiers of code that end inside the plain ASCII p[0, n),
    // which starts at stream offset `offset`, `line`, `column`, in text or not (`inText`) and
    // changes context at `changes` (CodeLexer::onAscii()), compared pairwise.
    void pairsInAscii(const std::uint8_t* p, std::size_t n, std::uint64_t offset,
                      std::uint64_t line, std::uint64_t column, bool inText,
                      std::span<const ContextChange> changes, RuleContext& ctx);
    std::uint64_t earliest() const noexcept {
        std::uint64_t e = count_ == 0 ? kNothingPending : chars_[0].offset;
        if (!wholeScript_.empty())
            e = std::min(e, wholeScript_.front().finding.offset);
        return e;
    }

private:
    struct IdChar {
        char32_t cp;
        std::uint64_t offset;
        std::uint8_t length;
        bool allowed;
    };
    void append(const AuditChar& c, RuleContext& ctx);
    void endIdentifier(RuleContext& ctx);
    void checkMixedScript(RuleContext& ctx);
    // Whether the identifier is one of options_.allowedWords (with or without an escape's head).
    [[nodiscard]] bool allowedWord() const;
    void checkConfusables(RuleContext& ctx);
    // A character drawn like another: `meant` is what it is drawn like (UTF-8); hostScript the
    // script of the word around it (an intrusion), 0 for an ASCII look-alike.
    struct Lookalike {
        std::size_t index;
        std::string meant;
        std::int32_t hostScript;
    };
    void findAsciiLookalikes(std::size_t head, std::vector<Lookalike>& found);
    void findIntrusions(std::size_t head, std::vector<Lookalike>& found);
    // Text: whether the letter at i is a catalogue's accelerator (after '&' or '_').
    [[nodiscard]] bool acceleratorAt(std::size_t i) const noexcept;
    // Code: an identifier all of one script other than Latin whose every letter is drawn like
    // ASCII ("сору"): held until the file shows that script's own letters in an identifier.
    void checkWholeScript(std::size_t head, RuleContext& ctx);
    [[nodiscard]] bool judgedAsText() const noexcept {
        return options_.profile == AuditProfile::Text || wordInText_;
    }
    void reportLookalike(const Lookalike& l, const std::u32string& text,
                         const std::string& lookalike, RuleContext& ctx) const;
    // Code (audit_pairs.cpp): whether identifiers are compared pairwise here, and the identifier
    // held (chars_) compared with those seen before.
    bool comparesPairs() const noexcept;
    void comparePair(RuleContext& ctx);
    void readRunWords(const std::uint8_t* p, std::size_t n, std::size_t done, std::uint64_t offset,
                      std::uint64_t line, std::uint64_t column, bool inText,
                      std::span<const ContextChange> changes, RuleContext& ctx);
    // The file's first non-ASCII identifier (or kMaxDeferredBytes deferred): the ASCII
    // identifiers deferred, read into the set; those that follow are read as they come.
    void replayDeferred(RuleContext& ctx);
    [[nodiscard]] bool wordsOfCode(AsciiRunReader& reader, std::size_t from, std::size_t to,
                                   std::size_t& done, RuleContext& ctx);
    void compareAscii(AsciiRunReader& reader, std::size_t start, std::size_t end, RuleContext& ctx);
    void reportPair(const std::u32string& word, std::uint64_t offset, std::uint64_t length,
                    std::uint64_t line, std::uint64_t column, const IdentifierPairs::Match& match,
                    RuleContext& ctx) const;
    bool hasAsciiLetter() const noexcept;
    bool isWordCharacter(char32_t cp, const CharTraits& t) const noexcept {
        // ASCII: letters and digits, and '_' in code (isIdentifierCharacter()).
        const bool code = options_.profile == AuditProfile::Code;
        if (cp < 0x80)
            return ((cp | 0x20) >= U'a' && (cp | 0x20) <= U'z') || (cp >= U'0' && cp <= U'9') ||
                   (code && cp == U'_');
        return t.has(code ? CharTraits::kIdentifier : CharTraits::kWord);
    }
    // Text profile: whether cp starts a new word after the letters so far (a CJK script meeting
    // another script).
    [[nodiscard]] bool startsWord(char32_t cp, const CharTraits& t) noexcept;
    // Folds a letter's script into wordScript_.
    void noteScript(std::int32_t script) noexcept;
    // Whether and how cp alone is drawn like ASCII (memoised for the BMP).
    [[nodiscard]] AsciiForm asciiSkeleton(char32_t cp, std::string& skeleton);
    // Remembers the plain ASCII bytes p[0, n) before the next word (escapeHead() reads them).
    void noteBefore(const std::uint8_t* p, std::size_t n) noexcept;
    // Characters at the head of the word that an escape before it owns.
    [[nodiscard]] std::size_t escapeLength() const noexcept;

    const AuditOptions& options_; // the Auditor's, which its copies share
    // ICU's checker, shared by the Auditor's copies (its checks read it only).
    std::shared_ptr<USpoofChecker> spoof_;
    LookalikeFinder lookalikes_;
    // The last bytes before the current character (non-ASCII as 0x80), and those before the
    // word being read.
    static constexpr std::size_t kBefore = 8;
    std::uint64_t recent_ = 0, before_ = 0; // the first byte in the highest bits

    std::array<IdChar, kMaxLength> chars_{};
    std::size_t count_ = 0;
    std::size_t nonAscii_ = 0;
    bool droppedLetter_ = false; // an ASCII letter slid out of an all-ASCII identifier
    bool overflowed_ = false;    // longer than kMaxLength: not compared pairwise
    // Text profile: the kind of script of the word's last letter, to cut where a script written
    // without spaces meets another.
    enum class LetterClass : std::uint8_t { Neutral, Spaceless, Spaced };
    LetterClass lastClass_ = LetterClass::Neutral;
    // The one script of every letter so far (Common and Inherited aside, allowlisted ones too):
    // kNoScript before the first, kMixedScripts once two differ or one has several. A word of one
    // script is single-script restrictive (UTS #39 section 5.2 step 4) without asking ICU.
    static constexpr std::int32_t kNoScript = -1, kMixedScripts = -2;
    std::int32_t wordScript_ = kNoScript;
    std::uint64_t line_ = 1, column_ = 1;      // of chars_[0]
    bool inText_ = false, wordInText_ = false; // code: in a comment or string (now, at the word)
    // Whole-script confusables waiting for the end of the file, and the scripts an identifier
    // of this file has shown a letter of that is drawn like no ASCII letter (UTS #39 section 4,
    // as rustc's mixed_script_confusables judges a crate).
    static constexpr std::size_t kMaxWholeScript = 64;
    struct HeldFinding {
        AuditFinding finding;
        std::int32_t script;
    };
    std::vector<HeldFinding> wholeScript_;
    std::vector<std::int32_t> ownScripts_;
    std::vector<std::uint8_t> skeletonMemo_; // 2 bits per BMP code point: unknown, no, yes
    IdentifierPairs pairs_;
    bool pairsWanted_ = false; // comparesPairs()
    // Until the file shows a non-ASCII identifier, no pair can be found: the runs of plain ASCII
    // read at once (and the ASCII identifiers read a character at a time) are only kept, their
    // identifiers read when one comes (most files have none, and their runs cost a copy). Once
    // what is kept would pass kMaxDeferredBytes, it is read into the set of distinct ASCII
    // identifiers (IdentifierPairs), and so is what follows, as it comes: a pair megabytes apart
    // is found, in bounded memory (the set keeps kMaxAsciiIdentifiers names).
    static constexpr std::size_t kMaxDeferredBytes = std::size_t(1) << 20;
    // Whether a run of `bytes` with `changes` context changes is kept: false once the bound
    // is reached (replayDeferred()).
    [[nodiscard]] bool defers(std::size_t bytes, std::size_t changes, RuleContext& ctx);
    struct DeferredRun {
        std::size_t at, length; // in deferredBytes_
        std::size_t first;      // where its words start (SIZE_MAX: one identifier)
        std::uint64_t offset, line, column;
        std::size_t changesAt, changesCount; // in deferredChanges_
        bool inText;
    };
    bool deferring_ = true;
    std::string deferredBytes_;
    std::vector<DeferredRun> deferredRuns_;
    std::vector<ContextChange> deferredChanges_;
    // ASCII identifiers of up to 8 bytes seen lately (their bytes, zeros past the end), by hash.
    std::array<std::uint64_t, 1024> recentAscii_{};
};

// --- normalization (audit_nfc.cpp) -----------------------------------------------------------

// Cuts the text into NFC segments (a character with a boundary before it starts one, Normalizer2
// hasBoundaryBefore) of at most kMaxLength characters (UAX #15 section 13, the stream-safe
// format, allows 30 non-starters in a row); a segment holding a character that is not a
// quick-check-Yes starter is asked whether NFC changes it. Controls (TAB, LF, CR...) are in no
// segment: nothing composes with them or reorders across them.
class NfcTracker {
public:
    static constexpr std::size_t kMaxLength = 32;

    void onChar(const AuditChar& c, RuleContext& ctx);
    void finish(RuleContext& ctx) { close(ctx); }
    // After the fast path skipped plain ASCII ending with `last` at `offset`, `line`, `column`.
    void afterPlainAscii(std::uint8_t last, std::uint64_t offset, std::uint64_t line,
                         std::uint64_t column) noexcept;
    bool quiet() const noexcept { return !needsCheck_; }
    // After a run of NFC-inert characters (CharTraits::kNfcInert), `c` the last: each one was
    // a segment of its own, and the one before them needed no check (quiet()).
    void continueRun(const AuditChar& c) noexcept {
        chars_[0] = c;
        count_ = 1;
    }
    std::uint64_t earliest() const noexcept {
        return count_ == 0 ? kNothingPending : chars_[0].offset;
    }

private:
    void close(RuleContext& ctx);

    std::array<AuditChar, kMaxLength> chars_{};
    std::size_t count_ = 0;
    bool needsCheck_ = false;
};

} // namespace u8convert::audit_detail
