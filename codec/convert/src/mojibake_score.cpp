// The cost function of the mojibake repair (mojibake_score.h): how much a stretch of text looks
// like UTF-8 mis-decoded through a code page rather than correct text in some language.
#include "mojibake_score.h"

#include <algorithm>
#include <unicode/uchar.h>

namespace u8convert::detail::mojibake {

namespace {

CharInfo lookUpInfo(char32_t c) {
    CharInfo ci{Kind::Other, false, false, false, false, 0, SignatureLead::None, USCRIPT_COMMON};
    // A no-break or typographic space is a space to the reader: French puts one before "?" and
    // inside «», Finnish and Swedish between words that must not part, numbers between their
    // thousands ("10 000").
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == 0xA0 || c == 0x202F ||
        (c >= 0x2000 && c <= 0x200A)) {
        ci.kind = Kind::Space;
        return ci;
    }
    // U+FFFD stands for a character that was lost (a byte the damage dropped): for the costs, a
    // letter of no script, so that a repair that says so reads no worse than one that guesses.
    if (c == kLostByte) {
        ci.kind = Kind::Letter;
        return ci;
    }
    const auto gc = UCharCategory(u_charType(UChar32(c)));
    // Spacing marks too: the vowel signs of Indic scripts ("ો" after "મ") sit on their letter.
    ci.mark = gc == U_NON_SPACING_MARK || gc == U_ENCLOSING_MARK || gc == U_COMBINING_SPACING_MARK;
    if (gc == U_CONTROL_CHAR || gc == U_FORMAT_CHAR || gc == U_PRIVATE_USE_CHAR ||
        gc == U_UNASSIGNED || gc == U_SURROGATE) {
        ci.kind = Kind::Control;
        return ci;
    }
    if (u_isalpha(UChar32(c))) {
        ci.kind = Kind::Letter;
        ci.upper = u_isupper(UChar32(c));
        ci.lower = u_islower(UChar32(c));
        UErrorCode s = U_ZERO_ERROR;
        ci.script = uscript_getScript(UChar32(c), &s);
        return ci;
    }
    if (u_isdigit(UChar32(c))) {
        ci.kind = Kind::Digit;
        return ci;
    }
    if (gc == U_INITIAL_PUNCTUATION || gc == U_FINAL_PUNCTUATION || gc == U_START_PUNCTUATION ||
        gc == U_END_PUNCTUATION) {
        ci.kind = Kind::Quote;
        return ci;
    }
    if (gc == U_DASH_PUNCTUATION || gc == U_OTHER_PUNCTUATION || gc == U_CONNECTOR_PUNCTUATION)
        ci.kind = Kind::Punct;
    return ci;
}

bool lookUpPlausible(char32_t c, const CharInfo& ci);

// The marks that strike through, underline or overline any character, and the double
// diacritics that join two: strikethrough text ("9̶9̶"), and kaomoji ("( ͡° ͜ʖ ͡°)", "$̲̅").
bool isStrokeMark(char32_t c) {
    return c == 0x0305 || c == 0x0332 || c == 0x0333 || c == 0x033F ||
           (c >= 0x0334 && c <= 0x0338) || (c >= 0x035C && c <= 0x0362);
}

} // namespace

std::array<std::atomic<const CharInfo*>, 0x10000 / kInfoBlockSize> gInfoBlocks{};

// lookUpInfo() for one block of 256 characters, each entry also saying whether a repair may
// produce the character (plausibleResult()). Two threads may fill the same block at once: the
// first to install its table wins and the other's is freed; a table once installed lives as
// long as the process (at most 256 of 3 KiB).
const CharInfo* fillInfoBlock(std::size_t block) {
    auto* table = new CharInfo[kInfoBlockSize];
    for (std::size_t k = 0; k < kInfoBlockSize; ++k) {
        const auto c = char32_t(block * kInfoBlockSize + k);
        table[k] = lookUpInfo(c);
        table[k].plausible = lookUpPlausible(c, table[k]);
        table[k].cost = std::uint8_t(charCost(c, table[k]));
        table[k].lead = signatureLead(c);
    }
    const CharInfo* expected = nullptr;
    if (gInfoBlocks[block].compare_exchange_strong(expected, table, std::memory_order_acq_rel)) {
        return table;
    }
    delete[] table;
    return expected;
}

CharInfo infoAbovePlane0(char32_t c) {
    CharInfo ci = lookUpInfo(c);
    ci.plausible = lookUpPlausible(c, ci);
    ci.cost = std::uint8_t(charCost(c, ci));
    ci.lead = signatureLead(c);
    return ci;
}

namespace {

// The characters windows-1252 puts at 80-9F, and the Latin-1 symbols at A0-BF: what the
// continuation bytes of UTF-8 turn into when read as windows-1252 or ISO-8859-1.
bool isHighLatinSymbol(char32_t c) {
    return (c >= 0x80 && c <= 0xBF) || c == 0x152 || c == 0x153 || c == 0x160 || c == 0x161 ||
           c == 0x178 || c == 0x17D || c == 0x17E || c == 0x192 || c == 0x2C6 || c == 0x2DC ||
           (c >= 0x2013 && c <= 0x203A) || c == 0x20AC || c == 0x2122;
}

} // namespace

// Signatures of the two most common mis-decodings, as pairs of characters that correct text
// practically never contains: the lead bytes C2-C5, CE, CF, D0, D1, E2, F0 read as windows-1252
// ("Â", "Ã", "Ä", "Å", "Î", "Ï", "Ð", "Ñ", "â", "ð") followed by a continuation byte read the
// same way ("Ãœ", "âœ"), and "Р"/"С" (D0, D1 in windows-1251) followed by a continuation byte
// read as windows-1251 that is not a Russian or Ukrainian letter ("Рµ", "вЂ").
int signatureCost(char32_t a, char32_t b) {
    return signatureCostOf(signatureLead(a), a, b);
}

// The leads of the signatures, each set apart from the others.
SignatureLead signatureLead(char32_t a) {
    // Every lead below is C2 or above: most characters are told at once.
    if (a < 0xC2)
        return SignatureLead::None;
    switch (a) {
    // ("Ê" is CA, the lead of the okina "ʻ" and the apostrophe letter "ʼ" of Hawaiian, Uzbek.)
    case 0xC2:
    case 0xC3:
    case 0xC4:
    case 0xC5:
    case 0xCA:
    case 0xCE:
    case 0xCF:
    case 0xD0:
    case 0xD1:
    case 0xE2:
    case 0xF0:
        return SignatureLead::Latin;
    // The same leads read by the Central European and Baltic pages ("Ă", "Ĺ", "Ď", "Đ", "Ń"
    // under windows-1250 and ISO-8859-2, "Ā", "Ć" under windows-1257), and Mac Central
    // European's "ń" and "Ň", its C4 and C5.
    case 0x102:
    case 0x139:
    case 0x10E:
    case 0x110:
    case 0x143:
    case 0x100:
    case 0x106:
    case 0x144:
    case 0x147:
        return SignatureLead::Central;
    // The DOS pages' reading of E2: "Ô" under IBM850, "Γ" under IBM437.
    case 0xD4:
    case 0x393:
        return SignatureLead::Dos;
    // "Р", "С" and "в": D0, D1 and E2 under windows-1251.
    case 0x420:
    case 0x421:
    case 0x432:
        return SignatureLead::Cyrillic;
    default:
        return SignatureLead::None;
    }
}

int signatureCostOf(SignatureLead lead, char32_t a, char32_t b) {
    switch (lead) {
    case SignatureLead::None:
        return 0;
    case SignatureLead::Latin:
        return isHighLatinSymbol(b) ? 1 : 0;
    case SignatureLead::Central:
        // Followed by what the same page reads a continuation byte as: there letters too ("Ăł"
        // is "ó", "Ä…" is "ą"; Mac Central European's "ńć" is "č", "Ňĺ" is "ž").
        return (tables().masks(a).leads[0] & tables().contMask(b)) != 0 ? 1 : 0;
    case SignatureLead::Dos:
        // E2 80, the start of every general punctuation mark: "ÔÇ", "ΓÇ" ("ÔÇÖ" is "’").
        return b == 0xC7 ? 1 : 0;
    case SignatureLead::Cyrillic: {
        // "С" is D1, which with a second byte A0-BF encodes the historic letters U+0460-047F:
        // "С»" (a word's last letter and a closing guillemet) is no damage of Russian or
        // Ukrainian text.
        if (a == 0x421 && tables().pages[std::size_t(CodePage::Windows1251)].byteOf(b) >= 0xA0)
            return 0;
        const bool ukrainian =
            b == 0x404 || b == 0x406 || b == 0x407 || b == 0x454 || b == 0x456 || b == 0x457;
        return !ukrainian && ((b >= 0x402 && b <= 0x40F) || (b >= 0x452 && b <= 0x45F) ||
                              (b >= 0xA0 && b <= 0xBF) || (b >= 0x2010 && b <= 0x2122))
                   ? 1
                   : 0;
    }
    }
    return 0;
}

// Letters of the Latin and Greek blocks that no widely written language uses, or only one with
// few speakers: Esperanto's ĉ ĝ ĥ ĵ ŝ ŭ, Maltese ġ ħ, Sami ŋ ŧ, Welsh ŵ ŷ, the ligature ĳ, the
// long s, Latin Extended-B but for Romanian ș ț, Vietnamese ơ ư and Azerbaijani Ə (rarer still:
// a cost of 2), and the archaic and Coptic-derived Greek letters. Two characters of a page that
// happen to read as UTF-8 land on them far more often than real text holds them ("Ä" + NBSP is
// "Ġ").
// The letters of the IPA and Latin Extended-B blocks that the alphabets of West and Central
// Africa write (Hausa "ɓ ɗ ƙ ƴ", Fula and Bambara "ɲ ŋ", Ewe, Twi and Lingala "ɛ ɔ ɣ ʋ", Kabiye
// "ɩ ʊ"), and Navajo's "ǫ": letters of languages with millions of writers, not the IPA symbols
// that two Latin-1 letters encode by chance.
bool africanLetter(char32_t c) {
    switch (c) {
    case 0x0181:
    case 0x0253: // Ɓ ɓ
    case 0x0186:
    case 0x0254: // Ɔ ɔ
    case 0x0189:
    case 0x0256: // Ɖ ɖ
    case 0x018A:
    case 0x0257: // Ɗ ɗ
    case 0x0190:
    case 0x025B: // Ɛ ɛ
    case 0x0194:
    case 0x0263: // Ɣ ɣ
    case 0x0196:
    case 0x0269: // Ɩ ɩ
    case 0x019D:
    case 0x0272: // Ɲ ɲ
    case 0x01B1:
    case 0x028A: // Ʊ ʊ
    case 0x01B2:
    case 0x028B: // Ʋ ʋ
    case 0x0198:
    case 0x0199: // Ƙ ƙ
    case 0x01B3:
    case 0x01B4: // Ƴ ƴ
    case 0x01EA:
    case 0x01EB: // Ǫ ǫ
        return true;
    default:
        return false;
    }
}

bool rareLetter(char32_t c) {
    if (africanLetter(c))
        return false;
    switch (c) {
    case 0x0108:
    case 0x0109:
    case 0x011C:
    case 0x011D:
    case 0x0124:
    case 0x0125:
    case 0x0134:
    case 0x0135:
    case 0x015C:
    case 0x015D:
    case 0x016C:
    case 0x016D:
    case 0x0120:
    case 0x0121:
    case 0x0126:
    case 0x0127:
    case 0x0128:
    case 0x0129:
    case 0x0168:
    case 0x0169:
    case 0x013F:
    case 0x0140:
    case 0x0138:
    case 0x014A:
    case 0x014B:
    case 0x0166:
    case 0x0167:
    case 0x0149:
    case 0x0174:
    case 0x0175:
    case 0x0176:
    case 0x0177:
    case 0x0132:
    case 0x0133:
    case 0x017F:
    case 0x0156:
    case 0x0157:
    case 0x012C:
    case 0x012D:
    case 0x014E:
    case 0x014F:
    case 0x0114:
    case 0x0115:
        return true;
    default:
        break;
    }
    if (c >= 0x0180 && c <= 0x024F)
        return !(c >= 0x0218 && c <= 0x021B) && c != 0x01A0 && c != 0x01A1 && c != 0x01AF &&
               c != 0x01B0 && c != 0x018F;
    return c >= 0x03CF && c <= 0x03FF;
}

// The letters beyond Russian's and Ukrainian's of the Cyrillic languages with millions of
// writers: Kazakh, Kyrgyz, Mongolian, Tatar, Bashkir ("ә", "ғ", "қ", "ң", "ө", "ү", "ұ", "һ") and
// Tajik ("ӯ", "ҷ").
bool commonCyrillic(char32_t c) {
    switch (c | 1) { // each capital and its small letter
    case 0x0493:
    case 0x049B:
    case 0x04A3:
    case 0x04AF:
    case 0x04B1:
    case 0x04BB:
    case 0x04D9:
    case 0x04E9:
    case 0x04EF:
    case 0x04B7:
        return true;
    default:
        return false;
    }
}

int charCost(char32_t cp, const CharInfo& c) {
    // The zero-width characters and the explicit directional formatting characters (UAX #9:
    // marks, embeddings, overrides, isolates) are how right-to-left, Indic and emoji text is
    // written; other controls are what a page's bytes land on by chance.
    if (c.kind == Kind::Control)
        return (cp >= 0x200B && cp <= 0x200F) || (cp >= 0x202A && cp <= 0x202E) ||
                       (cp >= 0x2066 && cp <= 0x2069) || cp == 0x061C
                   ? 0
                   : 2;
    // The Cyrillic letters of the smaller languages (Tajik "Ҳ", Abkhaz "Ӡ") and the historic ones
    // are far rarer than two letters of Russian or Ukrainian, which windows-1251 reads as one of
    // them by chance ("ТІ" is D2 B2, "Ҳ"). Ukrainian "Ґ" is common.
    if (cp >= 0x0460 && cp <= 0x052F && cp != 0x0490 && cp != 0x0491 && !commonCyrillic(cp))
        return 1;
    return rareLetter(cp) ? (cp >= 0x0180 && cp <= 0x024F ? 2 : 1) : 0;
}

// The cost of `middle` between the characters `before` and `after`.
int textCost(char32_t before, std::span<const char32_t> middle, char32_t after) {
    // Each character's CharInfo read in place (infoAt()), not copied: above the Basic
    // Multilingual Plane into the spare the previous character's does not use.
    CharInfo spare[2];
    std::size_t spareUsed = 0;
    char32_t prevChar = before;
    const CharInfo* prev = infoAt(before, spare[0]);
    int cost = prev->cost;
    const auto step = [&](char32_t c) {
        spareUsed ^= 1;
        const CharInfo* ci = infoAt(c, spare[spareUsed]);
        cost += ci->cost + pairCost(*prev, *ci);
        // (signatureCost() is 0 after most characters, which info() tells by their lead.)
        if (prev->lead != SignatureLead::None)
            cost += signatureCostOf(prev->lead, prevChar, c);
        // A capital right after a digit ("100Â") is as odd as one after a small letter.
        if (prev->kind == Kind::Digit && ci->upper && c >= 0x80)
            ++cost;
        // A low-9 quotation mark opens a quotation (German, Czech, Polish), after a space: right
        // after a letter it is windows-1252's 84 or 82 read out of a character ("Ã„" is "Ä").
        if (prev->kind == Kind::Letter && (c == 0x201E || c == 0x201A))
            ++cost;
        prev = ci;
        prevChar = c;
    };
    for (char32_t c : middle)
        step(c);
    step(after);
    return cost;
}

namespace {

// Characters a repair may produce: assigned, not controls or private use, of a script in common
// use (UAX #31's "recommended" scripts; Syriac, NKo and the like are "limited use"), and not the
// IPA, spacing-modifier and combining blocks that two Latin-1 letters happen to encode.
bool lookUpPlausible(char32_t c, const CharInfo& ci) {
    // But the zero-width space, which Khmer, Thai, Lao and Burmese put between words, the
    // joiners (ZWNJ in Persian, ZWJ in emoji and Indic scripts), direction marks, BOM, soft hyphen,
    // and the embeddings and isolates of UAX #9 (LRE..RLO, LRI..PDI), which catalogues in Arabic,
    // Persian and Hebrew put around a path or a command written left to right ("â€ª.desktopâ€¬"
    // is U+202A ".desktop" U+202C; without them ISO-8859-15 reads "â€ª" as the arrow "⤪").
    if (ci.kind == Kind::Control)
        return (c >= 0x200B && c <= 0x200F) || (c >= 0x202A && c <= 0x202E) ||
               (c >= 0x2066 && c <= 0x2069) || c == 0xFEFF || c == 0xAD;
    // IPA, modifiers, combining marks, archaic Greek: what two Latin-1 letters encode by chance;
    // but Azerbaijani "ə" and the okina and apostrophe letters of Hawaiian, Uzbek, Ukrainian.
    if (c == 0x0259 || c == 0x02BB || c == 0x02BC || africanLetter(c))
        return true;
    // And the tone and accent marks that Yoruba, Vietnamese and decomposed text put on a letter
    // (grave to caron, dot below, cedilla, ogonek): marksFit() still asks for a letter under them.
    if ((c >= 0x0300 && c <= 0x030C) || c == 0x0323 || c == 0x0327 || c == 0x0328 ||
        isStrokeMark(c))
        return true;
    if (c >= 0x0250 && c <= 0x0385)
        return false;
    // U+FFFD is what a lost byte's character becomes ("ï¿½" is U+FFFD read as windows-1252).
    if (c >= 0xFFF0 && c <= 0xFFFF)
        return c == kLostByte;
    // CJK Extension A: rare ideographs, and what three Cyrillic letters read through
    // windows-1251 encode by chance (Ukrainian "дії" is E4 B3 BF there, U+4CFF).
    if (c >= 0x3400 && c <= 0x4DBF)
        return false;
    UErrorCode s = U_ZERO_ERROR;
    const UScriptCode script = uscript_getScript(UChar32(c), &s);
    if (script <= USCRIPT_INHERITED)
        return true;
    // Limited-use scripts (Cherokee, Canadian syllabics, Tifinagh, Vai...) too where a repair
    // reads three bytes into them; two Latin-1 letters land on Syriac, Thaana or NKo by chance.
    const UScriptUsage usage = uscript_getUsage(script);
    return usage == USCRIPT_USAGE_RECOMMENDED || (usage == USCRIPT_USAGE_LIMITED_USE && c >= 0x800);
}

} // namespace

// lookUpPlausible(), from the table of info().
bool plausibleResult(char32_t c) {
    return info(c).plausible;
}

bool plausibleWholeSequence(char32_t c) {
    // A 2-byte character (IPA, archaic Greek) is no whole 3- or 4-byte sequence read back.
    return plausibleResult(c) || (c >= 0x800 && plausibleQuoted(c));
}

bool plausibleQuoted(char32_t c) {
    if (plausibleResult(c))
        return true;
    // CJK Extension A stays out as plausibleResult() says.
    if (c >= 0x3400 && c <= 0x4DBF)
        return false;
    switch (u_charType(UChar32(c))) {
    case U_UNASSIGNED:
    case U_PRIVATE_USE_CHAR:
    case U_SURROGATE:
    case U_CONTROL_CHAR:
    case U_FORMAT_CHAR:
        return false;
    default:
        return (c & 0xFFFE) != 0xFFFE && !(c >= 0xFDD0 && c <= 0xFDEF);
    }
}

// Combining marks in a repair must sit on a letter they belong to: "e" + U+0301 (decomposed
// text) is fine, an Arabic fatha on "ð" is two Latin-1 letters read back by chance. A mark whose
// Script_Extensions hold Inherited or Common fits any letter; others only letters of their
// scripts (UAX #24).
bool markFits(char32_t mark, char32_t base) {
    if (base == 0xFFFD)
        return true; // the character lost there (a strict decoder's U+FFFD) may have been its base
    // A variation selector asks for the emoji or the text form of a symbol ("❤" + U+FE0F) or a
    // variant of an ideograph, and the enclosing keycap goes on a digit, "#" or "*" (UTS #51).
    if ((mark >= 0xFE00 && mark <= 0xFE0F) || (mark >= 0xE0100 && mark <= 0xE01EF) ||
        mark == 0x20E3 || isStrokeMark(mark))
        return base > ' ' && base != 0x7F;
    // (The base's facts from the table of info(): a letter there is a letter to u_isalpha(),
    // with its script, but for U+FFFD, told above.)
    const CharInfo b = info(base);
    if (b.kind != Kind::Letter)
        return false;
    UErrorCode e = U_ZERO_ERROR;
    UScriptCode scripts[16];
    const int n = uscript_getScriptExtensions(UChar32(mark), scripts, 16, &e);
    if (U_FAILURE(e))
        return false;
    const UScriptCode baseScript = b.script;
    for (int k = 0; k < n; ++k)
        if (scripts[k] == USCRIPT_INHERITED || scripts[k] == USCRIPT_COMMON ||
            scripts[k] == baseScript)
            return true;
    return false;
}

// A spacing vowel sign of an Indic script (Bengali "ো", Gurmukhi "ਿ") is part of the letter
// before it, as a non-spacing mark is: a mark after it belongs to that letter too.
bool marksFit(char32_t before, std::span<const char32_t> repaired) {
    // Most repairs hold no mark: nothing to fit, and no base to find.
    if (std::none_of(repaired.begin(), repaired.end(), [](char32_t c) { return info(c).mark; }))
        return true;
    // (info()'s marks are the spacing ones too: every other character is a base.)
    char32_t base = before;
    for (char32_t c : repaired) {
        if (!info(c).mark)
            base = c;
        else if (!markFits(c, base))
            return false;
    }
    return true;
}

int uppercaseCount(std::span<const char32_t> text) {
    int n = 0;
    for (char32_t c : text)
        n += c >= 0x80 && info(c).upper;
    return n;
}

} // namespace u8convert::detail::mojibake
