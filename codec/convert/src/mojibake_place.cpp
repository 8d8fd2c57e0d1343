// The rules of a repair's place (mojibake_place.h).
#include "mojibake_place.h"

#include "mojibake_score.h"
#include "mojibake_tables.h"

#include <algorithm>
#include <unicode/uchar.h>

namespace u8convert::detail::mojibake {
using namespace u8codec;

bool RepairPlace::smallLettersOfOneScript(std::size_t begin, std::size_t end) const {
    if (end - begin < 2)
        return false;
    // Through the Latin pages a 3-byte lead's image is "à" to "ï" and the continuations' small
    // letters are "š", "œ", "ž": no word ("âšœ" is "⚜"). Through the Cyrillic and Greek pages
    // the small letters cover whole ranges of leads and continuations, and words read so.
    const UScriptCode script = info(chars_[begin].cp).script;
    if (script == USCRIPT_LATIN)
        return false;
    for (std::size_t k = begin; k < end; ++k) {
        const CharInfo ci = info(chars_[k].cp);
        if (ci.kind != Kind::Letter || !ci.lower || ci.script != script)
            return false;
    }
    return true;
}

bool RepairPlace::quotedMark(const Decision& d, CodePage page) const {
    return quotedCharacter(d) && d.cand.repaired.size() == 1 && pageOdds(page) == 0 &&
           d.steps.size() == 1;
}

bool RepairPlace::kaomojiLetter(char32_t c, std::span<const char32_t> reading) {
    return c >= 0x0250 && c <= 0x02FF && reading.size() >= 3 &&
           std::any_of(reading.begin(), reading.end(), [](char32_t r) { return r >= 0x800; });
}

bool RepairPlace::gluedBothSides(const Decision& d) const {
    const auto glues = [](char32_t c) {
        return c != kLostByte && (info(c).kind == Kind::Letter || (c >= '0' && c <= '9'));
    };
    const char32_t left = d.cand.begin > 0 ? chars_[d.cand.begin - 1].cp : context_.before;
    const char32_t right = d.cand.end < chars_.size() ? chars_[d.cand.end].cp : context_.afterRun;
    return (glues(left) && glues(right)) ||
           (left == right && (left == '\'' || left == '"' || left == '`'));
}

bool RepairPlace::spacedPunctuation(const Decision& d) const {
    if (d.cand.repaired.size() != 1 || d.cand.repaired.front() != 0xA0)
        return false;
    const char32_t left = d.cand.begin > 0 ? chars_[d.cand.begin - 1].cp : context_.before;
    const char32_t right = d.cand.end < chars_.size() ? chars_[d.cand.end].cp : context_.afterRun;
    return right == ':' || right == ';' || right == '!' || right == '?' || right == '%' ||
           right == 0xBB || left == 0xAB;
}

bool RepairPlace::insideAWord(const Decision& d) const {
    const auto isLetter = [](char32_t c) { return info(c).kind == Kind::Letter; };
    const char32_t left = d.cand.begin > 0 ? chars_[d.cand.begin - 1].cp : context_.before;
    const char32_t right = d.cand.end < chars_.size() ? chars_[d.cand.end].cp : context_.afterRun;
    // A letter and a no-break space before a small letter ("Å irina" is "Širina"): a
    // no-break space goes before a unit or a name, after a number, a quote or a word, and
    // a capital and a no-break space are how a correct word in capitals ends ("PÅ SVENSKA").
    if (d.cand.end - d.cand.begin == 2 && chars_[d.cand.begin + 1].cp == 0xA0)
        return isLetter(chars_[d.cand.begin].cp) && info(right).lower && isLetter(right);
    // A sign glued before a small letter starts a word with it ("Ä‰eestas" is the
    // Esperanto "ĉeestas"): no dash or quote, which correct text puts there.
    const char32_t last = chars_[d.cand.end - 1].cp;
    const bool gluedSign = d.cand.end - d.cand.begin == 2 && isLetter(chars_[d.cand.begin].cp) &&
                           info(right).lower && isLetter(right) &&
                           info(last).kind != Kind::Letter && info(last).kind != Kind::Quote &&
                           last != 0x2013 && last != 0x2014 && last != 0x2026 && last != 0xA0 &&
                           last != 0xB4 && last != '-';
    if (gluedSign)
        return true;
    if (!isLetter(left) || !isLetter(right))
        return false;
    for (std::size_t k = d.cand.begin; k < d.cand.end; ++k) {
        const char32_t c = chars_[k].cp;
        if (c == 0x2019 || c == 0x2018 || c == 0xB4 || c == 0xA0)
            return false;
    }
    return true;
}

bool RepairPlace::unreadable(const Decision& d) const {
    const char32_t left = d.cand.begin > 0 ? chars_[d.cand.begin - 1].cp : context_.before;
    const char32_t right = d.cand.end < chars_.size() ? chars_[d.cand.end].cp : context_.afterRun;
    const char32_t last = chars_[d.cand.end - 1].cp;
    if (d.cand.end - d.cand.begin == 2 && closingQuoteOf(left) == last)
        return true;
    if (loneGuess(d, left, right) || capitalsSpaced(d, right))
        return true;
    // The writing system of a letter: Japanese mixes its three scripts in one word, Korean
    // Hangul and Hanja.
    const auto system = [](const CharInfo& ci) {
        return ci.script == USCRIPT_HIRAGANA || ci.script == USCRIPT_KATAKANA ||
                       ci.script == USCRIPT_HANGUL
                   ? USCRIPT_HAN
                   : ci.script;
    };
    const auto twoSystems = [&](const CharInfo& a, const CharInfo& b) {
        return a.kind == Kind::Letter && b.kind == Kind::Letter && a.script > USCRIPT_INHERITED &&
               b.script > USCRIPT_INHERITED && system(a) != system(b);
    };
    // A reading whose own letters glue an ideograph, kana or Hangul to a Latin or Cyrillic letter:
    // random Latin-1 letters in code ("þâÑÐÅ" in a test's data) read through IBM850 as "烥я".
    // (Kaomoji glue kana to Kannada or Greek, "(ノಠ益ಠ)", "(ﾉωﾉ)"; Kabyle writes Greek "ε" among
    // Latin letters.)
    const auto& r = d.cand.repaired;
    const auto latinOrCyrillic = [](const CharInfo& ci) {
        return ci.script == USCRIPT_LATIN || ci.script == USCRIPT_CYRILLIC;
    };
    // (Ideographs, kana and Hangul are all at U+1100 or above: a reading all below glues none.)
    if (std::any_of(r.begin(), r.end(), [](char32_t c) { return c >= kFirstHanSystem; })) {
        CharInfo a = info(r.front());
        for (std::size_t k = 1; k < r.size(); ++k) {
            const CharInfo b = info(r[k]);
            if (twoSystems(a, b) && (system(a) == USCRIPT_HAN || system(b) == USCRIPT_HAN) &&
                (latinOrCyrillic(a) || latinOrCyrillic(b)))
                return true;
            a = b;
        }
    }
    const auto glued = [&](char32_t neighbour) {
        if (neighbour < 0x80)
            return false;
        const CharInfo n = info(neighbour);
        if (n.kind != Kind::Letter || n.script <= USCRIPT_INHERITED)
            return false;
        return std::any_of(r.begin(), r.end(), [&](char32_t c) { return twoSystems(info(c), n); });
    };
    return glued(left) || glued(right);
}

// (Inline: unreadable() asks it of every reading, and most are told by its first tests.)
inline bool RepairPlace::loneGuess(const Decision& d, char32_t left, char32_t right) const {
    const auto isLetter = [](char32_t c) { return c != kLostByte && info(c).kind == Kind::Letter; };
    const auto& r = d.cand.repaired;
    if (d.cand.lostNbsp && std::all_of(r.begin(), r.end(), [](char32_t c) { return c == 0xA0; }))
        return left == ' ' || left == '\n' || left == '\r' || left == 0;
    if (isLetter(left) || isLetter(right) || r.size() != 1 || !isLetter(r.front()))
        return false;
    if (d.cand.lostUndefined)
        return true;
    if (d.cand.lostNbsp) {
        // "à" is followed by its space (the A0 dropped, "Ã perturber", or become a space,
        // "Ã  la") and a word; a letter named alone is followed by punctuation.
        const std::size_t next = d.cand.end + (chars_[d.cand.end - 1].cp == ' ' ? 0 : 1);
        const char32_t afterSpace = next < chars_.size()    ? chars_[next].cp
                                    : next == chars_.size() ? context_.afterRun
                                                            : 0;
        return !((r.front() == 0xE0 || r.front() == 0xC0) && right == ' ' &&
                 (afterSpace == ' ' || isLetter(afterSpace)));
    }
    // An opening quote and a sign read as one letter alone (MacRoman's "‘∏" is the Armenian
    // "Ը"): a quotation that opens on a symbol.
    if (d.cand.end - d.cand.begin == 2 && info(chars_[d.cand.begin].cp).kind == Kind::Quote &&
        info(chars_[d.cand.begin + 1].cp).kind != Kind::Letter)
        return true;
    const char32_t last = chars_[d.cand.end - 1].cp;
    const bool dashOrClosing =
        last == 0x2013 || last == 0x2014 || last == 0x201D || last == 0x2019 || last == 0xBB;
    return d.cand.end - d.cand.begin == 2 && dashOrClosing && r.front() >= 0x100 &&
           r.front() <= 0x24F;
}

// (Inline: unreadable() asks it of every reading, and most are told by its first tests.)
inline bool RepairPlace::capitalsSpaced(const Decision& d, char32_t right) const {
    if ((d.likelier >= kSureOdds && d.steps.size() == 1) || d.cand.end - d.cand.begin < 2 ||
        chars_[d.cand.end - 1].cp != 0xA0 || info(d.cand.repaired.back()).kind != Kind::Letter ||
        !info(chars_[d.cand.end - 2].cp).upper)
        return false;
    // Other fixes show damage: some page has more evidence than one fix's own.
    std::uint64_t shown = 0;
    for (std::size_t p = 0; context_.evidence && p < std::size_t(kCodePageCount); ++p)
        shown = std::max(shown, (*context_.evidence)[p]);
    if (context_.shortText && shown <= std::uint64_t(kClearGain))
        return false;
    // The next word's capital is ASCII: damage in capitals goes on in images of lead bytes
    // ("Ð ÐžÐ¡", Cyrillic capitals read as windows-1252).
    return right >= 'A' && right <= 'Z';
}

char32_t RepairPlace::closingQuoteOf(char32_t open) {
    switch (open) {
    case U'\u201C':
        return U'\u201D';
    case U'\u2018':
        return U'\u2019';
    case U'\u00AB':
        return U'\u00BB';
    case U'\u2039':
        return U'\u203A';
    case U'\u201E': // German and Czech: „…“ and ‚…‘
        return U'\u201C';
    case U'\u201A':
        return U'\u2018';
    default:
        return 0;
    }
}

bool RepairPlace::signAfterCapitals(const Decision& d) const {
    const char32_t after = d.cand.end < chars_.size() ? chars_[d.cand.end].cp : context_.afterRun;
    const char32_t left = d.cand.begin > 0 ? chars_[d.cand.begin - 1].cp : context_.before;
    // But "Ã" + "™" is the commonest lead byte's image before 99: "MOLLADOÃ™" is "MOLLADOÙ".
    return info(after).kind != Kind::Letter && info(chars_[d.cand.end - 2].cp).upper &&
           chars_[d.cand.end - 2].cp != 0xC3 && info(left).upper;
}

} // namespace u8convert::detail::mojibake
