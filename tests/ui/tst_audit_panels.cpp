// The audit's panels: the report (the places it counts, its cap, its marks), the background audit
// (the codec's findings, in any chunking; progress, cancel, a file that shrank), the Problems list
// with errors and findings and its filter, the inspector's explanation of a finding, and the
// line shown in reading order.
#include "byte_document.h"
#include "byte_selection.h"
#include "document_audit.h"
#include "document_scan.h"
#include "inspector_panel.h"
#include "problems_model.h"
#include "reading_order_view.h"
#include "u8codec/byte_source.h"

#include <QAbstractItemModelTester>
#include <QScrollArea>
#include <QScrollBar>
#include <QSemaphore>
#include <QSignalSpy>
#include <QTest>
#include <cstring>
#include <numeric>

using namespace u8ui;
using u8convert::AuditKind;
using u8convert::AuditProfile;

namespace {

// The commenting-out attack (RLO, LRI, PDI) and the homoglyph one (a Cyrillic EN), then an
// overlong form.
const std::string kTrojan = "int main(void) {\n"
                            "    /*\u202E } \u2066if (isAdmin)\u2069 \u2066 begin admins only */\n"
                            "    sayHello(); say\u041Dello();\n"
                            "}\n";

// The window's kinds and the opt-in mixed-script one, whose identifier-wide findings the panels
// mark apart from the characters' own.
u8convert::AuditOptions panelOptions(AuditProfile profile) {
    u8convert::AuditOptions options = u8doc::DocumentAudit::windowOptions(profile, {});
    options.kinds |= u8convert::kindBit(AuditKind::MixedScript);
    return options;
}

std::shared_ptr<const u8doc::AuditReport> auditOf(const std::string& text, AuditProfile profile,
                                                  std::size_t cap = 1000,
                                                  std::size_t chunk = 1 << 20) {
    std::atomic<bool> stop{false};
    const u8codec::MemorySource source(std::vector<std::uint8_t>(text.begin(), text.end()));
    return u8doc::DocumentAudit::audit(source, panelOptions(profile), cap, stop, {}, chunk).report;
}

std::shared_ptr<const u8doc::ScanReport> scanOf(const std::string& text) {
    std::atomic<bool> stop{false};
    return u8doc::DocumentScan::scan(
               u8codec::MemorySource(std::vector<std::uint8_t>(text.begin(), text.end())), 1000,
               stop)
        .report;
}

quint64 offsetOf(const std::string& text, const char* what) {
    return quint64(text.find(what));
}

class GatedSource final : public u8codec::ByteSource {
public:
    std::uint64_t size() const override { return 64 * u8doc::DocumentAudit::kChunkSize; }
    std::size_t read(std::uint64_t offset, std::span<std::uint8_t> dest) const override {
        gate.acquire();
        gate.release();
        ++reads;
        const std::size_t n = std::size_t(std::min<std::uint64_t>(dest.size(), size() - offset));
        std::memset(dest.data(), 'a', n);
        return n;
    }
    mutable QSemaphore gate{0};
    mutable std::atomic<int> reads{0};
};

class ShrinkingSource final : public u8codec::ByteSource {
public:
    std::uint64_t size() const override { return 3 * u8doc::DocumentAudit::kChunkSize; }
    std::size_t read(std::uint64_t offset, std::span<std::uint8_t> dest) const override {
        const std::uint64_t realEnd = u8doc::DocumentAudit::kChunkSize + 1000;
        const std::size_t n =
            offset >= realEnd ? 0
                              : std::size_t(std::min<std::uint64_t>(dest.size(), realEnd - offset));
        std::memset(dest.data(), 'b', n);
        return n;
    }
};

struct Followed {
    ByteDocument document;
    ByteSelection selection;
    explicit Followed(const std::string& text) {
        document.setSource(std::make_shared<u8codec::MemorySource>(
                               std::vector<std::uint8_t>(text.begin(), text.end())),
                           QStringLiteral("trojan.c"));
    }
};

} // namespace

class TestAuditPanels : public QObject {
    Q_OBJECT
private slots:
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
        auto gated = std::make_shared<GatedSource>();
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
        audit.start(std::make_shared<ShrinkingSource>(), options);
        QVERIFY(failed.wait(10000));
        QVERIFY2(failed.at(0).at(0).toString().contains("shrank"),
                 qPrintable(failed.at(0).at(0).toString()));
        QCOMPARE(finished.count(), 1);
    }

    void problemsListShowsErrorsAndFindings() {
        const std::string text = kTrojan + "bad \xC0\xAF end\n";
        ProblemsModel model;
        QAbstractItemModelTester tester(&model);
        model.setReport(scanOf(text));
        model.setAuditReport(auditOf(text, AuditProfile::Code));
        QCOMPARE(model.filter(), ProblemsModel::Filter::All);
        QCOMPARE(model.rowCount(), 10);
        // In offset order, the overlong form last.
        for (int row = 1; row < model.rowCount(); ++row)
            QVERIFY(model.rangeAt(row - 1).start <= model.rangeAt(row).start);
        QVERIFY(model.problemAt(9));
        QVERIFY(!model.findingAt(9));
        QVERIFY(model.findingAt(0));
        QCOMPARE(model.data(model.index(0, 0), ProblemsModel::IsFindingRole).toBool(), true);
        QCOMPARE(model.data(model.index(9, 0), ProblemsModel::IsFindingRole).toBool(), false);
        QCOMPARE(model.data(model.index(0, ProblemsModel::KindColumn)).toString(),
                 QStringLiteral("Bidirectional control character"));
        QCOMPARE(model.data(model.index(0, ProblemsModel::LineColumn)).toString(),
                 QStringLiteral("2"));
        QVERIFY(model.data(model.index(0, ProblemsModel::ExplanationColumn))
                    .toString()
                    .contains(QLatin1String("RIGHT-TO-LEFT OVERRIDE")));
        // The Cyrillic letter lies in two findings; the last that covers it is its own.
        const quint64 en = offsetOf(text, "\u041D");
        const int row = model.rowContaining(en);
        QVERIFY(row >= 0);
        QCOMPARE(int(model.findingAt(row)->kind), int(AuditKind::Confusable));
        // Issue 33, defect 21: the two names read the same; the character that differs first.
        const QString explained =
            model.data(model.index(row, ProblemsModel::ExplanationColumn)).toString();
        QVERIFY2(explained.startsWith(QStringLiteral("U+041D CYRILLIC CAPITAL LETTER EN: "
                                                     "\"say\u041Dello\" looks like \"sayHello\"")),
                 qPrintable(explained));
        QCOMPARE(model.rowAtOrAfter(en + 1), 9);
        // Exports name the kinds as the CLI does.
        const QByteArray csv = model.toCsv();
        QVERIFY(csv.contains(",bidi-control,"));
        QVERIFY(csv.contains(",confusable,"));
        QVERIFY(csv.contains(",overlong,"));
        QVERIFY(model.toJson().contains("\"mixed-script\""));
        // The filter.
        model.setFilter(ProblemsModel::Filter::Errors);
        QCOMPARE(model.rowCount(), 1);
        QVERIFY(model.problemAt(0));
        QCOMPARE(model.rowContaining(en), -1);
        model.setFilter(ProblemsModel::Filter::Suspicious);
        QCOMPARE(model.rowCount(), 9);
        QVERIFY(!model.problemAt(8));
        QVERIFY(!model.toCsv().contains(",overlong,"));
        // A capped audit says so.
        QVERIFY(model.cappedNote().isEmpty());
        model.setAuditReport(auditOf(text, AuditProfile::Code, 3));
        QCOMPARE(model.rowCount(), 3);
        QVERIFY2(model.cappedNote().contains(QLatin1String("first 3 of 9 audit findings")),
                 qPrintable(model.cappedNote()));
        model.setFilter(ProblemsModel::Filter::Errors);
        QVERIFY(model.cappedNote().isEmpty());
    }

    void inspectorExplainsAConfusable() {
        Followed f(kTrojan);
        InspectorPanel inspector;
        inspector.attach(&f.document, &f.selection);
        inspector.setAuditReport(auditOf(kTrojan, AuditProfile::Code));
        f.selection.setCursor(offsetOf(kTrojan, "\u041D"));
        QCOMPARE(inspector.titleText(), QStringLiteral("U+041D  CYRILLIC CAPITAL LETTER EN"));
        const QString text = inspector.findingText();
        QVERIFY2(text.contains(QStringLiteral(
                     "\u041D U+041D CYRILLIC CAPITAL LETTER EN looks like H U+0048")),
                 qPrintable(text));
        QVERIFY2(text.contains(QLatin1String("Suspicious: Look-alike character (confusable)")),
                 qPrintable(text));
        QVERIFY2(text.contains(QLatin1String("looks like \"sayHello\"")), qPrintable(text));
        QVERIFY2(text.contains(QLatin1String("(mixed-script)")), qPrintable(text));
        // A character the audit does not report: nothing.
        f.selection.setCursor(offsetOf(kTrojan, "main"));
        QVERIFY(inspector.findingText().isEmpty());
        // Without a report: nothing either.
        f.selection.setCursor(offsetOf(kTrojan, "\u041D"));
        inspector.setAuditReport(nullptr);
        QVERIFY(inspector.findingText().isEmpty());
    }

    void readingOrderOfATrojanSourceLine() {
        const u8codec::MemorySource source(
            std::vector<std::uint8_t>(kTrojan.begin(), kTrojan.end()));
        const auto report = auditOf(kTrojan, AuditProfile::Code);
        ReadingOrderView view;
        QVERIFY(view.showLineAt(source, offsetOf(kTrojan, "isAdmin"), report.get()));
        QVERIFY(!view.isEmpty());
        // The compiler reads the comment first; a reader sees the comment's words first.
        QCOMPARE(
            view.logicalText(),
            QStringLiteral("    /*\u27E8RLO\u27E9 } \u27E8LRI\u27E9if (isAdmin)\u27E8PDI\u27E9 "
                           "\u27E8LRI\u27E9 begin admins only */"));
        QVERIFY2(view.readerText().startsWith(QLatin1String("    /* begin admins only */")),
                 qPrintable(view.readerText()));
        QVERIFY(view.readerText() != view.logicalText());
        const std::vector<std::size_t> order = view.displayOrder();
        std::vector<std::size_t> identity(order.size());
        std::iota(identity.begin(), identity.end(), std::size_t(0));
        QVERIFY(order != identity);
        QVERIFY(view.cursorSpan().has_value());
        const QString logical = view.logicalText();
        // A line without bidi controls: nothing to show.
        QVERIFY(!view.showLineAt(source, offsetOf(kTrojan, "int main"), report.get()));
        QVERIFY(view.isEmpty());
        // The inspector shows it for the cursor's line only.
        Followed f(kTrojan);
        InspectorPanel inspector;
        inspector.attach(&f.document, &f.selection);
        f.selection.setCursor(offsetOf(kTrojan, "begin"));
        QVERIFY(inspector.showsReadingOrder());
        QCOMPARE(inspector.readingOrder()->logicalText(), logical);
        f.selection.setCursor(offsetOf(kTrojan, "sayHello"));
        QVERIFY(!inspector.showsReadingOrder());
    }

    void readingOrderOfALongLineIsReadAroundTheCursor() {
        // No line feed for 100 000 bytes: only the neighbourhood of the cursor is read.
        std::string text(50000, 'x');
        text += "\u202Eabc";
        text += std::string(50000, 'y');
        const u8codec::MemorySource source(std::vector<std::uint8_t>(text.begin(), text.end()));
        ReadingOrderView view;
        QVERIFY(view.showLineAt(source, 50001, nullptr));
        const QString logical = view.logicalText();
        QVERIFY(logical.size() <= int(2 * ReadingOrderView::kReach + 8));
        QVERIFY(logical.contains(QStringLiteral("\u27E8RLO\u27E9abc")));
        QVERIFY(view.sizeHint().width() > 0);
    }

    // Issue 33, defect 11: scrolled sideways in its scroll area, the rows' labels stay whole at
    // the left edge ("Compiler", never "mpiler").
    void rowLabelsStayWhenScrolled() {
        std::string text = "int x = 1; /* \u202E ";
        for (int i = 0; i < 40; ++i)
            text += "word ";
        text += "*/\n";
        const u8codec::MemorySource source(std::vector<std::uint8_t>(text.begin(), text.end()));
        QScrollArea area;
        auto* view = new ReadingOrderView;
        QVERIFY(view->showLineAt(source, 14, nullptr));
        view->resize(view->sizeHint());
        area.setWidget(view);
        area.resize(300, view->height() + 40);
        area.show();
        QVERIFY(QTest::qWaitForWindowExposed(&area));
        QVERIFY(area.horizontalScrollBar()->maximum() > 0);
        const int labels = QFontMetrics(view->font()).horizontalAdvance(QStringLiteral("Compiler"));
        const auto strip = [&] {
            return area.viewport()->grab(QRect(0, 0, labels + 4, view->height())).toImage();
        };
        const QImage before = strip();
        area.horizontalScrollBar()->setValue(area.horizontalScrollBar()->maximum() / 2);
        QCoreApplication::processEvents();
        QVERIFY(strip() == before);
    }
};

QTEST_MAIN(TestAuditPanels)
#include "tst_audit_panels.moc"
