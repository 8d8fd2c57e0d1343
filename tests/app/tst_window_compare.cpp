// File > Compare With… and Compare With Saved: the two sides in the panes' place, the Differences
// dock's rows (kind, both offsets) for crafted pairs and for pairs that only look like them, F7
// and Shift+F7 on both sides, the side-by-side scrolling, Escape back to the single view, a
// cancelled comparison, and the difference colours' contrast in both themes.
#include "byte_document.h"
#include "byte_selection.h"
#include "compare_actions.h"
#include "compare_alignment.h"
#include "compare_view.h"
#include "differences_model.h"
#include "differences_panel.h"
#include "document_controller.h"
#include "hex_view.h"
#include "main_window.h"
#include "role_colours.h"
#include "text_view.h"
#include "u8convert/compare.h"
#include "window_test_support.h"

#include <QAction>
#include <QDockWidget>
#include <QFileDialog>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTimer>
#include <QtTest>

using u8app::CompareActions;
using u8app::CompareView;
using u8app::MainWindow;
using Kind = u8convert::HunkKind;
using Side = u8app::CompareAlignment::Side;

Q_DECLARE_METATYPE(Kind)

namespace {

struct Row {
    Kind kind;
    quint64 offsetA, lengthA, offsetB, lengthB;
};

// The rows the dock lists, from its model.
std::vector<Row> rowsOf(const MainWindow& w) {
    std::vector<Row> rows;
    const u8app::DifferencesModel* model = u8test::compareActions(w)->panel()->model();
    for (int i = 0; i < model->rowCount(); ++i) {
        const u8convert::CompareHunk* h = model->hunkAt(i);
        rows.push_back({h->kind, h->a.offset, h->a.length, h->b.offset, h->b.length});
    }
    return rows;
}

QString summary(const MainWindow& w) {
    return u8test::compareActions(w)->panel()->summary()->text();
}

} // namespace

class TestWindowCompare : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;

    QString write(const char* name, const QByteArray& bytes) {
        return u8test::writeFile(dir_, name, bytes);
    }
    // A comparison of the open document with `path`, waited for.
    static bool compare(MainWindow& w, const QString& path) {
        QSignalSpy done(u8test::compareActions(w), &CompareActions::finished);
        if (!u8test::compareActions(w)->compareWith(path))
            return false;
        return done.wait(20000);
    }

private slots:
    void initTestCase() {
        u8test::useTestSettings(QStringLiteral("tst_window_compare"));
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        QSettings().clear();
        QVERIFY(dir_.isValid());
    }
    void cleanup() { QSettings().clear(); }

    // File > Compare With… asks for the file, then shows both sides in the panes' place and the
    // Differences dock in front; Escape in the compared panes brings the single view back.
    void actionOpensCompare() {
        MainWindow w;
        QVERIFY(w.openFile(write("a.txt", "same start, then A\n")));
        const QString other = write("b.txt", "same start, then B\n");
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QAction* action = u8test::compareActions(w)->compareWithAction();
        QVERIFY(action->isEnabled());
        QCOMPARE(action->shortcut(), QKeySequence(QStringLiteral("Ctrl+Shift+D")));
        QSignalSpy done(u8test::compareActions(w), &CompareActions::finished);
        QTimer::singleShot(0, [other] {
            auto* dialog = qobject_cast<QFileDialog*>(QApplication::activeModalWidget());
            QVERIFY(dialog);
            dialog->selectFile(other);
            QMetaObject::invokeMethod(dialog, "accept");
        });
        action->trigger();
        QVERIFY(done.wait(20000));
        QVERIFY(u8test::compareActions(w)->isComparing());
        QVERIFY(u8test::compareView(w)->isVisible());
        QVERIFY(!u8test::hexView(w)->isVisible());
        const auto* dock = w.findChild<QDockWidget*>(QStringLiteral("differencesDock"));
        QVERIFY(dock && dock->isVisible());
        QCOMPARE(rowsOf(w).size(), std::size_t(1));
        QCOMPARE(rowsOf(w)[0].offsetA, quint64(17));
        // Offsets shown as the Problems list and the panes show them (issue 33, defect 12).
        const u8app::DifferencesModel* model = u8test::compareActions(w)->panel()->model();
        QCOMPARE(model->data(model->index(0, u8app::DifferencesModel::OffsetA), Qt::DisplayRole)
                     .toString(),
                 QStringLiteral("0x00000011"));
        QVERIFY(summary(w).startsWith(QLatin1String("1 difference: the texts differ")));
        const auto* header = w.findChild<QLabel*>(QStringLiteral("compareHeaderB"));
        QVERIFY2(header->text().startsWith(QStringLiteral("B: b.txt — 19 bytes, UTF-8")),
                 qPrintable(header->text()));

        QApplication::setActiveWindow(&w); // after the file dialog
        QVERIFY(QTest::qWaitForWindowActive(&w));
        u8test::compareView(w)->textView(Side::B)->setFocus();
        QTest::keyClick(u8test::compareView(w)->textView(Side::B), Qt::Key_Escape);
        QVERIFY(!u8test::compareActions(w)->isComparing());
        QVERIFY(!u8test::compareView(w)->isVisible());
        QVERIFY(u8test::hexView(w)->isVisible());
        QVERIFY(rowsOf(w).empty());
        // Escape elsewhere means nothing to the comparison (and no compare is open).
        QVERIFY(!u8test::compareActions(w)->closeAction()->isEnabled());
    }

    // Each pair's rows: the kind and both sides' byte places, as the engine aligns them; the
    // verdict in the summary. Beside each pair, one that only looks like it.
    void differencesListed_data() {
        QTest::addColumn<QByteArray>("a");
        QTest::addColumn<QByteArray>("b");
        QTest::addColumn<QString>("verdict");
        QTest::addColumn<QList<quint64>>("rows"); // kind, offset A, length A, offset B, length B
        const QByteArray text = "caf\xC3\xA9 au lait\nsecond line\n";
        QTest::newRow("only the BOM") << text << QByteArray("\xEF\xBB\xBF") + text
                                      << "only the byte order mark differs: B starts with one"
                                      << QList<quint64>{quint64(Kind::ByteOrderMark), 0, 0, 0, 3};
        QTest::newRow("a BOM and an edit: no verdict")
            << text << QByteArray("\xEF\xBB\xBF") + QByteArray(text).replace("second", "Second")
            << "2 differences: the texts differ"
            << QList<quint64>{quint64(Kind::ByteOrderMark), 0,  0, 0,  3,
                              quint64(Kind::TextEdit),      14, 1, 17, 1};
        QTest::newRow("only CRLF")
            << QByteArray("one\ntwo\n") << QByteArray("one\r\ntwo\r\n")
            << "only line endings differ: A has 2 LF, 0 CRLF, 0 CR; B has 0 LF, 2 CRLF, 0 CR"
            << QList<quint64>{quint64(Kind::LineEnding), 3, 1, 3, 2,
                              quint64(Kind::LineEnding), 7, 1, 8, 2};
        QTest::newRow("a CR added after the last line: no verdict")
            << QByteArray("one\ntwo\n") << QByteArray("one\ntwo\n\r")
            << "1 difference: the texts differ"
            << QList<quint64>{quint64(Kind::LineEnding), 8, 0, 8, 1};
        QTest::newRow("one look-alike") << QByteArray("if (user == \"admin\")\n")
                                        << QByteArray("if (user == \"\xD0\xB0"
                                                      "dmin\")\n")
                                        << "1 difference: the texts differ"
                                        << QList<quint64>{quint64(Kind::Lookalike), 13, 1, 13, 2};
        QTest::newRow("another letter, not a look-alike")
            << QByteArray("if (user == \"admin\")\n")
            << QByteArray("if (user == \"\xD0\xB4"
                          "dmin\")\n")
            << "1 difference: the texts differ"
            << QList<quint64>{quint64(Kind::TextEdit), 13, 1, 13, 2};
        QTest::newRow("same bytes") << text << text << "same bytes" << QList<quint64>{};
    }
    void differencesListed() {
        QFETCH(QByteArray, a);
        QFETCH(QByteArray, b);
        QFETCH(QString, verdict);
        QFETCH(QList<quint64>, rows);
        MainWindow w;
        QVERIFY(w.openFile(write("a.txt", a)));
        QVERIFY(compare(w, write("b.txt", b)));
        QVERIFY(u8test::compareActions(w)->result());
        QVERIFY2(summary(w).startsWith(verdict), qPrintable(summary(w)));
        const std::vector<Row> listed = rowsOf(w);
        QList<quint64> got;
        for (const Row& r : listed)
            got << quint64(r.kind) << r.offsetA << r.lengthA << r.offsetB << r.lengthB;
        QCOMPARE(got, rows);
        // Both sides' panes are marked where the rows say.
        for (std::size_t i = 0; i < listed.size(); ++i) {
            const auto marks = u8test::compareView(w)->hexView(Side::B)->differenceMarksIn(
                listed[i].offsetB, listed[i].offsetB + listed[i].lengthB);
            QVERIFY(!marks.empty());
            QCOMPARE(marks.front().kind, listed[i].kind);
        }
    }

    // F7 and Shift+F7 (also Go > Next / Previous Difference) select each difference on both
    // sides, round from the last to the first; the list's current row follows.
    void stepThroughDifferences() {
        MainWindow w;
        QByteArray a, b;
        for (int line = 0; line < 400; ++line) {
            a += QByteArray("line ") + QByteArray::number(line) + " of the text\n";
            b += QByteArray("line ") + QByteArray::number(line) +
                 (line == 30 || line == 200 || line == 390 ? " of the TEXT\n" : " of the text\n");
        }
        QVERIFY(w.openFile(write("a.txt", a)));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(compare(w, write("b.txt", b)));
        const std::vector<Row> rows = rowsOf(w);
        QCOMPARE(rows.size(), std::size_t(3));
        u8ui::ByteSelection* selA = u8test::compareView(w)->selection(Side::A);
        u8ui::ByteSelection* selB = u8test::compareView(w)->selection(Side::B);
        QTableView* list = u8test::compareActions(w)->panel()->view();
        for (int expected : {0, 1, 2, 0}) {
            QTest::keyClick(&w, Qt::Key_F7);
            QCOMPARE(u8test::compareActions(w)->currentDifference(), expected);
            QCOMPARE(selA->range().start, rows[std::size_t(expected)].offsetA);
            QCOMPARE(selB->range().start, rows[std::size_t(expected)].offsetB);
            QCOMPARE(list->currentIndex().row(), expected);
            // Each side shows its own end of the difference.
            QVERIFY(!u8test::compareView(w)->hexView(Side::A)->cellRect(selA->cursor()).isNull());
            QVERIFY(!u8test::compareView(w)->hexView(Side::B)->cellRect(selB->cursor()).isNull());
            // In step: the edits keep the lengths, so both sides show the same offsets.
            QCOMPARE(u8test::compareView(w)->textView(Side::B)->topOffset(),
                     u8test::compareView(w)->textView(Side::A)->topOffset());
            QCOMPARE(u8test::compareView(w)->hexView(Side::B)->topOffset(),
                     u8test::compareView(w)->hexView(Side::A)->topOffset());
        }
        for (int expected : {2, 1}) {
            QTest::keyClick(&w, Qt::Key_F7, Qt::ShiftModifier);
            QCOMPARE(u8test::compareActions(w)->currentDifference(), expected);
            QCOMPARE(selB->range().start, rows[std::size_t(expected)].offsetB);
        }
        // A click on a row goes there too.
        const QModelIndex first = list->model()->index(0, 0);
        QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, list->visualRect(first).center());
        QCOMPARE(u8test::compareActions(w)->currentDifference(), 0);
        QCOMPARE(selA->range().start, rows[0].offsetA);
        const QList<QAction*> steps = u8test::compareActions(w)->stepActions();
        QCOMPARE(steps[0]->shortcut(), QKeySequence(Qt::Key_F7));
        QVERIFY(!steps[0]->toolTip().isEmpty() && !steps[1]->toolTip().isEmpty());
    }

    // The sides scroll together: the place shown in B is the place shown in A, moved by what the
    // differences before it added (12 bytes a line more in B from line 100 on).
    void sidesScrollTogether() {
        MainWindow w;
        QByteArray a, b;
        for (int line = 0; line < 3000; ++line) {
            const QByteArray l = QByteArray("line ") + QByteArray::number(line).rightJustified(5) +
                                 " ......................\n";
            a += l;
            b += l;
            if (line == 100)
                b += "an insertion of one line in B\n";
        }
        QVERIFY(w.openFile(write("a.txt", a)));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(compare(w, write("b.txt", b)));
        QCOMPARE(rowsOf(w).size(), std::size_t(1));
        const quint64 shift = quint64(b.size() - a.size());
        u8ui::TextView* textA = u8test::compareView(w)->textView(Side::A);
        u8ui::TextView* textB = u8test::compareView(w)->textView(Side::B);
        const quint64 lineLength = quint64(a.indexOf('\n') + 1);
        textA->setTopOffset(2000 * lineLength);
        QCOMPARE(textB->topOffset(), 2000 * lineLength + shift);
        textB->setTopOffset(50 * lineLength); // before the insertion: the same offset
        QCOMPARE(textA->topOffset(), 50 * lineLength);
        // The hex panes follow their text panes.
        QCOMPARE(u8test::compareView(w)->hexView(Side::A)->topOffset() / 16, 50 * lineLength / 16);
    }

    // Compare With Saved: only with unsaved edits; the edited document (A) beside the file as
    // it is on disk (B), the edit listed at its offset.
    void compareWithSaved() {
        MainWindow w;
        QVERIFY(w.openFile(write("saved.txt", "The quick brown fox\n")));
        QAction* saved = u8test::compareActions(w)->compareWithSavedAction();
        QVERIFY(!saved->isEnabled());
        QVERIFY(!u8test::compareActions(w)->compareWithSaved() || !saved->isEnabled());
        u8app::DocumentController* c = u8test::documentController(w);
        u8doc::DocumentEditor::Change change;
        change.offset = 4;
        change.length = 5;
        change.bytes = "slow";
        QVERIFY(c->edit(change));
        QVERIFY(saved->isEnabled());
        QSignalSpy done(u8test::compareActions(w), &CompareActions::finished);
        saved->trigger();
        QVERIFY(done.wait(20000));
        const std::vector<Row> rows = rowsOf(w);
        QCOMPARE(rows.size(), std::size_t(1));
        QCOMPARE(rows[0].kind, Kind::TextEdit);
        QCOMPARE(rows[0].offsetA, quint64(4));
        QCOMPARE(rows[0].offsetB, quint64(4));
        QVERIFY(w.findChild<QLabel*>(QStringLiteral("compareHeaderA"))
                    ->text()
                    .contains(QLatin1String("saved.txt (edited)")));
        QCOMPARE(u8test::compareView(w)->hexView(Side::B)->document()->size(), quint64(20));
    }

    // Cancel stops a comparison: nothing is marked or listed, the window goes on (another
    // comparison runs to its end; Close Compare gives the single view back). Without Cancel,
    // the same comparison lists its difference.
    void cancelLeavesWindowUsable() {
        QByteArray a(48 << 20, 'x');
        for (qsizetype i = 80; i < a.size(); i += 81)
            a[i] = '\n';
        QByteArray b = a;
        b[b.size() - 10] = 'y';
        MainWindow w;
        QVERIFY(w.openFile(write("big_a.txt", a)));
        const QString other = write("big_b.txt", b);
        QSignalSpy done(u8test::compareActions(w), &CompareActions::finished);
        QVERIFY(u8test::compareActions(w)->compareWith(other));
        QVERIFY(u8test::compareActions(w)->isRunning());
        // Before it has run kProgressDelayMs the button is not shown yet: its signal stands for
        // the click.
        emit u8test::compareActions(w)->panel()->cancelRequested();
        QVERIFY(!u8test::compareActions(w)->isRunning());
        QCOMPARE(done.count(), 1);
        QVERIFY(summary(w).contains(QLatin1String("cancelled")));
        QTest::qWait(1500); // whatever the worker still reports is dropped
        QVERIFY(!u8test::compareActions(w)->result());
        QVERIFY(rowsOf(w).empty());
        QVERIFY(u8test::compareActions(w)->isComparing());

        QVERIFY(compare(w, other));
        QCOMPARE(rowsOf(w).size(), std::size_t(1));
        QCOMPARE(rowsOf(w)[0].offsetA, quint64(a.size() - 10));
        u8test::compareActions(w)->closeAction()->trigger();
        QVERIFY(!u8test::compareActions(w)->isComparing());
        w.goTo(100);
        QCOMPARE(u8test::selection(w)->cursor(), quint64(100));
    }

    // Progress and Cancel come only once a comparison has run kProgressDelayMs, whatever the
    // files' sizes: a quick one never shows them; a long one shows them, names its stage (here
    // the alignment of 300,000 lines each with an é decomposed, each place listed), and
    // Cancel there stops the worker itself (its result comes back cancelled by the engine), not
    // only the window's wait for it. Without Cancel the same pair lists every place.
    void progressAndCancelWhileAligning() {
        QByteArray nfc, nfd;
        for (int i = 0; i < 300000; ++i) {
            const QByteArray line = "line " + QByteArray::number(i) + " of the caf";
            nfc += line + "\xC3\xA9 text\n";
            nfd += line + "e\xCC\x81 text\n";
        }
        {
            MainWindow quick;
            QVERIFY(quick.openFile(write("short.txt", "one\ntwo\n")));
            QVERIFY(compare(quick, write("short_b.txt", "one\nTWO\n")));
            QCOMPARE(rowsOf(quick).size(), std::size_t(1));
            QVERIFY(!u8test::compareActions(quick)->panel()->isProgressShown());
            QTest::qWait(u8app::DifferencesPanel::kProgressDelayMs + 100);
            QVERIFY(!u8test::compareActions(quick)->panel()->isProgressShown());
        }
        MainWindow w;
        QVERIFY(w.openFile(write("nfc.txt", nfc)));
        const QString other = write("nfd.txt", nfd);
        u8app::DifferencesPanel* panel = u8test::compareActions(w)->panel();

        QSignalSpy done(u8test::compareActions(w), &CompareActions::finished);
        QVERIFY(u8test::compareActions(w)->compareWith(other));
        QVERIFY(!panel->isProgressShown());
        QTRY_VERIFY_WITH_TIMEOUT(summary(w).contains(QLatin1String("aligning the texts")), 60000);
        QVERIFY(u8test::compareActions(w)->isRunning());
        QTRY_VERIFY(panel->isProgressShown());
        const int stoppedBefore = u8test::compareActions(w)->workersStopped();
        QTest::mouseClick(panel->cancelButton(), Qt::LeftButton);
        QCOMPARE(done.count(), 1);
        QVERIFY(!u8test::compareActions(w)->isRunning());
        QVERIFY(!panel->isProgressShown());
        QVERIFY2(summary(w).contains(QLatin1String("cancelled")), qPrintable(summary(w)));
        QTRY_VERIFY_WITH_TIMEOUT(!u8test::compareActions(w)->isWorking(), 20000);
        QCOMPARE(u8test::compareActions(w)->workersStopped(), stoppedBefore + 1);
        QVERIFY(rowsOf(w).empty());
        w.goTo(10); // the window goes on
        QCOMPARE(u8test::selection(w)->cursor(), quint64(10));

        QVERIFY(compare(w, other));
        QCOMPARE(u8test::compareActions(w)->workersStopped(), stoppedBefore + 1);
        QCOMPARE(u8test::compareActions(w)->result()->hunkCount, 300000u);
        QCOMPARE(rowsOf(w).size(), std::size_t(1000));
        QCOMPARE(rowsOf(w)[999].kind, Kind::NormalForm);
        QVERIFY2(summary(w).contains(QLatin1String(
                     "(300,000 places: the first 1,000 listed, 299,000 more not listed)")),
                 qPrintable(summary(w)));
    }

    // Where the differences are runs of bytes (binary files), the dock lists them: both
    // offsets, the lengths, the bytes in hex, and the bytes one file has past the other's end;
    // F7 selects each on both sides. A text pair lists its hunks instead (differencesListed).
    void byteRunsListed() {
        QByteArray png("\x89PNG\r\n\x1A\n\0\0\0\rIHDR", 16);
        for (int i = 0; i < 4000; ++i)
            png += char(i * 7 % 256);
        QByteArray other = png;
        other[0x100] = char(0xAA);
        other[0x101] = char(0xBB);
        other[0x800] = char(other[0x800] ^ 1);
        other += "tail";
        MainWindow w;
        QVERIFY(w.openFile(write("a.png", png)));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(compare(w, write("b.png", other)));
        const u8app::DifferencesModel* model = u8test::compareActions(w)->panel()->model();
        QVERIFY(model->listsByteRuns());
        const std::vector<Row> rows = rowsOf(w);
        QCOMPARE(rows.size(), std::size_t(3));
        QCOMPARE(rows[0].offsetA, quint64(0x100));
        QCOMPARE(rows[0].lengthA, quint64(2));
        QCOMPARE(rows[0].offsetB, quint64(0x100));
        QCOMPARE(rows[1].offsetA, quint64(0x800));
        QCOMPARE(rows[2].offsetB, quint64(png.size()));
        QCOMPARE(rows[2].lengthA, quint64(0));
        QCOMPARE(rows[2].lengthB, quint64(4));
        const auto cell = [&](int row, int column) {
            return model->data(model->index(row, column), Qt::DisplayRole).toString();
        };
        QCOMPARE(cell(0, u8app::DifferencesModel::Kind), QStringLiteral("Bytes differ"));
        QCOMPARE(cell(0, u8app::DifferencesModel::OffsetB), QStringLiteral("0x00000100"));
        QCOMPARE(cell(0, u8app::DifferencesModel::PlaceA), QStringLiteral("2 bytes"));
        const QString expected = QStringLiteral("%1 %2 → AA BB")
                                     .arg(quint8(png[0x100]), 2, 16, QLatin1Char('0'))
                                     .arg(quint8(png[0x101]), 2, 16, QLatin1Char('0'))
                                     .toUpper();
        QCOMPARE(cell(0, u8app::DifferencesModel::Preview), expected);
        QCOMPARE(cell(2, u8app::DifferencesModel::Kind), QStringLiteral("Only in B"));
        QCOMPARE(cell(2, u8app::DifferencesModel::Preview), QStringLiteral("(none) → 74 61 69 6C"));
        QCOMPARE(
            model->headerData(u8app::DifferencesModel::PlaceA, Qt::Horizontal, Qt::DisplayRole),
            QVariant(QStringLiteral("Length A")));
        QVERIFY2(summary(w).startsWith(QLatin1String("3 bytes differ in 2 runs: the files differ")),
                 qPrintable(summary(w)));
        QVERIFY2(summary(w).contains(QLatin1String("binary data (PNG image)")),
                 qPrintable(summary(w)));
        u8ui::ByteSelection* selA = u8test::compareView(w)->selection(Side::A);
        u8ui::ByteSelection* selB = u8test::compareView(w)->selection(Side::B);
        for (int expectedRow : {0, 1}) {
            QTest::keyClick(&w, Qt::Key_F7);
            QCOMPARE(u8test::compareActions(w)->currentDifference(), expectedRow);
            QCOMPARE(selA->range().start, rows[std::size_t(expectedRow)].offsetA);
            QCOMPARE(selB->range().start, rows[std::size_t(expectedRow)].offsetB);
        }
        QCOMPARE(selA->range().end, quint64(0x801));
        QTest::keyClick(&w, Qt::Key_F7);
        QCOMPARE(selB->range().start, quint64(png.size()));
        QCOMPARE(selB->range().end, quint64(other.size()));
        QTest::keyClick(&w, Qt::Key_F7, Qt::ShiftModifier);
        QCOMPARE(u8test::compareActions(w)->currentDifference(), 1);
        QCOMPARE(u8test::compareView(w)->hexView(Side::A)->differenceMarksIn(0x100, 0x102).size(),
                 std::size_t(1));
        // The panes mark the runs, and B's tail; A has no bytes there.
        const auto tail = u8test::compareView(w)->hexView(Side::B)->differenceMarksIn(
            quint64(png.size()), quint64(other.size()));
        QCOMPARE(tail.size(), std::size_t(1));
        QCOMPARE(tail.front().end, quint64(other.size()));
        QVERIFY(u8test::compareView(w)
                    ->hexView(Side::A)
                    ->differenceMarksIn(0x900, quint64(png.size()))
                    .empty());
    }

    // Opening another file ends the comparison of the one before.
    void openingAnotherFileCloses() {
        MainWindow w;
        QVERIFY(w.openFile(write("a.txt", "abc\n")));
        QVERIFY(compare(w, write("b.txt", "abd\n")));
        QVERIFY(u8test::compareActions(w)->isComparing());
        QVERIFY(w.openFile(write("c.txt", "other\n")));
        QVERIFY(!u8test::compareActions(w)->isComparing());
        QVERIFY(
            !u8test::compareActions(w)->compareWith(dir_.filePath(QStringLiteral("missing.txt"))));
        QVERIFY(!u8test::compareActions(w)->isComparing());
    }

    // The Differences dock's visibility is kept with the window's layout, as the other docks'.
    void dockVisibilityRemembered() {
        {
            MainWindow w;
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            auto* dock = w.findChild<QDockWidget*>(QStringLiteral("differencesDock"));
            QVERIFY(dock);
            dock->hide();
            w.close();
        }
        MainWindow again;
        again.show();
        QVERIFY(QTest::qWaitForWindowExposed(&again));
        QVERIFY(!again.findChild<QDockWidget*>(QStringLiteral("differencesDock"))->isVisible());
    }

    // Where B's place of an A offset lies: the same before the first difference, moved by each
    // difference's added bytes after it, in proportion inside one; two encodings in proportion.
    void alignmentMapsOffsets() {
        u8convert::CompareResult r;
        r.a.size = 100;
        r.b.size = 110;
        r.a.encoding = r.b.encoding = "UTF-8";
        u8convert::CompareHunk h;
        h.a.offset = 10;
        h.a.length = 0;
        h.b.offset = 10;
        h.b.length = 10;
        r.hunks.push_back(h);
        r.hunkCount = 1;
        const u8app::CompareAlignment map(r);
        QCOMPARE(map.map(Side::A, 5), quint64(5));
        QCOMPARE(map.map(Side::A, 50), quint64(60));
        QCOMPARE(map.map(Side::B, 60), quint64(50));
        QCOMPARE(map.map(Side::B, 15), quint64(10)); // inside the insertion: its place in A
        QCOMPARE(map.map(Side::A, 99), quint64(109));
        r.b.encoding = "UTF-16LE";
        r.b.size = 200;
        r.hunks.clear();
        const u8app::CompareAlignment proportional(r);
        QCOMPARE(proportional.map(Side::A, 50), quint64(100));
    }

    // Every kind's colour reads on a plain text cell (3:1, WCAG's for graphics) in both themes.
    void differenceColoursReadInBothThemes() {
        for (const u8dump::Palette* p : {&u8dump::lightPalette(), &u8dump::darkPalette()})
            for (int k = 0; k < u8dump::kDifferenceKindCount; ++k) {
                const double ratio = u8dump::contrast(p->difference[std::size_t(k)],
                                                      (*p)[u8dump::CellRole::AsciiPrintable].fill);
                QVERIFY2(ratio >= 3.0, qPrintable(QStringLiteral("%1 %2: %3")
                                                      .arg(p->dark ? "dark" : "light")
                                                      .arg(k)
                                                      .arg(ratio)));
            }
    }
};

QTEST_MAIN(TestWindowCompare)
#include "tst_window_compare.moc"
