// Repair line by line (u8convert/repair_lines.h, `repair --scope=line`): each line judged by its
// own evidence, the text written line after line, the reports added up with offsets in the input.
#include "u8convert/mojibake.h"
#include "u8convert/repair_lines.h"

#include <QtTest>

using namespace u8codec;
using namespace u8convert;

class TestRepairLines : public QObject {
    Q_OBJECT

private slots:
    void eachLineThroughItsOwnPage();
    void fileScopeTakesEachLinesOwnPage();
    void correctLineNotRepairedOnAnotherLinesEvidence();
    void sameAsRepairForOneLine();
    void bomAddedBeforeTheFirstLineOnly();
    void strictNamesTheLine();
    void linesLongerThanABlock();
    void failedWriteStops();
    void manyLinesOnAllCoresInOrder();
};

namespace {

struct Run {
    RepairResult result;
    std::string text;
};

Run byLine(const std::string& in, RepairOptions options = {}) {
    options.mojibake = true;
    const MemorySource source(std::vector<std::uint8_t>(in.begin(), in.end()));
    Run run;
    RepairSink sink;
    sink.write = [&](std::string_view piece) {
        run.text += piece;
        return true;
    };
    run.result = repairLineByLine(source, sink, options);
    return run;
}

QByteArray q(const std::string& s) {
    return QByteArray(s.data(), qsizetype(s.size()));
}

} // namespace

void TestRepairLines::eachLineThroughItsOwnPage() {
    const std::string in = "id,name\n1,CAFÃ‰\n2,РџСЂРёРІРµС‚\n3,Zoë\r\n4,KrakÃ³w";
    const Run r = byLine(in);
    QVERIFY(r.result.status.ok());
    QCOMPARE(q(r.text), q("id,name\n1,CAFÉ\n2,Привет\n3,Zoë\r\n4,Kraków"));
    const RepairReport& report = r.result.report;
    QCOMPARE(report.counts[std::size_t(RepairKind::Mojibake)], 3u);
    QCOMPARE(report.inputBytes, std::uint64_t(in.size()));
    QCOMPARE(report.outputBytes, std::uint64_t(r.text.size()));
    QCOMPARE(report.lineEndings.lf, 3u);
    QCOMPARE(report.lineEndings.crlf, 1u);
    // Every change names its bytes where they stand in the input.
    QCOMPARE(report.changes.size(), std::size_t(3));
    for (const RepairChange& c : report.changes)
        QCOMPARE(q(in.substr(c.offset, c.length)), q(c.before));
    QCOMPARE(report.changes[1].pages, std::vector<CodePage>{CodePage::Windows1251});
}

// The default, the whole file's judgement, where the lines' damage shows different pages (a
// record each from a Spanish, a Russian, a Czech and a Ukrainian source): each line's own
// evidence decides its page, as line by line.
void TestRepairLines::fileScopeTakesEachLinesOwnPage() {
    const auto damaged = [](const char* text, CodePage page) {
        const std::string utf8(text);
        return readAs(std::span(reinterpret_cast<const std::uint8_t*>(utf8.data()), utf8.size()),
                      page);
    };
    const std::string clean = "id;name;city\n1;Zoë Müller;Köln\n";
    std::string in = clean;
    in += "2;" + damaged("José Pérez Núñez;Málaga", CodePage::Windows1252) + "\n";
    in += "3;" + damaged("Ольга Смирнова;Москва", CodePage::Windows1251) + "\n";
    in += "4;" + damaged("Tomáš Dvořák;České Budějovice", CodePage::Windows1250) + "\n";
    in += "5;" + damaged("Олена Шевченко;Київ", CodePage::Koi8U) + "\n";
    const std::string want = clean + "2;José Pérez Núñez;Málaga\n3;Ольга Смирнова;Москва\n"
                                     "4;Tomáš Dvořák;České Budějovice\n5;Олена Шевченко;Київ\n";
    RepairOptions whole;
    whole.mojibake = true;
    QCOMPARE(q(repair(std::string(in), whole).text), q(want));
    QCOMPARE(q(byLine(in).text), q(want));
}

void TestRepairLines::correctLineNotRepairedOnAnotherLinesEvidence() {
    // "Ã" + a space is "à" whose A0 became a space, but only where the text shows windows-1252's
    // damage: the whole file does, this line alone does not.
    const std::string in = "cafÃ© rÃ©sumÃ© naÃ¯ve\nÃ is a letter\n";
    RepairOptions whole;
    whole.mojibake = true;
    QCOMPARE(q(repair(std::string(in), whole).text), q("café résumé naïve\nà is a letter\n"));
    QCOMPARE(q(byLine(in).text), q("café résumé naïve\nÃ is a letter\n"));
}

void TestRepairLines::sameAsRepairForOneLine() {
    RepairOptions o;
    o.mojibake = true;
    o.c1 = C1Action::Cp1252;
    o.lineEnding = LineEnding::Lf;
    for (const std::string one : {"JOSÃ‰ PÃ‰REZ\r\n", "plain ASCII\n", "\xC0\xAF bad\n", "a"}) {
        const RepairResult whole = repair(std::string(one), o);
        const Run lines = byLine(one, o);
        QVERIFY(lines.result.status.ok());
        QCOMPARE(q(lines.text), q(whole.text));
        QCOMPARE(lines.result.report.toJson(), whole.report.toJson());
    }
}

void TestRepairLines::bomAddedBeforeTheFirstLineOnly() {
    RepairOptions o;
    o.bom = BomAction::Add;
    const Run r = byLine("one\n\xEF\xBB\xBFtwo\nthree\n", o);
    QVERIFY(r.result.status.ok());
    QCOMPARE(q(r.text), q("\xEF\xBB\xBFone\ntwo\nthree\n"));
}

void TestRepairLines::strictNamesTheLine() {
    RepairOptions o;
    o.invalid = ErrorPolicy::Strict;
    const Run r = byLine("fine\nalso fine\nbad \xFF here\n", o);
    QVERIFY(!r.result.status.ok());
    QVERIFY2(
        QString::fromStdString(r.result.status.message()).startsWith("in the line at offset 15: "),
        r.result.status.message().c_str());
}

void TestRepairLines::linesLongerThanABlock() {
    // Lines cut across the 1 MiB blocks the input is read in, and a last line without an LF.
    std::string in, want;
    for (int k = 0; k < 3; ++k) {
        in += std::string(700'000, 'x') + " cafÃ© rÃ©sumÃ©\n";
        want += std::string(700'000, 'x') + " café résumé\n";
    }
    in += "end rÃ©sumÃ©";
    want += "end résumé";
    const Run r = byLine(in);
    QVERIFY(r.result.status.ok());
    QVERIFY(r.text == want);
    QCOMPARE(r.result.report.counts[std::size_t(RepairKind::Mojibake)], 11u);
}

void TestRepairLines::failedWriteStops() {
    const std::string in = "CAFÃ‰\nCAFÃ‰\nCAFÃ‰\n";
    const MemorySource source(std::vector<std::uint8_t>(in.begin(), in.end()));
    int writes = 0;
    RepairSink sink;
    sink.write = [&](std::string_view) { return ++writes < 2; };
    RepairOptions o;
    o.mojibake = true;
    const RepairResult r = repairLineByLine(source, sink, o);
    QVERIFY(!r.status.ok());
    QCOMPARE(writes, 2);
    QCOMPARE(QString::fromStdString(r.status.message()),
             QStringLiteral("the output could not be written"));
}

// Lines are repaired a block at a time on the codec's threads: the text, the counts and every
// change's offset are those of repairing each line alone, in order, over several blocks; a
// strict failure names the first bad line however the lines were shared out.
void TestRepairLines::manyLinesOnAllCoresInOrder() {
    const char* kinds[] = {"plain ASCII row %d\n", "JOSÃ‰ PÃ‰REZ %d\n", "Ð¼Ð¾Ð»Ð¾ÐºÐ¾ %d\n",
                           "Москва — столица %d\n", "cafÃ© crÃ¨me %d\r\n"};
    std::string in;
    std::vector<std::string> lines;
    for (int k = 0; in.size() < 3'500'000; ++k) {
        char line[64];
        std::snprintf(line, sizeof line, kinds[(k * 7) % 5], k);
        lines.push_back(line);
        in += line;
    }
    RepairOptions o;
    o.mojibake = true;
    o.maxReportedChanges = 1'000'000;
    std::string want;
    std::vector<std::uint64_t> offsets;
    std::uint64_t at = 0, mojibake = 0;
    for (const std::string& line : lines) {
        const RepairResult r = repair(std::string(line), o);
        QVERIFY(r.status.ok());
        want += r.text;
        for (const RepairChange& c : r.report.changes)
            offsets.push_back(at + c.offset);
        mojibake += r.report.counts[std::size_t(RepairKind::Mojibake)];
        at += line.size();
    }
    const Run run = byLine(in, o);
    QVERIFY(run.result.status.ok());
    QVERIFY(run.text == want);
    QCOMPARE(run.result.report.counts[std::size_t(RepairKind::Mojibake)], mojibake);
    QCOMPARE(run.result.report.changes.size(), offsets.size());
    for (std::size_t k = 0; k < offsets.size(); ++k)
        QCOMPARE(run.result.report.changes[k].offset, offsets[k]);

    // Two bad lines in the second block: the first of them is named.
    std::string bad = in;
    const std::size_t first = bad.find('\n', 1'500'000) + 1, second = bad.find('\n', 2'000'000) + 1;
    bad[second] = '\xFF';
    bad[first] = '\xFF';
    o.invalid = ErrorPolicy::Strict;
    const Run strict = byLine(bad, o);
    QVERIFY(!strict.result.status.ok());
    QVERIFY2(QString::fromStdString(strict.result.status.message())
                 .startsWith(QStringLiteral("in the line at offset %1: ").arg(first)),
             strict.result.status.message().c_str());
}

QTEST_GUILESS_MAIN(TestRepairLines)
#include "tst_repair_lines.moc"
