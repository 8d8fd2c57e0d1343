// What the window needs from the codec to show the audit: a line in the order a reader sees it
// (UAX #9 through ICU), which characters draw nothing and their abbreviations (NameAliases.txt),
// and the ASCII a look-alike is drawn like (UTS #39 skeletons).
#include "u8codec/controls.h"
#include "u8convert/audit.h"
#include "u8convert/reading_order.h"

#include <QTest>
#include <string>

namespace {

std::vector<std::size_t> logicalIndexes(const u8convert::ReadingOrder& order) {
    std::vector<std::size_t> out;
    for (const auto& cell : order.cells)
        out.push_back(cell.logical);
    return out;
}

std::u32string shown(const u8convert::ReadingOrder& order) {
    std::u32string out;
    for (const auto& cell : order.cells)
        out += cell.shown;
    return out;
}

} // namespace

class TestAuditDisplay : public QObject {
    Q_OBJECT
private slots:
    void plainLineKeepsItsOrder() {
        const std::u32string line = U"int x = f(1); // done";
        const auto order = u8convert::readingOrder(line);
        QCOMPARE(order.cells.size(), line.size());
        QVERIFY(!order.reordered());
        QVERIFY(!order.rightToLeft);
        QCOMPARE(shown(order), line);
    }

    // The commenting-out attack of Trojan Source: an RLO inside a comment and isolates make a
    // reader see "/* begin admins only */ if (isAdmin) {" where the compiler reads a comment.
    void trojanSourceLineIsReordered() {
        const std::u32string line =
            U"/*\u202E } \u2066if (isAdmin)\u2069 \u2066 begin admins only */";
        const auto order = u8convert::readingOrder(line);
        QCOMPARE(order.cells.size(), line.size());
        QVERIFY(order.reordered());
        // Every character once.
        auto indexes = logicalIndexes(order);
        std::sort(indexes.begin(), indexes.end());
        for (std::size_t i = 0; i < indexes.size(); ++i)
            QCOMPARE(indexes[i], i);
        // What a reader sees, without the controls: the comment's words come before the code.
        std::u32string visible;
        for (const auto& cell : order.cells)
            if (!u8convert::isBidiControl(line[cell.logical]))
                visible += cell.shown;
        QCOMPARE(QString::fromStdU32String(visible),
                 QStringLiteral("/* begin admins only */ if (isAdmin) { "));
        // The '}' under the override is displayed right to left, mirrored (UAX #9 rule L4).
        const auto brace = std::find_if(order.cells.begin(), order.cells.end(),
                                        [](const auto& c) { return c.logical == 4; });
        QVERIFY(brace != order.cells.end());
        QCOMPARE(brace->level % 2, 1);
        QCOMPARE(brace->shown, char32_t('{'));
    }

    void rightToLeftParagraph() {
        // Hebrew first: a right-to-left paragraph (rules P2, P3), shown last letter first.
        const std::u32string line = U"\u05E9\u05DC\u05D5\u05DD (1)";
        const auto order = u8convert::readingOrder(line);
        QVERIFY(order.rightToLeft);
        QVERIFY(order.reordered());
        QCOMPARE(order.cells.back().logical, std::size_t(0));
        // An empty line and a line beyond the BMP.
        QVERIFY(u8convert::readingOrder(U"").cells.empty());
        const auto emoji = u8convert::readingOrder(U"a\U0001F600b");
        QCOMPARE(logicalIndexes(emoji), (std::vector<std::size_t>{0, 1, 2}));
    }

    void bidiControls() {
        for (char32_t cp : {0x061Cu, 0x200Eu, 0x200Fu, 0x202Au, 0x202Bu, 0x202Cu, 0x202Du, 0x202Eu,
                            0x2066u, 0x2067u, 0x2068u, 0x2069u})
            QVERIFY2(u8convert::isBidiControl(cp), qPrintable(QString::number(cp, 16)));
        for (char32_t cp : {0x41u, 0x05D0u, 0x200Bu, 0xFEFFu})
            QVERIFY(!u8convert::isBidiControl(cp));
    }

    void whatDrawsNothing_data() {
        QTest::addColumn<uint>("cp");
        QTest::addColumn<bool>("nothing");
        QTest::addColumn<QString>("abbreviation");
        QTest::newRow("A") << 0x41u << false << "";
        QTest::newRow("TAB: a control picture") << 0x09u << false << "HT";
        QTest::newRow("NEL") << 0x85u << true << "NEL";
        QTest::newRow("CSI") << 0x9Bu << true << "CSI";
        QTest::newRow("NBSP: drawn as a space") << 0xA0u << false << "NBSP";
        QTest::newRow("SHY") << 0xADu << true << "SHY";
        QTest::newRow("ZWSP") << 0x200Bu << true << "ZWSP";
        QTest::newRow("ZWJ") << 0x200Du << true << "ZWJ";
        QTest::newRow("RLO") << 0x202Eu << true << "RLO";
        QTest::newRow("PDI") << 0x2069u << true << "PDI";
        QTest::newRow("WJ") << 0x2060u << true << "WJ";
        QTest::newRow("BOM") << 0xFEFFu << true << "BOM";
        QTest::newRow("VS16") << 0xFE0Fu << true << "VS16";
        QTest::newRow("VS17") << 0xE0100u << true << "VS17";
        QTest::newRow("VS256") << 0xE01EFu << true << "VS256";
        QTest::newRow("FVS4") << 0x180Fu << true << "FVS4";
        QTest::newRow("Hangul filler") << 0x3164u << true << "";
        QTest::newRow("tag a") << 0xE0061u << true << "";
        QTest::newRow("line separator") << 0x2028u << true << "";
        QTest::newRow("Arabic number sign: drawn") << 0x0600u << false << "";
        QTest::newRow("Cyrillic EN") << 0x041Du << false << "";
    }
    void whatDrawsNothing() {
        QFETCH(uint, cp);
        QFETCH(bool, nothing);
        QFETCH(QString, abbreviation);
        QCOMPARE(u8convert::drawsNothing(char32_t(cp)), nothing);
        QCOMPARE(QString::fromStdString(u8codec::abbreviation(char32_t(cp))), abbreviation);
    }

    void asciiLookalikes() {
        QCOMPARE(QString::fromStdString(u8convert::asciiLookalike(0x041D)), QStringLiteral("H"));
        QCOMPARE(QString::fromStdString(u8convert::asciiLookalike(0x0435)), QStringLiteral("e"));
        QCOMPARE(QString::fromStdString(u8convert::asciiLookalike(0x03BF)), QStringLiteral("o"));
        QVERIFY(u8convert::asciiLookalike('H').empty());    // ASCII itself
        QVERIFY(u8convert::asciiLookalike(0x4E00).empty()); // CJK ONE: no ASCII skeleton
        QVERIFY(u8convert::asciiLookalike(0x05D0).empty()); // HEBREW ALEF
    }
};

QTEST_GUILESS_MAIN(TestAuditDisplay)
#include "tst_audit_display.moc"
