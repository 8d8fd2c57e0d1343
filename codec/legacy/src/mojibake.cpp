#include "u8codec/mojibake.h"

#include "ascii_run.h"
#include "mojibake_detail.h"
#include "mojibake_sieve.h"
#include "mojibake_tables.h"
#include "u8codec/encoder.h"
#include "u8codec/scan.h"
#include "u8codec/segmenter.h"
#include "well_formed_utf8.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cstring>
#include <deque>
#include <exception>
#include <optional>
#include <span>
#include <system_error>
#include <thread>
#include <tuple>
#include <unicode/uchar.h>
#include <unicode/ucnv.h>
#include <unicode/uscript.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace u8codec {

namespace {

// Every page, in the order ties are broken: the most common culprits first (the Windows pages of
// the languages most text is in, their ISO counterparts, then the DOS, Mac and rarer pages).
// windows-1250 comes before ISO-8859-2: they read C0-FF alike and differ in 80-BF, where
// Central European text mis-read by Windows programs ("Ăś" for "Ü", 1250's 9C) is far more
// common than by ISO-8859-2 readers (whose B6 would make the same characters "ö").
constexpr std::array<CodePage, kCodePageCount> kPages = {
    CodePage::Windows1252, CodePage::Latin1,      CodePage::Windows1251,
    CodePage::MacRoman,    CodePage::Windows1250, CodePage::Latin2,
    CodePage::Latin9,      CodePage::Greek,       CodePage::Koi8R,
    CodePage::Cp437,       CodePage::Windows1257, CodePage::Windows1253,
    CodePage::Windows1254, CodePage::Koi8U,       CodePage::Cp866,
    CodePage::Cp850,       CodePage::Cp852,       CodePage::MacCentralEurope,
    CodePage::MacCyrillic, CodePage::Cyrillic,    CodePage::Latin5,
    CodePage::Latin7,      CodePage::Latin4,      CodePage::Latin3,
    CodePage::Latin6,      CodePage::Latin8,      CodePage::Latin10,
    CodePage::Windows1255, CodePage::Windows1256, CodePage::Windows1258,
    CodePage::Arabic,      CodePage::Hebrew,      CodePage::Thai};

using detail::PageMask;
using detail::PageTable;
using detail::PageTables;

const PageTables& tables() {
    return detail::pageTables();
}

// --- plausibility ---------------------------------------------------------------------------

enum class Kind : std::uint8_t { Space, Letter, Digit, Quote, Punct, Other, Control };

struct CharInfo {
    Kind kind;
    bool upper;
    bool lower;
    bool mark;      // a non-spacing or enclosing mark
    bool plausible; // plausibleResult(), in the table of info()
    UScriptCode script;
};

CharInfo lookUpInfo(char32_t c) {
    CharInfo ci{Kind::Other, false, false, false, false, USCRIPT_COMMON};
    // A no-break or typographic space is a space to the reader: French puts one before "?" and
    // inside «», Finnish and Swedish between words that must not part, numbers between their
    // thousands ("10 000").
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == 0xA0 || c == 0x202F ||
        (c >= 0x2000 && c <= 0x200A)) {
        ci.kind = Kind::Space;
        return ci;
    }
    const auto gc = UCharCategory(u_charType(UChar32(c)));
    ci.mark = gc == U_NON_SPACING_MARK || gc == U_ENCLOSING_MARK;
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

// lookUpInfo() for the characters below U+2600, built once: every character of the pages and of
// the Latin, Greek and Cyrillic text they damage is there, and the cost function asks about each
// character of every candidate (five ICU lookups each, a fifth of the time on damaged Cyrillic).
// Each entry also says whether a repair may produce the character (plausibleResult()).
CharInfo info(char32_t c) {
    static const std::vector<CharInfo> table = [] {
        std::vector<CharInfo> t;
        t.reserve(detail::kFlatLimit);
        for (char32_t k = 0; k < detail::kFlatLimit; ++k) {
            t.push_back(lookUpInfo(k));
            t.back().plausible = lookUpPlausible(k, t.back());
        }
        return t;
    }();
    return c < table.size() ? table[c] : lookUpInfo(c);
}

// How much a pair of adjacent characters looks like mojibake. Correct text in any language has
// letters next to letters of the same script, punctuation next to letters, and symbols mostly
// apart from letters; text mis-decoded from UTF-8 glues a letter to a symbol ("Ã©"), puts a
// capital right after a small letter ("ÑЂ"), mixes scripts inside a word ("Рµ").
int pairCost(const CharInfo& a, const CharInfo& b) {
    if (a.kind == Kind::Space || b.kind == Kind::Space || a.kind == Kind::Digit ||
        b.kind == Kind::Digit)
        return 0;
    // A combining mark on a letter, or on another mark, is how Thai, Hebrew, Arabic, Indic and
    // decomposed Latin text is written (whether the mark fits its letter, marksFit() judges).
    if (b.mark && (a.kind == Kind::Letter || a.mark))
        return 0;
    if (a.mark && b.kind == Kind::Letter)
        return 0; // the mark belongs to the letter before it, which may precede this one
    int cost = 0;
    if (a.kind == Kind::Letter && b.kind == Kind::Letter) {
        if (a.script != b.script && a.script > USCRIPT_INHERITED && b.script > USCRIPT_INHERITED)
            ++cost;
        if (a.lower && b.upper)
            ++cost;
        return cost;
    }
    const auto punct = [](Kind k) { return k == Kind::Quote || k == Kind::Punct; };
    if (punct(a.kind) && (b.kind == Kind::Letter || punct(b.kind)))
        return 0;
    if (a.kind == Kind::Letter && punct(b.kind))
        return 0;
    return 1;
}

// The characters windows-1252 puts at 80-9F, and the Latin-1 symbols at A0-BF: what the
// continuation bytes of UTF-8 turn into when read as windows-1252 or ISO-8859-1.
bool isHighLatinSymbol(char32_t c) {
    return (c >= 0x80 && c <= 0xBF) || c == 0x152 || c == 0x153 || c == 0x160 || c == 0x161 ||
           c == 0x178 || c == 0x17D || c == 0x17E || c == 0x192 || c == 0x2C6 || c == 0x2DC ||
           (c >= 0x2013 && c <= 0x203A) || c == 0x20AC || c == 0x2122;
}

// Signatures of the two most common mis-decodings, as pairs of characters that correct text
// practically never contains: the lead bytes C2-C5, CE, CF, D0, D1, E2, F0 read as windows-1252
// ("Â", "Ã", "Ä", "Å", "Î", "Ï", "Ð", "Ñ", "â", "ð") followed by a continuation byte read the
// same way ("Ãœ", "âœ"), and "Р"/"С" (D0, D1 in windows-1251) followed by a continuation byte
// read as windows-1251 that is not a Russian or Ukrainian letter ("Рµ", "вЂ").
int signatureCost(char32_t a, char32_t b) {
    // ("Ê" is CA, the lead of the okina "ʻ" and the apostrophe letter "ʼ" of Hawaiian, Uzbek.)
    const bool latinLead = (a >= 0xC2 && a <= 0xC5) || a == 0xCA || a == 0xCE || a == 0xCF ||
                           a == 0xD0 || a == 0xD1 || a == 0xE2 || a == 0xF0;
    if (latinLead && isHighLatinSymbol(b))
        return 1;
    // The same leads read by the Central European and Baltic pages ("Ă", "Ĺ", "Ď", "Đ", "Ń"
    // under windows-1250 and ISO-8859-2, "Ā", "Ć" under windows-1257), followed by what the same
    // page reads a continuation byte as: there letters too ("Ăł" is "ó", "Ä…" is "ą").
    const bool centralLead = a == 0x102 || a == 0x139 || a == 0x10E || a == 0x110 || a == 0x143 ||
                             a == 0x100 || a == 0x106;
    if (centralLead && (tables().masks(a).leads[0] & tables().contMask(b)) != 0)
        return 1;
    const bool cyrillicLead = a == 0x420 || a == 0x421 || a == 0x432;
    // "С" is D1, which with a second byte A0-BF encodes the historic letters U+0460-047F: "С»"
    // (a word's last letter and a closing guillemet) is no damage of Russian or Ukrainian text.
    if (a == 0x421 && tables().pages[std::size_t(CodePage::Windows1251)].byteOf(b) >= 0xA0)
        return 0;
    if (cyrillicLead) {
        const bool ukrainian =
            b == 0x404 || b == 0x406 || b == 0x407 || b == 0x454 || b == 0x456 || b == 0x457;
        if (!ukrainian && ((b >= 0x402 && b <= 0x40F) || (b >= 0x452 && b <= 0x45F) ||
                           (b >= 0xA0 && b <= 0xBF) || (b >= 0x2010 && b <= 0x2122)))
            return 1;
    }
    return 0;
}

// Letters of the Latin and Greek blocks that no widely written language uses, or only one with
// few speakers: Esperanto's ĉ ĝ ĥ ĵ ŝ ŭ, Maltese ġ ħ, Sami ŋ ŧ, Welsh ŵ ŷ, the ligature ĳ, the
// long s, Latin Extended-B but for Romanian ș ț, Vietnamese ơ ư and Azerbaijani Ə (rarer still:
// a cost of 2), and the archaic and Coptic-derived Greek letters. Two characters of a page that
// happen to read as UTF-8 land on them far more often than real text holds them ("Ä" + NBSP is
// "Ġ").
bool rareLetter(char32_t c) {
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
    if (c.kind == Kind::Control)
        return 2;
    // The Cyrillic letters of the smaller languages (Tajik "Ҳ", Abkhaz "Ӡ") and the historic ones
    // are far rarer than two letters of Russian or Ukrainian, which windows-1251 reads as one of
    // them by chance ("ТІ" is D2 B2, "Ҳ"). Ukrainian "Ґ" is common.
    if (cp >= 0x0460 && cp <= 0x052F && cp != 0x0490 && cp != 0x0491 && !commonCyrillic(cp))
        return 1;
    return rareLetter(cp) ? (cp >= 0x0180 && cp <= 0x024F ? 2 : 1) : 0;
}

// The cost of `middle` between the characters `before` and `after`.
int textCost(char32_t before, std::span<const char32_t> middle, char32_t after) {
    int cost = 0;
    char32_t prevChar = before;
    CharInfo prev = info(before);
    cost += charCost(before, prev);
    const auto step = [&](char32_t c) {
        const CharInfo ci = info(c);
        cost += charCost(c, ci);
        cost += pairCost(prev, ci) + signatureCost(prevChar, c);
        // A capital right after a digit ("100Â") is as odd as one after a small letter.
        if (prev.kind == Kind::Digit && ci.upper && c >= 0x80)
            ++cost;
        // A low-9 quotation mark opens a quotation (German, Czech, Polish), after a space: right
        // after a letter it is windows-1252's 84 or 82 read out of a character ("Ã„" is "Ä").
        if (prev.kind == Kind::Letter && (c == 0x201E || c == 0x201A))
            ++cost;
        prev = ci;
        prevChar = c;
    };
    for (char32_t c : middle)
        step(c);
    step(after);
    return cost;
}

// Characters a repair may produce: assigned, not controls or private use, of a script in common
// use (UAX #31's "recommended" scripts; Syriac, NKo and the like are "limited use"), and not the
// IPA, spacing-modifier and combining blocks that two Latin-1 letters happen to encode.
bool lookUpPlausible(char32_t c, const CharInfo& ci) {
    // But the zero-width space, which Khmer, Thai, Lao and Burmese put between words, the
    // joiners (ZWNJ in Persian, ZWJ in emoji and Indic scripts), direction marks, BOM, soft hyphen.
    if (ci.kind == Kind::Control)
        return (c >= 0x200B && c <= 0x200F) || c == 0xFEFF || c == 0xAD;
    // IPA, modifiers, combining marks, archaic Greek: what two Latin-1 letters encode by chance;
    // but Azerbaijani "ə" and the okina and apostrophe letters of Hawaiian, Uzbek, Ukrainian.
    if (c == 0x0259 || c == 0x02BB || c == 0x02BC)
        return true;
    if (c >= 0x0250 && c <= 0x0385)
        return false;
    // U+FFFD is what a lost byte's character becomes ("ï¿½" is U+FFFD read as windows-1252).
    if (c >= 0xFFF0 && c <= 0xFFFF)
        return c == detail::kLostByte;
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

// lookUpPlausible(), from the table below U+2600.
bool plausibleResult(char32_t c) {
    return c < detail::kFlatLimit ? info(c).plausible : lookUpPlausible(c, lookUpInfo(c));
}

// Combining marks in a repair must sit on a letter they belong to: "e" + U+0301 (decomposed
// text) is fine, an Arabic fatha on "ð" is two Latin-1 letters read back by chance. A mark whose
// Script_Extensions hold Inherited or Common fits any letter; others only letters of their
// scripts (UAX #24).
bool markFits(char32_t mark, char32_t base) {
    if (!u_isalpha(UChar32(base)))
        return false;
    UErrorCode e = U_ZERO_ERROR;
    UScriptCode scripts[16];
    const int n = uscript_getScriptExtensions(UChar32(mark), scripts, 16, &e);
    if (U_FAILURE(e))
        return false;
    const UScriptCode baseScript = uscript_getScript(UChar32(base), &e);
    for (int k = 0; k < n; ++k)
        if (scripts[k] == USCRIPT_INHERITED || scripts[k] == USCRIPT_COMMON ||
            scripts[k] == baseScript)
            return true;
    return false;
}

// A spacing vowel sign of an Indic script (Bengali "ো", Gurmukhi "ਿ") is part of the letter
// before it, as a non-spacing mark is: a mark after it belongs to that letter too.
bool marksFit(char32_t before, const std::vector<char32_t>& repaired) {
    char32_t base = before;
    for (char32_t c : repaired) {
        if (info(c).mark) {
            if (!markFits(c, base))
                return false;
        } else if (u_charType(UChar32(c)) != U_COMBINING_SPACING_MARK) {
            base = c;
        }
    }
    return true;
}

// The gain in cost (textCost()) a repair needs to count as evidence of its page, and to be made
// where the text shows no other damage through the page: one step is what a symbol next to a
// letter costs in correct text, two a mis-decoding's usual signature (letter + symbol + letter).
constexpr int kClearGain = 2;

// --- one candidate repair ---------------------------------------------------------------------

struct Char {
    std::size_t offset; // in the text being repaired
    std::uint8_t length;
    char32_t cp;
};

struct Candidate {
    std::size_t begin = 0; // char index of the first damaged character
    std::size_t end = 0;   // one past the last
    std::vector<char32_t> repaired;
    bool lostNbsp = false;
    bool lostUndefined = false;
    bool everyUsesLost = false; // each repaired character needed a lost byte
    bool surrogatePair = false; // a CESU-8 surrogate pair was read back (cesuPairAt())
    int cost = 0;               // of the repaired text, with its context
};

// Which undefined windows-1252 byte a decoder most likely dropped after the bytes `pending`
// (the lead and continuations read so far): the candidates that complete a plausible character,
// preferring the characters that are frequent in text ("”", Cyrillic "с", "я", "Á", "č", "Ł").
std::optional<char32_t> guessDroppedByte(const Segmenter& pending) {
    static constexpr char32_t kPreferred[] = {0x201D, 0x0441, 0x03C1, 0x044F, 0x0410,
                                              0x041D, 0x00C1, 0x010D, 0x0141, 0x00CD,
                                              0x044D, 0x0150, 0x010F};
    std::optional<char32_t> best;
    int bestRank = 1000;
    int order = 0;
    for (std::uint8_t u : {std::uint8_t(0x8D), std::uint8_t(0x81), std::uint8_t(0x9D),
                           std::uint8_t(0x8F), std::uint8_t(0x90)}) {
        ++order;
        Segmenter trial = pending;
        bool ok = false;
        char32_t cp = 0;
        trial.feed(std::span<const std::uint8_t>(&u, 1), [&](const Segment& s) {
            ok = s.isValid() && s.length >= 2;
            cp = s.codePoint;
        });
        if (!ok || !trial.atBoundary() || !plausibleResult(cp))
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
// ED B0-BF xx: CESU-8), chars[i, i + 6) stand for under `page`; 0 if they do not.
char32_t cesuPairAt(const std::vector<Char>& chars, std::size_t i, const PageTable& page) {
    if (chars.size() - i < 6)
        return 0;
    std::uint8_t b[6];
    for (std::size_t k = 0; k < 6; ++k) {
        const char32_t c = chars[i + k].cp;
        b[k] = c == ' ' && (k == 1 || k == 4) ? 0xA0 : c < 0x80 ? 0 : page.byteOf(c);
    }
    const auto cont = [](std::uint8_t x) { return x >= 0x80 && x <= 0xBF; };
    if (b[0] != 0xED || b[1] < 0xA0 || b[1] > 0xAF || !cont(b[2]) || b[3] != 0xED || b[4] < 0xB0 ||
        b[4] > 0xBF || !cont(b[5]))
        return 0;
    const char32_t high = 0xD000 | char32_t(b[1] & 0x3F) << 6 | (b[2] & 0x3F);
    const char32_t low = 0xD000 | char32_t(b[4] & 0x3F) << 6 | (b[5] & 0x3F);
    return 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00);
}

// Maps chars [start, ...) back to bytes of page `p` and reads them as UTF-8 with the codec's
// segmenter. Returns the longest stretch from `start` made of well-formed multi-byte characters.
// `openAtEnd` is set when bytes may be restored and the characters ran out inside a sequence: a
// space after them could be its lost A0 (or the place of a dropped byte).
std::optional<Candidate> tryPage(const std::vector<Char>& chars, std::size_t start, int p,
                                 bool restoreLost, bool& openAtEnd, char32_t before = ' ',
                                 char32_t afterRun = ' ') {
    const PageTable& page = tables().pages[std::size_t(p)];
    // Only windows-1252 has bytes that decoders drop (ISO-8859-1 defines all 256).
    const bool mayDrop = restoreLost && CodePage(p) == CodePage::Windows1252;
    Segmenter seg;
    Candidate cand;
    cand.begin = start;
    // A repair is shorter than the characters it reads: one allocation for most.
    cand.repaired.reserve(std::min<std::size_t>(chars.size() - start, 32));
    std::size_t consumed = start; // chars consumed by completed multi-byte characters
    bool seqLost = false;         // the pending sequence has its one lost byte (see SieveRule)
    bool anyWithoutLost = false;
    bool failed = false;
    bool lossy = false;               // the pending sequence lost a byte to U+FFFD
    int seqBytes = 0;                 // bytes of the pending sequence
    std::uint8_t seqHead[2] = {0, 0}; // its first two
    const auto feed = [&](std::uint8_t b) {
        bool done = false;
        seg.feed(std::span<const std::uint8_t>(&b, 1), [&](const Segment& s) {
            done = true;
            if (!s.isValid() || s.length < 2) {
                failed = true;
                return;
            }
            cand.repaired.push_back(s.codePoint);
            anyWithoutLost |= !seqLost;
            seqLost = false;
        });
        return done;
    };
    // A pending sequence cut short: complete it with a dropped undefined byte, if one fits.
    const auto completeDropped = [&](std::size_t at) {
        if (!mayDrop || seg.atBoundary() || seqLost)
            return false;
        const auto cp = guessDroppedByte(seg);
        if (!cp)
            return false;
        seg = Segmenter();
        cand.repaired.push_back(*cp);
        cand.lostUndefined = true;
        seqLost = false; // this character needed a lost byte; it does not count as evidence
        consumed = at;
        return true;
    };
    std::size_t i = start;
    for (; i < chars.size() && !failed; ++i) {
        const char32_t c = chars[i].cp;
        std::uint8_t b = 0;
        bool lost = false;
        if (c == ' ' && mayDrop && !seg.atBoundary() && guessDroppedByte(seg) == char32_t(0x201D)) {
            // "â€" then a space: a dropped 9D (the closing quote "”") is far more common than
            // a dagger "†" (E2 80 A0) whose A0 became a space.
            completeDropped(i);
            break;
        }
        // "â€" then a space under any other page: "”" whose 9D was lost (the rule above) is far
        // more likely than "†", whatever page the rest of the text was read through.
        const bool afterE280 = seqBytes == 2 && seqHead[0] == 0xE2 && seqHead[1] == 0x80;
        if (c == ' ' && restoreLost && !seg.atBoundary() && !seqLost && !afterE280) {
            b = 0xA0; // NBSP turned into a space by the mis-decoding program
            lost = true;
        } else if (c == detail::kLostByte && page.losesContinuations && !seg.atBoundary() &&
                   (!seqLost || lossy)) {
            // A byte the page leaves undefined, written as U+FFFD by a strict decoder ("â€�"
            // for "”", whose 9D windows-1252 does not define): the character it was part of is
            // lost, and becomes one U+FFFD (Unicode chapter 3, U+FFFD substitution). Any byte
            // the sequence allows there stands in for it until the character is complete.
            b = seqBytes == 1 ? firstContinuationRange(seqHead[0]).low : std::uint8_t(0x80);
            lost = true;
            lossy = true;
        } else if (c < 0x80) {
            break;
        } else {
            b = page.byteOf(c);
            if (b == 0)
                break;
        }
        if (!seg.atBoundary() && !firstContinuationRange(0x80).contains(b)) {
            if (!completeDropped(i))
                break;
        }
        if (seg.atBoundary() && b == 0xED && !lost) {
            if (const char32_t pair = cesuPairAt(chars, i, page)) {
                // A surrogate pair written as two 3-byte forms (CESU-8, Java's Modified UTF-8)
                // and then mis-decoded: "í ½í¸€" is U+1F600. RFC 3629 section 3 forbids the
                // surrogate forms; the character they pair into is what the writer meant.
                cand.repaired.push_back(pair);
                cand.surrogatePair = true;
                anyWithoutLost = true;
                i += 5;
                consumed = i + 1;
                continue;
            }
        }
        if (seg.atBoundary() && sequenceLength(classify(b)) < 2)
            break;
        if (lost)
            cand.lostNbsp = true;
        seqLost |= lost;
        seqBytes = seg.atBoundary() ? 1 : seqBytes + 1;
        if (seqBytes <= 2)
            seqHead[seqBytes - 1] = b;
        if (feed(b) && !failed) {
            consumed = i + 1;
            if (std::exchange(lossy, false)) {
                cand.repaired.back() = detail::kLostByte;
                cand.lostUndefined = true;
            }
            if (lost && cand.repaired.back() == 0xE0 &&
                alsoAWordBreak(chars, i, before, afterRun)) {
                consumed = i; // the space stays
                break;
            }
        }
    }
    if (!failed && restoreLost && i == chars.size() && !seg.atBoundary())
        openAtEnd = true;
    if (!failed)
        completeDropped(i);
    if (consumed == start || cand.repaired.empty())
        return std::nullopt;
    cand.end = consumed;
    cand.everyUsesLost = !anyWithoutLost;
    // A letter right after the repaired stretch, still inside the non-ASCII run, means the
    // stretch was part of a correct word ("Рівне": "Рі" maps to "г", "вне" does not map).
    if (consumed < chars.size() && chars[consumed].cp >= 0x80 &&
        info(chars[consumed].cp).kind == Kind::Letter && page.byteOf(chars[consumed].cp) != 0)
        return std::nullopt;
    return cand;
}

struct Decision {
    Candidate cand;
    std::vector<CodePage> steps; // repair order: the last mis-decoding first
    // The pages that explain the damage: those whose reading gave this same repair (ISO-8859-1,
    // windows-1252 and ISO-8859-15 agree on most letters) and those whose own repair of it read
    // clearly better than the damage (kClearGain). Evidence is credited to each, so that the
    // weight of a page is how much of the text's damage it explains, not how often it won a tie.
    PageMask explaining = 0;
    // How much more plausible the repair reads than the damaged text (textCost()); 0: made on an
    // equal cost only because the text shows damage through the page elsewhere.
    int gain = 0;
    // The damaged characters are all letters (or marks), or three or more: a repair that reads
    // only a little better ("Ăł" as "ó", MacRoman's "‚Äú" as "“") still says something of its
    // page, where two characters with a symbol or a quote ("√π" as "ù", "Ã”" as "Ô") are what
    // correct text holds.
    bool telling = false;
    std::string repairedUtf8;   // cand.repaired encoded, filled when the decision is kept
    bool repairedAscii = false; // repairedUtf8 holds an ASCII byte (it never has so far)
    // Its first 16 bytes, zeros after it: a fix's output is copied 16 bytes at once.
    std::array<char, 16> repairedHead{};
    std::size_t damagedLength = 0; // the bytes of the fix it was kept for (each has its own)
};

int uppercaseCount(const std::vector<char32_t>& text) {
    int n = 0;
    for (char32_t c : text)
        n += c >= 0x80 && info(c).upper;
    return n;
}

// Per page: [p] the gains of the fixes the page explains (Decision::explaining, each counted
// up to kClearGain); [kCodePageCount + p] fixes with p deeper.
using Evidence = detail::MojibakeEvidence;

// Whether the text shows damage through `page`: one fix that reads clearly better than its
// source, or several that read better ("Ă" + "ł" is one step better as "ó", and Spanish read as
// ISO-8859-2 has one in every other word), but not one repair barely better than the source
// ("×”" as a Hebrew letter, "Ã’s" as "Òs", alone in a text).
bool shows(const Evidence& e, CodePage page) {
    return e[std::size_t(page)] >= std::uint64_t(kClearGain);
}

// The fixes with `page` deeper than their last mis-decoding; 0 without evidence.
std::uint64_t readDeeper(const Evidence* evidence, CodePage page) {
    return evidence ? (*evidence)[std::size_t(kCodePageCount) + std::size_t(page)] : 0;
}

// The pages whose lost bytes are restored: in the second pass, those the first found evidence
// of. A lost byte is a guess, and a guess through a page the text shows no other damage of is
// a false repair far more often than a true one (MacRoman "—" + " " would read as "Ѡ").
PageMask lostBytePages(const MojibakeOptions& opt, const Evidence* evidence) {
    PageMask pages = 0;
    if (opt.restoreLostBytes && evidence)
        for (int p = 0; p < kCodePageCount; ++p)
            if (shows(*evidence, CodePage(p)))
                pages |= detail::pageBit(CodePage(p));
    return pages;
}

// The best repair starting at chars[start]. For each page whose bytes read back as UTF-8, the
// result is read back again while some page maps all of it (double and triple encodings); the
// level with the lowest cost is the candidate. It is taken when its cost is lower than the
// damaged text's. With `evidence` (fixes per page that lowered the cost, found in a first pass),
// an equal cost is enough for a page with evidence: short words ("Рё", "ГЁ") carry too little
// signal alone, but a text is rarely mis-decoded in one word and correct in the next through the
// same page. `lost`: the pages whose lost bytes are restored (lostBytePages()). `openAtEnd`: as
// tryPage() sets it.
std::optional<Decision> bestRepair(const std::vector<Char>& chars, std::size_t start,
                                   char32_t before, char32_t afterRun, const MojibakeOptions& opt,
                                   const Evidence* evidence, PageMask lost, bool& openAtEnd) {
    const auto has = [&](int page) { return evidence && shows(*evidence, CodePage(page)); };
    const auto hasDeeper = [&](int page) { return readDeeper(evidence, CodePage(page)) > 0; };
    // At a deeper level, of the pages that read all of it back: the lowest cost; then, as at the
    // first level, the page the text shows read deeper more often, then fewer capitals (double
    // ISO-8859-15 "Ã€" is "ä", double windows-1252 "À").
    const auto deeperRank = [&](int cost, CodePage page, const std::vector<char32_t>& repaired) {
        return std::make_tuple(cost, ~readDeeper(evidence, page), uppercaseCount(repaired));
    };
    const PageTables& t = tables();
    const char32_t c0 = chars[start].cp;
    PageMask leadMask = t.leadMask(c0);
    // Quick rejection, exact when no byte can have been lost: the next character must map to a
    // continuation byte under the page.
    if (lost == 0) {
        leadMask &= start + 1 < chars.size() ? t.contMask(chars[start + 1].cp) : 0;
    } else if (start + 1 < chars.size() && chars[start + 1].cp >= 0x80) {
        // With lost bytes, only a space (a lost A0) may stand where a continuation byte is
        // missing, and under windows-1252 a dropped byte anywhere: otherwise a non-ASCII next
        // character must map to a continuation byte.
        leadMask &=
            t.contMask(chars[start + 1].cp) | (lost & detail::pageBit(CodePage::Windows1252));
    }
    if (leadMask == 0)
        return std::nullopt;
    std::optional<Decision> best;
    int bestGain = 0;
    struct PageResult {
        int page;
        int gain;
        std::size_t end;
        std::vector<char32_t> repaired;
    };
    // The pages' results, in storage kept between calls (their vectors keep their capacity).
    thread_local std::vector<PageResult> results;
    std::size_t resultCount = 0;
    for (CodePage cp : opt.codePages) {
        const int p = int(cp);
        if (!(leadMask & detail::pageBit(cp)))
            continue;
        auto cand = tryPage(chars, start, p, (lost & detail::pageBit(cp)) != 0, openAtEnd, before,
                            afterRun);
        if (!cand)
            continue;
        thread_local std::vector<char32_t> damaged;
        damaged.clear();
        for (std::size_t i = cand->begin; i < cand->end; ++i)
            damaged.push_back(chars[i].cp);
        const char32_t after = cand->end < chars.size() ? chars[cand->end].cp : afterRun;
        const int damagedCost = textCost(before, damaged, after);
        Decision chosen{std::move(*cand), {cp}, 0, {}};
        int chosenCost = textCost(before, chosen.cand.repaired, after);
        // The deeper levels, copied from the first only when some page reads it back (most
        // repairs have none).
        std::optional<Decision> level;
        int levelCost = chosenCost;
        for (int depth = 1; depth < opt.maxDepth; ++depth) {
            const std::vector<char32_t>& current =
                level ? level->cand.repaired : chosen.cand.repaired;
            // Only pages that map the first character to a lead and the second to a
            // continuation byte can read all of it back.
            const PageMask innerMask =
                current.size() >= 2 ? t.leadMask(current[0]) & t.contMask(current[1]) : 0;
            if (innerMask == 0)
                break;
            std::vector<Char> inner;
            for (char32_t c : current)
                inner.push_back({0, 0, c});
            std::optional<Candidate> next;
            CodePage nextPage = cp;
            int nextCost = 0;
            for (CodePage cp2 : opt.codePages) {
                if (!(innerMask & detail::pageBit(cp2)))
                    continue;
                bool unused = false; // no byte is restored at the deeper levels
                auto c2 = tryPage(inner, 0, int(cp2), false, unused);
                if (!c2 || c2->end != inner.size())
                    continue;
                const int cost2 = textCost(before, c2->repaired, after);
                if (!next || deeperRank(cost2, cp2, c2->repaired) <
                                 deeperRank(nextCost, nextPage, next->repaired)) {
                    next = std::move(c2);
                    nextPage = cp2;
                    nextCost = cost2;
                }
            }
            if (!next)
                break;
            if (!level)
                level = chosen;
            level->cand.repaired = std::move(next->repaired);
            level->steps.push_back(nextPage);
            levelCost = nextCost;
            if (levelCost < chosenCost || (levelCost == chosenCost && hasDeeper(int(nextPage)))) {
                chosen = *level;
                chosenCost = levelCost;
            }
        }
        // An equal cost is enough only with evidence, and never for a repair that rests on a
        // guessed dropped byte alone ("É" + "l" could become "ɍl" with a dropped 8D), nor on a
        // lost A0 alone unless a letter becomes letters: "Ã" + a space is "à", but a symbol and
        // a space is what correct text looks like (MacRoman "—" + A0 would be "Ѡ"), and so are
        // two letters around a space (IBM437 "ß é" would be the Mongolian comma U+1802).
        const auto isLetter = [](char32_t c) { return info(c).kind == Kind::Letter; };
        // "Â" + a space is the no-break space itself (C2 A0), which French puts before ":;?!".
        const bool letterToLetters =
            isLetter(c0) && std::all_of(chosen.cand.repaired.begin(), chosen.cand.repaired.end(),
                                        [&](char32_t c) { return isLetter(c) || c == 0xA0; });
        const bool onlyAGuess =
            chosen.cand.everyUsesLost && (chosen.cand.lostUndefined || !letterToLetters);
        // A byte order mark read through a page ("ï»¿" under windows-1252, "п»ї" under
        // windows-1251, "∩╗┐" under IBM437) is damage whatever the costs say: correct text never
        // holds those three characters, and U+FEFF costs as a control character would.
        // So are six characters that read back as a surrogate pair in CESU-8 (ED A0-AF xx
        // ED B0-BF xx): correct text maps to that by chance practically never.
        if (((chosen.cand.repaired.front() == 0xFEFF && chosen.steps.size() == 1) ||
             chosen.cand.surrogatePair) &&
            !chosen.cand.lostNbsp && !chosen.cand.lostUndefined)
            chosenCost = std::min(chosenCost, damagedCost - kClearGain);
        if (chosenCost > damagedCost || (chosenCost == damagedCost && (!has(p) || onlyAGuess)))
            continue;
        // Without damage through the page elsewhere in the text, a repair must read clearly
        // better than the source: one step of cost is what correct text with a symbol or a
        // quote next to a letter scores ("×”", "Ã’s", "√π" would become a Hebrew letter, "Ò",
        // "ù").
        if (evidence && !has(p) && damagedCost - chosenCost < kClearGain)
            continue;
        if (!std::all_of(chosen.cand.repaired.begin(), chosen.cand.repaired.end(),
                         plausibleResult) ||
            !marksFit(before, chosen.cand.repaired))
            continue;
        const int gain = damagedCost - chosenCost;
        if (resultCount == results.size())
            results.emplace_back();
        PageResult& r = results[resultCount++];
        r.page = p;
        r.gain = gain;
        r.end = chosen.cand.end;
        r.repaired.assign(chosen.cand.repaired.begin(), chosen.cand.repaired.end());
        // Prefer the larger gain; then the page with more evidence; then fewer capitals
        // (ISO-8859-15 "Ã€" is "ä", windows-1252 "Ã€" is "À": small letters are far more frequent);
        // then the longer stretch; then the earlier page.
        const auto weight = [&](const Decision& x) {
            return evidence ? (*evidence)[std::size_t(x.steps.front())] : 0;
        };
        const auto key = [&](const Decision& x, int g) {
            return std::make_tuple(g, weight(x), -uppercaseCount(x.cand.repaired), x.cand.end);
        };
        if (!best || key(chosen, gain) > key(*best, bestGain)) {
            best = std::move(chosen);
            bestGain = gain;
        }
    }
    if (!best)
        return best;
    best->gain = bestGain;
    best->telling = best->cand.end - best->cand.begin >= 3;
    for (std::size_t k = best->cand.begin; k < best->cand.end && !best->telling; ++k) {
        const CharInfo ci = info(chars[k].cp);
        if (ci.kind != Kind::Letter && !ci.mark)
            break;
        best->telling = k + 1 == best->cand.end;
    }
    for (std::size_t k = 0; k < resultCount; ++k)
        if (results[k].gain >= kClearGain ||
            (results[k].end == best->cand.end && results[k].repaired == best->cand.repaired))
            best->explaining |= detail::pageBit(CodePage(results[k].page));
    return best;
}

// Where the run (a word of it, without `spaces`) holding the byte at `q` begins: back over
// non-ASCII bytes (and spaces) to `floor` at most, then past leading spaces to `q` at most.
const std::uint8_t* startOfRun(const std::uint8_t* q, const std::uint8_t* floor, bool spaces) {
    const std::uint8_t* start = q;
    while (start > floor && (start[-1] >= 0x80 || (spaces && start[-1] == ' ')))
        --start;
    while (start < q && *start == ' ')
        ++start;
    return start;
}

// The first byte at or after p that is ASCII and, with `spaces`, not a space: where a run of
// non-ASCII characters and the spaces between them ends (a word of them, without). 16 bytes at
// a time.
const std::uint8_t* endOfRun(const std::uint8_t* p, const std::uint8_t* end, bool spaces) {
    const auto inRun = [&](std::uint8_t b) { return b >= 0x80 || (spaces && b == ' '); };
#if defined(__SSE2__)
    // Without spaces, compared with 80, which only bytes in the run anyway equal.
    const __m128i space = spaces ? _mm_set1_epi8(' ') : _mm_set1_epi8(char(0x80));
    while (end - p >= 16) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
        const int in = _mm_movemask_epi8(_mm_or_si128(v, _mm_cmpeq_epi8(v, space)));
        if (in != 0xFFFF)
            return p + __builtin_ctz(~unsigned(in));
        p += 16;
    }
#endif
    while (p != end && inRun(*p))
        ++p;
    return p;
}

// A word: non-ASCII bytes between ASCII ones.
struct Word {
    const std::uint8_t* begin;
    const std::uint8_t* end;
};

// The first word at or after p that starts before `stop` (else {stop, stop}); `end`: the end of
// the text. Where the word is short and near, one load of 16 bytes finds where it begins and
// ends: text damaged throughout has one every few dozen bytes.
Word nextWord(const std::uint8_t* p, const std::uint8_t* stop, const std::uint8_t* end) {
#if defined(__SSE2__)
    if (end - p >= 16) {
        const unsigned nonAscii =
            unsigned(_mm_movemask_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p))));
        if (nonAscii != 0) {
            const unsigned i = unsigned(__builtin_ctz(nonAscii));
            if (p + i >= stop)
                return {stop, stop};
            const unsigned asciiAfter = ~nonAscii & (0xFFFFu << i) & 0xFFFFu;
            if (asciiAfter != 0)
                return {p + i, p + __builtin_ctz(asciiAfter)};
            return {p + i, endOfRun(p + 16, end, false)};
        }
        p += 16;
        if (p >= stop)
            return {stop, stop};
    }
#endif
    const std::uint8_t* q = detail::nextNonAscii(p, stop);
    if (q == stop)
        return {stop, stop};
    return {q, endOfRun(q, end, false)};
}

void appendUtf8Chars(const std::vector<char32_t>& cps, std::string& out) {
    for (char32_t c : cps)
        appendUtf8(c, out);
}

} // namespace

std::string_view name(CodePage cp) noexcept {
    return detail::icuName(cp);
}

namespace {

// The converter ICU opens for a name, by its canonical name ("" when ICU knows none).
std::string icuCanonicalName(const std::string& n) {
    UErrorCode status = U_ZERO_ERROR;
    UConverter* cnv = ucnv_open(n.c_str(), &status);
    std::string canonical;
    if (cnv && U_SUCCESS(status))
        canonical = ucnv_getName(cnv, &status);
    if (cnv)
        ucnv_close(cnv);
    return U_SUCCESS(status) ? canonical : std::string();
}

} // namespace

std::optional<CodePage> codePageFromName(std::string_view n) noexcept {
    const std::string asked(n);
    for (CodePage cp : kPages)
        if (ucnv_compareNames(asked.c_str(), std::string(name(cp)).c_str()) == 0)
            return cp;
    // The short names people type, which ICU does not all know (ucnv_compareNames() ignores
    // case, '-' and '_').
    static constexpr std::pair<std::string_view, CodePage> kTyped[] = {
        {"latin1", CodePage::Latin1},
        {"latin2", CodePage::Latin2},
        {"latin3", CodePage::Latin3},
        {"latin4", CodePage::Latin4},
        {"latin5", CodePage::Latin5},
        {"latin6", CodePage::Latin6},
        {"latin7", CodePage::Latin7},
        {"latin8", CodePage::Latin8},
        {"latin9", CodePage::Latin9},
        {"latin10", CodePage::Latin10},
        {"mac", CodePage::MacRoman},
        {"macroman", CodePage::MacRoman},
        {"macce", CodePage::MacCentralEurope},
        {"maclatin2", CodePage::MacCentralEurope},
        {"maccentraleurope", CodePage::MacCentralEurope},
        {"maccyrillic", CodePage::MacCyrillic},
        {"koi8r", CodePage::Koi8R},
        {"koi8u", CodePage::Koi8U},
        {"cp437", CodePage::Cp437},
        {"cp850", CodePage::Cp850},
        {"cp852", CodePage::Cp852},
        {"cp866", CodePage::Cp866},
        {"iso885916", CodePage::Latin10}};
    for (const auto& [typed, cp] : kTyped)
        if (ucnv_compareNames(asked.c_str(), std::string(typed).c_str()) == 0)
            return cp;
    // Any other alias ICU knows ("cp1250", "iso-ir-101", "ibm-5346"): the same converter.
    const std::string canonical = icuCanonicalName(asked);
    if (!canonical.empty())
        for (CodePage cp : kPages)
            if (cp != CodePage::Latin10 && icuCanonicalName(std::string(name(cp))) == canonical)
                return cp;
    return std::nullopt;
}

std::span<const CodePage> allCodePages() noexcept {
    return kPages;
}

std::string readAs(std::span<const std::uint8_t> bytes, CodePage cp) {
    const PageTable& page = tables().pages[std::size_t(cp)];
    std::string out;
    out.reserve(bytes.size() + bytes.size() / 4);
    for (std::uint8_t b : bytes)
        appendUtf8(page.toUnicode[b] == detail::kNoChar ? char32_t(0xFFFD) : page.toUnicode[b],
                   out);
    return out;
}

std::string MojibakeFix::description() const {
    std::string s = "UTF-8 read as ";
    if (!misdecodings.empty()) {
        const bool same = std::all_of(misdecodings.begin(), misdecodings.end(),
                                      [&](CodePage c) { return c == misdecodings.front(); });
        if (same) {
            s += name(misdecodings.front());
            if (misdecodings.size() == 2)
                s += ", twice";
            else if (misdecodings.size() > 2)
                s += ", " + std::to_string(misdecodings.size()) + " times";
        } else {
            for (std::size_t i = 0; i < misdecodings.size(); ++i) {
                if (i > 0)
                    s += ", then as ";
                s += name(misdecodings[i]);
            }
        }
    }
    if (restoredNbsp)
        s += "; a byte A0 that had become a space restored";
    if (restoredUndefined)
        s += "; a dropped undefined byte restored";
    return s;
}

namespace {

constexpr std::ptrdiff_t kProgressStep = std::ptrdiff_t(1) << 20;

// A fix accepted: the bytes [offset, offset + decision->damagedLength) of the text. 16 bytes:
// text damaged throughout has a fix every few words.
struct Accepted {
    std::size_t offset;
    const Decision* decision;
    std::size_t length() const { return decision->damagedLength; }
};

// The decisions of one pass, memoised per run. Everything a run's decisions depend on is the
// run's bytes, the byte before it (the context of its first character, a space at the start of
// the text), the byte after it, and what is constant during a pass (options, evidence, whether
// the text is known well-formed): a run met again with the same bytes around it gets the same
// repairs, so damaged text, which repeats the same few damaged words, is judged once per word.
// So does a word that had to be judged with its whole run: it is told so at once when met again.
class RunMemo {
public:
    struct Fix {
        std::size_t offset; // bytes, relative to the run's start
        const Decision* decision;
    };
    // Runs longer than this are judged each time: they rarely repeat.
    static constexpr std::size_t kMaxKeyBytes = 256;
    static constexpr std::size_t kMaxRuns = std::size_t(1) << 16;

    explicit RunMemo(bool enabled) : enabled_(enabled) {}

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
                  std::span<const Fix> fixes, bool wholeRun = false) {
        if (!enabled_ || key.size() > kMaxKeyBytes || count_ >= kMaxRuns)
            return;
        if (2 * (count_ + 1) > slots_.size())
            grow();
        Slot s;
        s.hash = hashOf(key, edges, layout);
        s.layout = layout;
        s.key = key;
        s.edges = edges;
        s.wholeRun = wholeRun;
        s.first = std::uint32_t(fixes_.size());
        s.count = std::uint32_t(fixes.size());
        fixes_.insert(fixes_.end(), fixes.begin(), fixes.end());
        place(s);
        ++count_;
    }
    // The run of `k` (a find()) met once more: its fixes are credited once for every time,
    // by creditMet(), which costs a dense text less than a credit each time.
    void countMet(const Known& k) { ++slots_[k.slot].met; }
    // f(fixes, times) for each run counted by countMet(), and the counts back to 0.
    template <typename F> void creditMet(F&& f) {
        for (Slot& s : slots_)
            if (s.met != 0) {
                f(std::span<const Fix>(fixes_.data() + s.first, s.count), s.met);
                s.met = 0;
            }
    }
    // Decisions live as long as the memo (the pass's Accepted entries point at them).
    const Decision* keep(Decision&& d, std::size_t damagedLength) {
        decisions_.push_back(std::move(d));
        Decision& kept = decisions_.back();
        kept.damagedLength = damagedLength;
        appendUtf8Chars(kept.cand.repaired, kept.repairedUtf8);
        kept.repairedAscii = std::any_of(kept.cand.repaired.begin(), kept.cand.repaired.end(),
                                         [](char32_t c) { return c < 0x80; });
        std::memcpy(kept.repairedHead.data(), kept.repairedUtf8.data(),
                    std::min(kept.repairedHead.size(), kept.repairedUtf8.size()));
        return &kept;
    }

private:
    // An open-addressing table (linear probing, at most half full, a power of two in size): on
    // damaged text every run is a lookup, and a node-based map's modulo and pointer chasing
    // were a sixth of the time.
    struct Slot {
        std::uint64_t hash = 0;
        std::string_view key; // views the text, which outlives the memo's use; empty slot: null
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
        slots_.assign(std::max<std::size_t>(1024, 2 * old.size()), Slot{});
        for (const Slot& s : old)
            if (s.key.data() != nullptr)
                place(s);
    }

    bool enabled_;
    std::deque<Decision> decisions_;
    std::vector<Slot> slots_;
    std::size_t count_ = 0;
    std::vector<Fix> fixes_;
};

// The characters of a run as the repair rewrites them: a fix replaces its damaged characters by
// the repaired ones, which stand for the bytes of the text the damaged ones covered. Fixes that
// rewrite each other's output (a chain) become one fix of the bytes they covered together.
class RunRewrite {
public:
    // One for all the runs of a pass: its storage is kept from one run to the next.
    explicit RunRewrite(std::vector<Char>& chars) : chars_(chars) {}

    // Starts on the run `chars` now holds.
    void reset() {
        pieces_.clear();
        for (const Char& c : chars_)
            pieces_.push_back({c.offset, c.offset + c.length, kOriginal});
        for (std::size_t k = 0; k < chainCount_; ++k)
            chains_[k].clear();
        chainCount_ = 0;
        applied_ = 0;
        limit_ = chars_.size() + 8;
    }

    // Each fix shortens the run or restores a dropped byte; the limit keeps a run from being
    // rewritten forever whatever the pages allow.
    bool mayApplyMore() const { return applied_ < limit_; }
    std::size_t applied() const { return applied_; } // fixes noted or applied since reset()

    // For a character a fix wrote: one past the last character of the text it belongs to (the
    // output of its chain); for one of the original text: k itself.
    std::size_t rewrittenEnd(std::size_t k) const {
        const std::size_t chain = pieces_[k].chain;
        if (chain == kOriginal)
            return k;
        while (k < pieces_.size() && pieces_[k].chain == chain)
            ++k;
        return k;
    }

    // How far before a fix judging goes back: the characters there have a new neighbour, which
    // can decide a repair there. 16 covers the damage of one character read twice over (a 4-byte
    // character becomes 4 characters of 2 or 3 bytes, those up to 12).
    static constexpr std::size_t kLookBack = 16;

    // The first character read again before a fix starting at b.
    static std::size_t lookBackFrom(std::size_t b) { return b > kLookBack ? b - kLookBack : 0; }

    // Whether any of chars_[b, e) was written by a fix.
    bool rewrittenWithin(std::size_t b, std::size_t e) const {
        for (std::size_t k = b; k < e; ++k)
            if (pieces_[k].chain != kOriginal)
                return true;
        return false;
    }

    // Whether chars_[b, e) and the characters around it are such that nothing read again there
    // can go further than judging on would: no damage right after it (a chain needs a
    // non-ASCII character there) and no character of the original text shortly before it that
    // the new neighbour could turn into a repair. Then `note` is enough.
    bool settled(std::size_t b, std::size_t e) const {
        if (e < chars_.size() && chars_[e].cp >= 0x80)
            return false;
        // Original characters only, and no fix's output right before them.
        if (rewrittenWithin(b > 0 ? b - 1 : 0, e))
            return false;
        for (std::size_t k = lookBackFrom(b); k < b; ++k)
            if (pieces_[k].chain == kOriginal && chars_[k].cp >= 0x80)
                return false;
        return true;
    }

    // A fix of original characters that is settled: recorded, the characters left as they are
    // (rewriting them would move the rest of the run, for every fix of a long run).
    void note(Decision&& d) {
        const std::size_t chain = newChain();
        for (std::size_t k = d.cand.begin; k < d.cand.end; ++k)
            pieces_[k].chain = chain;
        chains_[chain].push_back(std::move(d));
        ++applied_;
    }

    void apply(Decision&& d) {
        const std::size_t b = d.cand.begin, e = d.cand.end;
        // The fix joins the chain of any rewritten character it takes in.
        std::size_t chain = kOriginal;
        for (std::size_t k = b; k < e; ++k) {
            const std::size_t g = pieces_[k].chain;
            if (g == kOriginal || g == chain)
                continue;
            if (chain == kOriginal) {
                chain = g;
                continue;
            }
            for (Decision& x : chains_[g])
                chains_[chain].push_back(std::move(x));
            chains_[g].clear();
            for (Piece& piece : pieces_)
                piece.chain = piece.chain == g ? chain : piece.chain;
        }
        if (chain == kOriginal)
            chain = newChain();
        const Piece covered{pieces_[b].begin, pieces_[e - 1].end, chain};
        const std::size_t n = d.cand.repaired.size();
        chars_.erase(chars_.begin() + std::ptrdiff_t(b), chars_.begin() + std::ptrdiff_t(e));
        chars_.insert(chars_.begin() + std::ptrdiff_t(b), n, Char{covered.begin, 0, 0});
        for (std::size_t k = 0; k < n; ++k)
            chars_[b + k].cp = d.cand.repaired[k];
        pieces_.erase(pieces_.begin() + std::ptrdiff_t(b), pieces_.begin() + std::ptrdiff_t(e));
        pieces_.insert(pieces_.begin() + std::ptrdiff_t(b), n, covered);
        chains_[chain].push_back(std::move(d));
        ++applied_;
    }

    // f(offset, length, decision) for each stretch of rewritten characters, in order: the bytes
    // it replaced and the fix, one decision for a chain (the text read back as it went).
    template <typename F> void forEachFix(F&& f) {
        for (std::size_t k = 0; k < pieces_.size();) {
            const std::size_t chain = pieces_[k].chain;
            std::size_t next = k + 1;
            if (chain == kOriginal) {
                k = next;
                continue;
            }
            std::size_t begin = pieces_[k].begin, end = pieces_[k].end;
            for (; next < pieces_.size() && pieces_[next].chain == chain; ++next) {
                begin = std::min(begin, pieces_[next].begin);
                end = std::max(end, pieces_[next].end);
            }
            std::vector<Decision>& fixes = chains_[chain];
            Decision d = std::move(fixes.front());
            if (fixes.size() > 1) {
                d.cand.repaired.clear();
                for (std::size_t c = k; c < next; ++c)
                    d.cand.repaired.push_back(chars_[c].cp);
                for (std::size_t x = 1; x < fixes.size(); ++x) {
                    const Decision& later = fixes[x];
                    d.steps.insert(d.steps.end(), later.steps.begin(), later.steps.end());
                    d.cand.lostNbsp |= later.cand.lostNbsp;
                    d.cand.lostUndefined |= later.cand.lostUndefined;
                    // A chain resting on one link that needs evidence needs it as a whole:
                    // "«" + "¬®" would read as "Ǭ" through "¬®" as MacRoman "¨", a symbol
                    // read back as a symbol.
                    d.cand.everyUsesLost |= later.cand.everyUsesLost;
                }
            }
            f(begin, end - begin, std::move(d));
            k = next;
        }
    }

private:
    static constexpr std::size_t kOriginal = std::size_t(-1);
    struct Piece {
        std::size_t begin, end; // the bytes of the text the character stands for
        std::size_t chain;      // index into chains_, or kOriginal: not rewritten
    };

    std::size_t newChain() {
        if (chainCount_ == chains_.size())
            chains_.emplace_back();
        return chainCount_++;
    }

    std::vector<Char>& chars_;
    std::vector<Piece> pieces_; // per character of chars_
    // The fixes of each chain, in order: the first chainCount_ (the others are kept empty for
    // their storage).
    std::vector<std::vector<Decision>> chains_;
    std::size_t chainCount_ = 0;
    std::size_t applied_ = 0;
    std::size_t limit_ = 0;
};

// What the parts of a pass share: its settings, the progress, and whether it was cancelled.
// Only the part on the calling thread calls options.progress (the caller's callback need not be
// thread-safe); the others add to the count it reports and stop when it says so.
class Pass {
public:
    Pass(const MojibakeOptions& options, const Evidence* evidence, bool wellFormed, bool sieve,
         bool collect, std::uint64_t progressBase, std::uint64_t progressTotal)
        : options(options), evidence(evidence), lostPages(lostBytePages(options, evidence)),
          wellFormed(wellFormed), sieve(sieve), collect(collect), base_(progressBase),
          total_(progressTotal) {}

    const MojibakeOptions& options;
    const Evidence* evidence; // null in the first pass
    const PageMask lostPages; // the pages whose lost bytes are restored
    const bool wellFormed;    // the text is known well-formed
    const bool sieve;         // the fast paths: the sieve, and (in RunMemo) runs met before
    const bool collect;       // keep the repairs (the first pass only counts evidence)
    // Only the runs holding a byte of these spans (sorted) are judged; null: every run.
    const std::vector<detail::ByteSpan>* only = nullptr;

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

// One part of the text, [begin, end) in bytes, and what a pass found there.
struct Part {
    Part(std::size_t begin, std::size_t end, bool fastPaths)
        : begin(begin), end(end), memo(fastPaths) {}

    std::size_t begin, end;
    RunMemo memo;         // the decisions of the current pass
    Evidence confident{}; // per page, the fixes that needed no lost byte
    std::vector<Accepted> accepted;
    // How many of `accepted` there are, and how many bytes they add to the part (modulo 2^64:
    // most remove): those made whatever the evidence (`sure`), and per page those made only with
    // evidence of it (made()). The assembly knows from them where each part's output goes.
    struct Change {
        std::uint64_t fixes = 0, bytes = 0;
    };
    Change sure;
    std::array<Change, kCodePageCount> withEvidence{};
    std::size_t fixesFound = 0; // by the last pass (some perhaps taken back)

    // A fix into `d`'s repair counted `times` times (-1: taken back).
    void count(const Decision& d, std::uint64_t times) {
        Change& c = d.cand.everyUsesLost ? withEvidence[std::size_t(d.steps.front())] : sure;
        c.fixes += times;
        c.bytes += times * (d.repairedUtf8.size() - d.damagedLength);
    }
};

// Reads the run [p, runEnd) of the text at `base` into `chars`. False when it is not worth a
// closer look: without evidence, no character mapping to a lead byte is followed by one mapping
// to a continuation byte under the same page; with it, no character maps to a lead.
bool readRun(const std::uint8_t* p, const std::uint8_t* runEnd, const std::uint8_t* base,
             bool wellFormed, bool evidence, std::vector<Char>& chars) {
    const PageTables& t = tables();
    chars.clear();
    bool hasLead = false;
    PageMask prevLead = 0;
    const auto add = [&](std::size_t offset, std::uint8_t length, char32_t cp, bool valid) {
        chars.push_back({offset, length, valid ? cp : 0});
        if (!valid || length < 2) {
            prevLead = 0;
            return;
        }
        if (evidence)
            hasLead |= t.leadMask(cp) != 0;
        else
            hasLead |= (prevLead & t.contMask(cp)) != 0;
        prevLead = t.leadMask(cp);
    };
    if (wellFormed) {
        // Known well-formed: the bits are assembled without the segmenter's checks.
        for (const std::uint8_t* q = p; q < runEnd;) {
            const std::uint8_t* at = q;
            const char32_t cp = detail::readValid(q);
            add(std::size_t(at - base), std::uint8_t(q - at), cp, true);
        }
    } else {
        Segmenter seg(std::size_t(p - base));
        const auto onSeg = [&](const Segment& s) {
            // An error segment ends candidates: it holds no character to map back.
            add(std::size_t(s.offset), s.length, s.codePoint, s.isValid());
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
                       const Evidence* evidence, std::span<const detail::ByteSpan> earlier) {
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

// Judges the characters of one run (or word) with `rewrite` (reset on them): each repair found is
// noted or applied. `beforeRun`, `afterRun`: the characters around it; `earlier`: in a later
// round, the fixes of the round before in the run (rereadsEarlierFix()). Returns whether a page
// whose bytes are restored ran out of characters inside a sequence (tryPage()'s `openAtEnd`).
bool judgeRun(std::vector<Char>& chars, RunRewrite& rewrite, char32_t beforeRun, char32_t afterRun,
              const Pass& pass, std::span<const detail::ByteSpan> earlier) {
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
        auto d = bestRepair(chars, i, before, afterRun, pass.options, pass.evidence, pass.lostPages,
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
        bool onlyBoxDrawing = true;
        bool damagedLetter = false;
        for (std::size_t k = d->cand.begin; k < d->cand.end; ++k) {
            onlyBoxDrawing &= chars[k].cp >= 0x2500 && chars[k].cp <= 0x259F;
            damagedLetter |= u_isalpha(UChar32(chars[k].cp)) != 0;
        }
        const bool repairedLetter =
            std::any_of(d->cand.repaired.begin(), d->cand.repaired.end(),
                        [](char32_t c) { return u_isalpha(UChar32(c)) != 0; });
        d->cand.everyUsesLost |= onlyBoxDrawing || (!damagedLetter && !repairedLetter);
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

// One pass over a part of the text: its repairs (when collecting), and per page how many needed
// no lost byte. The text around the part is context (the bytes before and after a run).
void findRepairs(std::string_view utf8, Pass& pass, Part& part, bool reports) {
    const auto* base = reinterpret_cast<const std::uint8_t*>(utf8.data());
    const std::uint8_t* end = base + utf8.size();
    const std::uint8_t* stop = base + part.end;
    std::vector<Accepted>& accepted = part.accepted;
    Evidence& confident = part.confident;
    RunMemo& memo = part.memo;
    accepted.clear();
    part.sure = {};
    part.withEvidence = {};
    // As many as the pass before found, and some: damaged text has a fix every few words, and
    // a list grown by doubling touches twice its memory.
    if (pass.collect)
        accepted.reserve(part.fixesFound + part.fixesFound / 8);
    std::size_t fixesFound = 0;
    confident = {};
    if (utf8.size() < 2)
        return; // a mis-decoding takes at least two characters
    const std::uint8_t* p = base + part.begin;
    std::vector<Char> chars;
    std::vector<RunMemo::Fix> runFixes;
    RunRewrite rewrite(chars);
    // The part ends at a byte no run holds, so the sieve needs nothing beyond it.
    const detail::SieveRule rule = detail::SieveRule::lostBytes(pass.lostPages);
    detail::RepairStartSieve starts(stop, rule);
    // A fix found (or remembered) counts as evidence for the pages that agree on it; `by` -1
    // takes that back.
    const auto credit = [&](const Decision& d, std::uint64_t by = 1) {
        if (d.cand.everyUsesLost || d.gain <= 0 || (d.gain < kClearGain && !d.telling))
            return;
        const std::uint64_t weight = by * std::uint64_t(std::min(d.gain, kClearGain));
        for (PageMask pages = d.explaining; pages != 0; pages &= pages - 1)
            confident[std::size_t(std::countr_zero(pages))] += weight;
        for (std::size_t k = 1; k < d.steps.size(); ++k)
            confident[std::size_t(kCodePageCount) + std::size_t(d.steps[k])] += by;
    };
    // A fix kept (when collecting), and counted for the assembly.
    const auto accept = [&](std::size_t offset, const Decision& d) {
        accepted.push_back({offset, &d});
        part.count(d, 1);
    };
    // The memo's key of the run [p, runEnd) (a word of one with `asWord`): its bytes with the
    // byte before and after it, and which of those the text lacked. A word's entry is not its
    // run's, though the bytes may be the same: only a word is told to be judged with its run.
    const auto keyOf = [&](const std::uint8_t* p, const std::uint8_t* runEnd, bool asWord) {
        const std::uint8_t* keyBegin = p != base ? p - 1 : p;
        const std::uint8_t* keyEnd = runEnd != end ? runEnd + 1 : runEnd;
        return std::pair{std::string_view(reinterpret_cast<const char*>(keyBegin),
                                          std::size_t(keyEnd - keyBegin)),
                         (p == base ? 1u : 0u) | (runEnd == end ? 2u : 0u) | (asWord ? 4u : 0u)};
    };
    // The run at p met again: its fixes accepted (when collecting), counted for the evidence once
    // per pass (RunMemo::creditMet(), which also counts them for the assembly).
    std::size_t fixesInRun = 0;
    const auto metAgain = [&](const std::uint8_t* p, const RunMemo::Known& known) {
        memo.countMet(known);
        const std::size_t runOffset = std::size_t(p - base);
        if (pass.collect)
            for (const RunMemo::Fix& f : known.fixes)
                accepted.push_back({runOffset + f.offset, f.decision});
        fixesInRun = known.fixes.size();
    };
    // Runs are judged word by word (non-ASCII characters without the spaces). Where no byte is
    // taken as lost, a repair takes in no space (tryPage() stops at ASCII), and judging a run
    // word by word finds what judging it whole does: the fixes near a word's start that make
    // judging go back a little (RunRewrite::kLookBack) only find the words before it as they
    // left them. Where bytes are restored, a word whose judging ran out of characters inside a
    // sequence with a space after it (which could be its lost A0), or made more fixes than it has
    // characters (a run stops at its count plus 8), is judged again with its whole run, the
    // fixes of the run's words before it taken back. Words repeat far more than runs (a line of
    // Cyrillic is one run), and the memo meets them again. A later round judges whole runs: its
    // evidence is new to all of them. Taking fixes back needs them kept (`collect`).
    const bool byWord = pass.sieve && !pass.only && (pass.lostPages == 0 || pass.collect);
    // Judges the run [p, runEnd) (a word of one with `asWord`): its fixes are accepted and
    // counted as evidence, `fixesInRun` says how many. False, with nothing accepted: the word
    // must be judged with its run.
    std::size_t span = 0; // the next of pass.only
    const auto judge = [&](const std::uint8_t* p, const std::uint8_t* runEnd, bool asWord) {
        const std::size_t runOffset = std::size_t(p - base);
        // In a later round, the fixes of the round before in the run decide too
        // (rereadsEarlierFix()), so the key holds where they lie: the bytes they cover and those
        // where each begins, for runs of up to 32 bytes (longer ones are not remembered).
        std::span<const detail::ByteSpan> earlier;
        std::uint64_t layout = 0;
        bool remembered = true;
        if (pass.only) {
            const std::vector<detail::ByteSpan>& spans = *pass.only;
            std::size_t first = span;
            while (first < spans.size() && spans[first].offset + spans[first].length <= runOffset)
                ++first;
            std::size_t last = first;
            const auto runEndOffset = std::uint64_t(runEnd - base);
            while (last < spans.size() && spans[last].offset < runEndOffset)
                ++last;
            earlier = std::span<const detail::ByteSpan>(spans.data() + first, last - first);
            remembered = runEnd - p <= 32;
            for (const detail::ByteSpan& f : earlier) {
                if (!remembered || f.length == 0)
                    continue;
                const std::uint64_t b = std::max<std::uint64_t>(f.offset, runOffset) - runOffset;
                const std::uint64_t e =
                    std::min<std::uint64_t>(f.offset + f.length, runEndOffset) - runOffset;
                layout |= (((std::uint64_t(1) << e) - 1) & ~((std::uint64_t(1) << b) - 1)) |
                          std::uint64_t(1) << (32 + b);
            }
        }
        const auto [key, edges] = keyOf(p, runEnd, asWord);
        if (const auto known = remembered ? memo.find(key, edges, layout) : std::nullopt) {
            if (known->wholeRun)
                return false;
            metAgain(p, *known);
            return true;
        }
        const bool worthALook =
            readRun(p, runEnd, base, pass.wellFormed, pass.evidence != nullptr, chars);
        rewrite.reset();
        const std::size_t charCount = chars.size(); // fixes rewrite `chars`
        const char32_t beforeRun = runOffset > 0 ? char32_t(base[runOffset - 1]) : char32_t(' ');
        const char32_t afterRun = runEnd != end ? char32_t(*runEnd) : char32_t(' ');
        const bool openAtEnd =
            worthALook && judgeRun(chars, rewrite, beforeRun, afterRun, pass, earlier);
        if (asWord &&
            ((openAtEnd && runEnd != end && *runEnd == ' ') || rewrite.applied() > charCount)) {
            memo.remember(key, edges, layout, {}, true); // met again, it needs its run again
            return false;
        }
        runFixes.clear();
        rewrite.forEachFix([&](std::size_t off, std::size_t len, Decision&& d) {
            credit(d);
            const Decision* kept = memo.keep(std::move(d), len);
            runFixes.push_back({off - runOffset, kept});
            if (pass.collect)
                accept(off, *kept);
        });
        if (remembered)
            memo.remember(key, edges, layout, runFixes);
        fixesInRun = runFixes.size();
        return true;
    };
    const std::uint8_t* reported = p;
    // Text damaged throughout: the sieve finds start after start, each less than a window past
    // the last run, and classifying the windows costs more than judging the few runs it would
    // pass over. There the runs are taken one after the other (nextNonAscii) until one has no
    // fix. That finds what the sieve does: a run holding no start has no repair, and judging it
    // finds none (fastPathsEqualReference holds either way). Damaged text under windows-1252:
    // 37 % fewer instructions; clean and partly damaged text never get there.
    constexpr int kDenseAfter = 8; // starts in a row, each within 64 bytes of the run before
    int closeStarts = 0;
    bool everyRun = false;
    // After a run judged: its fixes counted (the next pass reserves for them), and a run without
    // one ends the run after run.
    const auto tally = [&] {
        fixesFound += fixesInRun;
        if (everyRun && fixesInRun == 0) {
            everyRun = false;
            closeStarts = 0;
        }
    };
    // Words one after the other from p, while each was met before and has a fix: accepted and
    // counted as judge() does. Returns where it stopped: after a word without a fix (everyRun
    // then ends), at `stop`, after a step of progress, or before a word not met before or judged
    // with its run (`unknown` then says so: judge() takes it).
    const auto wordsMetBefore = [&](const std::uint8_t* p, bool& unknown) {
        while (true) {
            const Word word = nextWord(p, stop, end);
            if (word.begin == stop)
                return stop;
            const std::uint8_t* q = word.begin;
            const std::uint8_t* wordEnd = word.end;
            const auto [key, edges] = keyOf(q, wordEnd, true);
            const auto known = memo.find(key, edges, 0);
            if (!known || known->wholeRun) {
                unknown = true;
                return q;
            }
            metAgain(q, *known);
            tally();
            if (!everyRun || wordEnd - reported >= kProgressStep)
                return wordEnd;
            p = wordEnd;
        }
    };
    while (true) {
        if (p - reported >= kProgressStep) {
            if (!pass.advance(std::uint64_t(p - reported), reports)) {
                accepted.clear();
                return;
            }
            reported = p;
        }
        // Where a repair can start. Without evidence, a mis-decoding shows as a pair of adjacent
        // characters mapping to a lead and a continuation byte of one page; with evidence, lost
        // bytes widen that (see SieveRule). The sieve skips everything else 64 bytes at a time;
        // the reference path looks at every run.
        if (everyRun && byWord) {
            // Run after run, each a word met before: what judge() does for it, without what
            // it needs for the others (a later round's layout, words new or judged with their
            // run, which the general path below takes). Text damaged throughout spends its time
            // here: 100 instructions a word fewer than through judge().
            bool unknown = false;
            p = wordsMetBefore(p, unknown);
            if (p == stop)
                break;
            if (!unknown)
                continue;
        }
        const std::uint8_t* q = stop;
        if (pass.only) {
            const std::vector<detail::ByteSpan>& spans = *pass.only;
            while (span < spans.size() && base + spans[span].offset + spans[span].length <= p)
                ++span;
            if (span < spans.size())
                q = std::min(stop, std::max(p, base + spans[span].offset));
        } else {
            q = pass.sieve && !everyRun ? starts.next(p) : detail::nextNonAscii(p, stop);
        }
        if (q == stop)
            break;
        if (*q < 0x80 && *q != ' ') {
            p = q + 1; // a span given from outside may start in ASCII: no run there
            continue;
        }
        // The run (or word) around it: back to its first non-ASCII character.
        const std::uint8_t* after = p;
        p = startOfRun(q, p, !byWord);
        if (pass.sieve && !pass.only && !everyRun) {
            closeStarts = q - after < 64 ? closeStarts + 1 : 0;
            everyRun = closeStarts >= kDenseAfter;
        }
        // A run: non-ASCII characters and the spaces between them (a space may be a lost A0).
        const std::uint8_t* runEnd = endOfRun(p, end, !byWord);
        // A run given from outside is judged only where the sieve would find a start in it (a
        // start's characters are in its run): most fixes of a round leave nothing for the next
        // (the sieve's definition, one character at a time, costs less than a memo lookup).
        if (pass.only && pass.sieve && detail::nextRepairStartScalar(p, runEnd, rule) == runEnd) {
            p = runEnd;
            continue;
        }
        if (judge(p, runEnd, byWord)) {
            tally();
            p = runEnd;
            continue;
        }
        // A word that its run must judge: back to the run's first non-ASCII character, the
        // fixes made since taken back.
        const std::uint8_t* runStart = startOfRun(p, base + part.begin, true);
        const std::size_t runStartOffset = std::size_t(runStart - base);
        while (!accepted.empty() && accepted.back().offset >= runStartOffset) {
            credit(*accepted.back().decision, std::uint64_t(-1));
            part.count(*accepted.back().decision, std::uint64_t(-1));
            accepted.pop_back();
        }
        p = endOfRun(runStart, end, true);
        judge(runStart, p, false);
        tally();
    }
    memo.creditMet([&](std::span<const RunMemo::Fix> fixes, std::uint64_t times) {
        for (const RunMemo::Fix& f : fixes) {
            credit(*f.decision, times);
            if (pass.collect)
                part.count(*f.decision, times);
        }
    });
    part.fixesFound = fixesFound;
    if (!pass.advance(std::uint64_t(stop - reported), reports))
        accepted.clear();
}

// Parts of at least this size are worth a thread of their own.
constexpr std::size_t kMinPartBytes = std::size_t(1) << 20;

// The text cut into `count` parts of about equal size, each ending at a byte that is ASCII and
// not a space: no run holds one (runs are non-ASCII characters and the spaces between them), so
// every run, candidate and memo key lies in one part, and each part is judged as the whole text
// would be. Fewer parts where the text has no such byte.
std::vector<Part> cutIntoParts(std::string_view utf8, unsigned count, bool fastPaths) {
    std::vector<Part> parts;
    std::size_t begin = 0;
    for (unsigned k = 1; k < count; ++k) {
        std::size_t cut = std::max(begin, utf8.size() / count * k);
        while (cut < utf8.size() && (std::uint8_t(utf8[cut]) >= 0x80 || utf8[cut] == ' '))
            ++cut;
        if (cut == begin || cut >= utf8.size())
            continue;
        parts.emplace_back(begin, cut, fastPaths);
        begin = cut;
    }
    parts.emplace_back(begin, utf8.size(), fastPaths);
    return parts;
}

unsigned partsFor(std::size_t bytes, unsigned asked) {
    if (asked != 0)
        return asked;
    const unsigned cores = std::max(1u, std::min(8u, std::thread::hardware_concurrency()));
    return unsigned(std::clamp<std::size_t>(bytes / kMinPartBytes, 1, cores));
}

// Runs work(k) for k in [0, count): 0 on the calling thread, each other on a thread of its own,
// or on the calling thread after 0 where the system starts no more threads. An exception (out of
// memory) is passed on once every k is done.
template <typename Work> void onThreads(std::size_t count, Work&& work) {
    std::vector<std::exception_ptr> errors(count);
    const auto guarded = [&](std::size_t k) {
        try {
            work(k);
        } catch (...) {
            errors[k] = std::current_exception();
        }
    };
    std::vector<std::thread> threads;
    std::vector<std::size_t> here; // no thread could be started for these
    for (std::size_t k = 1; k < count; ++k) {
        try {
            threads.emplace_back(guarded, k);
        } catch (const std::system_error&) {
            here.push_back(k);
        }
    }
    guarded(0);
    for (std::size_t k : here)
        guarded(k);
    for (std::thread& t : threads)
        t.join();
    for (const std::exception_ptr& e : errors)
        if (e)
            std::rethrow_exception(e);
}

// Runs a pass over every part, each on a thread of its own (the first, which reports progress,
// on the calling one). Parts share nothing but the pass, so the result is the same however the
// text was cut.
void runPass(std::string_view utf8, Pass& pass, std::vector<Part>& parts) {
    onThreads(parts.size(), [&](std::size_t k) { findRepairs(utf8, pass, parts[k], k == 0); });
}

// `sum` with what each part's pass found added.
Evidence evidenceOf(const std::vector<Part>& parts, Evidence sum) {
    for (const Part& part : parts)
        for (std::size_t k = 0; k < sum.size(); ++k)
            sum[k] += part.confident[k];
    return sum;
}

bool anyEvidence(const Evidence& e) {
    return std::any_of(kPages.begin(), kPages.end(), [&](CodePage cp) { return shows(e, cp); });
}

// Whether an accepted fix is made: one that needed a lost byte for every character only where
// the text holds evidence of its page elsewhere.
bool made(const Decision& d, const Evidence& confident) {
    return !d.cand.everyUsesLost || shows(confident, d.steps.front());
}

// Copies n bytes to `out` and returns out + n. The pieces of an assembled repair are short (the
// text between two fixes, a fix): copied 16 or 8 bytes at a time, the last piece overlapping,
// without a call.
char* copyShort(char* out, const char* from, std::size_t n) {
    if (n >= 16) {
        for (std::size_t i = 0; i + 16 < n; i += 16)
            std::memcpy(out + i, from + i, 16);
        std::memcpy(out + n - 16, from + n - 16, 16);
    } else if (n >= 8) {
        std::memcpy(out, from, 8);
        std::memcpy(out + n - 8, from + n - 8, 8);
    } else if (n >= 4) {
        std::memcpy(out, from, 4);
        std::memcpy(out + n - 4, from + n - 4, 4);
    } else if (n > 0) {
        out[0] = from[0];
        out[n / 2] = from[n / 2];
        out[n - 1] = from[n - 1];
    }
    return out + n;
}

// As copyShort(), where 64 bytes may be read from `from` and written to `out` (before
// `fromLimit` and `outLimit`): a piece of up to 64 bytes is copied 64 bytes at once, the bytes
// past it written over by the pieces after it. The text between two fixes varies in length, and
// a copy of its exact length mispredicts a branch for most.
char* copyPiece(char* out, const char* from, std::size_t n, const char* outLimit,
                const char* fromLimit) {
    if (n <= 64 && outLimit - out >= 64 && fromLimit - from >= 64) {
        std::memcpy(out, from, 64);
        return out + n;
    }
    return copyShort(out, from, n);
}

// The runs (non-ASCII characters and the spaces between them) of [begin, end) where the sieve
// finds a start under `rule`, in order. `end` is the end of the text or a byte no run holds (the
// start of the next part), so the sieve sees what it would in the whole.
std::vector<detail::ByteSpan> runsWithStarts(const std::uint8_t* base, const std::uint8_t* begin,
                                             const std::uint8_t* end, detail::SieveRule rule) {
    std::vector<detail::ByteSpan> runs;
    detail::RepairStartSieve starts(end, rule);
    for (const std::uint8_t* p = begin;;) {
        const std::uint8_t* t = starts.next(p);
        if (t == end)
            return runs;
        const std::uint8_t* runBegin = startOfRun(t, p, true);
        p = endOfRun(runBegin, end, true);
        runs.push_back({std::uint64_t(runBegin - base), std::uint64_t(p - runBegin)});
    }
}

// The result of a repair: the text with the fixes the parts accepted and `confident` makes
// (made()), its fix count, the first fixes reported, and the edits and spans `run` asks for.
// Each part's thread writes its output where the counts kept while accepting (Part::Change) put
// it: text damaged throughout has a fix every few words.
void assemble(std::string_view utf8, const std::vector<Part>& parts, const Evidence& confident,
              const MojibakeOptions& options, const detail::MojibakeRun& run,
              MojibakeResult& result) {
    struct Output {
        std::size_t fixes = 0, bytes = 0;        // made, and the part's output size
        std::size_t fixesBefore = 0, offset = 0; // in the whole
        std::vector<detail::ByteSpan> written;
        std::array<std::uint64_t, kCodePageCount> byPage{}; // MojibakeResult::fixesByPage
    };
    std::vector<Output> outputs(parts.size());
    for (std::size_t k = 0; k < parts.size(); ++k) {
        Part::Change c = parts[k].sure;
        for (std::size_t page = 0; page < kCodePageCount; ++page)
            if (shows(confident, CodePage(page))) {
                c.fixes += parts[k].withEvidence[page].fixes;
                c.bytes += parts[k].withEvidence[page].bytes;
            }
        outputs[k].fixes = c.fixes;
        outputs[k].bytes = parts[k].end - parts[k].begin + c.bytes;
    }
    for (std::size_t k = 1; k < parts.size(); ++k) {
        outputs[k].fixesBefore = outputs[k - 1].fixesBefore + outputs[k - 1].fixes;
        outputs[k].offset = outputs[k - 1].offset + outputs[k - 1].bytes;
    }
    result.fixCount = outputs.back().fixesBefore + outputs.back().fixes;
    std::size_t firstEdit = 0;
    const bool edits = run.edits && result.fixCount <= run.maxEdits;
    if (edits) {
        firstEdit = run.edits->size();
        run.edits->resize(firstEdit + result.fixCount);
    }
    // What the next round's sieve finds: it restores the bytes of the pages this text now shows
    // evidence of (the evidence handed on in run.evidence).
    const auto nextRule = detail::SieveRule::lostBytes(lostBytePages(options, &confident));
    // Each part's thread writes its output where it goes, with the text's memory untouched
    // before: 15 MB of zeros written first by one thread took 0.6 ms (more where the pages
    // are new).
    const auto write = [&](char* const begin, std::size_t k) {
        Output& o = outputs[k];
        char* out = begin + o.offset;
        const char* const outLimit = out + o.bytes; // the next part's output follows
        const char* const inLimit = utf8.data() + utf8.size();
        TextEdit* edit = edits ? run.edits->data() + firstEdit + o.fixesBefore : nullptr;
        bool asciiWritten = false; // by a fix
        std::size_t copied = parts[k].begin;
        for (const Accepted& a : parts[k].accepted) {
            const Decision& d = *a.decision;
            if (!made(d, confident))
                continue;
            out = copyPiece(out, utf8.data() + copied, a.offset - copied, outLimit, inLimit);
            const std::size_t repaired = d.repairedUtf8.size();
            if (repaired <= d.repairedHead.size() && outLimit - out >= 16) {
                std::memcpy(out, d.repairedHead.data(), 16);
                out += repaired;
            } else {
                out = copyShort(out, d.repairedUtf8.data(), repaired);
            }
            copied = a.offset + a.length();
            asciiWritten |= d.repairedAscii;
            ++o.byPage[std::size_t(d.steps.back())];
            if (edit)
                *edit++ = {a.offset, a.length(), d.repairedUtf8.size()};
        }
        copyShort(out, utf8.data() + copied, parts[k].end - copied);
        if (!run.written)
            return;
        // With the fast paths, a later round judges only the fixes in a run where the sieve
        // finds a start (findRepairs(), pass.only), and only those are handed on; a fix that
        // wrote an ASCII byte, which may touch two runs, is handed on too. Text damaged
        // throughout has a fix in almost every word, and its result almost no start.
        std::vector<detail::ByteSpan> runs;
        if (run.fastPaths) {
            const auto* text = reinterpret_cast<const std::uint8_t*>(begin);
            runs = runsWithStarts(text, text + o.offset, text + o.offset + o.bytes, nextRule);
            if (runs.empty() && !asciiWritten)
                return;
        }
        std::size_t inRun = 0; // the first of `runs` not before the fix
        std::uint64_t at = o.offset;
        copied = parts[k].begin;
        for (const Accepted& a : parts[k].accepted) {
            const Decision& d = *a.decision;
            if (!made(d, confident))
                continue;
            at += a.offset - copied;
            copied = a.offset + a.length();
            while (inRun < runs.size() && runs[inRun].offset + runs[inRun].length <= at)
                ++inRun;
            if (!run.fastPaths || d.repairedAscii ||
                (inRun < runs.size() && runs[inRun].offset <= at))
                o.written.push_back({at, d.repairedUtf8.size()});
            at += d.repairedUtf8.size();
        }
    };
    std::exception_ptr failed; // resize_and_overwrite() must not throw
    const std::size_t resultSize = outputs.back().offset + outputs.back().bytes;
    // The operation's second argument is not used: GCC 12's library passes the capacity it
    // allocated there (2 x 15 for a result of 18 bytes), not the size asked for.
    result.text.resize_and_overwrite(resultSize, [&](char* text, std::size_t) {
        try {
            onThreads(parts.size(), [&](std::size_t k) { write(text, k); });
        } catch (...) {
            failed = std::current_exception();
        }
        return resultSize;
    });
    if (failed)
        std::rethrow_exception(failed);
    if (result.fixCount != 0) {
        result.fixesByPage.assign(kCodePageCount, 0);
        for (const Output& o : outputs)
            for (std::size_t page = 0; page < kCodePageCount; ++page)
                result.fixesByPage[page] += o.byPage[page];
    }
    if (run.written) {
        run.written->clear();
        for (const Output& o : outputs)
            run.written->insert(run.written->end(), o.written.begin(), o.written.end());
    }
    // The fixes reported: the first ones.
    for (const Part& part : parts)
        for (const Accepted& a : part.accepted) {
            if (result.fixes.size() >= options.maxReportedFixes)
                break;
            const Decision& d = *a.decision;
            if (!made(d, confident))
                continue;
            MojibakeFix fix;
            fix.offset = a.offset;
            fix.length = a.length();
            fix.damaged = std::string(utf8.substr(a.offset, a.length()));
            fix.repaired = d.repairedUtf8;
            fix.misdecodings.assign(d.steps.rbegin(), d.steps.rend());
            fix.restoredNbsp = d.cand.lostNbsp;
            fix.restoredUndefined = d.cand.lostUndefined;
            fix.gain = d.gain;
            result.fixes.push_back(std::move(fix));
        }
}

} // namespace

MojibakeResult repairMojibake(std::string_view utf8, const MojibakeOptions& options) {
    return detail::repairMojibake(utf8, options, {});
}

MojibakeResult detail::repairMojibake(std::string_view utf8, const MojibakeOptions& options,
                                      const MojibakeRun& run) {
    MojibakeResult result;
    const bool wellFormed =
        run.knownWellFormed ||
        scan(std::span<const std::uint8_t>(reinterpret_cast<const std::uint8_t*>(utf8.data()),
                                           utf8.size()))
            .valid();
    const std::uint64_t size = utf8.size();
    std::vector<Part> parts = cutIntoParts(utf8, partsFor(utf8.size(), run.parts), run.fastPaths);
    // The first pass only counts evidence: a repair it accepts either credits its page (so the
    // second pass runs and decides again) or needed a lost byte for every character, and such a
    // repair is only made with evidence of its page. Without any evidence nothing is repaired.
    // A later round of the pipeline that brings evidence judges once, with that.
    Evidence confident{};
    if (run.evidence)
        confident = *run.evidence;
    // The pages the user says the text was read through show from the start.
    for (CodePage cp : options.assumedPages)
        confident[std::size_t(cp)] =
            std::max<std::uint64_t>(confident[std::size_t(cp)], kClearGain);
    const bool laterRound = run.only && anyEvidence(confident);
    if (!laterRound) {
        Pass first(options, nullptr, wellFormed, run.fastPaths, false, 0, 2 * size);
        first.only = run.only;
        runPass(utf8, first, parts);
        confident = evidenceOf(parts, confident);
        result.cancelled = first.cancelled();
    }
    if (!result.cancelled && anyEvidence(confident)) {
        // Second pass, now knowing which pages the text was mis-decoded through. Its decisions
        // differ from the first pass's: each part starts a new memo.
        const Evidence evidence = confident;
        for (Part& part : parts)
            part.memo = RunMemo(run.fastPaths);
        Pass second(options, &evidence, wellFormed, run.fastPaths, true, size, 2 * size);
        second.only = run.only;
        runPass(utf8, second, parts);
        confident = evidenceOf(parts, evidence);
        result.cancelled = second.cancelled();
    }
    if (result.cancelled)
        return result;
    if (run.evidence)
        *run.evidence = confident;
    if (options.progress && !options.progress(2 * size, 2 * size)) {
        result.cancelled = true;
        return result;
    }

    // Assemble: repairs that needed a lost byte for every character count only when the text
    // holds evidence of the same page elsewhere.
    const bool none = std::all_of(parts.begin(), parts.end(),
                                  [](const Part& part) { return part.accepted.empty(); });
    if (!none || run.copyWhenUnchanged)
        assemble(utf8, parts, confident, options, run, result);
    return result;
}

} // namespace u8codec
