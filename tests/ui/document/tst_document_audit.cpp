// The background audit of a document (ui/document/document_audit.h) without a window: its
// report is the codec's findings in any chunking; it counts the places it marks and keeps its
// totals past its cap; it finishes, cancels, and fails on a file that shrank.
#include "audit_samples.h"
#include "test_sources.h"

#include <QSemaphore>
#include <QSignalSpy>
#include <QTest>
#include <cstring>
#include <random>

using u8convert::AuditKind;
using u8convert::AuditProfile;
using u8test::auditOf;
using u8test::kTrojan;
using u8test::panelOptions;
using u8ui::ByteRange;

namespace {

quint64 offsetOf(const std::string& text, const char* what) {
    return quint64(text.find(what));
}

// Everything a report says but its resume points, for comparing a resumed audit with a whole one.
QStringList described(const u8doc::AuditReport& r) {
    QStringList out;
    for (const auto& f : r.findings)
        out << QStringLiteral("%1 %2+%3 %4:%5 %6 | %7")
                   .arg(int(f.kind))
                   .arg(f.offset)
                   .arg(f.length)
                   .arg(f.line)
                   .arg(f.column)
                   .arg(QString::fromStdString(f.message), QString::fromStdString(f.lookalike));
    out << QStringLiteral("total %1 characters %2")
               .arg(r.totalFindings)
               .arg(r.suspiciousCharacters);
    for (quint64 n : r.findingsByKind)
        out << QString::number(n);
    for (const auto& m : r.marks)
        out << QStringLiteral("mark %1-%2").arg(m.start).arg(m.end);
    for (const auto& m : r.characterMarks)
        out << QStringLiteral("character %1-%2").arg(m.start).arg(m.end);
    return out;
}

// About 11 MiB of code: plain lines, and now and then an attack (a reversed comment, an
// identifier with a Cyrillic letter whose ASCII twin came megabytes before, a zero-width space).
std::string largeCode() {
    std::string text = "int sayHello(int x) { return x; }\n";
    const char* lines[] = {"int plain_line(int y) { return y + 1; } // a comment\n",
                           "/* \u202E } \u2066if (admin)\u2069 \u2066 begin */\n",
                           "    say\u041Dello(2);\n", "    x\u200By = 3;\n",
                           "    s = \"caf\u00E9 \u05D0\u05D1\";\n"};
    for (unsigned k = 0; text.size() < (std::size_t(11) << 20); ++k)
        text += lines[k % 997 == 0 ? 1 + (k / 997) % 4 : 0];
    return text;
}

} // namespace

using u8test::GatedSource;
using u8test::ShrinkingSource;

class TestDocumentAudit : public QObject {
    Q_OBJECT
private slots:
    // After an edit the audit resumes from the last resume point before it and finds what an
    // audit of the whole edited text finds (findings, counts, marks): edits anywhere, one after
    // the other, each resumed from the report of the one before.
    void anAuditResumedAfterAnEditIsTheWholeAudit() {
        const u8convert::AuditOptions options = panelOptions(AuditProfile::Code);
        std::string text = largeCode();
        std::atomic<bool> stop{false};
        const auto sourceOf = [](const std::string& t) {
            return u8codec::MemorySource(std::vector<std::uint8_t>(t.begin(), t.end()));
        };
        auto base = u8doc::DocumentAudit::audit(sourceOf(text), options, 100000, stop).report;
        QVERIFY(base);
        QVERIFY(base->resumePoints.size() >= 2);
        QVERIFY(base->totalFindings > 300);
        std::mt19937 random(35);
        const std::string inserted[] = {"x", "\u202E", "say\u041Dello", "\n", "\xC3", "/*"};
        int resumed = 0;
        for (int edit = 0; edit < 12; ++edit) {
            // Near the end, in the middle, near the start, right at a resume point.
            quint64 at = random() % text.size();
            if (edit % 4 == 3)
                at = base->resumePoints[random() % base->resumePoints.size()].offset;
            const std::size_t erased = std::min<std::size_t>(random() % 40, text.size() - at);
            text.replace(at, erased, inserted[random() % std::size(inserted)]);
            quint64 total = 0;
            const auto report =
                u8doc::DocumentAudit::reaudit(sourceOf(text), *base, at, options, 100000, stop,
                                              [&](quint64, quint64 t) { total = t; })
                    .report;
            const auto whole = u8doc::DocumentAudit::audit(sourceOf(text), options, 100000, stop);
            QVERIFY(report && whole.report);
            QCOMPARE(described(*report), described(*whole.report));
            resumed += total < text.size();
            base = report;
        }
        QVERIFY(resumed >= 8); // most edits lie past a resume point
    }

    void reportIsTheCodecsInAnyChunking() {
        const u8convert::AuditOptions options = panelOptions(AuditProfile::Code);
        const auto expected = u8convert::audit(
            std::span(reinterpret_cast<const std::uint8_t*>(kTrojan.data()), kTrojan.size()),
            options);
        for (std::size_t chunk : {std::size_t(1) << 20, std::size_t(7), std::size_t(1)}) {
            const auto report = auditOf(kTrojan, AuditProfile::Code, 1000, chunk);
            QVERIFY(report);
            QCOMPARE(report->findings.size(), expected.size());
            for (std::size_t i = 0; i < expected.size(); ++i) {
                QCOMPARE(report->findings[i].offset, expected[i].offset);
                QCOMPARE(int(report->findings[i].kind), int(expected[i].kind));
            }
        }
    }

    // The window reports what can deceive: mixed-script only when asked for, and not-nfc not in
    // prose (issue 33 defect 5), so that a real RLO is never buried.
    void windowKindsAreTheCodecsDefault() {
        for (AuditProfile p : {AuditProfile::Code, AuditProfile::Text}) {
            const auto kinds = u8doc::DocumentAudit::windowOptions(p, {}).kinds;
            QCOMPARE(kinds,
                     u8convert::defaultAuditKinds(p) & ~u8convert::kindBit(AuditKind::InvalidUtf8));
            QVERIFY(!(kinds & u8convert::kindBit(AuditKind::MixedScript)));
        }
        QVERIFY(!(u8doc::DocumentAudit::windowOptions(AuditProfile::Text, {}).kinds &
                  u8convert::kindBit(AuditKind::NotNfc)));
        // Polytonic Greek and "kΩ" in prose: nothing suspicious.
        std::atomic<bool> stop{false};
        const auto report = u8doc::DocumentAudit::audit(
            u8codec::MemorySource(std::vector<std::uint8_t>(
                {0xE1, 0xBC, 0x80, 0xCC, 0x81, ' ', '1', '0', ' ', 'k', 0xCE, 0xA9, '\n'})),
            u8doc::DocumentAudit::windowOptions(AuditProfile::Text, {}), 1000, stop);
        QVERIFY(report.report);
        QCOMPARE(report.report->totalFindings, quint64(0));
    }

    void reportCountsPlacesAndMarks() {
        const auto report = auditOf(kTrojan, AuditProfile::Code);
        QVERIFY(report);
        // RLO (bidi-control, unterminated), LRI, PDI, LRI (bidi-control, unterminated); the
        // Cyrillic EN (confusable) in an identifier that mixes scripts and reads as sayHello
        // before it (confusable: two identifiers with one skeleton).
        QCOMPARE(report->totalFindings, quint64(9));
        QCOMPARE(report->findingsByKind[std::size_t(AuditKind::BidiControl)], quint64(4));
        QCOMPARE(report->findingsByKind[std::size_t(AuditKind::BidiUnterminated)], quint64(2));
        QCOMPARE(report->findingsByKind[std::size_t(AuditKind::Confusable)], quint64(2));
        QCOMPARE(report->findingsByKind[std::size_t(AuditKind::MixedScript)], quint64(1));
        QCOMPARE(report->suspiciousCharacters, quint64(6));
        QVERIFY(!report->capped());
        // Four controls of 3 bytes each, then the identifier "sayНello".
        const quint64 rlo = offsetOf(kTrojan, "\u202E");
        const quint64 name = offsetOf(kTrojan, "say\u041D");
        QCOMPARE(report->marks.size(), std::size_t(5));
        QCOMPARE(report->marks.front(), (ByteRange{rlo, rlo + 3}));
        QCOMPARE(report->marks.back(), (ByteRange{name, name + 9}));
        QVERIFY(report->marked(rlo + 2));
        QVERIFY(!report->marked(rlo + 3));
        QCOMPARE(report->marksIn(0, rlo + 1).size(), std::size_t(1));
        // The characters reported on their own: the four controls and the Cyrillic letter; the
        // pair (sayНello reads as sayHello) is a confusable finding on the whole identifier.
        QCOMPARE(report->characterMarks.size(), std::size_t(5));
        QVERIFY(report->characterMarked(rlo));
        QVERIFY(report->characterMarked(name + 3));
        QVERIFY(report->characterMarked(name));
        QVERIFY(report->marked(name));
        // At the Cyrillic letter: the identifier's findings and the letter's; at its first letter
        // the identifier's alone, the pair first (kinds in their order).
        QCOMPARE(report->findingsAt(name + 3).size(), std::size_t(3));
        QCOMPARE(report->findingsAt(name).size(), std::size_t(2));
        QCOMPARE(int(report->findingsAt(name).front()->kind), int(AuditKind::Confusable));
        QCOMPARE(int(report->findingsAt(name).back()->kind), int(AuditKind::MixedScript));
        QVERIFY(report->findingsAt(name - 2).empty());
    }

    void capKeepsTheTotals() {
        std::string text;
        for (int i = 0; i < 50; ++i)
            text += "\xC2\x85"; // NEXT LINE, a C1 control
        const auto report = auditOf(text, AuditProfile::Text, 10);
        QVERIFY(report);
        QCOMPARE(report->findings.size(), std::size_t(10));
        QCOMPARE(report->totalFindings, quint64(50));
        QVERIFY(report->capped());
        QCOMPARE(report->suspiciousCharacters, quint64(50));
        // Touching findings stay apart: each character is framed on its own.
        QCOMPARE(report->marks.size(), std::size_t(10));
        QVERIFY(!report->marked(20));
    }

    void backgroundAuditFinishesCancelsAndFails() {
        u8doc::DocumentAudit audit;
        QSignalSpy finished(&audit, &u8doc::DocumentAudit::finished);
        QSignalSpy cancelled(&audit, &u8doc::DocumentAudit::cancelled);
        QSignalSpy failed(&audit, &u8doc::DocumentAudit::failed);
        auto gated = std::make_shared<GatedSource>(64 * u8doc::DocumentAudit::kChunkSize);
        const auto options = panelOptions(AuditProfile::Code);
        audit.start(gated, options);
        audit.cancel();
        QCOMPARE(cancelled.count(), 1);
        QVERIFY(!audit.isRunning());
        gated->gate.release();
        audit.start(std::make_shared<u8codec::MemorySource>(
                        std::vector<std::uint8_t>(kTrojan.begin(), kTrojan.end())),
                    options);
        QVERIFY(finished.wait(10000));
        QCOMPARE(finished.count(), 1);
        QCOMPARE(
            finished.at(0).at(0).value<std::shared_ptr<const u8doc::AuditReport>>()->totalFindings,
            quint64(9));
        QVERIFY(gated->reads.load() < 64); // it stopped early
        audit.start(std::make_shared<ShrinkingSource>(3 * u8doc::DocumentAudit::kChunkSize,
                                                      u8doc::DocumentAudit::kChunkSize + 1000),
                    options);
        QVERIFY(failed.wait(10000));
        QVERIFY2(failed.at(0).at(0).toString().contains("shrank"),
                 qPrintable(failed.at(0).at(0).toString()));
        QCOMPARE(finished.count(), 1);
    }
};

QTEST_GUILESS_MAIN(TestDocumentAudit)
#include "tst_document_audit.moc"
