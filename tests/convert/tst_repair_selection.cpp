// Applying part of a repair (repair_selection.cpp): every change ticked gives the pipeline's text
// byte for byte, none gives the original, one unticked leaves exactly its place original, and
// changes that rewrote each other's text are tied.
#include "repair_test_support.h"
#include "u8convert/repair.h"

#include <QtTest>

using namespace u8codec;
using namespace u8convert;
using namespace repairtest;

class TestRepairSelection : public QObject {
    Q_OBJECT

private slots:
    void everyChangeTickedIsThePipeline_data();
    void everyChangeTickedIsThePipeline();
    void noChangeTickedIsTheOriginal_data();
    void noChangeTickedIsTheOriginal();
    void oneUntickedLeavesItsPlaceOriginal();
    void strayBomInsideDamageIsTied();
    void normalisationInsideAFixIsTied();
    void separateChangesAreNotTied();
    void changeThatDoesNotFitIsRefused();
    void incompleteListIsNotEveryChange();
    void leavingOutKindsAndPages();
};

namespace {

RepairOptions mojibakeOnly() {
    RepairOptions o;
    o.mojibake = true;
    return o;
}

RepairOptions everyStep() {
    RepairOptions o;
    o.cesu = true;
    o.mojibake = true;
    o.bom = BomAction::Strip;
    o.lineEnding = LineEnding::Lf;
    o.normalForm = NormalForm::Nfc;
    o.invalid = ErrorPolicy::Cp1252;
    o.c1 = C1Action::Cp1252;
    return o;
}

void addInputs() {
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<int>("options"); // 0: mojibake only, 1: every step, 2: mojibake + NFD
    QTest::newRow("fixes and an ill-formed byte")
        << QByteArray("CafÃ© rÃ©sumÃ© \xC0\xAF naÃ¯ve") << 0;
    QTest::newRow("double encoding") << QByteArray("ÃƒÂ© and cafÃƒÂ©") << 0;
    QTest::newRow("every step") << QByteArray("\xEF\xBB\xBF"
                                              "CafÃ© \xE9t\xE9\r\n\xED\xA0\xBD\xED\xB8\x80 "
                                              "e\xCC\x81\r\n")
                                << 1;
    QTest::newRow("stray BOM inside damage")
        << QByteArray("abc Ã\xEF\xBB\xBF© and CafÃ©\r\nx\xC0 \xF0\x9F\x98\x80") << 1;
    QTest::newRow("C1 controls and mojibake")
        << QByteArray("\xC2\x84ja\xC2\x93 CafÃ© \xC3\x84\xC2\x8C and \xD0\xA0\xC2\x84 "
                      "\xD0\xA0\xC2\x84\r\n")
        << 1;
    QTest::newRow("NFD of fixes") << QByteArray("CafÃ© and rÃ©sumÃ©, e\xCC\x81") << 2;
}

RepairOptions optionsNumber(int n) {
    RepairOptions o = n == 1 ? everyStep() : mojibakeOnly();
    if (n == 2)
        o.normalForm = NormalForm::Nfd;
    return o;
}

using Selection = u8codec::Result<AppliedSelection>;

RepairResult repaired(const QByteArray& in, const RepairOptions& o) {
    RepairResult r = repair(bytes(std::string_view(in.constData(), std::size_t(in.size()))), o);
    if (!r.status.ok() || !r.report.listsEveryChange() || r.report.changes.empty())
        qFatal("the sample must be repaired with every change listed");
    return r;
}

Selection select(const QByteArray& in, const RepairResult& r, const std::vector<bool>& ticked,
                 std::optional<LineEnding> lineEnding) {
    return applySelectedChanges(bytes(std::string_view(in.constData(), std::size_t(in.size()))),
                                r.report.changes, ticked, lineEnding);
}

} // namespace

void TestRepairSelection::everyChangeTickedIsThePipeline_data() {
    addInputs();
}

void TestRepairSelection::everyChangeTickedIsThePipeline() {
    QFETCH(QByteArray, input);
    QFETCH(int, options);
    const RepairOptions o = optionsNumber(options);
    const RepairResult r = repaired(input, o);
    const Selection s =
        select(input, r, std::vector<bool>(r.report.changes.size(), true), o.lineEnding);
    QVERIFY2(s.ok(), s.message().c_str());
    QCOMPARE(q(s->text), q(r.text));
    QCOMPARE(s->applied, quint64(r.report.changes.size()));
}

void TestRepairSelection::noChangeTickedIsTheOriginal_data() {
    addInputs();
}

void TestRepairSelection::noChangeTickedIsTheOriginal() {
    QFETCH(QByteArray, input);
    QFETCH(int, options);
    const RepairResult r = repaired(input, optionsNumber(options));
    const Selection s =
        select(input, r, std::vector<bool>(r.report.changes.size(), false), std::nullopt);
    QVERIFY2(s.ok(), s.message().c_str());
    QCOMPARE(q(s->text), input);
    QCOMPARE(s->applied, quint64(0));
}

void TestRepairSelection::oneUntickedLeavesItsPlaceOriginal() {
    // One pass of untied changes: the expectation is the original with every other change put
    // in at its offset, from the back.
    const QByteArray input("CafÃ© rÃ©sumÃ© \xC0\xAF naÃ¯ve, itâ€™s");
    RepairOptions o = mojibakeOnly();
    o.invalid = ErrorPolicy::Replace;
    const RepairResult r = repaired(input, o);
    const auto& changes = r.report.changes;
    QVERIFY(changes.size() >= 4);
    for (std::size_t skip = 0; skip < changes.size(); ++skip) {
        std::string expected(input.constData(), std::size_t(input.size()));
        std::vector<std::size_t> order(changes.size());
        std::iota(order.begin(), order.end(), std::size_t(0));
        std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
            return changes[a].offset > changes[b].offset;
        });
        for (std::size_t i : order)
            if (i != skip)
                expected.replace(std::size_t(changes[i].offset), std::size_t(changes[i].length),
                                 changes[i].after);
        std::vector<bool> ticked(changes.size(), true);
        ticked[skip] = false;
        const Selection s = select(input, r, ticked, std::nullopt);
        QVERIFY2(s.ok(), s.message().c_str());
        QCOMPARE(q(s->text), q(expected));
        QCOMPARE(s->applied, quint64(changes.size() - 1));
        QVERIFY(s->text != r.text);
    }
}

void TestRepairSelection::strayBomInsideDamageIsTied() {
    // The BOM step removes U+FEFF from "Ã" U+FEFF "©"; the mojibake repair then takes the two
    // halves as one: unticking either leaves both out.
    const QByteArray input("abc Ã\xEF\xBB\xBF© and CafÃ©");
    RepairOptions o = mojibakeOnly();
    o.bom = BomAction::Strip;
    const RepairResult r = repaired(input, o);
    const auto& changes = r.report.changes;
    QCOMPARE(changes.size(), std::size_t(3));
    QCOMPARE(changes[0].kind, RepairKind::StrayBom);
    const u8codec::Result<ChangeTies> ties = tieChanges(bytes(input.toStdString()), changes);
    QVERIFY(ties.ok());
    QCOMPARE(*ties, (std::vector<std::size_t>{0, 0, 2}));
    for (std::size_t unticked : {0, 1}) {
        std::vector<bool> ticked(3, true);
        ticked[unticked] = false;
        const Selection s = select(input, r, ticked, std::nullopt);
        QVERIFY(s.ok());
        QCOMPARE(q(s->text), QByteArray("abc Ã\xEF\xBB\xBF© and Café"));
        QCOMPARE(s->applied, quint64(1));
    }
}

void TestRepairSelection::normalisationInsideAFixIsTied() {
    // NFD rewrites the "é" the mojibake repair wrote: that change points at the start of the fix.
    const QByteArray input("CafÃ© e\xCC\x81");
    RepairOptions o = mojibakeOnly();
    o.normalForm = NormalForm::Nfd;
    const RepairResult r = repaired(input, o);
    const auto& changes = r.report.changes;
    QCOMPARE(changes.size(), std::size_t(2));
    QCOMPARE(changes[1].kind, RepairKind::Normalization);
    QCOMPARE(changes[1].offset, changes[0].offset);
    const u8codec::Result<ChangeTies> ties = tieChanges(bytes(input.toStdString()), changes);
    QCOMPARE(*ties, (std::vector<std::size_t>{0, 0}));
    const Selection s = select(input, r, {true, false}, std::nullopt);
    QCOMPARE(q(s->text), input);
}

void TestRepairSelection::separateChangesAreNotTied() {
    // A normalisation next to (not inside) a fix, and a BOM stripped right before damage.
    const QByteArray input("\xEF\xBB\xBF"
                           "CafÃ©e\xCC\x81");
    RepairOptions o = mojibakeOnly();
    o.bom = BomAction::Strip;
    o.normalForm = NormalForm::Nfc;
    const RepairResult r = repaired(input, o);
    const u8codec::Result<ChangeTies> ties =
        tieChanges(bytes(input.toStdString()), r.report.changes);
    QVERIFY(ties.ok());
    QCOMPARE(ties->size(), std::size_t(3));
    QCOMPARE(*ties, (std::vector<std::size_t>{0, 1, 2}));
    const Selection s = select(input, r, {false, true, true}, std::nullopt);
    QCOMPARE(q(s->text), QByteArray("\xEF\xBB\xBF"
                                    "Caf\xC3\xA9\xC3\xA9"));
}

void TestRepairSelection::changeThatDoesNotFitIsRefused() {
    const QByteArray input("CafÃ© rÃ©sumÃ©");
    const RepairResult r = repaired(input, mojibakeOnly());
    const QByteArray other("Cafe resume and more");
    const Selection s =
        select(other, r, std::vector<bool>(r.report.changes.size(), true), std::nullopt);
    QVERIFY(!s.ok());
    QVERIFY(s.failedWith(u8codec::ErrorCode::Invalid));
    QVERIFY2(s.message().find("change 1 (mojibake at offset 3) does not fit") != std::string::npos,
             s.message().c_str());
    const Selection wrongCount = select(input, r, {true}, std::nullopt);
    QVERIFY(!wrongCount.ok());
    QCOMPARE(wrongCount.message(), std::string("one tick per change is needed"));
}

void TestRepairSelection::incompleteListIsNotEveryChange() {
    RepairOptions o = mojibakeOnly();
    o.lineEnding = LineEnding::Lf;
    o.maxReportedChanges = 1;
    const std::string in = "CafÃ©\r\nrÃ©sumÃ©\r\n";
    const RepairResult capped = repair(bytes(in), o);
    QVERIFY(!capped.report.listsEveryChange());
    o.maxReportedChanges = 1000;
    const RepairResult whole = repair(bytes(in), o);
    QVERIFY(whole.report.listsEveryChange()); // line endings are counted, never listed
}

void TestRepairSelection::leavingOutKindsAndPages() {
    RepairOptions o = everyStep();
    QVERIFY(!leaveOutKind(o, RepairKind::InvalidSequence));
    QCOMPARE(o.invalid, ErrorPolicy::Cp1252);
    QVERIFY(leaveOutKind(o, RepairKind::ModifiedNul));
    QVERIFY(!o.cesu);
    QVERIFY(leaveOutKind(o, RepairKind::StrayBom));
    QCOMPARE(o.bom, BomAction::Keep);
    QVERIFY(leaveOutKind(o, RepairKind::LineEnding));
    QVERIFY(!o.lineEnding);
    QVERIFY(leaveOutKind(o, RepairKind::Normalization));
    QVERIFY(!o.normalForm);
    QVERIFY(o.mojibake);
    // A page left out is not tried; without any page, no mojibake repair runs.
    const std::string in = "CafÃ© rÃ©sumÃ©";
    RepairOptions m = mojibakeOnly();
    m.mojibakeOptions.codePages = {CodePage::Windows1252, CodePage::Latin1};
    m.mojibakeOptions.assumedPages = {CodePage::Windows1252};
    leaveOutPage(m, CodePage::Windows1252);
    QCOMPARE(m.mojibakeOptions.codePages, std::vector<CodePage>{CodePage::Latin1});
    QVERIFY(m.mojibakeOptions.assumedPages.empty());
    QVERIFY(m.mojibake);
    leaveOutPage(m, CodePage::Latin1);
    QVERIFY(!m.mojibake);
    QCOMPARE(repair(bytes(in), m).report.total(), quint64(0));
    QVERIFY(leaveOutKind(m, RepairKind::Mojibake));
}

QTEST_APPLESS_MAIN(TestRepairSelection)
#include "tst_repair_selection.moc"
