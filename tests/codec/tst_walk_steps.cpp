// The walk-throughs as data (encode_steps.h, decode_steps.h): for every scalar value, the steps'
// layout, fill groups and UTF-16 form agree with the encoder and with Qt's own UTF-16; refused
// values are refused; the decode steps follow the Segmenter's segments byte by byte on random and
// constructed bytes. (Names typed for a character: tests/convert/tst_character_input.)
#include "codec_test_support.h"
#include "u8codec/decode_steps.h"
#include "u8codec/encode_steps.h"
#include "u8codec/segmenter.h"

#include <QRandomGenerator>
#include <QString>
#include <QTest>

using namespace u8codec;
using u8test::Bytes;

namespace {

// The payload bits of octet i of a layout, as text.
std::string payloadOf(const BitLayout& l, int i) {
    const int markers = l.markerBits[std::size_t(i)];
    return binaryDigits(l.bytes[std::size_t(i)], 8).substr(std::size_t(markers));
}

// Checks one scalar value's walk; an empty string when it is right, else what is wrong.
QString checkScalar(char32_t cp) {
    const EncodeWalk w = walkEncoding(cp);
    std::uint8_t bytes[4];
    const int n = encode(cp, bytes);
    if (w.refusal != Unencodable::No || w.layout.octets != n)
        return QStringLiteral("octets");
    for (int i = 0; i < n; ++i)
        if (w.layout.bytes[std::size_t(i)] != bytes[i])
            return QStringLiteral("byte %1").arg(i);
    const OctetRange& r = utf8Ranges()[std::size_t(w.row)];
    if (r.octets != n || cp < r.low || cp > r.high)
        return QStringLiteral("row");
    // The value's bits, as many as the pattern has x bits, read back from the number.
    if (w.valueBits.size() != std::size_t(w.layout.payloadBits) ||
        std::stoul(w.valueBits, nullptr, 2) != cp)
        return QStringLiteral("value bits");
    // Filled from the right: the last octet first; each group is that octet's payload.
    if (int(w.fill.size()) != n)
        return QStringLiteral("groups");
    int end = int(w.valueBits.size());
    for (int k = 0; k < n; ++k) {
        const PayloadGroup& g = w.fill[std::size_t(k)];
        if (g.octet != n - 1 - k || g.firstBit + g.bitCount != end ||
            w.valueBits.substr(std::size_t(g.firstBit), std::size_t(g.bitCount)) !=
                payloadOf(w.layout, g.octet))
            return QStringLiteral("group %1").arg(k);
        end = g.firstBit;
    }
    if (end != 0)
        return QStringLiteral("groups do not cover the value");
    // UTF-16 as Qt writes it.
    if (w.utf16.pair != QChar::requiresSurrogates(cp))
        return QStringLiteral("UTF-16 length");
    if (w.utf16.pair ? w.utf16.units[0] != QChar::highSurrogate(cp) ||
                           w.utf16.units[1] != QChar::lowSurrogate(cp)
                     : w.utf16.units[0] != cp)
        return QStringLiteral("UTF-16 units");
    if (w.utf16.pair &&
        (w.utf16.offsetValue != cp - 0x10000 ||
         (std::uint32_t(w.utf16.highTen) << 10 | w.utf16.lowTen) != w.utf16.offsetValue))
        return QStringLiteral("UTF-16 halves");
    // The steps: length, bits, one fill per octet, markers, bytes, UTF-16 (1 or 3), UTF-32.
    const std::size_t expected = 2 + std::size_t(n) + 2 + (w.utf16.pair ? 3 : 1) + 1;
    if (w.steps.size() != expected || w.steps.front().kind != EncodeStepKind::Length ||
        w.steps.back().kind != EncodeStepKind::Utf32)
        return QStringLiteral("steps");
    for (const EncodeStep& s : w.steps)
        if (s.title.empty() || s.text.empty())
            return QStringLiteral("a step without words");
    return {};
}

const char* actionName(DecodeAction a) {
    static const char* kNames[] = {"Ascii", "Lead",    "Continue", "Complete",
                                   "Stop",  "Invalid", "Stray",    "End"};
    return kNames[int(a)];
}

QString actions(const DecodeWalk& w) {
    QStringList names;
    for (const DecodeStep& s : w.steps)
        names << QString::fromLatin1(actionName(s.action));
    return names.join(QLatin1Char(' '));
}

// The decode steps against the Segmenter: each segment is completed by exactly one step, in
// order; a byte is read once, or twice where a sequence stopped before it; a continuation is in
// the range expected, a byte that stops a sequence is not. Empty when right.
QString checkDecodeSteps(const Bytes& bytes) {
    const DecodeWalk w = walkDecoding(bytes);
    const std::vector<Segment> segments = segment(bytes);
    if (w.segments != segments)
        return QStringLiteral("segments");
    std::size_t next = 0;
    std::vector<int> reads(bytes.size(), 0);
    for (const DecodeStep& s : w.steps) {
        if (s.action != DecodeAction::End)
            ++reads[std::size_t(s.offset)];
        if (s.action != DecodeAction::End && s.byte != bytes[std::size_t(s.offset)])
            return QStringLiteral("byte at %1").arg(s.offset);
        const bool inRange = s.expected.contains(s.byte);
        if ((s.action == DecodeAction::Continue || s.action == DecodeAction::Complete) && !inRange)
            return QStringLiteral("continuation out of range at %1").arg(s.offset);
        if (s.action == DecodeAction::Stop && inRange && s.segment.length > 0)
            return QStringLiteral("stopped by a byte in range at %1").arg(s.offset);
        const ByteRange first = firstContinuationRange(s.byte);
        if (s.action == DecodeAction::Lead &&
            (s.expected.low != first.low || s.expected.high != first.high))
            return QStringLiteral("lead range at %1").arg(s.offset);
        if (s.segment.length == 0)
            continue;
        if (next >= segments.size() || !(s.segment == segments[next]))
            return QStringLiteral("segment %1 out of order").arg(next);
        ++next;
    }
    if (next != segments.size())
        return QStringLiteral("%1 of %2 segments completed").arg(next).arg(segments.size());
    for (std::size_t i = 0; i < reads.size(); ++i) {
        const bool stoppedBefore =
            std::any_of(segments.begin(), segments.end(), [&](const auto& s) {
                return !s.isValid() && s.length > 0 && s.end() == i &&
                       s.error != ErrorKind::InvalidByte &&
                       s.error != ErrorKind::UnexpectedContinuation;
            });
        if (reads[i] != (stoppedBefore ? 2 : 1))
            return QStringLiteral("byte %1 read %2 times").arg(i).arg(reads[i]);
    }
    std::size_t errors = 0;
    for (const Segment& s : segments)
        errors += s.isValid() ? 0 : 1;
    if (w.replacements != errors || w.characters + errors != segments.size())
        return QStringLiteral("counts");
    return {};
}

} // namespace

class TestWalkSteps : public QObject {
    Q_OBJECT
private slots:
    void everyScalarValue() {
        for (char32_t cp = 0; cp <= 0x10FFFF; cp += cp < 0x20000 ? 1 : 61) {
            if (!isScalarValue(cp))
                continue;
            const QString wrong = checkScalar(cp);
            if (!wrong.isEmpty())
                QFAIL(qPrintable(QStringLiteral("U+%1: %2").arg(uint(cp), 4, 16).arg(wrong)));
        }
        QVERIFY(checkScalar(0x10FFFF).isEmpty());
    }

    void refusals() {
        for (char32_t cp = 0xD800; cp <= 0xDFFF; ++cp) {
            const EncodeWalk w = walkEncoding(cp);
            QCOMPARE(w.refusal, Unencodable::Surrogate);
            QCOMPARE(w.row, 2); // the 3-octet row holds it
            QCOMPARE(w.steps.size(), std::size_t(2));
            QCOMPARE(w.steps.back().kind, EncodeStepKind::Refused);
        }
        for (char32_t cp :
             {char32_t(0x110000), char32_t(0x1FFFFF), char32_t(0x200000), char32_t(0x7FFFFFFF)}) {
            const EncodeWalk w = walkEncoding(cp);
            QCOMPARE(w.refusal, Unencodable::TooLarge);
            QCOMPARE(w.row, -1);
            QCOMPARE(w.steps.back().kind, EncodeStepKind::Refused);
            // RFC 2279's form: what decoders must refuse.
            QCOMPARE(w.layout.octets, cp < 0x200000 ? 4 : cp < 0x4000000 ? 5 : 6);
        }
        QVERIFY(whyUnencodable(0xDC00).find("RFC 3629 section 3") != std::string::npos);
        QVERIFY(whyUnencodable(0xDC00).find("ED B0 80") != std::string::npos);
        QVERIFY(whyUnencodable(0x110000).find("F4 90 80 80") != std::string::npos);
        QVERIFY(whyUnencodable(0x10FFFF).empty());
    }

    void codePointNotation_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("value"); // -1: not a notation
        QTest::newRow("U+") << "U+20AC" << 0x20AC;
        QTest::newRow("u+ lower") << "u+1f600" << 0x1F600;
        QTest::newRow("0x") << "0x41" << 0x41;
        QTest::newRow("0X") << "0X10FFFF" << 0x10FFFF;
        QTest::newRow("largest") << "U+7FFFFFFF" << 0x7FFFFFFF;
        QTest::newRow("too large") << "U+80000000" << -1;
        QTest::newRow("no digits") << "U+" << -1;
        QTest::newRow("not hex") << "U+12G4" << -1;
        QTest::newRow("bare hex") << "20AC" << -1;
        QTest::newRow("space") << "U+ 20AC" << -1;
    }
    void codePointNotation() {
        QFETCH(QString, text);
        QFETCH(int, value);
        const auto cp = parseCodePointNotation(text.toStdString());
        QCOMPARE(cp.has_value(), value >= 0);
        if (cp)
            QCOMPARE(int(*cp), value);
    }

    void markerBits() {
        // RFC 2279's reading of a byte's high bits.
        for (const auto& [byte, markers] : std::initializer_list<std::pair<int, int>>{{0x41, 1},
                                                                                      {0x80, 2},
                                                                                      {0xBF, 2},
                                                                                      {0xC2, 3},
                                                                                      {0xE2, 4},
                                                                                      {0xF0, 5},
                                                                                      {0xF8, 6},
                                                                                      {0xFC, 7},
                                                                                      {0xFE, 8},
                                                                                      {0xFF, 8}})
            QCOMPARE(markerBitCount(std::uint8_t(byte)), markers);
        for (int b = 0xC2; b <= 0xF4; ++b) {
            const auto l =
                layoutOfBytes(walkEncoding(lowestCodePoint(std::uint8_t(b)).value()).layout.bytes);
            QVERIFY(l);
            QCOMPARE(markerBitCount(std::uint8_t(b)), int(l->markerBits[0]));
        }
    }

    // Constructed inputs: the actions a strict decoder takes, in order.
    void decodeActions_data() {
        QTest::addColumn<QByteArray>("hex");
        QTest::addColumn<QString>("expected");
        QTest::newRow("ascii") << QByteArray("41") << "Ascii";
        QTest::newRow("4-byte") << QByteArray("F09F9880") << "Lead Continue Continue Complete";
        QTest::newRow("invalid") << QByteArray("C0 F5 FF") << "Invalid Invalid Invalid";
        QTest::newRow("stray") << QByteArray("80 BF") << "Stray Stray";
        QTest::newRow("overlong E0") << QByteArray("E0 9F 80") << "Lead Stop Stray Stray";
        QTest::newRow("overlong F0") << QByteArray("F0 8F BF BF") << "Lead Stop Stray Stray Stray";
        QTest::newRow("surrogate") << QByteArray("ED A0 80") << "Lead Stop Stray Stray";
        QTest::newRow("too large") << QByteArray("F4 90 80 80") << "Lead Stop Stray Stray Stray";
        QTest::newRow("truncated then ascii")
            << QByteArray("F0 9F 98 41") << "Lead Continue Continue Stop Ascii";
        QTest::newRow("truncated at the end") << QByteArray("E2 82") << "Lead Continue End";
        QTest::newRow("lead after lead") << QByteArray("C3 C3 A9") << "Lead Stop Lead Complete";
    }
    void decodeActions() {
        QFETCH(QByteArray, hex);
        QFETCH(QString, expected);
        const Bytes bytes = u8test::hex(hex.constData());
        QCOMPARE(actions(walkDecoding(bytes)), expected);
        QVERIFY(checkDecodeSteps(bytes).isEmpty());
    }

    void decodeStepsFollowTheSegmenter() {
        QRandomGenerator random(2024);
        // Bytes drawn from the interesting ones: leads, restricted leads, continuations, ASCII.
        static const std::uint8_t kPool[] = {0x41, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF,
                                             0xC0, 0xC2, 0xDF, 0xE0, 0xE2, 0xED, 0xEF,
                                             0xF0, 0xF4, 0xF5, 0xF8, 0xFE, 0xFF};
        for (int round = 0; round < 3000; ++round) {
            Bytes bytes(std::size_t(random.bounded(1, 24)));
            for (auto& b : bytes)
                b = random.bounded(4) == 0 ? std::uint8_t(random.bounded(256))
                                           : kPool[random.bounded(int(std::size(kPool)))];
            const QString wrong = checkDecodeSteps(bytes);
            if (!wrong.isEmpty())
                QFAIL(qPrintable(QString::fromStdString(hexBytes(bytes, 64)) + ": " + wrong));
        }
    }

    // What a naive decoder would read: the ProblemScanner's problems, with their sequences and,
    // beside an overlong form, the shortest.
    void naiveReadings() {
        const DecodeWalk overlong = walkDecoding(u8test::hex("C0AF"));
        QCOMPARE(overlong.naive.size(), std::size_t(1));
        QCOMPARE(overlong.naive[0].problem.kind, ProblemKind::Overlong);
        QCOMPARE(overlong.naive[0].sequences.size(), std::size_t(1));
        QCOMPARE(overlong.naive[0].sequences[0].value, char32_t(0x2F));
        QVERIFY(overlong.naive[0].shortest);
        QCOMPARE(overlong.naive[0].shortest->octets, 1);
        QCOMPARE(int(overlong.naive[0].shortest->bytes[0]), 0x2F);
        // A CESU-8 pair: two sequences, and the character's 4-byte form.
        const DecodeWalk cesu = walkDecoding(u8test::hex("EDA0BDEDB880"));
        QCOMPARE(cesu.naive.size(), std::size_t(1));
        QCOMPARE(cesu.naive[0].problem.kind, ProblemKind::SurrogatePair);
        QCOMPARE(cesu.naive[0].sequences.size(), std::size_t(2));
        QCOMPARE(cesu.naive[0].shortest->octets, 4);
        QCOMPARE(cesu.replacements, std::size_t(6));
        // Nothing to read in a stray byte; no shortest form for a value beyond U+10FFFF.
        const DecodeWalk stray = walkDecoding(u8test::hex("80"));
        QVERIFY(stray.naive[0].sequences.empty());
        const DecodeWalk large = walkDecoding(u8test::hex("F4908080"));
        QCOMPARE(large.naive[0].sequences.size(), std::size_t(1));
        QVERIFY(!large.naive[0].shortest);
        QVERIFY(walkDecoding(u8test::hex("41")).naive.empty());
    }
};

QTEST_GUILESS_MAIN(TestWalkSteps)
#include "tst_walk_steps.moc"
