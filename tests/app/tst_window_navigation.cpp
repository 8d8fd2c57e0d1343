// Moving through the bytes in the window: go to offset, search, next invalid or non-ASCII (also
// in the background), F8 over the problems, clicks and selections in the panes, and the line and
// column of the cursor, all checked on exact byte offsets.
#include "byte_selection.h"
#include "code_page_table.h"
#include "document_scan.h"
#include "document_session.h"
#include "find_bar.h"
#include "go_to_offset_dialog.h"
#include "hex_view.h"
#include "inspector_panel.h"
#include "line_index.h"
#include "line_locator.h"
#include "main_window.h"
#include "scan_report.h"
#include "summary_panel.h"
#include "text_view.h"
#include "u8codec/byte_source.h"
#include "window_test_support.h"

#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QThreadPool>
#include <QtTest>

using u8app::MainWindow;

class TestWindowNavigation : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        u8test::useTestSettings(QStringLiteral("tst_window_navigation"));
        QVERIFY(dir_.isValid());
    }

    // Activating a cell of the code-page table finds that byte value's next occurrence.
    void codePageFindsNextOccurrence() {
        const QString path = write("codepage.txt", "a\xC3\xA9 b\xC3\xA9");
        MainWindow w;
        QVERIFY(w.openFile(path));
        QSignalSpy done(&w, &MainWindow::searchFinished);
        emit u8test::codePageTable(w)->byteValueActivated(0xA9);
        QVERIFY(done.wait(5000));
        QCOMPARE(u8test::selection(w)->range(), (u8ui::ByteRange{2, 3}));
        emit u8test::codePageTable(w)->byteValueActivated(0xA9);
        QVERIFY(done.wait(5000));
        QCOMPARE(u8test::selection(w)->range(), (u8ui::ByteRange{6, 7}));
    }

    void goToOffsetParsing_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("hex");
        QTest::addColumn<qint64>("expected"); // -1: rejected
        QTest::newRow("decimal") << "42" << false << qint64(42);
        QTest::newRow("hex default") << "2A" << true << qint64(42);
        QTest::newRow("0x prefix") << "0x2a" << false << qint64(42);
        QTest::newRow("h suffix") << "2Ah" << false << qint64(42);
        QTest::newRow("dollar") << "$2A" << false << qint64(42);
        QTest::newRow("grouped") << "1 000" << false << qint64(1000);
        QTest::newRow("last byte") << "FFF" << true << qint64(4095);
        QTest::newRow("past end") << "4096" << false << qint64(-1);
        QTest::newRow("letters in decimal") << "2A" << false << qint64(-1);
        QTest::newRow("empty") << "" << true << qint64(-1);
    }

    void goToOffsetParsing() {
        QFETCH(QString, text);
        QFETCH(bool, hex);
        QFETCH(qint64, expected);
        const auto parsed = u8app::GoToOffsetDialog::parse(text, hex, 4096);
        if (expected < 0) {
            QVERIFY(!parsed.offset);
            QVERIFY(!parsed.error.isEmpty());
        } else {
            QCOMPARE(parsed.offset, std::optional<quint64>(quint64(expected)));
        }
    }

    // Search hits cover exactly the bytes of the pattern: text as UTF-8, and hex.
    void searchHitsCoverTheRightBytes_data() {
        QTest::addColumn<int>("mode");
        QTest::addColumn<QString>("pattern");
        QTest::addColumn<QList<qint64>>("hits"); // forward from the start, then wraps
        // "a€b€" + invalid + "€": the euro sign is E2 82 AC at 1, 5 and 12, C0 AF at 9.
        QTest::newRow("text euro")
            << int(u8app::FindBar::Mode::Text) << QStringLiteral("€") << QList<qint64>{1, 5, 12, 1};
        QTest::newRow("hex euro") << int(u8app::FindBar::Mode::Hex) << QStringLiteral("e2 82 ac")
                                  << QList<qint64>{1, 5, 12, 1};
        QTest::newRow("hex invalid")
            << int(u8app::FindBar::Mode::Hex) << QStringLiteral("C0AF") << QList<qint64>{9, 9};
        QTest::newRow("text b€") << int(u8app::FindBar::Mode::Text) << QStringLiteral("b€")
                                 << QList<qint64>{4, 4};
    }

    void searchHitsCoverTheRightBytes() {
        QFETCH(int, mode);
        QFETCH(QString, pattern);
        QFETCH(QList<qint64>, hits);
        const QString path = write("search.txt", "a\xE2\x82\xAC"
                                                 "b\xE2\x82\xAC"
                                                 "c\xC0\xAF"
                                                 "d\xE2\x82\xAC");
        MainWindow w;
        QVERIFY(w.openFile(path));
        u8test::findBar(w)->setMode(u8app::FindBar::Mode(mode));
        u8test::findBar(w)->setText(pattern);
        u8test::findBar(w)->activate();
        const qint64 length =
            u8app::FindBar::patternFor(u8app::FindBar::Mode(mode), pattern).bytes.size();
        for (qint64 hit : hits) {
            QSignalSpy done(&w, &MainWindow::searchFinished);
            w.findNext();
            QVERIFY(done.wait(5000));
            QCOMPARE(done.first().at(0).toBool(), true);
            QCOMPARE(done.first().at(1).toULongLong(), quint64(hit));
            const u8ui::ByteRange expected{quint64(hit), quint64(hit + length)};
            QCOMPARE(u8test::selection(w)->range(), expected);
            // Every highlighted match covers exactly the pattern's bytes.
            QVERIFY(u8test::selection(w)->highlights().contains(expected));
            for (const u8ui::ByteRange& r : u8test::selection(w)->highlights())
                QCOMPARE(qint64(r.end - r.start), length);
        }
        // Backwards from the first hit wraps to the last.
        QSignalSpy back(&w, &MainWindow::searchFinished);
        w.findPrevious();
        QVERIFY(back.wait(5000));
        QCOMPARE(back.first().at(1).toULongLong(), quint64(hits[hits.size() - 2]));
    }

    // Issue 33, defect 20: a jump (Go to Offset or Line, Find) to a place off screen puts it in
    // the middle of the pane, as editors do, and Find leaves the cursor on the match's start.
    void jumpsCentreTheTarget() {
        QByteArray bytes;
        for (int i = 0; i < 4000; ++i)
            bytes += (i == 3000 ? QByteArray("a needle, then more text on the line.........\n")
                                : QByteArray("plain text on a line, nothing to see here....\n"));
        MainWindow w;
        w.resize(1200, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.openFile(write("jumps.txt", bytes)));
        const auto centred = [&w](quint64 offset) {
            const QRect cell = u8test::hexView(w)->cellRect(offset);
            const int middle = u8test::hexView(w)->viewport()->height() / 2;
            return !cell.isNull() && qAbs(cell.center().y() - middle) <= cell.height();
        };
        w.goTo(1000 * 46 + 7);
        QVERIFY(centred(1000 * 46 + 7));
        QVERIFY(w.goToLine(2000));
        QVERIFY(centred(1999 * 46));
        // A place already on screen is not scrolled to.
        const quint64 top = u8test::hexView(w)->topOffset();
        w.goTo(1999 * 46 + 16);
        QCOMPARE(u8test::hexView(w)->topOffset(), top);
        u8test::findBar(w)->setMode(u8app::FindBar::Mode::Text);
        u8test::findBar(w)->setText(QStringLiteral("needle"));
        u8test::findBar(w)->activate();
        QSignalSpy done(&w, &MainWindow::searchFinished);
        w.findNext();
        QVERIFY(done.wait(5000));
        const quint64 match = quint64(bytes.indexOf("needle"));
        QCOMPARE(done.first().at(1).toULongLong(), match);
        QCOMPARE(u8test::selection(w)->cursor(), match);
        QCOMPARE(u8test::selection(w)->range(), (u8ui::ByteRange{match, match + 6}));
        QVERIFY(centred(match));
    }

    void searchNotFoundAndBadHex() {
        MainWindow w;
        w.openSample();
        u8test::findBar(w)->setMode(u8app::FindBar::Mode::Text);
        u8test::findBar(w)->setText(QStringLiteral("no such text in the tour"));
        u8test::findBar(w)->activate();
        QSignalSpy done(&w, &MainWindow::searchFinished);
        w.findNext();
        QVERIFY(done.wait(5000));
        QCOMPARE(done.first().at(0).toBool(), false);
        QVERIFY(u8test::findBar(w)->status().contains(QLatin1String("Not found")));
        u8test::findBar(w)->setMode(u8app::FindBar::Mode::Hex);
        u8test::findBar(w)->setText(QStringLiteral("E2 8"));
        w.findNext();
        QVERIFY2(u8test::findBar(w)->status().contains(QLatin1String("odd")),
                 qPrintable(u8test::findBar(w)->status()));
    }

    // Ctrl+E / Ctrl+J move to the next error segment / non-ASCII segment and select its bytes.
    void nextInvalidAndNonAscii() {
        const QString path = write("nav.txt", "ab\xC3\xA9"
                                              "cd\xE2\x82"
                                              "e\xFF");
        MainWindow w;
        QVERIFY(w.openFile(path));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QTest::keyClick(&w, Qt::Key_J, Qt::ControlModifier);
        QCOMPARE(u8test::selection(w)->range(), (u8ui::ByteRange{2, 4})); // é
        QTest::keyClick(&w, Qt::Key_E, Qt::ControlModifier);
        QCOMPARE(u8test::selection(w)->range(), (u8ui::ByteRange{6, 8})); // truncated E2 82
        QTest::keyClick(&w, Qt::Key_E, Qt::ControlModifier);
        QCOMPARE(u8test::selection(w)->range(), (u8ui::ByteRange{9, 10})); // FF
        QTest::keyClick(&w, Qt::Key_E, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(u8test::selection(w)->range(), (u8ui::ByteRange{6, 8}));
    }

    // A click on a byte's cell in the hex pane moves the shared cursor there; the status bar
    // follows.
    void clickInHexPaneMovesTheCursor() {
        const QString path = write("click.txt", "ab\xE2\x82\xAC"
                                                "cd");
        MainWindow w;
        QVERIFY(w.openFile(path));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        u8ui::HexView* hex = u8test::hexView(w);
        const QRect cell = hex->cellRect(3);
        QVERIFY(!cell.isNull());
        QTest::mouseClick(hex->viewport(), Qt::LeftButton, {}, cell.center());
        QCOMPARE(u8test::selection(w)->cursor(), quint64(3));
        QCOMPARE(u8test::statusField(w, "offset"), QStringLiteral("Offset 0x3 (3)"));
        QVERIFY(u8test::statusField(w, "character").startsWith(QStringLiteral("U+20AC")));
        // The inspector shows the character the clicked byte belongs to.
        QVERIFY2(u8test::inspector(w)->titleText().contains(QLatin1String("U+20AC")),
                 qPrintable(u8test::inspector(w)->titleText()));
        // A click on an ASCII byte moves it on.
        QTest::mouseClick(hex->viewport(), Qt::LeftButton, {}, hex->cellRect(5).center());
        QVERIFY2(u8test::inspector(w)->titleText().contains(QLatin1String("U+0063")),
                 qPrintable(u8test::inspector(w)->titleText()));
    }

    // The click in the hex pane also moves the text pane's cursor: the same character is drawn
    // as the cursor's glyph there.
    void clickInHexPaneShowsInTextPane() {
        QByteArray bytes;
        for (int i = 0; i < 200; ++i)
            bytes += "line of text\n";
        bytes += "here: \xE6\xBC\xA2\n"; // 漢 at 2606
        const QString path = write("linked.txt", bytes);
        MainWindow w;
        w.resize(1200, 700);
        QVERIFY(w.openFile(path));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.goTo(2606); // scrolls both panes
        QTRY_VERIFY(!u8test::hexView(w)->cellRect(2607).isNull());
        QTest::mouseClick(u8test::hexView(w)->viewport(), Qt::LeftButton, {},
                          u8test::hexView(w)->cellRect(2607).center());
        QCOMPARE(u8test::selection(w)->cursor(), quint64(2607));
        // The text pane shows that character on screen, at one glyph for its three bytes.
        const QRect glyph = u8test::textView(w)->rectForOffset(2607);
        QVERIFY(!glyph.isNull());
        QCOMPARE(u8test::textView(w)->rectForOffset(2606), glyph);
        QCOMPARE(u8test::textView(w)->offsetAt(glyph.center()), std::optional<quint64>(2606));
    }

    // A selection made in the text pane covers exactly the bytes of the characters selected,
    // which is what the hex pane paints as selected.
    void selectionInTextPaneSelectsExactBytes() {
        const QString path = write("select.txt", "ab\xE2\x82\xAC"
                                                 "cd\xF0\x9F\x98\x80"
                                                 "e");
        MainWindow w;
        QVERIFY(w.openFile(path));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        u8ui::TextView* text = u8test::textView(w);
        const QRect b = text->rectForOffset(1);
        const QRect emoji = text->rectForOffset(7);
        QVERIFY(!b.isNull() && !emoji.isNull());
        QTest::mouseClick(text->viewport(), Qt::LeftButton, {}, b.center());
        QTest::mouseClick(text->viewport(), Qt::LeftButton, Qt::ShiftModifier, emoji.center());
        // From 'b' (1) through the whole emoji (7..10): bytes [1, 11).
        QCOMPARE(u8test::selection(w)->range(), (u8ui::ByteRange{1, 11}));
        // Every selected byte has a cell in the hex pane, and the bytes around do not.
        QVERIFY(!u8test::hexView(w)->cellRect(10).isNull());
        QVERIFY(!u8test::selection(w)->range().contains(0));
        QVERIFY(!u8test::selection(w)->range().contains(11));
        QVERIFY(u8test::statusField(w, "offset").contains(QLatin1String("10 bytes selected")));
    }

    // F8 and Shift+F8 walk the problems of the finished scan, selecting each problem's bytes.
    void problemsNavigation() {
        const QString path = write("problems.txt", "a\xC0\xAF"
                                                   "b\xFF"
                                                   "c\xE2\x82");
        MainWindow w;
        QVERIFY(w.openFile(path));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QTRY_VERIFY(u8test::session(w)->checkReport());
        QCOMPARE(u8test::session(w)->checkReport()->totalProblems, quint64(3));
        QCOMPARE(u8test::problemsView(w)->model()->rowCount(), 3);
        QVERIFY(!u8test::summaryPanel(w)->text().isEmpty());
        // A click on the second row of the problems list selects that problem's bytes.
        QTableView* list = u8test::problemsView(w);
        const QModelIndex second = list->model()->index(1, 0);
        QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, list->visualRect(second).center());
        QCOMPARE(u8test::selection(w)->range(), (u8ui::ByteRange{4, 5}));
        w.goTo(0);
        QTest::keyClick(&w, Qt::Key_F8);
        QCOMPARE(u8test::selection(w)->range(), (u8ui::ByteRange{1, 3})); // overlong C0 AF
        QTest::keyClick(&w, Qt::Key_F8);
        QCOMPARE(u8test::selection(w)->range(), (u8ui::ByteRange{4, 5})); // FF
        QTest::keyClick(&w, Qt::Key_F8);
        QCOMPARE(u8test::selection(w)->range(), (u8ui::ByteRange{6, 8})); // truncated E2 82
        QTest::keyClick(&w, Qt::Key_F8); // no further problem: stays
        QCOMPARE(u8test::selection(w)->range(), (u8ui::ByteRange{6, 8}));
        QTest::keyClick(&w, Qt::Key_F8, Qt::ShiftModifier);
        QCOMPARE(u8test::selection(w)->range(), (u8ui::ByteRange{4, 5}));
        QTest::keyClick(&w, Qt::Key_F8, Qt::ShiftModifier);
        QCOMPARE(u8test::selection(w)->range(), (u8ui::ByteRange{1, 3}));
    }

    // Far into a large file the line is counted in the background; the answer arrives and
    // matches the file (every 64-byte line ends with LF).
    void lineOfAFarOffsetArrivesFromTheBackground() {
        QByteArray line(63, 'x');
        line += '\n';
        QByteArray bytes;
        bytes.reserve(40 << 20);
        while (bytes.size() < (40 << 20))
            bytes += line;
        const QString path = write("lines.txt", bytes);
        MainWindow w;
        QVERIFY(w.openFile(path));
        QSignalSpy located(&w, &MainWindow::lineLocated);
        const quint64 offset = quint64(bytes.size()) - 30;
        w.goTo(offset);
        if (!u8test::statusField(w, "line").startsWith(QLatin1String("Line ") +
                                                       QString::number(offset / 64 + 1)))
            QVERIFY(located.wait(20000));
        QCOMPARE(u8test::statusField(w, "line"),
                 QStringLiteral("Line %1, column %2")
                     .arg(QLocale().toString(qulonglong(offset / 64 + 1)),
                          QLocale().toString(qulonglong(offset % 64 + 1))));
    }

    // In a large file, "next invalid" runs in the background and still lands on the exact bytes.
    void nextInvalidInALargeFile() {
        QByteArray bytes(24 << 20, 'a');
        bytes[bytes.size() - 10] = '\xE2'; // E2 82 then 'a': a truncated sequence of 2 bytes
        bytes[bytes.size() - 9] = '\x82';
        const QString path = write("large-invalid.txt", bytes);
        MainWindow w;
        QVERIFY(w.openFile(path));
        QSignalSpy done(&w, &MainWindow::navigationFinished);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QTest::keyClick(&w, Qt::Key_E, Qt::ControlModifier);
        QVERIFY(done.count() == 1 || done.wait(20000));
        QCOMPARE(done.first().at(0).toBool(), true);
        const quint64 at = quint64(bytes.size()) - 10;
        QCOMPARE(u8test::selection(w)->range(), (u8ui::ByteRange{at, at + 2}));
    }

    // Line and column agree with a plain count, also past the line index's first checkpoint.
    void lineIndexMatchesPlainCount() {
        std::vector<std::uint8_t> bytes(u8doc::LineIndex::kStep * 2 + 1000);
        for (std::size_t i = 0; i < bytes.size(); ++i)
            bytes[i] = (i % 97 == 96) ? '\n' : (i % 5 == 0 ? 0xC3 : (i % 5 == 1 ? 0xA9 : 'x'));
        const u8codec::MemorySource src(bytes);
        u8doc::LineIndex index;
        for (quint64 offset : {quint64(0), quint64(96), quint64(97), quint64(98),
                               u8doc::LineIndex::kStep + 3, quint64(bytes.size() - 1)}) {
            const auto loc = index.locate(src, offset);
            QVERIFY(loc);
            const quint64 lfs = quint64(
                std::count(bytes.begin(), bytes.begin() + qint64(offset), std::uint8_t('\n')));
            QCOMPARE(loc->line, lfs + 1);
            QCOMPARE(loc->lineStart, offset - offset % 97);
            // Columns: "é" (2 bytes) then "xxx", repeating from offsets that are multiples of 5;
            // counted by hand against the segmenter's answer would repeat the rule, so check
            // only that the line start has column 1.
            if (offset % 97 == 0)
                QCOMPARE(loc->column, quint64(1));
        }
    }

    // A line count that ends after the bytes changed never reports, and its index (of the old
    // bytes) never replaces the new one; nor does a count's index replace a longer one a scan
    // gave meanwhile. The counts are waited for before their reports are delivered, so that each
    // report is there to be dropped.
    void lateLineCountNeverReplacesANewerIndex() {
        std::vector<std::uint8_t> lines(std::size_t(24) << 20, 'x');
        for (std::size_t i = 63; i < lines.size(); i += 64)
            lines[i] = '\n';
        const auto large = std::make_shared<u8codec::MemorySource>(lines);
        const quint64 far = large->size() - 30;
        u8doc::LineLocator locator;
        int reports = 0;
        connect(&locator, &u8doc::LineLocator::located, this, [&] { ++reports; });

        // Unchanged bytes: the count reports, and its index is kept.
        locator.reset(large);
        QVERIFY(!locator.isQuick(far));
        QVERIFY(locator.locateLater(far));
        QVERIFY(!locator.locateLater(far)); // one count at a time
        QThreadPool::globalInstance()->waitForDone();
        QCoreApplication::sendPostedEvents();
        QCOMPARE(reports, 1);
        const std::size_t counted = locator.index().checkpointCount();
        QVERIFY(counted > 1);

        // New bytes while it counts: nothing reported, the new bytes' index stays.
        locator.reset(large);
        QVERIFY(locator.locateLater(far));
        QThreadPool::globalInstance()->waitForDone();
        locator.reset(
            std::make_shared<u8codec::MemorySource>(std::vector<std::uint8_t>{'a', '\n'}));
        QCoreApplication::sendPostedEvents();
        QCOMPARE(reports, 1);
        QCOMPARE(locator.index().checkpointCount(), std::size_t(1));
        QVERIFY(!locator.isCounting());

        // A scan's checkpoints adopted while it counts: the count's shorter index is not kept.
        locator.reset(large);
        QVERIFY(locator.locateLater(large->size() / 2));
        QThreadPool::globalInstance()->waitForDone();
        const std::atomic<bool> stop{false};
        const auto scanned = u8doc::DocumentScan::scan(*large, 100, stop);
        QVERIFY(scanned.report);
        locator.adopt(scanned.report->lineCheckpoints);
        const std::size_t adopted = locator.index().checkpointCount();
        QVERIFY(adopted > counted / 2 + 1);
        QCoreApplication::sendPostedEvents();
        QCOMPARE(reports, 2);
        QCOMPARE(locator.index().checkpointCount(), adopted);
    }

private:
    QString write(const char* name, const QByteArray& bytes) {
        return u8test::writeFile(dir_, name, bytes);
    }

    QTemporaryDir dir_;
};

QTEST_MAIN(TestWindowNavigation)
#include "tst_window_navigation.moc"
