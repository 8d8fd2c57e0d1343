// The audit's panels: the Problems list with errors and findings and its filter, the inspector's
// explanation of a finding, and the line shown in reading order. (The report they show, and the
// background audit that makes it, are tests/ui/document's tst_document_audit.)
#include "byte_document.h"
#include "byte_selection.h"
#include "document/audit_samples.h"
#include "document_audit.h"
#include "document_scan.h"
#include "inspector_panel.h"
#include "problems_model.h"
#include "reading_order_view.h"
#include "u8codec/byte_source.h"

#include <QAbstractItemModelTester>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTest>
#include <cstring>
#include <numeric>

using namespace u8ui;
using u8convert::AuditKind;
using u8convert::AuditProfile;
using u8test::auditOf;
using u8test::kTrojan;
using u8test::panelOptions;

namespace {

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
