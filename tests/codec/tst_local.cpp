// The local view: segments around any offset, computed from a bounded neighbourhood, equal those
// of segmenting the whole buffer, at every offset (a character is at most 4 bytes, so a bounded
// look-back finds a boundary: RFC 3629 section 1).
#include "codec_test_support.h"
#include "u8codec/byte_source.h"
#include "u8codec/local_segments.h"
#include "u8codec/segmenter.h"

#include <QTest>

using namespace u8codec;
using u8test::Bytes;

namespace {

// The whole-buffer answer, with the index of the segment that holds each byte.
struct Whole {
    std::vector<Segment> segments;
    std::vector<std::uint32_t> segmentOfByte;

    explicit Whole(const Bytes& b) : segments(segment(u8test::view(b))), segmentOfByte(b.size()) {
        for (std::size_t i = 0; i < segments.size(); ++i)
            for (std::uint64_t o = segments[i].offset; o < segments[i].end(); ++o)
                segmentOfByte[o] = std::uint32_t(i);
    }
    // The segments that overlap [from, to), to clamped to the size.
    std::vector<Segment> overlapping(std::uint64_t from, std::uint64_t to) const {
        to = std::min<std::uint64_t>(to, segmentOfByte.size());
        if (from >= to)
            return {};
        return {segments.begin() + segmentOfByte[from],
                segments.begin() + segmentOfByte[to - 1] + 1};
    }
};

// A source whose size is stale: the file shrank to `bytes` after `claimedSize` was read.
class ShrunkSource final : public ByteSource {
public:
    ShrunkSource(Bytes bytes, std::uint64_t claimedSize)
        : memory_(std::move(bytes)), claimed_(claimedSize) {}
    std::uint64_t size() const override { return claimed_; }
    std::size_t read(std::uint64_t offset, std::span<std::uint8_t> dest) const override {
        return memory_.read(offset, dest);
    }

private:
    MemorySource memory_;
    std::uint64_t claimed_;
};

} // namespace

class TestLocal : public QObject {
    Q_OBJECT
private slots:
    void inputs_data();
    void segmentAtEveryOffset();
    void segmentAtEveryOffset_data() { inputs_data(); }
    void rangesAtEveryOffset();
    void rangesAtEveryOffset_data() { inputs_data(); }
    void windowsAtEveryOffset();
    void windowsAtEveryOffset_data() { inputs_data(); }
    void rolesAtEveryOffset();
    void rolesAtEveryOffset_data() { inputs_data(); }
    void emptyAndOutOfRange();
    void shrunkSourceEndsAtShortRead();
};

void TestLocal::inputs_data() {
    QTest::addColumn<QByteArray>("input");
    const auto constructed = u8test::constructedInputs();
    for (std::size_t i = 0; i < constructed.size(); ++i)
        QTest::addRow("constructed %zu", i) << QByteArray(
            reinterpret_cast<const char*>(constructed[i].data()), qsizetype(constructed[i].size()));
    // Error-dense: every 1-, 2- and 3-byte combination of edge bytes, concatenated, so that
    // every offset sits next to every kind of sequence start and end.
    static constexpr std::uint8_t kEdge[] = {0x41, 0x80, 0x9F, 0xA0, 0xBF, 0xC1, 0xC2,
                                             0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF};
    Bytes dense;
    for (std::uint8_t a : kEdge)
        for (std::uint8_t b : kEdge)
            for (std::uint8_t c : kEdge)
                dense.insert(dense.end(), {a, b, c, 0x80, 0xBF});
    QTest::newRow("edge triples") << QByteArray(reinterpret_cast<const char*>(dense.data()),
                                                qsizetype(dense.size()));
    for (const char* name : {"UTF-8-test.txt", "UTF-8-demo.txt"}) {
        Bytes b;
        if (u8test::loadCorpus(QString::fromLatin1(name), b))
            QTest::newRow(name) << QByteArray(reinterpret_cast<const char*>(b.data()),
                                              qsizetype(b.size()));
    }
}

void TestLocal::segmentAtEveryOffset() {
    QFETCH(QByteArray, input);
    const Bytes b = u8test::toBytes(input);
    const Whole whole(b);
    const MemorySource source(b);
    for (std::uint64_t o = 0; o < b.size(); ++o) {
        const Segment got = segmentAt(source, o);
        const Segment& want = whole.segments[whole.segmentOfByte[o]];
        QVERIFY2(got == want, qPrintable(QStringLiteral("offset %1: got %2, want %3")
                                             .arg(o)
                                             .arg(u8test::describe(got), u8test::describe(want))));
    }
}

void TestLocal::rangesAtEveryOffset() {
    QFETCH(QByteArray, input);
    const Bytes b = u8test::toBytes(input);
    const Whole whole(b);
    const MemorySource source(b);
    for (std::uint64_t from = 0; from <= b.size(); ++from)
        for (std::uint64_t width : {1, 2, 3, 4, 5, 7, 16, 61}) {
            const QString diff = u8test::firstDifference(
                segmentsInRange(source, from, from + width), whole.overlapping(from, from + width));
            QVERIFY2(diff.isEmpty(),
                     qPrintable(QStringLiteral("[%1, +%2): ").arg(from).arg(width) + diff));
        }
}

void TestLocal::windowsAtEveryOffset() {
    QFETCH(QByteArray, input);
    const Bytes b = u8test::toBytes(input);
    const Whole whole(b);
    const std::uint64_t n = b.size();
    for (std::uint64_t from = 0; from < n; ++from)
        for (std::uint64_t width : {1, 3, 9}) {
            const std::uint64_t to = std::min(n, from + width);
            // The smallest window the contract allows, and one with extra bytes before and after.
            for (std::uint64_t slack : {0, 5}) {
                const std::uint64_t begin =
                    from >= kMaxLookBehind + slack ? from - kMaxLookBehind - slack : 0;
                const std::uint64_t end = std::min(n, to + kMaxLookAhead + slack);
                const std::span<const std::uint8_t> window(b.data() + begin, end - begin);
                const QString diff =
                    u8test::firstDifference(segmentsInWindow(window, begin, end == n, from, to),
                                            whole.overlapping(from, to));
                QVERIFY2(diff.isEmpty(), qPrintable(QStringLiteral("[%1, %2) in window [%3, %4): ")
                                                        .arg(from)
                                                        .arg(to)
                                                        .arg(begin)
                                                        .arg(end) +
                                                    diff));
            }
        }
}

void TestLocal::rolesAtEveryOffset() {
    // The role each byte is coloured by, from the local segment, equals its role in the whole.
    QFETCH(QByteArray, input);
    const Bytes b = u8test::toBytes(input);
    const Whole whole(b);
    const MemorySource source(b);
    for (std::uint64_t from = 0; from < b.size(); from += 37) {
        const auto local = segmentsInRange(source, from, from + 37);
        for (const Segment& s : local)
            for (std::uint64_t o = std::max(s.offset, from); o < std::min(s.end(), from + 37); ++o)
                QCOMPARE(roleInSegment(s, o),
                         roleInSegment(whole.segments[whole.segmentOfByte[o]], o));
    }
}

void TestLocal::emptyAndOutOfRange() {
    const MemorySource empty(Bytes{});
    QVERIFY(segmentsInRange(empty, 0, 10).empty());
    const MemorySource source(u8test::hex("E2 82 AC 41"));
    QVERIFY(segmentsInRange(source, 2, 2).empty());
    QVERIFY(segmentsInRange(source, 4, 9).empty());
    QVERIFY(segmentsInRange(source, 9, 12).empty());
    const auto last = segmentsInRange(source, 3, 100);
    QCOMPARE(last.size(), std::size_t(1));
    QCOMPARE(last[0].codePoint, char32_t('A'));
    // An offset inside a character gives the whole character.
    const Segment euro = segmentAt(source, 2);
    QCOMPARE(euro.offset, std::uint64_t(0));
    QCOMPARE(int(euro.length), 3);
    QCOMPARE(euro.codePoint, char32_t(0x20AC));
}

void TestLocal::shrunkSourceEndsAtShortRead() {
    // The size says 10 but only "41 E2 82" can be read: the short read is the new end, so E2 82
    // is a truncated sequence, as segmenting the three bytes gives.
    const ShrunkSource source(u8test::hex("41 E2 82"), 10);
    const auto got = segmentsInRange(source, 0, 10);
    const QString diff =
        u8test::firstDifference(got, segment(u8test::view(u8test::hex("41 E2 82"))));
    QVERIFY2(diff.isEmpty(), qPrintable(diff));
    QCOMPARE(segmentAt(source, 2).error, ErrorKind::Truncated);
}

QTEST_GUILESS_MAIN(TestLocal)
#include "tst_local.moc"
