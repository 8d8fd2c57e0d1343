// Detection: BOMs, UTF-16/32 by zero bytes, ICU's detector for legacy
// pages, and the mojibake verdict for valid UTF-8.
#include "detect_report.h"
#include "repair_test_support.h"
#include "u8codec/byte_source.h"
#include "u8convert/detect.h"
#include "u8convert/transcode.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using namespace u8codec;
using namespace u8convert;
using namespace repairtest;

class TestDetect : public QObject {
    Q_OBJECT

private slots:
    void byteOrderMarks_data();
    void byteOrderMarks();
    void unicodeWithoutBom_data();
    void unicodeWithoutBom();
    void validUtf8();
    void mojibakeVerdict();
    void legacyPages_data();
    void legacyPages();
    void mostlyUtf8();
    void windowCutInsideACharacter();
    void utf8DamageIsNotStrayBytes();
    void strayBytesAmongFewCharacters();
    void everyErrorKindBesideCjkIsUtf8();
    void legacyTextIsNotMostlyUtf8_data();
    void legacyTextIsNotMostlyUtf8();
    void validUtf8InALegacyGuessIsNamed();
    void icuNamesTheWindowsPageForBytes80To9F_data();
    void icuNamesTheWindowsPageForBytes80To9F();
    void mojibakeHintIsTheRepairsPage();
    void json();
    void binaryBySignature_data();
    void binaryBySignature();
    void binaryByNuls();
    void whatIssue32Found();
};

namespace {

std::string repeated(const std::string& s, int times) {
    std::string out;
    for (int i = 0; i < times; ++i)
        out += s;
    return out;
}

std::string encoded(const std::string& utf8Text, const char* to) {
    TranscodeOptions opt;
    opt.unmappable = UnmappablePolicy::Substitute;
    return transcode(bytes(utf8Text), "UTF-8", to, opt).output;
}

bool inTop(const Detection& d, const QStringList& names, int n) {
    for (int i = 0; i < n && i < int(d.guesses.size()); ++i)
        if (names.contains(QString::fromStdString(d.guesses[std::size_t(i)].encoding)))
            return true;
    return false;
}

} // namespace

void TestDetect::byteOrderMarks_data() {
    QTest::addColumn<QByteArray>("data");
    QTest::addColumn<QString>("encoding");
    QTest::newRow("utf-8") << QByteArray("\xEF\xBB\xBFhello") << "UTF-8";
    QTest::newRow("utf-16le") << QByteArray("\xFF\xFEh\0i\0", 6) << "UTF-16LE";
    QTest::newRow("utf-16be") << QByteArray("\xFE\xFF\0h\0i", 6) << "UTF-16BE";
    QTest::newRow("utf-32le") << QByteArray("\xFF\xFE\0\0h\0\0\0", 8) << "UTF-32LE";
    QTest::newRow("utf-32be") << QByteArray("\0\0\xFE\xFF\0\0\0h", 8) << "UTF-32BE";
}

void TestDetect::byteOrderMarks() {
    QFETCH(QByteArray, data);
    QFETCH(QString, encoding);
    const Detection d = detectEncoding(bytes(std::string_view(data.constData(), data.size())));
    QVERIFY(!d.guesses.empty());
    QCOMPARE(QString::fromStdString(d.guesses.front().encoding), encoding);
    QCOMPARE(d.guesses.front().confidence, 100);
    QVERIFY(d.guesses.front().reason.starts_with("byte order mark"));
}

void TestDetect::unicodeWithoutBom_data() {
    QTest::addColumn<QString>("encoding");
    for (const char* e : {"UTF-16LE", "UTF-16BE", "UTF-32LE", "UTF-32BE"})
        QTest::newRow(e) << QString::fromLatin1(e);
}

void TestDetect::unicodeWithoutBom() {
    QFETCH(QString, encoding);
    const std::string text = utf8(sentences().at(0)) + " " + utf8(sentences().at(2));
    const std::string data = encoded(text, encoding.toLatin1().constData());
    const Detection d = detectEncoding(bytes(data));
    QVERIFY(!d.guesses.empty());
    QCOMPARE(QString::fromStdString(d.guesses.front().encoding), encoding);
    QCOMPARE(d.guesses.front().confidence >= 90, true);
}

void TestDetect::validUtf8() {
    std::string all;
    for (const QString& s : sentences())
        all += utf8(s) + "\n";
    const Detection d = detectEncoding(bytes(all));
    QVERIFY(d.validUtf8);
    QCOMPARE(d.guesses.front().encoding, std::string("UTF-8"));
    QCOMPARE(d.guesses.front().confidence, 100);
    QCOMPARE(d.mojibake.fixes, 0u);
    QVERIFY(u8cli::detectionText(d).find("no sign of mojibake") != std::string::npos);
    QVERIFY(d.lineEndings.has_value());
    QCOMPARE(d.lineEndings->lf, std::uint64_t(sentences().size()));
    const Detection mixed = detectEncoding(bytes("a\r\nb\nc\r\n"));
    QVERIFY(mixed.lineEndings->mixed());
    QVERIFY(u8cli::detectionText(mixed).find("line endings: 1 LF, 2 CRLF, 0 CR (mixed") !=
            std::string::npos);
    const Detection ascii = detectEncoding(bytes("plain ASCII text\n"));
    QVERIFY(ascii.asciiOnly);
    QCOMPARE(ascii.guesses.front().encoding, std::string("UTF-8"));
}

void TestDetect::mojibakeVerdict() {
    const std::string damaged =
        readAs(bytes("Le café est très bon, n’est-ce pas ? Déjà l’été."), CodePage::Windows1252);
    const Detection d = detectEncoding(bytes(damaged));
    QVERIFY(d.validUtf8);
    QVERIFY(d.mojibake.fixes >= 4);
    QCOMPARE(q(d.mojibake.description), QByteArray("UTF-8 read as windows-1252"));
    QCOMPARE(q(d.mojibake.exampleBefore), QByteArray("Ã©"));
    QCOMPARE(q(d.mojibake.exampleAfter), QByteArray("é"));
}

void TestDetect::legacyPages_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("encoding");
    QTest::addColumn<QStringList>("accepted");
    const QString russian = sentences().at(13) + QLatin1Char(' ') + sentences().at(14) +
                            QLatin1Char(' ') + sentences().at(29);
    const QString french = sentences().at(0) + QLatin1Char(' ') + sentences().at(1);
    QTest::newRow("windows-1251") << russian << "windows-1251" << QStringList{"windows-1251"};
    QTest::newRow("KOI8-R") << russian << "KOI8-R" << QStringList{"KOI8-R"};
    QTest::newRow("ISO-8859-1") << french << "ISO-8859-1"
                                << QStringList{"ISO-8859-1", "windows-1252"};
    QTest::newRow("Shift_JIS") << sentences().at(20) << "Shift_JIS" << QStringList{"Shift_JIS"};
    QTest::newRow("EUC-KR") << sentences().at(22) << "EUC-KR" << QStringList{"EUC-KR"};
}

void TestDetect::legacyPages() {
    QFETCH(QString, text);
    QFETCH(QString, encoding);
    QFETCH(QStringList, accepted);
    const std::string data =
        repeated(encoded(utf8(text) + "\n", encoding.toLatin1().constData()), 8);
    const Detection d = detectEncoding(bytes(data));
    QVERIFY(!d.validUtf8);
    QVERIFY2(inTop(d, accepted, 3), u8cli::detectionText(d).c_str());
    for (const EncodingGuess& g : d.guesses)
        QVERIFY(g.confidence >= 0 && g.confidence <= 100);
    for (std::size_t i = 1; i < d.guesses.size(); ++i)
        QVERIFY(d.guesses[i - 1].confidence >= d.guesses[i].confidence);
}

void TestDetect::mostlyUtf8() {
    const std::string data = repeated(utf8(sentences().at(0)) + "\n", 20) + "stray \xE9 byte\n";
    const Detection d = detectEncoding(bytes(data));
    QVERIFY(!d.validUtf8);
    QCOMPARE(d.invalidSequences, 1u);
    QCOMPARE(d.guesses.front().encoding, std::string("UTF-8"));
    QVERIFY(u8cli::detectionText(d).find("; try repair --invalid=cp1252") != std::string::npos);
    QCOMPARE(d.guesses.front().strayBytesPage, std::string("windows-1252"));
}

// Issue 33, defect 1: a valid file longer than the window, the window ending inside a 3-byte
// character (e3 | 83 86). The cut character is neither examined nor an error, with or without
// other errors before it, whichever way the caller says the input goes on.
void TestDetect::windowCutInsideACharacter() {
    const std::string text = repeated(utf8(sentences().at(0)) + " テスト\n", 40);
    const std::size_t cut = text.find("\xE3\x83\x86") + 1; // after e3
    const Detection d = detectEncoding(bytes(text), cut);
    QVERIFY2(d.validUtf8, u8cli::detectionText(d).c_str());
    QCOMPARE(d.invalidSequences, 0u);
    QCOMPARE(d.examinedBytes, std::uint64_t(cut - 1));
    QVERIFY(!d.wholeInput);
    QCOMPARE(d.guesses.front().encoding, std::string("UTF-8"));
    // With a stray byte before the cut: one invalid sequence, not two.
    std::string stray = text;
    stray.insert(10, "\xE9");
    const Detection s = detectEncoding(bytes(stray), cut + 2);
    QCOMPARE(s.invalidSequences, 1u);
    QCOMPARE(s.utf8Damage, 0u);
    // Every cut inside a 2-, 3- or 4-byte character, through a source read by the detector.
    for (const std::string ch : {"\xC3\xA9", "\xE3\x83\x86", "\xF0\x9F\x98\x80"}) {
        for (std::size_t into = 1; into < ch.size(); ++into) {
            std::string all(kDetectWindow - into, 'a');
            all += ch + "tail\n";
            const MemorySource source(std::vector<std::uint8_t>(all.begin(), all.end()));
            const Detection w = detectEncoding(source);
            QVERIFY2(w.validUtf8 && w.invalidSequences == 0, u8cli::detectionText(w).c_str());
            QCOMPARE(w.examinedBytes, std::uint64_t(kDetectWindow - into));
        }
    }
    // At the true end of the input, a cut character is an error.
    const Detection end = detectEncoding(bytes("abc\xE3\x83"));
    QVERIFY(!end.validUtf8);
    QCOMPARE(end.utf8Damage, 1u);
}

// Issue 33, defect 2: overlong forms, surrogates and sequences cut short are UTF-8's own damage,
// counted apart from stray legacy bytes (which stand alone).
void TestDetect::utf8DamageIsNotStrayBytes() {
    const Detection damaged = detectEncoding(bytes(
        "w\xC3\xB6rld: \xC0\xAF, \xE0\x80\xAF, \xED\xA0\x80, \xE2\x82 and \xF0\x9F\x98 end\n"));
    QCOMPARE(damaged.utf8Damage, 5u);
    const Detection stray =
        detectEncoding(bytes("w\xC3\xB6rld, caf\xE9 na\xEFve \x80 \xFF \xC0 done\n"));
    QCOMPARE(stray.invalidSequences, 5u);
    QCOMPARE(stray.utf8Damage, 0u);
}

// The case of the issue: a dozen correct accented and CJK characters and 7 stray Latin-1 bytes.
// More invalid sequences than one per 20 characters, yet UTF-8 with stray bytes: reading the
// whole file as windows-1252 would turn every correct "ö" into "Ã¶".
void TestDetect::strayBytesAmongFewCharacters() {
    const std::string data = "Grüße aus Köln: schön, café, 中文, naïve, Øresund, ö ö é.\n"
                             "caf\xE9 sch\xF6n M\xFCller na\xEFve \xE0 la \xE8re \xF1\n";
    const Detection d = detectEncoding(bytes(data));
    QVERIFY(!d.validUtf8);
    QCOMPARE(d.invalidSequences, 7u);
    QCOMPARE(d.multiByteCharacters, 12u);
    QVERIFY2(d.guesses.front().encoding == "UTF-8", u8cli::detectionText(d).c_str());
    QCOMPARE(d.guesses.front().strayBytesPage, std::string("windows-1252"));
    QVERIFY2(u8cli::detectionText(d).find("UTF-8 with 7 invalid sequence(s)") != std::string::npos,
             u8cli::detectionText(d).c_str());
    QVERIFY(u8cli::detectionText(d).find("would become mojibake") == std::string::npos);
    // Fewer well-formed characters than stray bytes: no longer "mostly UTF-8".
    const std::string fewer = "Köln, café, ö\ncaf\xE9 sch\xF6n M\xFCller na\xEFve\n";
    const Detection f = detectEncoding(bytes(fewer));
    QCOMPARE(f.multiByteCharacters, 3u);
    QVERIFY2(f.guesses.empty() || f.guesses.front().encoding != "UTF-8",
             u8cli::detectionText(f).c_str());
}

// A UTF-8 file that shows every kind of error (as the tour sample does) has more runs with an
// error than well-formed ones, but its CJK and emoji are 3- and 4-byte sequences that no
// single-byte page forms in text: UTF-8 with stray bytes, not windows-1252 (which would turn
// them into mojibake).
void TestDetect::everyErrorKindBesideCjkIsUtf8() {
    const std::string data = "Kanji 漢字, kana かな, emoji 😀 and é.\n"
                             "errors: \xC0\xAF | \xFF | \xFE | \x80 | \xED\xA0\x80 | \xF5 | "
                             "\xE2\x82 | \xF0\x9F\x98 | \xC1\xBF | caf\xE9\n";
    const Detection d = detectEncoding(bytes(data));
    QVERIFY(!d.validUtf8);
    QVERIFY2(d.guesses.front().encoding == "UTF-8", u8cli::detectionText(d).c_str());
    QCOMPARE(d.guesses.front().strayBytesPage, std::string("windows-1252"));
    // Without the long sequences the runs decide, and the legacy guess stays first.
    const std::string latin = "Kanji é, à.\nerrors: \xC0\xAF | \xFF | \xFE | \x80 | \xF5 | caf\xE9 "
                              "na\xEFve \xE0 la \xE8re\n";
    const Detection l = detectEncoding(bytes(latin));
    QVERIFY2(l.guesses.empty() || l.guesses.front().encoding != "UTF-8",
             u8cli::detectionText(l).c_str());
}

// Legacy text forms well-formed multi-byte UTF-8 only by chance: in windows-1252 a capital
// accented letter (C2-DF) followed by a symbol from 80-BF. The worst cases: short Ukrainian words
// in windows-1251 ("Ні": a capital before "і", B3), all-caps Czech, and the double-byte pages of
// Chinese, Japanese and Korean, whose pairs often read as well-formed UTF-8 but whose words
// almost never do. None of them is taken for UTF-8 with stray bytes.
void TestDetect::legacyTextIsNotMostlyUtf8_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("encoding");
    QTest::newRow("ukrainian")
        << QStringLiteral(
               "Підприємство Ніна Вірність Іван Їжак Ґанок Він Ні Київ Поділля. Ці дні минули.")
        << "windows-1251";
    QTest::newRow("czech capitals")
        << QStringLiteral("PŘÍŠTÍ ŽLUŤOUČKÝ KŮŇ ÚPĚL ĎÁBELSKÉ ÓDY ŠÍLENĚ ŽÁDNÝ NEJVĚTŠÍ PÁŽE")
        << "windows-1250";
    QTest::newRow("german") << sentences().at(2) + sentences().at(3) << "windows-1252";
    const QString japanese = QStringLiteral(
        "日本は東アジアに位置する島国である。首都は東京都であり、人口は約一億二千万人である。"
        "日本語は世界で多く話される言語の一つで、ひらがな、カタカナ、漢字を使う。");
    QTest::newRow("EUC-JP") << japanese << "EUC-JP";
    QTest::newRow("Shift_JIS") << japanese << "Shift_JIS";
    QTest::newRow("GBK")
        << QStringLiteral(
               "中华人民共和国是位于东亚的社会主义国家，首都为北京。中国是世界上人口第二多的国家，"
               "陆地面积约为九百六十万平方公里。汉语是使用人数最多的语言，文字为简体中文。")
        << "GBK";
    QTest::newRow("EUC-KR")
        << QStringLiteral(
               "대한민국은 동아시아의 한반도 남부에 위치한 민주공화국이다. 수도는 서울특별시이며, "
               "국기는 태극기, 국가는 애국가, 공용어는 한국어이다. 한국어는 세계에서 열세 번째로 "
               "많이 쓰이는 언어이다.")
        << "EUC-KR";
}

void TestDetect::legacyTextIsNotMostlyUtf8() {
    QFETCH(QString, text);
    QFETCH(QString, encoding);
    const std::string data =
        repeated(encoded(utf8(text) + "\n", encoding.toLatin1().constData()), 4);
    const Detection d = detectEncoding(bytes(data));
    QVERIFY(!d.validUtf8);
    for (const EncodingGuess& g : d.guesses)
        QVERIFY2(g.encoding != "UTF-8", u8cli::detectionText(d).c_str());
}

// When a legacy page ranks first for bytes that hold well-formed multi-byte UTF-8, the text says
// what reading them as that page would do to those characters.
void TestDetect::validUtf8InALegacyGuessIsNamed() {
    const std::string legacy = repeated(encoded(utf8(sentences().at(2)) + "\n", "windows-1252"), 8);
    const Detection clean = detectEncoding(bytes(legacy));
    QCOMPARE(clean.multiByteCharacters, 0u);
    QVERIFY(u8cli::detectionText(clean).find("would become mojibake") == std::string::npos);
    const Detection mixed = detectEncoding(bytes(legacy + "Grüße\n"));
    QCOMPARE(mixed.multiByteCharacters, 2u);
    QVERIFY2(mixed.guesses.front().encoding != "UTF-8", u8cli::detectionText(mixed).c_str());
    QVERIFY2(u8cli::detectionText(mixed).find(
                 "2 valid UTF-8 character(s) would become mojibake read as " +
                 mixed.guesses.front().encoding) != std::string::npos,
             u8cli::detectionText(mixed).c_str());
}

// ICU's detector itself names windows-125x instead of ISO-8859-x when bytes 80-9F occur (C1
// controls in ISO-8859-x, letters and punctuation in windows-125x), and the ISO page when they
// do not: the page named reads the file back exactly.
void TestDetect::icuNamesTheWindowsPageForBytes80To9F_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("encoding");
    const QString czech = QStringLiteral(
        "Příliš žluťoučký kůň úpěl ďábelské ódy. Šíleně Žádný ťukat Ťapka. Ještě šest žab.");
    const QString hungarian = QStringLiteral(
        "Árvíztűrő tükörfúrógép. Öt szép szűz lány őrült írót nyúz. A magyar nyelv különleges.");
    const QString greek = QStringLiteral(
        "Η γρήγορη καφέ αλεπού πηδάει πάνω από το τεμπέλικο σκυλί. Άλλο ‘κείμενο’ εδώ.");
    QTest::newRow("czech windows-1250") << czech << "windows-1250";
    QTest::newRow("hungarian ISO-8859-2") << hungarian << "ISO-8859-2";
    QTest::newRow("greek windows-1253") << greek << "windows-1253";
    QTest::newRow("french windows-1252") << sentences().at(0) + sentences().at(1) << "windows-1252";
}

void TestDetect::icuNamesTheWindowsPageForBytes80To9F() {
    QFETCH(QString, text);
    QFETCH(QString, encoding);
    const std::string original = repeated(utf8(text) + "\n", 3);
    const std::string data = encoded(original, encoding.toLatin1().constData());
    const Detection d = detectEncoding(bytes(data));
    QVERIFY2(!d.guesses.empty() && d.guesses.front().encoding == encoding.toStdString(),
             u8cli::detectionText(d).c_str());
    const TranscodeResult back = transcode(bytes(data), d.guesses.front().encoding, "UTF-8");
    QVERIFY(back.status.ok());
    QCOMPARE(q(back.output), q(original));
}

// The page the hint names is the page of the repair's own fixes: repairing with that page alone
// undoes the example.
void TestDetect::mojibakeHintIsTheRepairsPage() {
    const std::string text = "Zażółć gęślą jaźń; źródło świętości. Żółw i łódź.\n";
    const std::string damaged = readAs(bytes(text), CodePage::Latin2);
    const Detection d = detectEncoding(bytes(damaged));
    QVERIFY2(d.mojibake.fixes > 0, u8cli::detectionText(d).c_str());
    const MojibakeResult m = repairMojibake(damaged);
    QVERIFY(!m.fixes.empty());
    QCOMPARE(d.mojibake.misdecodings, m.fixes.front().misdecodings);
    QCOMPARE(q(d.mojibake.description),
             q("UTF-8 read as " + std::string(name(d.mojibake.misdecodings.front()))));
    MojibakeOptions only;
    only.codePages = d.mojibake.misdecodings;
    QCOMPARE(q(repairMojibake(damaged, only).text), q(text));
}

void TestDetect::json() {
    const std::string damaged = readAs(bytes("Café"), CodePage::Windows1252);
    const std::string j = u8cli::detectionJson(detectEncoding(bytes(damaged)));
    QJsonParseError err;
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(j), &err);
    QVERIFY2(!doc.isNull(), qPrintable(err.errorString()));
    QCOMPARE(doc.object().value(QLatin1String("valid_utf8")).toBool(), true);
    QCOMPARE(doc.object()
                 .value(QLatin1String("guesses"))
                 .toArray()
                 .at(0)
                 .toObject()
                 .value(QLatin1String("encoding"))
                 .toString(),
             QStringLiteral("UTF-8"));
    QCOMPARE(doc.object()
                 .value(QLatin1String("mojibake"))
                 .toObject()
                 .value(QLatin1String("example_after"))
                 .toString(),
             QStringLiteral("é"));
}

void TestDetect::binaryBySignature_data() {
    QTest::addColumn<QByteArray>("data");
    QTest::addColumn<QString>("what");
    QTest::newRow("elf") << QByteArray("\x7F"
                                       "ELF\x02\x01\x01\0\0\0",
                                       10)
                         << "ELF executable";
    QTest::newRow("png") << QByteArray("\x89PNG\r\n\x1A\n\0\0\0\rIHDR", 16) << "PNG image";
    QTest::newRow("zip") << QByteArray("PK\x03\x04\x14\0\0\0", 8) << "ZIP archive";
    // A PDF is mostly ASCII: only its signature tells.
    QTest::newRow("pdf") << QByteArray("%PDF-1.7\n1 0 obj\n<< >>\nendobj\n") << "PDF document";
}

void TestDetect::binaryBySignature() {
    QFETCH(QByteArray, data);
    QFETCH(QString, what);
    const Detection d = detectEncoding(bytes(std::string_view(data.constData(), data.size())));
    QCOMPARE(QString::fromStdString(d.binary), what);
    QVERIFY(u8cli::detectionText(d).find("binary data, not text: " + what.toStdString()) !=
            std::string::npos);
    const QJsonObject o =
        QJsonDocument::fromJson(QByteArray::fromStdString(u8cli::detectionJson(d))).object();
    QCOMPARE(o.value(QLatin1String("binary")).toString(), what);
}

void TestDetect::binaryByNuls() {
    // Zero bytes in no UTF-16/UTF-32 pattern: binary.
    std::string data;
    for (int i = 0; i < 400; ++i)
        data += std::string("\x01\x02\0\x00\0\x55\xAA\x10\x00\x7F", 10);
    QCOMPARE(QString::fromStdString(detectEncoding(bytes(data)).binary),
             QStringLiteral("NUL-rich: 40 % zero bytes"));
    // Text is not: plain text, UTF-8 with one stray NUL, UTF-16 (its zeros are explained).
    QVERIFY(detectEncoding(bytes("plain text\n")).binary.empty());
    std::string text(1000, 'a');
    text[500] = '\0';
    QVERIFY(detectEncoding(bytes(text)).binary.empty());
    const std::string utf16 = encoded(utf8(sentences().at(0)), "UTF-16LE");
    const Detection d16 = detectEncoding(bytes(utf16));
    QVERIFY(d16.binary.empty());
    QVERIFY(QJsonDocument::fromJson(QByteArray::fromStdString(u8cli::detectionJson(d16)))
                .object()
                .value(QLatin1String("binary"))
                .isNull());
}

// Issue 32: FE FF 00 is no UTF-16BE text; random bytes are binary; binary data gets no repair
// suggested; ASCII in the first 4 MiB is said to be only that.
void TestDetect::whatIssue32Found() {
    const Detection cut = detectEncoding(bytes(std::string("\xFE\xFF\0", 3)));
    QCOMPARE(cut.guesses.front().encoding, std::string("UTF-16BE"));
    QVERIFY(cut.guesses.front().confidence < 50);
    QVERIFY2(cut.guesses.front().reason.find("not whole 16-bit units") != std::string::npos,
             cut.guesses.front().reason.c_str());

    std::string random;
    std::uint32_t x = 12345;
    for (int i = 0; i < 3000; ++i) {
        x = x * 1103515245 + 12345;
        random += char(x >> 24);
    }
    const Detection noise = detectEncoding(bytes(random));
    QVERIFY2(noise.binary.starts_with("control-rich"), noise.binary.c_str());
    for (const EncodingGuess& g : noise.guesses)
        QVERIFY(g.strayBytesPage.empty());
    QVERIFY(u8cli::detectionText(noise).find("repair") == std::string::npos);

    // UTF-16 text without ASCII and without a zero byte has as many such controls: not binary.
    std::string cjk;
    for (char32_t cp = 0x4E01; cjk.size() < 3000; cp += 7)
        if ((cp & 0xFF) != 0) {
            cjk += char(cp & 0xFF);
            cjk += char(cp >> 8);
        }
    QVERIFY(detectEncoding(bytes(cjk)).binary.empty());

    std::string elf("\x7F"
                    "ELF\x02\x01\x01\0\0\0",
                    10);
    elf += random;
    const Detection executable = detectEncoding(bytes(elf));
    QCOMPARE(executable.binary, std::string("ELF executable"));
    QVERIFY(u8cli::detectionText(executable).find("repair") == std::string::npos);

    std::string ascii(std::size_t(5) << 20, 'a');
    ascii += "caf\xC3\xA9 \xFF";
    const Detection head = detectEncoding(bytes(ascii), std::size_t(4) << 20);
    QVERIFY2(head.guesses.front().reason.starts_with("the first 4 MiB are ASCII"),
             head.guesses.front().reason.c_str());
}

QTEST_GUILESS_MAIN(TestDetect)
#include "tst_detect.moc"
