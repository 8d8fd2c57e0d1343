// Problems: error segments grouped as a naive RFC 2279 decoder reads them, and explained in words
// (issue 2 section 2, "Problems"). Key phrases are asserted, not whole sentences.
#include "codec_test_support.h"
#include "u8codec/problem.h"

#include <QTest>

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

QString kindName(ProblemKind k) {
    return QString::fromLatin1(name(k).data(), qsizetype(name(k).size()));
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

QTEST_GUILESS_MAIN(TestProblems)
#include "tst_problems.moc"
