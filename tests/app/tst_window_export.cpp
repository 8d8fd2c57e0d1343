// File > Export as HTML…, Print… and Export as PDF…: the page the window writes is the one
// `u8scope-cli dump --html` writes for the same bytes (the whole document, a selection, the hex
// pane's row width); a PDF export writes a PDF; the commands wait for a document.
#include "byte_document.h"
#include "dump_painter.h"
#include "export_actions.h"
#include "hex_view.h"
#include "main_window.h"
#include "window_test_support.h"

#include <QAction>
#include <QBuffer>
#include <QMenuBar>
#include <QPainter>
#include <QPdfWriter>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

using u8app::ExportActions;
using u8app::MainWindow;

namespace {

QByteArray cliPage(const QStringList& args) {
    QProcess p;
    p.start(QStringLiteral(U8SCOPE_CLI), QStringList{"dump", "--html"} + args);
    if (!p.waitForFinished(60000) || p.exitCode() != 0)
        return "u8scope-cli failed: " + p.readAllStandardError();
    return p.readAllStandardOutput();
}

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestWindowExport : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    // Every role and several problems, across more than one row.
    const QByteArray sample_ = "Hi \xE4\xB8\x96\xE7\x95\x8C\n\xC0\xAF<b>&\xF0\x9F\x98\x80 e\xCC\x81"
                               "\xEF\xBB\xBF\x01\xED\xA0\x80\xE2\x82 \x80\x80 end\xF0\x9F";

private slots:
    void initTestCase() {
        u8test::useTestSettings(QStringLiteral("tst_window_export"));
        QVERIFY(dir_.isValid());
    }

    void menuEntries() {
        MainWindow w;
        QMenu* file = w.menuBar()->findChild<QMenu*>();
        QVERIFY(file);
        QStringList names;
        for (QAction* a : file->actions())
            names << a->objectName();
        for (const char* name : {"exportHtml", "print", "exportPdf"})
            QVERIFY2(names.contains(QLatin1String(name)), name);
        auto* exports = w.findChild<ExportActions*>();
        QVERIFY(exports);
        for (QAction* a : exports->actions())
            QVERIFY2(!a->isEnabled(), qPrintable(a->objectName())); // no document yet
        QVERIFY(w.openFile(u8test::writeFile(dir_, "menu.txt", "abc")));
        for (QAction* a : exports->actions())
            QVERIFY(a->isEnabled());
    }

    // The same page as the CLI's, byte for byte: the whole document (only the cursor's byte
    // selected), a selection, and 8 bytes a row.
    void htmlIsTheCliPage() {
        const QString path = u8test::writeFile(dir_, "sample.txt", sample_);
        MainWindow w;
        QVERIFY(w.openFile(path));
        auto* exports = w.findChild<ExportActions*>();
        QVERIFY(exports);
        const QString out = dir_.filePath("out.html");

        QCOMPARE(exports->range(), (u8ui::ByteRange{0, quint64(sample_.size())}));
        QVERIFY(exports->exportHtml(out, exports->range()).isEmpty());
        const QByteArray page = readAll(out);
        QVERIFY(page.contains("<li>"));
        QCOMPARE(page, cliPage({path}));

        w.goTo(5, 9); // from inside 世 to past the overlong form
        QCOMPARE(exports->range(), (u8ui::ByteRange{5, 14}));
        QVERIFY(exports->exportHtml(out, exports->range()).isEmpty());
        QCOMPARE(readAll(out), cliPage({"--offset=5", "--length=9", path}));

        u8test::hexView(w)->setBytesPerRow(8);
        QVERIFY(exports->exportHtml(out, {0, quint64(sample_.size())}).isEmpty());
        QCOMPARE(readAll(out), cliPage({"--width=8", path}));
    }

    void htmlToAnUnwritablePlace() {
        MainWindow w;
        QVERIFY(w.openFile(u8test::writeFile(dir_, "small.txt", "abc")));
        auto* exports = w.findChild<ExportActions*>();
        const QString error =
            exports->exportHtml(QStringLiteral("/nonexistent/dir/x.html"), {0, 3});
        QVERIFY(error.contains(QStringLiteral("/nonexistent/dir/x.html")));
    }

    void pdf() {
        MainWindow w;
        QVERIFY(w.openFile(u8test::writeFile(dir_, "pdf.txt", sample_.repeated(40))));
        auto* exports = w.findChild<ExportActions*>();
        const QString out = dir_.filePath("out.pdf");
        QVERIFY(exports->exportPdf(out, exports->range()).isEmpty());
        const QByteArray pdf = readAll(out);
        QVERIFY(pdf.startsWith("%PDF-"));
        QVERIFY2(pdf.size() > 4000, qPrintable(QString::number(pdf.size())));
        QVERIFY(pdf.contains("/Type /Page")); // at least one page
        QVERIFY(pdf.trimmed().endsWith("%%EOF"));
    }

    // Error segments side by side keep apart in the PDF: U+FFFD's ink is narrower than its cell
    // (DejaVu Sans Mono's fills the cell, and a run of them drew one band; issue 33, defect 19).
    void pdfReplacementCharactersKeepApart() {
        QBuffer buffer;
        QVERIFY(buffer.open(QIODevice::WriteOnly));
        QPdfWriter writer(&buffer);
        QPainter painter(&writer);
        u8dump::DumpOptions options;
        u8app::DumpPainter dump(painter, writer, QStringLiteral("t"), options, 8);
        QVERIFY(dump.cellWidth() > 0);
        QVERIFY2(
            dump.replacementInkWidth() <= 0.8 * dump.cellWidth(),
            qPrintable(
                QStringLiteral("%1 of %2").arg(dump.replacementInkWidth()).arg(dump.cellWidth())));
        painter.end();
    }

    // The size guard's limits are in order.
    void sizeGuard() {
        QVERIFY(ExportActions::kAskAbove < ExportActions::kRefuseAbove);
        QVERIFY(ExportActions::kAskAbove >= quint64(1) << 20);
    }
};

QTEST_MAIN(TestWindowExport)
#include "tst_window_export.moc"
