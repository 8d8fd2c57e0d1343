// Find in the window searches bytes: hex patterns parse exactly, and matches are found at the
// right offsets in both directions, across the edges of the chunks the search reads.
#include "u8codec/byte_search.h"

#include <QtTest>
#include <random>

using namespace u8codec;

namespace {

std::vector<std::uint8_t> bytesOf(std::initializer_list<int> list) {
    std::vector<std::uint8_t> v;
    for (int b : list)
        v.push_back(std::uint8_t(b));
    return v;
}

// Every match start, by brute force: the reference the chunked search is checked against.
std::vector<std::uint64_t> naiveMatches(const std::vector<std::uint8_t>& hay,
                                        const std::vector<std::uint8_t>& needle) {
    std::vector<std::uint64_t> out;
    for (std::size_t i = 0; i + needle.size() <= hay.size(); ++i)
        if (std::equal(needle.begin(), needle.end(), hay.begin() + std::ptrdiff_t(i)))
            out.push_back(i);
    return out;
}

} // namespace

class TestByteSearch : public QObject {
    Q_OBJECT
private slots:
    void parse_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QByteArray>("bytes"); // empty: an error is expected
        QTest::newRow("spaced") << "E2 82 AC" << QByteArray("\xE2\x82\xAC");
        QTest::newRow("packed lower") << "e282ac" << QByteArray("\xE2\x82\xAC");
        QTest::newRow("commas") << "E2,82,AC" << QByteArray("\xE2\x82\xAC");
        QTest::newRow("0x prefixes") << "0xE2 0x82 0xAC" << QByteArray("\xE2\x82\xAC");
        QTest::newRow("backslash x") << "\\xE2\\x82\\xAC" << QByteArray("\xE2\x82\xAC");
        QTest::newRow("zero byte") << "00 41" << QByteArray("\x00\x41", 2);
        QTest::newRow("odd digits") << "E2 8" << QByteArray();
        QTest::newRow("split byte") << "E 2" << QByteArray();
        QTest::newRow("not hex") << "E2 G0" << QByteArray();
        QTest::newRow("empty") << "   " << QByteArray();
    }
    void parse() {
        QFETCH(QString, text);
        QFETCH(QByteArray, bytes);
        const HexPattern p = parseHexPattern(text.toStdString());
        if (bytes.isEmpty()) {
            QVERIFY(!p.ok());
            QVERIFY(p.bytes.empty());
            QVERIFY(!p.error.empty());
        } else {
            QVERIFY2(p.ok(), p.error.c_str());
            QCOMPARE(QByteArray(reinterpret_cast<const char*>(p.bytes.data()),
                                qsizetype(p.bytes.size())),
                     bytes);
        }
    }

    // A pattern placed at every offset around a chunk edge is found there, forward and backward.
    void acrossChunkEdges_data() {
        QTest::addColumn<qint64>("at");
        for (qint64 d = -4; d <= 2; ++d)
            QTest::addRow("edge%+lld", static_cast<long long>(d)) << qint64(kSearchChunkSize) + d;
        QTest::newRow("start") << qint64(0);
    }
    void acrossChunkEdges() {
        QFETCH(qint64, at);
        std::vector<std::uint8_t> hay(2 * kSearchChunkSize + 100, 'a');
        const auto needle = bytesOf({0xF0, 0x9F, 0x98, 0x80});
        std::copy(needle.begin(), needle.end(), hay.begin() + at);
        const MemorySource src(hay);
        QCOMPARE(findForward(src, needle, 0), std::optional<std::uint64_t>(at));
        QCOMPARE(findBackward(src, needle, src.size()), std::optional<std::uint64_t>(at));
        QCOMPARE(findForward(src, needle, std::uint64_t(at) + 1), std::nullopt);
        QCOMPARE(findBackward(src, needle, std::uint64_t(at)), std::nullopt);
        // The match overlaps exactly the 4 bytes [at, at + 4).
        const auto inside =
            findAllOverlapping(src, needle, std::uint64_t(at) + 3, std::uint64_t(at) + 4);
        QCOMPARE(inside, std::vector<std::uint64_t>{std::uint64_t(at)});
        QVERIFY(findAllOverlapping(src, needle, std::uint64_t(at) + 4, src.size()).empty());
    }

    // Random bytes over a small alphabet give many (overlapping) matches; every search agrees with
    // the brute-force reference.
    void matchesBruteForce() {
        std::mt19937 rng(7);
        std::vector<std::uint8_t> hay(kSearchChunkSize + kSearchChunkSize / 2);
        for (auto& b : hay)
            b = std::uint8_t(0xE0 + rng() % 3);
        const auto needle = bytesOf({0xE0, 0xE1, 0xE0, 0xE1, 0xE2, 0xE0, 0xE1});
        const auto all = naiveMatches(hay, needle);
        QVERIFY(all.size() > 10);
        const MemorySource src(hay);
        // Forward from 0 walks every match in order.
        std::vector<std::uint64_t> walked;
        for (auto m = findForward(src, needle, 0); m; m = findForward(src, needle, *m + 1))
            walked.push_back(*m);
        QCOMPARE(walked, all);
        std::vector<std::uint64_t> back;
        for (auto m = findBackward(src, needle, src.size()); m; m = findBackward(src, needle, *m))
            back.push_back(*m);
        std::reverse(back.begin(), back.end());
        QCOMPARE(back, all);
        QCOMPARE(findAllOverlapping(src, needle, 0, src.size(), all.size() + 1), all);
        // The cap is honoured.
        QCOMPARE(findAllOverlapping(src, needle, 0, src.size(), 3).size(), std::size_t(3));
    }

    void overlappingAndBounds() {
        const MemorySource src(bytesOf({'A', 'A', 'A'}));
        const auto aa = bytesOf({'A', 'A'});
        QCOMPARE(findAllOverlapping(src, aa, 0, 3), (std::vector<std::uint64_t>{0, 1}));
        QCOMPARE(findForward(src, aa, 2), std::nullopt); // only one byte left
        QCOMPARE(findForward(src, aa, 0, 1), std::optional<std::uint64_t>(0));
        QCOMPARE(findBackward(src, aa, 1), std::optional<std::uint64_t>(0));
        QCOMPARE(findForward(src, std::vector<std::uint8_t>{}, 0), std::nullopt);
        QCOMPARE(findForward(src, bytesOf({'A', 'A', 'A', 'A'}), 0), std::nullopt);
        const MemorySource empty(std::vector<std::uint8_t>{});
        QCOMPARE(findBackward(empty, aa, 0), std::nullopt);
    }

    void cancel() {
        std::vector<std::uint8_t> hay(3 * kSearchChunkSize, 'a');
        hay.back() = 'b';
        const MemorySource src(hay);
        std::atomic<bool> stop{true};
        QCOMPARE(findForward(src, bytesOf({'b'}), 0, UINT64_MAX, &stop), std::nullopt);
        stop = false;
        QCOMPARE(findForward(src, bytesOf({'b'}), 0, UINT64_MAX, &stop),
                 std::optional<std::uint64_t>(hay.size() - 1));
    }
};

QTEST_APPLESS_MAIN(TestByteSearch)
#include "tst_byte_search.moc"
