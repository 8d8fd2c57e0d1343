// The explanations of the audit's findings, each citing its rule, and the character names they
// use (ICU's, the Unicode Character Database of this build).
#include "audit_detail.h"
#include "u8codec/encoder.h"

#include <cstdio>
#include <unicode/uchar.h>

namespace u8convert {
using namespace u8codec;

std::string unicodeVersion() {
    UVersionInfo v;
    u_getUnicodeVersion(v);
    char text[U_MAX_VERSION_STRING_LENGTH];
    // "15.0", not "15.0.0.0".
    std::snprintf(text, sizeof text, "%d.%d", int(v[0]), int(v[1]));
    return text;
}

std::string characterName(char32_t cp) {
    char buffer[256];
    // A corrected name (NameAliases.txt "correction") first: it replaces a misspelt Name.
    for (const UCharNameChoice choice : {U_CHAR_NAME_ALIAS, U_UNICODE_CHAR_NAME}) {
        UErrorCode status = U_ZERO_ERROR;
        const int32_t n = u_charName(UChar32(cp), choice, buffer, int32_t(sizeof buffer), &status);
        if (U_SUCCESS(status) && n > 0)
            return std::string(buffer, std::size_t(n));
    }
    // Controls have no Name property, and ICU's alias lookup holds only the "correction"
    // aliases: the codec knows the "control" aliases people use (controls.h).
    if (const std::string_view alias = controlName(cp); !alias.empty())
        return std::string(alias);
    UErrorCode status = U_ZERO_ERROR;
    const int32_t n =
        u_charName(UChar32(cp), U_EXTENDED_CHAR_NAME, buffer, int32_t(sizeof buffer), &status);
    return U_SUCCESS(status) && n > 0 ? std::string(buffer, std::size_t(n)) : "<no name>";
}

std::string describeCharacter(char32_t cp) {
    return codePointLabel(cp) + ' ' + characterName(cp);
}

namespace audit_detail {

namespace {

// Characters a message must not print as themselves: they would act on the terminal or the page
// that shows the message (a bidi control reorders it) or draw nothing.
bool printable(char32_t cp) {
    if (isC0Control(cp) || isC1Control(cp))
        return false;
    const auto category = u_charType(UChar32(cp));
    return category != U_FORMAT_CHAR && category != U_LINE_SEPARATOR &&
           category != U_PARAGRAPH_SEPARATOR && category != U_UNASSIGNED &&
           category != U_PRIVATE_USE_CHAR &&
           !u_hasBinaryProperty(UChar32(cp), UCHAR_DEFAULT_IGNORABLE_CODE_POINT);
}

std::string glyph(char32_t cp) {
    std::string g;
    if (printable(cp)) {
        g = " '";
        appendUtf8(cp, g);
        g += '\'';
    }
    return g;
}

} // namespace

std::string quoted(const std::u32string& text) {
    std::string out = "\"";
    for (char32_t cp : text) {
        if (printable(cp))
            appendUtf8(cp, out);
        else
            out += '<' + codePointLabel(cp) + '>';
    }
    return out + '"';
}

std::string explainCharacter(AuditKind k, char32_t cp, AuditProfile profile) {
    const std::string who = describeCharacter(cp);
    switch (k) {
    case AuditKind::BidiControl: {
        const BidiClass b = bidiClassOf(cp);
        if (b == BidiClass::Mark)
            return who + " is an invisible bidirectional mark: it changes the direction of the "
                         "neutral characters around it (UAX #9 section 2.6), so code can read "
                         "differently on screen than to the compiler";
        std::string s = who + " is an invisible bidirectional control: it reorders the text after "
                              "it on display (UAX #9 section 2), so what a reviewer reads differs "
                              "from what a compiler reads (Trojan Source, CVE-2021-42574)";
        if (b == BidiClass::Override && profile == AuditProfile::Text)
            s += "; an override forces the order of the characters it covers, which prose never "
                 "needs";
        return s;
    }
    case AuditKind::Invisible:
        if (cp == 0x200D || cp == 0x200C)
            return who + " is invisible (a join control, Unicode chapter 23.2): two names that "
                         "look the same can differ by it, the invisible-function attack of "
                         "Trojan Source (UAX #31 section 2.3)";
        return who + " is invisible (Default_Ignorable_Code_Point or format character, Unicode " +
               "chapter 5.21): text that looks identical can differ by it, as in the "
               "invisible-function attack of Trojan Source";
    case AuditKind::Control:
        return who + " is a control character: text uses only TAB, LF, FF and CR (Unicode "
                     "chapter 23.1); a terminal acts on some (ESC starts escape sequences that "
                     "can rewrite what is shown), editors show most as nothing";
    case AuditKind::Noncharacter:
        return who + " is a noncharacter: reserved for a program's internal use, never to be "
                     "interchanged (Unicode chapter 23.7)";
    case AuditKind::PrivateUse:
        return who + " is a private-use character: it means what sender and reader agree on, "
                     "and no standard font or reader knows it (Unicode chapter 23.5)";
    case AuditKind::Unassigned:
        return who + " is not assigned in Unicode " + unicodeVersion() +
               " (the version of this build's ICU): no font draws it, and a later version may "
               "give it a meaning (Unicode chapter 2.4)";
    case AuditKind::SpaceLookalike:
        return who + " looks like a space but is not Pattern_White_Space (UAX #31 section 4): a "
                     "compiler reads it as part of a token, or refuses it, where the reader "
                     "sees two words";
    case AuditKind::BomInside:
        return who + " after the start of the file: a byte order mark belongs only at offset 0 "
                     "(Unicode chapter 23.8); inside, it is an invisible character, usually "
                     "left by joining files";
    default:
        return who;
    }
}

std::string explainUnterminated(char32_t opener) {
    const bool isolate = bidiClassOf(opener) == BidiClass::Isolate;
    return describeCharacter(opener) + " is not closed by " +
           (isolate ? "U+2069 POP DIRECTIONAL ISOLATE" : "U+202C POP DIRECTIONAL FORMATTING") +
           " before the end of its line (in code: of its comment or string, as compilers judge "
           "it): it reorders what follows, past the comment or string it sits in, the "
           "commenting-out and stretched-string attacks of Trojan Source "
           "(CVE-2021-42574; UAX #9 " +
           (isolate ? "rule X6a" : "rule X7") + "; GCC's -Wbidi-chars=unpaired)";
}

std::string explainUnpairedPop(char32_t pop) {
    const bool isolate = pop == 0x2069;
    return describeCharacter(pop) + " has no " +
           (isolate ? "isolate (LRI, RLI, FSI)" : "embedding or override (LRE, RLE, LRO, RLO)") +
           " open on its line (in code: in its comment or string) to close (UAX #9 " +
           (isolate ? "rule X6a" : "rule X7") +
           "): a stray pop is left by an edit that moved its opener, or by a crafted reordering";
}

std::string explainJoiner(char32_t cp) {
    if (cp == 0x200B)
        return describeCharacter(cp) +
               " is invisible here: text uses it only to mark where a line may break between "
               "words of a script written without spaces (Khmer, Thai, Lao, Myanmar: Unicode "
               "chapter 16, UAX #14); elsewhere two names that look the same differ by it (the "
               "invisible-character attack of Trojan Source)";
    return describeCharacter(cp) +
           " is invisible here: prose uses it only between two letters or marks of a script "
           "that joins or forms conjuncts (Indic, Arabic, Persian, Sinhala... Unicode chapter "
           "23.2) or, for ZWJ, between emoji (UTS #51 section 2.3); elsewhere it only makes "
           "text that looks the same differ";
}

std::string explainVariationSelector(char32_t vs, char32_t base, bool hasBase) {
    std::string s = describeCharacter(vs) + " follows ";
    s += hasBase ? describeCharacter(base) + glyph(base) : std::string("nothing");
    return s + ", a base that takes no variation selector: it is invisible and changes nothing "
               "(Unicode chapter 23.4; StandardizedVariants.txt, UTS #37, UTS #51), so it can "
               "only make text that looks the same differ";
}

std::string explainTag(char32_t tag) {
    std::string s = describeCharacter(tag) + " is a tag character: invisible, and meaningful only "
                                             "inside an emoji tag sequence such as a subdivision "
                                             "flag (Unicode chapter 23.9, UTS #51 annex C)";
    if (tag >= 0xE0020 && tag <= 0xE007E)
        s += "; it spells the ASCII '" + std::string(1, char(tag - 0xE0000)) +
             "' that a program reading it can see";
    return s;
}

std::string explainHiddenPayload(std::uint64_t characters, char32_t base, bool hasBase,
                                 const std::vector<std::uint8_t>& bytes,
                                 std::uint64_t decodedCount) {
    std::string s = std::to_string(characters) + " variation selectors or tag characters in a row";
    s += hasBase ? " after " + describeCharacter(base) + glyph(base) : std::string();
    s += ": a variation sequence has one selector, and these form no emoji tag sequence "
         "(Unicode chapters 23.4, 23.9; UTS #51 annex C), but each can stand for a byte (VS1-16 "
         "for 00-0F, VS17-256 for "
         "10-FF, tags U+E0020-E007E for ASCII), the way supply-chain attacks hide code in text "
         "that looks empty";
    if (decodedCount == 0)
        return s;
    s += "; they decode to " + std::to_string(decodedCount) +
         (decodedCount == 1 ? " byte: " : " bytes: ") + hexBytes(bytes, bytes.size());
    if (decodedCount > bytes.size())
        s += " ...";
    std::string text;
    for (std::uint8_t b : bytes)
        text += b >= 0x20 && b < 0x7F ? char(b) : '.';
    return s + " \"" + text + (decodedCount > bytes.size() ? "...\"" : "\"");
}

} // namespace audit_detail

} // namespace u8convert
