// Grapheme clusters (UAX #29) against Unicode's own test file, GraphemeBreakTest.txt (the
// unicode-data package): every boundary of every line, the whole text and fed in pieces.
#include "u8codec/encoder.h"
#include "u8convert/graphemes.h"

#include <QDir>
#include <QFile>
#include <QTest>
#include <string>
#include <vector>

using u8convert::GraphemeBreaks;
using u8convert::GraphemeCounter;

namespace {

// One test line: the text in UTF-8 and the byte offsets where its clusters end.
struct BreakCase {
    std::string utf8;
    std::vector<std::size_t> ends;
    QString line;
};

// "÷ 0020 × 0308 ÷ 0020 ÷	#  ..." : ÷ a boundary, × none, between hexadecimal code points.
std::vector<BreakCase> readBreakTest(const QString& path) {
    std::vector<BreakCase> cases;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return cases;
    while (!file.atEnd()) {
        const QString line = QString::fromUtf8(file.readLine()).trimmed();
        const QString rule = line.section(QLatin1Char('#'), 0, 0).trimmed();
        if (rule.isEmpty())
            continue;
        BreakCase c;
        c.line = line;
        const QStringList fields = rule.split(QLatin1Char(' '), Qt::SkipEmptyParts);
        for (const QString& field : fields) {
            if (field == QStringLiteral("\u00F7")) {
                if (!c.utf8.empty())
                    c.ends.push_back(c.utf8.size());
            } else if (field != QStringLiteral("\u00D7")) {
                u8codec::appendUtf8(char32_t(field.toUInt(nullptr, 16)), c.utf8);
            }
        }
        cases.push_back(std::move(c));
    }
    return cases;
}

std::span<const std::uint8_t> bytesOf(std::string_view s) {
    return {reinterpret_cast<const std::uint8_t*>(s.data()), s.size()};
}

} // namespace

class TestGraphemes : public QObject {
    Q_OBJECT
private:
    std::vector<BreakCase> cases_;

private slots:
    void initTestCase() {
        const QString path = QDir(QStringLiteral(U8SCOPE_UNICODE_DATA_DIR))
                                 .filePath(QStringLiteral("auxiliary/GraphemeBreakTest.txt"));
        cases_ = readBreakTest(path);
        if (cases_.empty())
            QSKIP("GraphemeBreakTest.txt is not installed (Debian package unicode-data)");
        QVERIFY(cases_.size() > 500);
    }

    void everyLineOfTheUnicodeTest() {
        GraphemeBreaks breaks;
        int failed = 0;
        for (const BreakCase& c : cases_) {
            if (breaks.ends(c.utf8) != c.ends) {
                qWarning("boundaries differ: %s", qPrintable(c.line));
                ++failed;
            }
        }
        QCOMPARE(failed, 0);
    }

    // The counter gives the whole text's count however the bytes arrive: each test line one byte,
    // three bytes and all at once, and all the lines run together (a line feed after each) in
    // pieces of 1, 5 and 4096 bytes.
    void countedInPieces() {
        std::string all;
        for (const BreakCase& c : cases_) {
            for (std::size_t piece : {std::size_t(1), std::size_t(3), c.utf8.size()}) {
                GraphemeCounter counter;
                for (std::size_t i = 0; i < c.utf8.size(); i += piece)
                    counter.feed(bytesOf(std::string_view(c.utf8).substr(i, piece)));
                QCOMPARE(counter.finish(), std::uint64_t(c.ends.size()));
            }
            all += c.utf8;
            all += '\n';
        }
        GraphemeBreaks breaks;
        const std::uint64_t expected = breaks.ends(all).size();
        // Lines that end with a CR join the line feed after them (GB3): fewer than lines + 1 each.
        QVERIFY(expected > cases_.size() * 2);
        for (std::size_t piece : {std::size_t(1), std::size_t(5), std::size_t(4096)}) {
            GraphemeCounter counter;
            for (std::size_t i = 0; i < all.size(); i += piece)
                counter.feed(bytesOf(std::string_view(all).substr(i, piece)));
            QCOMPARE(counter.finish(), expected);
        }
    }

    // Memory is bounded (issue 32): a stretch past GraphemeCounter::kMaxStretch is counted as the
    // break iterator counts it (Hangul syllables, regional indicators: clusters without a sure
    // boundary between them), and one cluster that long is counted once, not held.
    void longStretchesAreCountedInBoundedMemory() {
        const auto count = [](const std::string& text, std::uint64_t* tooLong = nullptr) {
            GraphemeCounter counter;
            for (std::size_t i = 0; i < text.size(); i += 4096)
                counter.feed(bytesOf(std::string_view(text).substr(i, 4096)));
            const std::uint64_t n = counter.finish();
            if (tooLong)
                *tooLong = counter.longClusters();
            return n;
        };
        for (const std::string_view unit : {std::string_view("\xEA\xB0\x80"),        // U+AC00
                                            std::string_view("\xF0\x9F\x87\xAB")}) { // RI F
            std::string text;
            while (text.size() < 3 * GraphemeCounter::kMaxStretch)
                text += unit;
            GraphemeBreaks breaks;
            std::uint64_t tooLong = 1;
            QCOMPARE(count(text, &tooLong), std::uint64_t(breaks.ends(text).size()));
            QCOMPARE(tooLong, std::uint64_t(0));
        }
        // A consonant after a virama joins the cluster in ICU (Indic conjuncts, GB9c): the
        // counter takes no sure boundary there (fuzz_graphemes_fast found it counting two).
        for (const std::string& conjunct : {std::string("\xE0\xA4\x95\xE0\xA5\x8D\xE0\xA4\x95"),
                                            std::string("\xE2\x80\xA9\xE0\xA4\x95\xE0\xA5\x8D"
                                                        "\xE0\xA4\x95 x")}) {
            GraphemeBreaks breaks;
            QCOMPARE(count(conjunct), std::uint64_t(breaks.ends(conjunct).size()));
        }
        std::string marks = "e";
        while (marks.size() < 2 * GraphemeCounter::kMaxStretch)
            marks += "\xCC\x81"; // U+0301
        std::uint64_t tooLong = 0;
        QCOMPARE(count(marks + "x\xF0\x9F\x91\xA8\xE2\x80\x8D\xF0\x9F\x91\xA9 e", &tooLong),
                 std::uint64_t(5)); // the long one, x, the family, space, e
        QCOMPARE(tooLong, std::uint64_t(1));
    }

    // What the window and the walk-through show: e + U+0301, a family emoji, a flag and a keycap
    // are one cluster each; ill-formed bytes one each (one U+FFFD per maximal subpart), a mark
    // after them joining the last.
    void clustersPeopleSee() {
        GraphemeBreaks breaks;
        const std::string text = "e\xCC\x81"                                    // é decomposed
                                 "\xF0\x9F\x91\xA9\xE2\x80\x8D\xF0\x9F\x91\xA9" // 👩‍👩
                                 "\xE2\x80\x8D\xF0\x9F\x91\xA7"                 // ‍👧
                                 "\xF0\x9F\x87\xAB\xF0\x9F\x87\xB7"             // 🇫🇷
                                 "1\xEF\xB8\x8F\xE2\x83\xA3"                    // 1️⃣
                                 "\xE1\x84\x80\xE1\x85\xA1\xE1\x86\xA8";        // 각 in jamo
        QCOMPARE(breaks.ends(text), (std::vector<std::size_t>{3, 21, 29, 36, 45}));
        QCOMPARE(breaks.ends("a\xC3\x28\xE2\x82"
                             "b\xCC\x81"),
                 (std::vector<std::size_t>{1, 2, 3, 5, 8}));
        QVERIFY(breaks.ends("").empty());
    }

    // The clusters around a range of a source, as the panes ask for them: their bytes and code
    // points, the same wherever the range starts (ASCII before it or not, near the start or far
    // into a text with no ASCII at all).
    void clustersAroundARange() {
        GraphemeBreaks breaks;
        const std::string text = "ab e\xCC\x81\r\n\xFF\x80!";
        const u8codec::MemorySource source(std::vector<std::uint8_t>(text.begin(), text.end()));
        using u8convert::ClusterSpan;
        QCOMPARE(u8convert::clustersIn(source, 4, 5, breaks),
                 (std::vector<ClusterSpan>{{3, 3, 2}}));
        QCOMPARE(u8convert::clustersIn(source, 5, 10, breaks),
                 (std::vector<ClusterSpan>{{3, 3, 2}, {6, 2, 2}, {8, 1, 1}, {9, 1, 1}}));
        QVERIFY(u8convert::clustersIn(source, 11, 20, breaks).empty());

        // 1,000 Cyrillic letters, each followed by U+0301: every cluster is 4 bytes, 2 code
        // points, wherever the range falls.
        std::string cyrillic;
        for (int i = 0; i < 1000; ++i)
            cyrillic += "\xD0\xB0\xCC\x81";
        const u8codec::MemorySource marks(
            std::vector<std::uint8_t>(cyrillic.begin(), cyrillic.end()));
        for (std::uint64_t from : {0, 1, 2, 3, 517, 2999, 3998}) {
            const auto clusters = u8convert::clustersIn(marks, from, from + 9, breaks);
            QVERIFY(!clusters.empty());
            QCOMPARE(clusters.front().offset, from / 4 * 4);
            for (const ClusterSpan& c : clusters) {
                QCOMPARE(c.offset % 4, std::uint64_t(0));
                QCOMPARE(c.length, std::uint64_t(4));
                QCOMPARE(c.codePoints, std::uint32_t(2));
            }
        }
    }
};

QTEST_APPLESS_MAIN(TestGraphemes)
#include "tst_graphemes.moc"
