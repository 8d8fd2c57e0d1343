// The C1 step: C1 controls that stand for windows-1252 punctuation (repair --c1=cp1252), alone
// and in the pipeline (offsets in the original input, the order after the mojibake repair,
// idempotence), and the detection's hint.
#include "repair_test_support.h"
#include "u8convert/detect.h"
#include "u8convert/repair.h"
#include "u8convert/transcode.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>
#include <algorithm>

using namespace u8codec;
using namespace u8convert;
using namespace repairtest;

class TestRepairC1 : public QObject {
    Q_OBJECT

private slots:
    void actionNames();
    void quotedTextBecomesPunctuation();
    void everyByteAsIcuReadsIt();
    void undefinedBytesStay();
    void keepIsTheDefault();
    void stepListsItsEdits();
    void offsetsInTheOriginalInput();
    void mojibakeIsRepairedFirst();
    void punctuationThatMakesMojibakeIsRepairedToo();
    void idempotent();
    void reportShowsControlsByName();
    void detectionHints();
};

namespace {

RepairResult run(const std::string& in, const RepairOptions& o) {
    return repair(bytes(in), o);
}

RepairOptions cp1252() {
    RepairOptions o;
    o.c1 = C1Action::Cp1252;
    return o;
}

// "„quoted“ … and “more”" as windows-1252 text converted to UTF-8 as if it were ISO-8859-1.
const std::string kQuoted = "\xC2\x84quoted\xC2\x93 \xC2\x85 and \xC2\x93more\xC2\x94";

std::string windows1252ReadAsLatin1(const std::string& utf8) {
    const std::string cp = transcode(bytes(utf8), "UTF-8", "windows-1252").output;
    return transcode(bytes(cp), "ISO-8859-1", "UTF-8").output;
}

} // namespace

void TestRepairC1::actionNames() {
    QCOMPARE(c1ActionFromName("keep"), std::optional(C1Action::Keep));
    QCOMPARE(c1ActionFromName("cp1252"), std::optional(C1Action::Cp1252));
    QVERIFY(!c1ActionFromName("latin1"));
    QVERIFY(!c1ActionFromName(""));
    QCOMPARE(name(RepairKind::C1Control), std::string_view("c1-control"));
}

void TestRepairC1::quotedTextBecomesPunctuation() {
    const RepairResult r = run(kQuoted, cp1252());
    QVERIFY(r.status.ok());
    QCOMPARE(q(r.text), QByteArray("„quoted“ … and “more”"));
    QCOMPARE(r.report.counts[std::size_t(RepairKind::C1Control)], 5u);
    QCOMPARE(r.report.total(), 5u);
    QCOMPARE(int(r.report.changes.size()), 5);
    const RepairChange& first = r.report.changes[0];
    QCOMPARE(first.kind, RepairKind::C1Control);
    QCOMPARE(first.offset, 0u);
    QCOMPARE(first.length, 2u);
    QCOMPARE(q(first.before), QByteArray("\xC2\x84"));
    QCOMPARE(q(first.after), QByteArray("„"));
    QCOMPARE(q(first.detail), QByteArray("U+0084 (a C1 control) read as windows-1252 0x84: „"));
    const RepairChange& second = r.report.changes[1];
    QCOMPARE(second.offset, 8u);
    QCOMPARE(q(second.detail), QByteArray("U+0093 (a C1 control) read as windows-1252 0x93: “"));
    QCOMPARE(q(r.report.changes[2].after), QByteArray("…"));
    QCOMPARE(q(r.report.changes[4].after), QByteArray("”"));
    for (const RepairChange& c : r.report.changes)
        QCOMPARE(q(kQuoted.substr(c.offset, c.length)), q(c.before));
}

void TestRepairC1::everyByteAsIcuReadsIt() {
    // ICU's windows-1252 converter is the reference: each control becomes what ICU reads its
    // byte as, and the five bytes it leaves undefined stay.
    int converted = 0;
    for (int b = 0x80; b <= 0x9F; ++b) {
        std::string in = "x";
        in += char(0xC2);
        in += char(b);
        in += 'y';
        const RepairResult r = run(in, cp1252());
        QVERIFY(r.status.ok());
        const std::string byte(1, char(b));
        const TranscodeResult icu = transcode(bytes(byte), "windows-1252", "UTF-8");
        const bool undefined = b == 0x81 || b == 0x8D || b == 0x8F || b == 0x90 || b == 0x9D;
        if (undefined) {
            QCOMPARE(q(r.text), q(in));
            QCOMPARE(r.report.total(), 0u);
        } else {
            QVERIFY(icu.status.ok());
            QCOMPARE(q(r.text), q("x" + icu.output + "y"));
            QCOMPARE(r.report.total(), 1u);
            ++converted;
        }
    }
    QCOMPARE(converted, 27);
    QCOMPARE(q(run("\xC2\x80\xC2\x99\xC2\x9F", cp1252()).text), QByteArray("€™Ÿ"));
}

void TestRepairC1::undefinedBytesStay() {
    const std::string undefined = "a\xC2\x81"
                                  "b\xC2\x8D\xC2\x8F\xC2\x90\xC2\x9D";
    const RepairResult r = run(undefined + "\xC2\x93", cp1252());
    QVERIFY(r.status.ok());
    QCOMPARE(q(r.text), q(undefined + "“"));
    QCOMPARE(r.report.total(), 1u);
    QCOMPARE(findC1Punctuation(undefined), std::string_view::npos);
    // Other characters with C2 lead bytes are not C1 controls.
    QCOMPARE(findC1Punctuation("\xC2\xA0\xC2\xA9\xC2\xBF"), std::string_view::npos);
}

void TestRepairC1::keepIsTheDefault() {
    QCOMPARE(RepairOptions{}.c1, C1Action::Keep);
    const RepairResult r = run(kQuoted, RepairOptions{});
    QVERIFY(r.status.ok());
    QCOMPARE(q(r.text), q(kQuoted));
    QCOMPARE(r.report.total(), 0u);
    RepairReport report;
    QCOMPARE(q(repairC1(kQuoted, C1Action::Keep, report, 10)), q(kQuoted));
    QCOMPARE(report.total(), 0u);
}

void TestRepairC1::stepListsItsEdits() {
    RepairReport report;
    std::vector<TextEdit> edits;
    const std::string out = repairC1(kQuoted, C1Action::Cp1252, report, 2, &edits);
    QCOMPARE(q(out), QByteArray("„quoted“ … and “more”"));
    // Every edit is listed, the report only up to maxReported; each counted.
    QCOMPARE(int(edits.size()), 5);
    QCOMPARE(int(report.changes.size()), 2);
    QCOMPARE(report.counts[std::size_t(RepairKind::C1Control)], 5u);
    QCOMPARE(edits[0].offset, 0u);
    QCOMPARE(edits[0].length, 2u);
    QCOMPARE(edits[0].newLength, 3u);
    QCOMPARE(edits[1].offset, 8u);
}

void TestRepairC1::offsetsInTheOriginalInput() {
    // Invalid bytes before (each FF becomes a 3-byte U+FFFD), a BOM stripped, line endings after:
    // the C1 changes point at their bytes in the input.
    const std::string in = "\xEF\xBB\xBF\xFF\xFF\xC2\x84"
                           "a\xC2\x93\r\n\xFF\xC2\x85\r\n";
    RepairOptions o = cp1252();
    o.invalid = ErrorPolicy::Replace;
    o.bom = BomAction::Strip;
    o.lineEnding = LineEnding::Lf;
    const RepairResult r = run(in, o);
    QVERIFY(r.status.ok());
    QCOMPARE(q(r.text), QByteArray("\xEF\xBF\xBD\xEF\xBF\xBD„a“\n\xEF\xBF\xBD…\n"));
    std::vector<std::uint64_t> at;
    for (const RepairChange& c : r.report.changes) {
        QCOMPARE(q(in.substr(c.offset, c.length)), q(c.before));
        if (c.kind == RepairKind::C1Control)
            at.push_back(c.offset);
    }
    QCOMPARE(at, (std::vector<std::uint64_t>{5, 8, 13}));
    QCOMPARE(r.report.counts[std::size_t(RepairKind::InvalidSequence)], 3u);
    QCOMPARE(r.report.counts[std::size_t(RepairKind::LineEnding)], 2u);
    QCOMPARE(r.report.counts[std::size_t(RepairKind::BomStripped)], 1u);
}

void TestRepairC1::mojibakeIsRepairedFirst() {
    // "Ä" + U+008C is "Č" read as ISO-8859-1: a byte of mojibake, not punctuation. The quotes
    // around it are punctuation.
    const std::string in = "\xC2\x84\xC3\x84\xC2\x8C"
                           "ech\xC2\x93";
    RepairOptions o = cp1252();
    o.mojibake = true;
    const RepairResult r = run(in, o);
    QVERIFY(r.status.ok());
    QCOMPARE(q(r.text), QByteArray("„Čech“"));
    QCOMPARE(r.report.counts[std::size_t(RepairKind::Mojibake)], 1u);
    QCOMPARE(r.report.counts[std::size_t(RepairKind::C1Control)], 2u);
    for (const RepairChange& c : r.report.changes)
        QCOMPARE(q(in.substr(c.offset, c.length)), q(c.before));
    // The other order makes "ÄŒ" (U+008C read as windows-1252): "Č" read as windows-1252, which
    // the mojibake repair then undoes as such, in one repair of its own (ISO-8859-15 would read
    // "ÄŒ" as "ļ", a rarer letter after a capital: the plausibility model tells them apart).
    const RepairResult c1First = run(in, cp1252());
    QCOMPARE(q(c1First.text), QByteArray("„ÄŒech“"));
    RepairOptions mojibakeOnly;
    mojibakeOnly.mojibake = true;
    const RepairResult thenMojibake = run(c1First.text, mojibakeOnly);
    QCOMPARE(q(thenMojibake.text), QByteArray("„Čech“"));
}

void TestRepairC1::punctuationThatMakesMojibakeIsRepairedToo() {
    // "Р" + U+0084 is no page's mojibake, but read as windows-1252 it is "Р„", which is "Є" read
    // as windows-1251: a second repair would undo that, so the first does. (One "Р„" alone reads
    // only a little better as "Є"; two show the page.)
    const std::string in = "Привет \xD0\xA0\xC2\x84 мир \xD0\xA0\xC2\x84";
    RepairOptions o = cp1252();
    o.mojibake = true;
    const RepairResult r = run(in, o);
    QVERIFY(r.status.ok());
    QCOMPARE(q(r.text), QByteArray("Привет Є мир Є"));
    QCOMPARE(int(r.report.changes.size()), 4);
    const auto at = [&](RepairKind kind, std::uint64_t offset, std::uint64_t length) {
        return std::any_of(r.report.changes.begin(), r.report.changes.end(),
                           [&](const RepairChange& c) {
                               return c.kind == kind && c.offset == offset && c.length == length;
                           });
    };
    QVERIFY(at(RepairKind::C1Control, 15, 2));
    // In the input: "Р" and the control it came from.
    QVERIFY(at(RepairKind::Mojibake, 13, 4));
    QVERIFY(at(RepairKind::Mojibake, 25, 4));
    QCOMPARE(run(r.text, o).report.total(), 0u);
}

void TestRepairC1::idempotent() {
    std::string in = kQuoted + " \xC2\x81\xC2\x9D Caf\xC3\x83\xC2\xA9 \xC2\x8A"
                               "koda\r\n";
    for (const QString& s : sentences())
        in += windows1252ReadAsLatin1(utf8(s)) + "\n";
    for (bool everything : {false, true}) {
        RepairOptions o = cp1252();
        if (everything) {
            o.mojibake = true;
            o.normalForm = NormalForm::Nfd;
            o.lineEnding = LineEnding::Lf;
        }
        const RepairResult once = run(in, o);
        QVERIFY(once.status.ok());
        QVERIFY(once.report.counts[std::size_t(RepairKind::C1Control)] > 5);
        const RepairResult twice = run(once.text, o);
        QVERIFY(twice.status.ok());
        QCOMPARE(q(twice.text), q(once.text));
        QCOMPARE(twice.report.total(), 0u);
    }
}

void TestRepairC1::reportShowsControlsByName() {
    const RepairResult r = run(kQuoted, cp1252());
    const std::string text = r.report.toText();
    // Terminals act on some C1 controls (U+009B is CSI): the text report names them instead.
    QVERIFY(text.find("\xC2\x84") == std::string::npos);
    QVERIFY2(text.find("offset 0: c1-control: C2 84 \"<U+0084>\" -> \"„\"") != std::string::npos,
             text.c_str());
    QVERIFY(text.find("c1-control=5") != std::string::npos);
    const QJsonObject json =
        QJsonDocument::fromJson(QByteArray::fromStdString(r.report.toJson())).object();
    QCOMPARE(json.value(QLatin1String("counts")).toObject().value(QLatin1String("c1-control")),
             QJsonValue(5));
    const QJsonObject change = json.value(QLatin1String("changes")).toArray().at(0).toObject();
    QCOMPARE(change.value(QLatin1String("kind")).toString(), QStringLiteral("c1-control"));
    QCOMPARE(change.value(QLatin1String("before_hex")).toString(), QStringLiteral("C2 84"));
}

void TestRepairC1::detectionHints() {
    const std::string german =
        utf8(QStringLiteral("Der Kaffee im Café ist heiß, sagt Müller: „Schön!“ … – 5 €\n"));
    const Detection hinted = detectEncoding(bytes(windows1252ReadAsLatin1(german)));
    QVERIFY(hinted.validUtf8);
    QCOMPARE(hinted.mojibake.fixes, 0u);
    QCOMPARE(hinted.c1Punctuation, 5u);
    // Clean text, the five undefined controls, and a control that is a byte of mojibake (undone
    // first) get no hint.
    for (const std::string& quiet : {german, std::string("Grüße \xC2\x81\xC2\x8D\xC2\x9D ok"),
                                     std::string("\xC3\x84\xC2\x8C"
                                                 "ech")}) {
        const Detection d = detectEncoding(bytes(quiet));
        QCOMPARE(d.c1Punctuation, 0u);
    }
    // With mojibake too, both are found (the C1 controls counted once the mojibake is undone).
    const Detection both = detectEncoding(bytes("Le caf\xC3\x83\xC2\xA9 est tr\xC3\x83\xC2\xA8s "
                                                "bon, \xC2\x93vraiment\xC2\x94."));
    QCOMPARE(both.c1Punctuation, 2u);
    QVERIFY(both.mojibake.fixes >= 2);
}

QTEST_GUILESS_MAIN(TestRepairC1)
#include "tst_repair_c1.moc"
