// How characters fill a terminal's cells (u8convert/terminal_width.h): the width of each kind of
// character, and the form a text dump shows it in, on characters chosen for each rule.
#include "u8convert/audit.h"
#include "u8convert/terminal_width.h"

#include <QTest>

using namespace u8codec;
using namespace u8convert;

class TestTerminalWidth : public QObject {
    Q_OBJECT
private slots:
    void columns_data();
    void columns();
    void forms_data();
    void forms();
    void everyCodePointHasAWidth();
};

void TestTerminalWidth::columns_data() {
    QTest::addColumn<uint>("cp");
    QTest::addColumn<int>("columns");
    QTest::newRow("A") << 0x41u << 1;
    QTest::newRow("é") << 0xE9u << 1;
    QTest::newRow("middle dot: Ambiguous, narrow") << 0xB7u << 1;
    QTest::newRow("Greek alpha") << 0x3B1u << 1;
    QTest::newRow("CJK 世: Wide") << 0x4E16u << 2;
    QTest::newRow("Hangul syllable 한: Wide") << 0xD55Cu << 2;
    QTest::newRow("hiragana あ") << 0x3042u << 2;
    QTest::newRow("ideographic space: Fullwidth") << 0x3000u << 2;
    QTest::newRow("fullwidth A") << 0xFF21u << 2;
    QTest::newRow("halfwidth katakana ｱ") << 0xFF71u << 1;
    QTest::newRow("emoji 😀: Emoji_Presentation") << 0x1F600u << 2;
    QTest::newRow("☺ text-style emoji: narrow") << 0x263Au << 1;
    QTest::newRow("combining acute: Mn") << 0x301u << 0;
    QTest::newRow("enclosing circle: Me") << 0x20DDu << 0;
    QTest::newRow("Devanagari visarga: Mc, spacing") << 0x903u << 1;
    QTest::newRow("zero width space: Cf") << 0x200Bu << 0;
    QTest::newRow("ZWJ") << 0x200Du << 0;
    QTest::newRow("RLO") << 0x202Eu << 0;
    QTest::newRow("BOM") << 0xFEFFu << 0;
    QTest::newRow("variation selector 16") << 0xFE0Fu << 0;
    QTest::newRow("soft hyphen: drawn") << 0xADu << 1;
    QTest::newRow("Hangul jungseong filler") << 0x1160u << 0;
    QTest::newRow("Hangul jungseong a: joins") << 0x1161u << 0;
    QTest::newRow("Hangul choseong kiyeok: Wide") << 0x1100u << 2;
    QTest::newRow("tab") << 0x9u << 0;
    QTest::newRow("NEL: C1") << 0x85u << 0;
    QTest::newRow("NBSP") << 0xA0u << 1;
}

void TestTerminalWidth::columns() {
    QFETCH(uint, cp);
    QFETCH(int, columns);
    QCOMPARE(terminalColumns(char32_t(cp)), columns);
}

void TestTerminalWidth::forms_data() {
    QTest::addColumn<uint>("cp");
    QTest::addColumn<int>("form");
    QTest::newRow("A") << 0x41u << int(CellForm::Glyph);
    QTest::newRow("space") << 0x20u << int(CellForm::Glyph);
    QTest::newRow("世") << 0x4E16u << int(CellForm::Glyph);
    QTest::newRow("😀") << 0x1F600u << int(CellForm::Glyph);
    QTest::newRow("private use") << 0xE000u << int(CellForm::Glyph);
    QTest::newRow("combining acute") << 0x301u << int(CellForm::CombiningMark);
    QTest::newRow("Devanagari visarga") << 0x903u << int(CellForm::CombiningMark);
    QTest::newRow("enclosing circle") << 0x20DDu << int(CellForm::CombiningMark);
    QTest::newRow("NBSP") << 0xA0u << int(CellForm::Space);
    QTest::newRow("em space") << 0x2003u << int(CellForm::Space);
    QTest::newRow("ideographic space") << 0x3000u << int(CellForm::Space);
    QTest::newRow("ZWSP") << 0x200Bu << int(CellForm::Invisible);
    QTest::newRow("RLO") << 0x202Eu << int(CellForm::Invisible);
    QTest::newRow("BOM") << 0xFEFFu << int(CellForm::Invisible);
    QTest::newRow("NEL: C1") << 0x85u << int(CellForm::Invisible);
    QTest::newRow("line separator") << 0x2028u << int(CellForm::Invisible);
    QTest::newRow("tag a") << 0xE0061u << int(CellForm::Invisible);
    QTest::newRow("noncharacter FFFF") << 0xFFFFu << int(CellForm::Invisible);
    QTest::newRow("unassigned 0378") << 0x378u << int(CellForm::Invisible);
}

void TestTerminalWidth::forms() {
    QFETCH(uint, cp);
    QFETCH(int, form);
    QCOMPARE(int(cellForm(char32_t(cp))), form);
}

// Every scalar value has a width a cell grid can hold, and of the characters that draw nothing
// (audit.h's drawsNothing) only those terminals draw anyway take a column: SOFT HYPHEN (drawn as a
// hyphen) and the line and paragraph separators (Zl, Zp: not marks, not format characters).
void TestTerminalWidth::everyCodePointHasAWidth() {
    QList<uint> drawnInvisibles;
    for (char32_t cp = 0; cp <= 0x10FFFF; ++cp) {
        if (cp >= 0xD800 && cp <= 0xDFFF)
            continue;
        const int columns = terminalColumns(cp);
        QVERIFY2(columns >= 0 && columns <= 2, qPrintable(QString::number(uint(cp), 16)));
        if (drawsNothing(cp) && columns != 0)
            drawnInvisibles.append(uint(cp));
    }
    QCOMPARE(drawnInvisibles, (QList<uint>{0xAD, 0x2028, 0x2029}));
}

QTEST_APPLESS_MAIN(TestTerminalWidth)
#include "tst_terminal_width.moc"
