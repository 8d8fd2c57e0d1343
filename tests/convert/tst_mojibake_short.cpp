// The mojibake repair of one short string alone (a name, a title, a cell), where the text holds
// no other evidence of its page and the plausibility model decides: each class both ways, a
// string it restores and a correct string it leaves alone, and what --explain says of it.
#include "u8convert/mojibake.h"
#include "u8convert/repair.h"

#include <QtTest>

using namespace u8codec;
using namespace u8convert;

class TestMojibakeShort : public QObject {
    Q_OBJECT

private slots:
    void restored_data();
    void restored();
    void correctStringUnchanged_data();
    void correctStringUnchanged();
    void correctLettersStayBesideDamage();
    void struckDigits();
    void asciiAnsweredAtOnce();
    void likelihoodNamesThePairs();
    void explanationSaysTheLikelihood();
};

static QString repaired(const QString& in) {
    return QString::fromStdString(repairMojibake(in.toStdString()).text);
}

void TestMojibakeShort::restored_data() {
    QTest::addColumn<QString>("damaged");
    QTest::addColumn<QString>("expected");
    // All capitals: the capital images (Ã + ‰ ‘ “ €) are the only clue.
    QTest::newRow("caps ecole") << QStringLiteral("Ã‰COLE") << QStringLiteral("ÉCOLE");
    QTest::newRow("caps espana") << QStringLiteral("ESPAÃ‘A") << QStringLiteral("ESPAÑA");
    QTest::newRow("caps nino") << QStringLiteral("NIÃ‘O") << QStringLiteral("NIÑO");
    // A quote between two letters is no quote: "Ã”" inside a word is "Ô".
    // Esperanto: "Äœ" is "Ĝ" through windows-1252 (ISO-8859-16's "Ľ" reads one point better
    // to the costs, far less likely to the model), "Äˆ" is "Ĉ" (a letter and a modifier).
    // A letter quoted in code: windows-1252's "ü" and "Т", not IBM850's "Ǭ" and "ѽ" (a quote
    // before a rare letter is as likely as before any one letter of its class, not as before
    // any letter of the thousands: build_plausibility.py).
    QTest::newRow("quoted in code")
        << QStringLiteral("17: 2,  # 'Ã¼'") << QStringLiteral("17: 2,  # 'ü'");
    QTest::newRow("quoted cyrillic")
        << QStringLiteral("194: 34,  # 'Ð¢'") << QStringLiteral("194: 34,  # 'Т'");
    QTest::newRow("quoted greek") << QStringLiteral("39: 1,  # 'ÎŸ'")
                                  << QStringLiteral("39: 1,  # 'Ο'");
    // All a quoted string holds: a sign, a Greek letter through windows-1252 (not IBM850's
    // Hebrew "ׯ").
    QTest::newRow("quoted sign") << QStringLiteral("164: 195,  # 'Â§'")
                                 << QStringLiteral("164: 195,  # '§'");
    QTest::newRow("quoted lambda")
        << QStringLiteral("16: 1,  # 'Î»'") << QStringLiteral("16: 1,  # 'λ'");
    // All a quoted string holds, read back as one character of any script, IPA too (a code
    // table's): windows-1252's "ό", not ISO-8859-15's Coptic "ϼ", which the model likes.
    QTest::newRow("quoted IPA") << QStringLiteral("(0x1A6, 'M', 'Ê€'),")
                                << QStringLiteral("(0x1A6, 'M', 'ʀ'),");
    QTest::newRow("quoted arabic")
        << QStringLiteral("(0x1EE00, 'M', 'Ø§'),") << QStringLiteral("(0x1EE00, 'M', 'ا'),");
    QTest::newRow("quoted greek accent")
        << QStringLiteral("19: 0,  # 'ÏŒ'") << QStringLiteral("19: 0,  # 'ό'");
    QTest::newRow("quoted kazakh")
        << QStringLiteral("(0x49A, 'M', 'Ò›'),") << QStringLiteral("(0x49A, 'M', 'қ'),");
    // A kaomoji's IPA and modifier letters beside its symbols (not two Latin-1 letters alone).
    QTest::newRow("kaomoji bear") << QStringLiteral("Obrigado Ê•â€¢á´¥â€¢Ê”")
                                  << QStringLiteral("Obrigado ʕ•ᴥ•ʔ");
    // Two symbols, each a whole 3-byte sequence, all a quoted string holds, damaged twice.
    QTest::newRow("quoted frames") << QStringLiteral("\"frames\": \"ГўвЂ”вЂ°ГўвЂ”ЕЅ\"},")
                                   << QStringLiteral("\"frames\": \"◉◎\"},");
    // A character lost to U+FFFD that is all a quoted string holds: one U+FFFD, as the damage
    // left nothing more of it.
    QTest::newRow("quoted lost emoji") << QStringLiteral("\"cookie\": \"ðŸ\uFFFDª\",")
                                       << QStringLiteral("\"cookie\": \"\uFFFD\",");
    QTest::newRow("quoted lost letter")
        << QStringLiteral("51: 0,  # 'Ã\uFFFD'") << QStringLiteral("51: 0,  # '\uFFFD'");
    // The embeddings of UAX #9 that a Persian catalogue puts around a path written left to right:
    // "â€ª" is U+202A through windows-1252, not ISO-8859-15's arrow "⤪" (E2 A4 AA).
    QTest::newRow("bidi embedding") << QStringLiteral("Ù¾Ø±ÙˆÙ†Ø¯Ù‡Ù” â€ª.desktopâ€¬")
                                    << QStringLiteral("پروندهٔ \u202A.desktop\u202C");
    QTest::newRow("bidi isolate") << QStringLiteral("Ù¾ÙˆØ´Ù‡ â\u0081¦/tmpâ\u0081©")
                                  << QStringLiteral("پوشه \u2066/tmp\u2069");
    // Small Latin letters are no word through windows-1252: "âšœ" is the fleur-de-lis.
    QTest::newRow("quoted fleur-de-lis") << QStringLiteral("\"fleur-de-lis\": \"âšœ\",")
                                         << QStringLiteral("\"fleur-de-lis\": \"⚜\",");
    QTest::newRow("esperanto caps")
        << QStringLiteral("HINDIA, FIÄœIA") << QStringLiteral("HINDIA, FIĜIA");
    QTest::newRow("esperanto") << QStringLiteral("Äˆefbloko nevalidas,")
                               << QStringLiteral("Ĉefbloko nevalidas,");
    // Twice through windows-1252, not the second time through ISO-8859-15 ("ä").
    QTest::newRow("double grave caps")
        << QStringLiteral("ESTÃƒâ‚¬ MUNTAT") << QStringLiteral("ESTÀ MUNTAT");
    QTest::newRow("capital before 99") << QStringLiteral("MOLLADOÃ™") << QStringLiteral("MOLLADOÙ");
    QTest::newRow("french colon") << QStringLiteral("BANNÂ\u00A0:")
                                  << QStringLiteral("BANN\u00A0:");
    // One Greek letter inside a Latin word: "²" glued between two capitals is no exponent.
    QTest::newRow("gene name") << QStringLiteral("IL6RÎ²KO mice") << QStringLiteral("IL6RβKO mice");
    // A letter and a no-break space before a small letter: "Š" (C5 A0) read as windows-1252.
    QTest::newRow("nbsp in a word")
        << QStringLiteral("Å\u00A0irina ivice") << QStringLiteral("Širina ivice");
    // Yoruba tone marks read through ISO-8859-1 (a letter and a C1 control each).
    QTest::newRow("yoruba marks") << QStringLiteral("Ìpínláº¹Ì\u0080 Aá¹£á»\u008DÌ\u0080kan")
                                  << QStringLiteral("Ìpínlẹ̀ Aṣọ̀kan");
    // windows-1250 before ISO-8859-2 in a string that shows neither ("Ľ" is BC in one, A5 in the
    // other).
    QTest::newRow("polish 1250") << QStringLiteral("niepozaniĹĽany")
                                 << QStringLiteral("niepozaniżany");
    // A sign glued before a small letter: "‰" (89) after "Ä" (C4) is the Esperanto "ĉ".
    QTest::newRow("esperanto glued")
        << QStringLiteral("Se Ä‰eestas") << QStringLiteral("Se ĉeestas");
    // Arabic read as windows-1256 beside correct Arabic: "ص" and a space are not the Armenian
    // "ՠ" (D5 A0) glued to an Arabic word.
    QTest::newRow("arabic beside correct")
        << QStringLiteral("نص ط´ط§ط±ط© الموسع") << QStringLiteral("نص شارة الموسع");
    // Emoji ZWJ sequences with variation selectors (U+FE0F on "❤"), their 8F and 9D left as C1
    // controls by the windows-1252 reading.
    QTest::newRow("emoji zwj")
        << QStringLiteral("Thanks ðŸ§‘ðŸ\u008F½â€\u008Dâ\u009D¤ï¸\u008Fâ€\u008DðŸ§‘ðŸ\u008F¼")
        << QStringLiteral("Thanks 🧑🏽\u200D❤\uFE0F\u200D🧑🏼");
    QTest::newRow("caps hopital") << QStringLiteral("HÃ”PITAL") << QStringLiteral("HÔPITAL");
    // A right-to-left mark read through windows-1252 (its 8F left as the C1 control): the
    // mark, not the arrow ISO-8859-15 would read ("€" is A4 there).
    QTest::newRow("rtl mark") << QStringLiteral("â€\u008FAlt Ø§Ù„ÙŠÙ…ÙŠÙ†")
                              << QStringLiteral("\u200FAlt اليمين");
    // Letters only, one fix alone: "ÅŒ" is the Japanese "Ō" through windows-1252.
    QTest::newRow("osaka") << QStringLiteral("The ÅŒsaka trip") << QStringLiteral("The Ōsaka trip");
    // A lost no-break space alone in a string: "à" before a word, with the space its A0 became;
    // "à" inside a Gaelic word; a no-break space between two Polish words.
    QTest::newRow("a la carte") << QStringLiteral("Ã  la carte") << QStringLiteral("à la carte");
    QTest::newRow("gaelic clar") << QStringLiteral("ClÃ r nan tagaichean")
                                 << QStringLiteral("Clàr nan tagaichean");
    QTest::newRow("polish nbsp") << QStringLiteral("tylko wÂ wersji 3")
                                 << QStringLiteral("tylko w\u00A0wersji 3");
    // A character lost to U+FFFD after a letter, alone in a string: one U+FFFD, no guess.
    QTest::newRow("lost inside a word") << QStringLiteral("povzroÄ\uFFFDena prekinitev")
                                        << QStringLiteral("povzro\uFFFDena prekinitev");
    QTest::newRow("lost at a word's end")
        << QStringLiteral("pardalÄ\uFFFD") << QStringLiteral("pardal\uFFFD");
    // A capital through windows-1252, not a small letter through ISO-8859-4.
    QTest::newRow("caps voce") << QStringLiteral("CONFORME VOCÃŠ PEDIU.")
                               << QStringLiteral("CONFORME VOCÊ PEDIU.");
    // A capital and a no-break space before a capital where another fix shows the page: a
    // letter when the model finds it far likelier (Croatian "LOŠI"), a word in capitals joined
    // by a no-break space when it does not (Swedish "PÅ SVENSKA", damaged twice).
    QTest::newRow("caps losi") << QStringLiteral("KRITIÄŒNO: LOÅ\u00A0I TTY")
                               << QStringLiteral("KRITIČNO: LOŠI TTY");
    QTest::newRow("caps pa svenska")
        << QStringLiteral("HÃ©j PÃ…Â\u00A0SVENSKA") << QStringLiteral("Héj PÅ\u00A0SVENSKA");
    // A whole 3- or 4-byte sequence read back, of a script of limited or historic use (Coptic
    // and Old Hungarian quoted in a code table; "\u0090" and "\u009D" are the bytes windows-1252
    // leaves undefined, kept as C1 controls).
    QTest::newRow("coptic in code")
        << QStringLiteral("(0x2CF2, 'M', 'â³³'),") << QStringLiteral("(0x2CF2, 'M', 'ⳳ'),");
    QTest::newRow("old hungarian in code") << QStringLiteral("(0x10C9D, 'M', 'ð\u0090³\u009D'),")
                                           << QStringLiteral("(0x10C9D, 'M', '\U00010CDD'),");
    // Two characters that read back as one letter far likelier (e^24), the costs even.
    QTest::newRow("long s") << QStringLiteral("# 's': 'Å¿'") << QStringLiteral("# 's': 'ſ'");
    // Gujarati through windows-1252: a vowel sign is a spacing mark on its letter, no symbol.
    QTest::newRow("gujarati") << QStringLiteral("àª®à«‹àªŸà«‹") << QStringLiteral("મોટો");
    // The letters of African alphabets in the IPA block: Hausa and Fula "ɗ", Bambara "ɲ".
    QTest::newRow("fula") << QStringLiteral("Dowlaaji DentuÉ—i")
                          << QStringLiteral("Dowlaaji Dentuɗi");
    QTest::newRow("caps cafe") << QStringLiteral("CAFÃ‰") << QStringLiteral("CAFÉ");
    QTest::newRow("crm name") << QStringLiteral("JOSÃ‰ PÃ‰REZ") << QStringLiteral("JOSÉ PÉREZ");
    // One page per string: "Ã€" is "À" through windows-1252 (as the other words), not ISO-8859-15's
    // "ä".
    QTest::newRow("ete a paris") << QStringLiteral("Ã‰TÃ‰ Ã€ PARIS")
                                 << QStringLiteral("ÉTÉ À PARIS");
    // "ÄŒ" is "Č" through windows-1252; ISO-8859-15 would read it as "ļ" after a capital.
    QTest::newRow("ceska") << QStringLiteral("ÄŒeskÃ¡ republika")
                           << QStringLiteral("Česká republika");
    // Vietnamese through windows-1252: 3-byte sequences of Latin letters, not CJK.
    QTest::newRow("vietnamese") << QStringLiteral("Tiáº¿ng Viá»‡t") << QStringLiteral("Tiếng Việt");
    // Damaged twice, and through windows-1252 then windows-1251.
    QTest::newRow("trademark twice") << QStringLiteral("Ã¢â€žÂ¢") << QStringLiteral("™");
    QTest::newRow("degrees 1252 1251") << QStringLiteral("25 Г‚В°C") << QStringLiteral("25 °C");
    // A lost no-break space, with another fix through the page in the same string.
    QTest::newRow("deja vu") << QStringLiteral("dÃ©jÃ  vu") << QStringLiteral("déjà vu");
    // One damaged character in an otherwise clean sentence.
    QTest::newRow("one enye") << QStringLiteral("one Ã± here") << QStringLiteral("one ñ here");
    QTest::newRow("uber") << QStringLiteral("Ãœber") << QStringLiteral("Über");
    QTest::newRow("registered in caps")
        << QStringLiteral("LÃ‰GUMESÂ®") << QStringLiteral("LÉGUMES®");
    QTest::newRow("inverted question") << QStringLiteral("Â¿Qué?") << QStringLiteral("¿Qué?");
    // Lossy: the last byte (9D, undefined in windows-1252) was dropped. Which character it was
    // is a guess ("ם", "א", a point): the character is lost, one U+FFFD, never invented.
    QTest::newRow("lost last byte") << QStringLiteral("×©×œ×•×") << QStringLiteral("שלו�");
}

void TestMojibakeShort::restored() {
    QFETCH(QString, damaged);
    QFETCH(QString, expected);
    QCOMPARE(repaired(damaged), expected);
    // The same string as one line of a file of correct lines: nothing else changes.
    const QString file = QStringLiteral("Zoë and Noël\n") + damaged + QStringLiteral("\nok\n");
    QCOMPARE(repaired(file),
             QStringLiteral("Zoë and Noël\n") + expected + QStringLiteral("\nok\n"));
}

void TestMojibakeShort::correctStringUnchanged_data() {
    QTest::addColumn<QString>("text");
    // A Swedish or Romanian word in capitals before a trademark sign: "Å™" would be "ř".
    // A quoted word in small Cyrillic letters is no character's damage: through IBM866 "так" would
    // be the Braille "⠪" (E2 A0 AA), "сам" the Mongolian "ᠬ" (RepairPlace::quotedCharacter()).
    QTest::newRow("quoted russian yes") << QStringLiteral("msgstr \"так\"");
    QTest::newRow("quoted same") << QStringLiteral("\"сам\"");
    QTest::newRow("quoted greek word") << QStringLiteral("'και'");
    // Latin-1 letters as a test's data: IBM850 would read "þâÑÐÅ" as "烥я", an ideograph glued to
    // a Cyrillic letter.
    QTest::newRow("latin-1 test data") << QStringLiteral("expected = \"þâÑÐÅ§\"");
    // Arrows and the embedding's look-alikes are text as they are.
    QTest::newRow("arrows") << QStringLiteral("a ⤪ b ⤬ c");
    QTest::newRow("swedish brand") << QStringLiteral("SKÅ™ PRO");
    QTest::newRow("romanian brand") << QStringLiteral("ÎNCĂ™");
    QTest::newRow("swedish caps") << QStringLiteral("VÄSTERÅS™");
    QTest::newRow("romania") << QStringLiteral("ROMÂNIA™");
    // Box-drawing art, kaomoji, leetspeak in accented capitals.
    QTest::newRow("box") << QStringLiteral("╔═══╗ ║ ok ║ ╚═══╝");
    QTest::newRow("table flip") << QStringLiteral("(╯°□°)╯︵ ┻━┻");
    QTest::newRow("shrug") << QStringLiteral("¯\\_(ツ)_/¯");
    QTest::newRow("leet") << QStringLiteral("ÉCOL3 N4TION4LE");
    QTest::newRow("leet a la") << QStringLiteral("ÀL4 C4RT3");
    // Acute accents as closing quotes after a letter.
    QTest::newRow("acute quotes") << QStringLiteral("it´s ´quoted´ now");
    QTest::newRow("acute after accent") << QStringLiteral("the café´s door");
    // Symbols and mathematics.
    QTest::newRow("times") << QStringLiteral("2×3 = 6");
    QTest::newRow("times quoted") << QStringLiteral("2×3 = 6 “×” sign");
    QTest::newRow("quoted letters") << QStringLiteral("the letters “Õ” and “Ñ”");
    QTest::newRow("quoted caps") << QStringLiteral("the word “IRMÃ” is Portuguese");
    QTest::newRow("quoted product") << QStringLiteral("The identity ‘∏ k = n!’ holds.");
    QTest::newRow("dimensions") << QStringLiteral("Dimensions: 210 mm × 297 mm");
    QTest::newRow("price") << QStringLiteral("5×£35");
    QTest::newRow("ohm metre") << QStringLiteral("Ω·m");
    QTest::newRow("greek caps") << QStringLiteral("ΓΆ ΟΔΟΣ");
    // Portuguese "Ã" is a letter of its own.
    QTest::newRow("sao paulo") << QStringLiteral("SÃO PAULO");
    QTest::newRow("irma") << QStringLiteral("IRMÃ MARIA");
    QTest::newRow("quoted A tilde") << QStringLiteral("Ã’s");
    // The letter named, before one space; a word in capitals ending in "Ã" before two.
    QTest::newRow("letter named") << QStringLiteral("the letter Ã is rare");
    QTest::newRow("irma two spaces") << QStringLiteral("IRMÃ  maria");
    // A U+FFFD after a letter standing alone, which no lead byte's image is.
    QTest::newRow("replacement after a letter") << QStringLiteral("caf\uFFFD au lait");
    QTest::newRow("accented prose") << QStringLiteral("naïve façade");
    // A quoted pair of letters that encodes no character, and an alphabet's "ĆČ" (ISO-8859-16's
    // "Ų" at odds of only e^3).
    QTest::newRow("quoted letters pair") << QStringLiteral("the pair 'ÄÖ' sorts first");
    QTest::newRow("alphabet") << QStringLiteral("abcćčdefghi ABCĆČDEFGHI");
    QTest::newRow("quoted replacement alone") << QStringLiteral("the byte '\uFFFD' was lost");
    // Two Latin-1 letters that read as an IPA letter, with no symbol read back beside them.
    QTest::newRow("IPA by chance") << QStringLiteral("SEÊ• ok");
    // A code page's table in code (iconv-lite's IBM437 and IBM737): "≈°" is Mac Roman's "š"
    // and "≈≤" its "Ų", but the "÷" and "√" glued before them are lead bytes there.
    QTest::newRow("code page table") << QStringLiteral(
        "\"chars\": \"ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩαβγδεζηθικλμνξοπρσςτυφχψ░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟"
        "╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀ωάέήϊίόύϋώΆΈΉΊΌΎΏ±≥≤ΪΫ÷≈°∙·√ⁿ²■ \"");
    QTest::newRow("cyrillic code page table")
        << QStringLiteral("\"chars\": \"─│┌┐└┘├┤┬┴┼▀▄█▌▐░▒▓⌠■∙√≈≤≥ ⌡°²·÷═║╒ё╓╔╕╖╗╘╙╚╛╜╝╞╟╠╡\"");
}

void TestMojibakeShort::correctStringUnchanged() {
    QFETCH(QString, text);
    const MojibakeResult r = repairMojibake(text.toStdString());
    QCOMPARE(QString::fromStdString(r.text), text);
    QCOMPARE(r.fixCount, 0u);
}

// Where the text shows windows-1252's damage elsewhere, correct characters that happen to map
// through it stay: a quoted character is not a letter that ate its closing quote, two alphabets
// do not meet inside a word, a letter named alone is no lost A0's, a capital and a dash are no
// Latvian letter, words in capitals joined by a no-break space stay apart. The damage beside
// them is still repaired.
void TestMojibakeShort::correctLettersStayBesideDamage() {
    const std::string correct = "The letters “Õ”, “Ñ” and “×” are quoted; Å—Ä—Ö is the order.\n"
                                "Letter names: Ã (A tilde), Ð (eth), Þ (thorn).\n"
                                "Â Â Â — the circumflex alone; a capital and a dash: Å— and Ä—.\n"
                                "IRMÃ\u00A0ANA, PÅ\u00A0NORSK, HÄ\u00A0DET\u00A0BRA.\n"
                                "Die Zeichen „Ã“ und ‚Ä‘.";
    const MojibakeResult r =
        repairMojibake("CafÃ© crÃ¨me, dÃ©jÃ  vu, Ã‰COLE, Ã  la carte.\n" + correct);
    QCOMPARE(QString::fromStdString(r.text),
             QString::fromStdString("Café crème, déjà vu, ÉCOLE, à la carte.\n" + correct));
}

// ASCII holds no mojibake: it comes back as it is, and a cancel is still a cancel.
void TestMojibakeShort::asciiAnsweredAtOnce() {
    QCOMPARE(QString::fromStdString(repairMojibake("Plain, ASCII: 42").text),
             QStringLiteral("Plain, ASCII: 42"));
    QCOMPARE(QString::fromStdString(repairMojibake("").text), QString());
    MojibakeOptions o;
    std::uint64_t seen = 0;
    o.progress = [&](std::uint64_t done, std::uint64_t total) {
        seen = total;
        return done < total;
    };
    const MojibakeResult r = repairMojibake("Plain", o);
    QVERIFY(r.cancelled);
    QVERIFY(r.text.empty());
    QCOMPARE(seen, std::uint64_t(10));
}

// A strikethrough mark after each digit: a stroke fits any character; glued between two digits
// the damage is read back alone too, and beside windows-1252's other damage.
void TestMojibakeShort::struckDigits() {
    QCOMPARE(QString::fromStdString(repairMojibake("was 9Ì¶9Ì¶").text),
             QStringLiteral("was 9\u03369\u0336"));
    const MojibakeResult r = repairMojibake("CafÃ© crÃ¨me was 9Ì¶9Ì¶, now 79");
    QCOMPARE(QString::fromStdString(r.text),
             QStringLiteral("Café crème was 9\u03369\u0336, now 79"));
}

void TestMojibakeShort::likelihoodNamesThePairs() {
    const MojibakeLikelihood l = explainLikelihood("Ã‰COLE", "ÉCOLE");
    QVERIFY2(l.nats > 16, qPrintable(QString::number(l.nats)));
    // The least likely pair of the damage is the image of the lead byte before the continuation.
    QVERIFY2(QString::fromStdString(l.damagedPairs).startsWith(QStringLiteral("\"Ã‰\" -")),
             l.damagedPairs.c_str());
    QVERIFY(!l.repairedPairs.empty());
    // Correct text against a reading of it through a page: the correct text is likelier.
    QVERIFY(explainLikelihood("Привет", "РџСЂРёРІРµС‚").nats < -16);
}

void TestMojibakeShort::explanationSaysTheLikelihood() {
    RepairOptions o;
    o.mojibake = true;
    const RepairResult r = repair(std::string("CAFÃ‰\n"), o);
    QVERIFY(r.status.ok());
    const QString text = QString::fromStdString(r.report.toExplanation());
    QVERIFY2(text.contains(QStringLiteral("Likelihood: the repair reads ")) &&
                 text.contains(QStringLiteral("nats likelier in real text; least likely pairs of "
                                              "the damage \"Ã‰\" -")),
             qPrintable(text));
}

QTEST_GUILESS_MAIN(TestMojibakeShort)
#include "tst_mojibake_short.moc"
