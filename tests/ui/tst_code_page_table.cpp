// CodePageTable: the grid's geometry, counts, tooltips from the codec, and the activation signal.
#include "code_page_table.h"
#include "contrast.h"
#include "document_scan.h"
#include "paint_probe.h"
#include "role_palette.h"
#include "u8codec/byte_source.h"

#include <QDir>
#include <QImage>
#include <QSignalSpy>
#include <QTest>

using namespace u8ui;

class TestCodePageTable : public QObject {
    Q_OBJECT
private slots:
    void geometry() {
        CodePageTable table;
        table.resize(table.sizeHint());
        for (int b : {0x00, 0x0F, 0x41, 0x80, 0xC2, 0xE2, 0xF4, 0xFF}) {
            const QRect r = table.cellRect(b);
            QVERIFY(r.isValid());
            QCOMPARE(table.byteAt(r.center()), b);
        }
        // Row = high nibble, column = low nibble.
        QVERIFY(table.cellRect(0xE2).top() > table.cellRect(0xD2).top());
        QCOMPARE(table.cellRect(0xE2).left(), table.cellRect(0x32).left());
        QCOMPARE(table.byteAt(QPoint(1, 1)), -1);
    }

    void countsFromScan() {
        const std::string text = "a\xE2\x82\xAC\xE2\x82\xAC\xFF";
        std::atomic<bool> stop{false};
        const auto outcome = u8doc::DocumentScan::scan(
            u8codec::MemorySource(std::vector<std::uint8_t>(text.begin(), text.end())), 10, stop);
        CodePageTable table;
        QVERIFY(!table.hasCounts());
        table.setCounts(outcome.report->byteCounts);
        QVERIFY(table.hasCounts());
        QCOMPARE(table.count(0xE2), 2ull);
        QCOMPARE(table.count('a'), 1ull);
        QCOMPARE(table.count(0xFF), 1ull);
        QCOMPARE(table.count(0x00), 0ull);
        QVERIFY(table.toolTipFor(0xE2).contains("Occurs 2 times"));
        table.clearCounts();
        QCOMPARE(table.count(0xE2), 0ull);
        QVERIFY(!table.toolTipFor(0xE2).contains("Occurs"));
    }

    void toolTips_data() {
        QTest::addColumn<int>("byte");
        QTest::addColumn<QString>("expected");
        QTest::newRow("ascii") << 0x41 << "The character U+0041 on its own.";
        QTest::newRow("lead2") << 0xC2 << "Starts a 2-byte character from U+0080 to U+00BF.";
        QTest::newRow("E0") << 0xE0
                            << "the next byte must be A0-BF, since lower values would be overlong";
        QTest::newRow("ED")
            << 0xED
            << "the next byte must be 80-9F, since higher values would encode UTF-16 surrogates";
        QTest::newRow("F4")
            << 0xF4 << "the next byte must be 80-8F, since higher values would lie beyond U+10FFFF";
        QTest::newRow("continuation") << 0x9A << "Only valid after a lead byte";
        QTest::newRow("C0") << 0xC0 << "Never valid in UTF-8";
        QTest::newRow("FF") << 0xFF << "Never valid in UTF-8";
    }
    void toolTips() {
        QFETCH(int, byte);
        QFETCH(QString, expected);
        CodePageTable table;
        const QString tip = table.toolTipFor(byte);
        QVERIFY2(tip.contains(expected), qPrintable(tip));
        QCOMPARE(tip.contains("Restricted lead"),
                 byte == 0xE0 || byte == 0xED || byte == 0xF0 || byte == 0xF4);
    }

    // Each cell names its byte and what it stands for: a lead its lowest code point, as the
    // README says, not only in the tooltip.
    void cellText() {
        CodePageTable table;
        QCOMPARE(table.cellText(0xC2).hex, QStringLiteral("C2"));
        QCOMPARE(table.cellText(0xC2).detail, QStringLiteral("U+0080"));
        QCOMPARE(table.cellText(0xE0).detail, QStringLiteral("U+0800"));
        QCOMPARE(table.cellText(0xE1).detail, QStringLiteral("U+1000"));
        QCOMPARE(table.cellText(0xF0).detail, QStringLiteral("U+10000"));
        QCOMPARE(table.cellText(0xF4).detail, QStringLiteral("U+100000"));
        QCOMPARE(table.cellText('A').detail, QStringLiteral("A"));
        QVERIFY(table.cellText(0x9A).detail.isEmpty()); // a continuation starts nothing
        QCOMPARE(table.cellText(0xC0).detail, QString(QChar(0x2715)));
        QVERIFY(table.cellText(0xC2).count.isEmpty());
        std::array<quint64, 256> counts{};
        counts[0xC2] = 12345;
        table.setCounts(counts);
        QCOMPARE(table.cellText(0xC2).count, QStringLiteral("12.3k"));
        QCOMPARE(table.cellText(0xC3).count, QStringLiteral("0"));
    }

    // The lead cells' text reads on their colour in both themes (WCAG AA).
    void leadTextReadsInBothThemes() {
        for (const RolePalette& roles : {RolePalette::light(), RolePalette::dark()})
            for (int b : {0xC2, 0xE0, 0xF0}) {
                const RoleStyle& style = roles.style(RolePalette::roleForClass(quint8(b)));
                QVERIFY2(contrastRatio(style.text, style.fill) >= kReadableContrast,
                         qPrintable(QString::number(b, 16)));
            }
    }

    // Every cell is painted in the shared colour of its byte's context-free class (the codec's
    // classify, through RolePalette::roleForClass), in both themes.
    void cellsWearTheirClassColour() {
        for (const QPalette& palette : {QPalette(), u8ui::testing::darkPalette()}) {
            CodePageTable table;
            table.setPalette(palette);
            table.resize(table.sizeHint());
            const QImage image = table.grab().toImage();
            const RolePalette roles = RolePalette::forPalette(palette);
            QCOMPARE(roles.isDark(), palette.color(QPalette::Window).lightness() < 128);
            for (int b = 0; b < 256; ++b) {
                const QColor want = roles.style(RolePalette::roleForClass(quint8(b))).fill;
                const QColor got = u8ui::testing::dominantColour(image, table.cellRect(b));
                QVERIFY2(got == want, qPrintable(QStringLiteral("%1: %2, want %3")
                                                     .arg(b, 2, 16, QLatin1Char('0'))
                                                     .arg(got.name(), want.name())));
            }
        }
    }

    // Even at its minimum size (a narrow dock), the lead cells show their code point under the
    // hex byte: the detail line of F0 ("U+10000") is painted, smaller, not left out.
    void narrowCellsStillShowTheCodePoint() {
        CodePageTable table;
        table.resize(table.minimumSizeHint());
        const QImage image = table.grab().toImage();
        const RolePalette roles = RolePalette::forPalette(table.palette());
        for (int b : {0xC2, 0xE0, 0xF0}) {
            const QColor fill = roles.style(RolePalette::roleForClass(quint8(b))).fill;
            const QRect cell = table.cellRect(b);
            const QRect detailLine(cell.left() + 2, cell.center().y() + 1, cell.width() - 4,
                                   cell.height() / 2 - 2);
            int ink = 0;
            for (int y = detailLine.top(); y <= detailLine.bottom(); ++y)
                for (int x = detailLine.left(); x <= detailLine.right(); ++x)
                    if (contrastRatio(image.pixelColor(x, y), fill) > 2)
                        ++ink;
            QVERIFY2(ink > 10, qPrintable(QStringLiteral("%1: %2 pixels").arg(b, 0, 16).arg(ink)));
        }
    }

    void clickAndKeys() {
        CodePageTable table;
        table.resize(table.sizeHint());
        table.show();
        QVERIFY(QTest::qWaitForWindowExposed(&table));
        QSignalSpy activated(&table, &CodePageTable::byteValueActivated);
        QTest::mouseClick(&table, Qt::LeftButton, {}, table.cellRect(0xE2).center());
        QCOMPARE(activated.count(), 1);
        QCOMPARE(activated.at(0).at(0).toInt(), 0xE2);
        QCOMPARE(table.currentByte(), 0xE2);
        QTest::mouseClick(&table, Qt::LeftButton, {}, QPoint(1, 1)); // the corner: no byte
        QCOMPARE(activated.count(), 1);
        table.setFocus();
        QTest::keyClick(&table, Qt::Key_Down);
        QTest::keyClick(&table, Qt::Key_Right);
        QCOMPARE(table.currentByte(), 0xF3);
        QTest::keyClick(&table, Qt::Key_Return);
        QCOMPARE(activated.count(), 2);
        QCOMPARE(activated.at(1).at(0).toInt(), 0xF3);

        const QString dir = qEnvironmentVariable("U8SCOPE_SCREENSHOT_DIR");
        if (!dir.isEmpty()) {
            std::array<quint64, 256> counts{};
            for (int b = 0; b < 256; ++b)
                counts[std::size_t(b)] =
                    b < 0x80 ? quint64(b) * 1000 : (b % 7 == 0 ? 0 : quint64(b) * b);
            table.setCounts(counts);
            QDir().mkpath(dir);
            table.grab().save(dir + "/code-page-table-light.png");
            table.setPalette(u8ui::testing::darkPalette());
            table.setAutoFillBackground(true);
            table.grab().save(dir + "/code-page-table-dark.png");
        }
    }
};

QTEST_MAIN(TestCodePageTable)
#include "tst_code_page_table.moc"
