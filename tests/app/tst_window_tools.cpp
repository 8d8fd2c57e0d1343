// The window as a desktop app: status bar fields and messages, Go to Line, Select Range, the
// problems list's export and Copy Row, the binary banner and Save As Encoding's dialog.
#include "byte_document.h"
#include "byte_selection.h"
#include "document_history.h"
#include "document_scan.h"
#include "document_session.h"
#include "inspector_panel.h"
#include "line_index.h"
#include "main_window.h"
#include "message_banner.h"
#include "repair_actions.h"
#include "save_actions.h"
#include "save_encoding_dialog.h"
#include "scan_report.h"
#include "select_range_dialog.h"
#include "status_field.h"
#include "u8convert/mojibake.h"
#include "undo_stack.h"
#include "window_test_support.h"

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>
#include <atomic>
#include <random>
#include <vector>

using u8app::MainWindow;

class TestWindowTools : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        u8test::useTestSettings(QStringLiteral("tst_window_tools"));
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        QVERIFY(dir_.isValid());
    }

    void rightToLeftTextIsIsolated() {
        // U+0645 ARABIC LETTER MEEM: without isolation the bidi algorithm pulls "2 bytes" and the
        // quote marks around it into its right-to-left run.
        MainWindow w;
        QVERIFY(w.openFile(write("rtl.txt", "ab \xD9\x85 cd")));
        w.goTo(3);
        const QString c = u8test::statusField(w, "character");
        QCOMPARE(c, QStringLiteral("U+0645 '\u2068\u0645\u2069', 2 bytes at 0x3"));
        // ASCII is isolated too (no special case), and numbers are grouped.
        w.goTo(0);
        QCOMPARE(u8test::statusField(w, "character"),
                 QStringLiteral("U+0061 '\u2068a\u2069', 1 byte at 0x0"));
    }

    void statusFieldsDoNotOverlapAt800Pixels() {
        MainWindow w;
        QVERIFY(w.openFile(write("fields.txt", QByteArray(20000, 'x') + "\xE2\x82\xAC")));
        w.resize(800, 600);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.goTo(20000);
        QTRY_VERIFY(!u8test::statusField(w, "line").isEmpty());
        QApplication::processEvents();
        QList<QRect> rects;
        for (const char* name : {"offset", "byte", "role", "character", "line"}) {
            auto* f = w.findChild<u8app::StatusField*>(QLatin1String(name));
            QVERIFY(f && f->isVisible());
            const QRect r(f->mapTo(w.statusBar(), QPoint(0, 0)), f->size());
            QVERIFY2(w.statusBar()->rect().contains(r), name);
            for (const QRect& other : rects)
                QVERIFY2(!other.intersects(r), name);
            rects << r;
            // Cut short rather than drawn over a neighbour; the whole text in the tooltip.
            if (f->shownText() != f->text())
                QVERIFY(f->toolTip().startsWith(f->text()));
        }
        QCOMPARE(u8test::statusField(w, "offset"), QStringLiteral("Offset 0x4E20 (20,000)"));
    }

    void messagesEndWithTheirSubject() {
        MainWindow w;
        QVERIFY(w.openFile(write("first.txt", "ok \xC0\xAF end")));
        QTRY_VERIFY(u8test::session(w)->checkReport());
        w.statusBar()->showMessage(QStringLiteral("Saved first.txt"), 60000);
        QVERIFY(w.openFile(write("second.txt", "fine")));
        QVERIFY(w.statusBar()->currentMessage().isEmpty());

        // "N changes applied" goes with Undo.
        QVERIFY(w.openFile(write("repair.txt", "ok \xC0\xAF end")));
        QTRY_VERIFY(u8test::session(w)->checkReport());
        u8test::repairActions(w)->setConfirm(
            [](const u8app::ChangePreview&) { return std::optional(u8app::PreviewChoice{}); });
        QSignalSpy finished(u8test::repairActions(w), &u8app::RepairActions::finished);
        u8convert::RepairOptions options;
        options.invalid = u8codec::ErrorPolicy::Replace;
        u8test::repairActions(w)->runRepair(QStringLiteral("Replace invalid sequences"), options);
        QVERIFY(finished.wait(20000));
        QVERIFY(w.statusBar()->currentMessage().contains(QLatin1String("applied")));
        u8test::history(w)->undoStack()->undo();
        QVERIFY2(w.statusBar()->currentMessage().isEmpty(),
                 qPrintable(w.statusBar()->currentMessage()));
    }

    void mojibakeAdviceComesBackAfterUndo() {
        const std::string text = "Der Kaffee im Café ist heiß, sagt Müller: „Schön!“\n";
        std::string bytes;
        for (int i = 0; i < 20; ++i)
            bytes += text;
        const std::string damaged = u8convert::readAs(
            std::span(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()),
            u8convert::CodePage::Windows1252);
        MainWindow w;
        QSignalSpy examined(&w, &MainWindow::encodingExamined);
        QVERIFY(w.openFile(write("mojibake.txt", QByteArray::fromStdString(damaged))));
        QTRY_VERIFY(!examined.isEmpty() && examined.last().first().toBool());
        const QString advice = u8test::banner(w)->text();
        QVERIFY(advice.contains(QLatin1String("mojibake")));
        u8test::repairActions(w)->setConfirm(
            [](const u8app::ChangePreview&) { return std::optional(u8app::PreviewChoice{}); });
        QSignalSpy finished(u8test::repairActions(w), &u8app::RepairActions::finished);
        u8test::repairActions(w)->fixMojibakeAction()->trigger();
        QVERIFY(finished.wait(20000));
        QVERIFY(u8test::banner(w)->text().isEmpty());
        u8test::history(w)->undoStack()->undo();
        QTRY_COMPARE(u8test::banner(w)->text(), advice);
    }

    void selectedProblemHasTheCursorOnItsFirstByte() {
        // E0 80 AF: an overlong form of three bytes.
        MainWindow w;
        QVERIFY(w.openFile(write("overlong.txt", "ab\xE0\x80\xAFz")));
        QTRY_VERIFY(u8test::session(w)->checkReport());
        u8test::problemsView(w)->selectRow(0);
        emit u8test::problemsView(w)->clicked(u8test::problemsView(w)->model()->index(0, 0));
        QCOMPARE(u8test::selection(w)->cursor(), quint64(2));
        QCOMPARE(u8test::selection(w)->range(), (u8ui::ByteRange{2, 5}));
        // One name for the problem, as the inspector and the list give it; "Error" not twice.
        const QString role = u8test::statusField(w, "role");
        QVERIFY2(role.endsWith(QLatin1String("Overlong form")), qPrintable(role));
        QVERIFY2(!role.contains(QLatin1String("Error")), qPrintable(role));
        QCOMPARE(u8test::statusField(w, "character"), QStringLiteral("E0 80 AF, 3 bytes at 0x2"));
        QCOMPARE(u8test::inspector(w)->titleText(), QStringLiteral("Overlong form"));
    }

    void binaryFileIsSaidAndCheckedOnRequest() {
        QByteArray elf("\x7F"
                       "ELF\x02\x01\x01\0",
                       8);
        for (int i = 0; i < 2000; ++i)
            elf += QByteArray("\0\0\x01\xFF\x10\0\x48\x89", 8);
        MainWindow w;
        QSignalSpy examined(&w, &MainWindow::encodingExamined);
        QSignalSpy checks(u8test::documentScan(w), &u8doc::DocumentScan::finished);
        QVERIFY(w.openFile(write("tool", elf)));
        // The encoding is examined first; the check waits for its verdict.
        QVERIFY(!u8test::documentScan(w)->isRunning());
        QCOMPARE(u8test::checkStateText(w), QStringLiteral("checking UTF-8…"));
        QTRY_VERIFY(!examined.isEmpty());
        QVERIFY2(u8test::banner(w)->text().contains(
                     QLatin1String("binary data, not text (ELF executable)")),
                 qPrintable(u8test::banner(w)->text()));
        // Binary data: no check was started, none is until the user asks.
        QTest::qWait(100);
        QVERIFY(!u8test::documentScan(w)->isRunning());
        QCOMPARE(checks.count(), 0);
        QVERIFY(!u8test::session(w)->checkReport()); // no wall of problems
        QVERIFY(w.windowTitle().contains(QLatin1String("binary data (ELF executable)")));
        emit u8test::banner(w)->actionTriggered(); // Check as UTF-8 Anyway
        QTRY_VERIFY(u8test::session(w)->checkReport());
        QCOMPARE(checks.count(), 1);
        QVERIFY(u8test::session(w)->checkReport()->totalProblems > 0);
        QVERIFY(u8test::banner(w)->text().isEmpty());
        // Text is not binary: no banner, and the check follows the examination.
        QSignalSpy again(&w, &MainWindow::encodingExamined);
        QVERIFY(w.openFile(write("text.txt", "plain text\n")));
        QVERIFY(!u8test::documentScan(w)->isRunning());
        QVERIFY(!u8test::session(w)->checkReport());
        QTRY_VERIFY(!again.isEmpty());
        QTRY_COMPARE(checks.count(), 2);
        QVERIFY(u8test::session(w)->checkReport()->summary.valid());
        QVERIFY(u8test::banner(w)->text().isEmpty());
    }

    void goToLine() {
        MainWindow w;
        QVERIFY(w.openFile(write("lines.txt", "one\ntwo\r\nthree\n")));
        QVERIFY(w.goToLine(3));
        QCOMPARE(u8test::selection(w)->cursor(), quint64(9));
        QVERIFY(w.goToLine(1));
        QCOMPARE(u8test::selection(w)->cursor(), quint64(0));
        QVERIFY(w.goToLine(2));
        QCOMPARE(u8test::selection(w)->cursor(), quint64(4));
        QVERIFY(!w.goToLine(4)); // the file ends with LF: no fourth line
        QVERIFY(w.statusBar()->currentMessage().contains(QLatin1String("no line 4")));
        QCOMPARE(u8test::selection(w)->cursor(), quint64(4));
        QVERIFY(!w.goToLine(0));
    }

    // The line index made from the whole-document scan's checkpoints answers as one that reads
    // for itself: line, column and line start anywhere, and where lines start, also in a line
    // longer than the checkpoint step and past the cuts between the scan's parts.
    void lineIndexFromTheScan() {
        const quint64 step = u8doc::LineIndex::kStep;
        std::vector<std::uint8_t> bytes(3 * step + 4321);
        std::mt19937 rng(9);
        // Lines of about 200 bytes, with CR LF, characters and errors.
        static const std::vector<std::vector<std::uint8_t>> pieces = {
            {'\r', '\n'}, {'\n'}, {'w', 'o', 'r', 'd', ' '}, {0xC3, 0xA9}, {0x80}, {0xE2, 0x82}};
        for (std::size_t at = 0; at < bytes.size();) {
            const unsigned r = rng() % 80;
            const auto& piece = pieces[r < 2 ? r : 2 + r % 4];
            for (std::size_t k = 0; k < piece.size() && at < bytes.size(); ++k)
                bytes[at++] = piece[k];
        }
        std::fill(bytes.begin() + qsizetype(step - 1000),
                  bytes.begin() + qsizetype(2 * step + 1000),
                  'L'); // one line across two checkpoints and two cuts
        u8doc::DocumentScan::Split split;
        split.near = {step / 2, step + 10, 2 * step - 7, 2 * step + 5000};
        std::atomic<bool> stop{false};
        const u8codec::MemorySource source(bytes);
        const auto outcome = u8doc::DocumentScan::scan(source, 100, stop, {}, split);
        QVERIFY(outcome.report);
        QCOMPARE(outcome.parts, std::size_t(5));
        u8doc::LineIndex fromScan(outcome.report->lineCheckpoints);
        u8doc::LineIndex reading;
        QCOMPARE(fromScan.checkpointCount(), std::size_t(bytes.size() / step + 1));
        QVERIFY(fromScan.cost(bytes.size() - 1) < step); // nothing left to read up to there
        QVERIFY(reading.cost(bytes.size() - 1) > step);
        std::vector<quint64> offsets = {0, step - 1, step, step + 1, 2 * step, bytes.size() - 1};
        for (int i = 0; i < 100; ++i)
            offsets.push_back(rng() % bytes.size());
        for (const quint64 offset : offsets) {
            const auto want = reading.locate(source, offset);
            QVERIFY(want);
            QVERIFY2(fromScan.locate(source, offset) == want,
                     qPrintable(QStringLiteral("at %1").arg(offset)));
        }
        const quint64 lines = outcome.report->summary.lineFeeds + 1;
        std::vector<quint64> wanted = {1, 2, lines - 1, lines, lines + 1};
        for (int i = 0; i < 100; ++i)
            wanted.push_back(1 + rng() % lines);
        for (const quint64 line : wanted)
            QVERIFY2(fromScan.lineStart(source, line) == reading.lineStart(source, line),
                     qPrintable(QStringLiteral("line %1").arg(line)));
    }

    void goToLineFarInALargeFile() {
        // Past several of the line index's checkpoints.
        const quint64 step = u8doc::LineIndex::kStep;
        QByteArray bytes(qsizetype(3 * step + 100), 'x');
        for (qsizetype i = 99; i < bytes.size(); i += 100)
            bytes[i] = '\n';
        MainWindow w;
        QVERIFY(w.openFile(write("large.txt", bytes)));
        const quint64 line = (2 * step + 500) / 100 + 1; // line starting at 2 * step + 500
        QVERIFY(w.goToLine(line));
        QCOMPARE(u8test::selection(w)->cursor(), (line - 1) * 100);
        QVERIFY(w.goToLine(2));
        QCOMPARE(u8test::selection(w)->cursor(), quint64(100));
    }

    void selectRangeParsing() {
        using D = u8app::SelectRangeDialog;
        QCOMPARE(D::parse("10", "1F", false, true, 100).range, (u8ui::ByteRange{16, 32}));
        QCOMPARE(D::parse("16", "16", true, false, 100).range, (u8ui::ByteRange{16, 32}));
        QCOMPARE(D::parse("0x60", "4", true, false, 100).range, (u8ui::ByteRange{96, 100}));
        QVERIFY(D::parse("0x60", "5", true, false, 100).error.startsWith("Length: Beyond"));
        QVERIFY(D::parse("20", "10", false, false, 100).error.contains("before the start"));
        QVERIFY(D::parse("5", "0", true, false, 100).error.contains("at least 1 byte"));
        QVERIFY(D::parse("x", "1", false, false, 100).error.startsWith("Start:"));
        QVERIFY(D::parse("1", "100", false, false, 100).error.startsWith("Last byte: Beyond"));
    }

    void problemsExportAndCopyRow() {
        MainWindow w;
        QVERIFY(w.openFile(write("bad.txt", "ok\n\xC0\xAF, \"x\"\n\xFF")));
        QTRY_VERIFY(u8test::session(w)->checkReport());
        const QString csv = dir_.filePath(QStringLiteral("out.csv"));
        QCOMPARE(w.exportProblems(csv), QString());
        QFile f(csv);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = f.readAll().split('\n');
        QCOMPARE(lines.size(), 4);
        QVERIFY(lines[1].startsWith("3,0x00000003,2,2,overlong,"));
        QVERIFY(lines[2].startsWith("11,0x0000000B,1,3,never-valid-byte,"));
        const QString json = dir_.filePath(QStringLiteral("out.JSON"));
        QCOMPARE(w.exportProblems(json), QString());
        QFile j(json);
        QVERIFY(j.open(QIODevice::ReadOnly));
        QCOMPARE(QJsonDocument::fromJson(j.readAll()).array().size(), 2);
        // A failure names the file and the reason.
        const QString bad = dir_.filePath(QStringLiteral("no-such-dir/out.csv"));
        const QString error = w.exportProblems(bad);
        QVERIFY2(error.startsWith(QStringLiteral("Cannot write %1: ").arg(bad)), qPrintable(error));

        // Ctrl+C in the list copies the row, not the selected bytes.
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        u8test::problemsView(w)->setFocus();
        u8test::problemsView(w)->setCurrentIndex(u8test::problemsView(w)->model()->index(1, 0));
        QApplication::clipboard()->clear();
        QTest::keyClick(u8test::problemsView(w), Qt::Key_C, Qt::ControlModifier);
        QVERIFY2(QApplication::clipboard()->text().startsWith(
                     QStringLiteral("0x0000000B\t3\tNever-valid byte\t")),
                 qPrintable(QApplication::clipboard()->text()));
    }

    void saveAsEncodingKeepsTheDialogOpen() {
        MainWindow w;
        QVERIFY(w.openFile(write("euro.txt", "price: \xE2\x82\xAC 5\n")));
        auto* saves = w.findChild<u8app::SaveActions*>();
        QVERIFY(saves);
        int shown = 0;
        QString problem;
        QString keptEncoding;
        // Drives the modal dialog: first ISO-8859-1 refusing unmappable characters, then (the
        // dialog back with the reason) cancel.
        std::function<void()> drive = [&] {
            auto* d = qobject_cast<u8app::SaveEncodingDialog*>(QApplication::activeModalWidget());
            if (!d || !d->isVisible()) {
                QTimer::singleShot(20, drive);
                return;
            }
            if (++shown == 1) {
                d->encodingBox()->setCurrentText(QStringLiteral("ISO-8859-1"));
                d->policyBox()->setCurrentIndex(0); // refuse
                d->accept();
                QTimer::singleShot(20, drive);
            } else {
                problem = d->problem();
                keptEncoding = d->encoding();
                d->reject();
            }
        };
        QTimer::singleShot(0, drive);
        saves->saveAsEncoding();
        QCOMPARE(shown, 2);
        QVERIFY2(problem.contains(QLatin1String("cannot be represented in ISO-8859-1 (first at "
                                                "offsets 0x7)")),
                 qPrintable(problem));
        QCOMPARE(keptEncoding, QStringLiteral("ISO-8859-1"));
    }

    // Defect 12 (issue 33): Save As Encoding counts the problems as the Problems list does (C0 AF
    // is one problem, replaced by two U+FFFD) and gives their offsets in hex, both when it refuses
    // and when it asks; it says nothing of characters the target cannot represent when there are
    // none, and in a target without U+FFFD it does not count the problems' U+FFFD again as such.
    void saveAsEncodingCountsProblemsAsTheList_data() {
        QTest::addColumn<QString>("target");
        QTest::addColumn<QString>("refused");
        QTest::addColumn<QString>("asked");
        const QString problems = QStringLiteral("The 2 problem(s) of the Problems list (first at "
                                                "offsets 0x3, 0x9)");
        QTest::newRow("UTF-16LE") << QStringLiteral("UTF-16LE")
                                  << problems + QStringLiteral(" would become 3 U+FFFD.")
                                  << problems + QStringLiteral(" become 3 U+FFFD first. Go on?");
        QTest::newRow("ISO-8859-1")
            << QStringLiteral("ISO-8859-1") << problems + QStringLiteral(" would become 3 U+FFFD.")
            << problems + QStringLiteral(" become 3 U+FFFD first, which ISO-8859-1 cannot "
                                         "represent either: they will be substituted too.");
    }

    void saveAsEncodingCountsProblemsAsTheList() {
        QFETCH(QString, target);
        QFETCH(QString, refused);
        QFETCH(QString, asked);
        MainWindow w;
        QVERIFY(w.openFile(write("bad.txt", "ab \xC0\xAF cd \xFF\n")));
        auto* saves = w.findChild<u8app::SaveActions*>();
        QVERIFY(saves);
        int dialogs = 0;
        QString refusal, question;
        // Refuse to save (the dialog comes back with why), then Substitute (a question, answered
        // No, and the dialog back again), then cancel.
        std::function<void()> drive = [&] {
            QWidget* modal = QApplication::activeModalWidget();
            if (auto* box = qobject_cast<QMessageBox*>(modal); box && box->isVisible()) {
                question = box->text();
                box->button(QMessageBox::No)->click();
                QTimer::singleShot(20, drive);
                return;
            }
            auto* d = qobject_cast<u8app::SaveEncodingDialog*>(modal);
            if (!d || !d->isVisible()) {
                QTimer::singleShot(20, drive);
                return;
            }
            ++dialogs;
            if (dialogs == 1) {
                d->encodingBox()->setCurrentText(target);
                d->policyBox()->setCurrentIndex(0); // refuse
                d->accept();
            } else if (dialogs == 2) {
                refusal = d->problem();
                d->policyBox()->setCurrentIndex(1); // substitute
                d->accept();
            } else {
                d->reject();
                return;
            }
            QTimer::singleShot(20, drive);
        };
        QTimer::singleShot(0, drive);
        saves->saveAsEncoding();
        QCOMPARE(dialogs, 3);
        QVERIFY2(refusal.contains(refused), qPrintable(refusal));
        QVERIFY2(!refusal.contains(QLatin1String("sequence")), qPrintable(refusal));
        QVERIFY2(!refusal.contains(QLatin1String("cannot be represented")), qPrintable(refusal));
        QVERIFY2(question.contains(asked), qPrintable(question));
        QVERIFY2(!question.contains(QLatin1String(" cannot represent 3")), qPrintable(question));
    }

private:
    QString write(const char* name, const QByteArray& bytes) {
        return u8test::writeFile(dir_, name, bytes);
    }

    QTemporaryDir dir_;
};

QTEST_MAIN(TestWindowTools)
#include "tst_window_tools.moc"
