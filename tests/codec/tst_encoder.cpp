// The encoder and the encoding explained as data (RFC 3629 section 3's table and three steps).
#include "codec_test_support.h"
#include "u8codec/encoder.h"
#include "u8codec/segmenter.h"

#include <QString>
#include <QTest>

using namespace u8codec;
using u8test::Bytes;

namespace {

// RFC 3629 section 3: the octet count from the code point's range.
int expectedOctets(char32_t cp) {
    return cp <= 0x7F ? 1 : cp <= 0x7FF ? 2 : cp <= 0xFFFF ? 3 : 4;
}

// The fixed (marker) bits of octet `i` of an RFC pattern "1110xxxx 10xxxxxx ...": the bits
// before the first x, and how many there are.
std::pair<int, int> patternMarker(const char* pattern, int i) {
    const QStringList octets = QString::fromLatin1(pattern).split(QLatin1Char(' '));
    const QString o = octets.at(i);
    const int count = int(o.indexOf(QLatin1Char('x')));
    int bits = 0;
    for (int k = 0; k < count; ++k)
        bits = (bits << 1) | (o[k] == QLatin1Char('1'));
    return {bits, count};
}

} // namespace

class TestEncoder : public QObject {
    Q_OBJECT
private slots:
    void everyScalarValueRoundTrips();
    void refusesNonScalarValues_data();
    void refusesNonScalarValues();
    void layoutOfValue_data();
    void layoutOfValue();
    void layoutMatchesTheRfcPattern();
    void layoutOfBytes_data();
    void layoutOfBytes();
    void layoutOfBytesRefuses_data();
    void layoutOfBytesRefuses();
    void rangeTables();
};

void TestEncoder::everyScalarValueRoundTrips() {
    int scalars = 0;
    for (char32_t cp = 0; cp <= 0x10FFFF; ++cp) {
        if (cp >= 0xD800 && cp <= 0xDFFF)
            continue;
        ++scalars;
        std::uint8_t out[8] = {};
        const int n = encode(cp, out);
        if (n != expectedOctets(cp))
            QFAIL(qPrintable(QStringLiteral("U+%1: %2 octets").arg(uint(cp), 4, 16).arg(n)));
        // Qt's own UTF-8 encoder as an independent reference for the bytes.
        // (Built from UTF-16 units: QString::fromUcs4 would drop a leading U+FEFF as a byte-order
        // mark.)
        const auto units = QChar::fromUcs4(cp);
        const QByteArray qt = QStringView(units).toUtf8();
        if (qt.size() != n || std::memcmp(qt.constData(), out, std::size_t(n)) != 0)
            QFAIL(qPrintable(QStringLiteral("U+%1 encodes as %2, Qt gives %3")
                                 .arg(uint(cp), 4, 16)
                                 .arg(u8test::hexString({out, std::size_t(n)}),
                                      QString::fromLatin1(qt.toHex(' ')))));
        // Segmenting the bytes gives back exactly one character with this code point.
        int count = 0;
        Segment seg;
        Segmenter s;
        auto sink = [&](const Segment& x) {
            seg = x;
            ++count;
        };
        s.feed(std::span<const std::uint8_t>(out, std::size_t(n)), sink);
        s.finish(sink);
        if (count != 1 || !seg.isValid() || seg.codePoint != cp || seg.length != n)
            QFAIL(qPrintable(QStringLiteral("U+%1 does not segment back").arg(uint(cp), 4, 16)));
        // The reverse layout reads the same value and octets.
        const auto back =
            u8codec::layoutOfBytes(std::span<const std::uint8_t>(out, std::size_t(n)));
        if (!back || back->value != cp || back->octets != n)
            QFAIL(qPrintable(QStringLiteral("U+%1: layoutOfBytes differs").arg(uint(cp), 4, 16)));
        std::string appended = "x";
        QVERIFY(appendUtf8(cp, appended));
        if (appended.size() != std::size_t(n) + 1 ||
            std::memcmp(appended.data() + 1, out, std::size_t(n)))
            QFAIL("appendUtf8 differs from encode");
    }
    QCOMPARE(scalars, 0x110000 - 0x800);
}

void TestEncoder::refusesNonScalarValues_data() {
    QTest::addColumn<uint>("value");
    // RFC 3629 section 3: surrogates and values above U+10FFFF cannot be encoded.
    for (uint cp : {0xD800u, 0xDBFFu, 0xDC00u, 0xDFFFu, 0x110000u, 0x1FFFFFu, 0x200000u,
                    0x7FFFFFFFu, 0x80000000u, 0xFFFFFFFFu})
        QTest::addRow("U+%04X", cp) << cp;
}

void TestEncoder::refusesNonScalarValues() {
    QFETCH(uint, value);
    const char32_t cp = value;
    QVERIFY(!isScalarValue(cp));
    std::uint8_t out[8] = {0xAA, 0xAA, 0xAA, 0xAA, 0xAA, 0xAA, 0xAA, 0xAA};
    QCOMPARE(encode(cp, out), 0);
    for (std::uint8_t b : out)
        QCOMPARE(int(b), 0xAA); // nothing written
    std::string s = "keep";
    QVERIFY(!appendUtf8(cp, s));
    QCOMPARE(s, std::string("keep"));
    // Every surrogate, not only the edges.
    if (value == 0xD800u)
        for (char32_t sur = 0xD800; sur <= 0xDFFF; ++sur)
            QCOMPARE(encode(sur, out), 0);
}

void TestEncoder::layoutOfValue_data() {
    QTest::addColumn<uint>("value");
    QTest::addColumn<QByteArray>("hexBytes");
    QTest::addColumn<QString>("bits");
    QTest::addColumn<int>("payloadBits");
    // The bits of each octet as "marker|payload".
    QTest::newRow("U+0041 A") << 0x41u << QByteArray("41") << QStringLiteral("0|1000001") << 7;
    QTest::newRow("U+007F") << 0x7Fu << QByteArray("7F") << QStringLiteral("0|1111111") << 7;
    QTest::newRow("U+0080") << 0x80u << QByteArray("C2 80") << QStringLiteral("110|00010 10|000000")
                            << 11;
    QTest::newRow("U+00A9 copyright")
        << 0xA9u << QByteArray("C2 A9") << QStringLiteral("110|00010 10|101001") << 11;
    QTest::newRow("U+07FF") << 0x7FFu << QByteArray("DF BF")
                            << QStringLiteral("110|11111 10|111111") << 11;
    // RFC 3629 section 3's steps for U+20AC: 0010 000010 101100 into 1110xxxx 10xxxxxx 10xxxxxx.
    QTest::newRow("U+20AC euro") << 0x20ACu << QByteArray("E2 82 AC")
                                 << QStringLiteral("1110|0010 10|000010 10|101100") << 16;
    QTest::newRow("U+FFFD") << 0xFFFDu << QByteArray("EF BF BD")
                            << QStringLiteral("1110|1111 10|111111 10|111101") << 16;
    QTest::newRow("U+10000") << 0x10000u << QByteArray("F0 90 80 80")
                             << QStringLiteral("11110|000 10|010000 10|000000 10|000000") << 21;
    QTest::newRow("U+1F600") << 0x1F600u << QByteArray("F0 9F 98 80")
                             << QStringLiteral("11110|000 10|011111 10|011000 10|000000") << 21;
    QTest::newRow("U+10FFFF") << 0x10FFFFu << QByteArray("F4 8F BF BF")
                              << QStringLiteral("11110|100 10|001111 10|111111 10|111111") << 21;
    // Legacy forms of RFC 2279, for explaining them.
    QTest::newRow("0x200000 5 octets")
        << 0x200000u << QByteArray("F8 88 80 80 80")
        << QStringLiteral("111110|00 10|001000 10|000000 10|000000 10|000000") << 26;
    QTest::newRow("0x7FFFFFFF 6 octets")
        << 0x7FFFFFFFu << QByteArray("FD BF BF BF BF BF")
        << QStringLiteral("1111110|1 10|111111 10|111111 10|111111 10|111111 10|111111") << 31;
}

void TestEncoder::layoutOfValue() {
    QFETCH(uint, value);
    QFETCH(QByteArray, hexBytes);
    QFETCH(QString, bits);
    QFETCH(int, payloadBits);
    const Bytes want = u8test::hex(hexBytes.constData());
    const BitLayout l = u8codec::layoutOfValue(value);
    QCOMPARE(l.octets, int(want.size()));
    QCOMPARE(uint(l.value), value);
    QCOMPARE(l.payloadBits, payloadBits);
    QStringList shown;
    for (int i = 0; i < l.octets; ++i) {
        QCOMPARE(int(l.bytes[std::size_t(i)]), int(want[std::size_t(i)]));
        shown << QString::fromStdString(
            bitsWithMarker(l.bytes[std::size_t(i)], l.markerBits[std::size_t(i)]));
    }
    QCOMPARE(shown.join(QLatin1Char(' ')), bits);
    // The payload bits, read back from the octets, are the value.
    std::uint64_t v = 0;
    int counted = 0;
    for (int i = 0; i < l.octets; ++i) {
        const int payload = 8 - l.markerBits[std::size_t(i)];
        v = (v << payload) | (l.bytes[std::size_t(i)] & ((1u << payload) - 1));
        counted += payload;
    }
    QCOMPARE(counted, payloadBits);
    QCOMPARE(uint(v), value);
    // And the reverse: reading the bytes gives the same layout.
    const auto back = u8codec::layoutOfBytes(u8test::view(want));
    QVERIFY(back.has_value());
    QCOMPARE(back->octets, l.octets);
    QCOMPARE(back->value, l.value);
    QCOMPARE(back->payloadBits, l.payloadBits);
    QVERIFY(back->bytes == l.bytes);
    QVERIFY(back->markerBits == l.markerBits);
}

void TestEncoder::layoutMatchesTheRfcPattern() {
    // For the first and last value of every row of both tables, the layout's marker bits are the
    // fixed bits of the row's pattern.
    for (auto table : {utf8Ranges(), rfc2279Ranges()})
        for (const OctetRange& r : table)
            for (char32_t v : {r.low, r.high}) {
                const BitLayout l = u8codec::layoutOfValue(v);
                QCOMPARE(l.octets, r.octets);
                for (int i = 0; i < l.octets; ++i) {
                    const auto [bits, count] = patternMarker(r.pattern, i);
                    QCOMPARE(int(l.markerBits[std::size_t(i)]), count);
                    QCOMPARE(l.bytes[std::size_t(i)] >> (8 - count), bits);
                }
            }
}

void TestEncoder::layoutOfBytes_data() {
    QTest::addColumn<QByteArray>("hexBytes");
    QTest::addColumn<int>("octets");
    QTest::addColumn<uint>("value");
    // The naive reading (RFC 2279) of ill-formed sequences, which the explanations rely on.
    QTest::newRow("C0 AF overlong '/'") << QByteArray("C0 AF") << 2 << 0x2Fu;
    QTest::newRow("E0 80 AF overlong '/'") << QByteArray("E0 80 AF") << 3 << 0x2Fu;
    QTest::newRow("ED A0 80 surrogate") << QByteArray("ED A0 80") << 3 << 0xD800u;
    QTest::newRow("F4 90 80 80 too large") << QByteArray("F4 90 80 80") << 4 << 0x110000u;
    QTest::newRow("F8 88 80 80 80 5-byte") << QByteArray("F8 88 80 80 80") << 5 << 0x200000u;
    QTest::newRow("FC 84 80 80 80 80 6-byte") << QByteArray("FC 84 80 80 80 80") << 6 << 0x4000000u;
    QTest::newRow("extra bytes ignored") << QByteArray("E2 82 AC 41") << 3 << 0x20ACu;
}

void TestEncoder::layoutOfBytes() {
    QFETCH(QByteArray, hexBytes);
    QFETCH(int, octets);
    QFETCH(uint, value);
    const auto l = u8codec::layoutOfBytes(u8test::view(u8test::hex(hexBytes.constData())));
    QVERIFY(l.has_value());
    QCOMPARE(l->octets, octets);
    QCOMPARE(uint(l->value), value);
}

void TestEncoder::layoutOfBytesRefuses_data() {
    QTest::addColumn<QByteArray>("hexBytes");
    QTest::newRow("empty") << QByteArray();
    QTest::newRow("continuation first") << QByteArray("80 80");
    QTest::newRow("FE") << QByteArray("FE 80 80 80 80 80 80");
    QTest::newRow("FF") << QByteArray("FF");
    QTest::newRow("too short") << QByteArray("E2 82");
    QTest::newRow("not a continuation") << QByteArray("E2 41 AC");
    QTest::newRow("lead as continuation") << QByteArray("F0 9F C2 80");
}

void TestEncoder::layoutOfBytesRefuses() {
    QFETCH(QByteArray, hexBytes);
    QVERIFY(!u8codec::layoutOfBytes(u8test::view(u8test::hex(hexBytes.constData()))).has_value());
}

void TestEncoder::rangeTables() {
    // RFC 3629 section 3's table.
    const auto t = utf8Ranges();
    QCOMPARE(t.size(), std::size_t(4));
    const char32_t lows[] = {0, 0x80, 0x800, 0x10000};
    const char32_t highs[] = {0x7F, 0x7FF, 0xFFFF, 0x10FFFF};
    for (std::size_t i = 0; i < 4; ++i) {
        QCOMPARE(t[i].octets, int(i) + 1);
        QCOMPARE(t[i].low, lows[i]);
        QCOMPARE(t[i].high, highs[i]);
    }
    QCOMPARE(QByteArray(t[2].pattern), QByteArray("1110xxxx 10xxxxxx 10xxxxxx"));
    // RFC 2279's table goes on to 6 octets and U+7FFFFFFF.
    const auto legacy = rfc2279Ranges();
    QCOMPARE(legacy.size(), std::size_t(6));
    QCOMPARE(legacy[3].high, char32_t(0x1FFFFF));
    QCOMPARE(legacy[4].low, char32_t(0x200000));
    QCOMPARE(legacy[5].high, char32_t(0x7FFFFFFF));
    QCOMPARE(QByteArray(legacy[5].pattern),
             QByteArray("1111110x 10xxxxxx 10xxxxxx 10xxxxxx 10xxxxxx 10xxxxxx"));
}

QTEST_GUILESS_MAIN(TestEncoder)
#include "tst_encoder.moc"
