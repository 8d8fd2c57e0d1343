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
        const auto read = [](std::string_view text) {
            const u8codec::Result<char32_t> cp = codePointFromInput(text);
            return cp ? *cp : char32_t(0);
        };
        QCOMPARE(read(" U+00E9 "), char32_t(0xE9));
        QCOMPARE(read("\xC3\xA9"), char32_t(0xE9));
        QCOMPARE(read("LATIN SMALL LETTER E WITH ACUTE"), char32_t(0xE9));
        QCOMPARE(read("A"), char32_t(0x41));
        const auto cut = codePointFromInput("\xC3");
        QVERIFY(!cut);
        QVERIFY(cut.message().find("not valid UTF-8") != std::string::npos);
        QVERIFY(cut.failedWith(u8codec::ErrorCode::Invalid));
        const auto two = codePointFromInput("e\xCC\x81"); // two code points
        QVERIFY(!two);
        QVERIFY(two.message().find("neither one character") != std::string::npos);
        const auto blank = codePointFromInput("   ");
        QVERIFY(!blank);
        QCOMPARE(blank.message(), std::string("Type a character, U+XXXX or a character's name."));
    }
};

QTEST_GUILESS_MAIN(TestCharacterInput)
#include "tst_character_input.moc"
