// Problems: error segments grouped as a naive RFC 2279 decoder reads them, and explained in words
// (problem.h). Key phrases are asserted, not whole sentences.
#include "codec_test_support.h"
#include "u8codec/problem.h"
#include "u8codec/scan.h"
#include "u8codec/segmenter.h"

#include <QTest>
#include <algorithm>
#include <random>

using namespace u8codec;
using u8test::Bytes;

namespace {

std::vector<Problem> problemsOf(const Bytes& b) {
    std::vector<Problem> out;
    ProblemScanner s;
    auto sink = [&](const Problem& p) { out.push_back(p); };
    s.feed(u8test::view(b), sink);
    s.finish(sink);
    return out;
}

// The straightforward path: every segment from the Segmenter through onSegment(), which feed()'s
// window-at-a-time path must equal.
std::vector<Problem> problemsBySegment(const Bytes& b) {
    std::vector<Problem> out;
    ProblemScanner s;
    Segmenter segmenter;
    auto sink = [&](const Problem& p) { out.push_back(p); };
    auto each = [&](const Segment& seg, std::span<const std::uint8_t> bytes) {
        s.onSegment(seg, bytes, sink);
    };
    segmenter.feed(u8test::view(b), each);
    segmenter.finish(each);
    s.finish(sink);
    return out;
}

// feed() in pieces of the given sizes (repeated; 0: all at once).
std::vector<Problem> problemsInPieces(const Bytes& b, const std::vector<std::size_t>& sizes) {
    std::vector<Problem> out;
    ProblemScanner s;
    auto sink = [&](const Problem& p) { out.push_back(p); };
    const auto all = u8test::view(b);
    std::size_t at = 0;
    for (std::size_t k = 0; at < all.size(); ++k) {
        const std::size_t size = sizes.empty() || sizes[k % sizes.size()] == 0
                                     ? all.size() - at
                                     : std::min(sizes[k % sizes.size()], all.size() - at);
        s.feed(all.subspan(at, size), sink);
        at += size;
    }
    s.finish(sink);
    return out;
}

// The problems of the first `kept` pieces built by feed(), the rest only counted by count();
// returns the counts of all, by kind, and the built ones in `built`.
ProblemCounts countInPieces(const Bytes& b, const std::vector<std::size_t>& sizes, std::size_t kept,
                            std::vector<Problem>& built) {
    ProblemCounts counts{};
    ProblemScanner s;
    auto sink = [&](const Problem& p) {
        built.push_back(p);
        ++counts[std::size_t(p.kind)];
    };
    const auto all = u8test::view(b);
    std::size_t at = 0;
    for (std::size_t k = 0; at < all.size(); ++k) {
        const std::size_t size = sizes.empty() || sizes[k % sizes.size()] == 0
                                     ? all.size() - at
                                     : std::min(sizes[k % sizes.size()], all.size() - at);
        if (k < kept)
            s.feed(all.subspan(at, size), sink);
        else
            s.count(all.subspan(at, size), counts);
        at += size;
    }
    s.finish([&](const Problem& p) { ++counts[std::size_t(p.kind)]; });
    return counts;
}

QString describe(const Problem& p) {
    return QStringLiteral("%1+%2:%3 value %4 announced %5 segments %6 head %7")
        .arg(p.offset)
        .arg(p.length)
        .arg(QString::fromLatin1(name(p.kind).data(), qsizetype(name(p.kind).size())))
        .arg(uint(p.value), 0, 16)
        .arg(p.announcedLength)
        .arg(p.errorSegments)
        .arg(QString::fromStdString(hexBytes(p.headBytes())));
}

bool sameProblem(const Problem& a, const Problem& b) {
    return a.offset == b.offset && a.length == b.length && a.kind == b.kind && a.value == b.value &&
           a.announcedLength == b.announcedLength && a.errorSegments == b.errorSegments &&
           a.headLength == b.headLength && a.head == b.head;
}

// `size` bytes of pieces drawn from `alphabet`.
Bytes drawn(std::mt19937& rng, const std::vector<Bytes>& alphabet, std::size_t size) {
    Bytes out;
    while (out.size() < size) {
        const Bytes& piece = alphabet[rng() % alphabet.size()];
        out.insert(out.end(), piece.begin(), piece.end());
    }
    out.resize(size);
    return out;
}

QString kindName(ProblemKind k) {
    return QString::fromLatin1(name(k).data(), qsizetype(name(k).size()));
}

// The data of fastPathEqualsSegments: 20 to 23 kB from `source` (one of its rows), drawn with
// `seed`.
Bytes fastPathSample(int source, uint seed) {
    std::mt19937 rng(seed * 7919u + uint(source));
    const std::size_t size = 20000 + rng() % 3000;
    Bytes data;
    switch (source) {
    case 0: // uniformly random: a problem every three bytes or so
        data.resize(size);
        for (auto& b : data)
            b = std::uint8_t(rng());
        break;
    case 1: { // every lead a naive decoder reads on from, with continuation bytes after them
        std::vector<Bytes> alphabet = {{0x80}, {0xBF}, {0xA0}, {0x8F}, {0x41}, {0x0A}};
        for (int lead : {0xC0, 0xC1, 0xE0, 0xED, 0xF0, 0xF4, 0xF5, 0xF7, 0xF8, 0xFB, 0xFC, 0xFD,
                         0xFE, 0xFF, 0xC3, 0xE2, 0xF1})
            alphabet.push_back({std::uint8_t(lead)});
        data = drawn(rng, alphabet, size);
        break;
    }
    case 2: // CESU-8 pairs, lone halves and cut ones, at every offset around the windows
        data = drawn(rng,
                     {{0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80},
                      {0xED, 0xAF, 0xBF},
                      {0xED, 0xB0, 0x80},
                      {0xED, 0xA0},
                      {0x80},
                      {0x41},
                      {0xF4, 0x90, 0x80, 0x80},
                      {0xE0, 0x80, 0xAF}},
                     size);
        break;
    case 3: { // runs of continuation bytes longer than a window, between other problems
        for (std::size_t i = 0; data.size() < size; ++i) {
            data.insert(data.end(), std::size_t(rng() % 200), std::uint8_t(0x80 + rng() % 64));
            const std::uint8_t between[] = {0x41, 0xC0, 0xE2, 0xFE, 0xF8, 0xED};
            data.push_back(between[rng() % std::size(between)]);
        }
        data.resize(size);
        break;
    }
    default: // valid text with a damaged byte now and then
        data = drawn(rng,
                     {{'w', 'o', 'r', 'd', ' '},
                      {'\n'},
                      {0xC3, 0xA9},
                      {0xE2, 0x82, 0xAC},
                      {0xF0, 0x9F, 0x98, 0x80}},
                     size);
        for (int k = 0; k < 40; ++k)
            data[rng() % data.size()] = std::uint8_t(0x80 + rng() % 128);
        break;
    }
    return data;
}

} // namespace

class TestProblems : public QObject {
    Q_OBJECT
private slots:
    void single_data();
    void single();
    void sequences_data();
    void sequences();
    void kindNames();
    void labels();
    void fastPathEqualsSegments_data();
    void fastPathEqualsSegments();
    void pendingAndRestart();
    void handoverSplitsProblems();
};

void TestProblems::single_data() {
    QTest::addColumn<QByteArray>("hexInput");
    QTest::addColumn<QString>("kind");
    QTest::addColumn<uint>("value");
    QTest::addColumn<int>("errorSegments");
    QTest::addColumn<QStringList>("phrases");
    auto row = [](const char* tag, const char* in, const char* kind, uint value, int segments,
                  QStringList phrases) {
        QTest::newRow(tag) << QByteArray(in) << QString::fromLatin1(kind) << value << segments
                           << phrases;
    };
    // RFC 3629 section 10: the overlong '/' that slipped past path checks.
    row("C0 AF overlong '/'", "C0 AF", "overlong", 0x2F, 2,
        {"C0 AF", "overlong 2-byte form", "U+002F", "'/'", "shortest form", "RFC 3629 section 10"});
    row("E0 80 AF overlong '/'", "E0 80 AF", "overlong", 0x2F, 3,
        {"E0 80 AF", "overlong 3-byte form", "U+002F"});
    row("F0 80 80 AF overlong '/'", "F0 80 80 AF", "overlong", 0x2F, 4,
        {"overlong 4-byte form", "U+002F"});
    row("C0 80 overlong NUL", "C0 80", "overlong", 0, 2, {"U+0000", "Modified UTF-8"});
    row("E0 9F BF overlong U+07FF", "E0 9F BF", "overlong", 0x7FF, 3, {"U+07FF", "2 bytes here"});
    row("ED A0 80 surrogate U+D800", "ED A0 80", "surrogate", 0xD800, 3,
        {"ED A0 80", "U+D800", "high surrogate", "must not encode"});
    row("ED BF BF surrogate U+DFFF", "ED BF BF", "surrogate", 0xDFFF, 3,
        {"U+DFFF", "low surrogate"});
    row("ED A0 BD ED B8 80 CESU-8 pair", "ED A0 BD ED B8 80", "surrogate-pair", 0x1F600, 6,
        {"ED A0 BD ED B8 80", "surrogate pair", "D83D DE00", "CESU-8", "Modified UTF-8", "U+1F600",
         "F0 9F 98 80"});
    row("ED A0 80 ED B0 80 CESU-8 U+10000", "ED A0 80 ED B0 80", "surrogate-pair", 0x10000, 6,
        {"D800 DC00", "U+10000", "F0 90 80 80"});
    row("F4 90 80 80 beyond U+10FFFF", "F4 90 80 80", "too-large", 0x110000, 4,
        {"F4 90 80 80", "0x110000", "beyond U+10FFFF"});
    row("F7 BF BF BF beyond U+10FFFF", "F7 BF BF BF", "too-large", 0x1FFFFF, 4,
        {"0x1FFFFF", "beyond U+10FFFF"});
    row("F8 88 80 80 80 legacy 5-byte", "F8 88 80 80 80", "legacy-long-form", 0x200000, 5,
        {"F8 88 80 80 80", "5-byte form", "RFC 2279", "0x200000", "4 bytes"});
    row("FC 84 80 80 80 80 legacy 6-byte", "FC 84 80 80 80 80", "legacy-long-form", 0x4000000, 6,
        {"FC 84 80 80 80 80", "6-byte form", "RFC 2279", "0x4000000"});
    row("F8 80 80 80 AF legacy and overlong", "F8 80 80 80 AF", "legacy-long-form", 0x2F, 5,
        {"5-byte form", "overlong as well"});
    row("E2 82 truncated euro", "E2 82", "truncated", 0, 1,
        {"E2 82", "3-byte sequence", "stops after 2 bytes", "1 continuation byte is missing"});
    row("F0 9F truncated", "F0 9F", "truncated", 0, 1,
        {"4-byte sequence", "2 continuation bytes are missing"});
    row("C2 at end", "C2", "truncated", 0, 1, {"2-byte sequence", "stops after 1 byte"});
    row("stray 80", "80", "stray-continuation", 0, 1, {"80", "continuation byte", "no lead byte"});
    row("stray run", "80 BF 80", "stray-continuation", 0, 3,
        {"3 continuation bytes", "80 BF 80", "no lead byte"});
    row("FE", "FE", "never-valid-byte", 0, 1, {"FE", "never appears"});
    row("FF", "FF", "never-valid-byte", 0, 1, {"FF", "never appears"});
    row("C1 alone", "C1", "never-valid-byte", 0, 1, {"C1", "never appears", "overlong"});
    row("F5 alone", "F5", "never-valid-byte", 0, 1, {"F5", "above U+10FFFF"});
    row("F8 alone", "F8", "never-valid-byte", 0, 1, {"F8", "5-byte form", "RFC 2279"});
}

void TestProblems::single() {
    QFETCH(QByteArray, hexInput);
    QFETCH(QString, kind);
    QFETCH(uint, value);
    QFETCH(int, errorSegments);
    QFETCH(QStringList, phrases);
    const Bytes in = u8test::hex(hexInput.constData());
    const auto problems = problemsOf(in);
    QCOMPARE(problems.size(), std::size_t(1));
    const Problem& p = problems[0];
    QCOMPARE(kindName(p.kind), kind);
    QCOMPARE(p.offset, std::uint64_t(0));
    QCOMPARE(p.length, std::uint64_t(in.size()));
    QCOMPARE(uint(p.value), value);
    QCOMPARE(int(p.errorSegments), errorSegments);
    const QString text = QString::fromStdString(explain(p));
    for (const QString& phrase : phrases)
        QVERIFY2(text.contains(phrase),
                 qPrintable(QStringLiteral("\"%1\" not in: %2").arg(phrase, text)));
}

void TestProblems::sequences_data() {
    QTest::addColumn<QByteArray>("hexInput");
    // Each expected problem as "offset+length:kind".
    QTest::addColumn<QString>("expected");
    QTest::newRow("truncated, ASCII, strays, FE")
        << QByteArray("41 E2 82 41 80 80 FE")
        << QStringLiteral("1+2:truncated 4+2:stray-continuation 6+1:never-valid-byte");
    QTest::newRow("surrogates apart are not a pair")
        << QByteArray("ED A0 80 41 ED B0 80") << QStringLiteral("0+3:surrogate 4+3:surrogate");
    QTest::newRow("low before high is not a pair")
        << QByteArray("ED B0 80 ED A0 80") << QStringLiteral("0+3:surrogate 3+3:surrogate");
    QTest::newRow("two highs") << QByteArray("ED A0 80 ED A0 80")
                               << QStringLiteral("0+3:surrogate 3+3:surrogate");
    QTest::newRow("high then truncated low")
        << QByteArray("ED A0 80 ED B0") << QStringLiteral("0+3:surrogate 3+2:truncated");
    QTest::newRow("overlong then stray")
        << QByteArray("C0 AF 80") << QStringLiteral("0+2:overlong 2+1:stray-continuation");
    QTest::newRow("overlong cut short")
        << QByteArray("E0 80 41") << QStringLiteral("0+2:truncated");
    QTest::newRow("legacy cut short") << QByteArray("F8 88 80") << QStringLiteral("0+3:truncated");
    QTest::newRow("table 3-8")
        << QByteArray("61 F1 80 80 E1 80 C2 62 80 63 80 BF 64")
        << QStringLiteral("1+3:truncated 4+2:truncated 6+1:truncated 8+1:stray-continuation "
                          "10+2:stray-continuation");
    QTest::newRow("valid text has none") << QByteArray("41 E2 82 AC F0 9F 98 80") << QString();
}

void TestProblems::sequences() {
    QFETCH(QByteArray, hexInput);
    QFETCH(QString, expected);
    QStringList got;
    for (const Problem& p : problemsOf(u8test::hex(hexInput.constData())))
        got << QStringLiteral("%1+%2:%3").arg(p.offset).arg(p.length).arg(kindName(p.kind));
    QCOMPARE(got.join(QLatin1Char(' ')), expected);
}

void TestProblems::kindNames() {
    QCOMPARE(kindName(ProblemKind::NeverValidByte), QStringLiteral("never-valid-byte"));
    QCOMPARE(kindName(ProblemKind::StrayContinuation), QStringLiteral("stray-continuation"));
    QCOMPARE(kindName(ProblemKind::Overlong), QStringLiteral("overlong"));
    QCOMPARE(kindName(ProblemKind::Surrogate), QStringLiteral("surrogate"));
    QCOMPARE(kindName(ProblemKind::SurrogatePair), QStringLiteral("surrogate-pair"));
    QCOMPARE(kindName(ProblemKind::TooLarge), QStringLiteral("too-large"));
    QCOMPARE(kindName(ProblemKind::LegacyLongForm), QStringLiteral("legacy-long-form"));
    QCOMPARE(kindName(ProblemKind::Truncated), QStringLiteral("truncated"));
}

void TestProblems::labels() {
    QCOMPARE(codePointLabel(0x2F), std::string("U+002F"));
    QCOMPARE(codePointLabel(0x1F600), std::string("U+1F600"));
    QCOMPARE(hexBytes(u8test::view(u8test::hex("C0 AF"))), std::string("C0 AF"));
    QCOMPARE(hexBytes(u8test::view(u8test::hex("01 02 03")), 2), std::string("01 02 ..."));
    // A long stray run keeps its first bytes and says how many there are.
    const Bytes run(20, 0x80);
    const auto problems = problemsOf(run);
    QCOMPARE(problems.size(), std::size_t(1));
    QCOMPARE(problems[0].length, std::uint64_t(20));
    QCOMPARE(int(problems[0].errorSegments), 20);
    const QString text = QString::fromStdString(explain(problems[0]));
    QVERIFY2(text.contains(QStringLiteral("20 continuation bytes")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("...")), qPrintable(text));
}

// feed() finds error segments 64 bytes at a time and, where nothing is pending, takes each
// problem's extent from the masks; it must give exactly the problems (every field, in order) of
// the straightforward path, whatever the data and however it is cut into pieces.
void TestProblems::fastPathEqualsSegments_data() {
    QTest::addColumn<int>("source");
    QTest::addColumn<uint>("seed");
    const char* const sources[] = {"random bytes", "naive leads and strays", "surrogate pairs",
                                   "long stray runs", "mostly valid"};
    for (int source = 0; source < 5; ++source)
        for (uint seed = 1; seed <= 4; ++seed)
            QTest::addRow("%s %u", sources[source], seed) << source << seed;
}

void TestProblems::fastPathEqualsSegments() {
    QFETCH(int, source);
    QFETCH(uint, seed);
    const Bytes data = fastPathSample(source, seed);
    const std::vector<Problem> want = problemsBySegment(data);
    QVERIFY(!want.empty());
    const std::vector<std::vector<std::size_t>> cuts = {
        {0}, {1}, {63, 64, 65}, {127, 128, 129, 130}, {1000}, {3, 200, 7, 4096, 1, 129}};
    for (const auto& sizes : cuts) {
        const std::vector<Problem> got = problemsInPieces(data, sizes);
        const auto [g, w] =
            std::mismatch(got.begin(), got.end(), want.begin(), want.end(), sameProblem);
        if (g != got.end() || w != want.end())
            QFAIL(qPrintable(QStringLiteral("pieces of %1...: got %2, want %3 (%4 vs %5 problems)")
                                 .arg(sizes[0])
                                 .arg(g != got.end() ? describe(*g) : QStringLiteral("none"))
                                 .arg(w != want.end() ? describe(*w) : QStringLiteral("none"))
                                 .arg(got.size())
                                 .arg(want.size())));
    }
    // count(), alone or after feed(), counts what the straightforward path finds, by kind.
    ProblemCounts wantCounts{};
    for (const Problem& p : want)
        ++wantCounts[std::size_t(p.kind)];
    for (const auto& sizes : cuts) {
        for (std::size_t kept : {std::size_t(0), std::size_t(3)}) {
            std::vector<Problem> built;
            const ProblemCounts got = countInPieces(data, sizes, kept, built);
            for (int k = 0; k < kProblemKindCount; ++k)
                QVERIFY2(got[std::size_t(k)] == wantCounts[std::size_t(k)],
                         qPrintable(QStringLiteral("pieces of %1..., %2 built: %3 %4, want %5")
                                        .arg(sizes[0])
                                        .arg(kept)
                                        .arg(got[std::size_t(k)])
                                        .arg(kindName(ProblemKind(k)))
                                        .arg(wantCounts[std::size_t(k)])));
            QVERIFY(built.size() <= want.size());
            QVERIFY(std::equal(built.begin(), built.end(), want.begin(), sameProblem));
        }
    }
}

// pending() says whether a problem may still grow; restartAt() skips bytes known to be valid.
void TestProblems::pendingAndRestart() {
    ProblemScanner s;
    std::vector<Problem> got;
    auto sink = [&](const Problem& p) { got.push_back(p); };
    const Bytes strays = u8test::hex("41 80 80");
    s.feed(u8test::view(strays), sink);
    QVERIFY(s.pending()); // the run may go on
    QVERIFY(got.empty());
    const Bytes more = u8test::hex("80 41");
    s.feed(u8test::view(more), sink);
    QVERIFY(!s.pending());
    QCOMPARE(got.size(), std::size_t(1));
    QCOMPARE(got[0].length, std::uint64_t(3));
    // Skip 1000 bytes of valid text, then go on: offsets count the skipped bytes.
    s.restartAt(1005);
    const Bytes cut = u8test::hex("E2 82");
    s.feed(u8test::view(cut), sink);
    QCOMPARE(got.size(), std::size_t(1));
    s.finish(sink);
    QCOMPARE(got.size(), std::size_t(2));
    QCOMPARE(got[1].offset, std::uint64_t(1005));
    QCOMPARE(got[1].kind, ProblemKind::Truncated);
}

// A stream scanned for problems in two parts, cut at a handover point (after a segment start,
// the end of the first valid character), gives the whole stream's problems in order, whatever
// is pending where the cut is looked for: a CESU-8 pair, a high surrogate waiting for its low
// half, a run of stray continuation bytes, a naive 5-byte form, a lead cut short, FE.
void TestProblems::handoverSplitsProblems() {
    const Bytes mix = u8test::hex("41 ED A0 BD ED B8 80 ED A0 80 80 80 80 42 F8 88 80 80 80 E2 82"
                                  "0A C3 A9 ED B0 80 FE 80 E0 80 AF F0 9F 98 80 C0 AF 43");
    Bytes text;
    for (int i = 0; i < 3; ++i)
        text.insert(text.end(), mix.begin(), mix.end());
    const std::vector<Problem> whole = problemsBySegment(text);
    const auto all = u8test::view(text);
    int cuts = 0;
    for (std::size_t from = 0; from < text.size(); ++from) {
        const std::optional<std::size_t> start = segmentStartNear(all, from);
        if (!start)
            continue;
        const std::optional<std::size_t> handover =
            ProblemScanner::handoverPoint(all.subspan(*start));
        if (!handover)
            continue;
        const std::size_t cut = *start + *handover;
        std::vector<Problem> got;
        auto sink = [&](const Problem& p) { got.push_back(p); };
        ProblemScanner first;
        first.feed(all.first(cut), sink);
        first.finish(sink);
        ProblemScanner second(cut);
        second.feed(all.subspan(cut), sink);
        second.finish(sink);
        QVERIFY2(got.size() == whole.size() &&
                     std::equal(got.begin(), got.end(), whole.begin(), sameProblem),
                 qPrintable(QStringLiteral("cut at %1").arg(cut)));
        ++cuts;
    }
    QVERIFY(cuts > int(text.size()) / 2);
    // Where no valid character follows, there is no handover point.
    QVERIFY(
        !ProblemScanner::handoverPoint(u8test::view(u8test::hex("80 C0 AF ED A0 80 FF E2 82"))));
    QVERIFY(!ProblemScanner::handoverPoint({}));
    // The pair is not split: the handover is after the character that follows it.
    QCOMPARE(ProblemScanner::handoverPoint(u8test::view(u8test::hex("ED A0 BD ED B8 80 C3 A9 41"))),
             std::optional<std::size_t>(8));
}

QTEST_GUILESS_MAIN(TestProblems)
#include "tst_problems.moc"
