// The window's everyday commands and its look under the offscreen platform: Find (counts, case,
// code points, error kinds, the field prefilled from the selection, progress), File > Close,
// Save As and Open Recent's shortcuts and Clear, dock shortcuts that bring a tabbed dock to the
// front, and a theme switch that every widget follows with readable colours.
#include "byte_document.h"
#include "byte_selection.h"
#include "contrast.h"
#include "document_session.h"
#include "find_bar.h"
#include "hex_view.h"
#include "main_window.h"
#include "message_banner.h"
#include "recent_files.h"
#include "summary_panel.h"
#include "text_view.h"
#include "theme.h"
#include "u8codec/byte_source.h"
#include "window_test_support.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QFile>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

using u8app::FindBar;
using u8app::MainWindow;
using u8ui::ByteRange;

namespace {

QAction* actionWithShortcut(QWidget& w, const QKeySequence& key) {
    for (QAction* a : w.findChildren<QAction*>())
        if (a->shortcuts().contains(key))
            return a;
    return nullptr;
}

QMenu* menuTitled(QWidget& w, const QString& title) {
    for (QMenu* m : w.findChildren<QMenu*>())
        if (m->title() == title)
            return m;
    return nullptr;
}

// The dock in front of its tab group: shown and not covered.
bool inFront(QDockWidget* dock) {
    return dock->isVisible() && !dock->visibleRegion().isEmpty();
}

} // namespace

class TestWindowCommands : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        u8test::useTestSettings(QStringLiteral("tst_window_commands"));
        QSettings().clear();
        QVERIFY(dir_.isValid());
    }
    void cleanup() { u8app::Theme::apply(false); }

    // --- find -------------------------------------------------------------------------------

    // The status counts the matches, and says which one is selected.
    void findCountsTheMatches() {
        MainWindow w;
        QVERIFY(w.openFile(write("count.txt", "a\xE2\x82\xAC b\xE2\x82\xAC c\xE2\x82\xAC")));
        search(w, FindBar::Mode::Text, QStringLiteral("€"));
        QTRY_COMPARE(u8test::findBar(w)->status(), QStringLiteral("3 matches"));
        QCOMPARE(next(w), quint64(1));
        QCOMPARE(u8test::findBar(w)->status(), QStringLiteral("1 of 3"));
        QCOMPARE(next(w), quint64(6));
        QCOMPARE(u8test::findBar(w)->status(), QStringLiteral("2 of 3"));
        QCOMPARE(next(w), quint64(11));
        QCOMPARE(next(w), quint64(1));
        QCOMPARE(u8test::findBar(w)->status(), QStringLiteral("1 of 3, wrapped to the start"));
        // Moving the cursor off the match: the rank no longer describes the selection.
        w.goTo(0);
        QCOMPARE(u8test::findBar(w)->status(), QStringLiteral("3 matches"));
    }

    // A search on a large file shows its progress as soon as it starts (the engine's report of
    // it: tests/ui/document/tst_find.cpp).
    void findShowsProgress() {
        MainWindow w;
        QVERIFY(w.openFile(write("big.txt", QByteArray(3 << 20, 'a'))));
        search(w, FindBar::Mode::Text, QStringLiteral("zz"));
        QSignalSpy done(&w, &MainWindow::searchFinished);
        w.findNext();
        QVERIFY2(u8test::findBar(w)->status().startsWith(QStringLiteral("Searching… ")),
                 qPrintable(u8test::findBar(w)->status()));
        QVERIFY(done.wait(10000));
        QCOMPARE(u8test::findBar(w)->status(), QStringLiteral("Not found"));
    }

    // Without "match case" a letter finds its case forms, even those of another length (the
    // long s U+017F is 2 bytes, its upper case S one); with it, only the exact bytes.
    void findIgnoresCaseWhenAsked() {
        MainWindow w;
        QVERIFY(w.openFile(write("case.txt", "caf\xC3\xA9 CAF\xC3\x89 Caf\xC3\xA9 s S \xC5\xBF")));
        search(w, FindBar::Mode::Text, QStringLiteral("café"));
        QTRY_COMPARE(u8test::findBar(w)->status(), QStringLiteral("1 match"));
        u8test::findBar(w)->setMatchCase(false);
        QTRY_COMPARE(u8test::findBar(w)->status(), QStringLiteral("3 matches"));
        QCOMPARE(next(w), quint64(6));
        QCOMPARE(u8test::selection(w)->range(), (ByteRange{6, 11}));
        u8test::findBar(w)->setText(QStringLiteral("ſ"));
        QTRY_COMPARE(u8test::findBar(w)->status(), QStringLiteral("3 matches"));
        QCOMPARE(next(w), quint64(18));
        QCOMPARE(u8test::selection(w)->range(), (ByteRange{18, 19}));
        QCOMPARE(next(w), quint64(20));
        QCOMPARE(next(w), quint64(22));
        QCOMPARE(u8test::selection(w)->range(), (ByteRange{22, 24}));
    }

    // Code points are searched as their UTF-8 bytes; what is not a scalar value is refused.
    void findByCodePoint_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QByteArray>("bytes"); // empty: refused
        QTest::newRow("euro") << "U+20AC" << QByteArray("\xE2\x82\xAC");
        QTest::newRow("lower case, no prefix") << "20ac" << QByteArray("\xE2\x82\xAC");
        QTest::newRow("two") << "U+0041, U+1F600" << QByteArray("A\xF0\x9F\x98\x80");
        QTest::newRow("surrogate") << "U+D800" << QByteArray();
        QTest::newRow("too large") << "U+110000" << QByteArray();
        QTest::newRow("not hex") << "U+20G0" << QByteArray();
    }
    void findByCodePoint() {
        QFETCH(QString, text);
        QFETCH(QByteArray, bytes);
        const FindBar::Pattern p = FindBar::patternFor(FindBar::Mode::CodePoint, text);
        QCOMPARE(p.bytes, bytes);
        QCOMPARE(p.error.isEmpty(), !bytes.isEmpty());
        if (!bytes.isEmpty())
            return;
        QVERIFY2(p.error.contains(QStringLiteral("Not a code point")), qPrintable(p.error));
    }
    void findByCodePointInTheWindow() {
        MainWindow w;
        QVERIFY(w.openFile(write("cp.txt", "x\xE2\x82\xAC y")));
        search(w, FindBar::Mode::CodePoint, QStringLiteral("U+20AC"));
        QCOMPARE(next(w), quint64(1));
        QCOMPARE(u8test::selection(w)->range(), (ByteRange{1, 4}));
    }

    // Error mode finds the error segments of one kind, or of any kind.
    void findByErrorKind() {
        MainWindow w;
        // C0 (invalid byte) then AF (stray continuation) at 1, FF at 4, E2 82 (truncated) at 6,
        // C0 AF again at 9.
        QVERIFY(w.openFile(write("errors.txt", "a\xC0\xAF"
                                               "b\xFF"
                                               "c\xE2\x82"
                                               "d\xC0\xAF")));
        u8test::findBar(w)->setErrorKind(u8codec::ErrorKind::Truncated);
        search(w, FindBar::Mode::Error, QString());
        QTRY_COMPARE(u8test::findBar(w)->status(), QStringLiteral("1 match"));
        QCOMPARE(next(w), quint64(6));
        QCOMPARE(u8test::selection(w)->range(), (ByteRange{6, 8}));
        QCOMPARE(u8test::findBar(w)->status(), QStringLiteral("1 of 1"));
        u8test::findBar(w)->setErrorKind(u8codec::ErrorKind::InvalidByte);
        QTRY_COMPARE(u8test::findBar(w)->status(), QStringLiteral("3 matches"));
        QCOMPARE(next(w), quint64(9));
        QCOMPARE(u8test::selection(w)->range(), (ByteRange{9, 10}));
        QCOMPARE(next(w), quint64(1));
        QCOMPARE(next(w), quint64(4));
        u8test::findBar(w)->setErrorKind(u8codec::ErrorKind::None); // any
        QTRY_COMPARE(u8test::findBar(w)->status(), QStringLiteral("6 matches"));
        QCOMPARE(next(w), quint64(6));
        QCOMPARE(u8test::findBar(w)->status(), QStringLiteral("4 of 6"));
        u8test::findBar(w)->setErrorKind(u8codec::ErrorKind::Surrogate); // none in the file
        QTRY_COMPARE(u8test::findBar(w)->status(), QStringLiteral("No matches"));
    }

    // Ctrl+F puts a selection of several characters in the field: text when printable, hex
    // bytes otherwise; a single character (what a click selects) leaves the field alone.
    void findIsPrefilledFromTheSelection() {
        MainWindow w;
        QVERIFY(w.openFile(write("prefill.txt", "ab\xE2\x82\xAC"
                                                "c\xC0\xAF\n")));
        QAction* find = actionWithShortcut(w, QKeySequence::Find);
        QVERIFY(find);
        u8test::findBar(w)->setText(QStringLiteral("old"));
        w.goTo(2, 3); // the euro sign alone
        find->trigger();
        QCOMPARE(u8test::findBar(w)->text(), QStringLiteral("old"));
        w.goTo(1, 5); // "b€c"
        find->trigger();
        QCOMPARE(u8test::findBar(w)->mode(), FindBar::Mode::Text);
        QCOMPARE(u8test::findBar(w)->text(), QStringLiteral("b€c"));
        w.goTo(5, 3); // "c" C0 AF: not UTF-8
        find->trigger();
        QCOMPARE(u8test::findBar(w)->mode(), FindBar::Mode::Hex);
        QCOMPARE(u8test::findBar(w)->text(), QStringLiteral("63 C0 AF"));
    }

    // The status reads on the bar's window colour (WCAG 2.x: at least 4.5:1) in both themes,
    // also after the theme changed under a message shown.
    void findMessagesAreReadableInBothThemes() {
        MainWindow w;
        w.show();
        FindBar* bar = u8test::findBar(w);
        bar->show();
        for (bool dark : {false, true, false}) {
            u8app::Theme::apply(dark);
            for (bool problem : {true, false}) {
                bar->setStatus(QStringLiteral("Not found"), problem);
                const double ratio = u8ui::contrastRatio(bar->statusColour(),
                                                         bar->palette().color(QPalette::Window));
                QVERIFY2(ratio >= 4.5, qPrintable(QStringLiteral("%1 theme, %2: %3:1")
                                                      .arg(dark ? "dark" : "light")
                                                      .arg(problem ? "problem" : "plain")
                                                      .arg(ratio)));
            }
        }
        bar->setStatus(QStringLiteral("Not hex bytes: odd"), true);
        u8app::Theme::apply(true); // live: the message stays readable
        QVERIFY(u8ui::contrastRatio(bar->statusColour(), bar->palette().color(QPalette::Window)) >=
                4.5);
        // The rule moves a colour only when it does not read: black on white stays black.
        QCOMPARE(u8ui::readableOn(Qt::black, Qt::white), QColor(Qt::black));
        QCOMPARE(u8ui::contrastRatio(Qt::black, Qt::white), 21.0);
    }

    // View > Show Grapheme Clusters switches both panes and is remembered.
    void showClustersIsOneSettingForBothPanes() {
        {
            MainWindow w;
            w.show();
            QVERIFY(w.openFile(write("clusters.txt", "e\xCC\x81 x")));
            QVERIFY(u8test::showClustersAction(w)->isChecked());
            QCOMPARE(u8test::hexView(w)->bracketedClusters().size(), std::size_t(1));
            QCOMPARE(u8test::textView(w)->cellAt(0), (u8ui::ByteRange{0, 3}));
            u8test::showClustersAction(w)->trigger();
            QVERIFY(!u8test::hexView(w)->showClusters());
            QVERIFY(u8test::hexView(w)->bracketedClusters().empty());
            QCOMPARE(u8test::textView(w)->cellAt(0), (u8ui::ByteRange{0, 1}));
            w.close();
        }
        MainWindow again;
        QVERIFY(!u8test::showClustersAction(again)->isChecked());
        QVERIFY(!u8test::textView(again)->showClusters());
        u8test::showClustersAction(again)->trigger(); // back to the default for the other tests
        QVERIFY(u8test::textView(again)->showClusters());
    }

    // --- theme ------------------------------------------------------------------------------

    // Switching the theme while running: the banner, the Summary's verdict and every other
    // widget take the new palette.
    void themeSwitchRepaintsEveryWidget() {
        u8app::Theme::apply(true);
        MainWindow w;
        w.resize(1200, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.openFile(write("theme.txt", "a\xC0\xAF b")));
        QTRY_VERIFY(u8test::summaryPanel(w)->text().contains(QStringLiteral("Not valid")));
        QVERIFY(!w.openFile(dir_.filePath(QStringLiteral("missing.txt")))); // an error banner
        QVERIFY(u8test::banner(w)->isVisible());
        for (bool dark : {true, false, true}) {
            u8app::Theme::apply(dark);
            QCoreApplication::processEvents();
            const QPalette app = QApplication::palette();
            // The banner's tint follows the base colour, and it is what is painted.
            const QColor banner = u8test::banner(w)->background();
            QCOMPARE(banner.lightnessF() < 0.5, dark);
            const QImage shot = u8test::banner(w)->grab().toImage();
            QCOMPARE(shot.pixelColor(shot.width() / 2, 2).rgb(), banner.rgb());
            QVERIFY(u8ui::contrastRatio(app.color(QPalette::WindowText), banner) >= 4.5);
            // The Summary's verdict reads on the new window colour.
            auto* verdict =
                u8test::summaryPanel(w)->findChild<QLabel*>(QStringLiteral("summaryVerdict"));
            QVERIFY(verdict);
            verdict->ensurePolished();
            const double ratio = u8ui::contrastRatio(verdict->palette().color(QPalette::WindowText),
                                                     app.color(QPalette::Window));
            QVERIFY2(ratio >= 4.5, qPrintable(QString::number(ratio)));
            // No widget keeps the old theme's background.
            for (QWidget* widget : w.findChildren<QWidget*>())
                QVERIFY2(widget->palette().color(QPalette::Window) == app.color(QPalette::Window),
                         qPrintable(widget->objectName() + QLatin1Char(' ') +
                                    widget->metaObject()->className()));
        }
    }

    // --- docks ------------------------------------------------------------------------------

    // A dock's shortcut shows it and brings it in front of its tabs; it hides the dock only when
    // it is already in front.
    void dockShortcutBringsATabbedDockToTheFront() {
        MainWindow w;
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        auto* inspector = w.findChild<QDockWidget*>(QStringLiteral("inspectorDock"));
        auto* summary = w.findChild<QDockWidget*>(QStringLiteral("summaryDock"));
        QVERIFY(inspector && summary);
        QVERIFY(w.tabifiedDockWidgets(inspector).contains(summary));
        QAction* showInspector = actionWithShortcut(w, QKeySequence(QStringLiteral("Ctrl+1")));
        QAction* showSummary = actionWithShortcut(w, QKeySequence(QStringLiteral("Ctrl+5")));
        QVERIFY(showInspector && showSummary);
        QTRY_VERIFY(inFront(inspector));

        showSummary->trigger(); // the summary comes in front, the inspector goes behind
        QTRY_VERIFY(inFront(summary));
        QVERIFY(!inFront(inspector));
        QVERIFY(!inspector->isHidden());
        showInspector->trigger(); // behind: brought to the front, not hidden
        QTRY_VERIFY(inFront(inspector));
        QVERIFY(showInspector->isChecked());
        showInspector->trigger(); // in front: hidden
        QTRY_VERIFY(inspector->isHidden());
        QVERIFY(!showInspector->isChecked());
        showInspector->trigger(); // hidden: shown in front
        QTRY_VERIFY(inFront(inspector));
        QVERIFY(showInspector->isChecked());
        // The View menu shows the same entries with their shortcuts.
        QMenu* view = menuTitled(w, QStringLiteral("&View"));
        QVERIFY(view && view->actions().contains(showInspector));
    }

    // --- file commands ----------------------------------------------------------------------

    void fileCloseSaveAsAndRecent() {
        const QString first = write("close1.txt", "one");
        const QString second = write("close2.txt", "two");
        MainWindow w;
        QVERIFY(w.openFile(first));
        QVERIFY(w.openFile(second));
        QAction* close = actionWithShortcut(w, QKeySequence(QStringLiteral("Ctrl+W")));
        QVERIFY(close);
        QVERIFY(close->isEnabled());
        close->trigger();
        QVERIFY(!u8test::document(w)->source());
        QVERIFY(u8test::session(w)->path().isEmpty());
        QCOMPARE(w.windowTitle(), QStringLiteral("u8scope"));
        QVERIFY(!close->isEnabled());
        QVERIFY(u8test::statusField(w, "offset").isEmpty());

        QAction* saveAs = actionWithShortcut(w, QKeySequence(QStringLiteral("Ctrl+Shift+S")));
        QVERIFY(saveAs);
        QCOMPARE(saveAs->text(), QStringLiteral("Save &As…"));

        // Open Recent lists both, most recent first, and Clear empties it.
        QMenu* recent = menuTitled(w, QStringLiteral("Open &Recent"));
        QVERIFY(recent && recent->isEnabled());
        QVERIFY(recent->actions().value(0)->text().endsWith(QStringLiteral("close2.txt")));
        QVERIFY(recent->actions().value(1)->text().endsWith(QStringLiteral("close1.txt")));
        QAction* clear = recent->actions().last();
        QCOMPARE(clear->text(), QStringLiteral("&Clear List"));
        clear->trigger();
        QVERIFY(u8app::RecentFiles().paths().isEmpty());
        QVERIFY(!recent->isEnabled());
        // The recent entry reopens a file.
        QVERIFY(w.openFile(first));
        QVERIFY(recent->isEnabled());
        recent->actions().value(0)->trigger();
        QCOMPARE(u8test::session(w)->path(), QFileInfo(first).absoluteFilePath());
    }

private:
    static void search(MainWindow& w, FindBar::Mode mode, const QString& text) {
        u8test::findBar(w)->setMode(mode);
        u8test::findBar(w)->setText(text);
        u8test::findBar(w)->activate();
    }
    // F3: the offset found (fails the test when nothing is).
    static quint64 next(MainWindow& w) {
        QSignalSpy done(&w, &MainWindow::searchFinished);
        w.findNext();
        if (!done.wait(5000) || !done.first().at(0).toBool())
            return UINT64_MAX;
        return done.first().at(1).toULongLong();
    }

    QString write(const char* name, const QByteArray& bytes) {
        return u8test::writeFile(dir_, name, bytes);
    }

    QTemporaryDir dir_;
};

QTEST_MAIN(TestWindowCommands)
#include "tst_window_commands.moc"
