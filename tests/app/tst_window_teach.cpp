// The window's teaching tools under the offscreen platform: the Walk-through dock and its entries
// (Tools > Encode Character… and Explain Selection, the panes' context menus, View's dock entry),
// a code-page cell walked through, the selection decoded step by step (a single byte standing for
// its character, long selections cut to 64 bytes); and View > Zoom for the panes and the docks,
// remembered, keeping the cursor in view.
#include "byte_selection.h"
#include "code_page_table.h"
#include "decode_walkthrough.h"
#include "document_session.h"
#include "encode_walkthrough.h"
#include "hex_view.h"
#include "inspector_panel.h"
#include "main_window.h"
#include "message_banner.h"
#include "settings.h"
#include "text_view.h"
#include "walkthrough_actions.h"
#include "walkthrough_panel.h"
#include "window_test_support.h"
#include "zoom_actions.h"

#include <QAction>
#include <QDockWidget>
#include <QFontDatabase>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QPointer>
#include <QSettings>
#include <QStatusBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

using u8app::MainWindow;

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

bool inFront(QDockWidget* dock) {
    return dock->isVisible() && !dock->visibleRegion().isEmpty();
}

// The point size of every label inside `root` (a label the panel rebuilds meanwhile is gone).
using LabelSizes = QList<QPair<QPointer<QLabel>, qreal>>;
LabelSizes labelSizes(QWidget* root) {
    LabelSizes sizes;
    for (QLabel* l : root->findChildren<QLabel*>())
        sizes.append({l, l->font().pointSizeF()});
    return sizes;
}

// Every label still there has its size times `factor`.
bool scaledBy(const LabelSizes& sizes, qreal factor, QString& wrong) {
    for (const auto& [label, size] : sizes)
        if (label && !qFuzzyCompare(label->font().pointSizeF(), size * factor)) {
            wrong = QStringLiteral("%1 '%2' (%3): %4, not %5")
                        .arg(QString::fromLatin1(label->parent()->metaObject()->className()),
                             label->text())
                        .arg(label->testAttribute(Qt::WA_SetFont))
                        .arg(label->font().pointSizeF())
                        .arg(size * factor);
            return false;
        }
    return true;
}

} // namespace

class TestWindowTeach : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        u8test::useTestSettings(QStringLiteral("tst_window_teach"));
        QVERIFY(dir_.isValid());
    }
    void init() { QSettings().clear(); }

    // --- the walk-throughs ----------------------------------------------------------------------

    void menusShortcutsAndContextMenus() {
        MainWindow w;
        u8app::WalkthroughActions* teach = u8test::walkthroughActions(w);
        QMenu* tools = menuTitled(w, QStringLiteral("&Tools"));
        QVERIFY(tools);
        QVERIFY(tools->actions().contains(teach->encodeAction()));
        QVERIFY(tools->actions().contains(teach->explainAction()));
        QCOMPARE(actionWithShortcut(w, QKeySequence(QStringLiteral("Ctrl+Alt+E"))),
                 teach->encodeAction());
        QCOMPARE(actionWithShortcut(w, QKeySequence(QStringLiteral("Ctrl+Shift+X"))),
                 teach->explainAction());
        QAction* dockEntry = actionWithShortcut(w, QKeySequence(QStringLiteral("Ctrl+6")));
        QVERIFY(dockEntry);
        QCOMPARE(dockEntry->text(), QStringLiteral("Walk-through"));
        QVERIFY(menuTitled(w, QStringLiteral("&View"))->actions().contains(dockEntry));
        // Explain Selection needs bytes.
        QVERIFY(!teach->explainAction()->isEnabled());
        QVERIFY(w.openFile(write("a.txt", "a\xE2\x82\xAC")));
        QVERIFY(teach->explainAction()->isEnabled());
        for (QWidget* pane : {static_cast<QWidget*>(u8test::hexView(w)),
                              static_cast<QWidget*>(u8test::textView(w))}) {
            QCOMPARE(pane->contextMenuPolicy(), Qt::ActionsContextMenu);
            QVERIFY(pane->actions().contains(teach->explainAction()));
        }
    }

    // Encode Character… brings the dock and the Encode tab to the front, its field ready.
    void encodeCharacterFromTheMenu() {
        MainWindow w;
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        auto* dock = w.findChild<QDockWidget*>(QStringLiteral("walkthroughDock"));
        QVERIFY(dock);
        QTRY_VERIFY(!inFront(dock)); // tabbed behind the inspector at first
        u8ui::WalkthroughPanel* panel = u8test::walkthroughActions(w)->panel();
        panel->showDecoder();
        u8test::walkthroughActions(w)->encodeAction()->trigger();
        QTRY_VERIFY(inFront(dock));
        QCOMPARE(panel->currentWidget(), panel->encoder());
        QLineEdit* field = panel->encoder()->inputField();
        QCOMPARE(field->selectedText(), field->text());
        field->clear();
        QTest::keyClicks(field, QStringLiteral("greek small letter alpha"));
        QTest::keyClick(field, Qt::Key_Return);
        QCOMPARE(panel->encoder()->walk().codePoint, char32_t(0x3B1));
        QCOMPARE(panel->encoder()->stepCount(), 8); // a 2-byte character
        QVERIFY(
            panel->encoder()->headingText().contains(QStringLiteral("GREEK SMALL LETTER ALPHA")));
    }

    // A cell of the code-page table: the character of an ASCII byte, the first character a lead
    // byte starts; a continuation byte decoded on its own. (The click still finds the byte too.)
    void codePageCellIsWalkedThrough() {
        MainWindow w;
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.openFile(write("cells.txt", "A\xE2\x82\xAC")));
        auto* codePageDock = w.findChild<QDockWidget*>(QStringLiteral("codePageDock"));
        codePageDock->raise();
        u8ui::CodePageTable* table = u8test::codePageTable(w);
        QTRY_VERIFY(table->isVisible() && table->width() > 100);
        u8ui::WalkthroughPanel* panel = u8test::walkthroughActions(w)->panel();

        QTest::mouseClick(table, Qt::LeftButton, {}, table->cellRect(0xE2).center());
        QCOMPARE(panel->currentWidget(), panel->encoder());
        QCOMPARE(panel->encoder()->walk().codePoint, char32_t(0x2000)); // E2 80 80
        QCOMPARE(panel->encoder()->inputField()->text(), QStringLiteral("U+2000"));
        QCOMPARE(panel->encoder()->currentStep(), 0);
        QTRY_COMPARE(u8test::selection(w)->cursor(), quint64(1)); // found, as before

        QTest::mouseClick(table, Qt::LeftButton, {}, table->cellRect(0x41).center());
        QCOMPARE(panel->encoder()->walk().codePoint, char32_t(0x41));

        QTest::mouseClick(table, Qt::LeftButton, {}, table->cellRect(0x82).center());
        QCOMPARE(panel->currentWidget(), panel->decoder());
        QCOMPARE(panel->decoder()->bytes(), std::vector<std::uint8_t>{0x82});
        QCOMPARE(panel->decoder()->walk().steps.front().action, u8codec::DecodeAction::Stray);
        QCOMPARE(panel->decoder()->headingText(), QStringLiteral("1 byte: 82"));
    }

    // Explain Selection: the selected bytes, decoded step by step in the Decode tab.
    void explainSelection() {
        MainWindow w;
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.openFile(write("explain.txt", "A\xE0\x80\xAF"
                                                "B\xE2\x82\xAC")));
        auto* dock = w.findChild<QDockWidget*>(QStringLiteral("walkthroughDock"));
        u8ui::WalkthroughPanel* panel = u8test::walkthroughActions(w)->panel();
        u8ui::DecodeWalkthrough* decoder = panel->decoder();
        w.goTo(1, 3);
        actionWithShortcut(w, QKeySequence(QStringLiteral("Ctrl+Shift+X")))->trigger();
        QTRY_VERIFY(inFront(dock));
        QCOMPARE(panel->currentWidget(), decoder);
        QCOMPARE(decoder->bytes(), (std::vector<std::uint8_t>{0xE0, 0x80, 0xAF}));
        QVERIFY2(decoder->headingText().startsWith(QStringLiteral("3 bytes at 0x1")),
                 qPrintable(decoder->headingText()));
        QCOMPARE(decoder->currentStep(), 0);
        QVERIFY(decoder->stepText().contains(QStringLiteral("A0..BF")));
        // One byte selected (the cursor) stands for its character: the middle byte of the euro.
        w.goTo(6, 1);
        QVERIFY(u8test::walkthroughActions(w)->explainSelection());
        QCOMPARE(decoder->bytes(), (std::vector<std::uint8_t>{0xE2, 0x82, 0xAC}));
        QVERIFY(decoder->headingText().startsWith(QStringLiteral("3 bytes at 0x5")));
    }

    // A long selection is cut to its first 64 bytes, and the panel says so.
    void longSelectionIsCut() {
        MainWindow w;
        QVERIFY(w.openFile(write("long.txt", QByteArray(200, 'x'))));
        w.goTo(0, 200);
        QVERIFY(u8test::walkthroughActions(w)->explainSelection());
        u8ui::DecodeWalkthrough* decoder = u8test::walkthroughActions(w)->panel()->decoder();
        QCOMPARE(decoder->bytes().size(), u8ui::DecodeWalkthrough::kMaxBytes);
        QVERIFY(decoder->noticeText().contains(QStringLiteral("200 bytes")));
        QVERIFY(decoder->noticeText().contains(QStringLiteral("first 64")));
    }

    // --- zoom -----------------------------------------------------------------------------------

    void zoomShortcuts() {
        MainWindow w;
        u8app::ZoomActions* zoom = u8test::zoomActions(w);
        QCOMPARE(actionWithShortcut(w, QKeySequence(QStringLiteral("Ctrl+="))),
                 zoom->zoomInAction());
        QCOMPARE(actionWithShortcut(w, QKeySequence(QStringLiteral("Ctrl++"))),
                 zoom->zoomInAction());
        QCOMPARE(actionWithShortcut(w, QKeySequence(QStringLiteral("Ctrl+-"))),
                 zoom->zoomOutAction());
        QCOMPARE(actionWithShortcut(w, QKeySequence(QStringLiteral("Ctrl+0"))),
                 zoom->actualSizeAction());
        QMenu* view = menuTitled(w, QStringLiteral("&View"));
        for (QAction* a : zoom->actions())
            QVERIFY(view->actions().contains(a));
    }

    // Issue 33, defect 7: the zoom scales the whole window, as the README says: the menu bar and
    // its menus, the banner, the status bar, the docks' titles and the Problems list's
    // fixed-pitch offset column too.
    void zoomScalesTheWholeWindow() {
        MainWindow w;
        QVERIFY(w.openFile(write("zoom-all.txt", "a\xC0\xAF b\n")));
        QTRY_VERIFY(u8test::session(w)->checkReport());
        u8app::ZoomActions* zoom = u8test::zoomActions(w);
        zoom->setPercent(100);
        auto* dock = w.findChild<QDockWidget*>(QStringLiteral("problemsDock"));
        auto* problems = w.findChild<QTableView*>(QStringLiteral("problemsView"));
        QVERIFY(dock && problems && problems->model()->rowCount() > 0);
        auto* fileMenu = w.menuBar()->findChildren<QMenu*>().value(0);
        QVERIFY(fileMenu);
        const auto offsetFont = [problems] {
            return problems->model()->index(0, 0).data(Qt::FontRole).value<QFont>().pointSizeF();
        };
        const QList<QPair<QString, QWidget*>> parts{{"menu bar", w.menuBar()},
                                                    {"menu", fileMenu},
                                                    {"banner", u8test::banner(w)},
                                                    {"status bar", w.statusBar()},
                                                    {"dock title", dock}};
        QList<qreal> before;
        for (const auto& part : parts)
            before << part.second->font().pointSizeF();
        const qreal offsetBefore = offsetFont();
        zoom->setPercent(150);
        for (int i = 0; i < parts.size(); ++i)
            QVERIFY2(qFuzzyCompare(parts[i].second->font().pointSizeF(), before[i] * 1.5),
                     qPrintable(parts[i].first));
        QVERIFY(qFuzzyCompare(offsetFont(), offsetBefore * 1.5));
        zoom->setPercent(100);
        QVERIFY(qFuzzyCompare(w.menuBar()->font().pointSizeF(), before[0]));
        QVERIFY(qFuzzyCompare(offsetFont(), offsetBefore));
    }

    // Zoom In and Out scale the panes and every label of the docks (the inspector's big glyph
    // and bold title too); Actual Size puts them back; the zoom is remembered.
    void zoomScalesPanesAndDocks() {
        MainWindow w;
        // The cursor on an invalid byte: the inspector's title takes the error's colour.
        QVERIFY(w.openFile(write("zoom.txt", "\xC0"
                                             "a\xE2\x82\xAC")));
        QVERIFY(!u8test::inspector(w)->titleText().isEmpty());
        u8app::ZoomActions* zoom = u8test::zoomActions(w);
        QCOMPARE(zoom->percent(), 100);
        QVERIFY(!zoom->actualSizeAction()->isEnabled());
        const qreal hex = u8test::hexView(w)->font().pointSizeF();
        const qreal text = u8test::textView(w)->font().pointSizeF();
        const LabelSizes inspector = labelSizes(u8test::inspector(w));
        const LabelSizes walkthrough = labelSizes(u8test::walkthroughActions(w)->panel());
        QVERIFY(inspector.size() > 3 && walkthrough.size() > 3);

        zoom->zoomInAction()->trigger();
        zoom->zoomInAction()->trigger();
        QCOMPARE(zoom->percent(), 125);
        QCOMPARE(u8app::settings::zoomPercent(), 125);
        QCOMPARE(u8test::hexView(w)->font().pointSizeF(), hex * 1.25);
        QCOMPARE(u8test::textView(w)->font().pointSizeF(), text * 1.25);
        QString wrong;
        QVERIFY2(scaledBy(inspector, 1.25, wrong), qPrintable(wrong));
        QVERIFY2(scaledBy(walkthrough, 1.25, wrong), qPrintable(wrong));

        zoom->zoomOutAction()->trigger();
        QCOMPARE(zoom->percent(), 110);
        QCOMPARE(u8test::hexView(w)->font().pointSizeF(), hex * 1.1);
        zoom->actualSizeAction()->trigger();
        QCOMPARE(zoom->percent(), 100);
        QCOMPARE(u8test::hexView(w)->font().pointSizeF(), hex);
        QVERIFY2(scaledBy(inspector, 1.0, wrong), qPrintable(wrong));

        // The levels end at 50% and 300%.
        for (int i = 0; i < 20; ++i)
            zoom->zoomIn();
        QCOMPARE(zoom->percent(), 300);
        QVERIFY(!zoom->zoomInAction()->isEnabled());
        for (int i = 0; i < 20; ++i)
            zoom->zoomOut();
        QCOMPARE(zoom->percent(), 50);
        QVERIFY(!zoom->zoomOutAction()->isEnabled());
    }

    void zoomIsRemembered() {
        const qreal fixed = QFontDatabase::systemFont(QFontDatabase::FixedFont).pointSizeF();
        {
            MainWindow w;
            u8test::zoomActions(w)->setPercent(150);
        }
        MainWindow again;
        QCOMPARE(u8test::zoomActions(again)->percent(), 150);
        QCOMPARE(u8test::hexView(again)->font().pointSizeF(), fixed * 1.5);
        QCOMPARE(u8test::textView(again)->font().pointSizeF(), fixed * 1.5);
    }

    // The panes follow the font change (BytePane::onFontChanged): the cursor that was in view
    // stays in view, in both panes.
    void zoomKeepsTheCursorInView() {
        MainWindow w;
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QByteArray lines;
        for (int i = 0; i < 400; ++i)
            lines += "line " + QByteArray::number(i) + " \xE2\x82\xAC\n";
        QVERIFY(w.openFile(write("lines.txt", lines)));
        u8ui::HexView* hex = u8test::hexView(w);
        // The cursor on the last row the hex pane shows.
        const quint64 cursor = hex->topOffset() + quint64(hex->visibleRows() - 1) * 16 + 3;
        w.goTo(cursor);
        QVERIFY(hex->viewport()->rect().contains(hex->cellRect(cursor)));
        QTRY_VERIFY(!u8test::textView(w)->rectForOffset(cursor).isNull());
        for (int i = 0; i < 3; ++i) // 110, 125, 150
            u8test::zoomActions(w)->zoomIn();
        QCOMPARE(u8test::zoomActions(w)->percent(), 150);
        QTRY_VERIFY(hex->viewport()->rect().contains(hex->cellRect(cursor)));
        QVERIFY(!u8test::textView(w)->rectForOffset(cursor).isNull());
        QCOMPARE(u8test::selection(w)->cursor(), cursor);
    }

private:
    QString write(const char* name, const QByteArray& bytes) {
        return u8test::writeFile(dir_, name, bytes);
    }

    QTemporaryDir dir_;
};

QTEST_MAIN(TestWindowTeach)
#include "tst_window_teach.moc"
