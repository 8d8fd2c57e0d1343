// Copying a selection as hex, as text and as a C array.
#include "sample_sources.h"
#include "selection_copy.h"

#include <QClipboard>
#include <QGuiApplication>
#include <QTest>

using u8ui::ByteRange;
using u8ui::SelectionCopy;
using Format = u8ui::SelectionCopy::Format;

class TestSelectionCopy : public QObject {
    Q_OBJECT
private slots:
    void formats_data();
    void formats();
    void cArrayWrapsLongSelections();
    void textPolicies();
    void refusesEmptyAndHugeRanges();
    void clipsToTheSource();
    void clipboard();
};

void TestSelectionCopy::formats_data() {
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<int>("format");
    QTest::addColumn<QString>("expected");
    const QByteArray euro("\xE2\x82\xAC", 3);
    QTest::newRow("hex euro") << euro << int(Format::Hex) << QStringLiteral("E2 82 AC");
    QTest::newRow("text euro") << euro << int(Format::Text) << QStringLiteral("\u20AC");
    QTest::newRow("c array euro") << euro << int(Format::CArray)
                                  << QStringLiteral(
                                         "const unsigned char data[] = { 0xE2, 0x82, 0xAC };");
    QTest::newRow("hex ascii") << QByteArray("A\n") << int(Format::Hex) << QStringLiteral("41 0A");
    QTest::newRow("text with error segments")
        << QByteArray("a\xC0\xAF"
                      "b",
                      4)
        << int(Format::Text)
        << QStringLiteral("a\uFFFD\uFFFDb"); // C0 and AF are two maximal subparts
    QTest::newRow("c array one byte") << QByteArray("\x00", 1) << int(Format::CArray)
                                      << QStringLiteral("const unsigned char data[] = { 0x00 };");
}

void TestSelectionCopy::formats() {
    QFETCH(QByteArray, bytes);
    QFETCH(int, format);
    QFETCH(QString, expected);
    const auto source = u8ui::testing::memorySource(bytes);
    const auto result =
        SelectionCopy::format(*source, ByteRange{0, quint64(bytes.size())}, Format(format));
    QVERIFY2(result.ok(), qPrintable(result.error));
    QCOMPARE(result.text, expected);
}

void TestSelectionCopy::cArrayWrapsLongSelections() {
    QByteArray bytes;
    for (int i = 0; i < 14; ++i)
        bytes.append(char(i));
    const auto source = u8ui::testing::memorySource(bytes);
    const auto result = SelectionCopy::format(*source, ByteRange{0, 14}, Format::CArray);
    QCOMPARE(result.text, QStringLiteral("const unsigned char data[] = {\n"
                                         "    0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, "
                                         "0x08, 0x09, 0x0A, 0x0B,\n"
                                         "    0x0C, 0x0D,\n"
                                         "};"));
}

void TestSelectionCopy::textPolicies() {
    const QByteArray bytes("x\xE9y", 3); // Latin-1 e-acute: E9 is a 3-byte lead cut short by y
    QCOMPARE(SelectionCopy::text(std::span<const std::uint8_t>(
                                     reinterpret_cast<const std::uint8_t*>(bytes.data()), 3),
                                 u8codec::ErrorPolicy::Latin1),
             QStringLiteral("x\u00E9y"));
    QCOMPARE(SelectionCopy::text(std::span<const std::uint8_t>(
                                     reinterpret_cast<const std::uint8_t*>(bytes.data()), 3),
                                 u8codec::ErrorPolicy::Ignore),
             QStringLiteral("xy"));
    // Strict keeps what precedes the first error.
    QCOMPARE(SelectionCopy::text(std::span<const std::uint8_t>(
                                     reinterpret_cast<const std::uint8_t*>(bytes.data()), 3),
                                 u8codec::ErrorPolicy::Strict),
             QStringLiteral("x"));
}

void TestSelectionCopy::refusesEmptyAndHugeRanges() {
    u8ui::testing::GeneratedSource huge(quint64(4) << 30);
    const auto tooBig = SelectionCopy::format(huge, ByteRange{0, huge.size()}, Format::Hex);
    QVERIFY(!tooBig.ok());
    QVERIFY(tooBig.text.isEmpty());
    QCOMPARE(huge.bytesRead.load(), quint64(0)); // refused before reading anything
    const auto empty = SelectionCopy::format(huge, ByteRange{5, 5}, Format::Hex);
    QVERIFY(!empty.ok());
}

void TestSelectionCopy::clipsToTheSource() {
    const auto source = u8ui::testing::memorySource(QByteArray("abc"));
    const auto result = SelectionCopy::format(*source, ByteRange{1, 100}, Format::Hex);
    QCOMPARE(result.text, QStringLiteral("62 63"));
    QVERIFY(!SelectionCopy::format(*source, ByteRange{3, 100}, Format::Hex).ok());
}

void TestSelectionCopy::clipboard() {
    const auto source = u8ui::testing::memorySource(u8ui::testing::everyRoleSample());
    const auto result = SelectionCopy::toClipboard(*source, ByteRange{5, 8}, Format::Hex);
    QVERIFY(result.ok());
    QCOMPARE(QGuiApplication::clipboard()->text(), QStringLiteral("E2 82 AC"));
}

QTEST_MAIN(TestSelectionCopy)
#include "tst_selection_copy.moc"
