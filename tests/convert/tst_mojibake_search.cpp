// The shortcuts of the mojibake repair's search, held to what they stand for: one page's reading
// of a stretch shared with the pages that read it alike (readsAlike()), against reading each
// page on its own, on generated stretches, both ways (pages that must share and pages that must
// not); a character's cost and signature lead kept in the table of info(), against charCost()
// and signatureLead(); marksFit()'s quick answer for a repair without marks, against fitting
// each mark, and markFits()'s base read from info(), against ICU; textCost() reading characters
// in place, against copies; unreadable()'s walk skipped below the Han writing systems; the odds
// against a page kept in a table, against pageOddsOf(); the pages a deeper level tries
// (pagesThatMayReadAll()), against reading each; a run's fixes kept as a list until one is
// applied (RunRewrite), against a piece per character; its fixes handed on from the store its
// pass gives it; a part's fix counts and evidence looked at where a fix was counted or credited,
// against every page.
#include "u8test/harness.h"
// The library-internal page reading.
#include "mojibake_candidate.h"
#include "mojibake_page_reading.h"
#include "mojibake_pass.h"
#include "mojibake_place.h"
#include "mojibake_rewrite.h"
#include "mojibake_score.h"
#include "u8convert/mojibake.h"

#include <algorithm>
#include <random>
#include <string>
#include <tuple>
#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <vector>

using namespace u8convert;
using namespace u8convert::detail;
using namespace u8convert::detail::mojibake;

namespace {

std::vector<Char> charsOf(const std::u32string& s) {
    std::vector<Char> chars;
    for (char32_t c : s)
        chars.push_back({chars.size(), 1, c});
    return chars;
}

bool sameCandidate(const Candidate& a, const Candidate& b) {
    return a.begin == b.begin && a.end == b.end && std::ranges::equal(a.repaired, b.repaired) &&
           a.lostNbsp == b.lostNbsp && a.lostUndefined == b.lostUndefined &&
           a.lostToReplacement == b.lostToReplacement && a.everyUsesLost == b.everyUsesLost &&
           a.surrogatePair == b.surrogatePair;
}

struct Read {
    bool found = false;
    bool openAtEnd = false;
    std::size_t looked = 0;
    Candidate cand;
};

Read readThrough(const std::vector<Char>& chars, CodePage page, const PageReadOptions& options) {
    Read r;
    r.found = tryPage(chars, 0, page, options, r.openAtEnd, r.cand, r.looked);
    return r;
}

bool alike(const std::vector<Char>& chars, CodePage a, CodePage b, bool restoreLost = false) {
    const PageReadOptions options{.restoreLost = restoreLost};
    const Read ra = readThrough(chars, a, options);
    return readsAlike(chars, 0, ra.looked, a, options, b, options);
}

} // namespace

TEST_CASE("pages that map a stretch to the same bytes read it alike, others do not") {
    // "Ã©" is C3 A9 through windows-1252, ISO-8859-1, ISO-8859-15 and windows-1254.
    const std::vector<Char> cafe = charsOf(U"Ã©s");
    CHECK(alike(cafe, CodePage::Windows1252, CodePage::Latin1));
    CHECK(alike(cafe, CodePage::Windows1252, CodePage::Latin9));
    CHECK(alike(cafe, CodePage::Windows1252, CodePage::Windows1254));
    // Through windows-1251 "Ã" is no byte at all; through IBM437 "©" is none either.
    CHECK(!alike(cafe, CodePage::Windows1252, CodePage::Windows1251));
    CHECK(!alike(cafe, CodePage::Windows1252, CodePage::Cp437));
    // A character after the stretch that one page maps and the other does not: the reading
    // looked at it, so the pages differ ("Ž" is 8E in windows-1252, nothing in ISO-8859-1).
    CHECK(!alike(charsOf(U"Ã©Ž"), CodePage::Windows1252, CodePage::Latin1));
    // A U+FFFD: windows-1252 leaves 81, 8D, 8F, 90, 9D undefined, ISO-8859-1 none.
    CHECK(!alike(charsOf(U"â€\uFFFD"), CodePage::Windows1252, CodePage::Latin1));
    // Restoring lost bytes differs per page: windows-1252's dropped bytes are its own.
    const std::vector<Char> spaced = charsOf(U"Ã ");
    const PageReadOptions restore{.restoreLost = true};
    const Read r1252 = readThrough(spaced, CodePage::Windows1252, restore);
    CHECK(!readsAlike(spaced, 0, r1252.looked, CodePage::Windows1252, restore, CodePage::Latin1,
                      restore));
    CHECK(!readsAlike(spaced, 0, r1252.looked, CodePage::Latin1, restore, CodePage::Latin1,
                      PageReadOptions{}));
}

TEST_CASE("pages that read a stretch alike read the same candidate as each alone") {
    std::mt19937 random(7);
    const std::u32string alphabet =
        U"ÃÂÐÑâÄÅ©¨¢¤€™‰ŽžœŒ‘’“”•–—˜š›ÎÏ×ØÙÚàáäåçèéêëìíîïð ¼½¾¿°±²³´µ¶·¸¹º»\uFFFDabc ";
    const std::span<const CodePage> pages = allCodePages();
    int shared = 0;
    for (int k = 0; k < 3000; ++k) {
        std::u32string s;
        const int length = 2 + int(random() % 8);
        for (int i = 0; i < length; ++i)
            s += alphabet[random() % alphabet.size()];
        const std::vector<Char> chars = charsOf(s);
        for (bool restoreLost : {false, true}) {
            const PageReadOptions options{.restoreLost = restoreLost};
            for (CodePage a : pages) {
                const Read ra = readThrough(chars, a, options);
                for (CodePage b : pages) {
                    if (!readsAlike(chars, 0, ra.looked, a, options, b, options))
                        continue;
                    ++shared;
                    const Read rb = readThrough(chars, b, options);
                    REQUIRE(ra.found == rb.found);
                    REQUIRE(ra.openAtEnd == rb.openAtEnd);
                    REQUIRE(ra.looked == rb.looked);
                    if (ra.found)
                        REQUIRE(sameCandidate(ra.cand, rb.cand));
                }
            }
        }
    }
    // Most pairs of pages differ somewhere; the test must see many that do not.
    CHECK(shared > 100000);
}

TEST_CASE("tryPage() reads as the general path, character by character, does") {
    // Plain characters (readPlain()) among all that leave it: ASCII, spaces (lost A0s), U+FFFD,
    // ED (a CESU-8 surrogate pair), dropped windows-1252 bytes ("â€" then a space), "Ã" + space.
    std::mt19937 random(13);
    const std::u32string alphabet = U"ÃÂÐÑâÄÅ©¨¢¤€™‰ŽžœŒ‘’“”•–—˜š›ÎÏ×ØÙÚàáäåçèéêëìíîïð "
                                    U"¼½¾¿°±²³´µ¶·¸¹º»РСЃЁрсђ\uFFFDí\u00A0\u00ADabc ";
    const std::span<const CodePage> pages = allCodePages();
    int found = 0, longReads = 0;
    for (int k = 0; k < 3000; ++k) {
        std::u32string s;
        const int length = 2 + int(random() % 12);
        for (int i = 0; i < length; ++i)
            s += alphabet[random() % alphabet.size()];
        const std::vector<Char> chars = charsOf(s);
        const std::size_t start = random() % 2;
        for (bool restoreLost : {false, true})
            for (bool readsTheText : {false, true}) {
                const PageReadOptions options{.restoreLost = restoreLost,
                                              .readsTheText = readsTheText,
                                              .before = U'l',
                                              .afterRun = U' '};
                for (CodePage page : pages) {
                    Read fast, general;
                    fast.found = tryPage(chars, start, page, options, fast.openAtEnd, fast.cand,
                                         fast.looked);
                    general.found =
                        tryPageCharByChar(chars, start, page, options, general.openAtEnd,
                                          general.cand, general.looked);
                    REQUIRE(fast.found == general.found);
                    REQUIRE(fast.openAtEnd == general.openAtEnd);
                    REQUIRE(fast.looked == general.looked);
                    REQUIRE(sameCandidate(fast.cand, general.cand));
                    found += fast.found;
                    longReads += fast.found && fast.cand.repaired.size() >= 2;
                }
            }
    }
    // Both ways: many readings hold a repair (several characters long), most do not.
    CHECK(found > 5000);
    CHECK(longReads > 500);
}

TEST_CASE("tryPage() reads runs of whole characters as the general path does") {
    // Whole characters one after the other (readPlainChars() reads them in one go) broken by
    // what it leaves to the general path: a lead whose continuations do not follow (ASCII, a
    // space that may be a lost A0, U+FFFD, the end), ED (a CESU-8 surrogate pair), leads whose
    // first continuation has a narrower range (E0 "à", F0 "ð", F4 "ô" under windows-1252) given
    // bytes outside it (where the reading fails: "à€" is E0 80), and bytes no sequence starts
    // with (F5 "õ").
    const std::u32string pieces[] = {U"Ã©",
                                     U"Ã¨",
                                     U"Ã\u00A0",
                                     U"â€œ",
                                     U"â€\u009D",
                                     U"Ð¾",
                                     U"Ñ\u0080",
                                     U"ðŸ˜€",
                                     U"ð\u0090\u0080\u0080",
                                     U"à¤•",
                                     U"à\u0080\u0080",
                                     U"ô\u008F¿¿",
                                     U"ô\u0090\u0080\u0080",
                                     U"à€",
                                     U"í•œ",
                                     U"í ½",
                                     U"Ã",
                                     U"â€",
                                     U"ð",
                                     U"õ",
                                     U"\uFFFD",
                                     U" ",
                                     U"a",
                                     U"Р°",
                                     U"СЃ"};
    std::mt19937 random(19);
    const std::span<const CodePage> pages = allCodePages();
    int longReads = 0, cutShort = 0;
    for (int k = 0; k < 2000; ++k) {
        std::u32string s;
        const int count = 1 + int(random() % 6);
        for (int i = 0; i < count; ++i)
            s += pieces[random() % std::size(pieces)];
        const std::vector<Char> chars = charsOf(s);
        for (bool restoreLost : {false, true}) {
            const PageReadOptions options{.restoreLost = restoreLost, .before = U' '};
            for (CodePage page : pages) {
                Read fast, general;
                fast.found =
                    tryPage(chars, 0, page, options, fast.openAtEnd, fast.cand, fast.looked);
                general.found = tryPageCharByChar(chars, 0, page, options, general.openAtEnd,
                                                  general.cand, general.looked);
                REQUIRE(fast.found == general.found);
                REQUIRE(fast.openAtEnd == general.openAtEnd);
                REQUIRE(fast.looked == general.looked);
                REQUIRE(sameCandidate(fast.cand, general.cand));
                longReads += fast.found && fast.cand.repaired.size() >= 2;
                cutShort += fast.found && fast.cand.end < chars.size();
            }
        }
    }
    // Both ways: readings of two or more whole characters, and readings that stop before the end.
    CHECK(longReads > 1000);
    CHECK(cutShort > 2000);
}

TEST_CASE("a page pagesThatMayRead() rejects reads no repair where no byte is lost") {
    const auto mayRead = [](const std::u32string& s) {
        return (pagesThatMayRead(charsOf(s), 0, 0) & pageBit(CodePage::Windows1252)) != 0;
    };
    CHECK(mayRead(U"â€œ"));      // "“", E2 80 9C
    CHECK(mayRead(U"â€\uFFFD")); // "”" whose 9D a strict decoder wrote as U+FFFD
    CHECK(!mayRead(U"â€a"));     // E2 80 and no second continuation
    CHECK(!mayRead(U"â€"));      // nor at the end
    CHECK(mayRead(U"Ã©"));       // a two-byte lead needs one
    // Leads of two, three and four bytes ("â€" is E2 80, "ð" F0), continuations, U+FFFD, ASCII.
    std::mt19937 random(17);
    const std::u32string alphabet = U"ÃâðíÐÑРС€™©¨¢¤‰Ž‘’“”•–—˜š›¼½¾¿°±²³´µ¶·¸¹º»\uFFFDa ";
    const std::span<const CodePage> pages = allCodePages();
    int rejectedLong = 0, kept = 0;
    for (int k = 0; k < 20000; ++k) {
        std::u32string s;
        const int length = 1 + int(random() % 5);
        for (int i = 0; i < length; ++i)
            s += alphabet[random() % alphabet.size()];
        const std::vector<Char> chars = charsOf(s);
        const PageMask mask = pagesThatMayRead(chars, 0, 0);
        for (CodePage page : pages) {
            Read r;
            r.found = tryPage(chars, 0, page, PageReadOptions{}, r.openAtEnd, r.cand, r.looked);
            if (mask & pageBit(page)) {
                kept += r.found;
                continue;
            }
            REQUIRE(!r.found);
            const PageMasks& first = pageTables().masks(chars[0].cp);
            rejectedLong += ((first.leads[1] | first.leads[2]) & pageBit(page)) != 0 &&
                            chars.size() >= 2 &&
                            (pageTables().masks(chars[1].cp).cont & pageBit(page));
        }
    }
    // Both ways: pages rejected by the character after next only, and kept pages that read.
    CHECK(rejectedLong > 1000);
    CHECK(kept > 1000);
}

TEST_CASE("a page pagesThatMayReadAll() rejects reads no deeper level all back") {
    // How nextLevel() reads a repair back: no lost byte restored, a U+FFFD no byte of its own.
    const PageReadOptions deeper{.restoreLost = false, .readsTheText = false};
    const auto readsAll = [&](const std::u32string& s, CodePage page) {
        const std::vector<Char> chars = charsOf(s);
        Read r;
        r.found = tryPage(chars, 0, page, deeper, r.openAtEnd, r.cand, r.looked);
        return r.found && r.cand.end == chars.size();
    };
    const auto mayReadAll = [](const std::u32string& s, CodePage page) {
        return (pagesThatMayReadAll(std::span<const char32_t>(s.data(), s.size())) &
                pageBit(page)) != 0;
    };
    // "é" then U+1F600 as a CESU-8 surrogate pair whose A0 became a space (cesuPairAt()).
    REQUIRE(readsAll(U"Ã©í ½í¸€", CodePage::Windows1252));
    CHECK(mayReadAll(U"Ã©í ½í¸€", CodePage::Windows1252));
    // "Ѐ" then U+3000: IBM866's E3 ("у") read as a lead inside a stretch, though no repair
    // starts at it (startsRepairs()).
    REQUIRE(readsAll(U"╨АуАА", CodePage::Cp866));
    CHECK(mayReadAll(U"╨АуАА", CodePage::Cp866));
    CHECK(!mayReadAll(U"Ã©a", CodePage::Windows1252)); // ASCII ends the reading
    CHECK(!mayReadAll(U"Ã", CodePage::Windows1252));   // one character: nothing to read back
    // Repairs read once: Latin-1 letters and signs, Cyrillic, box drawing, U+FFFD, ASCII.
    std::mt19937 random(19);
    const std::u32string alphabet = U"ÃâðíÐÑРС╨у€™©¨¢¤‰Ž‘’“”•–—˜š›¼½¾¿°±²³´µ¶·¸¹º»éè"
                                    U"\u0410\u0430\uFFFDa ";
    const std::span<const CodePage> pages = allCodePages();
    int rejectedLater = 0, kept = 0;
    for (int k = 0; k < 20000; ++k) {
        std::u32string s;
        const int length = 2 + int(random() % 6);
        for (int i = 0; i < length; ++i)
            s += alphabet[random() % alphabet.size()];
        // What nextLevel() asked alone before: the first two characters (IBM866's E0-EF but E2
        // start no repair there, though a reading would take them: startsRepairs()).
        const PageMask firstTwo = pageTables().masks(s[0]).lead() & pageTables().masks(s[1]).cont;
        for (CodePage page : pages) {
            const bool all = readsAll(s, page);
            const bool passed = (firstTwo & pageBit(page)) != 0;
            if (mayReadAll(s, page)) {
                REQUIRE(passed);
                kept += all;
                continue;
            }
            REQUIRE(!(passed && all));
            rejectedLater += passed;
        }
    }
    // Both ways: pages rejected by a character after the second, and kept pages that read all.
    CHECK(rejectedLater > 1000);
    CHECK(kept > 1000);
}

TEST_CASE("the search tries the pages the options list, as listed, whatever it was asked before") {
    // The search keeps the order of the last list it was given (per thread): a new list, a
    // shorter one, one with a page twice must each be read afresh.
    const std::string damaged = "l'Ã©tÃ© dernier";
    const auto repairedWith = [&](std::vector<CodePage> pages) {
        MojibakeOptions options;
        options.codePages = std::move(pages);
        return repairMojibake(damaged, options).text;
    };
    CHECK(repairedWith({CodePage::Windows1252}) == "l'été dernier");
    CHECK(repairedWith({CodePage::Windows1251}) == damaged);
    CHECK(repairedWith({CodePage::Windows1251, CodePage::Windows1251, CodePage::Windows1252}) ==
          "l'été dernier");
    CHECK(repairedWith({CodePage::Windows1251, CodePage::Koi8R}) == damaged);
    CHECK(repairedWith({CodePage::Latin1}) == "l'été dernier");
    CHECK(repairedWith({}) == damaged);
    CHECK(repairedWith({CodePage::Windows1252}) == "l'été dernier");
    // Deeper levels too: encoded twice through windows-1252 ("ƒ" is 83 there, on no ISO page).
    MojibakeOptions twice;
    twice.codePages = {CodePage::Latin1, CodePage::Windows1252};
    CHECK(repairMojibake("l'ÃƒÂ©tÃƒÂ© dernier", twice).text == "l'été dernier");
    twice.codePages = {CodePage::Latin1, CodePage::Latin9};
    CHECK(repairMojibake("l'ÃƒÂ©tÃƒÂ© dernier", twice).text != "l'été dernier");
}

TEST_CASE("the search tries every page it is given alone, the last of the list too") {
    // The pages a search may try are found by the place of each page of a mask (PageOrder): every
    // page, alone in the options, must repair some text mis-decoded through it.
    const std::vector<std::string> texts = {
        "déjà vu, très été", "привет, как дела", "καλημέρα κόσμε", "שלום עולם",
        "مرحبا بالعالم",     "สวัสดีครับ",          "Ölçü güzel şey", "Łódź, żółć",
        "Ąžuolas ėjo namo",  "Tiếng Việt",       "Ĉu ĝi ŝanĝiĝis", "Þórður Íslandi"};
    for (CodePage page : allCodePages()) {
        MojibakeOptions alone;
        alone.codePages = {page};
        MojibakeOptions none;
        none.codePages = {};
        int repaired = 0;
        for (const std::string& text : texts) {
            const std::string damaged = readAs(
                std::span(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()), page);
            repaired += repairMojibake(damaged, alone).text == text;
            // Both ways: with no page listed nothing is repaired.
            CHECK(repairMojibake(damaged, none).text == damaged);
        }
        INFO("page " << int(page));
        CHECK(repaired > 0);
    }
}

TEST_CASE("the cost and the signature lead info() keeps of a character are charCost()'s") {
    for (char32_t c = 0; c < 0x10000; ++c) {
        const CharInfo ci = info(c);
        REQUIRE(int(ci.cost) == charCost(c, ci));
        REQUIRE(ci.lead == signatureLead(c));
    }
    for (char32_t c : {U'\U0001F600', U'\U00020000', U'\U0010FFFF', U'\U000E0001'}) {
        CHECK(int(info(c).cost) == charCost(c, info(c)));
        CHECK(info(c).lead == signatureLead(c));
    }
    // Both ways: the signatures of each lead cost, the same leads before a letter do not, and
    // textCost() (which reads the lead from info()) counts them.
    CHECK(signatureCost(U'Ã', U'©') == 1);
    CHECK(signatureCost(U'Ă', U'ł') == 1);
    CHECK(signatureCost(U'Ô', U'Ç') == 1);
    CHECK(signatureCost(U'Р', U'µ') == 1);
    CHECK(signatureCost(U'Ã', U'a') == 0);
    CHECK(signatureCost(U'С', U'»') == 0); // a word's last letter and a closing guillemet
    CHECK(signatureCost(U'Р', U'і') == 0); // Ukrainian
    CHECK(signatureCost(U'e', U'©') == 0);
    CHECK(signatureLead(U'a') == SignatureLead::None);
    // A letter glued to a symbol, and the signature.
    CHECK(textCost(U' ', std::u32string(U"Ã©"), U' ') == 2);
    CHECK(textCost(U' ', std::u32string(U"Ãa"), U' ') == 0);
    // Both ways: a control and the rare letters cost, a common letter does not.
    CHECK(info(0x0085).cost == 2); // a C1 control
    CHECK(info(0x0109).cost == 1); // Esperanto "ĉ"
    CHECK(info(0x01B7).cost == 2); // Latin Extended-B "Ʒ"
    CHECK(info(U'a').cost == 0);
    CHECK(info(0x00E9).cost == 0); // "é"
    CHECK(info(0x200D).cost == 0); // the zero-width joiner
}

TEST_CASE("marksFit() answers as fitting every mark on the letter before it does") {
    // Every mark on the base before it, spacing marks (Devanagari's vowel sign "ा") no base.
    const auto plain = [](char32_t before, const std::u32string& repaired) {
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
    };
    const std::u32string alphabet =
        U"ae\u00E9\u0301\u0308\u05B4\u05D0\u093E\u0915\u094D ж\u0E31\u0E01";
    std::mt19937 random(11);
    int fits = 0, misfits = 0;
    for (int k = 0; k < 20000; ++k) {
        std::u32string s;
        const int length = 1 + int(random() % 5);
        for (int i = 0; i < length; ++i)
            s += alphabet[random() % alphabet.size()];
        const char32_t before = alphabet[random() % alphabet.size()];
        const bool expected = plain(before, s);
        REQUIRE(marksFit(before, s) == expected);
        (expected ? fits : misfits) += 1;
    }
    // Both ways: repairs whose marks fit (or that hold none) and repairs with a misplaced mark.
    CHECK(fits > 1000);
    CHECK(misfits > 1000);
}

// markFits() reads whether the base is a letter, and its script, from the table of info(): as
// ICU answers them (u_isalpha(), uscript_getScript()), for every base of the Basic
// Multilingual Plane under marks of several scripts (and a spacing vowel sign).
TEST_CASE("markFits() reading its base from info() fits marks as ICU's facts do") {
    const auto plain = [](char32_t mark, char32_t base) {
        if (base == 0xFFFD)
            return true;
        if (!u_isalpha(UChar32(base)))
            return false;
        UErrorCode e = U_ZERO_ERROR;
        UScriptCode scripts[16];
        const int n = uscript_getScriptExtensions(UChar32(mark), scripts, 16, &e);
        const UScriptCode baseScript = uscript_getScript(UChar32(base), &e);
        for (int k = 0; k < n; ++k)
            if (scripts[k] == USCRIPT_INHERITED || scripts[k] == USCRIPT_COMMON ||
                scripts[k] == baseScript)
                return true;
        return false;
    };
    int fits = 0, misfits = 0;
    // An acute (any letter), a Hebrew point, Devanagari's vowel sign "ा" (spacing), a Thai vowel
    // sign, an Arabic fatha, a Cyrillic titlo.
    for (char32_t mark : {U'\u0301', U'\u05B4', U'\u093E', U'\u0E31', U'\u064E', U'\u0483'})
        for (char32_t base = 0; base < 0x10000; ++base) {
            const bool expected = plain(mark, base);
            REQUIRE(markFits(mark, base) == expected);
            (expected ? fits : misfits) += 1;
        }
    CHECK(fits > 10000);
    CHECK(misfits > 10000);
}

// textCost() reads each character's CharInfo in place, above the Basic Multilingual Plane from
// spares it takes turns with: it sums what each character and each pair costs, as copies of
// info() say, however many characters outside the plane follow each other.
TEST_CASE("textCost() reading characters in place sums the costs of copies of their info()") {
    const auto plain = [](char32_t before, const std::u32string& middle, char32_t after) {
        std::u32string all = before + middle + after;
        int cost = info(before).cost;
        for (std::size_t k = 1; k < all.size(); ++k) {
            const CharInfo a = info(all[k - 1]), b = info(all[k]);
            cost += b.cost + pairCost(a, b) + signatureCost(all[k - 1], all[k]);
            if (a.kind == Kind::Digit && b.upper && all[k] >= 0x80)
                ++cost;
            if (a.kind == Kind::Letter && (all[k] == 0x201E || all[k] == 0x201A))
                ++cost;
        }
        return cost;
    };
    // Letters of several scripts and cases on and off the plane (Deseret "𐐀", the ideograph
    // "𠀀", the mathematical "𝐀"), an emoji, signatures ("Ã©", "Рµ"), digits, a low-9 quote.
    const std::u32string alphabet = U"aAÃ©Рµ0 ,\u201E\U00010400\U00020000\U0001D400\U0001F600"
                                    U"\U00010428\u0085";
    std::mt19937 random(17);
    int costly = 0, costless = 0;
    for (int k = 0; k < 20000; ++k) {
        std::u32string s;
        const int length = int(random() % 6);
        for (int i = 0; i < length; ++i)
            s += alphabet[random() % alphabet.size()];
        const char32_t before = alphabet[random() % alphabet.size()];
        const char32_t after = alphabet[random() % alphabet.size()];
        const int expected = plain(before, s, after);
        REQUIRE(textCost(before, s, after) == expected);
        (expected > 0 ? costly : costless) += 1;
    }
    CHECK(costly > 1000);
    CHECK(costless > 1000);
}

// RepairPlace::unreadable() looks for ideographs, kana and Hangul glued to Latin or Cyrillic
// letters inside a reading only where some character is at kFirstHanSystem or above: no letter
// below it is of those scripts, and the refusal still holds above it.
TEST_CASE("no letter below the first of the Han writing systems is of one of them") {
    const auto hanSystem = [](UScriptCode s) {
        return s == USCRIPT_HAN || s == USCRIPT_HIRAGANA || s == USCRIPT_KATAKANA ||
               s == USCRIPT_HANGUL;
    };
    for (char32_t c = 0; c < RepairPlace::kFirstHanSystem; ++c)
        REQUIRE_FALSE(hanSystem(info(c).script));
    CHECK(hanSystem(info(RepairPlace::kFirstHanSystem).script)); // the first Hangul Jamo
    // Random Latin-1 letters in code read through IBM850 as "烥я" stay as they are.
    MojibakeOptions ibm850;
    ibm850.codePages = {CodePage::Cp850};
    CHECK(repairMojibake("þâÑÐÅ", ibm850).fixCount == 0);
}

// RepairPlace::pageOdds() reads the odds against a page from a table of pageOddsOf(): every
// page's, in a short text and in a longer one; and the odds differ by page and by length.
TEST_CASE("the odds against a page kept in a table are pageOddsOf()'s") {
    const MojibakeOptions options;
    const std::vector<Char> chars = charsOf(U"x");
    int differ = 0;
    for (const bool shortText : {false, true}) {
        const RepairContext context{U' ', U' ', options, nullptr, 0, shortText};
        const RepairPlace place(chars, context);
        for (std::size_t p = 0; p < std::size_t(kCodePageCount); ++p) {
            const CodePage page = CodePage(p);
            REQUIRE(place.pageOdds(page) == RepairPlace::pageOddsOf(page, shortText));
            differ += RepairPlace::pageOddsOf(page, shortText) !=
                      RepairPlace::pageOddsOf(page, !shortText);
        }
    }
    CHECK(differ > 0);
    CHECK(RepairPlace::pageOddsOf(CodePage::Windows1252, true) == 0);
    CHECK(RepairPlace::pageOddsOf(CodePage::Latin9, true) == 8 * kPlausibilityScale);
    CHECK(RepairPlace::pageOddsOf(CodePage::Latin9, false) < 8 * kPlausibilityScale);
}

// The streamed repair keeps what it decided with a partial sum of evidence where that sum reads
// as the whole does (sameReading()): each thing a decision reads of the evidence must be
// compared, the largest weight beyond one clear fix's too (a short string's words in capitals
// joined by a no-break space: RepairPlace::capitalsSpaced()).
TEST_CASE("two sums of evidence read alike only where every decision reads them alike") {
    const auto evidence = [](std::initializer_list<std::pair<CodePage, std::uint64_t>> weights) {
        Evidence e{};
        for (const auto& [page, weight] : weights)
            e[std::size_t(page)] = weight;
        return e;
    };
    using enum CodePage;
    // Alike: the same pages shown, in the same order, each beyond one clear fix or not.
    CHECK(sameReading(evidence({{Windows1252, 3}, {Latin1, 3}}),
                      evidence({{Windows1252, 5}, {Latin1, 5}})));
    // Not alike: one clear fix's weight against more.
    CHECK_FALSE(sameReading(evidence({{Windows1252, 2}, {Latin1, 2}}),
                            evidence({{Windows1252, 4}, {Latin1, 4}})));
    // Not alike: a page shown in one sum only; the order of two pages' weights (a page without
    // evidence against one with a little).
    CHECK_FALSE(sameReading(evidence({{Windows1252, 1}}), evidence({{Windows1252, 2}})));
    CHECK_FALSE(
        sameReading(evidence({{Windows1252, 2}}), evidence({{Windows1252, 2}, {Latin1, 1}})));
    CHECK_FALSE(sameReading(evidence({{Windows1252, 4}, {Latin1, 3}}),
                            evidence({{Windows1252, 3}, {Latin1, 4}})));
}

TEST_CASE(
    "a run's fixes kept as a list until one is applied are what a piece per character keeps") {
    // Fixes as judgeRun() makes them: noted where settled (one before a fix noted earlier too),
    // else applied (the characters rewritten, chains joined) and judging goes back.
    std::mt19937 random(23);
    int noted = 0, notedBefore = 0, applied = 0, chained = 0, listedAtEnd = 0;
    using Fix = std::tuple<std::size_t, std::size_t, std::u32string, std::size_t>;
    const auto fixesOf = [](RunRewrite& rewrite) {
        std::vector<Fix> fixes;
        rewrite.forEachFix([&](std::size_t offset, std::size_t length, Decision&& d) {
            fixes.emplace_back(offset, length,
                               std::u32string(d.cand.repaired.begin(), d.cand.repaired.end()),
                               d.steps.size());
        });
        return fixes;
    };
    for (int k = 0; k < 3000; ++k) {
        // Words of damage (non-ASCII characters of 2 or 3 bytes) between ASCII ones, some far
        // enough apart (RunRewrite::kLookBack) that a fix before one noted is settled too.
        std::vector<Char> chars;
        std::vector<std::pair<std::size_t, std::size_t>> words;
        std::size_t offset = 3;
        const auto add = [&](bool ascii) {
            const auto bytes = std::uint8_t(ascii ? 1 : 2 + random() % 2);
            chars.push_back({offset, bytes, ascii ? U'a' : U'\u00E9'});
            offset += bytes;
        };
        for (int w = 0, count = 1 + int(random() % 4); w < count; ++w) {
            const std::size_t begin = chars.size();
            for (int c = 0, n = 1 + int(random() % 4); c < n; ++c)
                add(false);
            words.emplace_back(begin, chars.size());
            for (int c = 0, n = random() % 2 == 0 ? 17 : 1 + int(random() % 3); c < n; ++c)
                add(true);
        }
        std::vector<Char> otherChars = chars;
        RunRewrite listed(chars), pieces(otherChars, true);
        listed.reset();
        pieces.reset();
        std::size_t i = 0;
        bool rewritten = false; // a fix was applied: the words moved
        while (i < chars.size() && listed.mayApplyMore()) {
            REQUIRE(pieces.mayApplyMore());
            REQUIRE(listed.applied() == pieces.applied());
            REQUIRE(chars.size() == otherChars.size());
            for (std::size_t x = 0; x < chars.size(); ++x) {
                REQUIRE(listed.rewrittenEnd(x) == pieces.rewrittenEnd(x));
                for (std::size_t y = x; y <= chars.size(); ++y) {
                    REQUIRE(listed.rewrittenWithin(x, y) == pieces.rewrittenWithin(x, y));
                    if (y > x)
                        REQUIRE(listed.settled(x, y) == pieces.settled(x, y));
                }
            }
            // The next word from i, or (one time in two) any word, while no fix rewrote the
            // characters; else a stretch from i.
            std::size_t b = i, e = std::min(chars.size(), i + 1 + random() % 4);
            if (!rewritten && random() % 4 != 0) {
                const bool anywhere = random() % 2 == 0;
                std::vector<std::pair<std::size_t, std::size_t>> fit;
                for (const auto& word : words)
                    if (anywhere || word.first >= i)
                        fit.push_back(word);
                if (!fit.empty())
                    std::tie(b, e) = fit[anywhere ? random() % fit.size() : 0];
            }
            Decision d;
            d.cand.begin = b;
            d.cand.end = e;
            for (std::size_t c = 0, n = 1 + random() % 3; c < n; ++c)
                d.cand.repaired.push_back(char32_t(0x430 + random() % 32));
            d.steps.push_back(CodePage(random() % 4));
            Decision copy = d;
            if (listed.settled(b, e) && random() % 5 != 0) {
                notedBefore += b < i;
                listed.note(std::move(d));
                pieces.note(std::move(copy));
                ++noted;
                i = e;
                if (random() % 3 == 0)
                    break; // no more damage in the run: no fix applied, the list kept
            } else {
                listed.apply(std::move(d));
                pieces.apply(std::move(copy));
                ++applied;
                rewritten = true;
                i = RunRewrite::lookBackFrom(b) + random() % 3;
            }
        }
        REQUIRE(chars.size() == otherChars.size());
        for (std::size_t x = 0; x < chars.size(); ++x)
            REQUIRE(chars[x].cp == otherChars[x].cp);
        listedAtEnd += !rewritten && listed.applied() >= 2;
        const std::vector<Fix> fromList = fixesOf(listed);
        REQUIRE(fromList == fixesOf(pieces));
        for (const Fix& f : fromList)
            chained += std::get<3>(f) > 1;
    }
    // Both ways: runs with fixes noted only (some before one noted earlier, some runs ending so),
    // and runs where fixes were applied and chained.
    CHECK(noted > 2000);
    CHECK(notedBefore > 10);
    CHECK(listedAtEnd > 100);
    CHECK(applied > 1000);
    CHECK(chained > 300);
}

// A run's rewrite puts each fix's decision into the store its pass gives it (the memo's, where
// the fixes found are kept), and hands it on from there, not moved once more; without a store,
// into its own, emptied at each run.
TEST_CASE("a run's fixes are handed on where the store given to its rewrite keeps them") {
    std::vector<Char> chars = charsOf(U"éé a éé a é");
    DecisionStore store;
    RunRewrite rewrite(chars);
    const auto fix = [](std::size_t b, std::size_t e, int gain) {
        Decision d;
        d.cand.begin = b;
        d.cand.end = e;
        d.cand.repaired.push_back(U'ж');
        d.steps.push_back(CodePage::Windows1252);
        d.gain = gain;
        return d;
    };
    const auto handedOn = [&] {
        std::vector<const Decision*> at;
        rewrite.forEachFix([&](std::size_t, std::size_t, Decision&& d) { at.push_back(&d); });
        return at;
    };
    rewrite.reset(&store);
    rewrite.note(fix(0, 2, 1));  // noted: the list
    rewrite.apply(fix(4, 6, 2)); // applied: a piece per character, "ж" at 4
    rewrite.apply(fix(4, 5, 3)); // its output read again: one chain of two
    CHECK(store.size() == 3);
    const std::vector<const Decision*> first = handedOn();
    REQUIRE(first.size() == 2);
    CHECK(first[0]->gain == 1);
    CHECK(first[1]->gain == 2); // the chain's first fix, with the second's steps
    CHECK(first[1]->steps.size() == 2);
    // The next run: the store keeps what it holds, and the decisions stay where they are.
    chars = charsOf(U"éé");
    rewrite.reset(&store);
    rewrite.note(fix(0, 2, 4));
    CHECK(store.size() == 4);
    REQUIRE(handedOn().size() == 1);
    CHECK(handedOn()[0]->gain == 4);
    CHECK(first[0]->gain == 1);
    CHECK(first[1]->gain == 2);
    // Without a store: the rewrite's own, and the store given before is left as it is.
    rewrite.reset();
    rewrite.note(fix(0, 2, 5));
    CHECK(store.size() == 4);
    REQUIRE(handedOn().size() == 1);
    CHECK(handedOn()[0]->gain == 5);
}

// The fix counts look only at the pages a fix was counted into (FixCounts::counted): what they
// answer is the sum over every page, fixes taken back and counts added together included, and
// cleared they hold zeros everywhere.
TEST_CASE("the fix counts answer as the sum over every page") {
    using namespace u8convert::detail::mojibake;
    std::mt19937 random(7);
    for (int round = 0; round < 200; ++round) {
        FixCounts counts, other;
        std::vector<Decision> decisions(6);
        for (Decision& d : decisions) {
            d.cand.everyUsesLost = random() % 3 != 0;
            d.steps.push_back(CodePage(random() % kCodePageCount));
            d.repairedUtf8.assign(1 + random() % 4, 'x');
            d.damagedLength = 1 + random() % 6;
        }
        for (int k = 0; k < 12; ++k) {
            const Decision& d = decisions[random() % decisions.size()];
            (k % 2 == 0 ? counts : other).count(d, random() % 4 == 0 ? std::uint64_t(-1) : 1);
        }
        counts.add(other);
        Evidence confident{};
        for (int p = 0; p < kCodePageCount; ++p)
            confident[std::size_t(p)] = random() % 2 == 0 ? std::uint64_t(kClearGain) : 0;
        // The plain sums, over every page.
        std::uint64_t accepted = counts.sure.fixes;
        FixCounts::Change made = counts.sure;
        for (int p = 0; p < kCodePageCount; ++p) {
            const FixCounts::Change& c = counts.withEvidence[std::size_t(p)];
            accepted += c.fixes;
            if (shows(confident, CodePage(p))) {
                made.fixes += c.fixes;
                made.bytes += c.bytes;
            }
        }
        CHECK(counts.accepted() == accepted);
        CHECK(counts.made(confident).fixes == made.fixes);
        CHECK(counts.made(confident).bytes == made.bytes);
        // Cleared, as made anew: every entry 0.
        counts.clear();
        CHECK(counts.sure.fixes == 0);
        CHECK(counts.sure.bytes == 0);
        for (const FixCounts::Change& c : counts.withEvidence)
            CHECK((c.fixes == 0 && c.bytes == 0));
        CHECK(counts.accepted() == 0);
    }
}

// A part's evidence is summed and cleared only where a credit may have written it
// (Part::creditedPages, creditedDeeper): the sum is that of every entry, fixes taken back
// included, and clearing leaves every entry 0.
TEST_CASE("a part's evidence sums and clears as every entry would") {
    using namespace u8convert::detail::mojibake;
    std::mt19937 random(11);
    for (int round = 0; round < 200; ++round) {
        Part part(0, 0);
        for (int k = 0; k < 6; ++k) {
            Decision d;
            d.gain = int(random() % (2 * kClearGain));
            d.telling = random() % 2 == 0;
            using u8convert::detail::PageMask;
            d.explaining = PageMask(random()) & ((PageMask(1) << kCodePageCount) - 1);
            for (int s = 0, n = 1 + int(random() % 3); s < n; ++s)
                d.steps.push_back(CodePage(random() % kCodePageCount));
            part.credit(d, random() % 4 == 0 ? std::uint64_t(-1) : 1);
        }
        Evidence start{};
        start[std::size_t(random() % start.size())] = 5;
        Evidence plain = start;
        for (std::size_t k = 0; k < plain.size(); ++k)
            plain[k] += part.confident[k];
        std::vector<Part> parts;
        parts.push_back(std::move(part));
        CHECK(evidenceOf(parts, start) == plain);
        parts[0].clearEvidence();
        CHECK(parts[0].confident == Evidence{});
        CHECK(evidenceOf(parts, start) == start);
    }
}
