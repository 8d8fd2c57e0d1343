// Mojibake repair: known examples, a generated sample set with a
// measured restoration rate, the negative set of correct text, idempotence and the fix report.
#include "repair_test_support.h"
#include "u8codec/mojibake.h"
#include "u8codec/repair.h"
// The library-internal entry point, and the reference the fast paths are held to.
#include "mojibake_detail.h"
#include "mojibake_reference.h"
#include "mojibake_sieve.h"

#include <QtTest>
#include <random>

using namespace u8codec;
using namespace repairtest;

class TestMojibake : public QObject {
    Q_OBJECT

private slots:
    void knownExamples_data();
    void knownExamples();
    void readAsIsTheDamage();
    void correctTextUnchanged_data();
    void correctTextUnchanged();
    void corpusDemoUnchanged();
    void sampleSetRestorationRate();
    void repairIsIdempotent();
    void chainOfFixesIsOneFix();
    void assumedPagesShowFromTheStart();
    void fixReport();
    void partialDamageLeavesCorrectPartsAlone();
    void lostBytesNeedEvidence();
    void lostA0AloneOnlyAfterALetter();
    void oneLostBytePerCharacter();
    void laterRoundsKeepTheEvidence();
    void ukrainianWordIsNoIdeograph();
    void byteOrderMarkReadThroughAPage();
    void rareCyrillicLettersOnlyWhereTheDamageSaysSo();
    void laterRoundsReadFixesAgainOnlyAfterTwoMisdecodings();
    void laterRoundRemembersWhereTheEarlierFixesLie();
    void laterRoundIsHandedOnlyRunsWithStarts();
    void deeperLevelsFollowTheEvidence();
    void laterRoundJudgesOnlyTheGivenRuns();
    void sieveRuleLosesOneByteUnderPagesWithEvidence();
    void fastPathsEqualReference_data();
    void fastPathsEqualReference();
    void fastPathsEqualReferenceOnSamplesAndCorpus();
    void sieveAdmitsEveryFix();
    void sieveKernelsAgree_data();
    void sieveKernelsAgree();
    void sieveQuickTestsKeepLoneCandidates();
};

void TestMojibake::knownExamples_data() {
    QTest::addColumn<QString>("damaged");
    QTest::addColumn<QString>("expected");
    QTest::newRow("cafe 1252") << QStringLiteral("CafÃ©") << QStringLiteral("Café");
    QTest::newRow("apostrophe") << QStringLiteral("itâ€™s") << QStringLiteral("it’s");
    QTest::newRow("quotes") << QStringLiteral("â€œhiâ€\u009d") << QStringLiteral("“hi”");
    QTest::newRow("quote dropped 9D") << QStringLiteral("â€œhiâ€ ok") << QStringLiteral("“hi” ok");
    QTest::newRow("russian 1251") << QStringLiteral("РџСЂРёРІРµС‚") << QStringLiteral("Привет");
    QTest::newRow("double 1252") << QStringLiteral("CafÃƒÂ©") << QStringLiteral("Café");
    QTest::newRow("latin1 C1") << QStringLiteral("Ã\u0089tÃ©") << QStringLiteral("Été");
    QTest::newRow("macroman") << QStringLiteral("Caf√©") << QStringLiteral("Café");
    QTest::newRow("euro") << QStringLiteral("5 â‚¬") << QStringLiteral("5 €");
    QTest::newRow("nbsp lost") << QStringLiteral("voilÃ  tout, cafÃ©")
                               << QStringLiteral("voilà tout, café");
    QTest::newRow("em dash") << QStringLiteral("aâ€”b") << QStringLiteral("a—b");
    QTest::newRow("german") << QStringLiteral("StraÃŸe GrÃ¼ÃŸe") << QStringLiteral("Straße Grüße");
    QTest::newRow("in guillemets") << QStringLiteral("«CafÃ©»") << QStringLiteral("«Café»");
    QTest::newRow("koi8-r") << QString::fromStdString(readAs(bytes("Привет"), CodePage::Koi8R))
                            << QStringLiteral("Привет");
    QTest::newRow("polish 1250") << QString::fromStdString(
                                        readAs(bytes("Zażółć gęślą jaźń"), CodePage::Windows1250))
                                 << QStringLiteral("Zażółć gęślą jaźń");
    // windows-1250 and ISO-8859-2 read "Ăś" as "Ü" and "ö": the dash, which ISO-8859-2 cannot
    // have read ("€" is not on it), tells them apart.
    QTest::newRow("german 1250") << QString::fromStdString(readAs(bytes("Über die Brücke – Grüße"),
                                                                  CodePage::Windows1250))
                                 << QStringLiteral("Über die Brücke – Grüße");
    // windows-1257 leaves A1 undefined: the "š" (C5 A1) is lost, the rest restored.
    QTest::newRow("lithuanian 1257")
        << QString::fromStdString(readAs(bytes("Ąžuolas čia, ąčęėįšųūž"), CodePage::Windows1257))
        << QStringLiteral("Ąžuolas čia, ąčęėį\uFFFDųūž");
    QTest::newRow("russian cp866")
        << QString::fromStdString(readAs(bytes("Привет, мир"), CodePage::Cp866))
        << QStringLiteral("Привет, мир");
    // Emoji written as CESU-8 (a surrogate pair, each half in 3 bytes), then mis-decoded.
    QTest::newRow("cesu emoji 1252")
        << QStringLiteral("Nice í\u00A0½í¸€ done") << QStringLiteral("Nice 😀 done");
    QTest::newRow("cesu emoji 1251")
        << QStringLiteral("Привет н\u00A0ЅнёЂ") << QStringLiteral("Привет 😀");
    // IBM866 in a console: punctuation ("тАФ" is E2 80 94, "—") is restored; its small letters
    // р-я at E0-EF start no other 3-byte repair (correct Russian text is not CJK).
    QTest::newRow("dash cp866") << QStringLiteral("Привет тАФ мир тАФ да")
                                << QStringLiteral("Привет — мир — да");
    // IBM850 in a console: box drawing glued to letters is a Latin letter read as IBM850.
    QTest::newRow("box drawing in a word")
        << QStringLiteral("na posici├│n %d, tama├▒u") << QStringLiteral("na posición %d, tamañu");
    QTest::newRow("quotes cp850") << QStringLiteral("Kan ÔÇÿ%sÔÇÖ niet uitwerpen")
                                  << QStringLiteral("Kan ‘%s’ niet uitwerpen");
    // "à" whose A0 became a space that then merged with the space after it.
    QTest::newRow("a grave word") << QStringLiteral("Ã perturber la rÃ©flexion")
                                  << QStringLiteral("à perturber la réflexion");
    QTest::newRow("a grave in a word")
        << QStringLiteral("Ã©s un carÃ cter, l'Ã rea") << QStringLiteral("és un caràcter, l'àrea");
    QTest::newRow("german A umlaut") << QStringLiteral("Ã„nnert") << QStringLiteral("Ännert");
    QTest::newRow("okina") << QStringLiteral("oraligÊ»i") << QStringLiteral("oraligʻi");
    QTest::newRow("cherokee") << QString::fromStdString(
                                     readAs(bytes("ᎤᏪᏘ ᎠᎴ ᏆᏊᏓ"), CodePage::Windows1252))
                              << QStringLiteral("ᎤᏪᏘ ᎠᎴ ᏆᏊᏓ");
    QTest::newRow("a grave, two spaces")
        << QStringLiteral("voilÃ  tout, cafÃ©") << QStringLiteral("voilà tout, café");
    // A byte windows-1252 leaves undefined, written as U+FFFD: the character is lost.
    QTest::newRow("lossy quote") << QStringLiteral("â€œmismatched quotesâ€\uFFFD")
                                 << QStringLiteral("“mismatched quotes\uFFFD");
    // Vietnamese read as windows-1258 by a strict decoder: "đ" stays, the "ờ" that lost a byte
    // is one U+FFFD, not read back once more with "đ" through another page.
    QTest::newRow("lossy vietnamese")
        << QStringLiteral("Hiá»‡n tiĂªu Ä‘á»\uFFFD") << QStringLiteral("Hiện tiêu đ\uFFFD");
    // Hebrew read as ISO-8859-8, which leaves the lead D7 undefined: each letter is lost.
    QTest::newRow("lossy lead")
        << QStringLiteral("\uFFFD\u00A8\uFFFD\u0095\uFFFD\u00A2 \uFFFD\u00A8\uFFFD\u0095") +
               QString::fromStdString(readAs(bytes(" — “—”"), CodePage::Hebrew))
        << QStringLiteral("\uFFFD\uFFFD\uFFFD \uFFFD\uFFFD — “—”");
    QTest::newRow("lossy cyrillic") << QStringLiteral("Ð\uFFFDÐµÐºÐ¾Ñ‚Ð¾Ñ€Ñ‹Ðµ Ð»ÑŽÐ´Ð¸")
                                    << QStringLiteral("\uFFFDекоторые люди");
    QTest::newRow("greek 1252") << QString::fromStdString(
                                       readAs(bytes("Καλημέρα"), CodePage::Windows1252))
                                << QStringLiteral("Καλημέρα");
}

void TestMojibake::knownExamples() {
    QFETCH(QString, damaged);
    QFETCH(QString, expected);
    const MojibakeResult r = repairMojibake(utf8(damaged));
    QCOMPARE(QString::fromStdString(r.text), expected);
    QVERIFY(r.fixCount > 0);
}

void TestMojibake::readAsIsTheDamage() {
    QCOMPARE(q(readAs(bytes("Café"), CodePage::Windows1252)), QByteArray("CafÃ©"));
    QCOMPARE(q(readAs(bytes("’"), CodePage::Windows1252)), QByteArray("â€™"));
    QCOMPARE(q(readAs(bytes("Привет"), CodePage::Windows1251)), QByteArray("РџСЂРёРІРµС‚"));
    QCOMPARE(q(readAs(bytes("é"), CodePage::Latin1)), QByteArray("Ã©"));
    // Undefined windows-1252 bytes pass through as C1 controls (ICU, WHATWG).
    QCOMPARE(q(readAs(bytes("\xC3\x81"), CodePage::Windows1252)), QByteArray("Ã\xC2\x81"));
}

void TestMojibake::correctTextUnchanged_data() {
    QTest::addColumn<QString>("text");
    for (const QString& s : sentences())
        QTest::newRow(qPrintable(s.left(24))) << s;
    QTest::newRow("portuguese caps") << QStringLiteral("NÃO, SÃO PAULO: CORAÇÃO E MÃE.");
    QTest::newRow("portuguese Ã alone") << QStringLiteral("IRMÃ Ã É À");
    QTest::newRow("symbols") << QStringLiteral("±½ °C © ® ™ € £ ¥ § ¶ µ ¿¡ «» … †‡ ‰ • ·");
    QTest::newRow("math") << QStringLiteral("∀x∈ℝ: ⌈x⌉ = −⌊−x⌋, α ∧ ¬β ⇒ γ ≤ ∞");
    QTest::newRow("box") << QStringLiteral("╔══╦══╗ ║ab║cd║ ╚══╩══╝ ░▒▓█");
    QTest::newRow("ukrainian") << QStringLiteral("Рівне, Ві, Її, Ґанок, Є.");
    QTest::newRow("greek caps") << QStringLiteral("ΓΆ ΟΔΟΣ ΑΘΗΝΑ Ω·");
    QTest::newRow("french quotes") << QStringLiteral("«école» « été » “là” é… voilà…");
    QTest::newRow("german sz") << QStringLiteral("Straße» Maß« ß©");
    QTest::newRow("single Р") << QStringLiteral("Р В С и Т");
    QTest::newRow("accents mixed") << QStringLiteral("naïve façade déjà-vu Ångström Øre ÆØÅ");
    QTest::newRow("french caps") << QStringLiteral("ÉTÉ À PARIS, ÇA VA ? « Ça » — “ok”");
    QTest::newRow("vietnamese") << QStringLiteral("Tiếng Việt có dấu: Đường phố Hà Nội rất đẹp.");
    QTest::newRow("turkish caps") << QStringLiteral("Şişli'de ÇİĞDEM ÖĞRETMEN");
    QTest::newRow("romanian") << QStringLiteral("Română: ȘTIINȚĂ și țară");
    QTest::newRow("quotes") << QStringLiteral("„ja“ ‚nein‘ »Zitat« ‹a› ‘no’");
    QTest::newRow("units") << QStringLiteral("10 °C ± 2 °C, 5 µm, ½ kg, ¼, ¾, 2² m³");
    QTest::newRow("spanish") << QStringLiteral("Ñandú ¿Qué? ¡Olé!");
    QTest::newRow("nordic") << QStringLiteral("ÆØÅ æøå ÐÞ ðþ ß ẞ");
    QTest::newRow("serbian") << QStringLiteral("Ёлка, ёж, Ђорђе, Љубљана, Њујорк, Џеп");
    QTest::newRow("greek tonos") << QStringLiteral("ΆΈΉΊΌΎΏ άέήίόύώ ϊϋΐΰ");
    QTest::newRow("latin-1 capitals") << QStringLiteral("ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖ×ØÙÚÛÜÝÞß");
    QTest::newRow("latin-1 small") << QStringLiteral("àáâãäåæçèéêëìíîïðñòóôõö÷øùúûüýþÿ");
    QTest::newRow("latin-1 symbols") << QStringLiteral("¡¢£¤¥¦§¨©ª«¬®¯°±²³´µ¶·¸¹º»¼½¾¿");
    // Symbols and letters that pair as a UTF-8 sequence under some page, alone in a short text:
    // the repair would read barely better than the source (kClearGain).
    QTest::newRow("times before quote") << QStringLiteral("a 2×” board");
    QTest::newRow("increment degree") << QStringLiteral("∆° is the change in angle");
    QTest::newRow("root of pi") << QStringLiteral("√π ≈ 1.772");
    QTest::newRow("A ring dash") << QStringLiteral("the Å—B bond");
    QTest::newRow("times pound") << QStringLiteral("5×£35 = £175");
    QTest::newRow("quoted A tilde") << QStringLiteral("the letter ‘Ã’s sound");
    QTest::newRow("finnish caps nbsp") << QStringLiteral("KÄYTTÄ\u00A0OHJETTA JA SÄÄ\u00A0TÄNÄÄN");
    QTest::newRow("romanian caps nbsp") << QStringLiteral("ROMÂNĂ\u00A0ȘI ÎNVĂȚĂMÂNT");
    // Pages added for the Central European, Baltic and other languages: their correct text.
    QTest::newRow("polish") << QStringLiteral("Łódź, Gdańsk i Kraków: żółć, źdźbło, ŚWIĘTO");
    QTest::newRow("czech caps") << QStringLiteral("ŘEŠENÍ ÚLOH: ŽLUŤOUČKÝ KŮŇ, ĎÁBEL");
    QTest::newRow("lithuanian") << QStringLiteral("Ąžuolas, ČIA ĘĖĮŠŲŪŽ, ąčęėįšųūž");
    QTest::newRow("latvian") << QStringLiteral("Ābele, Ģimene, Ķēķis, Ļaudis, Ņaudēt, ŠŪŽ");
    QTest::newRow("replacement character") << QStringLiteral("Das Zeichen \uFFFD© steht für ein "
                                                             "verlorenes Byte. © 2024 \uFFFD»");
    QTest::newRow("tree") << QStringLiteral(
        "├── src\n│   ├── main.c\n│   └── util┤\n└── README ╣═╗ ├┤ ok");
    QTest::newRow("thai") << QStringLiteral("ถือขันทีเป็นที่พึ่ง ฤๅหาใครค้ำชูกู้บรรลังก์");
    QTest::newRow("hebrew points") << QStringLiteral("שָׁלוֹם עוֹלָם");
}

void TestMojibake::correctTextUnchanged() {
    QFETCH(QString, text);
    const MojibakeResult r = repairMojibake(utf8(text));
    QCOMPARE(QString::fromStdString(r.text), text);
    QCOMPARE(r.fixCount, 0u);
}

void TestMojibake::corpusDemoUnchanged() {
    bool found = false;
    const QByteArray demo = readCorpusFile("UTF-8-demo.txt", &found);
    if (!found)
        QSKIP("corpus UTF-8-demo.txt not found (U8SCOPE_CORPUS_DIR)");
    const MojibakeResult r = repairMojibake(std::string_view(demo.constData(), demo.size()));
    for (const MojibakeFix& f : r.fixes)
        qWarning("unexpected fix at %llu: %s -> %s (%s)", (unsigned long long)f.offset,
                 f.damaged.c_str(), f.repaired.c_str(), f.description().c_str());
    QCOMPARE(r.fixCount, 0u);
    QCOMPARE(q(r.text), demo);
}

namespace {

struct Sample {
    QString kind;
    std::string damaged;
    std::string expected;
};

std::string replaceAll(std::string s, std::string_view from, std::string_view to) {
    for (std::size_t at = 0; (at = s.find(from, at)) != std::string::npos; at += to.size())
        s.replace(at, from.size(), to);
    return s;
}

std::vector<Sample> sampleSet() {
    std::vector<Sample> samples;
    for (const QString& sentence : sentences()) {
        const std::string good = utf8(sentence);
        for (CodePage cp : allCodePages()) {
            const QString page = QString::fromLatin1(name(cp).data(), qsizetype(name(cp).size()));
            const std::string once = readAs(bytes(good), cp);
            // A byte the page leaves undefined in A0-FF (ISO-8859-3's C3, ISO-8859-8's Latin
            // leads) is lost by the mis-decoding: no repair can restore the text exactly.
            if (once.find("\xEF\xBF\xBD") != std::string::npos)
                continue;
            samples.push_back({QStringLiteral("single ") + page, once, good});
            samples.push_back({QStringLiteral("double ") + page, readAs(bytes(once), cp), good});
            // Partial damage: the first half of the sentence damaged, the rest intact.
            const qsizetype cut = sentence.indexOf(QLatin1Char(' '), sentence.size() / 2);
            if (cut > 0) {
                const std::string head = utf8(sentence.left(cut));
                const std::string tail = utf8(sentence.mid(cut));
                samples.push_back(
                    {QStringLiteral("partial ") + page, readAs(bytes(head), cp) + tail, good});
            }
            if (cp == CodePage::Windows1252) {
                // A0 shown as NBSP and written back as a plain space.
                const std::string lost = replaceAll(once, "\xC2\xA0", " ");
                if (lost != once)
                    samples.push_back({QStringLiteral("lost A0 windows-1252"), lost, good});
                // Undefined bytes dropped by the mis-decoding program.
                std::string dropped = once;
                for (const char* c1 : {"\xC2\x81", "\xC2\x8D", "\xC2\x8F", "\xC2\x90", "\xC2\x9D"})
                    dropped = replaceAll(dropped, c1, "");
                if (dropped != once)
                    samples.push_back(
                        {QStringLiteral("dropped undefined windows-1252"), dropped, good});
            }
            if (cp == CodePage::Windows1251) {
                const std::string lost = replaceAll(once, "\xC2\xA0", " ");
                if (lost != once)
                    samples.push_back({QStringLiteral("lost A0 windows-1251"), lost, good});
            }
        }
        // Mixed double: read as windows-1251, then the result as windows-1252.
        samples.push_back(
            {QStringLiteral("double 1251 then 1252"),
             readAs(bytes(readAs(bytes(good), CodePage::Windows1251)), CodePage::Windows1252),
             good});
    }
    return samples;
}

} // namespace

void TestMojibake::sampleSetRestorationRate() {
    const std::vector<Sample> samples = sampleSet();
    int restored = 0;
    QMap<QString, QPair<int, int>> byKind; // restored, total
    for (const Sample& s : samples) {
        const MojibakeResult r = repairMojibake(s.damaged);
        const bool ok = r.text == s.expected;
        restored += ok;
        auto& k = byKind[s.kind];
        k.first += ok;
        ++k.second;
        if (!ok && qEnvironmentVariableIsSet("U8SCOPE_VERBOSE"))
            qInfo("%s: %s -> %s", qPrintable(s.kind), s.damaged.c_str(), r.text.c_str());
    }
    for (auto it = byKind.cbegin(); it != byKind.cend(); ++it)
        qInfo("%-34s %3d / %3d", qPrintable(it.key()), it.value().first, it.value().second);
    const double rate = 100.0 * restored / double(samples.size());
    qInfo("mojibake samples restored exactly: %d / %d = %.1f %%", restored, int(samples.size()),
          rate);
    QVERIFY2(rate >= 95.0, qPrintable(QStringLiteral("restoration rate %1 % < 95 %").arg(rate)));
}

// Repairing the result again changes nothing. The repair as the pipeline runs it (repair(),
// what the CLI and the window call) repeats its rounds until nothing changes; repairMojibake()
// alone is one round, whose result a second round leaves alone for the common pages, though
// not for every text damaged twice through the rarer ones (CJK read twice as IBM852 shows its
// second reading only once the first is undone).
void TestMojibake::repairIsIdempotent() {
    RepairOptions o;
    o.mojibake = true;
    const std::span<const CodePage> common = allCodePages().first(9);
    for (const Sample& s : sampleSet()) {
        const RepairResult once = repair(bytes(s.damaged), o);
        const RepairResult twice = repair(bytes(once.text), o);
        QCOMPARE(q(twice.text), q(once.text));
        QCOMPARE(twice.report.total(), 0u);
        const MojibakeResult first = repairMojibake(s.damaged);
        if (std::none_of(first.fixes.begin(), first.fixes.end(), [&](const MojibakeFix& f) {
                return std::any_of(f.misdecodings.begin(), f.misdecodings.end(), [&](CodePage cp) {
                    return std::find(common.begin(), common.end(), cp) == common.end();
                });
            }))
            QCOMPARE(repairMojibake(first.text).fixCount, 0u);
    }
}

// A repair that reads only a little better than its source is made where the text shows its
// page elsewhere, or where the user says the text was read through it (--mojibake=PAGE).
void TestMojibake::assumedPagesShowFromTheStart() {
    const std::string text = "Привет Рё мир"; // "и" read as windows-1251: no better, no worse
    const MojibakeResult alone = repairMojibake(text);
    QCOMPARE(alone.fixCount, 0u);
    MojibakeOptions o;
    o.assumedPages = {CodePage::Windows1251};
    const MojibakeResult assumed = repairMojibake(text, o);
    QCOMPARE(q(assumed.text), QByteArray("Привет и мир"));
    QCOMPARE(assumed.fixes.at(0).gain, 0);
    QCOMPARE(assumed.fixesByPage.at(std::size_t(CodePage::Windows1251)), 1u);
}

// "Р" + NBSP is "Р" (D0 A0) read as windows-1251, so each fix of "Р" + NBSP + NBSP... leaves
// another: found by fuzz_repair, where a fixed number of rounds left the tail for a second
// repair. The pass reads each fix's output again with what follows it (and what precedes it),
// and reports the chain as one fix.
void TestMojibake::chainOfFixesIsOneFix() {
    std::string damaged = "\xD0\xA0";
    for (int k = 0; k < 6; ++k)
        damaged += "\xC2\xA0";
    // Each link alone reads barely better than the source ("Р" + NBSP): the text shows its
    // page elsewhere ("Привет" read as windows-1251).
    const std::string shown = readAs(bytes("Привет"), CodePage::Windows1251) + " ";
    const MojibakeResult once = repairMojibake(shown + damaged + " ok");
    QCOMPARE(q(once.text), QByteArray("Привет \xD0\xA0 ok"));
    QCOMPARE(once.fixCount, 2u);
    QCOMPARE(once.fixes[1].offset, std::uint64_t(shown.size()));
    QCOMPARE(once.fixes[1].length, std::uint64_t(damaged.size()));
    QCOMPARE(q(once.fixes[1].damaged), q(damaged));
    QCOMPARE(q(once.fixes[1].description()), QByteArray("UTF-8 read as windows-1251, 6 times"));
    QCOMPARE(repairMojibake(once.text).fixCount, 0u);
    // The other way: each fix gives the characters before it a new neighbour, which decides a
    // repair there (fuzz_found_repair_1, after its invalid bytes were read as windows-1252).
    const MojibakeResult left = repairMojibake("\xC3\x83\xC5\xA1\xC3\x8E\xC2\xB1\xC3\xA4\xC3\x8E"
                                               "\xC2\xB1\xC3\x8E\xC2\xB1\xC3\xA4\xC3\x8E\xC2\xB1");
    QCOMPARE(left.fixCount, 5u);
    QCOMPARE(repairMojibake(left.text).fixCount, 0u);
    // A chain needs evidence when one of its links does: "«¬®" stays, although "¬®" read as
    // MacRoman is "¨" (a symbol read back as a symbol) and "«¨" then is "Ǭ".
    QCOMPARE(repairMojibake("\xC2\xAB\xC2\xAC\xC2\xAE\xC2\xAF").fixCount, 0u);
    // Repaired text is not read again by itself, nor with a space as a lost A0: "CafÃ© Ã©tÃ©"
    // stays "Café été" ("é" + " " is not E9 A0 and a dropped byte).
    QCOMPARE(q(repairMojibake("Caf\xC3\x83\xC2\xA9 \xC3\x83\xC2\xA9t\xC3\x83\xC2\xA9").text),
             QByteArray("Caf\xC3\xA9 \xC3\xA9t\xC3\xA9"));
}

void TestMojibake::fixReport() {
    const MojibakeResult r = repairMojibake("CafÃƒÂ© and РџСЂ");
    QCOMPARE(r.fixCount, 2u);
    QCOMPARE(r.fixes.size(), std::size_t(2));
    QCOMPARE(r.fixes[0].offset, 3u);
    QCOMPARE(r.fixes[0].length, 8u);
    QCOMPARE(q(r.fixes[0].repaired), QByteArray("é"));
    QCOMPARE(r.fixes[0].misdecodings.size(), std::size_t(2));
    QCOMPARE(q(r.fixes[0].description()), QByteArray("UTF-8 read as windows-1252, twice"));
    QCOMPARE(r.fixes[1].offset, 16u);
    QCOMPARE(q(r.fixes[1].repaired), QByteArray("Пр"));
    QCOMPARE(q(r.fixes[1].description()), QByteArray("UTF-8 read as windows-1251"));
    QCOMPARE(q(r.text), QByteArray("Café and Пр"));
}

void TestMojibake::partialDamageLeavesCorrectPartsAlone() {
    const std::string good = "Déjà vu, São Paulo, Привет, Καλημέρα.\n";
    const std::string damaged = readAs(bytes("Café crème"), CodePage::Windows1252) + "\n";
    const MojibakeResult r = repairMojibake(good + damaged + good);
    QCOMPARE(q(r.text), q(good + "Café crème\n" + good));
}

void TestMojibake::lostBytesNeedEvidence() {
    // "Ã" then a space, alone: could be a lost A0 (à), but nothing else in the text says so.
    QCOMPARE(q(repairMojibake("IRMÃ E MÃE").text), QByteArray("IRMÃ E MÃE"));
    // With evidence of windows-1252 mojibake elsewhere, "Ã " becomes "à".
    QCOMPARE(q(repairMojibake("CafÃ© Ã  la").text), QByteArray("Café à la"));
}

// A repair resting on a lost A0 alone, at the damaged text's cost, is made only where a letter
// becomes letters ("Ã" + a space is "à"): a symbol and a space is what correct text looks like.
// MacRoman "—" is D1, which with A0 reads as "Ѡ".
void TestMojibake::lostA0AloneOnlyAfterALetter() {
    QCOMPARE(q(repairMojibake("Caf√© — § ok").text), QByteArray("Café — § ok"));
    // ... and only when letters come of it: IBM437 "ß" (E1), A0 and "é" (82) is U+1802.
    QCOMPARE(q(repairMojibake("Gr├╢├ƒe und ß é").text), QByteArray("Größe und ß é"));
    QCOMPARE(q(repairMojibake("Caf√© d√©j√  vu").text), QByteArray("Café déjà vu"));
}

// A character is restored with one lost byte at most: "ä" (E4, a 3-byte lead under windows-1252)
// + a space (A0) + a dropped 8D would be the CJK character U+480D, from one byte of three. Nor is
// a fix's output read with a lost byte: "ä" + A0 + the "”" (94) restored from "â€" is U+4814.
void TestMojibake::oneLostBytePerCharacter() {
    QCOMPARE(q(repairMojibake("cafÃ© ä â€ x").text), QByteArray("café ä ” x"));
}

// The pipeline repairs again until nothing changes; a later round sees text that shows little
// damage, so it works with the evidence of the earlier ones. "à" read as windows-1252 twice, with
// the NBSP turned into a space in between: the first round gives "Ã" and a space, which only the
// first round's evidence makes "à".
void TestMojibake::laterRoundsKeepTheEvidence() {
    RepairOptions o;
    o.mojibake = true;
    const auto twice = [](std::string_view clean) {
        const std::string once = readAs(bytes(clean), CodePage::Windows1252);
        std::string spaced; // NBSP (C2 A0) turned into a space
        for (std::size_t k = 0; k < once.size(); ++k) {
            if (once.compare(k, 2, "\xC2\xA0") == 0) {
                spaced += ' ';
                ++k;
            } else {
                spaced += once[k];
            }
        }
        return readAs(bytes(spaced), CodePage::Windows1252);
    };
    const std::string damaged = twice("déjà vu, voilà tout");
    QCOMPARE(q(damaged), QByteArray("dÃƒÂ©jÃƒ  vu, voilÃƒ  tout"));
    const RepairResult r = repair(bytes(damaged), o);
    QCOMPARE(q(r.text), QByteArray("déjà vu, voilà tout"));
}

// A file that began with a byte order mark, read through a page and saved as UTF-8, begins
// with "ï»¿" (windows-1252), "п»ї" (windows-1251) or "Ôªø" (MacRoman). By the costs of its
// characters the mark restored looks worse than the damage (a control character against a
// letter and two punctuation marks), so it is a rule of its own; the rest of the file need not
// be damaged. Correct text with "ï" before "»" keeps them.
void TestMojibake::byteOrderMarkReadThroughAPage() {
    const std::string bom = "\xEF\xBB\xBF";
    const std::vector<std::pair<std::string, CodePage>> files = {
        {"Hello, world.", CodePage::Windows1252},
        {"Привет, как дела?", CodePage::Windows1251},
        {"Grüße aus Köln.", CodePage::MacRoman},
    };
    for (const auto& [text, page] : files) {
        const std::string damaged = readAs(bytes(bom + text), page);
        const MojibakeResult r = repairMojibake(damaged);
        QCOMPARE(q(r.text), q(bom + text));
        QVERIFY(!r.fixes.empty());
        QCOMPARE(r.fixes.front().offset, 0u);
        QVERIFY(r.fixes.front().repaired.starts_with(bom)); // with "Привет" in one fix
        QCOMPARE(r.fixes.front().misdecodings, std::vector<CodePage>{page});
    }
    const std::string correct = "Un « naïf» et un « ¿ » espagnol.";
    QCOMPARE(q(repairMojibake(correct).text), q(correct));
    // In the pipeline, --bom=strip takes out the mark restored.
    RepairOptions o;
    o.mojibake = true;
    o.bom = BomAction::Strip;
    const RepairResult stripped =
        repair(bytes(readAs(bytes(bom + "Hello"), CodePage::Windows1252)), o);
    QCOMPARE(q(stripped.text), QByteArray("Hello"));
}

// "дії" (Ukrainian, "actions") read once more through windows-1251 is E4 B3 BF, the CJK
// Extension A character U+4CFF: the repaired paragraph was read back one level too deep.
void TestMojibake::ukrainianWordIsNoIdeograph() {
    const std::string clean = "Після завершення строку дії пароль може лишатися чинним. "
                              "Кількість днів до моменту завершення строку дії пароля.";
    RepairOptions o;
    o.mojibake = true;
    const RepairResult r = repair(bytes(readAs(bytes(clean), CodePage::Windows1251)), o);
    QCOMPARE(q(r.text), q(clean));
}

// Two letters of Russian or Ukrainian can be one rarer Cyrillic letter through windows-1251:
// "ТІ" is D2 B2, the Tajik "Ҳ"; "С" + "»" is D1 BB, the historic "ѻ". Repaired capitals and
// guillemets stay as they are, while Kazakh, Tajik and Bashkir text read through windows-1251
// (where those letters carry the damage's signature) is still restored.
void TestMojibake::rareCyrillicLettersOnlyWhereTheDamageSaysSo() {
    RepairOptions o;
    o.mojibake = true;
    for (const char* clean :
         {"ВЛАСТІ ЗАКОНОДАВЧОЇ та ВИКОНАВЧОЇ ВЛАСТІ, «СС» і «ТІ».",
          "Қазақстан Республикасы унитарлы мемлекет. Ғылым және білім, өнер және мәдениет.",
          "Ҷумҳурии Тоҷикистон давлати соҳибихтиёр, демократӣ ва ҳуқуқбунёд аст.",
          "Башҡортостан Республикаһы, Өфө ҡалаһы."}) {
        const RepairResult r = repair(bytes(readAs(bytes(clean), CodePage::Windows1251)), o);
        QCOMPARE(q(r.text), q(clean));
    }
}

// The pipeline's later rounds judge the runs the round before wrote into, with the evidence of
// the whole text. Reading a fix's output as mis-decoded once more needs evidence that the text
// was mis-decoded twice through that page. Russian read once as KOI8-R or windows-1251 (the
// manual pages' lines this failed on) comes back as it was: before, "в " became the Hebrew "נ"
// (KOI8-R D7 and a lost A0), "её" the Romanian "ţ" (C5 A3), "у " the Armenian "ՠ", "и «" the
// ideograph "蠫" (windows-1251 E8, a lost A0, AB). Read twice, with NBSPs turned into spaces,
// the second reading's lost A0 after a fix's output is still restored: "déjà" through
// windows-1251 twice leaves "Г" + a space after the first round.
void TestMojibake::laterRoundsReadFixesAgainOnlyAfterTwoMisdecodings() {
    RepairOptions o;
    o.mojibake = true;
    const std::string russian =
        "перечисляются разделы через двоеточие или запятую. Если в \\fIсписке\\fP\n"
        "от запустившей её оболочки. COMMAND как у \\fBps\\fP, окружённое «(» и «)».\n";
    for (const CodePage page : {CodePage::Koi8R, CodePage::Windows1251}) {
        const RepairResult r = repair(bytes(readAs(bytes(russian), page)), o);
        QCOMPARE(q(r.text), q(russian));
    }
    // Read as windows-1251, each NBSP made a space (as HTML tools do), and again.
    const auto misdecode = [](const std::string& s) {
        const std::string read = readAs(bytes(s), CodePage::Windows1251);
        std::string damaged;
        for (std::size_t k = 0; k < read.size(); ++k) {
            const bool nbsp = read.compare(k, 2, "\xC2\xA0") == 0;
            damaged += nbsp ? ' ' : read[k];
            k += nbsp ? 1 : 0;
        }
        return damaged;
    };
    const std::string french = "Il est déjà là, voilà tout. Le café est prêt. ";
    const std::string twice = misdecode(misdecode(french));
    QVERIFY(twice.find("Р“ ") != std::string::npos); // "à" is "Г" + a space, then "Р“" + one
    const RepairResult r = repair(bytes(twice + twice), o);
    QCOMPARE(q(r.text), q(french + french));
}

// The same run met twice in a later round, once written by one earlier fix and once by two: the
// first is one fix's output, which KOI8-R read once more would make "ţ" (C5 A3), and stays; the
// second is two fixes' outputs side by side, which a repair may read together. A memo that knew
// the run's bytes only would give both the first one's answer.
void TestMojibake::laterRoundRemembersWhereTheEarlierFixesLie() {
    const std::string text = "x её y x её y"; // е, ё: 2 bytes each
    detail::MojibakeEvidence evidence{};
    evidence[std::size_t(CodePage::Koi8R)] = 100; // read once through KOI8-R, never twice
    const std::vector<detail::ByteSpan> only = {{2, 4}, {11, 2}, {13, 2}};
    detail::MojibakeEvidence carried = evidence;
    const MojibakeResult reference =
        detail::referenceRepairMojibake(text, {}, {.evidence = &carried, .only = &only});
    QCOMPARE(q(reference.text), q("x её y x ţ y"));
    carried = evidence;
    detail::MojibakeRun run;
    run.evidence = &carried;
    run.only = &only;
    const MojibakeResult fast = detail::repairMojibake(text, {}, run);
    QCOMPARE(q(fast.text), q(reference.text));
    QCOMPARE(fast.fixCount, reference.fixCount);
}

// Read back once, "Ã€" is "ä" under ISO-8859-15 (€ is A4) and "À" under windows-1252 (€ is 80),
// and both cost the same. The deeper level takes the page the text shows read deeper more often,
// then fewer capitals, as the first level does; before, the first page in order (windows-1252)
// won every such tie.
void TestMojibake::deeperLevelsFollowTheEvidence() {
    const auto twice = [](const std::string& s, CodePage page) {
        return readAs(bytes(readAs(bytes(s), page)), page);
    };
    const std::string german = "Die Bären und Füchse gehen über die Brücke; sie ist größer. ";
    const std::string french = "À bientôt, Éloïse ! Über die Brücke, c’est très loin. ";
    for (const auto& [text, page] :
         {std::pair{german, CodePage::Latin9}, std::pair{french, CodePage::Windows1252}}) {
        const MojibakeResult r = repairMojibake(twice(text, page));
        QCOMPARE(q(r.text), q(text));
    }
}

// A later round judges only the runs that hold a byte of the spans it is given (where the round
// before wrote), once, with the evidence it is given, and adds what it found to that.
void TestMojibake::laterRoundJudgesOnlyTheGivenRuns() {
    const std::string text = "CafÃ© and ThÃ© or ThÃ©";
    detail::MojibakeEvidence evidence{};
    evidence[std::size_t(CodePage::Windows1252)] = 2;     // enough to show the page
    const std::vector<detail::ByteSpan> only = {{15, 1}}; // the © of the first "ThÃ©"
    detail::MojibakeRun run;
    run.evidence = &evidence;
    run.only = &only;
    for (unsigned parts : {1u, 2u}) {
        run.parts = parts;
        const MojibakeResult r = detail::repairMojibake(text, {}, run);
        QCOMPARE(q(r.text), QByteArray("CafÃ© and Thé or ThÃ©"));
        QCOMPARE(r.fixCount, 1u);
    }
    // 2, and the fix of each run: its gain, up to 2.
    QCOMPARE(evidence[std::size_t(CodePage::Windows1252)], 6u);
}

// The spans a round hands on to the next (MojibakeRun::written): with the fast paths only the
// fixes in a run where the next round's sieve finds a start, which is what that round judges;
// the reference hands on every fix. "déjà vu" read twice as windows-1252 with its NBSPs turned
// into spaces: the first round repairs "ÃƒÂ©" into "é" and each "Ãƒ" into "Ã", and only "Ã" +
// a space (à, its A0 lost) is left for the next round, which knows windows-1252 lost bytes.
void TestMojibake::laterRoundIsHandedOnlyRunsWithStarts() {
    const std::string damaged = "dÃƒÂ©jÃƒ  vu, voilÃƒ  tout";
    const auto handedOn = [](const MojibakeResult& r, const std::vector<detail::ByteSpan>& spans) {
        std::vector<std::string> texts;
        for (const detail::ByteSpan& s : spans)
            texts.push_back(r.text.substr(s.offset, s.length));
        return texts;
    };
    for (unsigned parts : {1u, 2u}) {
        detail::MojibakeEvidence evidence{};
        std::vector<detail::ByteSpan> written;
        detail::MojibakeRun run;
        run.evidence = &evidence;
        run.written = &written;
        run.parts = parts;
        const MojibakeResult r = detail::repairMojibake(damaged, {}, run);
        QCOMPARE(q(r.text), QByteArray("déjÃ  vu, voilÃ  tout"));
        QCOMPARE(r.fixCount, 3u);
        QCOMPARE(handedOn(r, written), (std::vector<std::string>{"Ã", "Ã"}));
    }
    std::vector<detail::ByteSpan> every;
    const MojibakeResult reference =
        detail::referenceRepairMojibake(damaged, {}, {.written = &every});
    QCOMPARE(q(reference.text), QByteArray("déjÃ  vu, voilÃ  tout"));
    QCOMPARE(reference.fixCount, 3u);
    QCOMPARE(handedOn(reference, every), (std::vector<std::string>{"é", "Ã", "Ã"}));
    // Repaired whole, French leaves nothing for a later round.
    const std::string french = "Le café est très bon, voilà tout. ";
    std::string text;
    for (int k = 0; k < 40; ++k)
        text += readAs(bytes(french), CodePage::Windows1252);
    std::vector<detail::ByteSpan> written;
    detail::MojibakeRun run;
    run.written = &written;
    const MojibakeResult r = detail::repairMojibake(text, {}, run);
    QCOMPARE(r.fixCount, 120u);
    QVERIFY(written.empty());
}

// Under the lost-bytes rule a space stands for A0 only under the pages given, and a character
// loses one byte at most.
void TestMojibake::sieveRuleLosesOneByteUnderPagesWithEvidence() {
    using detail::pageBit;
    using detail::SieveRule;
    const auto starts = [](std::string_view text, SieveRule rule) {
        const auto* p = reinterpret_cast<const std::uint8_t*>(text.data());
        return detail::canStartRepair(p, p + text.size(), rule);
    };
    const SieveRule cp1252 = SieveRule::lostBytes(pageBit(CodePage::Windows1252));
    const SieveRule macRoman = SieveRule::lostBytes(pageBit(CodePage::MacRoman));
    // "Ã" + a lost A0 ("à"): one byte lost.
    QVERIFY(starts("Ã la", cp1252));
    QVERIFY(!starts("Ã la", SieveRule::adjacent()));
    // "é" (E9, a 3-byte lead) + a space: the A0 and a dropped byte would be two.
    QVERIFY(!starts("é o", cp1252));
    // ... with the third byte there, one.
    QVERIFY(starts("é ©", cp1252));
    // MacRoman "—" (D1) + a space: only under MacRoman.
    QVERIFY(!starts("— x", cp1252));
    QVERIFY(starts("— x", macRoman));
    // "â€" + a dropped byte: one byte lost; under windows-1252 only.
    QVERIFY(starts("â€ x", cp1252));
    QVERIFY(!starts("â€ x", SieveRule::lostBytes(pageBit(CodePage::Latin1))));
}

namespace {

// Every observable part of two results must agree.
void compareResults(const MojibakeResult& fast, const MojibakeResult& ref) {
    QCOMPARE(fast.fixCount, ref.fixCount);
    QCOMPARE(q(fast.text), q(ref.text));
    QCOMPARE(fast.fixes.size(), ref.fixes.size());
    for (std::size_t i = 0; i < ref.fixes.size(); ++i) {
        const MojibakeFix& a = fast.fixes[i];
        const MojibakeFix& b = ref.fixes[i];
        QCOMPARE(a.offset, b.offset);
        QCOMPARE(a.length, b.length);
        QCOMPARE(q(a.damaged), q(b.damaged));
        QCOMPARE(q(a.repaired), q(b.repaired));
        QCOMPARE(q(a.description()), q(b.description()));
        QCOMPARE(a.gain, b.gain);
    }
    QCOMPARE(fast.fixesByPage, ref.fixesByPage);
}

// The fast path (in 1, 2 and 3 parts) and the reference agree on `text`: the result, the evidence
// found, and a later round as the pipeline runs it on the result, with the evidence found so far,
// judging only where the fixes were written. The reference hands every fix on to its later
// round; the fast path only those in a run where the sieve finds a start
// (MojibakeRun::written), and it passes over the runs where it finds none.
void compareWithReference(const std::string& text) {
    MojibakeOptions options;
    options.maxReportedFixes = 100000;
    struct Round {
        MojibakeResult result;
        detail::MojibakeEvidence evidence{};
        std::vector<detail::ByteSpan> written;
    };
    Round ref;
    ref.result = detail::referenceRepairMojibake(
        text, options, {.evidence = &ref.evidence, .written = &ref.written});
    detail::MojibakeEvidence refLaterEvidence = ref.evidence;
    const MojibakeResult refLater = detail::referenceRepairMojibake(
        ref.result.text, options, {.evidence = &refLaterEvidence, .only = &ref.written});
    for (unsigned parts : {1u, 2u, 3u}) {
        Round fast;
        detail::MojibakeRun run;
        run.evidence = &fast.evidence;
        run.written = &fast.written;
        run.parts = parts;
        fast.result = detail::repairMojibake(text, options, run);
        compareResults(fast.result, ref.result);
        QVERIFY(fast.evidence == ref.evidence);
        QVERIFY(fast.written.size() <= ref.written.size());
        detail::MojibakeRun later;
        detail::MojibakeEvidence laterEvidence = fast.evidence;
        later.evidence = &laterEvidence;
        later.only = &fast.written;
        later.parts = parts;
        compareResults(detail::repairMojibake(fast.result.text, options, later), refLater);
        QVERIFY(laterEvidence == refLaterEvidence);
    }
}

} // namespace

void TestMojibake::fastPathsEqualReference_data() {
    QTest::addColumn<int>("seed");
    QTest::addColumn<int>("damagedPieces"); // samples mixed into the clean text
    QTest::addColumn<bool>("randomBytes");  // stray random bytes too (ill-formed text)
    // Most sentences mis-decoded whole, each through a page of its own: text damaged throughout,
    // where the repair stops asking the sieve and judges run after run until one has no fix.
    QTest::addColumn<bool>("throughout");
    for (int seed = 1; seed <= 12; ++seed) {
        const int pieces = seed <= 3 ? 0 : seed <= 6 ? 3 : seed <= 9 ? 40 : 400;
        QTest::addRow("seed %d, %d damaged pieces", seed, pieces)
            << seed << pieces << false << false;
    }
    for (int seed = 13; seed <= 16; ++seed)
        QTest::addRow("seed %d, random bytes", seed) << seed << 40 << true << false;
    for (int seed = 17; seed <= 20; ++seed)
        QTest::addRow("seed %d, damaged throughout", seed) << seed << 40 << (seed > 18) << true;
}

// The shortcuts of the repair (the sieve, runs judged word by word and remembered, parts on
// threads, run after run where the text is damaged throughout) change nothing: on clean
// multilingual text (the sentences, UTF-8-demo.txt when present) with damaged samples inserted at
// random places, text, count, every reported fix and the evidence equal the reference's
// (referenceRepairMojibake(), which judges every run whole and afresh), and so do a later round's.
// Both passes and the lost-byte rules are exercised: many pieces give evidence, few give none.
void TestMojibake::fastPathsEqualReference() {
    QFETCH(int, seed);
    QFETCH(int, damagedPieces);
    QFETCH(bool, randomBytes);
    QFETCH(bool, throughout);
    std::mt19937 rng{std::uint32_t(seed)};
    bool found = false;
    const QByteArray demo = readCorpusFile("UTF-8-demo.txt", &found);
    std::vector<std::string> clean;
    for (const QString& s : sentences())
        clean.push_back(utf8(s) + (rng() % 2 ? "\n" : " "));
    if (found)
        clean.emplace_back(demo.constData(), std::size_t(demo.size()));
    const std::vector<Sample> samples = sampleSet();
    std::string text;
    const std::span<const CodePage> pages = allCodePages();
    for (int k = 0; k < 60; ++k) {
        const std::string& sentence = clean[rng() % clean.size()];
        text += throughout && rng() % 4 != 0 ? readAs(bytes(sentence), pages[rng() % pages.size()])
                                             : sentence;
    }
    for (int k = 0; k < damagedPieces; ++k) {
        // A random place: between characters mostly, sometimes inside one (breaking it).
        std::size_t at = rng() % (text.size() + 1);
        if (rng() % 4 != 0)
            while (at > 0 && at < text.size() && (std::uint8_t(text[at]) & 0xC0) == 0x80)
                --at;
        const Sample& s = samples[rng() % samples.size()];
        std::string piece = rng() % 2 ? s.damaged : " " + s.damaged + " ";
        if (randomBytes && rng() % 3 == 0)
            piece.insert(rng() % (piece.size() + 1), 1, char(rng() % 256));
        text.insert(at, piece);
    }
    compareWithReference(text);
    if (damagedPieces == 0 && !randomBytes)
        QCOMPARE(detail::referenceRepairMojibake(text, {}).fixCount, 0u);
    if (damagedPieces >= 40)
        QVERIFY(detail::referenceRepairMojibake(text, {}).fixCount > 0);
    // The same text repeated: the second copy meets every run again.
    compareWithReference(text + "\n" + text);
}

// The same on every sample of the sample set, and on the files of the corpus as they are and
// read through every page (UTF-8-test.txt is ill-formed on purpose).
void TestMojibake::fastPathsEqualReferenceOnSamplesAndCorpus() {
    for (const Sample& s : sampleSet()) {
        compareWithReference(s.damaged);
        if (QTest::currentTestFailed())
            return;
    }
    for (const char* file : {"UTF-8-demo.txt", "UTF-8-test.txt"}) {
        bool found = false;
        const QByteArray data = readCorpusFile(file, &found);
        if (!found)
            QSKIP("corpus files not found (U8SCOPE_CORPUS_DIR)");
        const std::string text(data.constData(), std::size_t(data.size()));
        compareWithReference(text);
        for (CodePage cp : allCodePages()) {
            compareWithReference(readAs(bytes(text), cp));
            if (QTest::currentTestFailed())
                return;
        }
    }
}

// The sieve only skips what cannot be repaired: every fix of the sample set starts where the
// sieve's definition admits a repair, under the rule of the pass that makes it (a fix that
// restored no lost byte is admitted without lost bytes too).
void TestMojibake::sieveAdmitsEveryFix() {
    MojibakeOptions options;
    std::size_t checked = 0;
    for (const Sample& s : sampleSet()) {
        const MojibakeResult r = repairMojibake(s.damaged, options);
        const auto* base = reinterpret_cast<const std::uint8_t*>(s.damaged.data());
        const auto* end = base + s.damaged.size();
        for (const MojibakeFix& f : r.fixes) {
            const bool lost = f.restoredNbsp || f.restoredUndefined;
            // Bytes are lost only under the page of the last mis-decoding.
            const auto rule = detail::SieveRule::lostBytes(detail::pageBit(f.misdecodings.back()));
            // A chain (a fix whose output reads as damage again with the characters after it:
            // "æ½" + "Ā½", which windows-1257 reads as "½") may start where only its later
            // link is admitted; the repair judges the whole run around that start.
            const auto* fixEnd = base + f.offset + f.length;
            QVERIFY2(detail::canStartRepair(base + f.offset, end, rule) ||
                         (f.misdecodings.size() > 1 &&
                          detail::nextRepairStartScalar(base + f.offset, end, rule) < fixEnd),
                     qPrintable(QString::fromStdString(s.damaged)));
            const auto adjacent = detail::SieveRule::adjacent();
            if (!lost)
                QVERIFY2(
                    detail::canStartRepair(base + f.offset, end, adjacent) ||
                        (f.misdecodings.size() > 1 &&
                         detail::nextRepairStartScalar(base + f.offset, end, adjacent) < fixEnd),
                    qPrintable(QString::fromStdString(s.damaged)));
            ++checked;
        }
    }
    QVERIFY(checked > 800);
}

void TestMojibake::sieveKernelsAgree_data() {
    QTest::addColumn<int>("seed");
    // 0 page characters, 1 sentences and samples, 2 random bytes, 3 page characters far apart
    QTest::addColumn<int>("mix");
    for (int seed = 1; seed <= 6; ++seed)
        for (int mix = 0; mix < 4; ++mix)
            QTest::addRow("seed %d, mix %d", seed, mix) << seed << mix;
}

// Every kernel of the sieve finds the same positions as the definition tried at every byte,
// under each rule, when the caller moves on by one byte or jumps (the kernels keep the window
// they classified between calls). The texts: characters of every page side by side (each is the
// image of a lead or continuation byte somewhere) with spaces, ASCII and CJK between them; real
// sentences with damaged samples; random bytes (ill-formed text); ASCII with one to three page
// characters (spaces between and after them) every 0-90 bytes (windows the AVX2 kernel passes
// over after its quick tests, pairs at their edges).
void TestMojibake::sieveKernelsAgree() {
    QFETCH(int, seed);
    QFETCH(int, mix);
    std::mt19937 rng{std::uint32_t(seed * 7919 + mix)};
    std::string text;
    if (mix == 0 || mix == 3) {
        std::vector<std::string> pieces = {" ", "a", "e ", "\xE6\x97\xA5", "\xF0\x9F\x98\x80"};
        std::vector<std::string> pageChars;
        for (CodePage cp : allCodePages())
            for (int b = 0x80; b < 0x100; ++b) {
                const std::uint8_t byte = std::uint8_t(b);
                pageChars.push_back(readAs(std::span<const std::uint8_t>(&byte, 1), cp));
            }
        pieces.insert(pieces.end(), pageChars.begin(), pageChars.end());
        while (text.size() < 40000) {
            if (mix == 0) {
                text += pieces[rng() % pieces.size()];
                continue;
            }
            text.append(rng() % 91, 'x');
            for (int k = 1 + int(rng() % 3); k > 0; --k) {
                text += pageChars[rng() % pageChars.size()];
                if (k > 1 && rng() % 3 == 0)
                    text += ' '; // a lost A0 inside a sequence
            }
            if (rng() % 2)
                text += ' '; // a lost A0 under the lost-bytes rule
        }
    } else if (mix == 1) {
        const std::vector<Sample> samples = sampleSet();
        while (text.size() < 40000)
            text += rng() % 2 ? utf8(sentences()[int(rng() % std::uint32_t(sentences().size()))])
                              : samples[rng() % samples.size()].damaged + " ";
    } else {
        while (text.size() < 40000)
            text += char(rng() % 4 == 0 ? rng() % 128 : 0x80 + rng() % 128);
    }
    const auto* base = reinterpret_cast<const std::uint8_t*>(text.data());
    const auto* end = base + text.size();
    // Without lost bytes; with lost bytes under every page, under windows-1252 alone (the page
    // that also drops bytes), ISO-8859-1 alone (in the AVX2 kernel's tables they share a group),
    // and two other pages (IBM437 has the bit ISO-8859-1 left free).
    using detail::pageBit;
    using detail::SieveRule;
    for (SieveRule rule :
         {SieveRule::adjacent(), SieveRule::lostBytes(0x1FF),
          SieveRule::lostBytes(pageBit(CodePage::Windows1252)),
          SieveRule::lostBytes(pageBit(CodePage::Latin1)),
          SieveRule::lostBytes(pageBit(CodePage::Windows1251) | pageBit(CodePage::Cp437))}) {
        std::vector<std::size_t> expected;
        for (const std::uint8_t* p = base; p != end; ++p)
            if (detail::canStartRepair(p, end, rule))
                expected.push_back(std::size_t(p - base));
        if (mix != 2)
            QVERIFY(!expected.empty());
        for (Isa k : {Isa::Portable, Isa::Avx2}) {
            if (!detail::sieveKernelSupported(k))
                continue;
            // One byte on after each find: the whole list.
            std::vector<std::size_t> found;
            detail::RepairStartSieve sieve(end, rule, k);
            for (const std::uint8_t* p = base; (p = sieve.next(p)) != end; ++p)
                found.push_back(std::size_t(p - base));
            QCOMPARE(found, expected);
            // Jumps of up to 300 bytes: the first position at or after each jump.
            std::mt19937 jumps{std::uint32_t(seed)};
            detail::RepairStartSieve jumping(end, rule, k);
            for (const std::uint8_t* p = base; p < end;) {
                const std::uint8_t* at = jumping.next(p);
                const auto it =
                    std::lower_bound(expected.begin(), expected.end(), std::size_t(p - base));
                QCOMPARE(at == end ? text.size() : std::size_t(at - base),
                         it == expected.end() ? text.size() : *it);
                p += 1 + jumps() % 300;
            }
        }
    }
    QVERIFY(detail::sieveTables().complete);
}

// The AVX2 kernel passes over a window after a quick test of its bytes. A candidate alone in a
// window of ASCII must survive it, wherever it stands in the window: under each page with lost
// bytes, the image of every lead byte followed by a space and nothing (a 2-byte sequence, its
// A0 lost), by a space and a continuation's image (a longer one), by a continuation's image and
// a space (its third byte lost), and alone (windows-1252's dropped bytes).
void TestMojibake::sieveQuickTestsKeepLoneCandidates() {
    if (!detail::sieveKernelSupported(Isa::Avx2))
        QSKIP("this CPU lacks AVX2");
    int checked = 0;
    for (CodePage cp : allCodePages()) {
        const auto image = [&](int b) {
            const std::uint8_t byte = std::uint8_t(b);
            return readAs(std::span<const std::uint8_t>(&byte, 1), cp);
        };
        const std::string cont = image(0x80);
        std::string text;
        int k = 0;
        for (int lead = 0xC2; lead <= 0xF4; ++lead)
            for (const std::string& tail :
                 {std::string(" x"), " " + cont + "x", cont + " x", std::string("x")}) {
                // 128 bytes or more of ASCII between two candidates: never in one window.
                text.append(std::size_t(128 + k++ % 64), 'x');
                text += image(lead) + tail;
            }
        text.append(200, 'x');
        const auto* base = reinterpret_cast<const std::uint8_t*>(text.data());
        const auto* end = base + text.size();
        const auto rule = detail::SieveRule::lostBytes(detail::pageBit(cp));
        std::vector<std::size_t> expected, found;
        for (const std::uint8_t* p = base; p != end; ++p)
            if (detail::canStartRepair(p, end, rule))
                expected.push_back(std::size_t(p - base));
        detail::RepairStartSieve sieve(end, rule, Isa::Avx2);
        for (const std::uint8_t* p = base; (p = sieve.next(p)) != end; ++p)
            found.push_back(std::size_t(p - base));
        QCOMPARE(found, expected);
        checked += int(expected.size());
    }
    QVERIFY(checked > 200);
}

QTEST_GUILESS_MAIN(TestMojibake)
#include "tst_mojibake.moc"
