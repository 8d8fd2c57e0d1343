// The kinds decided by a character alone (and where it is, for U+FEFF).
#include "audit_detail.h"
#include "u8convert/audit.h"

#include <unicode/uchar.h>

namespace u8convert::audit_detail {
using namespace u8codec;

BidiClass bidiClassOf(char32_t cp) noexcept {
    switch (cp) {
    case 0x202A: // LRE
    case 0x202B: // RLE
        return BidiClass::Embedding;
    case 0x202D: // LRO
    case 0x202E: // RLO
        return BidiClass::Override;
    case 0x2066: // LRI
    case 0x2067: // RLI
    case 0x2068: // FSI
        return BidiClass::Isolate;
    case 0x202C:
        return BidiClass::PopFormatting;
    case 0x2069:
        return BidiClass::PopIsolate;
    case 0x200E: // LRM
    case 0x200F: // RLM
    case 0x061C: // ALM
        return BidiClass::Mark;
    default:
        return BidiClass::None;
    }
}

bool endsLine(char32_t cp) noexcept {
    return cp == U'\n' || cp == U'\r' || cp == 0x85 || cp == 0x2028 || cp == 0x2029;
}

bool isVariationSelector(char32_t cp) noexcept {
    return (cp >= 0xFE00 && cp <= 0xFE0F) || (cp >= 0xE0100 && cp <= 0xE01EF) ||
           (cp >= 0x180B && cp <= 0x180D) || cp == 0x180F;
}

bool isTag(char32_t cp) noexcept {
    // The assigned ones: LANGUAGE TAG U+E0001 and U+E0020-E007F (Unicode chapter 23.9).
    return cp == 0xE0001 || (cp >= 0xE0020 && cp <= 0xE007F);
}

namespace {

// C0 but TAB, LF, FF and CR; DEL; C1 (Unicode chapter 23.1: the controls text may hold are the
// line and page formatting ones).
bool isControl(char32_t cp) noexcept {
    if (cp < 0x20)
        return cp != U'\t' && cp != U'\n' && cp != U'\r' && cp != U'\f';
    return isC0Control(cp) || isC1Control(cp);
}

// Characters drawn as blanks that a compiler does not take for whitespace (they are not
// Pattern_White_Space, UAX #31 section 4).
bool isSpaceLookalike(char32_t cp) noexcept {
    return cp == 0x00A0 || cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200A) || cp == 0x202F ||
           cp == 0x205F || cp == 0x3000;
}

std::optional<AuditKind> bidiKind(BidiClass b, AuditProfile profile) {
    if (b == BidiClass::None)
        return std::nullopt;
    // Overrides force the order of the text they cover: prose has no use for them. Paired
    // embeddings and isolates, and the marks, are how right-to-left prose is written.
    if (profile == AuditProfile::Code || b == BidiClass::Override)
        return AuditKind::BidiControl;
    return std::nullopt;
}

} // namespace

std::optional<AuditKind> characterKind(const AuditChar& c, AuditProfile profile) {
    if (c.error || c.allowed)
        return std::nullopt;
    const char32_t cp = c.cp;
    if (cp < 0x80)
        return isControl(cp) ? std::optional(AuditKind::Control) : std::nullopt;
    if (isControl(cp))
        return AuditKind::Control;
    if (const BidiClass b = bidiClassOf(cp); b != BidiClass::None)
        return bidiKind(b, profile);
    if (cp == 0xFEFF) // a byte order mark at offset 0 is the encoding's signature
        return c.offset == 0 ? std::nullopt : std::optional(AuditKind::BomInside);
    if (u_hasBinaryProperty(UChar32(cp), UCHAR_NONCHARACTER_CODE_POINT))
        return AuditKind::Noncharacter;
    const std::int8_t category = u_charType(UChar32(cp));
    if (category == U_PRIVATE_USE_CHAR)
        return AuditKind::PrivateUse;
    if (category == U_UNASSIGNED)
        return AuditKind::Unassigned;
    if (isSpaceLookalike(cp))
        return profile == AuditProfile::Code ? std::optional(AuditKind::SpaceLookalike)
                                             : std::nullopt;
    if (MarkTracker::decides(c, profile))
        return std::nullopt;
    // The soft hyphen marks where prose may break a word.
    if (cp == 0x00AD && profile == AuditProfile::Text)
        return std::nullopt;
    // Prepended concatenation marks (U+0600-0605, U+06DD, U+070F, U+0890-0891, U+08E2,
    // U+110BD, U+110CD) are Cf but drawn: they span the digits after them.
    if (u_hasBinaryProperty(UChar32(cp), UCHAR_PREPENDED_CONCATENATION_MARK))
        return std::nullopt;
    if (category == U_FORMAT_CHAR ||
        u_hasBinaryProperty(UChar32(cp), UCHAR_DEFAULT_IGNORABLE_CODE_POINT))
        return AuditKind::Invisible;
    return std::nullopt;
}

namespace {

bool isAsciiAlnum(char32_t c) noexcept {
    return (c >= U'0' && c <= U'9') || ((c | 0x20) >= U'a' && (c | 0x20) <= U'z') || c == U'_';
}

bool isSpace(char32_t c) noexcept {
    return c == U' ' || c == U'\t';
}

} // namespace

void PunctuationTracker::afterPlainAscii(const std::uint8_t* p, std::size_t n) noexcept {
    for (std::size_t i = n; i-- > 0;)
        if (!isSpace(p[i])) {
            lastSignificant_ = p[i];
            return;
        }
}

void PunctuationTracker::report(const AuditChar& c, const std::string& ascii, RuleContext& ctx) {
    AuditFinding f;
    f.kind = AuditKind::Confusable;
    f.offset = c.offset;
    f.length = c.length;
    f.line = c.line;
    f.column = c.column;
    f.codePoints = {c.cp};
    f.lookalike = ascii;
    f.message = describeCharacter(c.cp) + " is drawn like \"" + ascii +
                "\" (UTS #39 section 4, confusable skeletons) where code reads that token: a "
                "reader sees one program, the compiler reads another (or refuses the line)";
    ctx.findings.add(std::move(f));
}

void PunctuationTracker::onChar(const AuditChar& c, bool inCode, RuleContext& ctx) {
    if (pending_) {
        pending_ = false;
        if (inCode && !c.error && c.cp >= U'0' && c.cp <= U'9')
            report(minus_, minusAscii_, ctx);
    }
    const char32_t before = lastSignificant_;
    if (!isSpace(c.cp))
        lastSignificant_ = c.error ? char32_t(0xFFFD) : c.cp;
    if (!inCode || c.error || c.allowed || c.cp < 0x80)
        return;
    const auto gc = U_GET_GC_MASK(UChar32(c.cp));
    // Letters, marks, digits and spaces are the identifier and space-lookalike rules'.
    if ((gc & (U_GC_L_MASK | U_GC_M_MASK | U_GC_N_MASK | U_GC_Z_MASK)) != 0)
        return;
    if (c.cp == 0x2800) { // a symbol, drawn as a blank cell: where a name stands, none is seen
        if (ctx.wants(AuditKind::Invisible))
            ctx.addCharacterFinding(
                AuditKind::Invisible, c,
                describeCharacter(c.cp) +
                    " draws nothing; in code outside strings and comments it stands where a name "
                    "or operator is read and no reader sees one (UTS #39 section 3.1: not in "
                    "identifiers)");
        return;
    }
    if (!ctx.wants(AuditKind::Confusable))
        return;
    const std::string ascii = asciiLookalike(c.cp);
    if (ascii == ";") {
        report(c, ascii, ctx);
    } else if (ascii == "-") {
        minus_ = c;
        minusAscii_ = ascii;
        pending_ = true;
    } else if ((ascii == "'" || ascii == "''" || ascii == "\"" || ascii == "`") &&
               !isAsciiAlnum(before) &&
               !(before >= 0x80 &&
                 (U_GET_GC_MASK(UChar32(before)) & (U_GC_L_MASK | U_GC_N_MASK)) != 0)) {
        report(c, ascii, ctx);
    }
}

} // namespace u8convert::audit_detail

namespace u8convert {
using namespace u8codec;

bool drawsNothing(char32_t cp) {
    if (isC0Control(cp))
        return false; // the Control Pictures stand for them
    if (isC1Control(cp))
        return true;
    if (u_hasBinaryProperty(UChar32(cp), UCHAR_PREPENDED_CONCATENATION_MARK))
        return false;
    switch (u_charType(UChar32(cp))) {
    case U_FORMAT_CHAR:
    case U_LINE_SEPARATOR:
    case U_PARAGRAPH_SEPARATOR:
        return true;
    default:
        return u_hasBinaryProperty(UChar32(cp), UCHAR_DEFAULT_IGNORABLE_CODE_POINT);
    }
}

} // namespace u8convert
