// Where a candidate repair stands (mojibake_candidate.h): the characters on either side of the
// damaged stretch, the quotes around it, the word it is in, and what that says of a repair
// through a page. The rules that refuse or allow a repair by its place, apart from the search
// that weighs pages against each other. Library-internal.
#pragma once

#include "mojibake_candidate.h"
#include "mojibake_plausibility.h"
#include "mojibake_tables.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <span>
#include <vector>

namespace u8convert::detail::mojibake {

// The odds against text mis-decoded once more, in 1/16 nat (e^8: tuned as thinGain()'s).
inline constexpr int kDeeperOdds = 8 * kPlausibilityScale;
// The odds at which the model alone makes a repair count as evidence (thinGain()).
inline constexpr int kSureOdds = 16 * kPlausibilityScale;

// The place of the repairs a search starting in `chars` weighs: `chars` are the run's
// characters, `context` what is around the run and the pass's evidence.
class RepairPlace {
public:
    RepairPlace(const std::vector<Char>& chars, const RepairContext& context)
        : chars_(chars), context_(context), odds_(oddsOfEveryPage()[context.shortText]) {}

    // Text damaged through a page is images of UTF-8's bytes through it, whole sequences one
    // after the other: a lead byte's image right before the stretch, or a continuation byte's
    // right after it, is a sequence the page cannot have made. Correct text that lists
    // characters glues such neighbours to the pair that happens to map (a code page's table in
    // code: "÷≈°∙" holds Mac Roman's "≈°", "š", after its "÷", a lead byte D6).
    // (Inline: asked of every page's reading.)
    bool brokenBeside(const Decision& d, CodePage page) const {
        const PageTables& t = tables();
        const char32_t left = d.cand.begin > 0 ? chars_[d.cand.begin - 1].cp : context_.before;
        const char32_t right =
            d.cand.end < chars_.size() ? chars_[d.cand.end].cp : context_.afterRun;
        return (left >= 0x80 && left != 0xA0 && (t.leadMask(left) & pageBit(page)) != 0) ||
               (right >= 0x80 && right != 0xA0 && (t.contMask(right) & pageBit(page)) != 0);
    }

    // The damaged stretch is all a quoted string holds (the same ASCII quote on both sides) and
    // reads back as one character, or as whole sequences of 3 or 4 bytes.
    bool quotedCharacter(const Decision& d) const {
        return quotedCharacter(d.cand.begin, d.cand.end, d.cand.repaired);
    }
    // The same of chars_[begin, end) read back as `r`.
    bool quotedCharacter(std::size_t begin, std::size_t end, std::span<const char32_t> r) const {
        const char32_t left = begin > 0 ? chars_[begin - 1].cp : context_.before;
        const char32_t right = end < chars_.size() ? chars_[end].cp : context_.afterRun;
        if (left != right || (left != '\'' && left != '"' && left != '`'))
            return false;
        const std::size_t damaged = end - begin;
        // Small letters of one script (not Latin) are a quoted word, not a character's damage: the
        // Russian and Ukrainian "так" reads through IBM866 as the Braille "⠪" (E2 A0 AA), and any
        // word of a small letter from "р" to "я" and two from "а" to "п" as one character so.
        if (smallLettersOfOneScript(begin, end))
            return false;
        // Or several characters each a whole 3- or 4-byte sequence read back (an emoji list's
        // "◉◎", Braille spinner frames): three damaged characters or more for each.
        return (r.size() == 1 && damaged >= 2) ||
               (r.size() > 1 && damaged >= 3 * r.size() &&
                std::all_of(r.begin(), r.end(), [](char32_t c) { return c >= 0x800; }));
    }

    // chars_[begin, end) are two or more small letters of one script, not Latin.
    bool smallLettersOfOneScript(std::size_t begin, std::size_t end) const;

    // A combining mark all a quoted string holds (code tables quote the Hebrew points and Thai
    // vowel signs alone), read through windows-1252 or ISO-8859-1: the model likes any lone
    // mark, and other pages land on one by chance (Mac Roman reads "'Ã¶'" as "'̦'").
    bool quotedMark(const Decision& d, CodePage page) const;

    // An IPA or spacing modifier letter read back beside a whole 3-byte sequence (a symbol, a
    // phonetic or syllabic letter) in one reading of three characters or more: the face of a
    // kaomoji ("ʕ•ᴥ•ʔ", "ˊᗜˋ"), which two Latin-1 letters alone do not make by chance.
    static bool kaomojiLetter(char32_t c, std::span<const char32_t> reading);

    // Letters or digits on both sides of the damaged stretch: it sits inside a word or a number;
    // or the same ASCII quote on both: it is all a quoted string holds ("'Â§'" in code is a
    // quoted "§": correct text quotes no "Â" glued to a sign).
    bool gluedBothSides(const Decision& d) const;

    // A no-break space read back from "Â" + A0 where French and its neighbours put one: before
    // ":;!?»" and a percent sign, after "«" ("BANNÂ :" is "BANN :").
    bool spacedPunctuation(const Decision& d) const;

    // Damage with a quote, a dash or a symbol between letters ("HÃ”PITAL", "ÄŒESKÃ"):
    // correct text does not put those inside a word (an apostrophe it does: "Ã’s").
    bool insideAWord(const Decision& d) const;

    // A repair no correct reading would give:
    // - one that eats the closing quote of a quoted character: "“×”" is the sign quoted, not
    //   the Hebrew "“ה" with its quote left open ("“Õ”", "“Ñ”" likewise);
    // - a reading that glues an ideograph, kana or Hangul to a Latin or Cyrillic letter ("烥я");
    // - letters of one script glued to a letter of another that the repair leaves (not ASCII):
    //   "Å—Ä—Ö" as "Åрх", Arabic "ص" + a space as the Armenian "ՠ" inside an Arabic
    //   word (a word glued to ASCII, "вашID", is written so, and damage there reads back whole);
    bool unreadable(const Decision& d) const;
    // The first character of the writing systems that unreadable() keeps apart from Latin and
    // Cyrillic letters (Han, Hiragana, Katakana, Hangul): the Hangul Jamo.
    static constexpr char32_t kFirstHanSystem = 0x1100;

    // A word in capitals that ends in a trademark, registered or copyright sign ("SKÅ™",
    // "ÎNCĂ™"): a brand as it is written. As mojibake it would be a small letter at the end of a
    // word in capitals ("SKř"), which is rarer than the brand.
    // (Inline, the sign first: most stretches end in none.)
    bool trademarkAfterCapitals(const Decision& d) const {
        const char32_t last = chars_[d.cand.end - 1].cp;
        return (last == 0x2122 || last == 0xAE || last == 0xA9) && d.cand.end - d.cand.begin >= 2 &&
               signAfterCapitals(d);
    }

    // How much rarer a mis-decoding through `page` is than through windows-1252 (or ISO-8859-1),
    // in 1/16 nat (pageOddsOf()), from a table of every page: the search asks it of every
    // page's reading.
    int pageOdds(CodePage page) const { return odds_[std::size_t(page)]; }
    // pageOdds() in a text that is short or not: pages in the order of allCodePages(), the most
    // common culprits first.
    static int pageOddsOf(CodePage page, bool shortText) {
        if (shortText && besideAWindowsPage(page))
            return 8 * kPlausibilityScale;
        const auto pages = allCodePages();
        const auto at = std::size_t(std::find(pages.begin(), pages.end(), page) - pages.begin());
        return at < 2 ? 0 : at < 8 ? kPlausibilityScale : 2 * kPlausibilityScale;
    }

    // The ISO, DOS and Mac pages that hold the letters of a Windows page in other places:
    // ISO-8859-15 differs from windows-1252 only where it moved eight letters and the euro sign
    // into the Latin-1 symbols' places, so any text it damages windows-1252 could have damaged
    // too, and windows-1252 is by far the more common culprit. In a short string, which shows no
    // page by its evidence, those pages read a stretch at odds of e^8 against: "ÅŒ" is the
    // Japanese "Ō" through windows-1252 before the Polish "ż" through ISO-8859-15, "ĹĽ" "ż"
    // through windows-1250 before "ť" through ISO-8859-2, "'Î»'" "'λ'" before IBM850's Hebrew
    // "'ׯ'", "VOCÃŠ" "VOCÊ" before ISO-8859-4's "VOCé". A longer text shows which it was.
    static bool besideAWindowsPage(CodePage page) {
        switch (page) {
        case CodePage::Latin9:
        case CodePage::Latin2:
        case CodePage::Latin3:
        case CodePage::Latin4:
        case CodePage::Latin5:
        case CodePage::Latin6:
        case CodePage::Latin7:
        case CodePage::Latin8:
        case CodePage::Latin10:
        case CodePage::Cyrillic:
        case CodePage::Arabic:
        case CodePage::Hebrew:
        case CodePage::Cp850:
        case CodePage::Cp852:
        case CodePage::MacCentralEurope:
        case CodePage::MacCyrillic:
            return true;
        default:
            return false;
        }
    }

private:
    // What correct text holds where a guess or a dash would read as damage, in a text that shows
    // the page's damage elsewhere:
    // - a no-break space after a space: "Â" + a lost A0 follows a word, a number or a quote, so
    //   after a space or at the start of a line "Â" is the letter ("Â Â Â", "Â at the start");
    // - a letter standing alone (no letter on either side) that a lost byte would make: "Ã (A
    //   tilde)" and "Ð (eth)" name letters. The one such letter that is a word is the French
    //   "à", with its space and a word after it ("Ã  la", "Ã perturber");
    // - an opening quote and a sign read as one letter standing alone ("‘∏" as "Ը");
    // - a letter of Latin Extended standing alone that a capital and a dash or a closing quote
    //   would make: "Å—" is a letter and a dash, not the Latvian "ŗ" (the lone words of
    //   Lithuanian "į" and Belarusian "ŭ" end in a macron and a soft hyphen).
    bool loneGuess(const Decision& d, char32_t left, char32_t right) const;

    // A capital and a no-break space before an ASCII capital: words in capitals joined by a
    // no-break space ("IRMÃ MARIA", "PÅ SVENSKA", "HÄ DET BRA"), not "à", "Š" or "Ġ" inside
    // one, where other fixes show the page (or the text is longer than a short string). Damage
    // in capitals reads so too ("NIÅ TA") and is left there: a correct word changed costs more
    // than a damaged one kept, unless the model finds the letter likelier by the odds that make
    // a repair count on the model alone ("LOÅ I" is the Croatian "LOŠI" at e^17, where "PÅ
    // SVENSKA" reads "PŠSVENSKA" at e^6), read once: "SÃ…Â HÃ„R" is the Swedish "SÅ HÄR"
    // damaged twice, not "SŠHÄR". A short
    // string whose only fix it is: the model has judged it.
    bool capitalsSpaced(const Decision& d, char32_t right) const;

    // trademarkAfterCapitals() of a stretch of two characters or more that ends in the sign.
    bool signAfterCapitals(const Decision& d) const;

    // The quote that closes `open` in the languages that quote so, 0 for any other character.
    static char32_t closingQuoteOf(char32_t open);

    // pageOddsOf() every page, in a longer text [0] and a short one [1], built once.
    using PageOdds = std::array<std::int16_t, std::size_t(kCodePageCount)>;
    static const std::array<PageOdds, 2>& oddsOfEveryPage() {
        static const std::array<PageOdds, 2> odds = [] {
            std::array<PageOdds, 2> o{};
            for (std::size_t p = 0; p < std::size_t(kCodePageCount); ++p)
                for (const bool shortText : {false, true})
                    o[shortText][p] = std::int16_t(pageOddsOf(CodePage(p), shortText));
            return o;
        }();
        return odds;
    }

    const std::vector<Char>& chars_;
    const RepairContext& context_;
    const PageOdds& odds_; // pageOdds() of the context's length
};

} // namespace u8convert::detail::mojibake
