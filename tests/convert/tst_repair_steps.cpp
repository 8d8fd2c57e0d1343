// The repair steps one by one and the pipeline: invalid sequences
// under each policy, CESU-8 and Modified UTF-8, BOM, line endings, normalisation; idempotence
// and the report.
#include "repair_test_support.h"
#include "u8codec/scan.h"
#include "u8convert/repair.h"
// The library-internal scan on two threads.
#include "scan_on_cores.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QtTest>

using namespace u8codec;
using namespace u8convert;
using namespace repairtest;

class TestRepairSteps : public QObject {
    Q_OBJECT

private slots:
    void invalidPolicies_data();
    void invalidPolicies();
    void cesu_data();
    void cesu();
    void bom_data();
    void bom();
    void lineEndings_data();
    void lineEndings();
    void lineEndingMixAfterEarlierSteps_data();
    void lineEndingMixAfterEarlierSteps();
    void lineEndingCounterAcrossChunks();
    void normalization_data();
    void normalization();
    void normalFormCheckAgreesWithNormalising();
    void pipelineOrderAndReport();
    void bomRestoredByTheMojibakeRepairIsStripped();
    void strictRefuses();
    void everyStepIsIdempotent_data();
    void everyStepIsIdempotent();
    void cleanTextUntouched();
    void givenUpBufferIsTheCleanResult();
    void progressAndCancel();
    void randomBytesNeverBreakTheContract();
    void scanOnCoresEqualsScan();
};

namespace {

RepairResult run(const std::string& in, const RepairOptions& o) {
    return repair(bytes(in), o);
}

} // namespace

void TestRepairSteps::invalidPolicies_data() {
    QTest::addColumn<QString>("policy");
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QByteArray>("expected");
    QTest::addColumn<int>("changes");
    const QByteArray in("caf\xE9 \xC3\xA9 \xF0\x9F\x98 x\x80\x81");
    QTest::newRow("replace") << "replace" << in
                             << QByteArray("caf\xEF\xBF\xBD \xC3\xA9 \xEF\xBF\xBD "
                                           "x\xEF\xBF\xBD\xEF\xBF\xBD")
                             << 3;
    QTest::newRow("drop") << "ignore" << in << QByteArray("caf \xC3\xA9  x") << 3;
    QTest::newRow("latin1") << "latin1" << in
                            << QByteArray("caf\xC3\xA9 \xC3\xA9 \xC3\xB0\xC2\x9F\xC2\x98 "
                                          "x\xC2\x80\xC2\x81")
                            << 3;
    QTest::newRow("cp1252") << "cp1252" << in
                            << QByteArray("caf\xC3\xA9 \xC3\xA9 \xC3\xB0\xC5\xB8\xCB\x9C "
                                          "x\xE2\x82\xAC\xC2\x81")
                            << 3;
}

void TestRepairSteps::invalidPolicies() {
    QFETCH(QString, policy);
    QFETCH(QByteArray, input);
    QFETCH(QByteArray, expected);
    QFETCH(int, changes);
    RepairOptions o;
    o.invalid = *errorPolicyFromName(policy.toStdString());
    const RepairResult r = run(input.toStdString(), o);
    QVERIFY(r.status.ok());
    QCOMPARE(q(r.text), expected);
    QCOMPARE(int(r.report.counts[std::size_t(RepairKind::InvalidSequence)]), changes);
    QCOMPARE(r.report.changes.front().offset, 3u);
    QCOMPARE(q(r.report.changes.front().before), QByteArray("\xE9"));
}

void TestRepairSteps::cesu_data() {
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QByteArray>("expected");
    QTest::addColumn<int>("kind");
    // U+1F600 as CESU-8: D83D DE00 -> ED A0 BD ED B8 80.
    QTest::newRow("pair") << QByteArray("a\xED\xA0\xBD\xED\xB8\x80z")
                          << QByteArray("a\xF0\x9F\x98\x80z") << int(RepairKind::Cesu);
    QTest::newRow("modified nul") << QByteArray("a\xC0\x80z") << QByteArray("a\0z", 3)
                                  << int(RepairKind::ModifiedNul);
    QTest::newRow("two pairs") << QByteArray("\xED\xA0\x81\xED\xB0\x80\xED\xA0\xBD\xED\xB8\x80")
                               << QByteArray("\xF0\x90\x90\x80\xF0\x9F\x98\x80")
                               << int(RepairKind::Cesu);
}

void TestRepairSteps::cesu() {
    QFETCH(QByteArray, input);
    QFETCH(QByteArray, expected);
    QFETCH(int, kind);
    RepairOptions o;
    o.cesu = true;
    const RepairResult r = run(input.toStdString(), o);
    QVERIFY(r.status.ok());
    QCOMPARE(q(r.text), expected);
    QVERIFY(r.report.counts[std::size_t(kind)] >= 1);
    QCOMPARE(r.report.counts[std::size_t(RepairKind::InvalidSequence)], 0u);
    // Without --cesu the same bytes are invalid sequences, replaced.
    const RepairResult plain = run(input.toStdString(), RepairOptions{});
    QVERIFY(plain.report.counts[std::size_t(RepairKind::InvalidSequence)] >= 1);
    // A lone surrogate is not CESU-8: it stays an invalid sequence.
    const RepairResult lone = run("a\xED\xA0\xBDz", o);
    QCOMPARE(q(lone.text), QByteArray("a\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBDz"));
}

void TestRepairSteps::bom_data() {
    QTest::addColumn<QString>("action");
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QByteArray>("expected");
    const QByteArray bom("\xEF\xBB\xBF");
    QTest::newRow("strip") << "strip" << bom + "a" + bom + "b" << QByteArray("ab");
    QTest::newRow("strip none") << "strip" << QByteArray("ab") << QByteArray("ab");
    QTest::newRow("add") << "add" << QByteArray("a") + bom + "b" << bom + "ab";
    QTest::newRow("add present") << "add" << bom + "ab" << bom + "ab";
    QTest::newRow("keep") << "keep" << bom + "a" + bom << bom + "a" + bom;
}

void TestRepairSteps::bom() {
    QFETCH(QString, action);
    QFETCH(QByteArray, input);
    QFETCH(QByteArray, expected);
    RepairOptions o;
    o.bom = *bomActionFromName(action.toStdString());
    const RepairResult r = run(input.toStdString(), o);
    QCOMPARE(q(r.text), expected);
}

void TestRepairSteps::lineEndings_data() {
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QString>("target");
    QTest::addColumn<QByteArray>("expected");
    QTest::addColumn<int>("rewritten");
    const QByteArray mixed("a\nb\r\nc\rd\r\n\r\ne\r");
    QTest::newRow("lf") << mixed << "lf" << QByteArray("a\nb\nc\nd\n\ne\n") << 5;
    QTest::newRow("crlf") << mixed << "crlf" << QByteArray("a\r\nb\r\nc\r\nd\r\n\r\ne\r\n") << 3;
    QTest::newRow("none") << QByteArray("abc") << "lf" << QByteArray("abc") << 0;
}

void TestRepairSteps::lineEndings() {
    QFETCH(QByteArray, input);
    QFETCH(QString, target);
    QFETCH(QByteArray, expected);
    QFETCH(int, rewritten);
    RepairOptions o;
    o.lineEnding = target == QLatin1String("lf") ? LineEnding::Lf : LineEnding::CrLf;
    const RepairResult r = run(input.toStdString(), o);
    QCOMPARE(q(r.text), expected);
    QCOMPARE(int(r.report.counts[std::size_t(RepairKind::LineEnding)]), rewritten);
    if (input.startsWith("a\n")) {
        QCOMPARE(r.report.lineEndings.lf, 1u);
        QCOMPARE(r.report.lineEndings.crlf, 3u);
        QCOMPARE(r.report.lineEndings.cr, 2u);
        QVERIFY(r.report.lineEndings.mixed());
    }
}

// The mix is that of the text the line-ending step receives: the earlier steps' output.
void TestRepairSteps::lineEndingMixAfterEarlierSteps_data() {
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QString>("step");
    QTest::addColumn<QByteArray>("expected");
    QTest::addColumn<int>("crlf");
    QTest::addColumn<int>("cr");
    QTest::addColumn<int>("lf");
    QTest::newRow("mojibake keeps it")
        << QByteArray("Caf\xC3\x83\xC2\xA9 \xC3\x83\xC2\xA9t\xC3\x83\xC2\xA9\r\nx\ry\n")
        << "mojibake" << QByteArray("Caf\xC3\xA9 \xC3\xA9t\xC3\xA9\nx\ny\n") << 1 << 1 << 1;
    QTest::newRow("normalisation keeps it")
        << QByteArray("e\xCC\x81\r\nx\r") << "nfc" << QByteArray("\xC3\xA9\nx\n") << 1 << 1 << 0;
    QTest::newRow("a dropped byte joins CR and LF")
        << QByteArray("a\r\x80\nb\n") << "drop" << QByteArray("a\nb\n") << 1 << 0 << 1;
    QTest::newRow("a stray BOM removed joins CR and LF")
        << QByteArray("a\r\xEF\xBB\xBF\nb\n") << "bom" << QByteArray("a\nb\n") << 1 << 0 << 1;
}

void TestRepairSteps::lineEndingMixAfterEarlierSteps() {
    QFETCH(QByteArray, input);
    QFETCH(QString, step);
    QFETCH(QByteArray, expected);
    QFETCH(int, crlf);
    QFETCH(int, cr);
    QFETCH(int, lf);
    RepairOptions o;
    o.lineEnding = LineEnding::Lf;
    o.mojibake = step == QLatin1String("mojibake");
    if (step == QLatin1String("nfc"))
        o.normalForm = NormalForm::Nfc;
    if (step == QLatin1String("drop"))
        o.invalid = ErrorPolicy::Ignore;
    if (step == QLatin1String("bom"))
        o.bom = BomAction::Strip;
    const RepairResult r = run(input.toStdString(), o);
    QVERIFY(r.status.ok());
    QCOMPARE(q(r.text), expected);
    QCOMPARE(int(r.report.lineEndings.crlf), crlf);
    QCOMPARE(int(r.report.lineEndings.cr), cr);
    QCOMPARE(int(r.report.lineEndings.lf), lf);
    QCOMPARE(int(r.report.counts[std::size_t(RepairKind::LineEnding)]), crlf + cr);
}

void TestRepairSteps::lineEndingCounterAcrossChunks() {
    const std::string s = "a\r\nb\rc\n\r\r\n";
    const LineEndingMix whole = countLineEndings(bytes(s));
    for (std::size_t cut = 0; cut <= s.size(); ++cut) {
        LineEndingCounter c;
        c.feed(bytes(s).first(cut));
        c.feed(bytes(s).subspan(cut));
        c.finish();
        QCOMPARE(c.mix().lf, whole.lf);
        QCOMPARE(c.mix().crlf, whole.crlf);
        QCOMPARE(c.mix().cr, whole.cr);
    }
    QCOMPARE(whole.crlf, 2u);
    QCOMPARE(whole.cr, 2u);
    QCOMPARE(whole.lf, 1u);
}

void TestRepairSteps::normalization_data() {
    QTest::addColumn<QString>("form");
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QByteArray>("expected");
    QTest::newRow("nfc") << "nfc" << QByteArray("Cafe\xCC\x81 A\xCC\x8A")
                         << QByteArray("Caf\xC3\xA9 \xC3\x85");
    QTest::newRow("nfd") << "nfd" << QByteArray("Caf\xC3\xA9") << QByteArray("Cafe\xCC\x81");
    QTest::newRow("hangul nfd") << "nfd" << QByteArray("\xEA\xB0\x80")
                                << QByteArray("\xE1\x84\x80\xE1\x85\xA1");
    QTest::newRow("already nfc") << "nfc" << QByteArray("plain \xC3\xA9")
                                 << QByteArray("plain \xC3\xA9");
}

void TestRepairSteps::normalization() {
    QFETCH(QString, form);
    QFETCH(QByteArray, input);
    QFETCH(QByteArray, expected);
    RepairOptions o;
    o.normalForm = normalFormFromName(form.toStdString());
    const RepairResult r = run(input.toStdString(), o);
    QVERIFY(r.status.ok());
    QCOMPARE(q(r.text), expected);
    QCOMPARE(r.report.counts[std::size_t(RepairKind::Normalization)] > 0, input != expected);
    QVERIFY(isNormalized(r.text, *o.normalForm));
    for (const RepairChange& c : r.report.changes)
        QVERIFY(!c.after.empty());
}

// isNormalized() passes runs of ASCII and of quick-check-Yes starters without asking ICU: on
// strings drawn from characters that compose, decompose, reorder or are inert, next to ASCII and
// to each other, its answer must be exactly whether normalising changes the text.
void TestRepairSteps::normalFormCheckAgreesWithNormalising() {
    const char* const pool[] = {
        "e",
        " ",
        "A",
        "\n",
        "\xC3\xA9", // e, space, A, LF, U+00E9
        "\xCC\x81",
        "\xCC\x8A",     // U+0301, U+030A (compose with a base)
        "\xCC\xA3",     // U+0323 (ccc 220: reorders before U+0301)
        "\xE2\x84\xA6", // U+2126 OHM SIGN (a singleton: never in NFC)
        "\xEA\xB0\x80",
        "\xE1\x84\x80", // U+AC00 syllable, U+1100 leading jamo
        "\xE1\x85\xA1",
        "\xE1\x86\xA8", // U+1161 vowel, U+11A8 trailing jamo
        "\xCE\xAC",
        "\xCE\xB1",         // U+03AC (alpha with tonos), U+03B1
        "\xEF\xA4\x80",     // U+F900 CJK compatibility ideograph
        "\xF0\x9D\x85\x9E", // U+1D15E MUSICAL SYMBOL HALF NOTE (decomposes)
        "\xF0\x9F\x98\x80", // U+1F600 emoji
        "\xF0\xAF\xA0\x80", // U+2F800 CJK compatibility ideograph (above the table)
        "\xF0\xA0\x80\x80", // U+20000 CJK extension B (above the table, in every form)
        "\xD0\x99",
        "\xD0\x98", // U+0419 (decomposes), U+0418
        "\xE6\x97\xA5",
        "\xE2\x80\x99", // U+65E5, U+2019
    };
    // Characters that are quick-check-Yes starters in both forms, for long stretches around
    // the pool's: the check visits 64 bytes at a time, so the pool's characters must fall at
    // every place of a block and across its edges.
    const char* const quick[] = {
        "e",       " ", "A", "\n", "\xE6\x97\xA5", "\xE2\x80\x99", "\xCE\xB1", "\xF0\x9F\x98\x80",
        "\xD0\x98"};
    QRandomGenerator rng(20261123);
    const auto pick = [&](const auto& from) { return from[rng.bounded(quint32(std::size(from)))]; };
    // Per form, short and long strings: how many were not in the form.
    int notNormalized[2][2] = {{0, 0}, {0, 0}};
    constexpr int kShort = 20000, kLong = 6000;
    for (int i = 0; i < kShort + kLong; ++i) {
        const bool isLong = i >= kShort;
        std::string s;
        for (int k = isLong ? int(rng.bounded(70u)) : 0; k > 0; --k)
            s += pick(quick);
        for (int k = 1 + int(rng.bounded(isLong ? 3u : 7u)); k > 0; --k)
            s += pick(pool);
        for (int k = isLong ? int(rng.bounded(70u)) : 0; k > 0; --k)
            s += pick(quick);
        for (NormalForm form : {NormalForm::Nfc, NormalForm::Nfd}) {
            const u8codec::Result<Normalized> n = normalize(s, form);
            QVERIFY(n.ok());
            const bool unchanged = n->text == s;
            if (isNormalized(s, form) != unchanged)
                QFAIL(qPrintable(QStringLiteral("%1 %2: isNormalized says %3")
                                     .arg(QString::fromStdString(std::string(name(form))),
                                          QString::fromUtf8(s.data(), qsizetype(s.size())),
                                          unchanged ? "no" : "yes")));
            notNormalized[int(form)][isLong ? 1 : 0] += unchanged ? 0 : 1;
        }
    }
    // Both answers occur often in both forms, or the comparison would prove little.
    for (const auto& count : notNormalized) {
        QVERIFY(count[0] > kShort / 10);
        QVERIFY(count[0] < kShort * 9 / 10);
        QVERIFY(count[1] > kLong / 10);
        QVERIFY(count[1] < kLong * 9 / 10);
    }
}

void TestRepairSteps::pipelineOrderAndReport() {
    RepairOptions o;
    o.cesu = true;
    o.mojibake = true;
    o.bom = BomAction::Strip;
    o.lineEnding = LineEnding::Lf;
    o.normalForm = NormalForm::Nfc;
    o.invalid = ErrorPolicy::Cp1252;
    const std::string in = "\xEF\xBB\xBF"
                           "CafÃ© \xE9t\xE9\r\n\xED\xA0\xBD\xED\xB8\x80 e\xCC\x81\r\n";
    const RepairResult r = run(in, o);
    QVERIFY(r.status.ok());
    QCOMPARE(q(r.text), QByteArray("Café été\n\xF0\x9F\x98\x80 \xC3\xA9\n"));
    const RepairReport& rep = r.report;
    QCOMPARE(rep.counts[std::size_t(RepairKind::Cesu)], 1u);
    QCOMPARE(rep.counts[std::size_t(RepairKind::InvalidSequence)], 2u);
    QCOMPARE(rep.counts[std::size_t(RepairKind::BomStripped)], 1u);
    QCOMPARE(rep.counts[std::size_t(RepairKind::Mojibake)], 1u);
    QCOMPARE(rep.counts[std::size_t(RepairKind::LineEnding)], 2u);
    QCOMPARE(rep.counts[std::size_t(RepairKind::Normalization)], 1u);
    QCOMPARE(rep.inputBytes, in.size());
    QCOMPARE(rep.outputBytes, r.text.size());
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(rep.toJson()));
    QVERIFY(doc.isObject());
    QCOMPARE(doc.object()
                 .value(QLatin1String("counts"))
                 .toObject()
                 .value(QLatin1String("mojibake"))
                 .toInt(),
             1);
    QCOMPARE(doc.object().value(QLatin1String("changes")).toArray().size(),
             6); // line endings are counted, not listed
    // Every change is located in the original bytes, whatever ran before it.
    const auto located = [&](RepairKind kind) {
        std::vector<std::pair<std::uint64_t, std::uint64_t>> v;
        for (const RepairChange& c : rep.changes)
            if (c.kind == kind)
                v.emplace_back(c.offset, c.length);
        return v;
    };
    using Spans = std::vector<std::pair<std::uint64_t, std::uint64_t>>;
    QCOMPARE(located(RepairKind::BomStripped), (Spans{{0, 3}}));
    QCOMPARE(located(RepairKind::Mojibake), (Spans{{6, 4}}));
    QCOMPARE(located(RepairKind::InvalidSequence), (Spans{{11, 1}, {13, 1}}));
    QCOMPARE(located(RepairKind::Cesu), (Spans{{16, 6}}));
    QCOMPARE(located(RepairKind::Normalization), (Spans{{23, 3}}));
    for (const RepairChange& c : rep.changes)
        QCOMPARE(q(in.substr(c.offset, c.length)), q(c.before));
    const std::string text = rep.toText();
    QVERIFY(text.find("UTF-8 read as windows-1252") != std::string::npos);
    QVERIFY(text.find("line endings in input: 0 LF, 2 CRLF, 0 CR") != std::string::npos);
}

// Found by fuzz_repair: invalid bytes read as windows-1252 around a stray BOM ("ï", U+FEFF,
// "»¿"); the BOM taken out leaves "ï»¿", which is EF BB BF read as ISO-8859-1, and the mojibake
// repair restores the BOM that the BOM step ran too early to take out. A second repair did.
void TestRepairSteps::bomRestoredByTheMojibakeRepairIsStripped() {
    RepairOptions o;
    o.invalid = ErrorPolicy::Cp1252;
    o.mojibake = true;
    o.bom = BomAction::Strip;
    const RepairResult r = run("\xEF\xEF\xBB\xBF\xBB\xBF\xC3\xC2\x8E", o);
    QVERIFY(r.status.ok());
    QCOMPARE(q(r.text), QByteArray("Î"));
    const RepairReport& rep = r.report;
    QCOMPARE(rep.counts[std::size_t(RepairKind::StrayBom)], 1u);
    QCOMPARE(rep.counts[std::size_t(RepairKind::Mojibake)], 1u);
    QCOMPARE(rep.counts[std::size_t(RepairKind::BomStripped)], 1u);
    const RepairResult again = run(r.text, o);
    QCOMPARE(q(again.text), q(r.text));
    QCOMPARE(again.report.total(), 0u);
}

void TestRepairSteps::strictRefuses() {
    RepairOptions o;
    o.invalid = ErrorPolicy::Strict;
    const RepairResult r = run("ab\xFF", o);
    QVERIFY(!r.status.ok());
    QVERIFY(r.text.empty());
    QVERIFY(r.status.message().find("offset 2") != std::string::npos);
    QVERIFY(r.status.failedWith(u8codec::ErrorCode::Invalid));
}

void TestRepairSteps::everyStepIsIdempotent_data() {
    QTest::addColumn<int>("step");
    for (int s = 0; s < 8; ++s)
        QTest::newRow(qPrintable(QString::number(s))) << s;
}

void TestRepairSteps::everyStepIsIdempotent() {
    QFETCH(int, step);
    RepairOptions o;
    switch (step) {
    case 0:
        o.invalid = ErrorPolicy::Replace;
        break;
    case 1:
        o.invalid = ErrorPolicy::Cp1252;
        break;
    case 2:
        o.cesu = true;
        break;
    case 3:
        o.bom = BomAction::Add;
        break;
    case 4:
        o.lineEnding = LineEnding::CrLf;
        break;
    case 5:
        o.normalForm = NormalForm::Nfd;
        break;
    case 6:
        o.c1 = C1Action::Cp1252;
        break;
    default:
        o.mojibake = true;
        break;
    }
    std::string in = "\xEF\xBB\xBF"
                     "a\xC0\x80 \xED\xA0\xBD\xED\xB8\x80 CafÃ© \xE9\r\nx\ry\n\xEF\xBB\xBF"
                     "\xC2\x84\xC2\x8A"
                     "a\xC2\x93\n";
    for (const QString& s : sentences())
        in += utf8(s) + "\n";
    const RepairResult once = run(in, o);
    QVERIFY(once.status.ok());
    const RepairResult twice = run(once.text, o);
    QVERIFY(twice.status.ok());
    QCOMPARE(q(twice.text), q(once.text));
    // Nothing changes the second time (adding a BOM to text that has one is not a change).
    QCOMPARE(twice.report.total() - twice.report.counts[std::size_t(RepairKind::BomAdded)], 0u);
}

void TestRepairSteps::cleanTextUntouched() {
    RepairOptions o;
    o.mojibake = true;
    o.cesu = true;
    o.normalForm = NormalForm::Nfc;
    o.bom = BomAction::Strip;
    std::string in;
    for (const QString& s : sentences())
        in += utf8(s) + "\n";
    const RepairResult r = run(in, o);
    QCOMPARE(q(r.text), q(in));
    QCOMPARE(r.report.total(), 0u);
}

// repair(std::string&&): a clean buffer becomes the result itself (no copy of a large file); a
// buffer that needs changes gives the same result as the copying form and is left as it was.
void TestRepairSteps::givenUpBufferIsTheCleanResult() {
    RepairOptions o;
    o.mojibake = true;
    o.bom = BomAction::Strip;
    o.normalForm = NormalForm::Nfc;
    std::string clean(100000, 'x');
    clean += "Caf\xC3\xA9 \xE2\x80\x99 \xD0\x9F\xD1\x80\xD0\xB8\n";
    const std::string copy = clean;
    const char* const storage = clean.data();
    const RepairResult r = repair(std::move(clean), o);
    QVERIFY(r.status.ok());
    QCOMPARE(r.report.total(), 0u);
    QVERIFY(r.text == copy);
    QVERIFY(r.text.data() == storage);

    const std::string broken = "Caf\xC3\x83\xC2\xA9 \xFF \xEF\xBB\xBFok";
    std::string given = broken;
    const RepairResult moved = repair(std::move(given), o);
    const RepairResult copied = repair(bytes(broken), o);
    QVERIFY(moved.status.ok());
    QVERIFY(moved.report.total() > 0);
    QVERIFY(moved.text == copied.text);
    QCOMPARE(moved.report.toJson(), copied.report.toJson());
    QVERIFY(given == broken);
}

void TestRepairSteps::progressAndCancel() {
    // 3 MiB of damaged text: the mojibake step reports about every MiB, twice (two passes).
    std::string text;
    while (text.size() < (std::size_t(3) << 20))
        text += "Le cafÃ© est trÃ¨s bon. ";
    RepairOptions o;
    o.mojibake = true;
    std::vector<std::pair<std::uint64_t, std::uint64_t>> calls;
    o.progress = [&](std::uint64_t done, std::uint64_t total) {
        calls.emplace_back(done, total);
        return true;
    };
    const RepairResult r = run(text, o);
    QVERIFY(r.status.ok());
    QVERIFY(calls.size() >= 6);
    for (std::size_t i = 0; i < calls.size(); ++i) {
        QCOMPARE(calls[i].second, std::uint64_t(text.size()));
        QVERIFY(calls[i].first <= calls[i].second);
        if (i > 0)
            QVERIFY(calls[i].first >= calls[i - 1].first);
    }
    QCOMPARE(calls.back().first, std::uint64_t(text.size()));
    // Cancelled in the middle of the mojibake step: no text, the reason says so.
    int seen = 0;
    o.progress = [&](std::uint64_t, std::uint64_t) { return ++seen < 4; };
    const RepairResult c = run(text, o);
    QVERIFY(!c.status.ok());
    QVERIFY(c.status.failedWith(u8codec::ErrorCode::Cancelled));
    QVERIFY(c.text.empty());
    QCOMPARE(seen, 4);
}

void TestRepairSteps::randomBytesNeverBreakTheContract() {
    // Random buffers built from pieces that stress every step: mojibake, CESU-8 halves, BOMs,
    // stray continuation and lead bytes, CR/LF, combining marks. Whatever the input, the output
    // is well-formed UTF-8, every change lies in the input (and the first steps' `before` is the
    // input at their offset), and a second repair changes nothing.
    const char* pieces[] = {"a",
                            " ",
                            "\r",
                            "\n",
                            "\r\n",
                            "\xC3",
                            "\xA9",
                            "\xC3\xA9",
                            "\xC3\x83",
                            "\xC2\xA9",
                            "\xE2\x80",
                            "\xE2\x80\x99",
                            "\xED\xA0\xBD",
                            "\xED\xB8\x80",
                            "\xC0\x80",
                            "\xEF\xBB\xBF",
                            "\xFF",
                            "\xF0\x9F",
                            "\xD0\xA0",
                            "\xD1\x9F",
                            "e\xCC\x81",
                            "\xE2\x80\x9C",
                            "\xC2\x81",
                            "\xC2\x84",
                            "\xC2\x8C",
                            "\xC2\x93",
                            "\xC2\xA0",
                            "\x80",
                            "\xBF",
                            "\xF4\x90\x80\x80",
                            "\xE0\x80\xAF"};
    QRandomGenerator rng(20261122);
    RepairOptions o;
    o.cesu = true;
    o.mojibake = true;
    o.bom = BomAction::Strip;
    o.lineEnding = LineEnding::Lf;
    o.normalForm = NormalForm::Nfc;
    for (int round = 0; round < 2000; ++round) {
        std::string in;
        const int n = int(rng.bounded(1, 60));
        for (int k = 0; k < n; ++k)
            in += pieces[rng.bounded(int(std::size(pieces)))];
        o.invalid = round % 2 ? ErrorPolicy::Cp1252 : ErrorPolicy::Replace;
        // Half the rounds with every step, half with the mojibake repair alone.
        o.bom = round % 4 < 2 ? BomAction::Strip : BomAction::Keep;
        o.lineEnding = round % 4 < 2 ? std::optional(LineEnding::Lf) : std::nullopt;
        o.normalForm = round % 4 < 2 ? std::optional(NormalForm::Nfc) : std::nullopt;
        o.c1 = round % 3 == 0 ? C1Action::Keep : C1Action::Cp1252;
        const RepairResult r = run(in, o);
        QVERIFY(r.status.ok());
        QVERIFY2(scan(bytes(r.text)).valid(), qPrintable(QByteArray::fromStdString(in).toHex()));
        for (const RepairChange& c : r.report.changes) {
            QVERIFY(c.offset + c.length <= in.size());
            // Mojibake, C1 controls and normalisation may work on text an earlier step rewrote
            // (bytes reinterpreted as windows-1252 can read as mojibake, a C1 control can be the
            // mojibake repair's output): they then point at that change.
            if (c.kind != RepairKind::Normalization && c.kind != RepairKind::Mojibake &&
                c.kind != RepairKind::C1Control)
                QCOMPARE(q(in.substr(c.offset, c.length)), q(c.before));
        }
        const RepairResult again = run(r.text, o);
        QVERIFY(again.status.ok());
        QCOMPARE(q(again.text), q(r.text));
        QCOMPARE(again.report.total(), 0u);
    }
}

// The pipeline's scan on two threads equals the scan: the halves' meeting point is moved over
// every byte of a mixture (a BOM, CR LF and lone CR and LF, each byte of 2-, 3- and 4-byte
// characters, every error kind, a lead cut short, a run of continuation bytes too long to find
// a cut in, a text ending in CR or inside a character).
void TestRepairSteps::scanOnCoresEqualsScan() {
    std::string mix = "\xEF\xBB\xBF"
                      "a\r\nb\rc\n\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80"
                      "\xE0\x80\xAF\xED\xA0\x80\xF4\x90\x80\x80\xC0\xAF\xFF\xE2\x82 x\r";
    mix += std::string(70, '\x80');
    mix += "end\r\n\xC3";
    const std::string text = mix + mix + mix;
    for (std::size_t n = 1; n <= text.size(); ++n) {
        const std::string_view prefix(text.data(), n);
        const ScanSummary one = scan(bytes(prefix));
        for (const std::size_t minHalf : {std::size_t(1), std::size_t(5)}) {
            const ScanSummary two = u8convert::detail::scanOnCores(bytes(prefix), minHalf);
            QCOMPARE(two.toJson(), one.toJson());
            QCOMPARE(two.lineFeeds, one.lineFeeds);
            QCOMPARE(two.carriageReturns, one.carriageReturns);
        }
    }
}

QTEST_GUILESS_MAIN(TestRepairSteps)
#include "tst_repair_steps.moc"
