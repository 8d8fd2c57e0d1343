// The walk-throughs: the encode walk-through shows, step by step, the row of RFC 3629's table,
// the bits, the x bits filled from the right, the markers, the bytes, UTF-16 and UTF-32 for 1-,
// 2-, 3- and 4-byte characters, and why a surrogate or a value beyond U+10FFFF has no form; it
// reads a character, U+XXXX or a name; the keys step. The decode walk-through follows a strict
// decoder byte by byte through every error kind and a valid 4-byte character, then shows what a
// naive decoder would read, and explains at most 64 bytes.
#include "decode_walkthrough.h"
#include "encode_walkthrough.h"
#include "step_figure.h"

#include <QLineEdit>
#include <QPushButton>
#include <QTest>

using namespace u8ui;

namespace {

// The figure's rows, one string each (StepFigure::textDescription split).
QStringList rows(const StepWalkthrough& w) {
    return w.figure()->textDescription().split(QLatin1Char('\n'));
}

// The row whose text starts with `label` followed by ": " (or "> " and the label); empty if none.
QString row(const StepWalkthrough& w, const QString& label) {
    for (const QString& r : rows(w))
        if (r.startsWith(label + QStringLiteral(": ")) ||
            r.startsWith(QStringLiteral("> ") + label + QStringLiteral(": ")))
            return r;
    return {};
}

std::vector<std::uint8_t> bytesOf(std::initializer_list<int> values) {
    std::vector<std::uint8_t> out;
    for (int v : values)
        out.push_back(std::uint8_t(v));
    return out;
}

} // namespace

class TestWalkthrough : public QObject {
    Q_OBJECT
private slots:
    // --- encode -------------------------------------------------------------------------------

    // U+20AC: RFC 3629's own example (section 3): E2 82 AC, every step on the way.
    void euroSignStepByStep() {
        EncodeWalkthrough w;
        QVERIFY(w.showInput(QStringLiteral("U+20AC")));
        QCOMPARE(w.stepCount(), 9);
        QCOMPARE(w.currentStep(), 0);
        QCOMPARE(w.counterText(), QStringLiteral("Step 1 of 9"));
        // (a) the 3-byte row is highlighted, and only it.
        QCOMPARE(row(w, "U+0800..U+FFFF"),
                 QStringLiteral("> U+0800..U+FFFF: 1110xxxx 10xxxxxx 10xxxxxx  3 bytes"));
        QCOMPARE(rows(w).filter(QRegularExpression("^> ")).size(), 1);
        QVERIFY(w.stepText().contains("U+0800..U+FFFF"));
        // (b) hex to binary, 16 bits, one hex digit per group of four.
        w.next();
        QCOMPARE(row(w, "U+20AC"),
                 QStringLiteral("U+20AC: [0010] [0000] [1010] [1100]  {2 0 A C}  16 x bits"));
        QVERIFY(w.stepText().contains("0010000010101100"));
        // (c) the x bits filled from the right, group by group.
        w.next();
        QCOMPARE(w.stepTitle(), QStringLiteral("Fill the x bits from the right (1 of 3)"));
        QCOMPARE(row(w, "octets"), QStringLiteral("octets: 1110xxxx 10xxxxxx 10[101100]"));
        QCOMPARE(row(w, "U+20AC"),
                 QStringLiteral("U+20AC: 0010 000010 [101100]  {octet 1 octet 2 octet 3}"));
        w.next();
        QCOMPARE(row(w, "octets"), QStringLiteral("octets: 1110xxxx 10[000010] 10101100"));
        w.next();
        QCOMPARE(row(w, "octets"), QStringLiteral("octets: 1110[0010] 10000010 10101100"));
        QVERIFY(w.stepText().contains("1110xxxx becomes 11100010"));
        // (d) the marker bits.
        w.next();
        QCOMPARE(row(w, "octets").section(QStringLiteral("  "), 0, 0),
                 QStringLiteral("octets: [1110]0010 [10]000010 [10]101100"));
        // (e) the bytes.
        w.next();
        QCOMPARE(row(w, "octets"),
                 QStringLiteral("octets: 11100010 10000010 10101100  {E2 82 AC}  = E2 82 AC"));
        // (f) UTF-16: one unit. (g) UTF-32.
        w.next();
        QCOMPARE(row(w, "UTF-16"), QStringLiteral("UTF-16: [20AC]  one 16-bit unit"));
        w.next();
        QCOMPARE(row(w, "UTF-32"), QStringLiteral("UTF-32: 00000000 00000000 00100000 10101100  "
                                                  "{00 00 20 AC}  = 000020AC"));
        QVERIFY(!w.nextButton()->isEnabled());
        w.next(); // past the end: stays
        QCOMPARE(w.currentStep(), 8);
    }

    void oneByteCharacter() {
        EncodeWalkthrough w;
        QVERIFY(w.showInput(QStringLiteral("A")));
        QCOMPARE(w.walk().codePoint, char32_t(0x41));
        QCOMPARE(w.stepCount(), 7); // one group to fill
        QCOMPARE(row(w, "U+0000..U+007F"), QStringLiteral("> U+0000..U+007F: 0xxxxxxx  1 byte"));
        w.next();
        // 41 is 0100 0001; the pattern has 7 x bits.
        QCOMPARE(row(w, "U+0041"), QStringLiteral("U+0041: [100] [0001]  {4 1}  7 x bits"));
        w.next();
        QCOMPARE(row(w, "octets"), QStringLiteral("octets: 0[1000001]"));
        w.goToStep(4);
        QCOMPARE(row(w, "octets"), QStringLiteral("octets: 01000001  {41}  = 41"));
        w.next();
        QCOMPARE(row(w, "UTF-16"), QStringLiteral("UTF-16: [0041]  one 16-bit unit"));
    }

    void twoByteCharacter() {
        EncodeWalkthrough w;
        QVERIFY(w.showInput(QStringLiteral("é")));
        QCOMPARE(w.stepCount(), 8);
        QCOMPARE(row(w, "U+0080..U+07FF"),
                 QStringLiteral("> U+0080..U+07FF: 110xxxxx 10xxxxxx  2 bytes"));
        w.next();
        // E9 is 8 bits; three zeros in front fill the 11 x bits.
        QCOMPARE(row(w, "U+00E9"), QStringLiteral("U+00E9: 000 [1110] [1001]  {0 E 9}  11 x bits"));
        QVERIFY(w.stepText().contains("zeros in front: 00011101001"));
        w.next();
        QCOMPARE(row(w, "octets"), QStringLiteral("octets: 110xxxxx 10[101001]"));
        w.next();
        QCOMPARE(row(w, "octets"), QStringLiteral("octets: 110[00011] 10101001"));
        w.goToStep(5);
        QCOMPARE(row(w, "octets"), QStringLiteral("octets: 11000011 10101001  {C3 A9}  = C3 A9"));
    }

    // U+1F600: four bytes, and UTF-16's surrogate pair in three steps.
    void fourByteCharacterAndSurrogatePair() {
        EncodeWalkthrough w;
        QVERIFY(w.showInput(QStringLiteral("U+1F600")));
        QCOMPARE(w.stepCount(), 12); // length, bits, 4 fills, markers, bytes, 3 UTF-16, UTF-32
        QCOMPARE(row(w, "U+10000..U+10FFFF").left(2), QStringLiteral("> "));
        w.goToStep(2);
        QCOMPARE(row(w, "octets"), QStringLiteral("octets: 11110xxx 10xxxxxx 10xxxxxx 10[000000]"));
        w.goToStep(5);
        QCOMPARE(row(w, "octets"), QStringLiteral("octets: 11110[000] 10011111 10011000 10000000"));
        w.goToStep(7);
        QCOMPARE(row(w, "octets"), QStringLiteral("octets: 11110000 10011111 10011000 10000000  "
                                                  "{F0 9F 98 80}  = F0 9F 98 80"));
        w.next(); // subtract 0x10000
        QCOMPARE(w.stepTitle(), QStringLiteral("UTF-16: subtract 0x10000"));
        // In 21 bits, the width of the 4-byte pattern's x bits.
        QCOMPARE(row(w, "U+1F600"),
                 QStringLiteral("U+1F600: 0 0001 1111 0110 0000 0000  {0 1 F 6 0 0}"));
        QCOMPARE(row(w, "- 0x10000"),
                 QStringLiteral("- 0x10000: 0 0001 0000 0000 0000 0000  {0 1 0 0 0 0}"));
        QCOMPARE(row(w, "= U'"), QStringLiteral("= U': 0 [0000] [1111] [0110] [0000] [0000]  "
                                                "{0 0 F 6 0 0}  20 bits: 0F600"));
        w.next(); // split 10 + 10
        QCOMPARE(row(w, "U'"), QStringLiteral("U': 0000111101 1000000000  {high 03D low 200}"));
        w.next(); // add D800 and DC00
        QCOMPARE(row(w, "D800 + high"), QStringLiteral("D800 + high: 110110 0000111101  = D83D"));
        QCOMPARE(row(w, "DC00 + low"), QStringLiteral("DC00 + low: 110111 1000000000  = DE00"));
        QCOMPARE(row(w, "UTF-16"), QStringLiteral("UTF-16: [D83D] [DE00]  a surrogate pair"));
        QVERIFY(w.stepText().contains("D83D DE00"));
        w.next();
        QVERIFY(row(w, "UTF-32").endsWith(QStringLiteral("= 0001F600")));
    }

    // RFC 3629 section 3: no form for U+D800..U+DFFF, nor above U+10FFFF.
    void surrogateIsRefused() {
        EncodeWalkthrough w;
        QVERIFY(w.showInput(QStringLiteral("U+D800")));
        QCOMPARE(w.walk().refusal, u8codec::Unencodable::Surrogate);
        QCOMPARE(w.stepCount(), 2);
        QCOMPARE(row(w, "U+0800..U+FFFF").left(2), QStringLiteral("> "));
        QVERIFY(w.stepText().contains("U+D800..U+DFFF"));
        w.next();
        QCOMPARE(w.stepTitle(), QStringLiteral("UTF-8 cannot encode it"));
        QVERIFY(w.stepText().contains("surrogate"));
        QVERIFY(w.stepText().contains("RFC 3629 section 3"));
        QVERIFY(row(w, "octets")
                    .startsWith(QStringLiteral("octets: 11101101 10100000 10000000  "
                                               "{ED A0 80}  refused")));
        QVERIFY(w.headingText().contains("surrogate"));
    }

    void tooLargeIsRefused() {
        EncodeWalkthrough w;
        QVERIFY(w.showInput(QStringLiteral("U+110000")));
        QCOMPARE(w.walk().refusal, u8codec::Unencodable::TooLarge);
        QCOMPARE(w.stepCount(), 2);
        // No row of the table holds it.
        QCOMPARE(rows(w).filter(QRegularExpression("^> U\\+\\d+\\.\\.")).size(), 0);
        QCOMPARE(row(w, "U+110000"), QStringLiteral("> U+110000:   beyond U+10FFFF: no row"));
        w.next();
        QVERIFY(w.stepText().contains("beyond U+10FFFF"));
        QVERIFY(w.stepText().contains("RFC 2279"));
        QVERIFY(row(w, "octets").contains(QStringLiteral("{F4 90 80 80}")));
        // A value RFC 2279 wrote in six bytes.
        QVERIFY(w.showInput(QStringLiteral("0x7FFFFFFF")));
        w.next();
        QVERIFY(row(w, "octets").contains(QStringLiteral("{FD BF BF BF BF BF}")));
    }

    // A character is typed as itself, as U+XXXX or 0xXXXX, or by its name (ICU).
    void inputForms_data() {
        QTest::addColumn<QString>("input");
        QTest::addColumn<uint>("codePoint");
        QTest::newRow("character") << QStringLiteral("€") << 0x20ACu;
        QTest::newRow("U+") << QStringLiteral("U+1F600") << 0x1F600u;
        QTest::newRow("u+ lower case") << QStringLiteral("u+e9") << 0xE9u;
        QTest::newRow("0x") << QStringLiteral("0x41") << 0x41u;
        QTest::newRow("name") << QStringLiteral("EURO SIGN") << 0x20ACu;
        QTest::newRow("name, any case")
            << QStringLiteral("latin small letter e with acute") << 0xE9u;
        QTest::newRow("name with spaces around")
            << QStringLiteral("  GREEK SMALL LETTER ALPHA ") << 0x3B1u;
        QTest::newRow("extended name") << QStringLiteral("<control-0007>") << 0x07u;
        QTest::newRow("emoji name") << QStringLiteral("GRINNING FACE") << 0x1F600u;
    }
    void inputForms() {
        QFETCH(QString, input);
        QFETCH(uint, codePoint);
        EncodeWalkthrough w;
        QVERIFY2(w.showInput(input), qPrintable(w.errorText()));
        QCOMPARE(uint(w.walk().codePoint), codePoint);
        QVERIFY(w.errorText().isEmpty());
        QCOMPARE(w.currentStep(), 0);
    }

    void inputNotUnderstood_data() {
        QTest::addColumn<QString>("input");
        QTest::addColumn<QString>("reason");
        QTest::newRow("empty") << QString() << "Type a character";
        QTest::newRow("two characters") << QStringLiteral("ab") << "neither one character";
        QTest::newRow("no such name") << QStringLiteral("EURO SIGNS") << "nor a character's name";
        QTest::newRow("bad hex") << QStringLiteral("U+12G") << "neither one character";
    }
    void inputNotUnderstood() {
        QFETCH(QString, input);
        QFETCH(QString, reason);
        EncodeWalkthrough w;
        QVERIFY(w.showInput(QStringLiteral("A")));
        w.next();
        QVERIFY(!w.showInput(input));
        QVERIFY2(w.errorText().contains(reason), qPrintable(w.errorText()));
        // The walk-through shown stays.
        QCOMPARE(w.walk().codePoint, char32_t(0x41));
        QCOMPARE(w.currentStep(), 1);
        // Enter in the field reads it the same way.
        w.inputField()->setText(QStringLiteral("EURO SIGN"));
        QTest::keyClick(w.inputField(), Qt::Key_Return);
        QCOMPARE(w.walk().codePoint, char32_t(0x20AC));
        QVERIFY(w.errorText().isEmpty());
    }

    // Right or N, Left or P, Home and End step, from the figure; in the field they edit.
    void keysStep() {
        EncodeWalkthrough w;
        w.show();
        QVERIFY(w.showInput(QStringLiteral("U+20AC")));
        QTest::keyClick(w.figure(), Qt::Key_Right);
        QCOMPARE(w.currentStep(), 1);
        QTest::keyClick(w.figure(), Qt::Key_N);
        QCOMPARE(w.currentStep(), 2);
        QTest::keyClick(w.figure(), Qt::Key_Left);
        QCOMPARE(w.currentStep(), 1);
        QTest::keyClick(w.figure(), Qt::Key_P);
        QCOMPARE(w.currentStep(), 0);
        QTest::keyClick(w.figure(), Qt::Key_End);
        QCOMPARE(w.currentStep(), 8);
        QTest::keyClick(w.figure(), Qt::Key_Home);
        QCOMPARE(w.currentStep(), 0);
        QTest::keyClick(w.inputField(), Qt::Key_Right);
        QTest::keyClick(w.inputField(), Qt::Key_N);
        QCOMPARE(w.currentStep(), 0);
        QVERIFY(w.inputField()->text().endsWith(QLatin1Char('n')));
        QTest::mouseClick(w.nextButton(), Qt::LeftButton);
        QCOMPARE(w.currentStep(), 1);
        QTest::mouseClick(w.previousButton(), Qt::LeftButton);
        QCOMPARE(w.currentStep(), 0);
        QVERIFY(!w.previousButton()->isEnabled());
    }

    // --- decode -------------------------------------------------------------------------------

    // A valid 4-byte character: F0 narrows the next byte to 90..BF; each byte adds 6 bits.
    void decodeValidFourBytes() {
        DecodeWalkthrough w;
        const auto bytes = bytesOf({0xF0, 0x9F, 0x98, 0x80});
        w.showBytes(bytes, 16, 4);
        QCOMPARE(w.stepCount(), 5); // 4 bytes, then the summary; no problem
        QVERIFY(w.headingText().startsWith(QStringLiteral("4 bytes at 0x10")));
        QVERIFY(w.stepText().contains("lead byte of a 4-byte sequence (11110xxx)"));
        QVERIFY(w.stepText().contains("90..BF, not 80..BF"));
        QCOMPARE(row(w, "bytes"), QStringLiteral("bytes: [F0] 9F 98 80"));
        QCOMPARE(row(w, "byte F0"), QStringLiteral("byte F0: 11110 000  lead4"));
        QCOMPARE(row(w, "next byte"), QStringLiteral("next byte: 90..BF  3 more to come"));
        w.next();
        QCOMPARE(row(w, "expected"), QStringLiteral("expected: 90..BF  2 more to come"));
        w.goToStep(3);
        QCOMPARE(w.walk().steps[3].action, u8codec::DecodeAction::Complete);
        QVERIFY(w.stepText().contains("F0 9F 98 80 is U+1F600"));
        QVERIFY(w.layoutsText().contains(
            QStringLiteral("11110|000 10|011111 10|011000 10|000000 -> ")));
        QVERIFY(w.layoutsText().endsWith(QStringLiteral("= U+1F600")));
        w.next();
        QVERIFY(w.stepText().contains("1 character: valid UTF-8"));
    }

    // Each error kind of the Segmenter, as the steps show it: the action of each step, the kind
    // of the segment it ends, and words of its text.
    void decodeErrorKinds_data() {
        QTest::addColumn<std::vector<std::uint8_t>>("bytes");
        QTest::addColumn<QString>("actions");
        QTest::addColumn<int>("errorKind");
        QTest::addColumn<QString>("phrase");
        QTest::addColumn<QString>("naive");
        using u8codec::ErrorKind;
        QTest::newRow("invalid byte") << bytesOf({0xC0}) << "Invalid" << int(ErrorKind::InvalidByte)
                                      << "could only start an overlong 2-byte form"
                                      << "never appears in UTF-8";
        QTest::newRow("unexpected continuation")
            << bytesOf({0x80}) << "Stray" << int(ErrorKind::UnexpectedContinuation)
            << "no sequence is open"
            << "with no lead byte before it";
        QTest::newRow("overlong") << bytesOf({0xE0, 0x80, 0xAF}) << "Lead Stop Stray Stray"
                                  << int(ErrorKind::Overlong) << "could only begin an overlong form"
                                  << "overlong 3-byte form of U+002F";
        QTest::newRow("surrogate")
            << bytesOf({0xED, 0xA0, 0x80}) << "Lead Stop Stray Stray" << int(ErrorKind::Surrogate)
            << "would begin an encoded surrogate"
            << "UTF-16 high surrogate";
        QTest::newRow("too large")
            << bytesOf({0xF4, 0x90, 0x80, 0x80}) << "Lead Stop Stray Stray Stray"
            << int(ErrorKind::TooLarge) << "beyond U+10FFFF"
            << "0x110000";
        QTest::newRow("truncated at the end")
            << bytesOf({0xE2, 0x82}) << "Lead Continue End" << int(ErrorKind::Truncated)
            << "1 byte short of the 3"
            << "1 continuation byte is missing";
        QTest::newRow("truncated by a letter") << bytesOf({0xE2, 0x41}) << "Lead Stop Ascii"
                                               << int(ErrorKind::Truncated) << "reads 41 again"
                                               << "2 continuation bytes are missing";
    }
    void decodeErrorKinds() {
        QFETCH(std::vector<std::uint8_t>, bytes);
        QFETCH(QString, actions);
        QFETCH(int, errorKind);
        QFETCH(QString, phrase);
        QFETCH(QString, naive);
        static const char* kActions[] = {"Ascii", "Lead",    "Continue", "Complete",
                                         "Stop",  "Invalid", "Stray",    "End"};
        DecodeWalkthrough w;
        w.showBytes(bytes);
        QStringList seen;
        QString texts;
        bool kindSeen = false;
        for (const u8codec::DecodeStep& st : w.walk().steps) {
            seen << QString::fromLatin1(kActions[int(st.action)]);
            if (st.segment.length > 0 && int(st.segment.error) == errorKind)
                kindSeen = true;
        }
        for (int i = 0; i < int(w.walk().steps.size()); ++i) {
            w.goToStep(i);
            texts += w.stepText() + QLatin1Char('\n');
        }
        QCOMPARE(seen.join(QLatin1Char(' ')), actions);
        QVERIFY(kindSeen);
        QVERIFY2(texts.contains(phrase), qPrintable(texts));
        // The summary, then the naive reading of the first problem.
        w.next();
        QCOMPARE(w.stepTitle(), QStringLiteral("What the decoder made of the bytes"));
        QVERIFY(w.stepText().contains(QStringLiteral("U+FFFD")));
        w.next();
        QVERIFY(w.stepTitle().startsWith(QStringLiteral("What a naive decoder would read (1 of")));
        QVERIFY2(w.stepText().contains(naive), qPrintable(w.stepText()));
    }

    // Where the strict decoder stops, the figure shows the range it expected.
    void decodeStopShowsTheRange() {
        DecodeWalkthrough w;
        w.showBytes(bytesOf({0xE0, 0x80, 0xAF}));
        QCOMPARE(row(w, "next byte"), QStringLiteral("next byte: A0..BF  2 more to come"));
        w.next();
        QCOMPARE(w.walk().steps[1].action, u8codec::DecodeAction::Stop);
        QCOMPARE(row(w, "bytes"), QStringLiteral("bytes: E0 [80] AF"));
        QCOMPARE(row(w, "expected"), QStringLiteral("expected: A0..BF  80 is not in it: stop"));
        QVERIFY(w.stepText().contains("E0 is a maximal subpart (Unicode chapter 3): one U+FFFD"));
    }

    // The naive reading of an overlong form, beside its shortest form.
    void decodeOverlongBesideShortest() {
        DecodeWalkthrough w;
        w.showBytes(bytesOf({0xC0, 0xAF}));
        QCOMPARE(w.walk().naive.size(), std::size_t(1));
        w.last();
        const QString layouts = w.layoutsText();
        QVERIFY2(layouts.contains(QStringLiteral("110|00000 10|101111 -> ")), qPrintable(layouts));
        QVERIFY(layouts.contains(QStringLiteral("The shortest form, the only one UTF-8 allows: "
                                                "0|0101111 -> ")));
        QCOMPARE(row(w, "bytes"), QStringLiteral("bytes: [C0] [AF]"));
        // RFC 2279's 5-byte form: one sequence, no shortest form (its value is beyond U+10FFFF).
        w.showBytes(bytesOf({0xF8, 0x88, 0x80, 0x80, 0x80}));
        w.last();
        QVERIFY(w.stepText().contains("5-byte form of RFC 2279"));
        QVERIFY(w.layoutsText().contains(QStringLiteral("111110|00 10|001000 10|000000 10|000000 "
                                                        "10|000000")));
        QVERIFY(!w.layoutsText().contains(QStringLiteral("shortest")));
    }

    // Long selections are cut to 64 bytes, and the panel says so.
    void decodeIsCappedAt64Bytes() {
        DecodeWalkthrough w;
        const std::vector<std::uint8_t> many(100, 'a');
        w.showBytes(many, 0, 100);
        QCOMPARE(w.bytes().size(), DecodeWalkthrough::kMaxBytes);
        QCOMPARE(w.walk().steps.size(), DecodeWalkthrough::kMaxBytes);
        QVERIFY2(w.noticeText().contains(QStringLiteral("100 bytes")), qPrintable(w.noticeText()));
        QVERIFY(w.noticeText().contains(QStringLiteral("first 64")));
        // Eight bytes to a row.
        QCOMPARE(rows(w).filter(QRegularExpression("^\\+[0-9A-F]{2}: ")).size(), 8);
        w.showBytes(std::span(many).first(10), 0, 10);
        QVERIFY(w.noticeText().isEmpty());
    }
};

QTEST_MAIN(TestWalkthrough)
#include "tst_walkthrough.moc"
