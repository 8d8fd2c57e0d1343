// How plausible a stretch of text reads: the cost the mojibake repair compares a candidate
// repair with the damaged text by (lower is more like correct text), and which characters a
// repair may produce. Library-internal.
#pragma once

#include "mojibake_tables.h"

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <span>
#include <unicode/uscript.h>
#include <vector>

namespace u8convert::detail::mojibake {

// The page tables of every code page (mojibake_tables.h).
inline const PageTables& tables() {
    return pageTables();
}

enum class Kind : std::uint8_t { Space, Letter, Digit, Quote, Punct, Other, Control };

// Which lead of a mis-decoding's signature a character is (signatureLead()): the first of the
// pairs signatureCost() looks for.
enum class SignatureLead : std::uint8_t { None, Latin, Central, Dos, Cyrillic };

struct CharInfo {
    Kind kind;
    bool upper;
    bool lower;
    bool mark;          // a non-spacing, enclosing or spacing combining mark
    bool plausible;     // plausibleResult(), in the table of info()
    std::uint8_t cost;  // charCost(), in the table of info(): textCost() asks it of every character
    SignatureLead lead; // signatureLead(), in the table of info(): textCost() asks it of every pair
    UScriptCode script;
};

// The table behind info(): the Basic Multilingual Plane in blocks of 256 characters, each
// filled on first use (several ICU lookups a character; CJK and Hangul candidates ask about
// thousands) and then only read, from any thread.
inline constexpr std::size_t kInfoBlockSize = 256;
extern std::array<std::atomic<const CharInfo*>, 0x10000 / kInfoBlockSize> gInfoBlocks;
const CharInfo* fillInfoBlock(std::size_t block);
CharInfo infoAbovePlane0(char32_t c);

// What the cost function needs to know of a character, where it is kept: in its block of the
// table, or (above the Basic Multilingual Plane) in `spare`. Asked of every character of every
// candidate: the common case is one load from a filled block, read in place.
inline const CharInfo* infoAt(char32_t c, CharInfo& spare) {
    if (c >= 0x10000) {
        spare = infoAbovePlane0(c);
        return &spare;
    }
    const std::size_t block = c / kInfoBlockSize;
    const CharInfo* table = gInfoBlocks[block].load(std::memory_order_acquire);
    if (table == nullptr)
        table = fillInfoBlock(block);
    return table + c % kInfoBlockSize;
}

// infoAt() of `c`, a copy.
inline CharInfo info(char32_t c) {
    CharInfo spare;
    return *infoAt(c, spare);
}

// How much a pair of adjacent characters looks like mojibake (inline: textCost() asks it of
// every pair). Correct text in any language has letters next to letters of the same script,
// punctuation next to letters, and symbols mostly apart from letters; text mis-decoded from
// UTF-8 glues a letter to a symbol ("Ã©"), puts a capital right after a small letter ("ÑЂ"),
// mixes scripts inside a word ("Рµ").
inline int pairCost(const CharInfo& a, const CharInfo& b) {
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

// 1 for the pairs of characters that are the signature of a common mis-decoding ("Ã©", "Рµ").
int signatureCost(char32_t a, char32_t b);
// The lead `a` of such a pair is, if any (None for most characters).
SignatureLead signatureLead(char32_t a);
// signatureCost(a, b) of an `a` whose signatureLead() is `lead`.
int signatureCostOf(SignatureLead lead, char32_t a, char32_t b);

// Letters no widely written language uses, which two characters of a page land on by chance.
bool rareLetter(char32_t c);

// The IPA and Latin Extended-B letters of African alphabets (and Navajo's "ǫ").
bool africanLetter(char32_t c);

// The cost of one character on its own (controls, rare letters).
int charCost(char32_t cp, const CharInfo& c);

// The cost of `middle` between the characters `before` and `after`.
int textCost(char32_t before, std::span<const char32_t> middle, char32_t after);

// Characters a repair may produce.
bool plausibleResult(char32_t c);
// A character a repair may produce where three damaged characters or more read back as it alone
// (a whole 3- or 4-byte sequence): any assigned graphic character of 3 or 4 bytes but the rare
// ideographs of CJK Extension A, of whatever script's usage
// (Coptic, Glagolitic, Braille, Old Hungarian in a code table): correct text maps to such a run
// by chance far more rarely than two Latin-1 letters to a rare script.
bool plausibleWholeSequence(char32_t c);
// A character a repair may produce where it is all a quoted string holds ("'Ê€'" in a code
// table is "'ʀ'"): any assigned graphic character but CJK Extension A, IPA and modifier letters
// too. Correct code quotes a character, not two that happen to encode one.
bool plausibleQuoted(char32_t c);

// Whether the combining mark `mark` may sit on `base` (UAX #24).
bool markFits(char32_t mark, char32_t base);

// Whether every combining mark of `repaired` (after `before`) sits on a letter it fits.
bool marksFit(char32_t before, std::span<const char32_t> repaired);

// The capitals (beyond ASCII) of `text`: of two repairs, the one with fewer reads more likely.
int uppercaseCount(std::span<const char32_t> text);

// The gain in cost (textCost()) a repair needs to count as evidence of its page, and to be made
// where the text shows no other damage through the page: one step is what a symbol next to a
// letter costs in correct text, two a mis-decoding's usual signature (letter + symbol + letter).
constexpr int kClearGain = 2;

} // namespace u8convert::detail::mojibake
