// InspectorPanel, BitLayoutWidget and UnicodeInfo: what the inspector shows for characters of
// each length and for error segments, all from the codec and ICU.
//
// Set U8SCOPE_SCREENSHOT_DIR to a folder to also save what each case looks like (light and dark
// palettes), for a person to look at.
#include "bit_layout_widget.h"
#include "byte_document.h"
#include "byte_selection.h"
#include "inspector_panel.h"
#include "paint_probe.h"
#include "u8codec/byte_source.h"
#include "unicode_info.h"

#include <QApplication>
#include <QDir>
#include <QPalette>
#include <QTest>

using namespace u8ui;

namespace {

std::vector<std::uint8_t> bytesOf(const char* s) {
    return std::vector<std::uint8_t>(s, s + std::strlen(s));
}

void saveShots(QWidget& w, const QString& name) {
    const QString dir = qEnvironmentVariable("U8SCOPE_SCREENSHOT_DIR");
    if (dir.isEmpty())
        return;
    QDir().mkpath(dir);
    w.resize(560, w.sizeHint().height() + 40);
    w.setPalette(QPalette());
    w.grab().save(dir + "/" + name + "-light.png");
    w.setPalette(testing::darkPalette());
    w.setAutoFillBackground(true);
    w.grab().save(dir + "/" + name + "-dark.png");
    w.setPalette(QPalette());
}

} // namespace

class TestInspector : public QObject {
    Q_OBJECT
private slots:
    void unicodeInfo() {
        QCOMPARE(UnicodeInfo::name(0x20AC), QString("EURO SIGN"));
        // Controls by their Unicode name aliases, not "<control-000A>".
        QCOMPARE(UnicodeInfo::name(0x9), QString("CHARACTER TABULATION"));
        QCOMPARE(UnicodeInfo::name(0xA), QString("LINE FEED"));
        QCOMPARE(UnicodeInfo::name(0xD), QString("CARRIAGE RETURN"));
        QCOMPARE(UnicodeInfo::name(0x1B), QString("ESCAPE"));
        QCOMPARE(UnicodeInfo::name(0x85), QString("NEXT LINE"));
        QCOMPARE(UnicodeInfo::name(0x7F), QString("DELETE"));
        // A corrected name wins over the misspelt original (U+01A2, "LATIN CAPITAL LETTER OI").
        QCOMPARE(UnicodeInfo::name(0x1A2), QString("LATIN CAPITAL LETTER GHA"));
        // Code points with neither name nor alias keep ICU's label.
        QCOMPARE(UnicodeInfo::name(0xE000), QString("<private use area-E000>"));
        QCOMPARE(UnicodeInfo::categoryName(0x20AC), QString("Currency symbol"));
        QCOMPARE(UnicodeInfo::categoryCode(0x20AC), QString("Sc"));
        QCOMPARE(UnicodeInfo::blockName(0x20AC), QString("Currency Symbols"));
        QCOMPARE(UnicodeInfo::utf16(0x1F600), QString("D83D DE00"));
        QCOMPARE(UnicodeInfo::utf32(0x20AC), QString("000020AC"));
        QCOMPARE(UnicodeInfo::escapeU(0x20AC), QString("\\u20AC"));
        QCOMPARE(UnicodeInfo::escapeU(0x1F600), QString("\\U0001F600"));
        const std::uint8_t euro[] = {0xE2, 0x82, 0xAC};
        QCOMPARE(UnicodeInfo::escapeBytes(euro), QString("\\xE2\\x82\\xAC"));
        QCOMPARE(UnicodeInfo::htmlReference(0x20AC), QString("&#x20AC;"));
        QCOMPARE(UnicodeInfo::controlAbbreviation(0x0A), QString("LF"));
        QCOMPARE(UnicodeInfo::controlAbbreviation(0x7F), QString("DEL"));
        QVERIFY(UnicodeInfo::controlAbbreviation(0x41).isEmpty());
    }

    void character_data() {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("title");
        QTest::addColumn<QString>("category");
        QTest::addColumn<QString>("block");
        QTest::addColumn<QString>("utf16");
        QTest::addColumn<QString>("escape");
        QTest::addColumn<QString>("bits");
        QTest::newRow("euro") << QByteArray("\xE2\x82\xAC") << "U+20AC  EURO SIGN"
                              << "Currency symbol (Sc)"
                              << "Currency Symbols"
                              << "20AC"
                              << "\\u20AC"
                              << "1110|0010 10|000010 10|101100 -> 0010000010101100 = U+20AC";
        QTest::newRow("grinning face")
            << QByteArray("\xF0\x9F\x98\x80") << "U+1F600  GRINNING FACE"
            << "Other symbol (So)"
            << "Emoticons"
            << "D83D DE00"
            << "\\U0001F600"
            << "11110|000 10|011111 10|011000 10|000000 -> 000011111011000000000 = U+1F600";
        QTest::newRow("ascii") << QByteArray("A") << "U+0041  LATIN CAPITAL LETTER A"
                               << "Uppercase letter (Lu)"
                               << "Basic Latin"
                               << "0041"
                               << "\\u0041"
                               << "0|1000001 -> 1000001 = U+0041";
    }
    void character() {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, title);
        QFETCH(QString, category);
        QFETCH(QString, block);
        QFETCH(QString, utf16);
        QFETCH(QString, escape);
        QFETCH(QString, bits);
        // The character sits after some text so that the offset is not 0.
        std::vector<std::uint8_t> data = bytesOf("ab ");
        data.insert(data.end(), bytes.begin(), bytes.end());
        data.push_back('\n');
        const u8codec::MemorySource source(data);
        InspectorPanel panel;
        // Any byte of the character shows the whole character.
        panel.setDocumentAndOffset(source, 3 + quint64(bytes.size()) - 1);
        QCOMPARE(panel.titleText(), title);
        QCOMPARE(panel.field("Category"), category);
        QCOMPARE(panel.field("Block"), block);
        QCOMPARE(panel.field("UTF-16"), utf16);
        QCOMPARE(panel.field("Escape"), escape);
        QCOMPARE(panel.field("UTF-8"), QString(bytes.toHex(' ').toUpper()));
        QCOMPARE(panel.bitLayout()->textDescription(), bits);
        QVERIFY(!panel.bitLayout()->isHidden());
        saveShots(panel, QString("inspector-") + QTest::currentDataTag());
    }

    void aCharacterNoFontHasIsNamedNotBoxed() {
        // U+1E4D0 NAG MUNDARI LETTER O (Unicode 15.0): no font of Debian 12 has it.
        const std::vector<std::uint8_t> data = bytesOf("A\xF0\x9E\x93\x90");
        const u8codec::MemorySource source(data);
        InspectorPanel panel;
        panel.setDocumentAndOffset(source, 1);
        QCOMPARE(panel.titleText(), QStringLiteral("U+1E4D0  NAG MUNDARI LETTER O"));
        QCOMPARE(panel.field("Glyph"), QStringLiteral("No installed font has this character"));
        panel.setDocumentAndOffset(source, 0);
        QCOMPARE(panel.field("Glyph"), QString());
    }

    void aClusterIsListedCodePointByCodePoint() {
        // "e" + U+0301, then 👩‍👧: the inspector on any of their code points lists the
        // cluster; on "x", a cluster of one, it says nothing of clusters.
        const std::vector<std::uint8_t> data =
            bytesOf("e\xCC\x81x\xF0\x9F\x91\xA9\xE2\x80\x8D\xF0\x9F\x91\xA7");
        const u8codec::MemorySource source(data);
        InspectorPanel panel;
        panel.setDocumentAndOffset(source, 1);
        QCOMPARE(panel.field("Cluster"),
                 QStringLiteral("2 code points in 3 bytes, read as one character:\n"
                                "U+0065 LATIN SMALL LETTER E\n"
                                "U+0301 COMBINING ACUTE ACCENT"));
        panel.setDocumentAndOffset(source, 3);
        QCOMPARE(panel.field("Cluster"), QString());
        panel.setDocumentAndOffset(source, 9);
        QVERIFY(panel.field("Cluster").startsWith(
            QStringLiteral("3 code points in 11 bytes, read as one character:\nU+1F469 WOMAN\n"
                           "U+200D ZERO WIDTH JOINER\nU+1F467 GIRL")));
    }

    void error_data() {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<int>("at");
        QTest::addColumn<QString>("title");
        QTest::addColumn<QString>("explanationStart");
        QTest::addColumn<QString>("bits");
        QTest::newRow("overlong slash")
            << QByteArray("x\xC0\xAFy") << 2 << "Overlong form"
            << "C0 AF is an overlong 2-byte form of U+002F '/'"
            << "110|00000 10|101111 -> 00000101111 = U+002F, as a decoder that ignores the rules "
               "would read it";
        QTest::newRow("surrogate")
            << QByteArray("x\xED\xA0\x80y") << 1 << "Encoded surrogate"
            << "ED A0 80 encodes U+D800, a UTF-16 high surrogate"
            << "1110|1101 10|100000 10|000000 -> 1101100000000000 = U+D800, as a decoder that "
               "ignores the rules would read it";
        QTest::newRow("stray continuation")
            << QByteArray("x\x80y") << 1 << "Stray continuation byte"
            << "80 is a continuation byte (10xxxxxx) with no lead byte before it"
            << "10000000 (No complete sequence: nothing to assemble)";
    }
    void error() {
        QFETCH(QByteArray, bytes);
        QFETCH(int, at);
        QFETCH(QString, title);
        QFETCH(QString, explanationStart);
        QFETCH(QString, bits);
        const u8codec::MemorySource source(std::vector<std::uint8_t>(bytes.begin(), bytes.end()));
        InspectorPanel panel;
        panel.setDocumentAndOffset(source, quint64(at));
        QCOMPARE(panel.titleText(), title);
        const QString explanation = panel.field("Explanation");
        QVERIFY2(explanation.startsWith(explanationStart), qPrintable(explanation));
        QCOMPARE(panel.bitLayout()->textDescription(), bits);
        QVERIFY(panel.field("Name").isEmpty());
        saveShots(panel, QString("inspector-") + QTest::currentDataTag());
    }

    void followsSelection() {
        ByteDocument document;
        ByteSelection selection;
        const std::string text = "a\xE2\x82\xAC\xC0\xAF";
        document.setSource(std::make_shared<u8codec::MemorySource>(
                               std::vector<std::uint8_t>(text.begin(), text.end())),
                           "t");
        InspectorPanel panel;
        panel.attach(&document, &selection);
        QCOMPARE(panel.field("Code point"), QString("U+0061 (decimal 97)"));
        selection.setCursor(2);
        QCOMPARE(panel.titleText(), QString("U+20AC  EURO SIGN"));
        selection.setCursor(5);
        QCOMPARE(panel.titleText(), QString("Overlong form"));
        panel.attach(nullptr, nullptr);
        QCOMPARE(panel.titleText(), QString("No data"));
    }

    void segmentWithoutSource() {
        InspectorPanel panel;
        const std::uint8_t euro[] = {0xE2, 0x82, 0xAC};
        panel.setSegment(u8codec::Segment{7, 3, u8codec::ErrorKind::None, 0x20AC}, euro);
        QCOMPARE(panel.field("HTML"), QString("&#x20AC;"));
        const std::uint8_t truncated[] = {0xE2, 0x82};
        panel.setSegment(u8codec::Segment{7, 2, u8codec::ErrorKind::Truncated, 0}, truncated);
        QCOMPARE(panel.titleText(), QString("Truncated sequence"));
        panel.clear("nothing");
        QCOMPARE(panel.titleText(), QString("nothing"));
        QVERIFY(panel.bitLayout()->isHidden());
    }
};

QTEST_MAIN(TestInspector)
#include "tst_inspector.moc"
