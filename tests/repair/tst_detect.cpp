// Detection (issue 4 sections 3 and 6): BOMs, UTF-16/32 by zero bytes, ICU's detector for legacy
// pages, and the mojibake verdict for valid UTF-8.
#include "repair_test_support.h"
#include "u8codec/detect.h"
#include "u8codec/transcode.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using namespace u8codec;
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
    void json();
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
    QVERIFY(d.toText().find("no sign of mojibake") != std::string::npos);
    QVERIFY(d.lineEndings.has_value());
    QCOMPARE(d.lineEndings->lf, std::uint64_t(sentences().size()));
    const Detection mixed = detectEncoding(bytes("a\r\nb\nc\r\n"));
    QVERIFY(mixed.lineEndings->mixed());
    QVERIFY(mixed.toText().find("line endings: 1 LF, 2 CRLF, 0 CR (mixed") != std::string::npos);
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
    QVERIFY(d.toText().find("repair --mojibake") != std::string::npos);
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
    QVERIFY2(inTop(d, accepted, 3), d.toText().c_str());
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
    QVERIFY(d.guesses.front().reason.find("--invalid=cp1252") != std::string::npos);
}

void TestDetect::json() {
    const std::string damaged = readAs(bytes("Café"), CodePage::Windows1252);
    const std::string j = detectEncoding(bytes(damaged)).toJson();
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

QTEST_GUILESS_MAIN(TestDetect)
#include "tst_detect.moc"
