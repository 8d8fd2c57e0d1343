// A character as a person names it (character_input.h): every named character in a sample comes
// back from its name (ICU's, and the codec's for controls); typed input is one character, U+XXXX
// or a name, and anything else is refused with the reason.
#include "u8codec/encode_steps.h"
#include "u8convert/audit.h"
#include "u8convert/character_input.h"

#include <QTest>

using namespace u8codec;
using namespace u8convert;

class TestCharacterInput : public QObject {
    Q_OBJECT
private slots:
    // Every named character in a sample comes back from its name.
    void namesRoundTrip() {
        int named = 0;
        for (char32_t cp = 0x20; cp <= 0x10FFFF; cp += cp < 0x3000 ? 7 : 331) {
            const std::string name = characterName(cp);
            if (name.empty() || name.front() == '<')
                continue;
            const auto back = codePointFromName(name);
            QVERIFY2(back && *back == cp, name.c_str());
            ++named;
        }
        QVERIFY(named > 1000);
        QCOMPARE(codePointFromName("euro sign").value_or(0), char32_t(0x20AC));
        QCOMPARE(codePointFromName("<private use area-E000>").value_or(0), char32_t(0xE000));
        QVERIFY(!codePointFromName("EURO SIGNS"));
        QVERIFY(!codePointFromName(""));
    }

    void typedInput() {
        std::string error;
        QCOMPARE(codePointFromInput(" U+00E9 ", error).value_or(0), char32_t(0xE9));
        QCOMPARE(codePointFromInput("\xC3\xA9", error).value_or(0), char32_t(0xE9));
        QCOMPARE(codePointFromInput("LATIN SMALL LETTER E WITH ACUTE", error).value_or(0),
                 char32_t(0xE9));
        QCOMPARE(codePointFromInput("A", error).value_or(0), char32_t(0x41));
        QVERIFY(!codePointFromInput("\xC3", error));
        QVERIFY(error.find("not valid UTF-8") != std::string::npos);
        QVERIFY(!codePointFromInput("e\xCC\x81", error)); // two code points
        QVERIFY(error.find("neither one character") != std::string::npos);
        QVERIFY(!codePointFromInput("   ", error));
    }
};

QTEST_GUILESS_MAIN(TestCharacterInput)
#include "tst_character_input.moc"
