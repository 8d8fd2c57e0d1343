// invisible and hidden-payload for the characters that depend on their neighbours: variation
// selectors, tags, and ZWJ/ZWNJ.
#include "audit_detail.h"

#include <algorithm>
#include <unicode/uchar.h>
#include <unicode/uscript.h>

namespace u8convert::audit_detail {
using namespace u8codec;

namespace {

bool isLetterOrMark(char32_t cp) {
    return (U_GET_GC_MASK(UChar32(cp)) & (U_GC_L_MASK | U_GC_M_MASK)) != 0;
}

// Whether `base` takes the variation selector `vs`: the emoji presentation selectors after an
// Emoji character (UTS #51 section 1.4.3; the keycap bases # * 0-9 are Emoji), ideographic
// variation sequences after an ideograph (UTS #37), Mongolian free variation selectors after a
// Mongolian letter, and the standardized variation sequences of StandardizedVariants.txt (math
// symbols and letters, CJK punctuation and fullwidth forms, DIGIT ZERO, and the letters of
// Myanmar, Phags-pa, Egyptian hieroglyphs and Manichaean).
bool baseTakes(char32_t base, char32_t vs) {
    const UChar32 b = UChar32(base);
    if (vs == 0xFE0E || vs == 0xFE0F)
        return u_hasBinaryProperty(b, UCHAR_EMOJI);
    if (vs >= 0x180B && vs <= 0x180F)
        return uscript_hasScript(b, USCRIPT_MONGOLIAN);
    if (vs >= 0xE0100)
        return u_hasBinaryProperty(b, UCHAR_IDEOGRAPHIC);
    if (u_hasBinaryProperty(b, UCHAR_IDEOGRAPHIC) || u_hasBinaryProperty(b, UCHAR_MATH) ||
        base == U'0')
        return true;
    const auto width = u_getIntPropertyValue(b, UCHAR_EAST_ASIAN_WIDTH);
    if ((width == U_EA_FULLWIDTH || width == U_EA_WIDE) && !isLetterOrMark(base))
        return true;
    return uscript_hasScript(b, USCRIPT_MYANMAR) || uscript_hasScript(b, USCRIPT_PHAGS_PA) ||
           uscript_hasScript(b, USCRIPT_EGYPTIAN_HIEROGLYPHS) ||
           uscript_hasScript(b, USCRIPT_MANICHAEAN);
}

// The byte a variation selector or tag can stand for in a smuggled payload: VS1-16 are 00-0F,
// VS17-256 are 10-FF, tags U+E0020-E007E are the ASCII characters 20-7E; -1 for the others.
int payloadByte(char32_t cp) {
    if (cp >= 0xFE00 && cp <= 0xFE0F)
        return int(cp - 0xFE00);
    if (cp >= 0xE0100 && cp <= 0xE01EF)
        return int(cp - 0xE0100) + 16;
    if (cp >= 0xE0020 && cp <= 0xE007E)
        return int(cp - 0xE0000);
    return -1;
}

// A subdivision flag (UTS #51 annex C): U+1F3F4, the tag letters and digits of a subdivision id
// (3 to 7 of them: "gbeng"), then CANCEL TAG U+E007F.
bool isFlagTagSequence(char32_t base, std::span<const char32_t> tags, std::uint64_t count) {
    if (base != 0x1F3F4 || count < 4 || count > 8 || tags.size() != count || tags.back() != 0xE007F)
        return false;
    return std::all_of(tags.begin(), tags.end() - 1, [](char32_t t) {
        return (t >= 0xE0030 && t <= 0xE0039) || (t >= 0xE0061 && t <= 0xE007A);
    });
}

// The scripts of a letter or mark (Script_Extensions), written into `out`; 0 when there are
// more than fit.
int scriptsOf(char32_t cp, std::array<std::int32_t, 8>& out) {
    UErrorCode status = U_ZERO_ERROR;
    UScriptCode codes[8];
    const int n = uscript_getScriptExtensions(UChar32(cp), codes, 8, &status);
    if (U_FAILURE(status))
        return 0;
    for (int i = 0; i < n; ++i)
        out[std::size_t(i)] = codes[i];
    return n;
}

// A letter, mark or digit: what a word is made of.
bool isWordCharacter(char32_t cp) {
    return (U_GET_GC_MASK(UChar32(cp)) & (U_GC_L_MASK | U_GC_M_MASK | U_GC_ND_MASK)) != 0;
}

bool isJoiningScript(std::int32_t s) {
    return s != USCRIPT_LATIN && s != USCRIPT_COMMON && s != USCRIPT_INHERITED;
}

// The scripts written without spaces between words whose text marks the places a line may break
// with ZERO WIDTH SPACE (Unicode chapter 16: Khmer, Thai, Lao, Myanmar; UAX #14 ZW).
bool marksWordsWithZwsp(std::int32_t s) {
    return s == USCRIPT_KHMER || s == USCRIPT_THAI || s == USCRIPT_LAO || s == USCRIPT_MYANMAR ||
           s == USCRIPT_LANNA || s == USCRIPT_TAI_VIET || s == USCRIPT_NEW_TAI_LUE;
}

template <std::size_t N>
bool anyScript(const std::array<std::int32_t, N>& scripts, int n, bool (*test)(std::int32_t)) {
    for (int i = 0; i < n; ++i)
        if (test(scripts[std::size_t(i)]))
            return true;
    return false;
}

} // namespace

// ZWJ and ZWNJ are decided by their neighbours in both profiles: UAX #31 A1, A2 and B allow them
// in identifiers after a virama and between joining letters, and comments and strings in code are
// text in the scripts that need them (Persian, Malayalam chillu, emoji ZWJ sequences).
bool MarkTracker::decides(const AuditChar& c, AuditProfile) noexcept {
    if (c.error || c.allowed || c.traits.has(CharTraits::kOrdinary))
        return false;
    return isVariationSelector(c.cp) || isTag(c.cp) || isDecidedByNeighbours(c.cp);
}

std::uint64_t MarkTracker::earliest() const noexcept {
    if (!waiting_.empty())
        return waiting_.front().offset;
    if (runCount_ != 0)
        return runFirst_[0].offset;
    return joinerPending_ ? joiner_.offset : kNothingPending;
}

void MarkTracker::afterPlainAscii(std::uint8_t last, bool lineEnded) noexcept {
    prev_ = last;
    hasPrev_ = true;
    prevScriptCount_ = 0;
    inZwspText_ = inZwspText_ && !lineEnded;
    beforeJoiners_ = last;
}

void MarkTracker::onChar(const AuditChar& c, RuleContext& ctx) {
    if (c.traits.has(CharTraits::kOrdinary) && runCount_ == 0 && !joinerPending_ &&
        waiting_.empty()) {
        noteContext(c); // the common case: nothing to decide
        return;
    }
    if (!waiting_.empty() && !c.error && (endsLine(c.cp) || isWordCharacter(c.cp))) {
        std::array<std::int32_t, 8> scripts{};
        const int n = endsLine(c.cp) || c.cp < 0x80 ? 0 : scriptsOf(c.cp, scripts);
        decideWaiting(endsLine(c.cp) ? nullptr : &scripts, n, ctx);
    }
    const bool runChar = !c.error && !c.allowed && (isVariationSelector(c.cp) || isTag(c.cp));
    if (runChar) {
        if (joinerPending_)
            decideJoiner(&c, ctx);
        if (runCount_ == 0) {
            runBase_ = prev_;
            runHasBase_ = hasPrev_;
            runBytes_ = runDecoded_ = 0;
            runChars_.clear();
            runData_.clear();
        }
        if (runCount_ < runFirst_.size())
            runFirst_[runCount_] = c;
        if (runChars_.size() < kKeptCharacters)
            runChars_.push_back(c.cp);
        if (const int b = payloadByte(c.cp); b >= 0) {
            ++runDecoded_;
            if (runData_.size() < kKeptBytes)
                runData_.push_back(std::uint8_t(b));
        }
        ++runCount_;
        runBytes_ += c.length;
        noteContext(c);
        return;
    }
    if (runCount_ != 0)
        closeRun(ctx);
    if (joinerPending_)
        decideJoiner(&c, ctx);
    if (decides(c, ctx.options.profile)) { // a ZWJ or ZWNJ
        joiner_ = c;
        joinerPending_ = true;
        joinerScripts_ = prevScripts_;
        joinerScriptCount_ = prevScriptCount_;
        // UTS #51 ED-16: an emoji ZWJ sequence joins emoji, each possibly with a modifier or an
        // emoji presentation selector.
        // UAX #31 A1, A2 and B: a joiner after a virama chooses a form (Malayalam chillu, half
        // forms), also at the end of a word.
        // Through a joiner before it too: Telugu writes ZWJ ZWNJ after a virama.
        joinerAfterVirama_ =
            beforeJoiners_ >= 0x80 && u_getCombiningClass(UChar32(beforeJoiners_)) == 9;
        // Sorani Kurdish writes the vowel ە as HEH and ZWNJ in older text (at a word's end too).
        joinerAfterHeh_ = hasPrev_ && prev_ == 0x0647;
        joinerInZwspText_ = inZwspText_;
        joinerAfterWordCharacter_ = hasPrev_ && isWordCharacter(prev_);
        joinerAfterEmoji_ =
            hasPrev_ &&
            (prev_ == 0xFE0F || u_hasBinaryProperty(UChar32(prev_), UCHAR_EXTENDED_PICTOGRAPHIC) ||
             u_hasBinaryProperty(UChar32(prev_), UCHAR_EMOJI_MODIFIER));
    }
    noteContext(c);
}

void MarkTracker::continueRun(char32_t last, bool sawScriptLetter, std::int32_t script) noexcept {
    prev_ = beforeJoiners_ = last;
    hasPrev_ = true;
    if (sawScriptLetter) { // the letters of that one script, as noteContext() reads them
        prevScripts_ = {};
        prevScripts_[0] = script;
        inZwspText_ = marksWordsWithZwsp(script);
    }
    prevScriptCount_ = last < 0x80 ? 0 : 1; // an ASCII letter: none
}

void MarkTracker::noteContext(const AuditChar& c) {
    prev_ = c.error ? char32_t(0xFFFD) : c.cp;
    hasPrev_ = true;
    if (!isDecidedByNeighbours(c.cp))
        beforeJoiners_ = c.error ? char32_t(0xFFFD) : c.cp;
    // Latin words inside Khmer or Thai text ("APT", "%s") leave the line in such text.
    if (inZwspText_ && endsLine(c.cp))
        inZwspText_ = false;
    if (c.cp < 0x80 || c.error || c.allowed || !c.traits.has(CharTraits::kLetterOrMark)) {
        prevScriptCount_ = 0;
        return;
    }
    std::array<std::int32_t, 8> scripts{};
    int n = 1;
    if (c.traits.script != CharTraits::kSeveralScripts)
        scripts[0] = c.traits.script;
    else
        n = scriptsOf(c.cp, scripts);
    if (n == 1 && scripts[0] == USCRIPT_INHERITED)
        return; // a combining mark keeps its base's script
    prevScripts_ = scripts;
    prevScriptCount_ = n;
    inZwspText_ = anyScript(scripts, n, marksWordsWithZwsp);
}

void MarkTracker::decideJoiner(const AuditChar* next, RuleContext& ctx) {
    joinerPending_ = false;
    bool fine = false;
    if (joiner_.cp != 0x200B) {
        fine = joinerFits(next);
    } else if (const auto hint = wordBreakHintFits(next)) {
        fine = *hint;
    } else if (waiting_.size() < kMaxWaiting) {
        waiting_.push_back(joiner_);
        return;
    }
    if (!fine && ctx.wants(AuditKind::Invisible))
        ctx.addCharacterFinding(AuditKind::Invisible, joiner_, explainJoiner(joiner_.cp));
}

void MarkTracker::decideWaiting(const std::array<std::int32_t, 8>* letterScripts, int n,
                                RuleContext& ctx) {
    const bool zwspText = letterScripts && anyScript(*letterScripts, n, marksWordsWithZwsp);
    for (const AuditChar& w : waiting_)
        if (!zwspText && ctx.wants(AuditKind::Invisible))
            ctx.addCharacterFinding(AuditKind::Invisible, w, explainJoiner(0x200B));
    waiting_.clear();
}

bool MarkTracker::joinerFits(const AuditChar* next) const {
    if (joinerAfterVirama_ || (joiner_.cp == 0x200C && joinerAfterHeh_))
        return true;
    if (!next || next->error || next->allowed || next->cp < 0x80)
        return false;
    if (isZeroWidthJoiner(joiner_.cp) && joinerAfterEmoji_ &&
        u_hasBinaryProperty(UChar32(next->cp), UCHAR_EXTENDED_PICTOGRAPHIC))
        return true;
    if (!isLetterOrMark(next->cp))
        return false;
    // Between two letters or marks of one script that uses joiners to choose a form: Indic
    // conjuncts, Arabic and Persian joining, Sinhala, Khmer... (Unicode chapter 23.2); never
    // Latin or Common.
    std::array<std::int32_t, 8> scripts{};
    const int n = scriptsOf(next->cp, scripts);
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < joinerScriptCount_; ++j)
            if (scripts[std::size_t(i)] == joinerScripts_[std::size_t(j)] &&
                isJoiningScript(scripts[std::size_t(i)]))
                return true;
    return false;
}

// A ZERO WIDTH SPACE next to a letter of a script that marks word boundaries with it (UAX #14
// ZW; Unicode chapter 16: Khmer, Thai, Lao, Myanmar), or in a line of such text, and not
// against a letter of another script: "pay\u200Bpal", and a ZWSP before a Latin or Hangul word
// or at the end of a line of such words, stay findings. Past spaces, punctuation and other ZWSPs
// the nearest letter on each side decides: Khmer text puts ZWSP around quotes and numbers too.
std::optional<bool> MarkTracker::wordBreakHintFits(const AuditChar* next) const {
    // After a virama it keeps two letters from forming a conjunct, as ZWNJ should (older
    // Malayalam and Telugu text).
    if (joinerAfterVirama_)
        return true;
    // The last non-ASCII letter before it on its line is of such a script.
    const bool before = joinerInZwspText_;
    bool nextLetter = false, after = false;
    if (next && !next->error && next->cp >= 0x80 && isWordCharacter(next->cp)) {
        std::array<std::int32_t, 8> scripts{};
        const int n = scriptsOf(next->cp, scripts);
        nextLetter = true;
        after = anyScript(scripts, n, marksWordsWithZwsp);
    } else if (next && !next->error && next->cp < 0x80) {
        nextLetter = isWordCharacter(next->cp);
    }
    if (before)
        return !nextLetter || after;
    if (nextLetter)
        return after && !joinerAfterWordCharacter_;
    if (!next || next->error || endsLine(next->cp))
        return false;
    return std::nullopt; // a space, punctuation or another ZWSP: the next letter decides
}

void MarkTracker::closeRun(RuleContext& ctx) {
    const std::uint64_t count = runCount_;
    runCount_ = 0;
    if (runHasBase_ && isFlagTagSequence(runBase_, runChars_, count))
        return;
    if (count >= 3) {
        if (!ctx.wants(AuditKind::HiddenPayload))
            return;
        AuditFinding f;
        f.kind = AuditKind::HiddenPayload;
        f.offset = runFirst_[0].offset;
        f.length = runBytes_;
        f.line = runFirst_[0].line;
        f.column = runFirst_[0].column;
        f.codePoints = runChars_;
        f.message = explainHiddenPayload(count, runBase_, runHasBase_, runData_, runDecoded_);
        ctx.findings.add(std::move(f));
        return;
    }
    for (std::uint64_t i = 0; i < count; ++i) {
        const AuditChar& c = runFirst_[i];
        if (i == 0 && runHasBase_ && baseTakes(runBase_, c.cp))
            continue;
        if (!ctx.wants(AuditKind::Invisible))
            continue;
        const bool afterBase = i == 0 ? runHasBase_ : true;
        const char32_t base = i == 0 ? runBase_ : runFirst_[0].cp;
        ctx.addCharacterFinding(AuditKind::Invisible, c,
                                isTag(c.cp) ? explainTag(c.cp)
                                            : explainVariationSelector(c.cp, base, afterBase));
    }
}

void MarkTracker::finish(RuleContext& ctx) {
    if (runCount_ != 0)
        closeRun(ctx);
    if (joinerPending_)
        decideJoiner(nullptr, ctx);
    if (!waiting_.empty())
        decideWaiting(nullptr, 0, ctx);
}

} // namespace u8convert::audit_detail
