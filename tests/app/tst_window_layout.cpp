// The window's layout under the offscreen platform: with every dock shown it fits a 1024 x 640
// screen; the hex pane shows whole rows after the window is resized, as a fresh window of that
// size does; the dock column gives way and grows back; the code-page table fits its dock.
#include "code_page_table.h"
#include "hex_view.h"
#include "main_window.h"
#include "window_test_support.h"

#include <QAbstractScrollArea>
#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QScrollArea>
#include <QScrollBar>
#include <QStatusBar>
#include <QTabBar>
#include <QtTest>

using u8app::MainWindow;

namespace {

// The columns of the hex pane's top row whose cells are wholly on screen.
int visibleColumns(const u8ui::HexView* hex) {
    int shown = 0;
    for (int c = 0; c < hex->bytesPerRow(); ++c) {
        const QRect cell = hex->cellRect(hex->topOffset() + quint64(c));
        if (!cell.isNull() && hex->viewport()->rect().contains(cell))
            ++shown;
    }
    return shown;
}

QDockWidget* dock(const MainWindow& w, const char* name) {
    return w.findChild<QDockWidget*>(QString::fromLatin1(name));
}

void settle(MainWindow& w, int width, int height) {
    w.resize(width, height);
    QTest::qWait(50); // the queued dock sizing and the splitter's pass
    QCoreApplication::processEvents();
}

} // namespace

class TestWindowLayout : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        u8test::useTestSettings(QStringLiteral("tst_window_layout"));
        QSettings().clear();
    }

    // Every dock shown (tabbed as they come): the window still fits 1024 x 640.
    void smallScreenFitsEveryDock() {
        MainWindow w;
        for (QDockWidget* d : w.findChildren<QDockWidget*>())
            d->show();
        QVERIFY(w.openFile(QStringLiteral(U8SCOPE_TOUR_PATH)));
        QVERIFY2(w.minimumSizeHint().height() <= 640,
                 qPrintable(QString::number(w.minimumSizeHint().height())));
        QVERIFY2(w.minimumSizeHint().width() <= 1024,
                 qPrintable(QString::number(w.minimumSizeHint().width())));
        w.resize(1024, 640);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QCOMPARE(w.size(), QSize(1024, 640));
    }

    // Issue 33, defect 10: at 1024 x 640 a status message longer than the room the fields leave
    // is cut with "…" and given whole in the tooltip; one that fits has none.
    void longStatusMessageKeepsItsWholeText() {
        MainWindow w;
        QVERIFY(w.openFile(QStringLiteral(U8SCOPE_TOUR_PATH)));
        w.resize(1024, 640);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        const QString message = QStringLiteral(
            "Fix Mojibake: 33 change(s) applied (Edit > Undo takes them back), "
            "and a long tail that no status bar of 1024 pixels can hold whole, not even "
            "with every field of the cursor out of its way for the moment");
        w.statusBar()->showMessage(message);
        QCOMPARE(w.statusBar()->toolTip(), message);
        // The cursor's fields make room for it meanwhile, and come back.
        auto* offset = w.statusBar()->findChild<QWidget*>(QStringLiteral("offset"));
        QVERIFY(offset && !offset->isVisible());
        w.statusBar()->showMessage(QStringLiteral("Saved"));
        QVERIFY(w.statusBar()->toolTip().isEmpty());
        w.statusBar()->clearMessage();
        QVERIFY(offset->isVisible());
    }

    // Issue 33, defect 6: Tab walks through the window's controls and every one it reaches is on
    // screen (a hidden one would take the keys and show no focus), and it comes back round. A dock
    // behind another of its tab group counts as visible to Qt but is covered: its region is
    // empty, and no control in it may take the focus.
    void tabReachesOnlyVisibleControls() {
        MainWindow w;
        QVERIFY(w.openFile(QStringLiteral(U8SCOPE_TOUR_PATH)));
        w.resize(1024, 640);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QApplication::setActiveWindow(&w);
        u8test::hexView(w)->setFocus();
        QTRY_VERIFY(u8test::hexView(w)->hasFocus());
        QStringList path;
        for (int i = 0; i < 40; ++i) {
            QWidget* focus = QApplication::focusWidget();
            QVERIFY(focus);
            path << (focus->objectName().isEmpty()
                         ? QString::fromLatin1(focus->metaObject()->className())
                         : focus->objectName());
            QWidget* dock = focus;
            while (dock && !qobject_cast<QDockWidget*>(dock))
                dock = dock->parentWidget();
            QVERIFY2(focus->isVisible() && focus->window() == &w &&
                         (!dock || !dock->visibleRegion().isEmpty()),
                     qPrintable(path.join(QStringLiteral(" > "))));
            QTest::keyClick(focus, Qt::Key_Tab);
        }
        QVERIFY2(path.count(QStringLiteral("hexView")) >= 2,
                 qPrintable(path.join(QStringLiteral(" > "))));
    }

    // Walk-through of issue 33 at 1024x640: the tabs of the docks in the right column keep their
    // whole names ("Inspector", not "In…"); a column too narrow for them all scrolls.
    void dockTabsKeepTheirNames() {
        MainWindow w;
        QVERIFY(w.openFile(QStringLiteral(U8SCOPE_TOUR_PATH)));
        w.resize(1024, 640);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        // The column as narrow as its docks allow, as on a small screen.
        auto* inspector = w.findChild<QDockWidget*>(QStringLiteral("inspectorDock"));
        QVERIFY(inspector);
        w.resizeDocks({inspector}, {1}, Qt::Horizontal);
        QTRY_VERIFY(inspector->width() < 360);
        int tabs = 0;
        for (QTabBar* bar : w.findChildren<QTabBar*>()) {
            if (bar->parentWidget() != &w || !bar->isVisible())
                continue;
            for (int i = 0; i < bar->count(); ++i, ++tabs)
                QVERIFY2(bar->tabRect(i).width() >
                             bar->fontMetrics().horizontalAdvance(bar->tabText(i)),
                         qPrintable(bar->tabText(i)));
        }
        QVERIFY(tabs >= 6);
    }

    // Issue 33, defect 15: 32 bytes a row fit at 1440 px without scrolling sideways (the dock
    // column gives way), and back at 16 the dock column takes its width again.
    void thirtyTwoBytesFitAt1440() {
        MainWindow w;
        w.resize(1440, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.openFile(QStringLiteral(U8SCOPE_TOUR_PATH)));
        settle(w, 1440, 900);
        const int dockWidth = dock(w, "inspectorDock")->width();
        QAction* thirtyTwo = nullptr;
        QAction* sixteen = nullptr;
        for (QAction* a : w.findChildren<QAction*>()) {
            if (a->data() == QVariant(32))
                thirtyTwo = a;
            if (a->data() == QVariant(16))
                sixteen = a;
        }
        QVERIFY(thirtyTwo && sixteen);
        thirtyTwo->trigger();
        settle(w, 1440, 900);
        QCOMPARE(u8test::hexView(w)->bytesPerRow(), 32);
        QCOMPARE(visibleColumns(u8test::hexView(w)), 32);
        QCOMPARE(u8test::hexView(w)->horizontalScrollBar()->maximum(), 0);
        sixteen->trigger();
        settle(w, 1440, 900);
        QCOMPARE(visibleColumns(u8test::hexView(w)), 16);
        QCOMPARE(dock(w, "inspectorDock")->width(), dockWidth);
    }

    // Large to small and back: the hex pane shows what a fresh window of each size shows, a whole
    // row, and the dock column comes back to its width.
    void resizeAndBack() {
        QList<int> freshColumns;
        QList<int> freshDock;
        for (const QSize size : {QSize(1024, 640), QSize(1600, 1000)}) {
            MainWindow fresh;
            fresh.resize(size);
            fresh.show();
            QVERIFY(QTest::qWaitForWindowExposed(&fresh));
            QVERIFY(fresh.openFile(QStringLiteral(U8SCOPE_TOUR_PATH)));
            settle(fresh, size.width(), size.height());
            freshColumns << visibleColumns(u8test::hexView(fresh));
            freshDock << dock(fresh, "inspectorDock")->width();
        }
        QCOMPARE(freshColumns, QList<int>({16, 16}));

        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.openFile(QStringLiteral(U8SCOPE_TOUR_PATH)));
        settle(w, 1600, 1000);
        settle(w, 1024, 640);
        QCOMPARE(visibleColumns(u8test::hexView(w)), freshColumns[0]);
        QCOMPARE(u8test::hexView(w)->horizontalScrollBar()->maximum(), 0);
        QCOMPARE(dock(w, "inspectorDock")->width(), freshDock[0]);
        settle(w, 1600, 1000);
        QCOMPARE(visibleColumns(u8test::hexView(w)), freshColumns[1]);
        QCOMPARE(dock(w, "inspectorDock")->width(), freshDock[1]);
        // No room wasted: the hex pane is as wide as its row, the text pane takes the rest.
        QCOMPARE(u8test::hexView(w)->width(), u8test::hexView(w)->fullRowWidth());
    }

    // Issue 33's walk-through at 1024 x 640: on a first start the text pane holds 24 characters
    // of a line beside the whole hex row (the Inspector and Bookmarks columns scroll rather than
    // keep it at 18), and the problems list leaves the panes most of the height.
    void textPaneReadableAt1024() {
        QSettings().clear();
        MainWindow w;
        w.resize(1024, 640);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.openFile(QStringLiteral(U8SCOPE_TOUR_PATH)));
        settle(w, 1024, 640);
        QCOMPARE(visibleColumns(u8test::hexView(w)), 16);
        const auto* text = w.findChild<QAbstractScrollArea*>(QStringLiteral("textView"));
        QVERIFY(text);
        const int digit = text->fontMetrics().horizontalAdvance(QLatin1Char('0'));
        const int room = text->viewport()->width();
        QVERIFY2(room >= 24 * digit,
                 qPrintable(QStringLiteral("%1 px, %2 a character").arg(room).arg(digit)));
        const QDockWidget* problems = dock(w, "problemsDock");
        QVERIFY(problems && problems->isVisible());
        QVERIFY2(problems->height() <= w.height() / 3,
                 qPrintable(QString::number(problems->height())));
    }

    // The code-page table's 16 columns fit its dock at 1024 x 640, and after the dock is widened
    // and narrowed again.
    void codePageFitsItsDock() {
        MainWindow w;
        w.resize(1024, 640);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QDockWidget* codePage = dock(w, "codePageDock");
        codePage->show();
        codePage->raise();
        QTest::qWait(50);
        for (int width : {0, 520, codePage->width()}) {
            if (width > 0)
                w.resizeDocks({codePage}, {width}, Qt::Horizontal);
            QTest::qWait(20);
            auto* scroll = qobject_cast<QScrollArea*>(codePage->widget());
            QVERIFY(scroll);
            const u8ui::CodePageTable* table = u8test::codePageTable(w);
            QCOMPARE(scroll->horizontalScrollBar()->maximum(), 0);
            QCOMPARE(table->width(), scroll->viewport()->width());
            QVERIFY(table->cellRect(0x0F).right() < table->width());
            QVERIFY(table->cellRect(0x00).left() >= 0);
        }
    }
};

QTEST_MAIN(TestWindowLayout)
#include "tst_window_layout.moc"
