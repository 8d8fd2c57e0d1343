// The mojibake repair of one short string alone (a name, a title, a cell), where the text holds
// no other evidence of its page and the plausibility model decides: each class both ways, a
// string it restores and a correct string it leaves alone, and what --explain says of it.
#include "u8convert/mojibake.h"
#include "u8convert/repair.h"
#include "u8test/harness.h"

#include <string>

using namespace u8codec;
using namespace u8convert;

namespace {

std::string repaired(const std::string& in) {
    return repairMojibake(in).text;
}

// Strings, not const char*, which failure messages would print as pointers.
struct RestoredRow {
    const char* name;
    std::string damaged;
    std::string expected;
};

const RestoredRow kRestored[] = {
    // All capitals: the capital images (Ã + ‰ ‘ “ €) are the only clue.
    {"caps ecole", "Ã‰COLE", "ÉCOLE"},
    {"caps espana", "ESPAÃ‘A", "ESPAÑA"},
    {"caps nino", "NIÃ‘O", "NIÑO"},
    // A quote between two letters is no quote: "Ã”" inside a word is "Ô".
    // Esperanto: "Äœ" is "Ĝ" through windows-1252 (ISO-8859-16's "Ľ" reads one point better
    // to the costs, far less likely to the model), "Äˆ" is "Ĉ" (a letter and a modifier).
    // A letter quoted in code: windows-1252's "ü" and "Т", not IBM850's "Ǭ" and "ѽ" (a quote
    // before a rare letter is as likely as before any one letter of its class, not as before
    // any letter of the thousands: build_plausibility.py).
    {"quoted in code", "17: 2,  # 'Ã¼'", "17: 2,  # 'ü'"},
    {"quoted cyrillic", "194: 34,  # 'Ð¢'", "194: 34,  # 'Т'"},
    {"quoted greek", "39: 1,  # 'ÎŸ'", "39: 1,  # 'Ο'"},
    // All a quoted string holds: a sign, a Greek letter through windows-1252 (not IBM850's
    // Hebrew "ׯ").
    {"quoted sign", "164: 195,  # 'Â§'", "164: 195,  # '§'"},
    {"quoted lambda", "16: 1,  # 'Î»'", "16: 1,  # 'λ'"},
    // All a quoted string holds, read back as one character of any script, IPA too (a code
    // table's): windows-1252's "ό", not ISO-8859-15's Coptic "ϼ", which the model likes.
    {"quoted IPA", "(0x1A6, 'M', 'Ê€'),", "(0x1A6, 'M', 'ʀ'),"},
    {"quoted arabic", "(0x1EE00, 'M', 'Ø§'),", "(0x1EE00, 'M', 'ا'),"},
    {"quoted greek accent", "19: 0,  # 'ÏŒ'", "19: 0,  # 'ό'"},
    {"quoted kazakh", "(0x49A, 'M', 'Ò›'),", "(0x49A, 'M', 'қ'),"},
    // A kaomoji's IPA and modifier letters beside its symbols (not two Latin-1 letters alone).
    {"kaomoji bear", "Obrigado Ê•â€¢á´¥â€¢Ê”", "Obrigado ʕ•ᴥ•ʔ"},
    // Two symbols, each a whole 3-byte sequence, all a quoted string holds, damaged twice.
    {"quoted frames", "\"frames\": \"ГўвЂ”вЂ°ГўвЂ”ЕЅ\"},", "\"frames\": \"◉◎\"},"},
    // A character lost to U+FFFD that is all a quoted string holds: one U+FFFD, as the damage
    // left nothing more of it.
    {"quoted lost emoji", "\"cookie\": \"ðŸ\uFFFDª\",", "\"cookie\": \"\uFFFD\","},
    {"quoted lost letter", "51: 0,  # 'Ã\uFFFD'", "51: 0,  # '\uFFFD'"},
    // The embeddings of UAX #9 that a Persian catalogue puts around a path written left to right:
    // "â€ª" is U+202A through windows-1252, not ISO-8859-15's arrow "⤪" (E2 A4 AA).
    {"bidi embedding", "Ù¾Ø±ÙˆÙ†Ø¯Ù‡Ù” â€ª.desktopâ€¬", "پروندهٔ \u202A.desktop\u202C"},
    {"bidi isolate", "Ù¾ÙˆØ´Ù‡ â\u0081¦/tmpâ\u0081©", "پوشه \u2066/tmp\u2069"},
    // Small Latin letters are no word through windows-1252: "âšœ" is the fleur-de-lis.
    {"quoted fleur-de-lis", "\"fleur-de-lis\": \"âšœ\",", "\"fleur-de-lis\": \"⚜\","},
    {"esperanto caps", "HINDIA, FIÄœIA", "HINDIA, FIĜIA"},
    {"esperanto", "Äˆefbloko nevalidas,", "Ĉefbloko nevalidas,"},
    // Twice through windows-1252, not the second time through ISO-8859-15 ("ä").
    {"double grave caps", "ESTÃƒâ‚¬ MUNTAT", "ESTÀ MUNTAT"},
    {"capital before 99", "MOLLADOÃ™", "MOLLADOÙ"},
    {"french colon", "BANNÂ\u00A0:", "BANN\u00A0:"},
    // One Greek letter inside a Latin word: "²" glued between two capitals is no exponent.
    {"gene name", "IL6RÎ²KO mice", "IL6RβKO mice"},
    // A letter and a no-break space before a small letter: "Š" (C5 A0) read as windows-1252.
    {"nbsp in a word", "Å\u00A0irina ivice", "Širina ivice"},
    // Yoruba tone marks read through ISO-8859-1 (a letter and a C1 control each).
    {"yoruba marks", "Ìpínláº¹Ì\u0080 Aá¹£á»\u008DÌ\u0080kan", "Ìpínlẹ̀ Aṣọ̀kan"},
    // windows-1250 before ISO-8859-2 in a string that shows neither ("Ľ" is BC in one, A5 in the
    // other).
    {"polish 1250", "niepozaniĹĽany", "niepozaniżany"},
    // A sign glued before a small letter: "‰" (89) after "Ä" (C4) is the Esperanto "ĉ".
    {"esperanto glued", "Se Ä‰eestas", "Se ĉeestas"},
    // Arabic read as windows-1256 beside correct Arabic: "ص" and a space are not the Armenian
    // "ՠ" (D5 A0) glued to an Arabic word.
    {"arabic beside correct", "نص ط´ط§ط±ط© الموسع", "نص شارة الموسع"},
    // Emoji ZWJ sequences with variation selectors (U+FE0F on "❤"), their 8F and 9D left as C1
    // controls by the windows-1252 reading.
    {"emoji zwj", "Thanks ðŸ§‘ðŸ\u008F½â€\u008Dâ\u009D¤ï¸\u008Fâ€\u008DðŸ§‘ðŸ\u008F¼",
     "Thanks 🧑🏽\u200D❤\uFE0F\u200D🧑🏼"},
    {"caps hopital", "HÃ”PITAL", "HÔPITAL"},
    // A right-to-left mark read through windows-1252 (its 8F left as the C1 control): the
    // mark, not the arrow ISO-8859-15 would read ("€" is A4 there).
    {"rtl mark", "â€\u008FAlt Ø§Ù„ÙŠÙ…ÙŠÙ†", "\u200FAlt اليمين"},
    // Letters only, one fix alone: "ÅŒ" is the Japanese "Ō" through windows-1252.
    {"osaka", "The ÅŒsaka trip", "The Ōsaka trip"},
    // A lost no-break space alone in a string: "à" before a word, with the space its A0 became;
    // "à" inside a Gaelic word; a no-break space between two Polish words.
    {"a la carte", "Ã  la carte", "à la carte"},
    {"gaelic clar", "ClÃ r nan tagaichean", "Clàr nan tagaichean"},
    {"polish nbsp", "tylko wÂ wersji 3", "tylko w\u00A0wersji 3"},
    // A character lost to U+FFFD after a letter, alone in a string: one U+FFFD, no guess.
    {"lost inside a word", "povzroÄ\uFFFDena prekinitev", "povzro\uFFFDena prekinitev"},
    {"lost at a word's end", "pardalÄ\uFFFD", "pardal\uFFFD"},
    // A capital through windows-1252, not a small letter through ISO-8859-4.
    {"caps voce", "CONFORME VOCÃŠ PEDIU.", "CONFORME VOCÊ PEDIU."},
    // A capital and a no-break space before a capital where another fix shows the page: a
    // letter when the model finds it far likelier (Croatian "LOŠI"), a word in capitals joined
    // by a no-break space when it does not (Swedish "PÅ SVENSKA", damaged twice).
    {"caps losi", "KRITIÄŒNO: LOÅ\u00A0I TTY", "KRITIČNO: LOŠI TTY"},
    {"caps pa svenska", "HÃ©j PÃ…Â\u00A0SVENSKA", "Héj PÅ\u00A0SVENSKA"},
    // A whole 3- or 4-byte sequence read back, of a script of limited or historic use (Coptic
    // and Old Hungarian quoted in a code table; "\u0090" and "\u009D" are the bytes windows-1252
    // leaves undefined, kept as C1 controls).
    {"coptic in code", "(0x2CF2, 'M', 'â³³'),", "(0x2CF2, 'M', 'ⳳ'),"},
    {"old hungarian in code", "(0x10C9D, 'M', 'ð\u0090³\u009D'),", "(0x10C9D, 'M', '\U00010CDD'),"},
    // Two characters that read back as one letter far likelier (e^24), the costs even.
    {"long s", "# 's': 'Å¿'", "# 's': 'ſ'"},
    // Gujarati through windows-1252: a vowel sign is a spacing mark on its letter, no symbol.
    {"gujarati", "àª®à«‹àªŸà«‹", "મોટો"},
    // The letters of African alphabets in the IPA block: Hausa and Fula "ɗ", Bambara "ɲ".
    {"fula", "Dowlaaji DentuÉ—i", "Dowlaaji Dentuɗi"},
    {"caps cafe", "CAFÃ‰", "CAFÉ"},
    {"crm name", "JOSÃ‰ PÃ‰REZ", "JOSÉ PÉREZ"},
    // One page per string: "Ã€" is "À" through windows-1252 (as the other words), not ISO-8859-15's
    // "ä".
    {"ete a paris", "Ã‰TÃ‰ Ã€ PARIS", "ÉTÉ À PARIS"},
    // "ÄŒ" is "Č" through windows-1252; ISO-8859-15 would read it as "ļ" after a capital.
    {"ceska", "ÄŒeskÃ¡ republika", "Česká republika"},
    // Vietnamese through windows-1252: 3-byte sequences of Latin letters, not CJK.
    {"vietnamese", "Tiáº¿ng Viá»‡t", "Tiếng Việt"},
    // Damaged twice, and through windows-1252 then windows-1251.
    {"trademark twice", "Ã¢â€žÂ¢", "™"},
    {"degrees 1252 1251", "25 Г‚В°C", "25 °C"},
    // A lost no-break space, with another fix through the page in the same string.
    {"deja vu", "dÃ©jÃ  vu", "déjà vu"},
    // One damaged character in an otherwise clean sentence.
    {"one enye", "one Ã± here", "one ñ here"},
    {"uber", "Ãœber", "Über"},
    {"registered in caps", "LÃ‰GUMESÂ®", "LÉGUMES®"},
    {"inverted question", "Â¿Qué?", "¿Qué?"},
    // Lossy: the last byte (9D, undefined in windows-1252) was dropped. Which character it was
    // is a guess ("ם", "א", a point): the character is lost, one U+FFFD, never invented.
    {"lost last byte", "×©×œ×•×", "שלו�"},
};

struct CorrectRow {
    const char* name;
    std::string text;
};

const CorrectRow kCorrect[] = {
    // A Swedish or Romanian word in capitals before a trademark sign: "Å™" would be "ř".
    // A quoted word in small Cyrillic letters is no character's damage: through IBM866 "так" would
    // be the Braille "⠪" (E2 A0 AA), "сам" the Mongolian "ᠬ" (RepairPlace::quotedCharacter()).
    {"quoted russian yes", "msgstr \"так\""},
    {"quoted same", "\"сам\""},
    {"quoted greek word", "'και'"},
    // Latin-1 letters as a test's data: IBM850 would read "þâÑÐÅ" as "烥я", an ideograph glued to
    // a Cyrillic letter.
    {"latin-1 test data", "expected = \"þâÑÐÅ§\""},
    // Arrows and the embedding's look-alikes are text as they are.
    {"arrows", "a ⤪ b ⤬ c"},
    {"swedish brand", "SKÅ™ PRO"},
    {"romanian brand", "ÎNCĂ™"},
    {"swedish caps", "VÄSTERÅS™"},
    {"romania", "ROMÂNIA™"},
    // Box-drawing art, kaomoji, leetspeak in accented capitals.
    {"box", "╔═══╗ ║ ok ║ ╚═══╝"},
    {"table flip", "(╯°□°)╯︵ ┻━┻"},
    {"shrug", "¯\\_(ツ)_/¯"},
    {"leet", "ÉCOL3 N4TION4LE"},
    {"leet a la", "ÀL4 C4RT3"},
    // Acute accents as closing quotes after a letter.
    {"acute quotes", "it´s ´quoted´ now"},
    {"acute after accent", "the café´s door"},
    // Symbols and mathematics.
    {"times", "2×3 = 6"},
    {"times quoted", "2×3 = 6 “×” sign"},
    {"quoted letters", "the letters “Õ” and “Ñ”"},
    {"quoted caps", "the word “IRMÃ” is Portuguese"},
    {"quoted product", "The identity ‘∏ k = n!’ holds."},
    {"dimensions", "Dimensions: 210 mm × 297 mm"},
    {"price", "5×£35"},
    {"ohm metre", "Ω·m"},
    {"greek caps", "ΓΆ ΟΔΟΣ"},
    // Portuguese "Ã" is a letter of its own.
    {"sao paulo", "SÃO PAULO"},
    {"irma", "IRMÃ MARIA"},
    {"quoted A tilde", "Ã’s"},
    // The letter named, before one space; a word in capitals ending in "Ã" before two.
    {"letter named", "the letter Ã is rare"},
    {"irma two spaces", "IRMÃ  maria"},
    // A U+FFFD after a letter standing alone, which no lead byte's image is.
    {"replacement after a letter", "caf\uFFFD au lait"},
    {"accented prose", "naïve façade"},
    // A quoted pair of letters that encodes no character, and an alphabet's "ĆČ" (ISO-8859-16's
    // "Ų" at odds of only e^3).
    {"quoted letters pair", "the pair 'ÄÖ' sorts first"},
    {"alphabet", "abcćčdefghi ABCĆČDEFGHI"},
    {"quoted replacement alone", "the byte '\uFFFD' was lost"},
    // Two Latin-1 letters that read as an IPA letter, with no symbol read back beside them.
    {"IPA by chance", "SEÊ• ok"},
    // A code page's table in code (iconv-lite's IBM437 and IBM737): "≈°" is Mac Roman's "š"
    // and "≈≤" its "Ų", but the "÷" and "√" glued before them are lead bytes there.
    {"code page table",
     "\"chars\": \"ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩαβγδεζηθικλμνξοπρσςτυφχψ░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟"
     "╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀ωάέήϊίόύϋώΆΈΉΊΌΎΏ±≥≤ΪΫ÷≈°∙·√ⁿ²■ \""},
    {"cyrillic code page table",
     "\"chars\": \"─│┌┐└┘├┤┬┴┼▀▄█▌▐░▒▓⌠■∙√≈≤≥ ⌡°²·÷═║╒ё╓╔╕╖╗╘╙╚╛╜╝╞╟╠╡\""},
};

} // namespace

TEST_CASE("a short damaged string alone is restored, also as one line of a correct file") {
    for (const RestoredRow& row : kRestored) {
        SUBCASE(row.name) {
            CHECK(repaired(row.damaged) == row.expected);
            // The same string as one line of a file of correct lines: nothing else changes.
            const std::string file = "Zoë and Noël\n" + row.damaged + "\nok\n";
            CHECK(repaired(file) == "Zoë and Noël\n" + row.expected + "\nok\n");
        }
    }
}

TEST_CASE("a short correct string alone is left unchanged") {
    for (const CorrectRow& row : kCorrect) {
        SUBCASE(row.name) {
            const MojibakeResult r = repairMojibake(row.text);
            CHECK(r.text == row.text);
            CHECK(r.fixCount == 0u);
        }
    }
}

// Where the text shows windows-1252's damage elsewhere, correct characters that happen to map
// through it stay: a quoted character is not a letter that ate its closing quote, two alphabets
// do not meet inside a word, a letter named alone is no lost A0's, a capital and a dash are no
// Latvian letter, words in capitals joined by a no-break space stay apart. The damage beside
// them is still repaired.
TEST_CASE("correct letters beside damage stay as they are") {
    const std::string correct = "The letters “Õ”, “Ñ” and “×” are quoted; Å—Ä—Ö is the order.\n"
                                "Letter names: Ã (A tilde), Ð (eth), Þ (thorn).\n"
                                "Â Â Â — the circumflex alone; a capital and a dash: Å— and Ä—.\n"
                                "IRMÃ\u00A0ANA, PÅ\u00A0NORSK, HÄ\u00A0DET\u00A0BRA.\n"
                                "Die Zeichen „Ã“ und ‚Ä‘.";
    const MojibakeResult r =
        repairMojibake("CafÃ© crÃ¨me, dÃ©jÃ  vu, Ã‰COLE, Ã  la carte.\n" + correct);
    CHECK(r.text == "Café crème, déjà vu, ÉCOLE, à la carte.\n" + correct);
}

// ASCII holds no mojibake: it comes back as it is, and a cancel is still a cancel.
TEST_CASE("ASCII is answered at once, and a cancel is still a cancel") {
    CHECK(repairMojibake("Plain, ASCII: 42").text == "Plain, ASCII: 42");
    CHECK(repairMojibake("").text == std::string());
    MojibakeOptions o;
    std::uint64_t seen = 0;
    o.progress = [&](std::uint64_t done, std::uint64_t total) {
        seen = total;
        return done < total;
    };
    const MojibakeResult r = repairMojibake("Plain", o);
    CHECK(r.cancelled);
    CHECK(r.text.empty());
    CHECK(seen == std::uint64_t(10));
}

// A strikethrough mark after each digit: a stroke fits any character; glued between two digits
// the damage is read back alone too, and beside windows-1252's other damage.
TEST_CASE("a strikethrough mark after each digit is restored") {
    CHECK(repairMojibake("was 9Ì¶9Ì¶").text == "was 9\u03369\u0336");
    const MojibakeResult r = repairMojibake("CafÃ© crÃ¨me was 9Ì¶9Ì¶, now 79");
    CHECK(r.text == "Café crème was 9\u03369\u0336, now 79");
}

TEST_CASE("the likelihood names the least likely pairs") {
    const MojibakeLikelihood l = explainLikelihood("Ã‰COLE", "ÉCOLE");
    CHECK(l.nats > 16);
    // The least likely pair of the damage is the image of the lead byte before the continuation.
    INFO(l.damagedPairs);
    CHECK(l.damagedPairs.starts_with("\"Ã‰\" -"));
    CHECK(!l.repairedPairs.empty());
    // Correct text against a reading of it through a page: the correct text is likelier.
    CHECK(explainLikelihood("Привет", "РџСЂРёРІРµС‚").nats < -16);
}

TEST_CASE("the explanation says the likelihood") {
    RepairOptions o;
    o.mojibake = true;
    const RepairResult r = repair(std::string("CAFÃ‰\n"), o);
    REQUIRE(r.status.ok());
    const std::string text = r.report.toExplanation();
    INFO(text);
    CHECK(text.find("Likelihood: the repair reads ") != std::string::npos);
    CHECK(text.find("nats likelier in real text; least likely pairs of "
                    "the damage \"Ã‰\" -") != std::string::npos);
}
