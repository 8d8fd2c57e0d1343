// The report of a repair: the confidence rule for mojibake fixes, the fields of a fix in the JSON
// report (pages, level, gain, evidence, confidence) and the explanation `repair --explain`
// prints.
#include "repair_test_support.h"
#include "u8convert/repair.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using namespace u8codec;
using namespace u8convert;
using namespace repairtest;

class TestRepairReport : public QObject {
    Q_OBJECT

private slots:
    void confidenceRule_data();
    void confidenceRule();
    void confidenceReason();
    void jsonHasTheFieldsOfAFix();
    void jsonOfOtherKindsUnchanged();
    void evidenceCountsFixesThroughThePage();
    void wellEvidencedFixesAreHigh();
    void explanationSaysPagesEvidenceAndConfidence();
};

namespace {

RepairResult fixMojibake(const std::string& in) {
    RepairOptions o;
    o.mojibake = true;
    return repair(bytes(in), o);
}

QJsonObject jsonOf(const RepairReport& report) {
    QJsonParseError error{};
    const QJsonDocument doc =
        QJsonDocument::fromJson(QByteArray::fromStdString(report.toJson()), &error);
    if (error.error != QJsonParseError::NoError)
        qFatal("the report is not JSON: %s", qPrintable(error.errorString()));
    return doc.object();
}

} // namespace

void TestRepairReport::confidenceRule_data() {
    QTest::addColumn<int>("gain");
    QTest::addColumn<int>("level");
    QTest::addColumn<bool>("lostByte");
    QTest::addColumn<int>("evidence");
    QTest::addColumn<QString>("expected");
    QTest::newRow("clear gain") << 2 << 1 << false << 1 << "high";
    QTest::newRow("well evidenced, no gain") << 0 << 1 << false << 3 << "high";
    QTest::newRow("clear gain, lost byte") << 5 << 1 << true << 10 << "low";
    QTest::newRow("no gain, thin evidence") << 0 << 1 << false << 2 << "low";
    QTest::newRow("slight gain, thin evidence") << 1 << 1 << false << 2 << "medium";
    QTest::newRow("three in a row, thin evidence") << 4 << 3 << false << 1 << "medium";
    QTest::newRow("three in a row, evidenced") << 4 << 3 << false << 3 << "high";
    QTest::newRow("double, clear gain") << 2 << 2 << false << 1 << "high";
}

void TestRepairReport::confidenceRule() {
    QFETCH(int, gain);
    QFETCH(int, level);
    QFETCH(bool, lostByte);
    QFETCH(int, evidence);
    QFETCH(QString, expected);
    const Confidence c =
        judgeMojibakeFix(gain, std::size_t(level), lostByte, std::uint64_t(evidence));
    QCOMPARE(QString::fromUtf8(name(c)), expected);
}

void TestRepairReport::confidenceReason() {
    std::string why;
    QCOMPARE(judgeMojibakeFix(3, 3, true, 12, &why), Confidence::Low); // a lost byte guessed
    QCOMPARE(QString::fromStdString(why),
             QStringLiteral("reads 3 points more plausibly; 12 fixes through the same page in the "
                            "text; a lost byte had to be guessed; 3 mis-decodings in a row"));
    QCOMPARE(judgeMojibakeFix(0, 1, false, 1, &why), Confidence::Low); // no gain, thin evidence
    QCOMPARE(QString::fromStdString(why),
             QStringLiteral("reads no more plausibly than the damage; 1 fix through the same page "
                            "in the text"));
}

void TestRepairReport::jsonHasTheFieldsOfAFix() {
    const RepairResult r = fixMojibake("ÃƒÂ© and cafÃƒÂ©");
    QVERIFY(r.status.ok());
    const QJsonArray changes = jsonOf(r.report).value("changes").toArray();
    QCOMPARE(changes.size(), 2);
    for (int i = 0; i < changes.size(); ++i) {
        const QJsonObject c = changes[i].toObject();
        const RepairChange& fix = r.report.changes[std::size_t(i)];
        QCOMPARE(c.value("kind").toString(), QStringLiteral("mojibake"));
        QCOMPARE(c.value("pages").toArray(),
                 (QJsonArray{QStringLiteral("windows-1252"), QStringLiteral("windows-1252")}));
        QCOMPARE(c.value("level").toInt(), 2);
        QCOMPARE(c.value("gain").toInt(), fix.gain);
        QCOMPARE(c.value("lost_byte").toBool(), false);
        QCOMPARE(c.value("evidence").toInteger(), qint64(fix.evidence));
        QCOMPARE(c.value("confidence").toString(), QString::fromUtf8(name(fix.confidence)));
        // The pipeline judges by the one rule.
        QCOMPARE(fix.confidence,
                 judgeMojibakeFix(fix.gain, fix.pages.size(), fix.lostByte, fix.evidence));
    }
}

void TestRepairReport::jsonOfOtherKindsUnchanged() {
    RepairOptions o;
    o.bom = BomAction::Strip;
    const RepairResult r = repair(bytes("\xEF\xBB\xBFx\xC0\xAF"), o);
    const QJsonArray changes = jsonOf(r.report).value("changes").toArray();
    QCOMPARE(changes.size(), 2);
    for (const auto& v : changes) {
        const QJsonObject c = v.toObject();
        QCOMPARE(c.keys(), (QStringList{"after", "before", "before_hex", "detail", "kind", "length",
                                        "offset"}));
    }
}

void TestRepairReport::evidenceCountsFixesThroughThePage() {
    // Needs the engine's MojibakeResult::fixesByPage: the evidence of a fix is every fix in the
    // text through its first page, the fix itself included.
    const RepairResult r = fixMojibake("CafÃ©, rÃ©sumÃ© and naÃ¯ve; Ð¿Ñ€Ð¸Ð²ÐµÑ‚");
    QVERIFY(r.status.ok() && r.report.listsEveryChange());
    std::map<CodePage, std::uint64_t> byPage;
    for (const RepairChange& c : r.report.changes)
        if (c.kind == RepairKind::Mojibake)
            ++byPage[c.pages.front()];
    QVERIFY(byPage[CodePage::Windows1252] >= 4);
    for (const RepairChange& c : r.report.changes)
        if (c.kind == RepairKind::Mojibake)
            QCOMPARE(c.evidence, byPage[c.pages.front()]);
}

void TestRepairReport::wellEvidencedFixesAreHigh() {
    // Needs the engine's fixesByPage (evidence 0 judges these low): four fixes through
    // windows-1252 with no lost byte are each well evidenced.
    const RepairResult r = fixMojibake("CafÃ©, rÃ©sumÃ©, naÃ¯ve and itâ€™s fine");
    QVERIFY(r.status.ok());
    QVERIFY(r.report.changes.size() >= 4);
    for (const RepairChange& c : r.report.changes)
        QCOMPARE(name(c.confidence), std::string_view("high"));
}

void TestRepairReport::explanationSaysPagesEvidenceAndConfidence() {
    const RepairResult r = fixMojibake("ÃƒÂ© and cafÃƒÂ© \xC0\xAF");
    const QString text = QString::fromStdString(r.report.toExplanation());
    QVERIFY2(text.contains("offset 0: mojibake: \"ÃƒÂ©\" -> \"é\"\n  UTF-8 read as windows-1252 "
                           "(and that result read as windows-1252).\n  Evidence: "),
             qPrintable(text));
    QVERIFY(text.contains(" in this file through windows-1252.\n  Likelihood: the repair reads "));
    QVERIFY(text.contains(" nats likelier in real text; least likely pairs of the damage "));
    QVERIFY(text.contains(".\n  Confidence: "));
    QVERIFY(text.contains("offset 25: invalid-sequence: "));
    QVERIFY(text.contains("mojibake fixes by confidence: "));
    QVERIFY(text.endsWith("changes: invalid-sequence=1 mojibake=2; 27 bytes in, 19 bytes out\n"));
    // Capped: the rest is counted.
    QVERIFY(QString::fromStdString(r.report.toExplanation(1))
                .contains("... 2 more change(s) not explained\n"));
}

QTEST_APPLESS_MAIN(TestRepairReport)
#include "tst_repair_report.moc"
