// confusable and mixed-script: identifiers (code) or words (text) checked with ICU's spoof
// checker (UTS #39).
#include "audit_detail.h"
#include "audit_lookalike.h"
#include "u8codec/encoder.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <mutex>
#include <optional>
#include <unicode/uchar.h>
#include <unicode/unorm2.h>
#include <unicode/uscript.h>
#include <unicode/uspoof.h>
#include <unicode/utf16.h>
#include <unicode/utf8.h>
#include <unordered_map>

namespace u8convert::audit_detail {
using namespace u8codec;

namespace {

bool isAsciiLetter(char32_t cp) {
    return (cp >= U'a' && cp <= U'z') || (cp >= U'A' && cp <= U'Z');
}

// The most restrictive level UTS #39 section 5.2 the profile accepts: code allows one script, or
// Latin with the scripts written with Han (Japanese, Korean, Chinese with Bopomofo); prose also
// allows Latin with one other Recommended script but Cyrillic, Greek and Cherokee, whose letters
// look like Latin ones.
URestrictionLevel accepted(AuditProfile p) {
    return p == AuditProfile::Code ? USPOOF_HIGHLY_RESTRICTIVE : USPOOF_MODERATELY_RESTRICTIVE;
}

const char* levelName(URestrictionLevel level) {
    switch (level) {
    case USPOOF_ASCII:
        return "ASCII-only";
    case USPOOF_SINGLE_SCRIPT_RESTRICTIVE:
        return "single script";
    case USPOOF_HIGHLY_RESTRICTIVE:
        return "highly restrictive";
    case USPOOF_MODERATELY_RESTRICTIVE:
        return "moderately restrictive";
    case USPOOF_MINIMALLY_RESTRICTIVE:
        return "minimally restrictive";
    default:
        return "unrestricted";
    }
}

// The restriction level of a word (UTS #39 section 5.2), nullopt when ICU fails. Text repeats
// its words of two scripts ("%sмлн", "HTTPСоединение"), and ICU's check cost about 5,000
// instructions a word: the levels are kept for the process (every file of `audit -r`), up to
// kMaxLevels words.
std::optional<URestrictionLevel> restrictionLevel(const USpoofChecker* spoof,
                                                  const std::string& word) {
    static constexpr std::size_t kMaxLevels = 65536;
    static std::mutex mutex;
    static std::unordered_map<std::string, URestrictionLevel> levels;
    {
        const std::scoped_lock lock(mutex);
        if (const auto known = levels.find(word); known != levels.end())
            return known->second;
    }
    UErrorCode status = U_ZERO_ERROR;
    USpoofCheckResult* result = uspoof_openCheckResult(&status);
    uspoof_check2UTF8(spoof, word.data(), int32_t(word.size()), result, &status);
    const URestrictionLevel level = uspoof_getCheckResultRestrictionLevel(result, &status);
    uspoof_closeCheckResult(result);
    if (U_FAILURE(status))
        return std::nullopt;
    const std::scoped_lock lock(mutex);
    if (levels.size() < kMaxLevels)
        levels.emplace(word, level);
    return level;
}

} // namespace

// Whether cp alone is drawn like ASCII, and how: a compatibility form whose NFKC form is ASCII
// (UAX #15: the fullwidth ｍ and the mathematical 𝐚 are m and a, which UAX #31 section 5 folds
// in identifiers: Python reads `ｍain` as `main`), or a character whose UTS #39 skeleton
// (section 4) is ASCII (Cyrillic о, dotless ı, Æ); `skeleton` receives the ASCII text.
AsciiForm asciiSkeletonOf(const USpoofChecker* spoof, char32_t cp, std::string& skeleton) {
    char buffer[64];
    int32_t n = 0;
    const auto isAscii = [&](UErrorCode status) {
        bool ascii = U_SUCCESS(status) && n > 0 && n < int32_t(sizeof buffer);
        for (int32_t i = 0; ascii && i < n; ++i)
            ascii = static_cast<unsigned char>(buffer[i]) < 0x80;
        return ascii;
    };
    UChar in[2], out[16];
    int32_t len = 0;
    U16_APPEND_UNSAFE(in, len, UChar32(cp));
    UErrorCode status = U_ZERO_ERROR;
    const UNormalizer2* nfkc = unorm2_getNFKCInstance(&status);
    const int32_t m = U_SUCCESS(status) ? unorm2_normalize(nfkc, in, len, out, 16, &status) : 0;
    for (int32_t i = 0; U_SUCCESS(status) && i < m && n < int32_t(sizeof buffer) - 1; ++i)
        buffer[n++] = out[i] < 0x80 ? char(out[i]) : char(0x80);
    if (isAscii(status)) {
        skeleton.assign(buffer, std::size_t(n));
        return AsciiForm::Compatibility;
    }
    std::string utf8;
    appendUtf8(cp, utf8);
    status = U_ZERO_ERROR;
    n = uspoof_getSkeletonUTF8(spoof, 0, utf8.data(), int32_t(utf8.size()), buffer,
                               int32_t(sizeof buffer), &status);
    if (!isAscii(status))
        return AsciiForm::None;
    skeleton.assign(buffer, std::size_t(n));
    return AsciiForm::Skeleton;
}

IdentifierTracker::IdentifierTracker(const AuditOptions& options) : options_(options) {
    UErrorCode status = U_ZERO_ERROR;
    USpoofChecker* spoof = uspoof_open(&status);
    uspoof_setChecks(spoof, USPOOF_RESTRICTION_LEVEL | USPOOF_AUX_INFO, &status);
    if (U_FAILURE(status))
        uspoof_close(spoof); // no spoof data: the identifier checks find nothing
    else
        spoof_ = std::shared_ptr<USpoofChecker>(spoof, uspoof_close);
    lookalikes_.use(spoof_.get());
    pairs_.use(spoof_.get());
    pairsWanted_ = comparesPairs();
}

void IdentifierTracker::noteScript(std::int32_t script) noexcept {
    if (script == USCRIPT_COMMON || script == USCRIPT_INHERITED || wordScript_ == script)
        return;
    wordScript_ =
        wordScript_ == kNoScript && script != CharTraits::kSeveralScripts ? script : kMixedScripts;
}

bool IdentifierTracker::startsWord(char32_t cp, const CharTraits& t) noexcept {
    LetterClass cls = LetterClass::Neutral;
    if (cp < 0x80) {
        cls = isAsciiLetter(cp) ? LetterClass::Spaced : LetterClass::Neutral;
    } else {
        UErrorCode status = U_ZERO_ERROR;
        const std::int32_t sc = t.script != CharTraits::kSeveralScripts
                                    ? t.script
                                    : std::int32_t(uscript_getScript(UChar32(cp), &status));
        if (sc == USCRIPT_HAN || sc == USCRIPT_HIRAGANA || sc == USCRIPT_KATAKANA ||
            sc == USCRIPT_BOPOMOFO)
            cls = LetterClass::Spaceless;
        else if (sc != USCRIPT_COMMON && sc != USCRIPT_INHERITED)
            cls = LetterClass::Spaced;
    }
    if (cls == LetterClass::Neutral)
        return false;
    const bool cut = lastClass_ != LetterClass::Neutral && lastClass_ != cls;
    lastClass_ = cls;
    return cut;
}

void IdentifierTracker::onChar(const AuditChar& c, RuleContext& ctx) {
    const std::uint8_t byte = c.cp < 0x80 ? std::uint8_t(c.cp) : std::uint8_t(0x80);
    if (c.error || !isWordCharacter(c.cp, c.traits)) {
        endIdentifier(ctx);
        recent_ = (recent_ << 8) | byte;
        return;
    }
    if (options_.profile == AuditProfile::Text && startsWord(c.cp, c.traits)) {
        const LetterClass cls = lastClass_;
        endIdentifier(ctx);
        lastClass_ = cls;
    }
    append(c, ctx);
    recent_ = (recent_ << 8) | byte;
}

void IdentifierTracker::noteBefore(const std::uint8_t* p, std::size_t n) noexcept {
    // A shift register of the last 8 bytes, non-ASCII ones as 0x80: one shift per character on
    // the per-character path. The bytes here are plain ASCII: 8 or more are the last 8 as they
    // stand, the first in the highest bits.
    static_assert(kBefore == 8);
    if (n >= kBefore) {
        std::uint64_t last;
        std::memcpy(&last, p + n - kBefore, kBefore);
        if constexpr (std::endian::native == std::endian::little)
            last = __builtin_bswap64(last);
        recent_ = last;
        return;
    }
    for (std::size_t i = 0; i < n; ++i)
        recent_ = (recent_ << 8) | p[i];
}

std::size_t IdentifierTracker::escapeLength() const noexcept {
    std::array<char32_t, 12> head{};
    const std::size_t n = std::min(count_, head.size());
    for (std::size_t i = 0; i < n; ++i)
        head[i] = chars_[i].cp;
    std::array<char, kBefore> before{};
    for (std::size_t i = 0; i < kBefore; ++i)
        before[i] = char((before_ >> (8 * (kBefore - 1 - i))) & 0xFF);
    return escapeHead(std::string_view(before.data(), kBefore), std::span(head.data(), n));
}

void IdentifierTracker::append(const AuditChar& c, RuleContext& ctx) {
    if (count_ == kMaxLength) {
        overflowed_ = true; // and so is every piece after
        if (nonAscii_ != 0) {
            endIdentifier(ctx); // checked in pieces
            overflowed_ = true;
        } else {
            droppedLetter_ = droppedLetter_ || isAsciiLetter(chars_[0].cp);
            std::memmove(chars_.data(), chars_.data() + 1, (count_ - 1) * sizeof(IdChar));
            --count_;
            ++column_;
        }
    }
    if (count_ == 0) {
        line_ = c.line;
        column_ = c.column;
        before_ = recent_;
        wordInText_ = inText_;
    }
    // A word that reaches code is judged as code (a character literal ends at a letter: '0001).
    wordInText_ = wordInText_ && inText_;
    chars_[count_++] = {c.cp, c.offset, c.length, c.allowed};
    if (c.cp >= 0x80 && !c.allowed)
        ++nonAscii_;
    if (isAsciiLetter(c.cp))
        noteScript(USCRIPT_LATIN);
    else if (c.cp >= 0x80 && !c.allowed)
        noteScript(c.traits.script);
}

void IdentifierTracker::afterPlainAscii(const std::uint8_t* p, std::size_t n, std::uint64_t end,
                                        std::uint64_t line, std::uint64_t column) {
    std::size_t trailing = 0; // identifier characters at the end of the run
    const CharTraits none;
    while (trailing < n && isWordCharacter(p[n - 1 - trailing], none))
        ++trailing;
    if (trailing < n) { // the identifier before the run ended inside it (all ASCII: quiet)
        count_ = 0;
        droppedLetter_ = false;
        overflowed_ = false;
        lastClass_ = LetterClass::Neutral;
        wordScript_ = kNoScript;
    }
    // Text profile: the run's letters are ASCII (Spaced); a word ending in a CJK letter (an
    // allowlisted one: the word is quiet) ends at the first of them, as onChar() would cut it.
    if (options_.profile == AuditProfile::Text) {
        std::size_t first = n - trailing;
        while (first < n && !isAsciiLetter(p[first]))
            ++first;
        if (first < n) {
            if (lastClass_ == LetterClass::Spaceless) {
                count_ = 0;
                droppedLetter_ = false;
                overflowed_ = false;
                wordScript_ = kNoScript;
                trailing = n - first;
            }
            lastClass_ = LetterClass::Spaced;
        }
    }
    // As append() would have done character by character: only the last kMaxLength are kept,
    // and whether an ASCII letter slid out before them.
    const std::size_t kept = std::min(trailing, kMaxLength);
    overflowed_ = overflowed_ || count_ + trailing > kMaxLength;
    for (std::size_t i = n - trailing; i < n - kept; ++i)
        droppedLetter_ = droppedLetter_ || isAsciiLetter(p[i]);
    const std::size_t drop = count_ + kept > kMaxLength ? count_ + kept - kMaxLength : 0;
    for (std::size_t i = 0; i < drop; ++i)
        droppedLetter_ = droppedLetter_ || isAsciiLetter(chars_[i].cp);
    if (drop != 0) {
        std::memmove(chars_.data(), chars_.data() + drop, (count_ - drop) * sizeof(IdChar));
        count_ -= drop;
        column_ += drop;
    }
    if (count_ == 0) {
        line_ = line;
        column_ = column - kept;
        wordInText_ = inText_;
        noteBefore(p, n - kept);
        before_ = recent_;
        noteBefore(p + n - kept, kept);
    } else {
        noteBefore(p, n);
    }
    for (std::size_t i = n - kept; i < n; ++i)
        chars_[count_++] = {char32_t(p[i]), end - (n - i), 1, false};
    if (kept != 0)
        wordInText_ = wordInText_ && inText_; // as append() does
    // Latin once: noteScript() of one script again changes nothing.
    if (std::any_of(p + n - trailing, p + n, [](std::uint8_t b) { return isAsciiLetter(b); }))
        noteScript(USCRIPT_LATIN);
}

bool IdentifierTracker::hasAsciiLetter() const noexcept {
    if (droppedLetter_)
        return true;
    for (std::size_t i = 0; i < count_; ++i)
        if (isAsciiLetter(chars_[i].cp))
            return true;
    return false;
}

bool IdentifierTracker::allowedWord() const {
    const auto& words = options_.allowedWords;
    if (words.empty() || droppedLetter_)
        return false;
    std::u32string word;
    for (std::size_t i = 0; i < count_; ++i)
        word += chars_[i].cp;
    if (std::binary_search(words.begin(), words.end(), word))
        return true;
    const std::size_t head = escapeLength(); // "\nHTTPСоединение"
    return head != 0 && std::binary_search(words.begin(), words.end(), word.substr(head));
}

void IdentifierTracker::endIdentifier(RuleContext& ctx) {
    // A word of one script judged as text can be neither (checkMixedScript(), and in
    // checkConfusables() the whole-script and ASCII look-alikes are code's, the intrusions need
    // two scripts): most words of prose, so they are not asked.
    const bool checked = wordScript_ == kMixedScripts || !judgedAsText();
    if (nonAscii_ != 0 && spoof_ && checked && !allowedWord()) {
        checkMixedScript(ctx);
        checkConfusables(ctx);
    }
    if (count_ != 0 && pairsWanted_)
        comparePair(ctx);
    count_ = 0;
    nonAscii_ = 0;
    droppedLetter_ = false;
    overflowed_ = false;
    lastClass_ = LetterClass::Neutral;
    wordScript_ = kNoScript;
}

void IdentifierTracker::checkMixedScript(RuleContext& ctx) {
    if (!ctx.wants(AuditKind::MixedScript) || wordScript_ != kMixedScripts)
        return;
    // Allowlisted characters count as Common: left out, as Common characters change no
    // resolved script set. An ASCII letter that slid out still says Latin was there.
    std::string checked = droppedLetter_ ? "a" : "";
    std::u32string text;
    const std::size_t head = escapeLength();
    for (std::size_t i = 0; i < count_; ++i) {
        text += chars_[i].cp;
        if (!chars_[i].allowed && i >= head)
            appendUtf8(chars_[i].cp, checked);
    }
    const std::optional<URestrictionLevel> found = restrictionLevel(spoof_.get(), checked);
    const bool code = !judgedAsText();
    if (!found || *found <= accepted(code ? AuditProfile::Code : AuditProfile::Text))
        return;
    const URestrictionLevel level = *found;
    // The scripts named in the message: each character's own, in order of appearance.
    std::vector<UScriptCode> scripts;
    for (std::size_t i = 0; i < count_; ++i) {
        if (chars_[i].allowed)
            continue;
        UErrorCode s = U_ZERO_ERROR;
        const UScriptCode sc = uscript_getScript(UChar32(chars_[i].cp), &s);
        if (sc != USCRIPT_COMMON && sc != USCRIPT_INHERITED &&
            std::find(scripts.begin(), scripts.end(), sc) == scripts.end())
            scripts.push_back(sc);
    }
    std::string names;
    for (std::size_t i = 0; i < scripts.size(); ++i) {
        names += i == 0 ? "" : i + 1 == scripts.size() ? " and " : ", ";
        names += uscript_getName(scripts[i]);
    }
    AuditFinding f;
    f.kind = AuditKind::MixedScript;
    f.offset = chars_[0].offset;
    f.length = chars_[count_ - 1].offset + chars_[count_ - 1].length - chars_[0].offset;
    f.line = line_;
    f.column = column_;
    f.codePoints.assign(text.begin(), text.end());
    for (char32_t cp : text)
        appendUtf8(cp, f.lookalike);
    f.message = quoted(text) + " mixes " + (names.empty() ? "scripts" : names) +
                ": its restriction level is " + levelName(level) +
                " (UTS #39 section 5.2), and the " + (code ? "code" : "text") +
                " profile accepts at most " +
                (code ? "highly restrictive: one script, or Latin with Han and kana (Japanese), "
                        "Han and Hangul (Korean) or Han and Bopomofo"
                      : "moderately restrictive: one script, or Latin with one other script but "
                        "Cyrillic, Greek and Cherokee") +
                "; letters of two scripts in one " + (code ? "identifier" : "word") +
                " are how look-alike names are made";
    ctx.findings.add(std::move(f));
}

AsciiForm IdentifierTracker::asciiSkeleton(char32_t cp, std::string& skeleton) {
    // 2 bits per BMP code point: 0 not asked yet, 1 no, 2 asked (the skeleton is not kept).
    if (skeletonMemo_.empty())
        skeletonMemo_.assign(0x10000 / 4, 0);
    const bool memoised = cp < 0x10000;
    const unsigned shift = unsigned(cp & 3) * 2;
    if (memoised && ((skeletonMemo_[cp >> 2] >> shift) & 3) == 1)
        return AsciiForm::None;
    const AsciiForm form = asciiSkeletonOf(spoof_.get(), cp, skeleton);
    if (memoised)
        skeletonMemo_[cp >> 2] |= std::uint8_t((form != AsciiForm::None ? 2 : 1) << shift);
    return form;
}

// Code: a Latin or Common character drawn like ASCII in an identifier that reads as an ASCII one
// (UTS #39 section 4: its skeleton is ASCII; `ıd`, `sеt` with a Cyrillic е is the
// LookalikeFinder's), and a compatibility form of ASCII anywhere in an identifier (fullwidth ｍ,
// mathematical 𝐚: UAX #31 section 5 folds them with NFKC, so `ｍain` is another spelling of
// `main`). `Ærøskøbing` reads as no ASCII word: Æ is a letter of it. Letters of other scripts
// are the LookalikeFinder's.
void IdentifierTracker::findAsciiLookalikes(std::size_t head, std::vector<Lookalike>& found) {
    if (judgedAsText())
        return;
    const std::size_t before = found.size();
    bool allAscii = true; // every non-ASCII character drawn like ASCII: "ｍａｉｎ" reads "main"
    std::vector<std::size_t> skeletonOnly; // found[] entries of skeleton look-alikes
    for (std::size_t i = head; i < count_; ++i) {
        const IdChar& c = chars_[i];
        if (c.cp < 0x80 || c.allowed)
            continue;
        UErrorCode s = U_ZERO_ERROR;
        const UScriptCode sc = uscript_getScript(UChar32(c.cp), &s);
        if (sc != USCRIPT_LATIN && sc != USCRIPT_COMMON && sc != USCRIPT_INHERITED) {
            allAscii = false;
            continue;
        }
        std::string skeleton;
        const AsciiForm form = asciiSkeleton(c.cp, skeleton);
        if (form == AsciiForm::None) {
            allAscii = false;
            continue;
        }
        if (form == AsciiForm::Skeleton)
            skeletonOnly.push_back(found.size());
        found.push_back({i, std::move(skeleton), 0});
    }
    // Without ASCII letters, a name of two or more characters that reads as ASCII ("ｍａｉｎ");
    // one letter alone is a symbol (ℝ, ℕ).
    if (!hasAsciiLetter() && (!allAscii || count_ - head < 2)) {
        found.resize(before);
        return;
    }
    if (!allAscii) // the identifier reads as no ASCII name: only compatibility forms stay
        for (std::size_t k = skeletonOnly.size(); k-- > 0;)
            found.erase(found.begin() + std::ptrdiff_t(skeletonOnly[k]));
}

// A catalogue's keyboard accelerator: the letter after '&' (Qt, KDE, Windows, Midnight
// Commander) or '_' (GTK) in text. Translators pick a Latin letter there on purpose, so that the
// hotkey works whatever the keyboard layout ("Г&aразд", "&Hазад", "Пр&oдовжити" in Midnight
// Commander's Ukrainian strings): drawn like the letter it stands in for by design, not to
// deceive. In code '&' before a name is an operator, and the name is judged.
bool IdentifierTracker::acceleratorAt(std::size_t i) const noexcept {
    if (!judgedAsText())
        return false;
    if (i == 0) {
        const auto last = char(before_ & 0xFF), previous = char((before_ >> 8) & 0xFF);
        return (last == '&' && previous != '&') || last == '_';
    }
    return chars_[i - 1].cp == U'_' && (i < 2 || chars_[i - 2].cp != U'_');
}

// Letters of one script inside a run of another (UTS #39 section 4 skeletons).
void IdentifierTracker::findIntrusions(std::size_t head, std::vector<Lookalike>& found) {
    if (wordScript_ != kMixedScripts || head >= count_)
        return;
    std::u32string word;
    std::vector<std::uint8_t> allowed;
    for (std::size_t i = head; i < count_; ++i) {
        word += chars_[i].cp;
        allowed.push_back(chars_[i].allowed);
    }
    std::vector<Intrusion> intrusions;
    lookalikes_.find(word, allowed, intrusions);
    for (const Intrusion& in : intrusions) {
        if (acceleratorAt(head + in.index))
            continue;
        std::string meant;
        appendUtf8(in.meant, meant);
        found.push_back({head + in.index, std::move(meant), in.hostScript});
    }
}

void IdentifierTracker::checkConfusables(RuleContext& ctx) {
    if (!ctx.wants(AuditKind::Confusable))
        return;
    // An escape glued to the head of a word matters only where it adds a script ("\\nЗапит").
    const std::size_t head = wordScript_ == kMixedScripts ? escapeLength() : 0;
    checkWholeScript(head, ctx);
    std::vector<Lookalike> found;
    findAsciiLookalikes(head, found);
    findIntrusions(head, found);
    if (found.empty())
        return;
    std::sort(found.begin(), found.end(),
              [](const Lookalike& a, const Lookalike& b) { return a.index < b.index; });
    std::u32string text;
    std::string lookalike;
    for (std::size_t i = 0, next = 0; i < count_; ++i) {
        text += chars_[i].cp;
        if (next < found.size() && found[next].index == i)
            lookalike += found[next++].meant;
        else
            appendUtf8(chars_[i].cp, lookalike);
    }
    for (const Lookalike& l : found)
        reportLookalike(l, text, lookalike, ctx);
}

void IdentifierTracker::checkWholeScript(std::size_t head, RuleContext& ctx) {
    if (judgedAsText() || !options_.syntax.lexed)
        return;
    std::string skeleton;
    std::size_t letters = 0;
    bool allLookalike = true;
    for (std::size_t i = head; i < count_; ++i) {
        const IdChar& c = chars_[i];
        if (c.allowed)
            continue;
        if (c.cp < 0x80) {
            skeleton += char(c.cp);
            continue;
        }
        std::string s;
        if (asciiSkeleton(c.cp, s) != AsciiForm::None) {
            skeleton += s;
            ++letters;
            continue;
        }
        allLookalike = false;
        UErrorCode status = U_ZERO_ERROR;
        const std::int32_t sc = uscript_getScript(UChar32(c.cp), &status);
        if (sc == USCRIPT_LATIN || sc == USCRIPT_COMMON || sc == USCRIPT_INHERITED ||
            std::find(ownScripts_.begin(), ownScripts_.end(), sc) != ownScripts_.end())
            continue;
        // A letter of its own: this file writes identifiers in that script, and its words made
        // of look-alike letters are words of that language.
        ownScripts_.push_back(sc);
        std::erase_if(wholeScript_, [sc](const HeldFinding& h) { return h.script == sc; });
    }
    const std::int32_t script = wordScript_;
    if (!allLookalike || letters < 2 || script < 0 || script == USCRIPT_LATIN || hasAsciiLetter() ||
        std::find(ownScripts_.begin(), ownScripts_.end(), script) != ownScripts_.end())
        return;
    AuditFinding f;
    f.kind = AuditKind::Confusable;
    f.offset = chars_[head].offset;
    f.length = chars_[count_ - 1].offset + chars_[count_ - 1].length - f.offset;
    f.line = line_;
    f.column = column_ + head;
    std::u32string text;
    for (std::size_t i = head; i < count_; ++i)
        text += chars_[i].cp;
    f.codePoints.assign(text.begin(), text.end());
    f.lookalike = skeleton;
    const std::string name = uscript_getName(UScriptCode(script));
    f.message = quoted(text) + " is written in " + name +
                " letters that are all drawn like Latin ones: it reads as \"" + skeleton +
                "\", and no other identifier of this file has a " + name +
                " letter of its own (UTS #39 section 4, a whole-script confusable, as rustc's "
                "mixed_script_confusables judges a crate): a name that reads as a Latin one "
                "but is another";
    if (wholeScript_.size() < kMaxWholeScript)
        wholeScript_.push_back({std::move(f), script});
    else
        ctx.findings.add(std::move(f));
}

void IdentifierTracker::finish(RuleContext& ctx) {
    endIdentifier(ctx);
    for (HeldFinding& h : wholeScript_)
        ctx.findings.add(std::move(h.finding));
    wholeScript_.clear();
}

void IdentifierTracker::reportLookalike(const Lookalike& l, const std::u32string& text,
                                        const std::string& lookalike, RuleContext& ctx) const {
    const IdChar& c = chars_[l.index];
    AuditFinding f;
    f.kind = AuditKind::Confusable;
    f.offset = c.offset;
    f.length = c.length;
    f.line = line_;
    f.column = column_ + l.index;
    f.codePoints = {c.cp};
    f.lookalike = lookalike;
    std::string glyph;
    appendUtf8(c.cp, glyph);
    std::string drawn = "drawn like \"" + l.meant + "\"";
    if (l.hostScript != 0) {
        char32_t meant = 0;
        if (!l.meant.empty()) {
            std::size_t i = 0;
            const auto* b = reinterpret_cast<const std::uint8_t*>(l.meant.data());
            UChar32 m = 0;
            U8_NEXT(b, i, l.meant.size(), m);
            meant = char32_t(m);
        }
        drawn = std::string("inside a word of ") + uscript_getName(UScriptCode(l.hostScript)) +
                " letters, drawn like " + describeCharacter(meant) + " (the letter probably meant)";
    }
    f.message = quoted(text) + " looks like \"" + lookalike + "\": " + glyph + " is " +
                describeCharacter(c.cp) + ", " + drawn +
                " (UTS #39 section 4, confusable skeletons): the homoglyph attack of Trojan "
                "Source makes two names that read the same";
    ctx.findings.add(std::move(f));
}

} // namespace u8convert::audit_detail

namespace u8convert {
using namespace u8codec;

std::string asciiLookalike(char32_t cp) {
    if (cp < 0x80)
        return {};
    // One checker for every caller: once configured, ICU's spoof checker may be used from several
    // threads at once (uspoof.h, "thread safety").
    static const USpoofChecker* const spoof = [] {
        UErrorCode status = U_ZERO_ERROR;
        USpoofChecker* checker = uspoof_open(&status);
        if (U_FAILURE(status)) {
            uspoof_close(checker);
            return static_cast<USpoofChecker*>(nullptr);
        }
        return checker;
    }();
    std::string skeleton;
    if (!spoof ||
        audit_detail::asciiSkeletonOf(spoof, cp, skeleton) == audit_detail::AsciiForm::None)
        return {};
    return skeleton;
}

} // namespace u8convert
