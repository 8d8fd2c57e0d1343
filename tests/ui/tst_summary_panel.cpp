// SummaryPanel: the verdict and the figures of a scan.
#include "document_scan.h"
#include "summary_panel.h"
#include "u8codec/byte_source.h"

#include <QDir>
#include <QLocale>
#include <QTest>

using namespace u8ui;

namespace {
std::shared_ptr<const u8doc::ScanReport> reportOf(const std::string& text, std::size_t cap = 100) {
    std::atomic<bool> stop{false};
    return u8doc::DocumentScan::scan(
               u8codec::MemorySource(std::vector<std::uint8_t>(text.begin(), text.end())), cap,
               stop)
        .report;
}
} // namespace

class TestSummaryPanel : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates)); }

    void valid() {
        SummaryPanel panel;
        panel.setReport(reportOf("\xEF\xBB\xBFh\xC3\xA9llo \xE2\x82\xAC\r\n\xF0\x9F\x98\x80\n"));
        const QString text = panel.text();
        QVERIFY2(text.startsWith("\u2713 Valid UTF-8"), qPrintable(text));
        QVERIFY2(text.contains("Characters: 12\n"), qPrintable(text));
        QVERIFY2(text.contains("2 bytes: 1 (8.3%)"), qPrintable(text));
        QVERIFY2(text.contains("3 bytes: 2 (16.7%)"), qPrintable(text)); // the BOM and the euro
        QVERIFY2(text.contains("4 bytes: 1 (8.3%)"), qPrintable(text));
        QVERIFY2(text.contains("Lines: 2"), qPrintable(text));
        QVERIFY2(text.contains("Line endings: LF 1, CRLF 1, CR 0"), qPrintable(text));
        QVERIFY2(text.contains("Byte-order mark: Yes"), qPrintable(text));
        QVERIFY(!text.contains("Problems"));
    }

    void invalid() {
        SummaryPanel panel;
        panel.setReport(reportOf("a\xC0\xAF b\xC0\xAF c\xED\xA0\x80 d\x80\x80", 2));
        const QString text = panel.text();
        QVERIFY2(text.startsWith("\u2715 Not valid UTF-8: 4 problems"), qPrintable(text));
        QVERIFY2(text.contains("Overlong form: 2"), qPrintable(text));
        QVERIFY2(text.contains("Encoded surrogate: 1"), qPrintable(text));
        QVERIFY2(text.contains("Stray continuation byte: 1"), qPrintable(text));
        QVERIFY2(text.contains("Never-valid byte: 2"), qPrintable(text)); // the C0 error segments
        QVERIFY2(text.contains("Listed: the first 2 of 4 problems"), qPrintable(text));
        QVERIFY2(text.contains("Byte-order mark: No"), qPrintable(text));

        const QString dir = qEnvironmentVariable("U8SCOPE_SCREENSHOT_DIR");
        if (!dir.isEmpty()) {
            QDir().mkpath(dir);
            panel.resize(420, panel.sizeHint().height());
            panel.grab().save(dir + "/summary-light.png");
        }
    }

    void progressAndMessages() {
        SummaryPanel panel;
        panel.setProgress(500);
        QVERIFY2(panel.text().startsWith("Scanning... 50.0%"), qPrintable(panel.text()));
        panel.showMessage("The file shrank");
        QCOMPARE(panel.text(), QString("The file shrank"));
        panel.setReport(nullptr);
        QCOMPARE(panel.text(), QString("No scan yet"));
    }
};

QTEST_MAIN(TestSummaryPanel)
#include "tst_summary_panel.moc"
