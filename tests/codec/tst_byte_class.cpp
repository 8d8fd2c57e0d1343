// The context-free byte classes: the UTF-8 code-page table (RFC 3629 section 4 and the Unicode
// Standard's table 3-7).
#include "codec_test_support.h"
#include "u8codec/byte_class.h"
#include "u8codec/segmenter.h"

#include <QTest>

using namespace u8codec;

Q_DECLARE_METATYPE(u8codec::ByteClass)

namespace {

// The expected class of every byte, written from the ranges of RFC 3629 section 4's ABNF:
// UTF8-1 %x00-7F, UTF8-tail %x80-BF, UTF8-2 %xC2-DF, UTF8-3 %xE0-EF, UTF8-4 %xF0-F4; the
// others (C0 C1 F5-FF) appear in no alternative.
ByteClass expectedClass(int b) {
    if (b <= 0x7F)
        return ByteClass::Ascii;
    if (b <= 0xBF)
        return ByteClass::Continuation;
    if (b == 0xC0 || b == 0xC1)
        return ByteClass::Invalid;
    if (b <= 0xDF)
        return ByteClass::Lead2;
    if (b <= 0xEF)
        return ByteClass::Lead3;
    if (b <= 0xF4)
        return ByteClass::Lead4;
    return ByteClass::Invalid;
}

} // namespace

class TestByteClass : public QObject {
    Q_OBJECT
private slots:
    void everyByte_data();
    void everyByte();
    void restrictedLeads_data();
    void restrictedLeads();
    void lowestCodePoint_data();
    void lowestCodePoint();
    void names();
};

void TestByteClass::everyByte_data() {
    QTest::addColumn<int>("byte");
    QTest::addColumn<ByteClass>("expected");
    for (int b = 0; b < 256; ++b)
        QTest::addRow("%02X", b) << b << expectedClass(b);
}

void TestByteClass::everyByte() {
    QFETCH(int, byte);
    QFETCH(ByteClass, expected);
    const auto b = std::uint8_t(byte);
    QCOMPARE(classify(b), expected);
    const int length = expected == ByteClass::Ascii   ? 1
                       : expected == ByteClass::Lead2 ? 2
                       : expected == ByteClass::Lead3 ? 3
                       : expected == ByteClass::Lead4 ? 4
                                                      : 0;
    QCOMPARE(sequenceLength(classify(b)), length);
    // Only leads have a first continuation range narrower than 80-BF, and only these four.
    const bool restricted = byte == 0xE0 || byte == 0xED || byte == 0xF0 || byte == 0xF4;
    QCOMPARE(isRestrictedLead(b), restricted);
    if (!restricted) {
        QCOMPARE(int(firstContinuationRange(b).low), 0x80);
        QCOMPARE(int(firstContinuationRange(b).high), 0xBF);
    }
    // Continuation and invalid bytes start no character at all.
    const bool starts = length > 0;
    QCOMPARE(u8codec::lowestCodePoint(b).has_value(), starts);
    QCOMPARE(highestCodePoint(b).has_value(), starts);
}

void TestByteClass::restrictedLeads_data() {
    QTest::addColumn<int>("lead");
    QTest::addColumn<int>("low");
    QTest::addColumn<int>("high");
    QTest::addColumn<int>("highestCodePoint");
    QTest::addColumn<int>("prevented");
    // RFC 3629 section 4: %xE0 %xA0-BF, %xED %x80-9F, %xF0 %x90-BF, %xF4 %x80-8F.
    QTest::newRow("E0 no overlong 3-byte")
        << 0xE0 << 0xA0 << 0xBF << 0x0FFF << int(ErrorKind::Overlong);
    QTest::newRow("ED no surrogates")
        << 0xED << 0x80 << 0x9F << 0xD7FF << int(ErrorKind::Surrogate);
    QTest::newRow("F0 no overlong 4-byte")
        << 0xF0 << 0x90 << 0xBF << 0x3FFFF << int(ErrorKind::Overlong);
    QTest::newRow("F4 not above U+10FFFF")
        << 0xF4 << 0x80 << 0x8F << 0x10FFFF << int(ErrorKind::TooLarge);
}

void TestByteClass::restrictedLeads() {
    QFETCH(int, lead);
    QFETCH(int, low);
    QFETCH(int, high);
    QFETCH(int, highestCodePoint);
    QFETCH(int, prevented);
    const auto b = std::uint8_t(lead);
    QVERIFY(isRestrictedLead(b));
    const ByteRange r = firstContinuationRange(b);
    QCOMPARE(int(r.low), low);
    QCOMPARE(int(r.high), high);
    for (int x = 0; x < 256; ++x)
        QCOMPARE(r.contains(std::uint8_t(x)), x >= low && x <= high);
    QCOMPARE(int(*u8codec::highestCodePoint(b)), highestCodePoint);
    // The error the narrower range prevents is the one a continuation byte outside it makes.
    QCOMPARE(int(errorPreventedBy(b)), prevented);
    for (int x = 0x80; x <= 0xBF; ++x)
        QCOMPARE(int(errorKindOf(b, x)),
                 r.contains(std::uint8_t(x)) ? int(ErrorKind::Truncated) : prevented);
    // Every other byte prevents nothing.
    for (int x = 0; x < 256; ++x)
        if (!isRestrictedLead(std::uint8_t(x)))
            QCOMPARE(int(errorPreventedBy(std::uint8_t(x))), int(ErrorKind::None));
}

void TestByteClass::lowestCodePoint_data() {
    QTest::addColumn<int>("byte");
    QTest::addColumn<int>("lowest");
    QTest::addColumn<int>("highest");
    // The lowest code point each lead can start is the value its shortest well-formed sequence
    // decodes to: the lead's payload bits followed by the smallest allowed continuation bytes.
    for (int b = 0; b < 0x80; ++b)
        QTest::addRow("%02X", b) << b << b << b;
    for (int b = 0xC2; b <= 0xDF; ++b)
        QTest::addRow("%02X", b) << b << ((b & 0x1F) << 6) << (((b & 0x1F) << 6) | 0x3F);
    for (int b = 0xE0; b <= 0xEF; ++b) {
        const int lo = b == 0xE0 ? 0x0800 : (b & 0x0F) << 12;
        const int hi = b == 0xED ? 0xD7FF : ((b & 0x0F) << 12) | 0x0FFF;
        QTest::addRow("%02X", b) << b << lo << hi;
    }
    for (int b = 0xF0; b <= 0xF4; ++b) {
        const int lo = b == 0xF0 ? 0x10000 : (b & 0x07) << 18;
        const int hi = b == 0xF4 ? 0x10FFFF : ((b & 0x07) << 18) | 0x3FFFF;
        QTest::addRow("%02X", b) << b << lo << hi;
    }
}

void TestByteClass::lowestCodePoint() {
    QFETCH(int, byte);
    QFETCH(int, lowest);
    QFETCH(int, highest);
    QCOMPARE(int(u8codec::lowestCodePoint(std::uint8_t(byte)).value()), lowest);
    QCOMPARE(int(u8codec::highestCodePoint(std::uint8_t(byte)).value()), highest);
}

void TestByteClass::names() {
    QCOMPARE(name(ByteClass::Ascii), std::string_view("ascii"));
    QCOMPARE(name(ByteClass::Continuation), std::string_view("continuation"));
    QCOMPARE(name(ByteClass::Lead2), std::string_view("lead2"));
    QCOMPARE(name(ByteClass::Lead3), std::string_view("lead3"));
    QCOMPARE(name(ByteClass::Lead4), std::string_view("lead4"));
    QCOMPARE(name(ByteClass::Invalid), std::string_view("invalid"));
}

QTEST_GUILESS_MAIN(TestByteClass)
#include "tst_byte_class.moc"
