// The control characters' rules (u8codec/controls.h): which code points are C0 and C1 controls,
// their Control Pictures, abbreviations and names, checked against Unicode's own data (ICU's
// general category and the Control Pictures block's names) rather than against the same tables.
#include "u8codec/controls.h"

#include <QTest>
#include <unicode/uchar.h>

using namespace u8codec;

class TestControls : public QObject {
    Q_OBJECT
private slots:
    void controlsAreCategoryCc();
    void picturesAreTheBlocksSymbols();
    void abbreviationsAndNames();
};

// Every Cc code point is a C0 or C1 control here, and nothing else is (Unicode section 23.1).
void TestControls::controlsAreCategoryCc() {
    for (char32_t c = 0; c < 0x3000; ++c) {
        const bool cc = u_charType(UChar32(c)) == U_CONTROL_CHAR;
        QCOMPARE(isC0Control(c) || isC1Control(c), cc);
        QVERIFY(!(isC0Control(c) && isC1Control(c)));
    }
    QVERIFY(isC0Control(0x7F));
    QVERIFY(isC1Control(0x85));
    QVERIFY(!isC1Control(0xA0));
}

// The picture of control X is named "SYMBOL FOR X" in Unicode (U+2409 SYMBOL FOR HORIZONTAL
// TABULATION); only controls have one.
void TestControls::picturesAreTheBlocksSymbols() {
    for (char32_t c = 0; c < 0x100; ++c) {
        const char32_t picture = controlPicture(c);
        QCOMPARE(picture != 0, isC0Control(c));
        if (!picture)
            continue;
        char name[128];
        UErrorCode status = U_ZERO_ERROR;
        u_charName(UChar32(picture), U_UNICODE_CHAR_NAME, name, sizeof name, &status);
        QVERIFY(U_SUCCESS(status));
        QVERIFY2(QByteArray(name).startsWith("SYMBOL FOR "), name);
    }
    QCOMPARE(controlPicture(0x09), char32_t(0x2409));
    QCOMPARE(controlPicture(0x7F), char32_t(0x2421));
}

void TestControls::abbreviationsAndNames() {
    QCOMPARE(controlAbbreviation(0x00), std::string_view("NUL"));
    QCOMPARE(controlAbbreviation(0x1B), std::string_view("ESC"));
    QCOMPARE(controlAbbreviation(0x20), std::string_view("SP"));
    QCOMPARE(controlAbbreviation(0x7F), std::string_view("DEL"));
    QVERIFY(controlAbbreviation(0x41).empty());
    QCOMPARE(controlName(0x0A), std::string_view("LINE FEED"));
    QCOMPARE(controlName(0x7F), std::string_view("DELETE"));
    QCOMPARE(controlName(0x85), std::string_view("NEXT LINE"));
    QCOMPARE(controlName(0x9B), std::string_view("CONTROL SEQUENCE INTRODUCER"));
    QVERIFY(controlName(0x20).empty());
    QVERIFY(controlName(0xA0).empty());
    // Every control has a name; nothing else has one here.
    for (char32_t c = 0; c < 0x100; ++c)
        QCOMPARE(!controlName(c).empty(), isC0Control(c) || isC1Control(c));
}

QTEST_GUILESS_MAIN(TestControls)
#include "tst_controls.moc"
